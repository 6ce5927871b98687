/**
 * Regenerates bench/gate/subset.json from the dev sets by the rule in subset.ts. Run it only
 * when the dev sets change (and say so in the commit): the gate's floors belong to this list.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../dataset';
import { BENCH_DATA_ROOT, REPO_ROOT } from '../paths';
import { chooseSubset } from './subset';

export const GATE_DATASETS = ['wcxb-dev', 'readability'];

const subset = chooseSubset(GATE_DATASETS.map((n) => loadDataset(join(BENCH_DATA_ROOT, n))));
writeFileSync(join(REPO_ROOT, 'bench/gate/subset.json'), JSON.stringify(subset, null, 1) + '\n');
for (const [name, ids] of Object.entries(subset.datasets)) process.stderr.write(`${name}: ${ids.length} pages\n`);
