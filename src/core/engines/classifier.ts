import { describePath } from '../trace';
import type { DecisiveNodeTrace } from '../types';
import { FEATURE_NAMES, leafAncestry, leafFeatures, ntaLeafFacts, type FeatureMatrix, type NtaLeafFacts } from './classifierFeatures';
import { checkModel, compiledOnDemand, predictAll, type TreeModel } from './classifierModel';
import modelData from './classifierModel.json';
import type { ContentSelection, Engine, EngineContext } from './engine';
import type { AnnotatedNtaSelection } from './nta';
import { vsseSelect, type VsseSelection } from './vsseSelect';
import { collectTextLeaves, keptNodesOfLeaves, lowestCommonAncestor, type TextLeaf } from './vsseTextLeaves';

/**
 * The learned node classifier engine (SPEC §5, paper 004): every text leaf gets the
 * features of classifierFeatures.ts, the shipped gradient-boosted trees give P(content),
 * leaves at or above CONTENT_THRESHOLD are kept. Trained offline by training/train.py on
 * pages that are not the evaluation pages (see the model's `trainedOn`).
 */
const MODEL = modelData as unknown as TreeModel;
const MODEL_ERROR = checkModel(MODEL, FEATURE_NAMES);
const compiled = compiledOnDemand(MODEL);

/** Decision threshold on P(content) (the logistic objective's natural cut). */
export const CONTENT_THRESHOLD = 0.5;

export interface LeafClassification {
  root: Element;
  leaves: TextLeaf[];
  vsse: VsseSelection;
  /** NTA's and the link blocks' view of each leaf (also features). */
  nta: NtaLeafFacts;
  /** Feature rows (FEATURE_NAMES order). */
  features: FeatureMatrix;
  /** P(content) per leaf. */
  probability: Float64Array;
}

/**
 * Leaves, VSSE decisions and classifier probabilities of a page (shared with the auto
 * engine, which passes the NTA selection its gate already computed as `ntaDone`).
 */
export function classifyLeaves(ctx: EngineContext, ntaDone?: AnnotatedNtaSelection): LeafClassification | null {
  if (MODEL_ERROR) return null;
  const root = ctx.stats.root;
  const leaves = collectTextLeaves(root, (el) => ctx.stats.index.has(el));
  if (leaves.length === 0) return null;
  // VSSE steps 1–2 only (seeds, area): the refinement is not a feature (classifierFeatures.ts).
  const vsse = vsseSelect(root, leaves, null);
  const ancestry = leafAncestry(root, leaves);
  const nta = ntaLeafFacts(ctx, leaves, ancestry, ntaDone);
  const features = leafFeatures(root, leaves, vsse, nta, ancestry);
  const probability = predictAll(compiled(), features.data, leaves.length);
  return { root, leaves, vsse, nta, features, probability };
}

export const classifierEngine: Engine = {
  name: 'classifier',
  select(ctx: EngineContext): ContentSelection | null {
    const c = classifyLeaves(ctx);
    if (!c) return null;
    const keep = Array.from(c.probability, (p) => p >= CONTENT_THRESHOLD);
    return selectionFromLeaves(ctx, c, keep, [`classifier: ${keep.filter(Boolean).length} of ${c.leaves.length} leaves at P ≥ ${CONTENT_THRESHOLD}`]);
  },
};

/** Turn per-leaf keep decisions into the pipeline's ContentSelection (root = LCA of kept leaves). */
export function selectionFromLeaves(ctx: EngineContext, c: LeafClassification, keep: readonly boolean[], notes: string[]): ContentSelection | null {
  const keptEls: Element[] = [];
  for (let i = 0; i < c.leaves.length; i++) if (keep[i]) keptEls.push((c.leaves[i] as TextLeaf).el);
  if (keptEls.length === 0) return null;
  const root = lowestCommonAncestor(keptEls, c.root);
  const nodes: DecisiveNodeTrace[] = [];
  if (ctx.options.trace) {
    // The closest calls: leaves ordered by |P − 0.5|, encoded with their index in one
    // number so a native typed-array sort does it (a comparator sort was ~4 % of Auto's time).
    const n = c.leaves.length;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = Math.floor(Math.abs((c.probability[i] ?? 0) - 0.5) * 1e6) * 2 ** 21 + i;
    keys.sort();
    for (const key of keys.subarray(0, 40)) {
      const i = key % 2 ** 21;
      const leaf = c.leaves[i] as TextLeaf;
      const p = Math.round((c.probability[i] ?? 0) * 1000) / 1000;
      nodes.push({ path: describePath(leaf.el), type: 'text', doc: 1, td: 0, role: keep[i] ? 'kept' : 'dropped', reason: `P(content) ${p}` });
    }
  }
  return { root, kept: keptNodesOfLeaves(root, c.leaves, keep), nodes, notes };
}
