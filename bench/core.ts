import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT, SIFT_IIFE } from './paths';

/**
 * The benchmark measures the core as it is in the tree: it builds the IIFE itself
 * (`npm run build:core`) before a run, unless told not to.
 */
export function buildSiftCore(log: (line: string) => void): void {
  if (!existsSync(resolve(REPO_ROOT, 'scripts/build-core.ts'))) {
    throw new Error('cannot build the Sift core: scripts/build-core.ts is missing (run with --engines readability, or --no-build with a prebuilt build/sift-core.iife.js)');
  }
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', '--silent', 'build:core'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`npm run build:core failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  if (!existsSync(SIFT_IIFE)) throw new Error(`npm run build:core succeeded but ${SIFT_IIFE} is missing`);
  log(`built ${SIFT_IIFE} (${Math.round(statSync(SIFT_IIFE).size / 1024)} KB) in ${Date.now() - t0} ms`);
}
