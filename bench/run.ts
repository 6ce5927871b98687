/**
 * `npm run bench -- --data <dir> [--data <dir2>] [--limit N] [--engines sift,readability,…] [--out <dir>]`
 *
 * Serves every page of the dataset folder(s) from 127.0.0.1 to headless Chromium (page
 * scripts blocked, nothing leaves the machine), runs each engine on the live DOM with
 * Readability beside it, then writes predictions-<engine>.jsonl, report.json, report.html
 * and prints the tables. See README "Benchmark".
 */
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { buildCommittedCore, buildSiftCore } from './core';
import { loadDataset } from './dataset';
import { selectEngines } from './engines';
import { writeHtmlReport } from './html-report';
import { formatDuration } from './progress';
import { buildReport, formatTables, writeOutputs } from './report';
import { runBenchmark, type Job } from './runner';
import { REPO_ROOT } from './paths';

const USAGE = `usage: npm run bench -- --data <dir> [--data <dir>…] [options]
  --data <dir>          dataset folder (pages/<id>.html.gz + truth.jsonl); repeat for several
  --limit <n>           first n pages of each dataset (truth.jsonl order, after --type/--every)
  --type <a,b>          only pages of these types (e.g. article,forum)
  --every <n>           every n-th page of each dataset (a spread-out sample)
  --engines <a,b>       engines to run (default sift); readability always runs as the baseline
  --out <dir>           output folder (default bench-out/<date-time>)
  --concurrency <n>     pages loaded at once (default 2: this machine has 2 cores)
  --sift-options <json> extra options merged into every Sift engine call
  --no-build            use build/sift-core.iife.js (or $SIFT_CORE_IIFE) as it is (default: npm run build:core first)
  --core-rev <rev>      measure the core as committed at <rev> (built from git archive, not the working tree)
  --no-html             skip report.html
  --markdown            print the tables as Markdown`;

// async: a bad option (parseArgs throws) reaches the one error path below as a rejection.
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      limit: { type: 'string' },
      type: { type: 'string' },
      every: { type: 'string' },
      engines: { type: 'string', default: 'sift' },
      out: { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      'sift-options': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'core-rev': { type: 'string' },
      'no-html': { type: 'boolean', default: false },
      markdown: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help || !values.data?.length) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  const concurrency = Number(values.concurrency);
  const every = values.every === undefined ? 1 : Number(values.every);
  if (!(limit > 0) || !(concurrency >= 1) || !(Number.isInteger(every) && every >= 1)) throw new Error('--limit, --every and --concurrency must be positive numbers');
  const types = values.type ? new Set(values.type.split(',').map((t) => t.trim()).filter(Boolean)) : null;
  const siftOptions = values['sift-options'] ? (JSON.parse(values['sift-options']) as Record<string, unknown>) : undefined;
  const engines = selectEngines(values.engines.split(',').map((s) => s.trim()).filter(Boolean), siftOptions);
  return await run(values.data, { limit, every, types }, engines, {
    out: resolve(values.out ?? join(REPO_ROOT, 'bench-out', new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19))),
    concurrency,
    build: !values['no-build'],
    coreRev: values['core-rev'],
    html: !values['no-html'],
    markdown: values.markdown,
  });
}

async function run(
  dirs: string[],
  pick: { limit: number; every: number; types: ReadonlySet<string> | null },
  engines: ReturnType<typeof selectEngines>,
  o: { out: string; concurrency: number; build: boolean; coreRev: string | undefined; html: boolean; markdown: boolean },
): Promise<number> {
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const datasets = dirs.map((d) => loadDataset(d));
  const names = new Set<string>();
  for (const d of datasets) {
    if (names.has(d.name)) throw new Error(`two datasets named ${d.name}: their outputs would collide`);
    names.add(d.name);
  }
  const needsCore = [...engines.values()].some((e) => e.runtime === 'sift');
  let core = needsCore ? 'working tree build' : undefined;
  if (needsCore && o.coreRev) core = `commit ${buildCommittedCore(o.coreRev, log)}`;
  else if (needsCore && o.build) buildSiftCore(log);
  const jobs: Job[] = datasets.flatMap((d, datasetIndex) =>
    d.records
      .filter((r) => !pick.types || pick.types.has(r.type))
      .filter((_, i) => i % pick.every === 0)
      .slice(0, pick.limit)
      .map((record) => ({ datasetIndex, record })),
  );
  log(`bench: ${jobs.length} pages from ${datasets.map((d) => d.name).join(', ')} · engines ${[...engines.keys()].join(', ')} · ${o.concurrency} at a time`);
  const summary = await runBenchmark(datasets, jobs, engines, { concurrency: o.concurrency, progressLabel: 'bench' });
  const report = buildReport(datasets, summary, engines);
  if (core) report.core = core;
  writeOutputs(o.out, report, summary);
  if (o.html) writeHtmlReport(o.out, report, datasets, summary);
  process.stdout.write(`${formatTables(report, o.markdown)}\n`);
  log(`wall time ${formatDuration(summary.wallMs / 1000)} for ${jobs.length} pages (${(jobs.length / (summary.wallMs / 1000)).toFixed(2)} pages/s) · Chromium ${summary.browserVersion} · ${summary.blockedRequests} off-machine requests refused`);
  if (summary.charsetMismatches.length) {
    log(`warning: ${summary.charsetMismatches.length} pages decoded differently from bench-data/README.md's rule, e.g. ${JSON.stringify(summary.charsetMismatches.slice(0, 3))}`);
  }
  log(`outputs: ${o.out}/report.json${o.html ? `, ${o.out}/report.html` : ''}, predictions-<engine>.jsonl`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
