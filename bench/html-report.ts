/**
 * report.html: the benchmark for people who would rather look than read. Self-contained
 * (inline CSS and SVG drawn here, no scripts, no network), plus one view page per listed
 * page (view/<dataset>/<id>.html) with the captured page, truth and each prediction.
 *
 * Every string that came from a page or a truth file is escaped; view pages show the
 * captured page only inside `<iframe sandbox>` (no scripts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decideCharset } from './charset';
import { pagePath, type Dataset } from './dataset';
import { BASELINE } from './engines';
import { SHINGLE_SIZE } from './metrics';
import { formatDuration } from './progress';
import { datasetOutDir, type BenchReport, type DatasetReport, type EngineStats, type PageRow } from './report';
import type { RunSummary } from './runner';

const PALETTE: Record<string, string> = {
  sift: '#5b5bd6',
  readability: '#e8913a',
  vsse: '#1f9d8b',
  classifier: '#d6457a',
  auto: '#2f8fd8',
};
const EXTRA_COLORS = ['#7c8a2e', '#8e5bd6', '#c0392b', '#16a085'];
const TYPE_COLORS = ['#5b5bd6', '#e8913a', '#1f9d8b', '#d6457a', '#2f8fd8', '#8e8e2e', '#8e5bd6', '#c0392b', '#607d8b', '#16a085'];

/** How many pages each "worst" list shows. */
const WORST_PAGES = 25;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function engineColor(names: readonly string[], name: string): string {
  return PALETTE[name] ?? EXTRA_COLORS[names.indexOf(name) % EXTRA_COLORS.length]!;
}

const f3 = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(3));
const fms = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x >= 100 ? `${x.toFixed(0)}` : x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** File name of a page's view: ids are file names already, but keep the URL safe. */
function viewName(id: string): string {
  return `${encodeURIComponent(id).replace(/%/g, '_')}.html`;
}

// ---------- charts ----------

/** Grouped horizontal bars: one group per scope (overall, then types), one bar per engine. */
function barChart(d: DatasetReport, engines: string[], pick: (s: EngineStats) => number | null | undefined, title: string): string {
  const scopes = ['overall', ...d.types];
  const barH = 12;
  const gap = 3;
  const groupH = engines.length * (barH + gap) + 14;
  const left = 120;
  const width = 460;
  const plotW = width - left - 50;
  const height = scopes.length * groupH + 34;
  const parts: string[] = [];
  parts.push(`<svg viewBox="0 0 ${width} ${height}" class="chart" role="img" aria-label="${escapeHtml(title)}">`);
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const x = left + t * plotW;
    parts.push(`<line x1="${x}" y1="18" x2="${x}" y2="${height - 14}" class="grid"/>`);
    parts.push(`<text x="${x}" y="${height - 2}" class="tick" text-anchor="middle">${t.toFixed(2)}</text>`);
  }
  scopes.forEach((scope, gi) => {
    const y0 = 22 + gi * groupH;
    const n = scope === 'overall' ? d.pages : d.engines[BASELINE]!.byType[scope]!.pages;
    parts.push(`<text x="${left - 8}" y="${y0 + (engines.length * (barH + gap)) / 2 + 2}" class="${scope === 'overall' ? 'label strong' : 'label'}" text-anchor="end">${escapeHtml(scope)}</text>`);
    parts.push(`<text x="${left - 8}" y="${y0 + (engines.length * (barH + gap)) / 2 + 13}" class="sub" text-anchor="end">${n} pages</text>`);
    engines.forEach((e, ei) => {
      const s = scope === 'overall' ? d.engines[e]!.overall : d.engines[e]!.byType[scope]!;
      const v = pick(s);
      const y = y0 + ei * (barH + gap);
      const w = v === null || v === undefined || !Number.isFinite(v) ? 0 : Math.max(0, Math.min(1, v)) * plotW;
      parts.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barH}" rx="3" fill="${engineColor(engines, e)}"><title>${escapeHtml(`${e} · ${scope}: ${f3(v)}`)}</title></rect>`);
      parts.push(`<text x="${left + w + 4}" y="${y + barH - 2}" class="val">${f3(v)}</text>`);
    });
  });
  parts.push(`<text x="${left}" y="11" class="title">${escapeHtml(title)}</text>`);
  parts.push('</svg>');
  return parts.join('');
}

