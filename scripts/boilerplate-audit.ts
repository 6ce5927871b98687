/**
 * Which boilerplate regions hold text the truth keeps? For every page of a dataset, loads
 * it as the benchmark does, runs the core's stats pass and `discountBoilerplate` in the page
 * (the same code the pipeline runs) and lists each discounted region whose words are mostly
 * in the page's truth text: the candidates for a rule that names content as boilerplate
 * (session 14 found section ids made from titles and comments in highlighted code this way).
 * A list to read, not a score: truth texts also keep some regions a reader would not.
 *
 * `npx tsx scripts/boilerplate-audit.ts [--data ../shared/bench-data/wcxb-dev] [--every 1]
 *    [--min-words 30] [--min-share 0.7]`
 */
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { startPageServer } from '../bench/server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
    every: { type: 'string', default: '1' },
    'min-words': { type: 'string', default: '30' },
    'min-share': { type: 'string', default: '0.7' },
  },
});

/** The regions of the rendered page: reason, path and text of each discounted root. */
const bundle = (await build({
  stdin: {
    contents: `import { computeStats } from './stats';
import { discountBoilerplate } from './boilerplate';
import { liveLayoutProbe } from './layout';
import { describePath } from './trace';
(globalThis as unknown as Record<string, unknown>).__regions = () => {
  const stats = computeStats(document, liveLayoutProbe(document));
  if (!stats) return [];
  const r = discountBoilerplate(stats);
  return r.roots.map((el, k) => ({ reason: r.reasons[k], path: describePath(el), text: (el as HTMLElement).innerText ?? el.textContent ?? '' }));
};`,
    resolveDir: join(root, 'src', 'core'),
    loader: 'ts',
  },
  bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning',
})).outputFiles[0]!.text;

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

const dataset = loadDataset(resolve(values.data));
const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);
const server = await startPageServer([dataset]);
const browser = await launchBenchBrowser(server.proxy);
const found: { id: string; type: string; reason: string; path: string; words: number; share: number; sample: string }[] = [];
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  for (const [k, rec] of records.entries()) {
    try {
      await page.goto(server.urlFor(0, rec.id), { waitUntil: 'load', timeout: 20_000 });
    } catch { /* read it if it committed, like the bench */ }
    let regions: { reason: string; path: string; text: string }[] = [];
    try {
      regions = await page.evaluate(`${bundle}\n;__regions()`) as typeof regions;
    } catch (err) {
      process.stderr.write(`${rec.id}: ${String(err).slice(0, 120)}\n`);
      continue;
    }
    const truth = new Map<string, number>();
    for (const w of words(rec.text ?? '')) truth.set(w, (truth.get(w) ?? 0) + 1);
    for (const r of regions) {
      const ws = words(r.text);
      if (ws.length < Number(values['min-words'])) continue;
      const left = new Map(truth);
      let hit = 0;
      for (const w of ws) { const n = left.get(w) ?? 0; if (n > 0) { hit++; left.set(w, n - 1); } }
      const share = hit / ws.length;
      if (share >= Number(values['min-share'])) found.push({ id: rec.id, type: rec.type, reason: r.reason, path: r.path, words: ws.length, share, sample: r.text.replace(/\s+/g, ' ').slice(0, 90) });
    }
    if ((k + 1) % 100 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
found.sort((a, b) => b.words * b.share - a.words * a.share);
const byReason = new Map<string, number>();
for (const f of found) byReason.set(f.reason, (byReason.get(f.reason) ?? 0) + f.words);
console.log(`${found.length} regions on ${new Set(found.map((f) => f.id)).size} of ${records.length} pages hold mostly truth text (≥ ${values['min-words']} words, ≥ ${values['min-share']} in the truth)`);
console.log('words by reason:', [...byReason].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${r} ${n}`).join(' · '));
for (const f of found) console.log(`${f.id} ${f.type.padEnd(13)} ${String(f.words).padStart(5)}w ${f.share.toFixed(2)} ${f.reason.padEnd(28)} ${f.path.slice(-70)} | ${f.sample}`);
