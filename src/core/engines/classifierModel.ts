/**
 * Gradient-boosted trees evaluated in the page (SPEC §5: "ship the trees as data, evaluate
 * them in TypeScript"). The model file (classifierModel.json) is written by
 * training/train.py from xgboost's dump; each tree is one flat preorder array:
 *   split node: [featureIndex, threshold, indexOfRightChild]  (left child follows at +3)
 *   leaf:       [-1, value]
 * xgboost's rule is `x < threshold` → left ("yes"). The margin is the base margin plus
 * the sum of the leaves reached; the probability is its logistic.
 *
 * At module load the JSON is compiled once (compileModel) into three typed arrays over all
 * trees, so that scoring a leaf is a tight loop over monomorphic typed-array reads instead
 * of nested JS arrays of boxed numbers (profile: the JSON walk was ~9 % of Auto's time).
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

/** P(content) for one feature row, straight from the JSON trees (reference; tests). */
export function predict(model: TreeModel, row: ArrayLike<number>): number {
  let margin = model.baseMargin;
  for (const tree of model.trees) margin += treeMargin(tree, row);
  return 1 / (1 + Math.exp(-margin));
}

/**
 * All trees as one node table in preorder: node j splits on `feature[j]` (−1: a leaf) at
 * `value[j]` (the threshold, or the leaf's margin); its left child is j + 1, its right child
 * `right[j]`. `roots[t]` is tree t's first node.
 */
export interface CompiledModel {
  width: number;
  baseMargin: number;
  roots: Int32Array;
  feature: Int32Array;
  value: Float64Array;
  right: Int32Array;
}

export function compileModel(model: TreeModel): CompiledModel {
  let nodes = 0;
  for (const tree of model.trees) for (let i = 0; i < tree.length; i += (tree[i] as number) < 0 ? 2 : 3) nodes++;
  const out: CompiledModel = {
    width: model.features.length,
    baseMargin: model.baseMargin,
    roots: new Int32Array(model.trees.length),
    feature: new Int32Array(nodes),
    value: new Float64Array(nodes),
    right: new Int32Array(nodes),
  };
  let next = 0;
  model.trees.forEach((tree, t) => {
    out.roots[t] = next;
    // Preorder positions → node numbers; a split's right child comes later in the array.
    const nodeAt = new Map<number, number>();
    const pending: [node: number, rightPos: number][] = [];
    for (let i = 0; i < tree.length;) {
      const j = next++;
      nodeAt.set(i, j);
      const f = tree[i] as number;
      out.feature[j] = f < 0 ? -1 : f;
      out.value[j] = tree[i + 1] as number;
      if (f < 0) { i += 2; continue; }
      pending.push([j, tree[i + 2] as number]);
      i += 3;
    }
    for (const [j, pos] of pending) out.right[j] = nodeAt.get(pos) ?? 0;
  });
  return out;
}

/** The margin (log-odds) of the row at `offset` in `data`. */
export function compiledMargin(m: CompiledModel, data: ArrayLike<number>, offset: number): number {
  const { feature, value, right, roots } = m;
  let margin = m.baseMargin;
  for (let t = 0; t < roots.length; t++) {
    let j = roots[t] as number;
    let f = feature[j] as number;
    while (f >= 0) {
      j = (data[offset + f] as number) < (value[j] as number) ? j + 1 : (right[j] as number);
      f = feature[j] as number;
    }
    margin += value[j] as number;
  }
  return margin;
}

/** P(content) of every row of a row-major matrix `data` (`m.width` columns). */
export function predictAll(m: CompiledModel, data: ArrayLike<number>, rows: number): Float64Array {
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) out[i] = 1 / (1 + Math.exp(-compiledMargin(m, data, i * m.width)));
  return out;
}
