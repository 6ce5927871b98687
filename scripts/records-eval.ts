/**
 * Measures the structured-pages stage (issue 7) on real pages in headless Chromium.
 *
 *   tsx scripts/records-eval.ts --kinds [--limit N]   page-kind confusion matrix over wcxb-dev
 *   tsx scripts/records-eval.ts --labels              row recall/precision, cell accuracy on fixtures/records/*
 *   tsx scripts/records-eval.ts --dump ID [--kind K]  print what the stage finds on one page (for labelling)
 *   tsx scripts/records-eval.ts --bow DIR [--limit N]  bag-of-words F1 (bench/metrics.ts) per type: Sift's clip,
 *                                                      the records alone, and clip + records, on a dataset folder
 *   tsx scripts/records-eval.ts --speed [--every-article N] [--limit N]
 *        time in the page, same pages, same run, after a forced gc each (as bench/page/harness.js):
 *        Sift.extract, Sift.extract with records (the popup's call), extractRecords alone, Readability;
 *        on wcxb-dev's product/listing/collection/forum pages and every N-th article (default 8);
 *        --rounds R (default 3) calls each R times per page, order rotated, and keeps the per-page median
 *   tsx scripts/records-eval.ts --profile ID[,ID…] [--repeat N]   CPU profile of extractRecords (CDP Profiler):
 *        self time per function, top 25
 *
 * RECORDS_EVAL_CORE=<dir> bundles the core from another checkout (e.g. a worktree of an older
 * commit) so BEFORE and AFTER are measured by the same script.
 *
 * Pages are served from the dataset's bytes under their original URL; page scripts are
 * disabled and every other request is aborted (nothing leaves the machine). The core's
 * records module is bundled with esbuild and evaluated in the page, as the IIFE would be.
 *
 * Label scoring (fixtures/records/<kind>--<site>/expected.json):
 *   list:    { rowCount, rows: [{ key, cells: [...] }] } — `key` is text unique to one record.
 *   product: { rowCount, rows: [{ key: attribute, cells: [value] }] }.
 * A predicted row "hits" a label when its joined text contains the key (case/whitespace
 * folded). With k of K sampled keys hit, the estimated true rows are min(P, E)·k/K
 * (P predicted rows, E labelled row count): row recall = that / E, precision = that / P.
 * Cell accuracy: share of labelled cells that equal (folded) one cell of the hit row.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { bowScore } from '../bench/metrics';
import { addSelfTimes, readabilityScript } from '../bench/pageTiming';

const ROOT = resolve(import.meta.dirname, '..');
const DATA = process.env.SIFT_BENCH_DATA ?? resolve(ROOT, '../shared/bench-data');
const args = process.argv.slice(2);
const WCXB = args.includes('--bow') ? resolve(args[args.indexOf('--bow') + 1]!) : join(DATA, 'wcxb-dev');
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

interface Truth { id: string; url: string; type: string; text: string | null }
const truths = new Map<string, Truth>();
for (const line of readFileSync(join(WCXB, 'truth.jsonl'), 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const t = JSON.parse(line) as Truth;
  truths.set(t.id, t);
}

const CORE_ROOT = process.env.RECORDS_EVAL_CORE ? resolve(process.env.RECORDS_EVAL_CORE) : ROOT;

function bundle(): string {
  // --bow and --speed need the whole core (Sift.extract); the other modes bundle only the
  // records stage, so an engine being edited elsewhere in the tree cannot break them.
  const whole = args.includes('--bow') || args.includes('--speed');
  const out = buildSync({
    stdin: {
      contents: whole
        ? "import './src/core/iife';"
        : "import { extractRecords } from './src/core/records/index'; (globalThis as any).Sift = { extractRecords };",
      resolveDir: CORE_ROOT, loader: 'ts', sourcefile: 'records-eval-entry.ts',
    },
    bundle: true, format: 'iife', write: false, target: 'es2022', platform: 'browser',
  });
  return out.outputFiles[0]!.text;
}

function pageBytes(id: string): Buffer {
  return gunzipSync(readFileSync(join(WCXB, 'pages', `${id}.html.gz`)));
}

/** Charset as a browser would pick it: BOM, then <meta charset>, else UTF-8. */
function charsetOf(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const head = bytes.subarray(0, 4096).toString('latin1');
  const m = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/iu.exec(head);
  return m ? m[1]!.toLowerCase() : 'utf-8';
}

