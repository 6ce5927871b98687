import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { EngineSpec } from './engines';
import { RUNTIME_SCRIPTS } from './engines';

/** Debian's Chromium; Playwright cannot download its own browser here (TOOLCHAIN.md). */
export const CHROMIUM = process.env.SIFT_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Flags from TOOLCHAIN.md, plus --expose-gc so the harness can collect before each timed call.
 * `SIFT_V8_FLAGS` adds V8 flags for an experiment (`--maglev-filter=-computeStats`,
 * `--trace-opt` with `DEBUG=pw:browser`); a run with it is not the benchmark's situation.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-sync', '--disable-quic', `--js-flags=${['--expose-gc', process.env.SIFT_V8_FLAGS ?? ''].join(' ').trim()}`,
];

/** A fixed viewport: Sift reads rendered widths, so layout must not vary between runs. */
export const VIEWPORT = { width: 1280, height: 800 };

/**
 * Nothing leaves the machine, enforced in Chromium's network stack rather than per request
 * over CDP (page.route paused every request and roughly doubled load times here):
 * - every non-loopback request goes to `proxy` (our page server), which refuses it;
 * - every host name except 127.0.0.1 resolves to "not found", in case anything skips the proxy.
 * Loopback bypasses the proxy by Chromium's default rules. Note: Playwright's own `proxy`
 * option would force loopback through the proxy too, so we pass the flag ourselves.
 */
