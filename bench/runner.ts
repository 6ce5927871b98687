import type { Browser } from 'playwright-core';
import { DEFAULT_LIMITS, launchBenchBrowser, PageWorker, type EngineOutcome, type PageOutcome, type WorkerLimits } from './browser';
import type { Dataset, TruthRecord } from './dataset';
import type { EngineSpec } from './engines';
import { Progress } from './progress';
import { startPageServer } from './server';

export interface Job {
  datasetIndex: number;
  record: TruthRecord;
}

export interface PageResult extends Job {
  outcomes: Map<string, EngineOutcome>;
  /** How the browser decoded the page, and how bench-data/README.md says it should. */
  charset: string | null;
  expectedCharset: string | null;
  phases: PageOutcome['phases'];
}

export interface RunSummary {
  results: PageResult[];
  wallMs: number;
  browserVersion: string;
  concurrency: number;
  /** Requests the page server refused because they were not for this machine. */
  blockedRequests: number;
  blockedHosts: number;
  /** Pages the browser decoded differently from the README's rule (should be 0). */
  charsetMismatches: { dataset: string; id: string; got: string | null; expected: string | null }[];
}

export interface RunOptions {
  concurrency: number;
  limits?: WorkerLimits;
  progressLabel?: string;
  /** Periodic progress lines when stderr is not a terminal. */
  progressIntervalMs?: number;
}

/**
 * Load every page once in headless Chromium and run every engine on it.
 * Workers (one context each) pull pages from a shared queue; engine order rotates from
 * page to page so no engine always runs first on a cold page.
 */
export async function runBenchmark(
  datasets: readonly Dataset[],
  jobs: readonly Job[],
  engines: ReadonlyMap<string, EngineSpec>,
  options: RunOptions,
): Promise<RunSummary> {
  const started = Date.now();
  const server = await startPageServer(datasets);
  let browser: Browser | null = null;
  const results: PageResult[] = new Array<PageResult>(jobs.length);
  const progress = new Progress(jobs.length, options.progressLabel ?? 'bench', options.progressIntervalMs);
  const entries = [...engines];
  try {
    browser = await launchBenchBrowser(server.proxy);
    const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, () => new PageWorker(browser!, engines, options.limits ?? DEFAULT_LIMITS));
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        for (let i = next++; i < jobs.length; i = next++) {
          const job = jobs[i]!;
          const shift = i % entries.length;
          const order = [...entries.slice(shift), ...entries.slice(0, shift)];
          const out = await worker.run(server.urlFor(job.datasetIndex, job.record.id), order, job.record.url);
          results[i] = {
            ...job,
            outcomes: out.engines,
            charset: out.charset,
            phases: out.phases,
            expectedCharset: server.expectedCharset.get(`${job.datasetIndex}/${job.record.id}`) ?? null,
          };
          progress.tick([...out.engines.values()].some((o) => o.error !== null));
        }
        await worker.close();
      }),
    );
    const browserVersion = browser.version();
    const charsetMismatches = results
      .filter((r) => r.charset !== null && r.expectedCharset !== null && r.charset.toLowerCase() !== r.expectedCharset.toLowerCase())
      .map((r) => ({ dataset: datasets[r.datasetIndex]!.name, id: r.record.id, got: r.charset, expected: r.expectedCharset }));
    return {
      results,
      wallMs: Date.now() - started,
      browserVersion,
      concurrency: workers.length,
      blockedRequests: server.blocked.count,
      blockedHosts: server.blocked.hosts.size,
      charsetMismatches,
    };
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}