async function openPage(page: Page, id: string, waitUntil: 'load' | 'domcontentloaded' = 'domcontentloaded'): Promise<void> {
  const truth = truths.get(id)!;
  const bytes = pageBytes(id);
  await page.unroute('**/*').catch(() => undefined);
  await page.route('**/*', async (route) => {
    const req = route.request();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      await route.fulfill({ status: 200, body: bytes, headers: { 'content-type': `text/html; charset=${charsetOf(bytes)}` } });
    } else {
      await route.abort();
    }
  });
  await page.goto(truth.url, { waitUntil, timeout: 20000 });
}

interface Extracted {
  pageKind: string;
  attributes: { attribute: string; value: string }[];
  table: { columns: string[]; rows: string[][] } | null;
  trace: { ms: number; stageMs: Record<string, number>; elements: number; kindRules: string[]; recordMethod: string | null; attributeDrops?: Record<string, number> };
}

async function extract(page: Page, src: string, kind?: string): Promise<Extracted> {
  await page.evaluate(src);
  // In a live page layout is already clean when the user clicks; here the first layout is forced outside the timing.
  await page.evaluate(() => document.body?.getBoundingClientRect());
  return page.evaluate((k) => {
    const g = globalThis as unknown as { Sift: { extractRecords: (d: Document, o: object) => Extracted } };
    return g.Sift.extractRecords(document, k ? { kind: k } : {});
  }, kind ?? null);
}

const fold = (s: string): string => s.toLowerCase().replace(/\s+/gu, ' ').trim();

async function main(): Promise<void> {
  const src = bundle();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'] });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    if (args.includes('--dump')) await dump(page, src);
    else if (args.includes('--kinds')) await kinds(page, src);
    else if (args.includes('--labels')) await labels(page, src);
    else if (args.includes('--bow')) await bow(page, src);
    else if (args.includes('--speed')) await speed(page, src);
    else if (args.includes('--profile')) await profile(page, src);
    else if (args.includes('--signals')) await signals(page, src);
    else console.log('usage: --kinds [--limit N] | --labels | --dump ID [--kind K]');
  } finally {
    await browser.close();
  }
}

async function dump(page: Page, src: string): Promise<void> {
  for (const id of flag('--dump')!.split(',')) await dumpOne(page, src, id);
}

