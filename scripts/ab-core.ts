/**
 * Paired A/B timing of two builds of the core, with Readability beside them, on the same
 * pages at the same moment (this machine is shared: only paired numbers mean anything).
 * Each page is loaded the way the benchmark loads it (bench/server.ts, bench/browser.ts
 * flags, one classic script over Runtime.evaluate, layout forced once), then each engine
 * runs ONCE, cold, after a forced GC, on its own fresh load of the page (see `load`), in an
 * order that rotates from page to page. Sift is told the page's own address (`baseUrl`, the
 * dataset's `url`), as the benchmark tells it.
 * Both builds' clips are compared field by field (trace.ms and trace.stages aside): any
 * difference is listed, so the same run proves a speed change left the output alone. The
 * median of each build's trace.stages says which stage a change moved. The paired ratios come
 * with a 95 % bootstrap interval for their median: what the run can and cannot tell apart.
 *
 * `npx tsx scripts/ab-core.ts --a <old sift-core.iife.js> [--b build/sift-core.iife.js]
 *    [--data ../shared/bench-data/wcxb-dev] [--every 8] [--limit N] [--build]`
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { coreAsGlobal, loadForTiming, pairedSummary, quantile, readabilityScript, threadTimer } from '../bench/pageTiming';
import { startPageServer } from '../bench/server';
import { buildCore, CORE_IIFE_PATH } from './build-core';

/** Runs in the page: one engine, cold, after a GC; returns its time and its output. */
const RUN = `(name, baseUrl) => {
  if (name === 'noop') return { ms: 0, out: null };
  if (name === 'readability') {
    const t0 = performance.now();
    const a = new Readability(document.cloneNode(true), {}).parse();
    return { ms: performance.now() - t0, out: a ? a.textContent.length : -1 };
  }
  const t0 = performance.now();
  const clip = baseUrl ? globalThis[name].extract(document, { baseUrl }) : globalThis[name].extract(document);
  const ms = performance.now() - t0;
  globalThis.__abClip = clip;
  return { ms, out: null };
}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string', default: CORE_IIFE_PATH },
      data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
      every: { type: 'string', default: '8' },
      limit: { type: 'string' },
      build: { type: 'boolean', default: false },
      warm: { type: 'boolean', default: false },
      dump: { type: 'string' },
    },
  });
  if (!values.a) throw new Error('--a <old iife> is required');
  if (values.build) await buildCore();
  const dataset = loadDataset(resolve(values.data));
  const records = dataset.records.filter((_, i) => i % Number(values.every) === 0).slice(0, values.limit ? Number(values.limit) : undefined);
  const injected = [
    coreAsGlobal(readFileSync(resolve(values.a), 'utf8'), 'SiftA'),
    coreAsGlobal(readFileSync(resolve(values.b), 'utf8'), 'SiftB'),
    readabilityScript(),
    `globalThis.__ab = ${RUN};`,
  ].join('\n;\n') + '\n0';

  const server = await startPageServer([dataset]);
  const browser = await launchBenchBrowser(server.proxy);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  type Name = 'SiftA' | 'SiftB' | 'readability' | 'noop';
  const SYMMETRIC: Name[][] = [['SiftA', 'SiftB', 'readability'], ['readability', 'SiftA', 'SiftB'], ['SiftB', 'SiftA', 'readability'], ['readability', 'SiftB', 'SiftA']];
  const ms: Record<Name, number[]> = { SiftA: [], SiftB: [], readability: [], noop: [] };
  const cpuMs: Record<Name, number[]> = { SiftA: [], SiftB: [], readability: [], noop: [] };
  const differ: string[] = [];
  const warm: { ms: number; cpu: number }[] = [];
  const stages: Record<'SiftA' | 'SiftB', Record<string, number[]>> = { SiftA: {}, SiftB: {} };
  const threadTime = await threadTimer(cdp);
  // noop: the same CDP round trip with no engine, i.e. the CPU overhead inside every figure.
  const names = ['SiftA', 'SiftB', 'readability', 'noop'] as const;
  try {
    for (const [k, rec] of records.entries()) {
      // Each engine gets the page freshly loaded (bench/pageTiming.ts: loadForTiming).
      const load = (): Promise<void> => loadForTiming(page, cdp, server.urlFor(0, rec.id), injected);
      // Symmetric order: each build runs first on half the pages (what ran before on the
      // same renderer is not neutral: V8 keeps compiled code across pages of one process).
      const order: Name[] = [...SYMMETRIC[k % 4]!, 'noop'];
      const outs = new Map<string, unknown>();
      for (const name of order) {
        if (name !== 'noop') await load();
        await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
        const before = await threadTime();
        const r = await cdp.send('Runtime.evaluate', { expression: `__ab(${JSON.stringify(name)}, ${JSON.stringify(rec.url ?? null)})`, returnByValue: true });
        const cpu = (await threadTime()) - before;
        if (r.exceptionDetails) { differ.push(`${rec.id}: ${name} threw ${r.exceptionDetails.exception?.description?.split('\n')[0] ?? r.exceptionDetails.text}`); continue; }
        const v = r.result.value as { ms: number; out: unknown };
        if (name === 'SiftA' || name === 'SiftB') {
          const o = await cdp.send('Runtime.evaluate', { expression: '(() => { const c = globalThis.__abClip; if (!c) return [null, null]; const s = c.trace.stages; c.trace.ms = 0; delete c.trace.stages; return [JSON.stringify(c), s ?? null]; })()', returnByValue: true });
          const [clip, st] = o.result.value as [string | null, Record<string, number> | null];
          v.out = clip;
          for (const [stage, t] of Object.entries(st ?? {})) (stages[name][stage] ??= []).push(t);
        }
        ms[name].push(v.ms);
        cpuMs[name].push(cpu);
        outs.set(name, v.out);
      }
      if (values.warm) {
        // The same build again on the same page: what the cold JIT costs.
        await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
        const before = await threadTime();
        const r = await cdp.send('Runtime.evaluate', { expression: '__ab("SiftB")', returnByValue: true });
        warm.push({ ms: (r.result.value as { ms: number }).ms, cpu: (await threadTime()) - before });
      }
      if (outs.get('SiftA') !== outs.get('SiftB')) {
        // A page whose layout is still settling (a blocked image's box, fonts) can change a
        // rendered image size between two calls: say whether the text itself differs.
        const text = (n: string): unknown => (JSON.parse(String(outs.get(n))) as { text?: unknown } | null)?.text;
        differ.push(`${rec.id}: clips differ${text('SiftA') === text('SiftB') ? ' (same text)' : ' (TEXT DIFFERS)'}`);
        if (values.dump) {
          mkdirSync(values.dump, { recursive: true });
          for (const n of ['SiftA', 'SiftB']) writeFileSync(join(values.dump, `${rec.id}.${n}.json`), JSON.stringify(JSON.parse(String(outs.get(n))), null, 1));
        }
      }
      if ((k + 1) % 20 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
    }
  } finally {
    await context.close();
    await browser.close();
    await server.close();
  }
  const r50 = quantile(ms.readability, 0.5), r95 = quantile(ms.readability, 0.95);
  console.log(`${records.length} pages · p50 / p95 ms · ratio to Readability's p50 / p95`);
  for (const n of names) {
    const p50 = quantile(ms[n], 0.5), p95 = quantile(ms[n], 0.95);
    console.log(`${n.padEnd(12)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}   ${(p50 / r50).toFixed(3)} ${(p95 / r95).toFixed(3)}`);
  }
  const c50 = quantile(cpuMs.readability, 0.5), c95 = quantile(cpuMs.readability, 0.95);
  console.log('main-thread CPU ms (includes the CDP call around the engine):');
  for (const n of names) {
    const p50 = quantile(cpuMs[n], 0.5), p95 = quantile(cpuMs[n], 0.95);
    console.log(`${n.padEnd(12)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}   ${(p50 / c50).toFixed(3)} ${(p95 / c95).toFixed(3)}`);
  }
  for (const n of ['SiftA', 'SiftB'] as const) {
    const parts = Object.entries(stages[n]).map(([stage, t]) => `${stage} ${quantile(t, 0.5).toFixed(1)} (mean ${(t.reduce((x, y) => x + y, 0) / t.length).toFixed(2)})`);
    if (parts.length) console.log(`${n} stages, ms p50: ${parts.join(' · ')}`);
  }
  if (warm.length) console.log(`SiftB warm (second call, same page): p50 ${quantile(warm.map((w) => w.ms), 0.5).toFixed(1)} ms, CPU p50 ${quantile(warm.map((w) => w.cpu), 0.5).toFixed(1)} ms`);
  const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
  // Paired: the same page at nearly the same moment, so most of the machine's noise cancels.
  // Wall time too: V8 optimizes hot code on background threads, which the main thread's CPU
  // leaves out and this machine's two cores feel (docs/core-measurements.md, session 25).
  const paired = (times: Record<Name, number[]>): string => {
    return pairedSummary(times.SiftB.map((b, k) => b / times.SiftA[k]!).filter(Number.isFinite));
  };
  console.log(`paired CPU B/A per page: ${paired(cpuMs)} · CPU sums A ${sum(cpuMs.SiftA).toFixed(0)} B ${sum(cpuMs.SiftB).toFixed(0)} Readability ${sum(cpuMs.readability).toFixed(0)} ms`);
  console.log(`paired wall B/A per page: ${paired(ms)}`);
  console.log(`sum ms: A ${sum(ms.SiftA).toFixed(0)} · B ${sum(ms.SiftB).toFixed(0)} · Readability ${sum(ms.readability).toFixed(0)}`);
  console.log(differ.length ? `OUTPUT DIFFERS on ${differ.length} pages:\n${differ.join('\n')}` : 'outputs identical on every page');
  process.exitCode = differ.length ? 1 : 0;
}

await main();
