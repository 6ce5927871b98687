/**
 * How right is the metadata the popup shows (title, byline, date, site), beside
 * Readability's on the same pages? The benchmark scores the clip's text only; the datasets
 * also hold title/author/date/site truth (wcxb-dev: title on every page, author on ~740,
 * date on ~780; the readability set: Readability's own expected metadata, a regression
 * oracle). Pages load as the benchmark loads them (its server and browser); each build in
 * `--core` (default: this checkout's build/sift-core.iife.js) and Readability 0.6 (on a
 * clone) run on the same load.
 *
 *   npm run build:core && npx tsx scripts/metadata-check.ts [--data <dir>]... [--every 3] [--offset 0]
 *     [--core label=path/to/sift-core.iife.js]... [--list field]... [--misses field] [--spurious]
 *
 * Scores, over the pages whose truth has the field (texts normalised: NFKC, lower case,
 * letters and digits only):
 *   - title: exact (normalised equal) and mean token F1;
 *   - author: exact and mean token F1 (nothing found scores 0); and, on pages whose truth has
 *     NO author, how often a byline is shown anyway ("spurious");
 *   - date: the same calendar day as the truth (the first 10 characters of ISO 8601);
 *   - site: exact, where the truth has one.
 * `--list title|author|date` (repeatable) prints the pages where the first two builds disagree on it;
 * `--misses title|author|date` the pages where the first build does not match the truth;
 * `--spurious` the pages with no author truth where the first build shows a byline.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset, type TruthRecord } from '../bench/dataset';
import { coreAsGlobal, readabilityScript } from '../bench/pageTiming';
import { SIFT_IIFE } from '../bench/paths';
import { startPageServer } from '../bench/server';

/** Named as the datasets' truth fields, so `record[field]` is the truth for `meta[field]`. */
interface Meta { title: string | null; author: string | null; date: string | null; site: string | null }

/** `__meta(global)` in the page: one build's metadata, or Readability's when global is null. */
const RUN = `(name) => {
  if (name === null) {
    const a = new Readability(document.cloneNode(true), {}).parse();
    return a ? { title: a.title || null, author: a.byline || null, date: a.publishedTime || null, site: a.siteName || null } : null;
  }
  const c = globalThis[name].extract(document, { trace: false });
  return c ? { title: c.title || null, author: c.byline, date: c.published, site: c.siteName } : null;
}`;

const { values } = parseArgs({
  options: {
    data: { type: 'string', multiple: true, default: [resolve('../shared/bench-data/wcxb-dev')] },
    every: { type: 'string', default: '3' },
    offset: { type: 'string', default: '0' },
    core: { type: 'string', multiple: true, default: [`sift=${SIFT_IIFE}`] },
    list: { type: 'string', multiple: true, default: [] },
    misses: { type: 'string' },
    spurious: { type: 'boolean', default: false },
  },
});

const builds = values.core.map((c) => {
  const m = /^(\w+)=(.+)$/.exec(c);
  return m ? { label: m[1]!, path: resolve(m[2]!) } : { label: 'sift', path: resolve(c) };
});
const names = [...builds.map((b) => b.label), 'readability'];
const injected = [
  ...builds.map((b) => coreAsGlobal(readFileSync(b.path, 'utf8'), `__core_${b.label}`)),
  readabilityScript(),
  `globalThis.__meta = ${RUN};`,
].join('\n;\n') + '\n0';