async function dumpOne(page: Page, src: string, id: string): Promise<void> {
  await openPage(page, id);
  const r = await extract(page, src, flag('--kind'));
  console.log(`${id} kind=${r.pageKind} ms=${r.trace.ms.toFixed(1)} elements=${r.trace.elements} method=${r.trace.recordMethod}`);
  console.log('rules:', r.trace.kindRules.join('; '));
  console.log('stages:', Object.entries(r.trace.stageMs).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '));
  if (r.trace.attributeDrops) console.log('attribute rows dropped:', JSON.stringify(r.trace.attributeDrops));
  for (const a of r.attributes) console.log(`  ${a.attribute} = ${a.value}`);
  if (r.table) {
    console.log(`table ${r.table.rows.length} rows × ${r.table.columns.length}: ${r.table.columns.join(' | ')}`);
    for (const row of r.table.rows.slice(0, Number(flag('--rows') ?? 8))) console.log('  ', row.map((c) => c.slice(0, 50)).join(' | '));
  }
}

/** wcxb type → our kind (service pages are landing pages: `other`). */
const EXPECTED_KIND: Record<string, string> = {
  article: 'article', product: 'product', listing: 'list', collection: 'list', forum: 'forum', documentation: 'documentation', service: 'other',
};

async function kinds(page: Page, src: string): Promise<void> {
  const limit = Number(flag('--limit') ?? 1e9);
  const perType = new Map<string, number>();
  const matrix = new Map<string, Map<string, number>>();
  const times: number[] = [];
  const stages = new Map<string, number[]>();
  let done = 0;
  let correct = 0;
  for (const t of truths.values()) {
    const n = perType.get(t.type) ?? 0;
    if (n >= limit) continue;
    perType.set(t.type, n + 1);
    let kind = 'error';
    try {
      await openPage(page, t.id);
      const r = await extract(page, src);
      kind = r.pageKind;
      times.push(r.trace.ms);
      for (const [k, v] of Object.entries(r.trace.stageMs)) stages.set(k, [...(stages.get(k) ?? []), v]);
    } catch (e) {
      console.error(t.id, String(e).slice(0, 120));
    }
    const row = matrix.get(t.type) ?? new Map<string, number>();
    row.set(kind, (row.get(kind) ?? 0) + 1);
    matrix.set(t.type, row);
    done++;
    if (kind === EXPECTED_KIND[t.type]) correct++;
    if (args.includes('--verbose')) console.log(t.id, t.type, kind);
  }
  const cols = ['article', 'product', 'list', 'forum', 'documentation', 'other', 'error'];
  console.log(`\npage kind on wcxb-dev (${done} pages): accuracy ${(correct / done).toFixed(3)}`);
  console.log(`| truth \\ predicted | ${cols.join(' | ')} | recall |`);
  console.log(`|---|${cols.map(() => '---:').join('|')}|---:|`);
  for (const [type, row] of [...matrix.entries()].sort()) {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    const hit = row.get(EXPECTED_KIND[type]!) ?? 0;
    console.log(`| ${type} | ${cols.map((c) => row.get(c) ?? 0).join(' | ')} | ${(hit / total).toFixed(2)} |`);
  }
  times.sort((a, b) => a - b);
  const q = (p: number): string => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
  console.log(`\nextractRecords time in page: median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`);
  const median = (xs: number[]): string => (xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0).toFixed(1);
  console.log(`median per stage (ms): ${[...stages.entries()].map(([k, v]) => `${k} ${median(v)}`).join(', ')}`);
}

interface Label { key: string; cells: string[] }
interface Expected { rowCount: number; rows: Label[] }
interface Meta { id: string; kind: 'list' | 'product'; site: string; url: string; note?: string }

async function labels(page: Page, src: string): Promise<void> {
  const dir = join(ROOT, 'fixtures/records');
  const cases = readdirSync(dir).filter((d) => existsSync(join(dir, d, 'expected.json'))).sort();
  const sums = { list: { r: 0, p: 0, c: 0, n: 0, nc: 0, auto: 0 }, product: { r: 0, p: 0, c: 0, n: 0, nc: 0, auto: 0 } };
  const times: number[] = [];
  console.log('| case | kind (auto) | labelled rows | found rows | row R | row P | cell acc | ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const c of cases) {
    const meta = JSON.parse(readFileSync(join(dir, c, 'meta.json'), 'utf8')) as Meta;
    const exp = JSON.parse(readFileSync(join(dir, c, 'expected.json'), 'utf8')) as Expected;
    await openPage(page, meta.id);
    const auto = await extract(page, src);
    // Score the extractor the label is for (the kind as the user would pick it); the auto kind is reported beside it.
    const r = await extract(page, src, meta.kind);
    times.push(r.trace.ms);
    const rows: string[][] = meta.kind === 'list' ? (r.table?.rows ?? []) : r.attributes.map((a) => [a.attribute, a.value]);
    const joined = rows.map((row) => fold(row.join(' ')));
    let hits = 0;
    let cellsOk = 0;
    let cellsAll = 0;
    for (const l of exp.rows) {
      const k = fold(l.key);
      const ri = joined.findIndex((j) => j.includes(k));
      if (ri >= 0) hits++;
      for (const cell of l.cells) {
        cellsAll++;
        if (ri >= 0 && rows[ri]!.some((x) => fold(x) === fold(cell))) cellsOk++;
      }
    }
    const P = rows.length;
    const E = exp.rowCount;
    const trueRows = exp.rows.length > 0 ? (Math.min(P, E) * hits) / exp.rows.length : 0;
    const recall = E > 0 ? trueRows / E : 0;
    const precision = P > 0 ? trueRows / P : 0;
    // Pages whose labels sample no cells (row keys only) do not enter the cell-accuracy mean.
    const cellAcc = cellsAll > 0 ? cellsOk / cellsAll : null;
    const s = sums[meta.kind];
    s.r += recall; s.p += precision; s.n++;
    if (cellAcc !== null) { s.c += cellAcc; s.nc++; }
    if (auto.pageKind === meta.kind) s.auto++;
    console.log(`| ${c} | ${auto.pageKind} | ${E} | ${P} | ${recall.toFixed(2)} | ${precision.toFixed(2)} | ${cellAcc === null ? '–' : cellAcc.toFixed(2)} | ${r.trace.ms.toFixed(1)} |`);
  }
  console.log('\n| kind | pages | auto kind right | mean row recall | mean row precision | mean cell accuracy |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [k, s] of Object.entries(sums)) {
    if (s.n === 0) continue;
    console.log(`| ${k} | ${s.n} | ${s.auto} | ${(s.r / s.n).toFixed(3)} | ${(s.p / s.n).toFixed(3)} | ${(s.c / Math.max(1, s.nc)).toFixed(3)} (${s.nc} pages) |`);
  }
  times.sort((a, b) => a - b);
  console.log(`\ntime in page (forced kind): median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms`);
}

/** Plain text of the records: table rows (without the Link column's URLs) or attribute rows, one per line. */
function recordsText(r: Extracted): string {
  if (r.table) {
    const keep = r.table.columns.map((c, i) => (c === 'Link' || c === 'Link URL' ? -1 : i)).filter((i) => i >= 0);
    return r.table.rows.map((row) => keep.map((i) => row[i] ?? '').join(' ')).join('\n');
  }
  return r.attributes.map((a) => `${a.attribute}: ${a.value}`).join('\n');
}

async function bow(page: Page, src: string): Promise<void> {
  const limit = Number(flag('--limit') ?? 1e9);
  const perType = new Map<string, { n: number; clip: number; records: number; both: number; withRecords: number }>();
  const clipMs: number[] = [];
  const recordsMs: number[] = [];
  for (const t of truths.values()) {
    const acc = perType.get(t.type) ?? { n: 0, clip: 0, records: 0, both: 0, withRecords: 0 };
    if (acc.n >= limit) continue;
    let clipText = '';
    let recText = '';
    try {
      await openPage(page, t.id);
      await page.evaluate(src);
      await page.evaluate(() => document.body?.getBoundingClientRect());
      const clip = await page.evaluate(() => {
        const g = globalThis as unknown as { Sift: { extract: (d: Document) => { text: string; trace: { ms: number } } | null } };
        const c = g.Sift.extract(document);
        return { text: c?.text ?? '', ms: c?.trace.ms ?? 0 };
      });
      clipText = clip.text;
      clipMs.push(clip.ms);
      // The extractor the page type asks for: list/collection → table, product → attributes, forum → auto.
      const kind = t.type === 'product' ? 'product' : t.type === 'listing' || t.type === 'collection' ? 'list' : undefined;
      const rec = await extract(page, src, kind);
      recordsMs.push(rec.trace.ms);
      recText = recordsText(rec);
    } catch (e) {
      console.error(t.id, String(e).slice(0, 120));
    }
    const truth = t.text ?? '';
    acc.n++;
    acc.clip += bowScore(truth, clipText).f1;
    acc.records += bowScore(truth, recText).f1;
    acc.both += bowScore(truth, `${clipText}\n${recText}`).f1;
    if (recText !== '') acc.withRecords++;
    perType.set(t.type, acc);
  }
  console.log('| type | pages | pages with records | BoW F1 Sift clip | BoW F1 records only | BoW F1 clip + records |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [type, a] of [...perType.entries()].sort()) {
    console.log(`| ${type} | ${a.n} | ${a.withRecords} | ${(a.clip / a.n).toFixed(3)} | ${(a.records / a.n).toFixed(3)} | ${(a.both / a.n).toFixed(3)} |`);
  }
  const med = (xs: number[]): string => (xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0).toFixed(1);
  const ratio = recordsMs.map((r, i) => r / Math.max(0.1, clipMs[i] ?? 0.1));
  console.log(`\ntime in page, same pages, same run: Sift.extract median ${med(clipMs)} ms; extractRecords median ${med(recordsMs)} ms; records/extract ratio median ${med(ratio)}`);
}

/**
 * Timing as the benchmark does it (bench/page/harness.js): scripts injected as one classic
 * script over CDP (V8's code cache then serves it on every page), layout forced once, then
 * each call after a forced gc with performance.now() around it. The order of the four calls
 * rotates page by page, so no method always pays for the page's cold caches or JIT.
 */
const TIMED = ['extract', 'extract+records', 'records', 'readability'] as const;
type Timed = (typeof TIMED)[number];

async function speed(page: Page, src: string): Promise<void> {
  const every = Number(flag('--every-article') ?? 8);
  const limit = Number(flag('--limit') ?? 1e9);
  const script = `${src}\n;${readabilityScript()}`;
  const cdp = await page.context().newCDPSession(page);
  const picked: Truth[] = [];
  const seen = new Map<string, number>();
  let articles = 0;
  for (const t of truths.values()) {
    if (t.type === 'article' && articles++ % every !== 0) continue;
    if (!['article', 'product', 'listing', 'collection', 'forum'].includes(t.type)) continue;
    const n = seen.get(t.type) ?? 0;
    if (n >= limit) continue;
    seen.set(t.type, n + 1);
    picked.push(t);
  }
  const ms = new Map<string, Map<Timed, number[]>>();
  const kindOf = new Map<string, number>();
  let pageNo = 0;
  for (const t of picked) {
    try {
      await openPage(page, t.id, 'load');
      const inj = await cdp.send('Runtime.evaluate', { expression: script, returnByValue: true });
      if (inj.exceptionDetails) throw new Error(inj.exceptionDetails.text);
      const rounds = Number(flag('--rounds') ?? 3);
      const r = await page.evaluate(([rotate, n]) => {
        const g = globalThis as unknown as {
          gc?: () => void;
          Sift: { extract: (d: Document, o?: object) => unknown; extractRecords: (d: Document) => { pageKind: string } };
          Readability: new (d: Document) => { parse: () => unknown };
        };
        const names = ['extract', 'extract+records', 'records', 'readability'];
        document.documentElement.getBoundingClientRect();
        const samples: Record<string, number[]> = {};
        let kind = '';
        for (let round = 0; round < n; round++) {
          // Rotate the order every round and page: no method always runs first (cold caches, JIT).
          for (let k = 0; k < names.length; k++) {
            const name = names[(k + rotate + round) % names.length]!;
            g.gc?.();
            const t0 = performance.now();
            if (name === 'extract') g.Sift.extract(document);
            else if (name === 'extract+records') g.Sift.extract(document, { records: true });
            else if (name === 'records') kind = g.Sift.extractRecords(document).pageKind;
            else new g.Readability(document.cloneNode(true) as Document).parse();
            (samples[name] ??= []).push(performance.now() - t0);
          }
        }
        // Per page, the median of the rounds (a busy machine's stalls fall out).
        const out: Record<string, number> = {};
        for (const [name, xs] of Object.entries(samples)) out[name] = xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
        return { out, kind };
      }, [pageNo, rounds] as const);
      const perType = ms.get(t.type) ?? new Map<Timed, number[]>(TIMED.map((k) => [k, []]));
      for (const k of TIMED) perType.get(k)!.push(r.out[k]!);
      ms.set(t.type, perType);
      kindOf.set(r.kind, (kindOf.get(r.kind) ?? 0) + 1);
      pageNo++;
    } catch (e) {
      console.error(t.id, String(e).slice(0, 120));
    }
  }
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const p90 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;
  console.log(`\nin-page ms, same pages, same run (${pageNo} pages; median / p90)`);
  console.log(`| type | pages | ${TIMED.map((k) => k === 'extract+records' ? 'Sift.extract {records} (popup)' : k === 'records' ? 'extractRecords alone' : k === 'extract' ? 'Sift.extract' : 'Readability').join(' | ')} | records / extract (median of ratios) |`);
  console.log(`|---|---:|${TIMED.map(() => '---:').join('|')}|---:|`);
  const all = new Map<Timed, number[]>(TIMED.map((k) => [k, []]));
  const row = (name: string, m: Map<Timed, number[]>): void => {
    const ratios = m.get('records')!.map((r, i) => r / Math.max(0.05, m.get('extract')![i]!));
    console.log(`| ${name} | ${m.get('extract')!.length} | ${TIMED.map((k) => `${med(m.get(k)!).toFixed(1)} / ${p90(m.get(k)!).toFixed(1)}`).join(' | ')} | ${med(ratios).toFixed(2)} |`);
  };
  for (const [type, m] of [...ms.entries()].sort()) {
    row(type, m);
    for (const k of TIMED) all.get(k)!.push(...m.get(k)!);
  }
  row('all', all);
  console.log(`\npage kinds found: ${[...kindOf.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

/**
 * One JSON line per wcxb-dev page: id, truth type, host, the page-kind signals and the kind
 * the shipped classifier gives (the input of scripts/records-kind-fit.ts).
 */
async function signals(page: Page, src: string): Promise<void> {
  const out = flag('--signals')!;
  const lines: string[] = [];
  const { writeFileSync } = await import('node:fs');
  let n = 0;
  const every = Number(flag('--every') ?? 1);
  const offset = Number(flag('--offset') ?? 0);
  let k = 0;
  for (const t of truths.values()) {
    if (k++ % every !== offset) continue;
    try {
      await openPage(page, t.id);
      const r = (await extract(page, src)) as Extracted & { trace: { signals: unknown } };
      lines.push(JSON.stringify({ id: t.id, type: t.type, host: new URL(t.url).hostname, kind: r.pageKind, signals: r.trace.signals }));
    } catch (e) {
      console.error(t.id, String(e).slice(0, 120));
      lines.push(JSON.stringify({ id: t.id, type: t.type, host: t.url ? new URL(t.url).hostname : '', kind: 'error', signals: null }));
    }
    if (++n % 100 === 0) { writeFileSync(out, `${lines.join('\n')}\n`); console.error(`${n} pages`); }
  }
  writeFileSync(out, `${lines.join('\n')}\n`);
}

/** CDP Profiler over repeated extractRecords calls on the given pages; self time per function. */
async function profile(page: Page, src: string): Promise<void> {
  const repeat = Number(flag('--repeat') ?? 20);
  const cdp = await page.context().newCDPSession(page);
  const self = new Map<string, number>();
  let total = 0;
  for (const id of flag('--profile')!.split(',')) {
    await openPage(page, id, 'load');
    await cdp.send('Runtime.evaluate', { expression: src });
    await page.evaluate(() => document.documentElement.getBoundingClientRect());
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.evaluate((n) => {
      const g = globalThis as unknown as { Sift: { extractRecords: (d: Document) => unknown } };
      for (let i = 0; i < n; i++) g.Sift.extractRecords(document);
    }, repeat);
    const { profile: prof } = await cdp.send('Profiler.stop');
    total += addSelfTimes(prof, self);
  }
  console.log(`self time over ${repeat} calls per page (ms; total ${total.toFixed(0)})`);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
}

await main();
