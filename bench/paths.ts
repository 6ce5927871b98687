import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench/ lives directly under it). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shared, read-only benchmark data (`../shared/bench-data` beside the checkout, as the
 * issues name it). SIFT_BENCH_DATA overrides it for machines that keep the data elsewhere.
 */
export const BENCH_DATA_ROOT = process.env.SIFT_BENCH_DATA ?? resolve(REPO_ROOT, '../shared/bench-data');

/** The IIFE build of the extraction core (scripts/build-core.ts writes it). */
export const SIFT_IIFE = resolve(REPO_ROOT, 'build/sift-core.iife.js');

/** Mozilla Readability as published on npm (0.6.0), the baseline every run includes. */
export const READABILITY_JS = resolve(REPO_ROOT, 'node_modules/@mozilla/readability/Readability.js');
