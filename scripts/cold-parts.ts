/**
 * What a first call on a page pays that a later one does not, split in two (issue 2's speed
 * bar is about first calls: the benchmark calls each engine once per page).
 *
 * Default mode, the benchmark's situation (one tab; every page loaded as the benchmark loads
 * it, bench/pageTiming.ts; a forced GC before every timed call). The core is injected twice
 * as two separate scripts, `SiftA` and `SiftB`: the same code, but separate closures, so
 * separate V8 feedback and optimized code. On each page, in this order:
 *   first      SiftA's first call: what the benchmark times;
 *   then, in an order that alternates from page to page,
 *   freshCode  SiftB's first call, on the DOM SiftA just read: new code, warm page;
 *   warm       SiftA's second call: warm code, warm page;
 * and on a second load of the page, Readability's first and second call (a clone each time).
 * So first − freshCode is what the page's first reading costs (JS wrappers, strings, styles
 * and layout objects met for the first time, caches), freshCode − warm what new code costs
 * (feedback, inline caches, the interpreter before V8 optimizes), and warm what is left.
 *
 * `--inject`: the first clip in a renderer that never ran the core (a new browser context
 * per call, so nothing is in V8's compilation cache): main-thread CPU to inject the script,
 * then to make the first call, for Sift and for Readability. `transport` injects a comment
 * as long as the core: what sending that much source over CDP costs, which the extension's
 * `scripting.executeScript` does not pay the same way.
 *
 * Main-thread CPU from CDP's ThreadTime (bench/pageTiming.ts: threadTimer), which also
 * counts the CDP call around the script. Stage medians come from the clip's trace.stages.
 *
 * `npx tsx scripts/cold-parts.ts [--data ../shared/bench-data/wcxb-dev] [--every 20]
 *    [--core build/sift-core.iife.js] [--inject]`
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset, type TruthRecord } from '../bench/dataset';
import { coreAsGlobal, loadForTiming, pairedSummary, quantile, readabilityScript, threadTimer } from '../bench/pageTiming';
import { SIFT_IIFE_DEFAULT } from '../bench/paths';
import { startPageServer } from '../bench/server';

const CONTEXT_OPTIONS = { viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' as const };

/** Runs in the page: one call, its clip's stage times kept for the tool to read. */
const RUN = `globalThis.__coldParts = (name, baseUrl) => {
  if (name === 'readability') { new Readability(document.cloneNode(true), {}).parse(); globalThis.__stages = null; return 0; }
  const clip = globalThis[name].extract(document, { baseUrl });
  globalThis.__stages = clip ? clip.trace.stages : null;
  return 0;
};`;

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

