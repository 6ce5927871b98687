import { describe, expect, it } from 'vitest';
import { AUTO_FEATURE_NAMES, autoFeatures } from './autoFeatures';
import { FEATURE_NAMES, featureRows } from './classifierFeatures';
import { checkModel, type TreeModel } from './classifierModel';
import shipped from './autoModel.json';

const col = (n: (typeof AUTO_FEATURE_NAMES)[number]) => AUTO_FEATURE_NAMES.indexOf(n);

describe('auto combiner features (same as training/stage2.py)', () => {
  const texts = ['Home', 'The storm reached the coast', 'More people left', '© 2024'];
  const p = [0.1, 0.9, 0.6, 0.2];
  const classifier = { data: new Float32Array(texts.length * FEATURE_NAMES.length), width: FEATURE_NAMES.length };
  const { features, agreement } = autoFeatures({ texts, p, ntaKept: [0, 1, 0, 0], vsseInArea: [false, true, true, false], classifier });
  const f = featureRows(features);

  it('measures NTA/classifier agreement as token-weighted Dice', () => {
    // classifier keeps leaves 1 (5 tokens) and 2 (3 tokens); NTA keeps leaf 1: 2·5 / (8 + 5)
    expect(agreement).toBeCloseTo(10 / 13);
    expect(f[0]![col('agreement')]).toBeCloseTo(10 / 13);
  });
  it('places each leaf in its context', () => {
    expect(f[0]![col('pPrev')]).toBe(-1);
    expect(f[1]![col('pPrev')]).toBeCloseTo(0.1);
    expect(f[3]![col('pNext')]).toBe(-1);
    expect(f[0]![col('pWindowMax')]).toBeCloseTo(0.9);
    expect(f[2]![col('contentSpan')]).toBeCloseTo(5 / 8);
    expect(f[1]![col('ntaKept')]).toBe(1);
    expect(f[2]![col('vsseInArea')]).toBe(1);
    expect(f[0]![col('pageKeptShare')]).toBeCloseTo(8 / 10);
  });
  it('ships a combiner model for exactly these features', () => {
    expect(checkModel(shipped as unknown as TreeModel, AUTO_FEATURE_NAMES)).toBeNull();
  });
});