export async function launchBenchBrowser(proxy: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--proxy-server=${proxy}`, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
}

export interface EngineOutcome {
  text: string;
  ms: number | null;
  error: string | null;
}

export interface PageOutcome {
  /** Per engine name. */
  engines: Map<string, EngineOutcome>;
  /** document.characterSet as the browser decoded the page. */
  charset: string | null;
  /** The top frame left the page under test (e.g. a refresh): the outcomes are errors. */
  navigatedAway: boolean;
  /** Wall-clock ms of each phase as seen from Node: load, inject, layout, engines. */
  phases: { load: number; inject: number; layout: number; engines: number };
}

export interface WorkerLimits {
  /** Budget for loading one page (the load event; everything remote is aborted). */
  navigationMs: number;
  /** Budget for one engine call; past it the tab is killed and the engine gets an error. */
  engineMs: number;
}

export const DEFAULT_LIMITS: WorkerLimits = { navigationMs: 20_000, engineMs: 30_000 };

class Timeout extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Timeout(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * One browser context with one reusable tab. Each worker owns its context, so two workers
 * are two renderer processes on the machine's two cores.
 */
export class PageWorker {
  private context: BrowserContext | null = null;
  private page: Page | null = null;
  private cdp: CDPSession | null = null;
  private readonly injected: string;

  constructor(
    private readonly browser: Browser,
    engines: ReadonlyMap<string, EngineSpec>,
    private readonly limits: WorkerLimits = DEFAULT_LIMITS,
  ) {
    const runtimes = new Set([...engines.values()].map((e) => e.runtime));
    const parts = [...runtimes].map((r) => {
      const { file, global } = RUNTIME_SCRIPTS[r];
      return `${readFileSync(file(), 'utf8')}\n;if (typeof ${global} !== 'undefined') globalThis.${global} = ${global};`;
    });
    parts.push(readFileSync(new URL('./page/harness.js', import.meta.url), 'utf8'));
    // One classic script: `;0` keeps the result small.
    this.injected = parts.map((src) => `${src}\n;`).join('\n') + '\n0';
  }

  private crashed = false;

  private async ensurePage(): Promise<Page> {
    if (this.crashed) await this.dropPage();
    if (this.page && !this.page.isClosed()) return this.page;
    if (!this.context) {
      this.context = await this.browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
    }
    this.page = await this.context.newPage();
    this.crashed = false;
    // A renderer that crashed (e.g. out of memory on a huge page) is replaced before the next page.
    this.page.on('crash', () => {
      this.crashed = true;
    });
    this.cdp = await this.context.newCDPSession(this.page);
    // A page's dialogs (none should appear without scripts) must never block the run.
    this.page.on('dialog', (d) => void d.dismiss().catch(() => {}));
    return this.page;
  }

  /** Kill a tab whose renderer hangs; the next page gets a fresh one. */
  private async dropPage(): Promise<void> {
    const page = this.page;
    this.page = null;
    await this.cdp?.detach().catch(() => {});
    this.cdp = null;
    if (page) await withTimeout(page.close({ runBeforeUnload: false }), 5_000, 'closing a hung tab').catch(() => {});
  }

  /**
   * `pageUrl`: the page's own address (the dataset's `url`). The page is served from this
   * machine, so its `document.URL` is the local server's; Sift's engines are told the real
   * address as `baseUrl`, as the content script's page has it (links resolve against it, and
   * a link to the page's own site is seen as one). Readability reads only the text.
   */
  async run(url: string, engines: ReadonlyArray<[string, EngineSpec]>, pageUrl?: string | null): Promise<PageOutcome> {
    const outcome: PageOutcome = { engines: new Map(), charset: null, navigatedAway: false, phases: { load: 0, inject: 0, layout: 0, engines: 0 } };
    let mark = Date.now();
    const phase = (name: keyof PageOutcome['phases']) => {
      const now = Date.now();
      outcome.phases[name] = now - mark;
      mark = now;
    };
    const failAll = (error: string) => {
      for (const [name] of engines) if (!outcome.engines.has(name)) outcome.engines.set(name, { text: '', ms: null, error });
    };
    let page: Page;
    try {
      page = await this.ensurePage();
    } catch (e) {
      failAll(`browser: ${(e as Error).message}`);
      return outcome;
    }
    try {
      // 'load' comes fast: scripts are blocked and every remote request is aborted at once.
      await page.goto(url, { waitUntil: 'load', timeout: this.limits.navigationMs });
    } catch (e) {
      // A page that never reaches 'load' is still measured if it committed.
      if (page.url() !== url) {
        failAll(`navigation: ${(e as Error).message.split('\n')[0]}`);
        await this.dropPage();
        return outcome;
      }
    }
    phase('load');
    try {
      // Straight Runtime.evaluate (a classic script, not Playwright's eval wrapper): V8's
      // compilation cache then serves the same source on every page of the renderer.
      const injected = await withTimeout(this.cdp!.send('Runtime.evaluate', { expression: this.injected, returnByValue: true }), this.limits.engineMs, 'injecting engines');
      if (injected.exceptionDetails) throw new Error(`engine scripts threw: ${injected.exceptionDetails.exception?.description ?? injected.exceptionDetails.text}`);
      phase('inject');
      const probe = await withTimeout(
        page.evaluate(() => (globalThis as unknown as { __siftBench: { probe(): { charset: string } } }).__siftBench.probe()),
        this.limits.engineMs,
        'layout',
      );
      outcome.charset = probe.charset;
      phase('layout');
    } catch (e) {
      failAll(`setup: ${(e as Error).message.split('\n')[0]}`);
      await this.dropPage();
      return outcome;
    }
    for (const [name, spec] of engines) {
      try {
        const r = await withTimeout(
          page.evaluate(
            ([runtime, options]) =>
              (globalThis as unknown as { __siftBench: { run(r: string, o: unknown): EngineOutcome } }).__siftBench.run(runtime, options),
            [spec.runtime, pageUrl && spec.runtime === 'sift' ? { ...spec.options, baseUrl: pageUrl } : spec.options ?? null] as const,
          ),
          this.limits.engineMs,
          name,
        );
        outcome.engines.set(name, r);
      } catch (e) {
        outcome.engines.set(name, { text: '', ms: null, error: (e as Error).message.split('\n')[0]! });
        if (e instanceof Timeout || page.isClosed()) {
          failAll('tab killed after a previous engine hung or crashed');
          await this.dropPage();
          break;
        }
      }
    }
    phase('engines');
    // A document swap during the run means the engines may have measured the wrong page.
    if (page.isClosed() || page.url() !== url) {
      outcome.navigatedAway = true;
      for (const [name] of engines) outcome.engines.set(name, { text: '', ms: null, error: `page navigated away to ${page.isClosed() ? '(closed)' : page.url()}` });
      await this.dropPage();
    }
    return outcome;
  }

  async close(): Promise<void> {
    await this.context?.close().catch(() => {});
    this.context = null;
    this.page = null;
  }
}
