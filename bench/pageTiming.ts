import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { READABILITY_JS } from './paths';

/**
 * What the timing tools (scripts/ab-core.ts, cold-parts.ts, training/abEngines.ts, …) share:
 * the renderer main thread's CPU clock, a page load exactly as the benchmark loads a page
 * (bench/browser.ts) with the engines' scripts injected and layout forced, and those scripts.
 */

/**
 * A core IIFE's source as a script that leaves its API at `globalThis[name]` instead of
 * `globalThis.Sift`: two builds, or two copies of one, side by side in a page.
 */
export function coreAsGlobal(source: string, name: string): string {
  return `${source}\n;globalThis.${name} = globalThis.Sift; delete globalThis.Sift;`;
}

/** Readability's source as a script that leaves `Readability` on globalThis (the file declares a plain function). */
export function readabilityScript(): string {
  return `${readFileSync(READABILITY_JS, 'utf8')}\n;globalThis.Readability = Readability;`;
}

/**
 * CPU time of the renderer's main thread in ms (CDP Performance.getMetrics ThreadTime):
 * unlike the wall clock it does not count time the thread waited for a core.
 */
export async function threadTimer(cdp: CDPSession): Promise<() => Promise<number>> {
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const m = await cdp.send('Performance.getMetrics');
    return 1000 * (m.metrics.find((x) => x.name === 'ThreadTime')?.value ?? NaN);
  };
}

/**
 * Load `url`, inject `script` (one classic script over Runtime.evaluate, as the benchmark
 * does), force layout. Call it once per engine: the first script to touch a node pays for
 * its JS wrapper, so an engine run after another on the same document would get the DOM
 * walk's wrappers for free (Readability walks its own clone either way).
 */
export async function loadForTiming(page: Page, cdp: CDPSession, url: string, script: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 20_000 });
  } catch { /* measured if it committed, like the bench */ }
  const inj = await cdp.send('Runtime.evaluate', { expression: script, returnByValue: true });
  if (inj.exceptionDetails) throw new Error(`inject: ${inj.exceptionDetails.text}`);
  await cdp.send('Runtime.evaluate', { expression: 'document.documentElement.getBoundingClientRect().height', returnByValue: true });
}

/** The q-quantile of `xs` (nearest rank, upper middle for q = 0.5); NaN when empty. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/**
 * A 95 % bootstrap interval for the median (`quantile(·, 0.5)`) of `xs`: 2,000 resamples drawn
 * by a fixed-seed xorshift, so a report is reproducible from its numbers. [NaN, NaN] when empty.
 */
export function bootstrapMedianInterval(xs: readonly number[]): [number, number] {
  if (xs.length === 0) return [NaN, NaN];
  let seed = 0x2545f491;
  const random = (): number => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return (seed >>> 0) / 0x100000000;
  };
  const medians: number[] = [];
  const sample = new Array<number>(xs.length);
  for (let r = 0; r < 2000; r++) {
    for (let k = 0; k < xs.length; k++) sample[k] = xs[Math.floor(random() * xs.length)]!;
    medians.push(quantile(sample, 0.5));
  }
  return [quantile(medians, 0.025), quantile(medians, 0.975)];
}

/**
 * The summary the A/B tools print for per-page paired ratios (B/A on the same page): the
 * median with its 95 % bootstrap interval, then the quartiles. One page's ratio varies by
 * ±20 % from load to load on this machine; a change inside the interval is not measured.
 */
export function pairedSummary(ratios: readonly number[]): string {
  const [lo, hi] = bootstrapMedianInterval(ratios);
  return `median ${quantile(ratios, 0.5).toFixed(3)} (95 % interval ${lo.toFixed(3)}–${hi.toFixed(3)}; quartiles ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)})`;
}

/** The median of `xs`, the two middle values averaged for an even count; NaN when empty. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : NaN;
}

/** The parts of a CDP `Profiler.stop` profile the tools read. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; positionTicks?: { line: number; ticks: number }[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Add a profile's self time per function (`name:line`, 1-based; native functions by name)
 * into `into`, in ms; idle and `(program)` samples are skipped. `capUs`
 * bounds each sample's share: on a shared machine a delta also holds the time the thread
 * waited for a core, which lands on whatever function it was in. Returns the ms added.
 */
export function addSelfTimes(profile: CpuProfile, into: Map<string, number>, capUs = Infinity): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  (profile.samples ?? []).forEach((id, k) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const key = lineNumber >= 0 ? `${functionName || '(anonymous)'}:${lineNumber + 1}` : functionName;
    const ms = Math.min(deltas[k] ?? 0, capUs) / 1000;
    into.set(key, (into.get(key) ?? 0) + ms);
    total += ms;
  });
  return total;
}
