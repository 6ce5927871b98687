import type { CDPSession, Page } from 'playwright-core';

/**
 * What the paired timing tools (scripts/ab-core.ts, training/abEngines.ts) share: the
 * renderer main thread's CPU clock, and a page load exactly as the benchmark loads a page
 * (bench/browser.ts), with the engines' scripts injected and layout forced.
 */

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
