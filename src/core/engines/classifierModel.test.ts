import { describe, expect, it } from 'vitest';
import { checkModel, predict, treeMargin, type TreeModel } from './classifierModel';
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
});