async function sameTab(browser: Browser, urlFor: (id: string) => string, records: TruthRecord[], core: string): Promise<void> {
  const injected = [coreAsGlobal(core, 'SiftA'), coreAsGlobal(core, 'SiftB'), readabilityScript(), RUN].join('\n;\n') + '\n0';
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const cpu = await threadTimer(cdp);
  const times: Record<string, number[]> = {};
  const stages: Record<string, Record<string, number[]>> = {};
  const call = async (label: string, name: string, baseUrl: string | null): Promise<void> => {
    await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
    const before = await cpu();
    const r = await cdp.send('Runtime.evaluate', { expression: `__coldParts(${JSON.stringify(name)}, ${JSON.stringify(baseUrl)})` });
    (times[label] ??= []).push((await cpu()) - before);
    if (r.exceptionDetails) throw new Error(`${label}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
    const s = (await cdp.send('Runtime.evaluate', { expression: '__stages', returnByValue: true })).result.value as Record<string, number> | null;
    for (const [stage, ms] of Object.entries(s ?? {})) ((stages[label] ??= {})[stage] ??= []).push(ms);
  };
  for (const [k, rec] of records.entries()) {
    const url = urlFor(rec.id);
    const baseUrl = rec.url ?? null;
    await loadForTiming(page, cdp, url, injected);
    await call('first', 'SiftA', baseUrl);
    const later: [string, string][] = [['freshCode', 'SiftB'], ['warm', 'SiftA']];
    for (const [label, name] of k % 2 === 0 ? later : later.reverse()) await call(label, name, baseUrl);
    await loadForTiming(page, cdp, url, injected);
    await call('readability first', 'readability', null);
    await call('readability second', 'readability', null);
    if ((k + 1) % 25 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
  }
  await context.close();
  const r50 = quantile(times['readability first']!, 0.5);
  console.log(`${records.length} pages · main-thread CPU ms, median (mean) · ÷ Readability's first call · stage medians (wall ms)`);
  for (const [label, xs] of Object.entries(times)) {
    const st = Object.entries(stages[label] ?? {}).map(([s, v]) => `${s} ${quantile(v, 0.5).toFixed(1)}`).join(' · ');
    console.log(`${label.padEnd(19)} ${quantile(xs, 0.5).toFixed(2).padStart(6)} (${mean(xs).toFixed(2)})  ${(quantile(xs, 0.5) / r50).toFixed(3)}  ${st}`);
  }
  const ratio = (a: string, b: string): string => pairedSummary(times[a]!.map((x, i) => x / times[b]![i]!));
  console.log(`paired freshCode / first: ${ratio('freshCode', 'first')}`);
  console.log(`paired warm / first:      ${ratio('warm', 'first')}`);
}

async function freshRenderer(browser: Browser, urlFor: (id: string) => string, records: TruthRecord[], core: string): Promise<void> {
  const variants: Record<string, { inject: string; call: string }> = {
    sift: { inject: `${core}\n0`, call: 'Sift.extract(document, { baseUrl: __baseUrl }); 0' },
    readability: { inject: `${readabilityScript()} 0`, call: 'new Readability(document.cloneNode(true), {}).parse(); 0' },
    transport: { inject: `/*${' '.repeat(core.length)}*/0`, call: '0' },
  };
  const times: Record<string, { inject: number[]; call: number[] }> = {};
  for (const [k, rec] of records.entries()) {
    const names = Object.keys(variants);
    for (const name of k % 2 === 0 ? names : names.reverse()) {
      const context = await browser.newContext(CONTEXT_OPTIONS);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // Loaded as the benchmark loads it, with only the page's address injected: the script to time comes next.
      await loadForTiming(page, cdp, urlFor(rec.id), `globalThis.__baseUrl = ${JSON.stringify(rec.url ?? null)}; 0`);
      const cpu = await threadTimer(cdp);
      const t0 = await cpu();
      const inj = await cdp.send('Runtime.evaluate', { expression: variants[name]!.inject });
      const t1 = await cpu();
      const r = await cdp.send('Runtime.evaluate', { expression: variants[name]!.call });
      const t2 = await cpu();
      await context.close();
      if (inj.exceptionDetails || r.exceptionDetails) throw new Error(`${name} on ${rec.id}: ${(inj.exceptionDetails ?? r.exceptionDetails)!.text}`);
      const e = (times[name] ??= { inject: [], call: [] });
      e.inject.push(t1 - t0);
      e.call.push(t2 - t1);
    }
    if ((k + 1) % 10 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
  }
  console.log(`${records.length} pages, each call the first of its renderer · main-thread CPU ms, median (mean)`);
  for (const [name, e] of Object.entries(times)) {
    const total = e.inject.map((x, i) => x + e.call[i]!);
    console.log(`${name.padEnd(12)} inject ${quantile(e.inject, 0.5).toFixed(1)} (${mean(e.inject).toFixed(1)}) · first call ${quantile(e.call, 0.5).toFixed(1)} (${mean(e.call).toFixed(1)}) · both ${quantile(total, 0.5).toFixed(1)}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
      every: { type: 'string', default: '20' },
      core: { type: 'string', default: SIFT_IIFE_DEFAULT },
      inject: { type: 'boolean', default: false },
    },
  });
  const dataset = loadDataset(resolve(values.data));
  const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);
  const core = readFileSync(resolve(values.core), 'utf8');
  const server = await startPageServer([dataset]);
  const browser = await launchBenchBrowser(server.proxy);
  try {
    const urlFor = (id: string): string => server.urlFor(0, id);
    await (values.inject ? freshRenderer : sameTab)(browser, urlFor, records, core);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
