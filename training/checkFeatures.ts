/**
 * Proves a refactoring of the feature code left the features unchanged (the shipped models
 * were trained on them): bundles training/pageEntry.ts from another checkout (`--old`, e.g.
 * `git archive <rev> src training | tar -x -C /tmp/old`) and from this one, runs both in the
 * same loaded page (served as the benchmark serves it) and compares texts and every feature
 * both compute.
 *
 *   npx tsx training/checkFeatures.ts --old /tmp/old [--data <dir>] [--every 40]
 */
import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { startPageServer } from '../bench/server';

interface Features { names: string[]; texts: string[]; rows: number[][]; ms: number }

const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    data: { type: 'string', default: resolve('../shared/bench-data/wcxb-dev') },
    every: { type: 'string', default: '40' },
  },
});
if (!values.old) throw new Error('--old <checkout> is required');
const bundle = (root: string, global: string): string =>
  buildSync({ entryPoints: [join(root, 'training', 'pageEntry.ts')], bundle: true, write: false, format: 'iife', target: 'es2022' })
    .outputFiles[0]!.text.replace('globalThis.SiftTrain =', `globalThis.${global} =`).replace('globalThis).SiftTrain =', `globalThis).${global} =`);
const oldCode = bundle(resolve(values.old), 'OldTrain');
const newCode = bundle(resolve('.'), 'NewTrain');
const dataset = loadDataset(values.data);
const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);
const server = await startPageServer([dataset]);
const browser = await launchBenchBrowser(server.proxy);
let pages = 0;
let differing = 0;
const ms = { old: 0, new: 0 };
try {
  const page = await (await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 })).newPage();
  for (const rec of records) {
    try {
      await page.goto(server.urlFor(0, rec.id), { waitUntil: 'load', timeout: 20_000 });
    } catch {
      continue;
    }
    await page.evaluate(`${oldCode};${newCode};0`);
    const [a, b] = (await page.evaluate('[OldTrain.features(document), NewTrain.features(document)]')) as [Features, Features];
    pages++;
    ms.old += a.ms;
    ms.new += b.ms;
    const problems: string[] = [];
    if (JSON.stringify(a.texts) !== JSON.stringify(b.texts)) problems.push('texts differ');
    // Features are compared by name: a feature dropped from FEATURE_NAMES is reported once.
    const common = a.names.map((name, f) => [name, f, b.names.indexOf(name)] as const).filter(([, , g]) => g >= 0);
    if (pages === 1 && common.length < a.names.length) console.log(`not compared (not in the new code): ${a.names.filter((x) => !b.names.includes(x)).join(', ')}`);
    a.rows.forEach((row, i) => {
      for (const [name, f, g] of common) {
        const v = row[f];
        const w = b.rows[i]?.[g];
        if (w !== v && problems.length < 5) problems.push(`leaf ${i} ${name}: ${v} → ${w}`);
      }
    });
    if (problems.length) { differing++; console.log(`${rec.id}: ${problems.join('; ')}`); }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`${pages} pages, ${differing} with different features; feature time old ${ms.old.toFixed(0)} ms, new ${ms.new.toFixed(0)} ms (same pages, old first)`);
process.exitCode = differing ? 1 : 0;
