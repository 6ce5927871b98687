import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT, SIFT_IIFE, useSiftIife } from './paths';

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

/**
 * Build the core as committed at `rev` (not the shared working tree, where others keep
 * unfinished work): `git archive` of src/ and scripts/ into a temporary folder, built there
 * with the checkout's node_modules. Floors are set from such runs.
 */
export function buildCommittedCore(rev: string, log: (line: string) => void): string {
  const t0 = Date.now();
  const sha = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), `sift-core-${sha.slice(0, 8)}-`));
  execFileSync('sh', ['-c', `git archive ${sha} src scripts package.json tsconfig.base.json | tar -x -C "${dir}"`], { cwd: REPO_ROOT });
  symlinkSync(resolve(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
  const r = spawnSync(resolve(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/build-core.ts'], { cwd: dir, encoding: 'utf8' });
  const file = join(dir, 'build/sift-core.iife.js');
  if (r.status !== 0 || !existsSync(file)) throw new Error(`building the core at ${sha} failed:\n${r.stdout}\n${r.stderr}`);
  useSiftIife(file);
  log(`built the core as committed at ${sha.slice(0, 12)} → ${file} in ${Date.now() - t0} ms`);
  return sha;
}
