/**
 * Features of the auto engine's combiner (training/stage2.py computes the same, in the
 * same order): the classifier's P(content) of a leaf in context — its neighbours within
 * WINDOW leaves, where it sits relative to the span of content the classifier found —, the
 * page-level confidence, and what the other engines say: NTA's selection, VSSE's content
 * area and the agreement between NTA and the classifier.
 */
import { FEATURE_NAMES, type FeatureMatrix } from './classifierFeatures';
import { countWordRuns } from '../unicodeText';

export const AUTO_FEATURE_NAMES = [
  'p', 'pPrev', 'pNext', 'pWindowMean', 'pWindowMax', 'pWindowMin', 'contentSpan', 'pageMeanP', 'pageKeptShare',
  'ntaKept', 'vsseInArea', 'agreement', 'textLength', 'linkDensity', 'relativePosition',
] as const;

/** Leaves either side whose probabilities form a leaf's context. */
const WINDOW = 3;

const col = (name: (typeof FEATURE_NAMES)[number]): number => FEATURE_NAMES.indexOf(name);
const TEXT_LENGTH = col('textLength');
const LINK_DENSITY = col('linkDensity');
const RELATIVE_POSITION = col('relativePosition');

export interface AutoInputs {
  texts: readonly string[];
  /** Classifier P(content) per leaf. */
  p: ArrayLike<number>;
  ntaKept: ArrayLike<number>;
  /** VSSE's content area (steps 1–2) holds the leaf. */
  vsseInArea: readonly boolean[];
  /** The classifier's features (for length, link density, position). */
  classifier: FeatureMatrix;
}

export function autoFeatures(input: AutoInputs): { features: FeatureMatrix; agreement: number } {
  const n = input.texts.length;
  const p = input.p;
  const mass = new Int32Array(n);
  for (let i = 0; i < n; i++) mass[i] = countWordRuns(input.texts[i] as string);
  let total = 0;
  let keptMass = 0;
  let ntaMass = 0;
  let both = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    const m = mass[i] ?? 0;
    const kept = (p[i] ?? 0) >= 0.5;
    const nta = (input.ntaKept[i] ?? 0) > 0.5;
    total += m;
    weighted += (p[i] ?? 0) * m;
    if (kept) keptMass += m;
    if (nta) ntaMass += m;
    if (kept && nta) both += m;
  }
  const agreement = (2 * both) / Math.max(1, keptMass + ntaMass);
  const pageMean = weighted / (total || 1);
  const width = AUTO_FEATURE_NAMES.length;
  const data = new Float32Array(n * width);
  let before = 0;
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - WINDOW);
    const hi = Math.min(n, i + WINDOW + 1);
    let sw = 0;
    let sp = 0;
    let max = -Infinity;
    let min = Infinity;
    for (let j = lo; j < hi; j++) {
      const wj = (mass[j] ?? 0) + 1;
      const pj = p[j] ?? 0;
      sw += wj;
      sp += pj * wj;
      if (pj > max) max = pj;
      if (pj < min) min = pj;
    }
    const row = i * input.classifier.width;
    const cf = input.classifier.data;
    const o = i * width; // AUTO_FEATURE_NAMES order
    data[o + 0] = p[i] ?? 0;
    data[o + 1] = i > 0 ? (p[i - 1] ?? 0) : -1;
    data[o + 2] = i + 1 < n ? (p[i + 1] ?? 0) : -1;
    data[o + 3] = sp / sw;
    data[o + 4] = max;
    data[o + 5] = min;
    data[o + 6] = keptMass > 0 ? before / keptMass : -1;
    data[o + 7] = pageMean;
    data[o + 8] = keptMass / (total || 1);
    data[o + 9] = (input.ntaKept[i] ?? 0) > 0.5 ? 1 : 0;
    data[o + 10] = input.vsseInArea[i] ? 1 : 0;
    data[o + 11] = agreement;
    data[o + 12] = cf[row + TEXT_LENGTH] ?? 0;
    data[o + 13] = cf[row + LINK_DENSITY] ?? 0;
    data[o + 14] = cf[row + RELATIVE_POSITION] ?? 0;
    if ((p[i] ?? 0) >= 0.5) before += mass[i] ?? 0;
  }
  return { features: { data, width }, agreement };
}