function normalise(s: string | null | undefined): string {
  return (s ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function tokenF1(pred: string | null, truth: string): number {
  const p = normalise(pred).split(' ').filter(Boolean), t = normalise(truth).split(' ').filter(Boolean);
  if (!p.length || !t.length) return 0;
  const left = new Map<string, number>();
  for (const w of t) left.set(w, (left.get(w) ?? 0) + 1);
  let overlap = 0;
  for (const w of p) { const n = left.get(w) ?? 0; if (n > 0) { overlap++; left.set(w, n - 1); } }
  if (!overlap) return 0;
  const precision = overlap / p.length, recall = overlap / t.length;
  return (2 * precision * recall) / (precision + recall);
}

interface Row { set: string; record: TruthRecord; got: Map<string, Meta | null> }
const rows: Row[] = [];
const datasets = values.data.map((d) => loadDataset(resolve(d)));
const server = await startPageServer(datasets);
const browser = await launchBenchBrowser(server.proxy);
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  for (const [di, dataset] of datasets.entries()) {
    const records = dataset.records.filter((_, i) => i % Number(values.every) === Number(values.offset));
    for (const [k, record] of records.entries()) {
      try {
        await page.goto(server.urlFor(di, record.id), { waitUntil: 'load', timeout: 20_000 });
      } catch { /* measured if it committed, like the bench */ }
      const inj = await cdp.send('Runtime.evaluate', { expression: injected, returnByValue: true });
      if (inj.exceptionDetails) { process.stderr.write(`${record.id}: inject failed: ${inj.exceptionDetails.text}\n`); continue; }
      const got = new Map<string, Meta | null>();
      for (const name of names) {
        const arg = name === 'readability' ? 'null' : JSON.stringify(`__core_${name}`);
        const r = await cdp.send('Runtime.evaluate', { expression: `__meta(${arg})`, returnByValue: true });
        got.set(name, r.exceptionDetails ? null : (r.result.value as Meta | null));
      }
      rows.push({ set: dataset.name, record, got });
      if ((k + 1) % 100 === 0) process.stderr.write(`${dataset.name} ${k + 1}/${records.length}\n`);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

const pct = (n: number, of: number): string => (of ? `${((100 * n) / of).toFixed(1)} %` : '–');
const mean = (xs: number[]): string => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3) : '–');
const sameDay = (pred: string | null, truth: string): boolean => !!pred && pred.slice(0, 10) === truth.slice(0, 10);

for (const set of [...new Set(rows.map((r) => r.set))]) {
  const of = rows.filter((r) => r.set === set);
  const withTitle = of.filter((r) => r.record.title), withAuthor = of.filter((r) => r.record.author);
  const noAuthor = of.filter((r) => !r.record.author), withDate = of.filter((r) => r.record.date), withSite = of.filter((r) => r.record.site);
  console.log(`\n${set}: ${of.length} pages (every ${values.every}, offset ${values.offset}) · title ${withTitle.length}, author ${withAuthor.length} (none: ${noAuthor.length}), date ${withDate.length}, site ${withSite.length}`);
  console.log(`${'engine'.padEnd(12)} ${['title exact', 'title F1', 'author exact', 'author F1', 'author spurious', 'date same day', 'site exact'].map((h) => h.padStart(15)).join('')}`);
  for (const name of names) {
    const m = (r: Row) => r.got.get(name) ?? null;
    const cells = [
      pct(withTitle.filter((r) => normalise(m(r)?.title) === normalise(r.record.title)).length, withTitle.length),
      mean(withTitle.map((r) => tokenF1(m(r)?.title ?? null, r.record.title!))),
      pct(withAuthor.filter((r) => normalise(m(r)?.author) === normalise(r.record.author)).length, withAuthor.length),
      mean(withAuthor.map((r) => tokenF1(m(r)?.author ?? null, r.record.author!))),
      pct(noAuthor.filter((r) => normalise(m(r)?.author) !== '').length, noAuthor.length),
      pct(withDate.filter((r) => sameDay(m(r)?.date ?? null, r.record.date!)).length, withDate.length),
      pct(withSite.filter((r) => normalise(m(r)?.site) === normalise(r.record.site)).length, withSite.length),
    ];
    console.log(`${name.padEnd(12)} ${cells.map((c) => c.padStart(15)).join('')}`);
  }
}

for (const field of values.list as (keyof Meta)[]) {
  if (builds.length < 2) break;
  const [a, b] = [builds[0]!.label, builds[1]!.label];
  const differ = rows.filter((r) => (r.got.get(a)?.[field] ?? null) !== (r.got.get(b)?.[field] ?? null));
  console.log(`\n${field}: ${differ.length} pages where ${a} and ${b} differ`);
  for (const r of differ) {
    console.log(`  ${r.set}/${r.record.id} (${r.record.type}) truth ${JSON.stringify(r.record[field])}\n    ${a}: ${JSON.stringify(r.got.get(a)?.[field] ?? null)}\n    ${b}: ${JSON.stringify(r.got.get(b)?.[field] ?? null)}`);
  }
}

const missed = values.misses as keyof Meta | undefined;
if (missed) {
  const a = builds[0]!.label;
  const wrong = rows.filter((r) => {
    const t = r.record[missed];
    const got = r.got.get(a)?.[missed] ?? null;
    return t !== null && (missed === 'date' ? !sameDay(got, t) : normalise(got) !== normalise(t));
  });
  console.log(`\n${missed}: ${wrong.length} pages where ${a} misses the truth`);
  for (const r of wrong) console.log(`  ${r.set}/${r.record.id} (${r.record.type}) truth ${JSON.stringify(r.record[missed])}\n    ${a}: ${JSON.stringify(r.got.get(a)?.[missed] ?? null)} · readability: ${JSON.stringify(r.got.get('readability')?.[missed] ?? null)}`);
}

if (values.spurious) {
  const a = builds[0]!.label;
  const shown = rows.filter((r) => !r.record.author && normalise(r.got.get(a)?.author) !== '');
  console.log(`\nauthor: ${shown.length} pages with no author truth where ${a} shows a byline`);
  for (const r of shown) console.log(`  ${r.set}/${r.record.id} (${r.record.type})\n    ${a}: ${JSON.stringify(r.got.get(a)?.author ?? null)} · readability: ${JSON.stringify(r.got.get('readability')?.author ?? null)}`);
}
