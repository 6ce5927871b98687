import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench/ lives directly under it). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shared, read-only benchmark data (`../shared/bench-data` beside the checkout, as the
 * issues name it). SIFT_BENCH_DATA overrides it for machines that keep the data elsewhere.
 */
export const BENCH_DATA_ROOT = process.env.SIFT_BENCH_DATA ?? resolve(REPO_ROOT, '../shared/bench-data');

/** The IIFE build of the extraction core (scripts/build-core.ts writes it, minified as shipped). */
export const SIFT_IIFE_DEFAULT = resolve(REPO_ROOT, 'build/sift-core.iife.js');

/** The same core unminified (scripts/build-core.ts writes both): for CPU profiles, which need names and lines. */
export const SIFT_DEBUG_IIFE = resolve(REPO_ROOT, 'build/sift-core.debug.iife.js');

/**
 * The IIFE the benchmark injects: the checkout's build, unless a run measures another one
 * (`--core-rev`, or SIFT_CORE_IIFE=<file> with --no-build).
 */
export let SIFT_IIFE = process.env.SIFT_CORE_IIFE ? resolve(process.env.SIFT_CORE_IIFE) : SIFT_IIFE_DEFAULT;

export function useSiftIife(file: string): void {
  SIFT_IIFE = resolve(file);
}

/** Mozilla Readability as published on npm (0.6.0), the baseline every run includes. */
export const READABILITY_JS = resolve(REPO_ROOT, 'node_modules/@mozilla/readability/Readability.js');
