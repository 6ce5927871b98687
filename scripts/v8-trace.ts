/**
 * What V8 itself does during one engine call: lazy compilation on the page's main thread and
 * optimizing compilation (Maglev, Turbofan) on background threads, from Chrome's trace events
 * (categories v8, v8.execute, disabled-by-default-v8.compile) recorded around the call.
 * Pages are loaded as the benchmark loads them (bench/pageTiming.ts: loadForTiming), each
 * engine on its own fresh load after a forced GC, like scripts/ab-core.ts.
 *
 * Every call gets its own browser context, which Chromium gives its own renderer process, so
 * every call is the first of its process: nothing is in V8's compilation cache (the benchmark
 * and ab-core.ts keep one tab, where an injected script's bytecode survives from page to page
 * and lazy compilation is mostly paid on the first page). That is what the first clip in a tab
 * whose renderer never ran the core pays. `--fresh` also starts a new browser per call;
 * `--one-tab` makes every call in one tab instead, the benchmark's situation.
 * Tracing slows the call itself: compare the engines within a run, not with other tools.
 *
 * `npx tsx scripts/v8-trace.ts [--data ../shared/bench-data/wcxb-dev] [--every 50] [--limit N]
 *    [--engines sift,readability] [--fresh | --one-tab]`
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { loadForTiming, median, readabilityScript } from '../bench/pageTiming';
import { SIFT_IIFE_DEFAULT } from '../bench/paths';
import { startPageServer } from '../bench/server';

const CALLS: Record<string, string> = {
  sift: 'Sift.extract(document)',
  readability: 'new Readability(document.cloneNode(true), {}).parse()',
};

/** The trace event names summed per call: main thread, and background (optimizing compilers). */
const MAIN = ['V8.CompileCode', 'V8.ParseFunction', 'V8.CompileIgnition', 'V8.FinalizeMaglevConcurrentCompilation', 'V8.BytecodeBudgetInterruptWithStackCheck'];
const BACKGROUND = ['V8.MaglevTask', 'V8.TurbofanTask'];

interface TraceEvent { name: string; ph: string; tid: number; ts: number; dur?: number; args?: { name?: string } }

/** One traced call: its in-page ms and the µs of each event name (`name (bg)` off the main thread). */
async function tracedCall(cdp: CDPSession, engine: string): Promise<{ ms: number; us: Map<string, number> }> {
  await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }): void => { events.push(...(e.value as TraceEvent[])); };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['v8', 'v8.execute', 'disabled-by-default-v8.compile'], excludedCategories: ['*'] },
    transferMode: 'ReportEvents',
  });
  const r = await cdp.send('Runtime.evaluate', { expression: `(() => { const t0 = performance.now(); ${CALLS[engine]}; return performance.now() - t0; })()`, returnByValue: true });
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  if (r.exceptionDetails) throw new Error(`${engine}: ${r.exceptionDetails.text}`);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const us = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const key = e.tid === main ? e.name : `${e.name} (bg)`;
    us.set(key, (us.get(key) ?? 0) + e.dur);
  }
  return { ms: r.result.value as number, us };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
      every: { type: 'string', default: '50' },
      limit: { type: 'string' },
      engines: { type: 'string', default: 'sift,readability' },
      fresh: { type: 'boolean', default: false },
      'one-tab': { type: 'boolean', default: false },
    },
  });
  const engines = values.engines.split(',');
  for (const e of engines) if (!CALLS[e]) throw new Error(`unknown engine ${e} (sift, readability)`);
  const dataset = loadDataset(resolve(values.data));
  const records = dataset.records.filter((_, i) => i % Number(values.every) === 0).slice(0, values.limit ? Number(values.limit) : undefined);
  const injected = `${readFileSync(SIFT_IIFE_DEFAULT, 'utf8')}\n;${readabilityScript()}\n0`;
  const server = await startPageServer([dataset]);
  let browser: Browser | null = null;
  const open = async (): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> => {
    browser ??= await launchBenchBrowser(server.proxy);
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    return { context, page, cdp: await context.newCDPSession(page) };
  };
  if (values.fresh && values['one-tab']) throw new Error('--fresh and --one-tab exclude each other');
  // --one-tab: every call in one tab, as the benchmark and ab-core.ts run (compiled code kept).
  let tab: Awaited<ReturnType<typeof open>> | null = null;
  const results = new Map(engines.map((e) => [e, [] as { ms: number; us: Map<string, number> }[]]));
  try {
    for (const [k, rec] of records.entries()) {
      // Alternate which engine goes first: what ran before on the same renderer is not neutral.
      for (const engine of k % 2 === 0 ? engines : [...engines].reverse()) {
        const { context, page, cdp } = values['one-tab'] ? (tab ??= await open()) : await open();
        await loadForTiming(page, cdp, server.urlFor(0, rec.id), injected);
        results.get(engine)!.push(await tracedCall(cdp, engine));
        if (!values['one-tab']) await context.close();
        if (values.fresh) { await browser!.close(); browser = null; }
      }
      if ((k + 1) % 10 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
    }
  } finally {
    await (browser as Browser | null)?.close();
    await server.close();
  }
  const row = (label: string, xs: number[]): string => `${label.padEnd(44)} ${median(xs).toFixed(2).padStart(8)} ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2).padStart(8)}`;
  console.log(`${records.length} pages${values.fresh ? ', a new browser per call' : values['one-tab'] ? ', one tab' : ', one browser'}: per call, median and mean ms`);
  for (const [engine, calls] of results) {
    console.log(`${engine}`);
    console.log(row('  the call (performance.now)', calls.map((c) => c.ms)));
    for (const name of [...MAIN, ...BACKGROUND.map((n) => `${n} (bg)`)]) console.log(row(`  ${name}`, calls.map((c) => (c.us.get(name) ?? 0) / 1000)));
  }
}

await main();
