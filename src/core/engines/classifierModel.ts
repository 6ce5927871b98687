/**
 * Gradient-boosted trees evaluated in the page (SPEC §5: "ship the trees as data, evaluate
 * them in TypeScript"). The model file (classifierModel.json) is written by
 * training/train.py from xgboost's dump; each tree is one flat preorder array:
 *   split node: [featureIndex, threshold, indexOfRightChild]  (left child follows at +3)
 *   leaf:       [-1, value]
 * xgboost's rule is `x < threshold` → left ("yes"). The margin is the base margin plus
 * the sum of the leaves reached; the probability is its logistic.
 *
 * On first use the JSON is compiled once (compileModel, through compiledOnDemand) into three
 * typed arrays over all trees, so that scoring a leaf is a tight loop over monomorphic
 * typed-array reads instead of nested JS arrays of boxed numbers (profile: the JSON walk was
 * ~9 % of Auto's time).
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
 * All trees as complete binary trees of the ensemble's depth D, in level order: split j of a
 * tree has children 2j + 1 (x < threshold, xgboost's "yes") and 2j + 2, so a row's walk is
 * exactly D steps with no child pointers to load. A leaf above depth D becomes splits that
 * lead to copies of its value whichever way they go. Tree t's splits are
 * `feature/threshold[t·(2^D − 1) …]`, its leaves `leaf[t·2^D …]`.
 */
export interface CompiledModel {
  width: number;
  baseMargin: number;
  trees: number;
  depth: number;
  feature: Int32Array;
  /**
   * Thresholds as float32 (xgboost's split values are float32 already; any other value
   * becomes the smallest float32 above it, which splits float32 rows exactly as it does):
   * the rows are Float32Array, and a float32 against float32 compare reads half the bytes.
   */
  threshold: Float32Array;
  leaf: Float64Array;
}

/** The smallest float32 ≥ x: for every float32 v, `v < x` ⟺ `v < ceilFloat32(x)`. */
export function ceilFloat32(x: number): number {
  const f = Math.fround(x);
  if (f >= x || !Number.isFinite(f)) return f;
  // f < x: step f up by one unit in the last place.
  const bits = new Float32Array([f]);
  const word = new Int32Array(bits.buffer);
  word[0] = (word[0] as number) + (f >= 0 ? 1 : -1);
  if (f === 0) bits[0] = 1.401298464324817e-45; // -0 and +0: the smallest positive subnormal
  return bits[0] as number;
}

/** Depth of the preorder tree node at `i` (a leaf is depth 0), and the position after its subtree. */
function measure(tree: readonly number[], i: number): { depth: number; end: number } {
  if ((tree[i] as number) < 0) return { depth: 0, end: i + 2 };
  const left = measure(tree, i + 3);
  const right = measure(tree, tree[i + 2] as number);
  return { depth: 1 + Math.max(left.depth, right.depth), end: right.end };
}

/**
 * The compiled model, built on the first call and kept. Not at module load: the core is
 * evaluated afresh in every page it is injected into (content script, benchmark), and most
 * extractions never score a leaf (NTA, and Auto where its gate takes NTA's selection).
 * Compiling both models at load cost every injection their recursive walks and typed arrays,
 * and V8 then optimized those walks (Maglev, `--trace-opt`: ~7 ms of background compilation a
 * page) while the first extraction ran beside it.
 */
export function compiledOnDemand(model: TreeModel): () => CompiledModel {
  let compiled: CompiledModel | null = null;
  return () => (compiled ??= compileModel(model));
}

export function compileModel(model: TreeModel): CompiledModel {
  let depth = 0;
  for (const tree of model.trees) depth = Math.max(depth, measure(tree, 0).depth);
  const splits = 2 ** depth - 1;
  const leaves = 2 ** depth;
  const out: CompiledModel = {
    width: model.features.length,
    baseMargin: model.baseMargin,
    trees: model.trees.length,
    depth,
    feature: new Int32Array(model.trees.length * splits),
    threshold: new Float32Array(model.trees.length * splits).fill(Infinity),
    leaf: new Float64Array(model.trees.length * leaves),
  };
  model.trees.forEach((tree, t) => {
    // Place preorder node `i` at level-order slot `slot` of tree t (slot ≥ splits: a leaf slot).
    const place = (i: number, slot: number): void => {
      const f = tree[i] as number;
      if (f < 0 || slot >= splits) {
        // A leaf: every leaf slot below `slot` gets its value (the padding splits between
        // stay at threshold ∞ on feature 0 and route anywhere among those copies).
        let lo = slot;
        let hi = slot;
        while (lo < splits) { lo = 2 * lo + 1; hi = 2 * hi + 2; }
        out.leaf.fill(tree[i + 1] as number, t * leaves + lo - splits, t * leaves + hi - splits + 1);
        return;
      }
      out.feature[t * splits + slot] = f;
      out.threshold[t * splits + slot] = ceilFloat32(tree[i + 1] as number);
      place(i + 3, 2 * slot + 1);
      place(tree[i + 2] as number, 2 * slot + 2);
    };
    place(0, 0);
  });
  return out;
}

/**
 * P(content) of every row of a row-major float32 matrix `data` (`m.width` columns): per row,
 * D steps per tree, margins summed in tree order on the base margin (so exactly the JSON
 * walk's sums). One function with the whole loop nest rather than a call per row: the
 * benchmark times a cold first call, and a long loop in one function is compiled by the
 * engine's on-stack replacement early, where a short function called per row runs in the
 * interpreter far longer.
 */
export function predictAll(m: CompiledModel, data: Float32Array, rows: number): Float64Array {
  const { feature, threshold, leaf, depth, width } = m;
  const splits = 2 ** depth - 1;
  const end = m.trees * splits;
  const out = new Float64Array(rows);
  for (let i = 0, o = 0; i < rows; i++, o += width) {
    let margin = m.baseMargin;
    for (let base = 0, leafBase = -splits; base < end; base += splits, leafBase += splits + 1) {
      let j = 0;
      // NaN goes right, as in the JSON walk (`x < threshold` is false).
      for (let d = 0; d < depth; d++) j = (data[o + (feature[base + j] as number)] as number) < (threshold[base + j] as number) ? 2 * j + 1 : 2 * j + 2;
      margin += leaf[leafBase + j] as number;
    }
    out[i] = 1 / (1 + Math.exp(-margin));
  }
  return out;
}
