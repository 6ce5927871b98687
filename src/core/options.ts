import { MAX_ELEMENTS, PAPER } from './rules';
import type { ExtractOptions } from './types';
import { PAGE_KINDS } from './records/pageKind';

/** Default options: the papers' values (SPEC §1, §2), text distance as the link distance. */
export const defaultOptions: Readonly<ExtractOptions> = Object.freeze({
  thetaDoC: PAPER.thetaDoC,
  thetaTD: PAPER.thetaTD,
  minImageWidth: PAPER.minImageWidth,
  linkBlockMinLinks: PAPER.linkBlockMinLinks,
  linkBlockTextDistance: PAPER.linkBlockTextDistance,
  linkBlockCodeDistance: PAPER.linkBlockCodeDistance,
  linkDistance: 'text',
  maxElements: MAX_ELEMENTS,
  trace: true,
});

/** Fill in defaults; ignores unknown keys and non-finite numbers from untyped callers (the IIFE). */
export function resolveOptions(partial?: Partial<ExtractOptions> | null): ExtractOptions {
  const out: ExtractOptions = { ...defaultOptions };
  if (!partial || typeof partial !== 'object') return out;
  const numeric = ['thetaDoC', 'thetaTD', 'minImageWidth', 'linkBlockMinLinks', 'linkBlockTextDistance', 'linkBlockCodeDistance', 'maxElements'] as const;
  for (const key of numeric) {
    const v = partial[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  if (partial.linkDistance === 'text' || partial.linkDistance === 'code') out.linkDistance = partial.linkDistance;
  if (typeof partial.trace === 'boolean') out.trace = partial.trace;
  if (partial.layout) out.layout = partial.layout;
  if (typeof partial.baseUrl === 'string') out.baseUrl = partial.baseUrl;
  if (typeof partial.records === 'boolean' || (typeof partial.records === 'string' && (PAGE_KINDS as readonly string[]).includes(partial.records))) out.records = partial.records;
  // Engine names are checked by getEngine (engines/index.ts): an unknown one is a clear error.
  if (typeof partial.engine === 'string') out.engine = partial.engine;
  return out;
}
