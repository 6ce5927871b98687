/**
 * Paired A/B of two core builds on core-budgets' 200,000-element page (issue 2's budget).
 * Each repetition loads the page fresh for each build (alternating which build goes first),
 * forces layout, injects the IIFE and times the first `Sift.extractResult(document)` call
 * (cold, like core-budgets) in wall ms and main-thread CPU (CDP ThreadTime, which counts only
 * the renderer main thread's own CPU, so `nice` and other users' jobs barely move it), then
 * optionally a warm median. The clip of every run (trace.ms and trace.stages aside) is hashed
 * in the page: any difference between the builds is reported.
 *
 * `npx tsx scripts/big-page-ab.ts --a <old sift-core.iife.js> [--b build/sift-core.iife.js]
 *    [--n 5] [--elements 200000] [--warm 0] [--profile A|B] [--top 30] [--build]`
 * `--profile X`: a CDP CPU profile of build X's cold call on each of its runs instead of the
 * A/B table (self time per function, `(garbage collector)` included); use it on the
 * unminified build (`--b build/sift-core.debug.iife.js`). `--heap` with it: sampled allocations (MB) by function.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { addSelfTimes, median, threadTimer, type CpuProfile } from '../bench/pageTiming';
import { buildCore, CORE_IIFE_PATH } from './build-core';
import { bigPage, serve } from './core-budgets';

interface HeapNode { callFrame: { functionName: string; lineNumber: number }; selfSize: number; children: HeapNode[] }
interface Run { ms: number; cpu: number; warm: number | null; hash: string; ok: boolean }

/** In the page: the cold call, its time, and (after the clock) the clip's hash. */
const COLD = `(() => {
  const t0 = performance.now();
  const r = Sift.extractResult(document);
  const ms = performance.now() - t0;
  globalThis.__bigResult = r;
  return ms;
})()`;
const WARM = `((n) => {
  const t = [];
  for (let i = 0; i < n; i++) { const t0 = performance.now(); Sift.extractResult(document); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  return t[t.length >> 1];
})`;
/** FNV-1a over the clip's JSON (crypto.subtle needs a secure origin; budget.test is not). */
const HASH = `(() => {
  const r = globalThis.__bigResult;
  if (r.ok) { r.clip.trace.ms = 0; delete r.clip.trace.stages; }
  const s = JSON.stringify(r);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return { ok: r.ok, hash: (h >>> 0).toString(16) + ':' + s.length };
})()`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      a: { type: 'string' },
      b: { type: 'string', default: CORE_IIFE_PATH },
      n: { type: 'string', default: '5' },
      elements: { type: 'string', default: '200000' },
      warm: { type: 'string', default: '0' },
      profile: { type: 'string' },
      heap: { type: 'boolean', default: false },
      lines: { type: 'string' },
      top: { type: 'string', default: '30' },
      build: { type: 'boolean', default: false },
    },
  });
  if (!values.a) throw new Error('--a <old iife> is required');
  if (values.build) await buildCore();
  const code = { A: readFileSync(resolve(values.a), 'utf8'), B: readFileSync(resolve(values.b), 'utf8') };
  const body = bigPage(Number(values.elements));
  const n = Number(values.n);
  const warmCalls = Number(values.warm);
  const profileOnly = values.profile as 'A' | 'B' | undefined;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const runs: Record<'A' | 'B', Run[]> = { A: [], B: [] };
  const selfMs = new Map<string, number>();
  let profiledMs = 0;
  const lineTicks = new Map<string, number>();
  try {
    for (let k = 0; k < n; k++) {
      const order: ('A' | 'B')[] = profileOnly ? [profileOnly] : k % 2 ? ['B', 'A'] : ['A', 'B'];
      for (const name of order) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        page.setDefaultTimeout(300_000);
        await serve(page, body);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Runtime.evaluate', { expression: 'document.documentElement.getBoundingClientRect().height', returnByValue: true });
        const inj = await cdp.send('Runtime.evaluate', { expression: `${code[name]}\n;0` });
        if (inj.exceptionDetails) throw new Error(`inject ${name}: ${inj.exceptionDetails.text}`);
        const threadTime = await threadTimer(cdp);
        if (profileOnly && values.heap) {
          await cdp.send('HeapProfiler.enable');
          await cdp.send('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        } else if (profileOnly) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
        }
        const before = await threadTime();
        const r = await cdp.send('Runtime.evaluate', { expression: COLD, returnByValue: true });
        const cpu = (await threadTime()) - before;
        if (r.exceptionDetails) throw new Error(`${name} threw: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        if (profileOnly && values.heap) {
          const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
          // Native functions (line 0) are named with their JS caller: `replace<serialize:12`.
          const stack: [HeapNode, string][] = [[profile.head, '']];
          while (stack.length) {
            const [h, caller] = stack.pop()!;
            const own = `${h.callFrame.functionName || '(anonymous)'}:${h.callFrame.lineNumber + 1}`;
            const key = h.callFrame.lineNumber < 0 ? `${h.callFrame.functionName}<${caller}` : own;
            selfMs.set(key, (selfMs.get(key) ?? 0) + h.selfSize / 1e6);
            profiledMs += h.selfSize / 1e6;
            for (const c of h.children) stack.push([c, h.callFrame.lineNumber < 0 ? caller : own]);
          }
        } else if (profileOnly) {
          const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
          await cdp.send('Profiler.disable');
          profiledMs += addSelfTimes(profile, selfMs);
          // --lines f,g: samples per source line of those functions (lines of the IIFE file).
          const want = new Set((values.lines ?? '').split(','));
          for (const node of profile.nodes) {
            if (!want.has(node.callFrame.functionName)) continue;
            for (const t of node.positionTicks ?? []) lineTicks.set(`${node.callFrame.functionName}:${t.line}`, (lineTicks.get(`${node.callFrame.functionName}:${t.line}`) ?? 0) + t.ticks);
          }
        }
        const h = (await cdp.send('Runtime.evaluate', { expression: HASH, returnByValue: true })).result.value as { ok: boolean; hash: string };
        let warm: number | null = null;
        if (warmCalls > 0) warm = (await cdp.send('Runtime.evaluate', { expression: `${WARM}(${warmCalls})`, returnByValue: true })).result.value as number;
        runs[name].push({ ms: r.result.value as number, cpu, warm, hash: h.hash, ok: h.ok });
        process.stderr.write(`${k + 1}/${n} ${name}: cold ${(r.result.value as number).toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms${warm === null ? '' : `, warm ${warm.toFixed(0)} ms`} ${h.ok ? 'clipped' : 'REFUSED'} ${h.hash}\n`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (profileOnly) {
    // --heap: the same table in MB allocated (sampled), by allocating function.
    console.log(`${profileOnly}: ${n} cold calls, sampled ${profiledMs.toFixed(0)} ${values.heap ? 'MB allocated' : 'ms'} (${(profiledMs / n).toFixed(0)} per call)`);
    for (const [fn, ms] of [...selfMs].sort((x, y) => y[1] - x[1]).slice(0, Number(values.top))) {
      console.log(`${(ms / n).toFixed(1).padStart(8)} ms/call ${((100 * ms) / profiledMs).toFixed(1).padStart(5)}%  ${fn}`);
    }
    for (const [k, t] of [...lineTicks].sort((x, y) => y[1] - x[1]).slice(0, 40)) console.log(`${String(t).padStart(7)} samples  ${k}`);
    return;
  }
  console.log(`${Number(values.elements).toLocaleString('en')}-element page, ${n} cold runs per build, alternating; medians`);
  for (const name of ['A', 'B'] as const) {
    const rs = runs[name];
    const warm = rs.map((r) => r.warm).filter((w): w is number => w !== null);
    console.log(`${name}  cold ${median(rs.map((r) => r.ms)).toFixed(0).padStart(5)} ms  CPU ${median(rs.map((r) => r.cpu)).toFixed(0).padStart(5)} ms${warm.length ? `  warm ${median(warm).toFixed(0).padStart(5)} ms` : ''}  (cold min ${Math.min(...rs.map((r) => r.ms)).toFixed(0)}, max ${Math.max(...rs.map((r) => r.ms)).toFixed(0)})`);
  }
  const ratios = runs.B.map((b, k) => b.cpu / runs.A[k]!.cpu);
  console.log(`paired CPU B/A: median ${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(3)).join(' ')})`);
  const hashes = new Set([...runs.A, ...runs.B].map((r) => r.hash));
  console.log(hashes.size === 1 ? `clips identical in every run (${[...hashes][0]})` : `CLIPS DIFFER: ${[...hashes].join(' ')}`);
  process.exitCode = hashes.size === 1 ? 0 : 1;
}

await main();
