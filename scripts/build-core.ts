/**
 * Builds the extraction core as one IIFE file, build/sift-core.iife.js, that defines
 * `globalThis.Sift = { extract, extractResult, defaultOptions, version }`. The benchmark and
 * the `clip` command inject it into pages (Playwright addScriptTag / evaluate).
 *
 * It is minified, because the extension ships the core minified (Vite minifies the
 * production content script) and the benchmark should time the code users run: a cold page
 * compiles every function on its first call, and compiling reads the function's source, so
 * its size is part of the cost (measured in docs/core-measurements.md, "Speed"). Profiles need
 * names and line numbers: the same code, unminified, goes to build/sift-core.debug.iife.js
 * (CORE_DEBUG_IIFE_PATH) for scripts/profile-core.ts and friends.
 */
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CORE_IIFE_PATH = join(root, 'build', 'sift-core.iife.js');
export const CORE_DEBUG_IIFE_PATH = join(root, 'build', 'sift-core.debug.iife.js');

/** Builds both files; returns the shipped (minified) one's path. */
export async function buildCore(): Promise<string> {
  for (const [outfile, minify] of [[CORE_IIFE_PATH, true], [CORE_DEBUG_IIFE_PATH, false]] as const) {
    await build({
      entryPoints: [join(root, 'src', 'core', 'iife.ts')],
      outfile,
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify,
      sourcemap: false,
      legalComments: 'none',
      logLevel: 'warning',
    });
  }
  return CORE_IIFE_PATH;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildCore();
  for (const f of [out, CORE_DEBUG_IIFE_PATH]) console.log(`built ${f} (${(statSync(f).size / 1024).toFixed(1)} KiB)`);
}
