/**
 * Builds the extraction core as one IIFE file, build/sift-core.iife.js, that defines
 * `globalThis.Sift = { extract, extractResult, defaultOptions, version }`. The benchmark and
 * the `clip` command inject it into pages (Playwright addScriptTag / evaluate).
 */
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CORE_IIFE_PATH = join(root, 'build', 'sift-core.iife.js');

export async function buildCore(): Promise<string> {
  await build({
    entryPoints: [join(root, 'src', 'core', 'iife.ts')],
    outfile: CORE_IIFE_PATH,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return CORE_IIFE_PATH;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildCore();
  console.log(`built ${out} (${(statSync(out).size / 1024).toFixed(1)} KiB)`);
}
