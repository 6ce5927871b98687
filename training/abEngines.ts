/**
 * Paired main-thread CPU time of engines of ONE core build, with Readability beside them,
 * on the same pages at the same moment (issue 6: Auto's cost next to NTA's). Development
 * aid, not part of the benchmark.
 *
 *   npm run build:core && npx tsx training/abEngines.ts [--engines nta,auto] [--data <dir>] [--every 25] [--limit N]
 *
 * An entry of --engines may also be `label=engine@path/to/sift-core.iife.js`: that engine of
 * another build, under its own label, paired with the rest on the same pages (e.g. the
 * committed build against a change: `--engines nta,old=auto@/tmp/old-core.js,auto`).
 *
 * Pages load as in the benchmark (bench/server.ts, bench/browser.ts); the build is injected
 * once PER ENGINE (its own global), and each call follows enough collections (COLD_GC) that
 * it is a cold first call that no other engine or earlier page warmed up. Each engine runs once per page, on its own
 * fresh load of it, after a forced GC, in an order that rotates from page to page; the CPU figure is the renderer
 * main thread's ThreadTime around the call (CDP Performance.getMetrics), as
 * scripts/ab-core.ts takes it. Prints medians, ratios to Readability, and the per-page
 * paired ratio of every engine to the first one.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { coreAsGlobal, loadForTiming, pairedSummary, quantile, readabilityScript, threadTimer } from '../bench/pageTiming';
import { SIFT_IIFE } from '../bench/paths';
import { startPageServer } from '../bench/server';

const RUN = `(name, engine) => {
  if (name === 'readability') {
    const t0 = performance.now();
    const a = new Readability(document.cloneNode(true), {}).parse();
    return { ms: performance.now() - t0 };
  }
  const t0 = performance.now();
  globalThis[name].extract(document, { engine });
  return { ms: performance.now() - t0 };
}`;

/**
 * Collections before each timed call. V8 keeps a build's compiled code (bytecode, compiled
 * expressions) across the pages of one renderer until it has gone unused through several
 * major collections, and the same source injected again is served from its compilation
 * cache. With one collection per call, code that an earlier page (or another engine of the
 * same build: nta and auto) compiled was still there: calls ran half-warm. Session 12, 150
 * pages, two NTA builds: one collection per call gave base 10.9 ms CPU and the new build
 * paired 1.017; one more per page gave 15.2 ms and 0.849, as scripts/ab-core.ts reads
 * (15.7 ms, 0.901). Four before every call leaves nothing compiled from an earlier call: each
 * engine runs as on a page where it never ran, which is the product's case.
 */
const COLD_GC = 'for (let k = 0; k < 4; k++) gc(); 0';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'nta,auto' },
    core: { type: 'string', default: SIFT_IIFE },
    data: { type: 'string', default: resolve('../shared/bench-data/wcxb-dev') },
    every: { type: 'string', default: '25' },
    offset: { type: 'string', default: '0' },
    limit: { type: 'string' },
  },
});
const engines = values.engines.split(',').filter(Boolean);
const dataset = loadDataset(values.data);
const records = dataset.records
  .filter((_, i) => i % Number(values.every) === Number(values.offset))
  .slice(0, values.limit ? Number(values.limit) : undefined);
const core = readFileSync(resolve(values.core), 'utf8');
const global = (e: string): string => `Sift_${e}`;
/** An --engines entry: `engine`, or `label=engine@core.js` (that engine of another build). */
interface EngineRun { label: string; engine: string; code: string }
const runs: EngineRun[] = engines.map((e) => {
  const m = /^(\w+)=(\w+)@(.+)$/.exec(e);
  return m ? { label: m[1]!, engine: m[2]!, code: readFileSync(resolve(m[3]!), 'utf8') } : { label: e, engine: e, code: core };
});
const injected = [
  ...runs.map((r) => coreAsGlobal(r.code, global(r.label))),
  readabilityScript(),
  `globalThis.__abe = ${RUN};`,
].join('\n;\n') + '\n0';

const names = [...runs.map((r) => r.label), 'readability'];
const ms = new Map<string, number[]>(names.map((n) => [n, []]));
const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
const server = await startPageServer([dataset]);
const browser = await launchBenchBrowser(server.proxy);
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const threadTime = await threadTimer(cdp);
  for (const [k, rec] of records.entries()) {
    const order = [...names.slice(k % names.length), ...names.slice(0, k % names.length)];
    const row = new Map<string, { ms: number; cpu: number }>();
    for (const name of order) {
      // A fresh load per engine (bench/pageTiming.ts says why).
      await loadForTiming(page, cdp, server.urlFor(0, rec.id), injected);
      await cdp.send('Runtime.evaluate', { expression: COLD_GC });
      const before = await threadTime();
      const run = runs.find((r) => r.label === name);
      const args = run ? `${JSON.stringify(global(run.label))}, ${JSON.stringify(run.engine)}` : '"readability"';
      const r = await cdp.send('Runtime.evaluate', { expression: `__abe(${args})`, returnByValue: true });
      const c = (await threadTime()) - before;
      if (r.exceptionDetails) { process.stderr.write(`${rec.id}: ${name} threw\n`); break; }
      row.set(name, { ms: (r.result.value as { ms: number }).ms, cpu: c });
    }
    if (row.size !== names.length) continue;
    for (const [n, v] of row) { ms.get(n)!.push(v.ms); cpu.get(n)!.push(v.cpu); }
    if ((k + 1) % 20 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
const r50 = quantile(ms.get('readability')!, 0.5);
const c50 = quantile(cpu.get('readability')!, 0.5);
console.log(`${ms.get('readability')!.length} pages · median wall ms (ratio to Readability) · median main-thread CPU ms (ratio)`);
for (const n of names) {
  const m = quantile(ms.get(n)!, 0.5), c = quantile(cpu.get(n)!, 0.5);
  console.log(`${n.padEnd(12)} ${m.toFixed(1).padStart(7)} (${(m / r50).toFixed(2)}×)   ${c.toFixed(1).padStart(7)} (${(c / c50).toFixed(2)}×)`);
}
const base = runs[0]!.label;
for (const n of runs.slice(1).map((r) => r.label)) {
  const paired = cpu.get(n)!.map((x, i) => x / cpu.get(base)![i]!).filter(Number.isFinite);
  const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
  console.log(`paired CPU ${n}/${base} per page: ${pairedSummary(paired)}; CPU sums ${base} ${sum(cpu.get(base)!).toFixed(0)} ${n} ${sum(cpu.get(n)!).toFixed(0)} ms`);
}
