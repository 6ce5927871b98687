/**
 * `npm run bench:gate`: the CI quality gate. Runs Sift and Readability on the fixed page
 * subset (bench/gate/subset.json) and fails when a pinned F1 floor or the time-ratio
 * ceiling in bench/gate/floors.json is not met.
 *
 *   --sift-options <json>  run Sift with extra options (how we prove the gate fails on worse output)
 *   --raise                after a passing run, raise floors to this run's scores (never lowers one)
 *   --out <dir>            where the run's report goes (default bench-out/gate)
 *   --core-rev <rev>       measure the core as committed at <rev> (how floors are set in a shared checkout)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCommittedCore, buildSiftCore } from './core';
import { loadDataset } from './dataset';
import { selectEngines } from './engines';
import { checkGate, floorsFromReport, raiseFloors, type GateFloors } from './gate/check';
import type { Subset } from './gate/subset';
import { writeHtmlReport } from './html-report';
import { BENCH_DATA_ROOT, REPO_ROOT } from './paths';
import { formatDuration } from './progress';
import { buildReport, formatTables, writeOutputs } from './report';
import { runBenchmark, type Job } from './runner';

const SUBSET_FILE = join(REPO_ROOT, 'bench/gate/subset.json');
const FLOORS_FILE = join(REPO_ROOT, 'bench/gate/floors.json');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'sift-options': { type: 'string' },
      raise: { type: 'boolean', default: false },
      out: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'core-rev': { type: 'string' },
    },
    strict: true,
  });
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const subset = JSON.parse(readFileSync(SUBSET_FILE, 'utf8')) as Subset;
  const floors = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as GateFloors;
  const siftOptions = values['sift-options'] ? (JSON.parse(values['sift-options']) as Record<string, unknown>) : undefined;
  const engines = selectEngines([floors.engine], siftOptions);
  const datasets = Object.keys(subset.datasets).map((name) => loadDataset(join(BENCH_DATA_ROOT, name)));
  const jobs: Job[] = datasets.flatMap((d, datasetIndex) => {
    const ids = new Set(subset.datasets[d.name]);
    const records = d.records.filter((r) => ids.has(r.id));
    if (records.length !== ids.size) throw new Error(`${d.name}: ${ids.size - records.length} subset pages are missing from the dataset`);
    return records.map((record) => ({ datasetIndex, record }));
  });
  const coreRev = values['core-rev'];
  const core = coreRev ? `commit ${buildCommittedCore(coreRev, log)}` : 'working tree build';
  if (!coreRev && !values['no-build']) buildSiftCore(log);
  log(`gate: ${jobs.length} pages (${subset.rule})${siftOptions ? ` · Sift options ${JSON.stringify(siftOptions)}` : ''}`);
  const summary = await runBenchmark(datasets, jobs, engines, { concurrency: 2, progressLabel: 'gate', progressIntervalMs: 15_000 });
  const report = buildReport(datasets, summary, engines);
  report.core = core;
  const out = resolve(values.out ?? join(REPO_ROOT, 'bench-out/gate'));
  writeOutputs(out, report, summary);
  writeHtmlReport(out, report, datasets, summary);
  process.stdout.write(`${formatTables(report)}\n`);

  let checks = checkGate(report, summary, floors);
  // Time is the one noisy check: the same core read 0.446 and 0.507 in two CI runs of session
  // 17. When it alone fails, the pages are timed once more and that run decides; a real
  // slowdown fails both runs, while noise seldom does. The scores are not re-read.
  if (checks.some((c) => !c.ok) && checks.every((c) => c.ok || c.name.startsWith('time ratio'))) {
    const first = checks.find((c) => !c.ok)!;
    log(`gate: time ratio ${first.measured?.toFixed(4) ?? '—'} is over the ceiling ${first.limit}; timing the pages once more (that run decides)`);
    const again = await runBenchmark(datasets, jobs, engines, { concurrency: 2, progressLabel: 'gate (time again)', progressIntervalMs: 15_000 });
    const retimed = checkGate(buildReport(datasets, again, engines), again, floors).find((c) => c.name.startsWith('time ratio'))!;
    checks = checks.map((c) => (c.name === retimed.name ? { ...retimed, name: `${retimed.name} (timed twice)` } : c));
  }
  const failed = checks.filter((c) => !c.ok);
  const fmt = (x: number | null) => (x === null ? '—' : x.toFixed(4));
  for (const c of checks) {
    process.stdout.write(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name.padEnd(44)} ${fmt(c.measured).padStart(8)}  ${c.kind === 'floor' ? '≥' : '≤'} ${fmt(c.limit)}\n`);
  }
  log(`gate: ${checks.length - failed.length}/${checks.length} checks pass · ${formatDuration(summary.wallMs / 1000)} · report ${out}/report.html`);
  if (failed.length) {
    log(`gate FAILED: ${failed.map((c) => c.name).join('; ')}`);
    log('If the drop is intended, do not edit floors.json quietly: lowering a floor needs a note on an issue explaining why (see its "policy").');
    return 1;
  }
  if (values.raise) {
    if (siftOptions) throw new Error('--raise with --sift-options would pin floors for a configuration that is not shipped');
    const { floors: next, raised } = raiseFloors(floors.datasets, floorsFromReport(report, floors.engine));
    floors.datasets = next;
    floors.measured = { at: report.createdAt, core, pages: jobs.length, wallMs: summary.wallMs, timeRatio: checks.find((c) => c.name.startsWith('time ratio'))?.measured ?? null };
    writeFileSync(FLOORS_FILE, JSON.stringify(floors, null, 1) + '\n');
    log(raised.length ? `raised ${raised.length} floors:\n  ${raised.join('\n  ')}` : 'no floor could be raised');
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`gate: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
