/**
 * Public API of the extraction core. Pure DOM: the content script bundles this file (Vite),
 * and iife.ts wraps it as build/sift-core.iife.js for the benchmark and the CLI.
 */
export { extract, extractResult } from './extract';
export { defaultOptions, resolveOptions } from './options';
export { liveLayoutProbe } from './layout';
export { extractMetadata, type PageMetadata } from './metadata';
export { countWords, readingMinutes } from './serialize';
export { engines, getEngine } from './engines';
export type { Engine, EngineContext, ContentSelection } from './engines/engine';
export type * from './types';
export { extractRecords, PAGE_KINDS, attributesToTable, tableToCsv, tableToJson, tableToMarkdown } from './records';
export type { RecordsOptions, RecordsResult } from './records';

/** Version of the core, reported by the IIFE (`Sift.version`). */
export const version = '0.1.0';
