/**
 * Gradient-boosted trees evaluated in the page (SPEC §5: "ship the trees as data, evaluate
 * them in TypeScript"). The model file (classifierModel.json) is written by
 * training/train.py from xgboost's dump; each tree is one flat preorder array:
 *   split node: [featureIndex, threshold, indexOfRightChild]  (left child follows at +3)
 *   leaf:       [-1, value]
 * xgboost's rule is `x < threshold` → left ("yes"). The margin is the base margin plus
 * the sum of the leaves reached; the probability is its logistic. A tree walk is a few
 * array reads per level: microseconds per leaf for the whole ensemble.
 */

export interface TreeModel {
  format: 'sift-gbdt-1';
  /** Feature names in the order of the rows the model expects (FEATURE_NAMES). */
  features: string[];
  baseMargin: number;
  trees: number[][];
  trainedOn?: unknown;
}

/** Reject a model that does not fit the feature code (e.g. features changed, not retrained). */
export function checkModel(model: TreeModel, featureNames: readonly string[]): string | null {
  if (model.format !== 'sift-gbdt-1') return `unknown model format ${String(model.format)}`;
  if (model.features.length !== featureNames.length || model.features.some((f, i) => f !== featureNames[i])) {
    return 'model features differ from the feature code: retrain (training/README.md)';
  }
  return null;
}

export function treeMargin(tree: readonly number[], row: ArrayLike<number>): number {
  let i = 0;
  for (;;) {
    const f = tree[i] as number;
    if (f < 0) return tree[i + 1] as number;
    i = (row[f] as number) < (tree[i + 1] as number) ? i + 3 : (tree[i + 2] as number);
  }
}

/** P(content) for one feature row. */
export function predict(model: TreeModel, row: ArrayLike<number>): number {
  let margin = model.baseMargin;
  for (const tree of model.trees) margin += treeMargin(tree, row);
  return 1 / (1 + Math.exp(-margin));
}
