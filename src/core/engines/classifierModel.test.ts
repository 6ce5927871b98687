import { describe, expect, it } from 'vitest';
import { ceilFloat32, checkModel, compileModel, predict, predictAll, treeMargin, type TreeModel } from './classifierModel';
import shipped from './classifierModel.json';
import { FEATURE_NAMES } from './classifierFeatures';

describe('tree ensemble evaluation (SPEC §5)', () => {
  it('walks a preorder tree with xgboost semantics (x < threshold goes left)', () => {
    // x0 < 10 ? (x1 < 0.5 ? -1 : 2) : 3 in train.py's preorder layout;
    // indices: 0 split(x0<10, right at 10) 3 split(x1<0.5, right at 8) 6 leaf -1  8 leaf 2  10 leaf 3
    const tree = [0, 10, 10, 1, 0.5, 8, -1, -1, -1, 2, -1, 3];
    expect(treeMargin(tree, [5, 0])).toBe(-1);
    expect(treeMargin(tree, [5, 0.5])).toBe(2);
    expect(treeMargin(tree, [10, 0])).toBe(3);
  });
  it('sums trees on the base margin and applies the logistic', () => {
    const model: TreeModel = { format: 'sift-gbdt-1', features: ['a'], baseMargin: 0.5, trees: [[-1, 1], [-1, -0.5]] };
    expect(predict(model, [0])).toBeCloseTo(1 / (1 + Math.exp(-1)));
  });
  it('rounds a threshold up to float32 so float32 rows split as on the exact value', () => {
    expect(ceilFloat32(0.5)).toBe(0.5);
    expect(ceilFloat32(Infinity)).toBe(Infinity);
    const t = 0.1; // Math.fround(0.1) > 0.1; 0.3: Math.fround(0.3) > 0.3 as well; 1/3 rounds down
    for (const x of [t, 0.3, 1 / 3, -1 / 3, 1e-50, -1e-50, 123456.789]) {
      const c = ceilFloat32(x);
      expect(c).toBe(Math.fround(c));
      expect(c).toBeGreaterThanOrEqual(x);
      const below = new Float32Array([c]);
      // the float32 just below c is < x
      const w = new Int32Array(below.buffer);
      if (c > 0) w[0]! -= 1; else if (c < 0) w[0]! += 1; else below[0] = -1.401298464324817e-45;
      expect(below[0]!).toBeLessThan(x);
    }
  });
  it('refuses a model whose features differ from the feature code', () => {
    const model: TreeModel = { format: 'sift-gbdt-1', features: ['a'], baseMargin: 0, trees: [] };
    expect(checkModel(model, ['b'])).toMatch(/retrain/);
    expect(checkModel(model, ['a'])).toBeNull();
  });
  it('ships a model that matches FEATURE_NAMES, within 200 KB, with every split on a real feature', () => {
    const model = shipped as unknown as TreeModel;
    expect(checkModel(model, FEATURE_NAMES)).toBeNull();
    expect(JSON.stringify(model).length).toBeLessThan(200 * 1024);
    for (const tree of model.trees) {
      for (let i = 0; i < tree.length;) {
        if (tree[i]! < 0) { i += 2; continue; }
        expect(tree[i]!).toBeLessThan(FEATURE_NAMES.length);
        expect(tree[i + 2]!).toBeGreaterThan(i);
        i += 3;
      }
    }
  });
  it('the compiled typed-array model gives exactly the JSON walk\'s probabilities', () => {
    const model = shipped as unknown as TreeModel;
    const compiled = compileModel(model);
    const width = FEATURE_NAMES.length;
    // Rows spread over each feature's split thresholds, so every branch is exercised.
    const thresholds: number[][] = Array.from({ length: width }, () => []);
    for (const tree of model.trees) for (let i = 0; i < tree.length; i += tree[i]! < 0 ? 2 : 3) if (tree[i]! >= 0) thresholds[tree[i]!]!.push(tree[i + 1]!);
    let seed = 12345;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const rows = 500;
    const data = new Float32Array(rows * width);
    for (let r = 0; r < rows; r++) {
      for (let f = 0; f < width; f++) {
        const t = thresholds[f]!;
        // A third of the values sit exactly on a threshold (x < t is false there).
        const exact = rand() < 1 / 3;
        data[r * width + f] = t.length ? t[Math.floor(rand() * t.length)]! + (exact ? 0 : (rand() - 0.5) * 1e-3 * (1 + Math.abs(t[0]!))) : rand();
      }
    }
    const got = predictAll(compiled, data, rows);
    for (let r = 0; r < rows; r++) expect(got[r]).toBe(predict(model, data.subarray(r * width, (r + 1) * width)));
    const tiny = compileModel({ format: 'sift-gbdt-1', features: ['a', 'b'], baseMargin: 0, trees: [[0, 10, 10, 1, 0.5, 8, -1, -1, -1, 2, -1, 3]] });
    expect(Array.from(predictAll(tiny, Float32Array.from([5, 0, 5, 0.5, 10, 0]), 3), (p) => Math.log(p / (1 - p)))).toEqual([-1, 2, 3].map((m) => expect.closeTo(m, 9)));
  });
});
