import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from './dataset';
import { BASELINE, type EngineSpec } from './engines';
import { aggregate, pageShingleF1, percentile, scorePage, type Aggregate, type PageScore } from './metrics';
import type { PageResult, RunSummary } from './runner';

/** Scores and timings of one engine over a set of pages (a dataset, or one page type). */
export interface EngineStats {
  pages: number;
  shingle: Aggregate['shingle'];
  bow: Aggregate['bow'];
  snippets: Aggregate['snippets'];
  time: { timed: number; p50: number; p95: number; max: number; mean: number; total: number };
  errors: number;
}

/** Each number of EngineStats divided by the baseline's (null where either is missing or 0/0). */
export interface Ratios {
  shingleF1: number | null;
  shingleP: number | null;
  shingleR: number | null;
  bowF1: number | null;
  bowP: number | null;
  bowR: number | null;
  snippetF1: number | null;
  p50: number | null;
  p95: number | null;
  max: number | null;
  /** Total time over the pages both engines timed: the gate's speed measure. */
  total: number | null;
  errors: number | null;
}

export interface PageRow {
  id: string;
  type: string;
  url: string | null;
  engines: Record<string, {
    shingleF1: number | null;
    shingleP: number | null;
    shingleR: number | null;
    bowF1: number | null;
    snippets: { tp: number; fn: number; fp: number; tn: number };
    ms: number | null;
    chars: number;
    error: string | null;
  }>;
}

export interface DatasetReport {
  name: string;
  dir: string;
  pages: number;
  types: string[];
  /** Per engine: `overall` and one entry per page type. */
  engines: Record<string, { overall: EngineStats; byType: Record<string, EngineStats> }>;
  ratios: Record<string, { overall: Ratios; byType: Record<string, Ratios> }>;
  rows: PageRow[];
}

export interface BenchReport {
  tool: 'sift-bench';
  createdAt: string;
  wallMs: number;
  browser: string;
  concurrency: number;
  baseline: string;
  /** Which core was measured: a commit (--core-rev) or the working tree's build. */
  core?: string;
  engines: Record<string, EngineSpec>;
  blockedRequests: number;
  charsetMismatches: RunSummary['charsetMismatches'];
  datasets: DatasetReport[];
}

interface Scored {
  result: PageResult;
  scores: Map<string, PageScore>;
}

function stats(items: readonly Scored[], engine: string): EngineStats {
  const scores: PageScore[] = [];
  const times: number[] = [];
  let errors = 0;
  for (const it of items) {
    scores.push(it.scores.get(engine)!);
    const o = it.result.outcomes.get(engine);
    if (!o || o.error !== null) errors++;
    else if (o.ms !== null) times.push(o.ms);
  }
  times.sort((a, b) => a - b);
  const agg = aggregate(scores);
  const total = times.reduce((s, t) => s + t, 0);
  return {
    pages: items.length,
    shingle: agg.shingle,
    bow: agg.bow,
    snippets: agg.snippets,
    time: {
      timed: times.length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.length ? times[times.length - 1]! : Number.NaN,
      mean: times.length ? total / times.length : Number.NaN,
      total,
    },
    errors,
  };
}

function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  if (b === 0) return a === 0 ? 1 : null;
  return a / b;
}

/** Total-time ratio over pages where both engines have a time, so one failure cannot skew it. */
function totalTimeRatio(items: readonly Scored[], engine: string): number | null {
  let a = 0;
  let b = 0;
  for (const it of items) {
    const x = it.result.outcomes.get(engine);
    const y = it.result.outcomes.get(BASELINE);
    if (x?.ms != null && y?.ms != null && x.error === null && y.error === null) {
      a += x.ms;
      b += y.ms;
    }
  }
  return b > 0 ? a / b : null;
}

function ratios(items: readonly Scored[], s: EngineStats, base: EngineStats, engine: string): Ratios {
  return {
    shingleF1: ratio(s.shingle?.f1, base.shingle?.f1),
    shingleP: ratio(s.shingle?.precision, base.shingle?.precision),
    shingleR: ratio(s.shingle?.recall, base.shingle?.recall),
    bowF1: ratio(s.bow?.f1, base.bow?.f1),
    bowP: ratio(s.bow?.precision, base.bow?.precision),
    bowR: ratio(s.bow?.recall, base.bow?.recall),
    snippetF1: ratio(s.snippets?.f1, base.snippets?.f1),
    p50: ratio(s.time.p50, base.time.p50),
    p95: ratio(s.time.p95, base.time.p95),
    max: ratio(s.time.max, base.time.max),
    total: totalTimeRatio(items, engine),
    errors: ratio(s.errors, base.errors),
  };
}

