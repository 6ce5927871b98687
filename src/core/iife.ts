import { defaultOptions, extract, extractRecords, extractResult, version } from './index';

/**
 * Entry of the IIFE build (scripts/build-core.ts → build/sift-core.iife.js): one
 * synchronous file that defines `globalThis.Sift` and does nothing else on load.
 */
(globalThis as unknown as { Sift: unknown }).Sift = Object.freeze({ extract, extractResult, extractRecords, defaultOptions, version });
