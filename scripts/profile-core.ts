/**
 * Where does `Sift.extract` spend its time in the benchmark's situation (a fresh page, cold
 * JIT, layout already forced)? Loads wcxb pages exactly as the benchmark does (its page
 * server, its browser flags, the same injected IIFE + harness over Runtime.evaluate, the same
 * probe), then either
 *   - records a CDP CPU profile around the one timed `Sift.extract(document)` call and
 *     aggregates self time by function over all pages (default), or
 *   - `--count`: counts DOM API calls per page (wrapped prototypes; timings then meaningless).
 *
 * `npx tsx scripts/profile-core.ts [--data ../shared/bench-data/wcxb-dev] [--pages 40]
 *    [--every 40] [--interval 50] [--top 30] [--count] [--no-build] [--readability] [--inclusive]`
 * `--readability` profiles the Readability call instead (to compare what it spends time on).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { RUNTIME_SCRIPTS } from '../bench/engines';
import { addSelfTimes, type CpuProfile } from '../bench/pageTiming';
import { startPageServer } from '../bench/server';
import { buildCore, CORE_DEBUG_IIFE_PATH } from './build-core';


/** DOM entry points the core uses; each is wrapped with a counter in --count mode. */
const COUNT_SCRIPT = `(() => {
  const counts = globalThis.__domCounts = {};
  const wrap = (proto, name, label) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    if (!d) return;
    if (typeof d.value === 'function') {
      const f = d.value;
      Object.defineProperty(proto, name, { ...d, value: function (...a) { counts[label] = (counts[label] || 0) + 1; return f.apply(this, a); } });
    } else if (d.get) {
      const g = d.get;
      Object.defineProperty(proto, name, { ...d, get: function () { counts[label] = (counts[label] || 0) + 1; return g.call(this); } });
    }
  };
  for (const n of ['checkVisibility', 'getBoundingClientRect', 'getAttribute', 'hasAttribute', 'querySelector', 'querySelectorAll', 'tagName', 'firstElementChild']) wrap(Element.prototype, n, 'Element.' + n);
  for (const n of ['firstChild', 'lastChild', 'nextSibling', 'previousSibling', 'parentNode', 'parentElement', 'nodeType', 'nodeValue', 'textContent']) wrap(Node.prototype, n, 'Node.' + n);
  for (const n of ['currentSrc', 'naturalWidth', 'naturalHeight']) wrap(HTMLImageElement.prototype, n, 'img.' + n);
  wrap(Window.prototype, 'getComputedStyle', 'getComputedStyle');
  wrap(globalThis, 'getComputedStyle', 'getComputedStyle');
  for (const n of ['querySelector', 'querySelectorAll', 'getElementsByTagName']) wrap(Document.prototype, n, 'Document.' + n);
  const U = globalThis.URL;
  globalThis.URL = new Proxy(U, { construct(t, a) { counts['new URL'] = (counts['new URL'] || 0) + 1; return new t(...a); } });
})();`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
      pages: { type: 'string', default: '40' },
      every: { type: 'string', default: '40' },
      interval: { type: 'string', default: '50' },
      top: { type: 'string', default: '30' },
      count: { type: 'boolean', default: false },
      readability: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      lines: { type: 'string' },
      warm: { type: 'boolean', default: false },
      inclusive: { type: 'boolean', default: false },
    },
  });
  if (!values['no-build']) await buildCore();
  const dataset = loadDataset(resolve(values.data));
  const every = Number(values.every);
  const records = dataset.records.filter((_, i) => i % every === 0).slice(0, Number(values.pages));
  const interval = Number(values.interval);
  const runtime = values.readability ? 'readability' : 'sift';
  const injected = [
    ...(['sift', 'readability'] as const).map((r) => {
      const { file, global } = RUNTIME_SCRIPTS[r];
      // The unminified build of the same core: profiles name functions and lines.
      return `${readFileSync(r === 'sift' ? CORE_DEBUG_IIFE_PATH : file(), 'utf8')}\n;if (typeof ${global} !== 'undefined') globalThis.${global} = ${global};`;
    }),
    readFileSync(new URL('../bench/page/harness.js', import.meta.url), 'utf8'),
    ...(values.count ? [COUNT_SCRIPT] : []),
  ].map((s) => `${s}\n;`).join('\n') + '\n0';

  const server = await startPageServer([dataset]);
  const browser = await launchBenchBrowser(server.proxy);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const selfMs = new Map<string, number>();
  const counts = new Map<string, number[]>();
  const times: number[] = [];
  const lineTicks = new Map<string, number>();
  let totalMs = 0;
  try {
    for (const rec of records) {
      try {
        await page.goto(server.urlFor(0, rec.id), { waitUntil: 'load', timeout: 20_000 });
      } catch { /* measured if committed, like the bench */ }
      await cdp.send('Runtime.evaluate', { expression: injected, returnByValue: true });
      await page.evaluate(() => (globalThis as unknown as { __siftBench: { probe(): unknown } }).__siftBench.probe());
      const call = `globalThis.__siftBench.run(${JSON.stringify(runtime)}, null)`;
      if (values.count) {
        const r = await cdp.send('Runtime.evaluate', { expression: `(() => { for (const k in __domCounts) delete __domCounts[k]; const o = ${call}; return { ms: o.ms, counts: { ...__domCounts } }; })()`, returnByValue: true });
        const v = r.result.value as { ms: number; counts: Record<string, number> };
        for (const [k, n] of Object.entries(v.counts)) {
          if (!counts.has(k)) counts.set(k, []);
          counts.get(k)!.push(n);
        }
        continue;
      }
      // The harness's forced GC runs before its clock starts: run it outside the profile too,
      // then time the same call the harness times.
      // --warm: profile a later call on the same page (steady state, JIT warm).
      if (values.warm) await cdp.send('Runtime.evaluate', { expression: runtime === 'sift' ? 'for (let k = 0; k < 3; k++) Sift.extract(document); 0' : 'for (let k = 0; k < 3; k++) new Readability(document.cloneNode(true), {}).parse(); 0' });
      await cdp.send('Runtime.evaluate', { expression: 'globalThis.gc && globalThis.gc(); 0' });
      const timed = runtime === 'sift'
        ? '(() => { const t0 = performance.now(); Sift.extract(document); return { ms: performance.now() - t0 }; })()'
        : '(() => { const t0 = performance.now(); new Readability(document.cloneNode(true), {}).parse(); return { ms: performance.now() - t0 }; })()';
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: Number(values.interval) });
      await cdp.send('Profiler.start');
      const r = await cdp.send('Runtime.evaluate', { expression: timed, returnByValue: true });
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      await cdp.send('Profiler.disable');
      times.push((r.result.value as { ms: number }).ms);
      if (values.lines) {
        const want = new Set(values.lines.split(','));
        for (const n of profile.nodes) {
          if (!want.has(n.callFrame.functionName)) continue;
          for (const t of n.positionTicks ?? []) {
            const key = `${n.callFrame.functionName}:${t.line}`;
            lineTicks.set(key, (lineTicks.get(key) ?? 0) + t.ticks);
          }
        }
      }
      // Count samples rather than their full time deltas (addSelfTimes' cap).
      totalMs += values.inclusive ? addInclusiveTimes(profile, selfMs, interval) : addSelfTimes(profile, selfMs, interval);
    }
  } finally {
    await context.close();
    await browser.close();
    await server.close();
  }
  if (values.count) {
    console.log(`DOM calls per page over ${records.length} pages (median / max):`);
    const med = (a: number[]): number => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)] ?? 0; };
    for (const [k, a] of [...counts].sort((x, y) => med(y[1]) - med(x[1]))) {
      while (a.length < records.length) a.push(0);
      console.log(`${k.padEnd(32)} ${String(med(a)).padStart(8)} ${String(Math.max(...a)).padStart(9)}`);
    }
    return;
  }
  times.sort((a, b) => a - b);
  console.log(`${records.length} pages, ${runtime}: median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms (profiled), sampled total ${totalMs.toFixed(0)} ms`);
  if (values.inclusive) console.log('inclusive time (the function or anything it called):');
  const top = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
  for (const [k, ms] of top) console.log(`${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / totalMs).toFixed(1).padStart(5)}%  ${k}`);
  if (values.lines) {
    // Line numbers are in build/sift-core.debug.iife.js (unminified).
    console.log('hot lines (samples):');
    for (const [k, n] of [...lineTicks].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${String(n).padStart(6)}  ${k}`);
  }
}

/**
 * Like addSelfTimes, but each sample counts for every function on its stack (once per
 * function, however often it recurs): where a stage's time goes, callees included.
 */
function addInclusiveTimes(profile: CpuProfile, into: Map<string, number>, capUs: number): number {
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (CpuProfile['nodes'][number] & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  (profile.samples ?? []).forEach((id, k) => {
    const leaf = byId.get(id);
    if (!leaf || leaf.callFrame.functionName === '(idle)' || leaf.callFrame.functionName === '(program)') return;
    const ms = Math.min(deltas[k] ?? 0, capUs) / 1000;
    total += ms;
    const seen = new Set<string>();
    for (let node: typeof leaf | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const { functionName, lineNumber } = node.callFrame;
      const key = lineNumber >= 0 ? `${functionName || '(anonymous)'}:${lineNumber + 1}` : functionName;
      if (key === '(root)' || seen.has(key)) continue;
      seen.add(key);
      into.set(key, (into.get(key) ?? 0) + ms);
    }
  });
  return total;
}

await main();