/** Score every page for every engine and aggregate per dataset, overall and per type. */
export function buildReport(datasets: readonly Dataset[], summary: RunSummary, engines: ReadonlyMap<string, EngineSpec>): BenchReport {
  const names = [...engines.keys()];
  const reports: DatasetReport[] = datasets.map((dataset, di) => {
    const items: Scored[] = summary.results
      .filter((r) => r.datasetIndex === di)
      .map((result) => ({
        result,
        scores: new Map(names.map((n) => [n, scorePage(result.record, result.outcomes.get(n)?.text ?? '')])),
      }));
    const types = [...new Set(items.map((i) => i.result.record.type))].sort();
    const engineStats: DatasetReport['engines'] = {};
    for (const n of names) {
      const byType: Record<string, EngineStats> = {};
      for (const t of types) byType[t] = stats(items.filter((i) => i.result.record.type === t), n);
      engineStats[n] = { overall: stats(items, n), byType };
    }
    const ratioTable: DatasetReport['ratios'] = {};
    for (const n of names) {
      const base = engineStats[BASELINE]!;
      const byType: Record<string, Ratios> = {};
      for (const t of types) byType[t] = ratios(items.filter((i) => i.result.record.type === t), engineStats[n]!.byType[t]!, base.byType[t]!, n);
      ratioTable[n] = { overall: ratios(items, engineStats[n]!.overall, base.overall, n), byType };
    }
    const rows: PageRow[] = items.map(({ result, scores }) => ({
      id: result.record.id,
      type: result.record.type,
      url: result.record.url,
      engines: Object.fromEntries(
        names.map((n) => {
          const s = scores.get(n)!;
          const o = result.outcomes.get(n);
          return [n, {
            shingleF1: s.shingle ? pageShingleF1(s.shingle) : null,
            shingleP: s.shingle?.precision ?? null,
            shingleR: s.shingle?.recall ?? null,
            bowF1: s.bow?.f1 ?? null,
            snippets: s.snippets,
            ms: o?.ms ?? null,
            chars: o?.text.length ?? 0,
            error: o ? o.error : 'not run',
          }];
        }),
      ),
    }));
    return { name: dataset.name, dir: dataset.dir, pages: items.length, types, engines: engineStats, ratios: ratioTable, rows };
  });
  return {
    tool: 'sift-bench',
    createdAt: new Date().toISOString(),
    wallMs: summary.wallMs,
    browser: summary.browserVersion,
    concurrency: summary.concurrency,
    baseline: BASELINE,
    engines: Object.fromEntries(engines),
    blockedRequests: summary.blockedRequests,
    charsetMismatches: summary.charsetMismatches,
    datasets: reports,
  };
}

/** Output folder of one dataset: the run folder itself when the run has one dataset. */
export function datasetOutDir(out: string, report: BenchReport, dataset: DatasetReport): string {
  return report.datasets.length === 1 ? out : join(out, dataset.name);
}

/** predictions-<engine>.jsonl ({id, text, ms, error} per page, in truth.jsonl order) and report.json. */
export function writeOutputs(out: string, report: BenchReport, summary: RunSummary): void {
  mkdirSync(out, { recursive: true });
  report.datasets.forEach((d, di) => {
    const dir = datasetOutDir(out, report, d);
    mkdirSync(dir, { recursive: true });
    const results = summary.results.filter((r) => r.datasetIndex === di);
    for (const engine of Object.keys(report.engines)) {
      const lines = results.map((r) => {
        const o = r.outcomes.get(engine);
        return JSON.stringify({ id: r.record.id, text: o?.text ?? '', ms: o?.ms ?? null, error: o ? o.error : 'not run' });
      });
      writeFileSync(join(dir, `predictions-${engine}.jsonl`), lines.join('\n') + '\n');
    }
  });
  writeFileSync(join(out, 'report.json'), JSON.stringify(report, null, 1) + '\n');
}

// ---------- console tables ----------

const f3 = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(3));
const fms = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const fx = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : `${x.toFixed(2)}×`);

const HEAD = ['engine', 'pages', 'shF1', 'shP', 'shR', 'bowF1', 'bowP', 'bowR', 'snipF1', 'p50ms', 'p95ms', 'maxms', 'errors'];

function statCells(name: string, s: EngineStats): string[] {
  return [name, String(s.pages), f3(s.shingle?.f1), f3(s.shingle?.precision), f3(s.shingle?.recall), f3(s.bow?.f1), f3(s.bow?.precision), f3(s.bow?.recall), f3(s.snippets?.f1), fms(s.time.p50), fms(s.time.p95), fms(s.time.max), String(s.errors)];
}

function ratioCells(r: Ratios): string[] {
  return [`  ÷ ${BASELINE}`, '', fx(r.shingleF1), fx(r.shingleP), fx(r.shingleR), fx(r.bowF1), fx(r.bowP), fx(r.bowR), fx(r.snippetF1), fx(r.p50), fx(r.p95), fx(r.max), fx(r.errors)];
}

function renderTable(rows: string[][], markdown: boolean): string {
  const widths = HEAD.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  if (markdown) {
    const line = (r: string[]) => `| ${r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join(' | ')} |`;
    return [line(rows[0]!), `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
  }
  return rows.map((r) => r.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  ')).join('\n');
}

/** The tables people read: per dataset, overall then each type; each engine and its ratio to the baseline. */
export function formatTables(report: BenchReport, markdown = false): string {
  const out: string[] = [];
  for (const d of report.datasets) {
    for (const scope of ['overall', ...d.types]) {
      const rows: string[][] = [HEAD];
      for (const [name, e] of Object.entries(d.engines)) {
        const s = scope === 'overall' ? e.overall : e.byType[scope]!;
        rows.push(statCells(name, s));
        if (name !== BASELINE) {
          const r = d.ratios[name]!;
          rows.push(ratioCells(scope === 'overall' ? r.overall : r.byType[scope]!));
        }
      }
      const n = scope === 'overall' ? d.pages : d.engines[BASELINE]!.byType[scope]!.pages;
      out.push(`${markdown ? '#### ' : ''}${d.name} · ${scope} (${n} pages)`, renderTable(rows, markdown), '');
    }
  }
  return out.join('\n');
}
