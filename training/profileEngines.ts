/**
 * Where the engines spend their time in the page (issue 6: Auto must be fast enough to be
 * the default). Development aid, not part of the benchmark.
 *
 *   npx tsx training/profileEngines.ts [--data <dir>] [--every 40] [--engines nta,auto] [--reps 3] [--top 30]
 *
 * Loads pages exactly as the benchmark does (bench/server.ts, bench/browser.ts: page
 * scripts off, nothing leaves the machine, 1280×800), injects build/sift-core.debug.iife.js
 * (the core unminified, so the profile names functions; the times are that build's)
 * (run `npm run build:core` first) and Readability, then per page:
 *  1. times the FIRST call of each engine and of Readability (engine order rotates, as in
 *     the benchmark), so the medians compare the engines as a bench run does;
 *  2. profiles that first call with the CDP sampling profiler (and `--reps` more calls, if
 *     asked) and adds up the self time per function over all pages (the debug IIFE is not
 *     minified, so the names are the source's).
 * Prints the median first-call ms and its ratio to Readability, then the top functions.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { addSelfTimes, median, readabilityScript, type CpuProfile } from '../bench/pageTiming';
import { SIFT_DEBUG_IIFE } from '../bench/paths';
import { startPageServer } from '../bench/server';


const { values } = parseArgs({
  options: {
    data: { type: 'string', default: resolve('../shared/bench-data/wcxb-dev') },
    every: { type: 'string', default: '40' },
    engines: { type: 'string', default: 'nta,auto' },
    reps: { type: 'string', default: '0' },
    top: { type: 'string', default: '30' },
  },
});
const engines = values.engines.split(',').filter(Boolean);
const reps = Number(values.reps);
const dataset = loadDataset(values.data);
const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);

const injected = [
  `${readFileSync(SIFT_DEBUG_IIFE, 'utf8')}\n;globalThis.Sift = Sift;\n//# sourceURL=sift-core.js\n`,
].join('');
const injectedReadability = `${readabilityScript()}\n0`;

const server = await startPageServer([dataset]);
const browser = await launchBenchBrowser(server.proxy);
const selfMs = new Map<string, Map<string, number>>(engines.map((e) => [e, new Map()]));
const firstSelfMs = new Map<string, Map<string, number>>(engines.map((e) => [e, new Map()]));
const firstMs = new Map<string, number[]>([...engines, 'readability'].map((e) => [e, []]));
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  let k = 0;
  for (const rec of records) {
    try {
      await page.goto(server.urlFor(0, rec.id), { waitUntil: 'load', timeout: 20_000 });
    } catch {
      if (!page.url().endsWith(rec.id)) continue;
    }
    await cdp.send('Runtime.evaluate', { expression: injected });
    await cdp.send('Runtime.evaluate', { expression: injectedReadability });
    await page.evaluate(() => document.documentElement.getBoundingClientRect().height);
    const order = [...engines, 'readability'];
    const shift = k++ % order.length;
    for (const name of [...order.slice(shift), ...order.slice(0, shift)]) {
      if (name !== 'readability') await cdp.send('Profiler.start');
      const ms = await page.evaluate((engine) => {
        const g = globalThis as unknown as {
          Sift: { extract(d: Document, o: unknown): unknown };
          Readability: new (d: Node) => { parse(): unknown };
        };
        const t0 = performance.now();
        if (engine === 'readability') new g.Readability(document.cloneNode(true)).parse();
        else g.Sift.extract(document, { engine });
        return performance.now() - t0;
      }, name);
      firstMs.get(name)!.push(ms);
      if (name !== 'readability') {
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        addSelfTimes(profile, firstSelfMs.get(name)!);
      }
    }
    for (const name of reps > 0 ? engines : []) {
      await cdp.send('Profiler.start');
      await page.evaluate(([engine, n]) => {
        const g = globalThis as unknown as { Sift: { extract(d: Document, o: unknown): unknown } };
        for (let i = 0; i < n; i++) g.Sift.extract(document, { engine });
      }, [name, reps] as const);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      addSelfTimes(profile, selfMs.get(name)!);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const rMed = median(firstMs.get('readability')!);
console.log(`${firstMs.get('readability')!.length} pages from ${dataset.name}; first-call median ms (ratio to Readability):`);
for (const [name, xs] of firstMs) console.log(`  ${name.padEnd(12)} ${median(xs).toFixed(1).padStart(7)}  ${(median(xs) / rMed).toFixed(2)}×`);
const report = (label: string, name: string, m: Map<string, number>): void => {
  const total = [...m.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return;
  console.log(`\n${name}: self time of ${label} over ${firstMs.get(name)!.length} pages = ${total.toFixed(0)} ms`);
  for (const [fn, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`  ${(ms / total * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
  }
};
for (const [name, m] of firstSelfMs) report('the first (timed) call', name, m);
for (const [name, m] of selfMs) report(`${reps} more calls`, name, m);