/** Deterministic jitter (no Math.random: the same run draws the same picture). */
function jitter(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** Per engine: every page as a dot on a log time axis, with a p25–p75 box, p50 line and p5–p95 whiskers. */
function timeChart(d: DatasetReport, engines: string[]): string {
  const all = d.rows.flatMap((r) => engines.map((e) => r.engines[e]!.ms).filter((m): m is number => m !== null && m > 0));
  const lo = Math.pow(10, Math.floor(Math.log10(Math.max(0.01, Math.min(...all, 1)))));
  const hi = Math.pow(10, Math.ceil(Math.log10(Math.max(...all, 10))));
  const left = 110;
  const width = 940;
  const plotW = width - left - 20;
  const rowH = 70;
  const height = engines.length * rowH + 40;
  const x = (ms: number) => left + ((Math.log10(Math.max(ms, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * plotW;
  const q = (xs: number[], p: number) => {
    if (!xs.length) return Number.NaN;
    const r = (p / 100) * (xs.length - 1);
    return xs[Math.floor(r)]! + (xs[Math.ceil(r)]! - xs[Math.floor(r)]!) * (r - Math.floor(r));
  };
  const parts: string[] = [`<svg viewBox="0 0 ${width} ${height}" class="chart wide" role="img" aria-label="time per page">`];
  for (let t = lo; t <= hi * 1.001; t *= 10) {
    parts.push(`<line x1="${x(t)}" y1="10" x2="${x(t)}" y2="${height - 22}" class="grid"/>`);
    parts.push(`<text x="${x(t)}" y="${height - 8}" class="tick" text-anchor="middle">${t >= 1000 ? `${t / 1000} s` : `${t} ms`}</text>`);
    for (const m of [2, 5]) if (t * m < hi) parts.push(`<line x1="${x(t * m)}" y1="10" x2="${x(t * m)}" y2="${height - 22}" class="grid minor"/>`);
  }
  engines.forEach((e, ei) => {
    const color = engineColor(engines, e);
    const cy = 20 + ei * rowH + rowH / 2 - 10;
    const times = d.rows.map((r) => r.engines[e]!.ms).filter((m): m is number => m !== null);
    const sorted = [...times].sort((a, b) => a - b);
    parts.push(`<text x="${left - 10}" y="${cy + 4}" class="label strong" text-anchor="end">${escapeHtml(e)}</text>`);
    parts.push(`<text x="${left - 10}" y="${cy + 17}" class="sub" text-anchor="end">p50 ${fms(q(sorted, 50))} ms</text>`);
    d.rows.forEach((r, i) => {
      const ms = r.engines[e]!.ms;
      if (ms === null) return;
      const jy = cy - 22 + jitter(i + ei * 7919) * 44;
      parts.push(`<circle cx="${x(ms).toFixed(1)}" cy="${jy.toFixed(1)}" r="1.8" fill="${color}" fill-opacity="0.35"/>`);
    });
    if (sorted.length) {
      const [p5, p25, p50, p75, p95] = [5, 25, 50, 75, 95].map((p) => q(sorted, p)) as [number, number, number, number, number];
      parts.push(`<line x1="${x(p5)}" y1="${cy}" x2="${x(p25)}" y2="${cy}" stroke="#222" stroke-width="1.2"/>`);
      parts.push(`<line x1="${x(p75)}" y1="${cy}" x2="${x(p95)}" y2="${cy}" stroke="#222" stroke-width="1.2"/>`);
      parts.push(`<rect x="${x(p25)}" y="${cy - 9}" width="${Math.max(1, x(p75) - x(p25))}" height="18" rx="3" fill="${color}" fill-opacity="0.25" stroke="${color}" stroke-width="1.5"><title>${escapeHtml(`${e}: p25 ${fms(p25)} · p50 ${fms(p50)} · p75 ${fms(p75)} · p95 ${fms(p95)} · max ${fms(sorted[sorted.length - 1])} ms`)}</title></rect>`);
      parts.push(`<line x1="${x(p50)}" y1="${cy - 11}" x2="${x(p50)}" y2="${cy + 11}" stroke="#111" stroke-width="2.5"/>`);
      parts.push(`<text x="${x(p95) + 6}" y="${cy + 4}" class="val">p95 ${fms(p95)} ms</text>`);
    }
  });
  parts.push('</svg>');
  return parts.join('');
}

/** Each page as a dot: engine F1 (y) against the baseline's (x); above the diagonal the engine wins. */
function scatter(d: DatasetReport, engine: string, viewDir: string, listed: Set<string>): string {
  const size = 380;
  const pad = 40;
  const plot = size - pad - 14;
  const px = (v: number) => pad + v * plot;
  const py = (v: number) => 14 + (1 - v) * plot;
  const parts: string[] = [`<svg viewBox="0 0 ${size} ${size}" class="chart square" role="img" aria-label="${escapeHtml(engine)} vs ${BASELINE} per page">`];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${px(t)}" y1="${py(0)}" x2="${px(t)}" y2="${py(1)}" class="grid"/><line x1="${px(0)}" y1="${py(t)}" x2="${px(1)}" y2="${py(t)}" class="grid"/>`);
    parts.push(`<text x="${px(t)}" y="${size - 12}" class="tick" text-anchor="middle">${t}</text><text x="${pad - 5}" y="${py(t) + 3}" class="tick" text-anchor="end">${t}</text>`);
  }
  parts.push(`<polygon points="${px(0)},${py(0)} ${px(0)},${py(1)} ${px(1)},${py(1)}" fill="${engineColor([], engine)}" fill-opacity="0.05"/>`);
  parts.push(`<line x1="${px(0)}" y1="${py(0)}" x2="${px(1)}" y2="${py(1)}" stroke="#999" stroke-dasharray="4 3"/>`);
  parts.push(`<text x="${px(0.03)}" y="${py(0.95)}" class="sub">${escapeHtml(engine)} better</text><text x="${px(0.97)}" y="${py(0.04)}" class="sub" text-anchor="end">${BASELINE} better</text>`);
  parts.push(`<text x="${size / 2 + 10}" y="${size - 1}" class="sub" text-anchor="middle">${BASELINE} shingle F1</text>`);
  parts.push(`<text x="10" y="${size / 2}" class="sub" text-anchor="middle" transform="rotate(-90 10 ${size / 2})">${escapeHtml(engine)} shingle F1</text>`);
  d.rows.forEach((r, i) => {
    const a = r.engines[BASELINE]!.shingleF1;
    const b = r.engines[engine]!.shingleF1;
    if (a === null || b === null) return;
    const color = TYPE_COLORS[d.types.indexOf(r.type) % TYPE_COLORS.length]!;
    const cx = px(a) + (jitter(i) - 0.5) * 3;
    const cy = py(b) + (jitter(i + 101) - 0.5) * 3;
    const dot = `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="2.6" fill="${color}" fill-opacity="0.6"><title>${escapeHtml(`${r.id} (${r.type}): ${engine} ${f3(b)} · ${BASELINE} ${f3(a)}`)}</title></circle>`;
    parts.push(listed.has(r.id) ? `<a href="${escapeHtml(`${viewDir}/${viewName(r.id)}`)}">${dot}</a>` : dot);
  });
  parts.push('</svg>');
  const legend = d.types.map((t, i) => `<span class="chip"><i style="background:${TYPE_COLORS[i % TYPE_COLORS.length]}"></i>${escapeHtml(t)}</span>`).join('');
  return `${parts.join('')}<div class="legend">${legend}</div>`;
}

function miniBar(v: number | null, color: string): string {
  const w = v === null ? 0 : Math.max(0, Math.min(1, v)) * 80;
  return `<svg class="mini" viewBox="0 0 120 12" width="120" height="12"><rect x="0" y="2" width="80" height="8" rx="2" fill="#eceef3"/><rect x="0" y="2" width="${w.toFixed(1)}" height="8" rx="2" fill="${color}"/><text x="86" y="10" class="val">${f3(v)}</text></svg>`;
}

function pageTable(d: DatasetReport, rows: PageRow[], engines: string[], viewDir: string, compact = false): string {
  const head = `<tr><th>page</th><th>type</th>${engines.map((e) => `<th>${escapeHtml(e)} shingle F1</th>`).join('')}${compact ? '' : `<th>${escapeHtml(engines[0]!)} P / R</th><th>${escapeHtml(engines[0]!)} chars</th><th>error</th>`}</tr>`;
  const body = rows.map((r) => {
    const main = r.engines[engines[0]!]!;
    const errors = engines.filter((e) => r.engines[e]!.error).map((e) => `${e}: ${r.engines[e]!.error!.split('\n')[0]!.slice(0, 80)}`);
    const rest = compact ? '' : `<td class="num">${f3(main.shingleP)} / ${f3(main.shingleR)}</td><td class="num">${main.chars}</td><td class="err">${escapeHtml(errors.join(' · '))}</td>`;
    return `<tr><td><a href="${escapeHtml(`${viewDir}/${viewName(r.id)}`)}">${escapeHtml(r.id)}</a>${r.url && !compact ? `<div class="url">${escapeHtml(r.url.slice(0, 70))}</div>` : ''}</td><td>${escapeHtml(r.type)}</td>${engines.map((e) => `<td>${miniBar(r.engines[e]!.shingleF1, engineColor(engines, e))}</td>`).join('')}${rest}</tr>`;
  });
  return `<table class="pages">${head}${body.join('')}</table>`;
}

function kpiCards(d: DatasetReport, engines: string[]): string {
  return `<div class="cards">${engines
    .map((e) => {
      const s = d.engines[e]!.overall;
      const r = d.ratios[e]!.overall;
      const chip = (v: number | null, higherIsBetter: boolean) => {
        if (e === BASELINE || v === null) return '';
        const good = higherIsBetter ? v >= 1 : v <= 1;
        return `<span class="ratio ${good ? 'good' : 'bad'}">${v.toFixed(2)}×</span>`;
      };
      return `<div class="card" style="border-top-color:${engineColor(engines, e)}"><div class="engine">${escapeHtml(e)}</div>
        <div class="big">${f3(s.shingle?.f1)}</div><div class="sub">shingle F1 ${chip(r.shingleF1, true)}</div>
        <div class="row"><span class="k">bag-of-words F1</span><b>${f3(s.bow?.f1)}</b>${chip(r.bowF1, true)}</div>
        <div class="row"><span class="k">snippet F1</span><b>${f3(s.snippets?.f1)}</b>${chip(r.snippetF1, true)}</div>
        <div class="row"><span class="k">p50 / p95 ms</span><b>${fms(s.time.p50)} / ${fms(s.time.p95)}</b>${chip(r.p50, false)}</div>
        <div class="row"><span class="k">errors</span><b>${s.errors}</b></div></div>`;
    })
    .join('')}</div>`;
}

function statsTable(d: DatasetReport, engines: string[]): string {
  const head = '<tr><th>scope</th><th>engine</th><th>pages</th><th>shingle F1</th><th>P</th><th>R</th><th>BoW F1</th><th>P</th><th>R</th><th>snippet F1</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th><th>errors</th></tr>';
  const rows: string[] = [];
  for (const scope of ['overall', ...d.types]) {
    engines.forEach((e, i) => {
      const s = scope === 'overall' ? d.engines[e]!.overall : d.engines[e]!.byType[scope]!;
      const r = scope === 'overall' ? d.ratios[e]!.overall : d.ratios[e]!.byType[scope]!;
      const ratio = (v: number | null) => (e === BASELINE || v === null ? '' : `<small>${v.toFixed(2)}×</small>`);
      rows.push(`<tr class="${i === 0 ? 'first' : ''}"><td>${i === 0 ? `<b>${escapeHtml(scope)}</b>` : ''}</td><td><i class="dot" style="background:${engineColor(engines, e)}"></i>${escapeHtml(e)}</td><td class="num">${s.pages}</td>
        <td class="num">${f3(s.shingle?.f1)} ${ratio(r.shingleF1)}</td><td class="num">${f3(s.shingle?.precision)}</td><td class="num">${f3(s.shingle?.recall)}</td>
        <td class="num">${f3(s.bow?.f1)} ${ratio(r.bowF1)}</td><td class="num">${f3(s.bow?.precision)}</td><td class="num">${f3(s.bow?.recall)}</td>
        <td class="num">${f3(s.snippets?.f1)} ${ratio(r.snippetF1)}</td><td class="num">${fms(s.time.p50)} ${ratio(r.p50)}</td><td class="num">${fms(s.time.p95)} ${ratio(r.p95)}</td><td class="num">${fms(s.time.max)}</td><td class="num">${s.errors}</td></tr>`);
    });
  }
  return `<table class="stats">${head}${rows.join('')}</table>`;
}

// ---------- view pages ----------

const WORD = /[\p{L}\p{N}_]+/gu;

/** Text with every token not covered by a shingle of `other` wrapped in <mark>. */
function highlight(text: string, other: string): string {
  const tokens: { start: number; end: number; tok: string }[] = [];
  for (const m of text.matchAll(WORD)) tokens.push({ start: m.index, end: m.index + m[0].length, tok: m[0] });
  const otherTokens = other.match(WORD) ?? [];
  const keys = new Set<string>();
  const n = SHINGLE_SIZE;
  if (otherTokens.length < n) keys.add(otherTokens.join('\u0001'));
  else for (let i = 0; i + n <= otherTokens.length; i++) keys.add(otherTokens.slice(i, i + n).join('\u0001'));
  const covered = new Array<boolean>(tokens.length).fill(false);
  if (tokens.length < n) {
    if (keys.has(tokens.map((t) => t.tok).join('\u0001'))) covered.fill(true);
  } else {
    for (let i = 0; i + n <= tokens.length; i++) {
      if (keys.has(tokens.slice(i, i + n).map((t) => t.tok).join('\u0001'))) for (let k = i; k < i + n; k++) covered[k] = true;
    }
  }
  let out = '';
  let pos = 0;
  let open = false;
  tokens.forEach((t, i) => {
    const between = escapeHtml(text.slice(pos, t.start));
    if (covered[i] && open) {
      out += `</mark>${between}`;
      open = false;
    } else out += between;
    if (!covered[i] && !open) {
      out += '<mark>';
      open = true;
    }
    out += escapeHtml(t.tok);
    pos = t.end;
  });
  if (open) out += '</mark>';
  return out + escapeHtml(text.slice(pos));
}

function writeViewPage(dir: string, dataset: Dataset, d: DatasetReport, row: PageRow, predictions: Map<string, string>, engines: string[], backHref: string): void {
  const record = dataset.records.find((r) => r.id === row.id)!;
  const truth = record.text ?? '';
  const base = viewName(row.id).replace(/\.html$/, '');
  // The captured page, re-encoded as UTF-8 with a BOM so a file:// viewer decodes it as the bench did.
  try {
    const bytes = gunzipSync(readFileSync(pagePath(dataset, row.id)));
    const text = new TextDecoder(decideCharset(bytes).expected).decode(bytes);
    writeFileSync(join(dir, `${base}.page.html`), `\ufeff${text}`);
  } catch {
    /* the view still shows texts */
  }
  const metrics = engines
    .map((e) => {
      const s = row.engines[e]!;
      const sn = s.snippets;
      return `<tr><td><i class="dot" style="background:${engineColor(engines, e)}"></i>${escapeHtml(e)}</td><td class="num">${f3(s.shingleF1)}</td><td class="num">${f3(s.shingleP)}</td><td class="num">${f3(s.shingleR)}</td><td class="num">${f3(s.bowF1)}</td><td class="num">${sn.tp}/${sn.tp + sn.fn} with · ${sn.fp}/${sn.fp + sn.tn} without</td><td class="num">${fms(s.ms)}</td><td class="num">${s.chars}</td><td class="err">${s.error ? escapeHtml(s.error) : ''}</td></tr>`;
    })
    .join('');
  const cols = [
    `<div class="col"><h3>truth <small>${record.text === null ? '(none: snippets only)' : `${truth.length} chars · <mark>marked</mark> = missed by ${escapeHtml(engines[0]!)}`}</small></h3><div class="text">${highlight(truth, predictions.get(engines[0]!) ?? '')}</div></div>`,
    ...engines.map((e) => {
      const p = predictions.get(e) ?? '';
      return `<div class="col"><h3 style="color:${engineColor(engines, e)}">${escapeHtml(e)} <small>${p.length} chars · <mark>marked</mark> = not in truth</small></h3><div class="text">${highlight(p, truth)}</div></div>`;
    }),
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; frame-src file: http: https:; img-src data:">
<title>${escapeHtml(`${d.name} ${row.id}`)} · Sift bench</title><style>${CSS}</style></head><body>
<header><a class="back" href="${escapeHtml(backHref)}">← report</a><h1>${escapeHtml(d.name)} · ${escapeHtml(row.id)} <span class="pill">${escapeHtml(row.type)}</span></h1>
<div class="meta">${record.url ? escapeHtml(record.url) : ''}${record.title ? ` · “${escapeHtml(record.title)}”` : ''}</div></header>
<main><table class="stats"><tr><th>engine</th><th>shingle F1</th><th>P</th><th>R</th><th>BoW F1</th><th>snippets</th><th>ms</th><th>chars</th><th>error</th></tr>${metrics}</table>
<p class="note">Highlighting is shingle-based: a token is unmarked when one of the ${SHINGLE_SIZE}-token shingles containing it is in the other text. Snippets: <i>with</i> found / total · <i>without</i> found / total.</p>
<details><summary>captured page as the benchmark loaded it (scripts off)</summary><iframe sandbox="" src="${escapeHtml(`${base}.page.html`)}" title="captured page"></iframe><p class="note"><a href="${escapeHtml(`${base}.page.html`)}">open the captured page</a> (its remote images and styles load from the web when you open it; the benchmark blocked them)</p></details>
<div class="cols" style="grid-template-columns:repeat(${cols.length}, minmax(0, 1fr))">${cols.join('')}</div></main></body></html>`;
  writeFileSync(join(dir, viewName(row.id)), html);
}

// ---------- page ----------

const CSS = `
:root{--ink:#1d2130;--mute:#6b7185;--line:#e4e6ee;--bg:#f6f7fb}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{background:linear-gradient(120deg,#23264a,#3b3f8f);color:#fff;padding:22px 32px}
header h1{margin:0 0 4px;font-size:24px;font-weight:650}header .meta{color:#c9cbee;font-size:13px}
header a{color:#c9cbee}.back{font-size:13px;text-decoration:none}
main{max-width:1240px;margin:0 auto;padding:20px 32px 60px}
h2{font-size:20px;margin:34px 0 6px}h2 small{color:var(--mute);font-weight:400;font-size:13px}
h3{font-size:15px;margin:22px 0 8px}h3 small{color:var(--mute);font-weight:400}
.panel{background:#fff;border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin:12px 0;box-shadow:0 1px 2px rgba(20,20,60,.04)}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:14px;margin:12px 0}.grid2>.panel{margin:0;min-width:0}.scatterrow{grid-template-columns:430px 1fr}
.cards{display:flex;gap:14px;flex-wrap:wrap;margin:12px 0}
.card{background:#fff;border:1px solid var(--line);border-top:4px solid;border-radius:10px;padding:14px 16px;min-width:230px;flex:1}
.card .engine{font-weight:650;font-size:15px}.card .big{font-size:34px;font-weight:700;letter-spacing:-.5px;margin-top:4px}
.card .sub{color:var(--mute);font-size:12px;margin-bottom:8px}.card .row{display:flex;gap:8px;align-items:baseline;font-size:13px;padding:2px 0;border-top:1px dashed var(--line)}
.card .row span.k{color:var(--mute);flex:1}.ratio{font-size:11px;padding:1px 6px;border-radius:9px;font-weight:600}.ratio.good{background:#e3f6ec;color:#17794a}.ratio.bad{background:#fde8e8;color:#b42323}
svg.chart{width:100%;height:auto;font-family:inherit}svg.square{max-width:420px}
.grid{stroke:#e8e9f0}.grid.minor{stroke:#f3f3f7}.tick{font-size:10px;fill:#8a8fa3}.label{font-size:12px;fill:#333}.strong{font-weight:650}.sub{font-size:10px;fill:#8a8fa3}.val{font-size:10px;fill:#444}.title{font-size:12px;font-weight:650;fill:#333}
.legend{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}.chip{font-size:12px;color:var(--mute);display:inline-flex;align-items:center;gap:4px}.chip i,.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:5px;vertical-align:middle}
table{border-collapse:collapse;width:100%;background:#fff;font-size:13px}th{text-align:left;color:var(--mute);font-weight:600;font-size:12px;border-bottom:2px solid var(--line);padding:6px 8px}
td{padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:middle}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}td small{color:var(--mute)}
tr.first td{border-top:2px solid var(--line)}.url{color:var(--mute);font-size:11px;max-width:360px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.err{color:#b42323;font-size:12px}.pill{font-size:12px;background:rgba(255,255,255,.18);padding:2px 8px;border-radius:9px;vertical-align:middle}
.note{color:var(--mute);font-size:12px}a{color:#3b3f8f}
.cols{display:grid;gap:12px;margin-top:14px}.col{background:#fff;border:1px solid var(--line);border-radius:10px;padding:10px 14px;min-width:0}
.text{white-space:pre-wrap;font-size:13px;line-height:1.5;max-height:80vh;overflow:auto;overflow-wrap:anywhere}mark{background:#ffe1a8;border-radius:2px}
iframe{width:100%;height:70vh;border:1px solid var(--line);border-radius:8px;background:#fff}details{margin-top:14px}summary{cursor:pointer;color:#3b3f8f}
svg.mini{vertical-align:middle}
`;

export function writeHtmlReport(out: string, report: BenchReport, datasets: readonly Dataset[], summary: RunSummary): string {
  const engines = Object.keys(report.engines);
  const primary = engines.find((e) => e !== BASELINE) ?? BASELINE;
  const sections: string[] = [];
  report.datasets.forEach((d, di) => {
    const dataset = datasets[di]!;
    const dsDir = datasetOutDir(out, report, d);
    const viewDirAbs = join(dsDir, 'view');
    const viewDir = relative(out, viewDirAbs).split('\\').join('/');
    mkdirSync(viewDirAbs, { recursive: true });
    const scored = d.rows.filter((r) => r.engines[primary]!.shingleF1 !== null);
    const worst = [...scored].sort((a, b) => a.engines[primary]!.shingleF1! - b.engines[primary]!.shingleF1! || a.id.localeCompare(b.id)).slice(0, WORST_PAGES);
    const losses = primary === BASELINE ? [] : [...scored]
      .map((r) => ({ r, delta: (r.engines[primary]!.shingleF1 ?? 0) - (r.engines[BASELINE]!.shingleF1 ?? 0) }))
      .filter((x) => x.delta < 0)
      .sort((a, b) => a.delta - b.delta || a.r.id.localeCompare(b.r.id))
      .slice(0, WORST_PAGES)
      .map((x) => x.r);
    const errored = d.rows.filter((r) => engines.some((e) => r.engines[e]!.error)).slice(0, WORST_PAGES);
    const listed = new Set([...worst, ...losses, ...errored].map((r) => r.id));
    const predictions = new Map<string, Map<string, string>>();
    for (const res of summary.results) {
      if (res.datasetIndex !== di || !listed.has(res.record.id)) continue;
      predictions.set(res.record.id, new Map(engines.map((e) => [e, res.outcomes.get(e)?.text ?? ''])));
    }
    const back = `${relative(viewDirAbs, out).split('\\').join('/') || '.'}/report.html`;
    for (const row of d.rows) if (listed.has(row.id)) writeViewPage(viewDirAbs, dataset, d, row, predictions.get(row.id)!, [primary, ...engines.filter((e) => e !== primary)], back);
    const order = [primary, ...engines.filter((e) => e !== primary)];
    sections.push(`<h2>${escapeHtml(d.name)} <small>${d.pages} pages · ${d.types.length} page types · ${escapeHtml(d.dir)}</small></h2>
${kpiCards(d, order)}
<div class="grid2"><div class="panel">${barChart(d, order, (s) => s.shingle?.f1, 'shingle F1 per page type')}</div><div class="panel">${barChart(d, order, (s) => s.bow?.f1, 'bag-of-words F1 per page type')}</div></div>
<div class="panel"><h3>time per page <small>in-page performance.now() around each engine call · every dot a page · box p25–p75, bar p50, whiskers p5–p95 · log scale</small></h3>${timeChart(d, order)}</div>
${primary !== BASELINE ? `<div class="grid2 scatterrow"><div class="panel"><h3>per page: ${escapeHtml(primary)} vs ${BASELINE} <small>shingle F1 · dots of listed pages link to their view</small></h3>${scatter(d, primary, viewDir, listed)}</div>
<div class="panel"><h3>where ${escapeHtml(primary)} loses most to ${BASELINE}</h3>${losses.length ? pageTable(d, losses.slice(0, 14), order, viewDir, true) : '<p class="note">nowhere</p>'}</div></div>` : ''}
<div class="panel"><h3>worst ${worst.length} pages for ${escapeHtml(primary)} <small>by per-page shingle F1 · click a page for its text beside the truth</small></h3>${pageTable(d, worst, order, viewDir)}</div>
${losses.length > 14 ? `<div class="panel"><h3>all ${losses.length} biggest losses to ${BASELINE}</h3>${pageTable(d, losses, order, viewDir)}</div>` : ''}
${errored.length ? `<div class="panel"><h3>pages with errors</h3>${pageTable(d, errored, order, viewDir)}</div>` : ''}
<div class="panel"><h3>all numbers <small>ratios are to ${BASELINE}</small></h3>${statsTable(d, order)}</div>`);
  });
  const totalPages = report.datasets.reduce((s, d) => s + d.pages, 0);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Sift benchmark · ${escapeHtml(report.createdAt.slice(0, 16))}</title><style>${CSS}</style></head><body>
<header><h1>Sift benchmark</h1><div class="meta">${escapeHtml(report.createdAt.replace('T', ' ').slice(0, 19))} UTC · ${totalPages} pages · ${escapeHtml(engines.join(', '))} ${report.core ? ` · core: ${escapeHtml(report.core.replace(/^commit (\w{12})\w+/, 'commit $1'))}` : ''} · wall time ${formatDuration(report.wallMs / 1000)} · Chromium ${escapeHtml(report.browser)}, ${report.concurrency} pages at a time · page scripts blocked, ${report.blockedRequests} off-machine requests refused</div></header>
<main>${sections.join('\n')}
<p class="note">Metrics as defined in bench-data/README.md: shingle F1 = 2PR/(P+R) of mean per-page shingle precision and recall; bag-of-words F1 = mean of per-page F1; snippet F1 from counts summed over pages. Engine errors score as empty text.</p></main></body></html>`;
  const file = join(out, 'report.html');
  writeFileSync(file, html);
  return file;
}
