import { checkModel, compiledOnDemand, predictAll, type TreeModel } from './classifierModel';
import { classifyLeaves, selectionFromLeaves } from './classifier';
import { AUTO_FEATURE_NAMES, autoFeatures } from './autoFeatures';
import modelData from './autoModel.json';
import type { ContentSelection, Engine, EngineContext } from './engine';
import { describePath } from '../trace';
import { gateDecision, gateFeatures } from './autoGate';
import { ntaEngine, ntaSelectAnnotated } from './nta';
import { keptNodesOfLeaves, lowestCommonAncestor, type TextLeaf } from './vsseTextLeaves';

/**
 * Auto: combine the engines (issue 6, "Choosing").
 *
 * The classifier scores every text leaf (its features already carry NTA's node types and
 * selection, the link blocks and VSSE's area); a second, small tree model — the combiner,
 * trained by training/stage2.py on site-disjoint out-of-fold classifier probabilities —
 * then decides each leaf from the classifier's confidence *in context* (its neighbours,
 * the span of content found on the page, the page's overall confidence) and from the
 * engines' agreement (NTA's and VSSE's decisions on the leaf, NTA/classifier agreement
 * over the page). Its decisions *add to NTA's clip*: a leaf NTA's clip does not hold is added
 * at P ≥ AUTO_ADD_THRESHOLD; the rest is NTA's, serialized as NTA's own selection is. Building
 * the clip from the combiner's leaves alone (P ≥ 0.45, sessions 1–40) scored below NTA's clip
 * on half A once NTA had grown stage-5 rules the leaves cannot express (training/README.md,
 * session 41).
 *
 * Agreement between NTA and the classifier is a feature of the combiner rather than a
 * switch (training/evaluate.py, README "Engines"). Without a usable model, auto is NTA.
 *
 * The gate (autoGate.ts, training/gate.py) is a different switch: it does not ask whether
 * the engines agree but whether NTA's selection looks like a clean article (page-level
 * facts of NTA's own result, known before any leaf is built); there Auto returns NTA's
 * selection and skips everything else, which is what makes Auto's cost close to NTA's on
 * most pages.
 */
const MODEL = modelData as unknown as TreeModel;
const MODEL_ERROR = checkModel(MODEL, AUTO_FEATURE_NAMES);
const compiled = compiledOnDemand(MODEL);

/**
 * The combiner adds to NTA's clip the leaves it does not hold (ntaKept < 0.5) at P ≥ this.
 * Chosen on half A out of fold (training/gate.py --edits: site-disjoint folds, models trained
 * on the other four; session 41): page bowF1 0.8644 at 0.55, 0.8636–0.8641 at 0.5 and 0.6,
 * NTA's clip 0.8600. Also dropping the leaves it holds at P < 0.1–0.3 scored the same or
 * less (0.8637–0.8644 at 0.55), so Auto only adds.
 */
export const AUTO_ADD_THRESHOLD = 0.55;

export const autoEngine: Engine = {
  name: 'auto',
  select(ctx: EngineContext): ContentSelection | null {
    if (MODEL_ERROR) return ntaEngine.select(ctx);
    // The gate (autoGate.ts): NTA first, then page-level facts of its selection decide
    // whether the classifier and the combiner run at all (most of Auto's cost over NTA).
    const nta = ntaSelectAnnotated(ctx);
    const gate = gateDecision(gateFeatures(ctx.stats, ctx.linkBlocks, nta));
    if (gate.cheap && nta.selection) {
      nta.selection.notes.push(`auto: NTA's selection, classifier and combiner skipped (gate: ${gate.reason})`);
      return nta.selection;
    }
    // NTA's selection is a list of links, which the pipeline keeps whole: NTA typed it so (a
    // grid typed anchor throughout, cards that are links: nodeTypes.ts, cardLists.ts), or its
    // link blocks would take most of it (extract.ts keeps them then, as the list's content: a
    // blog's index of posts, a shop's grid; the pipeline cleans and serializes the selection to
    // know, work it reuses when the selection is returned). The models learned to pick text
    // leaves, and kept a few of such a list's, or none: NTA's selection is the clip.
    const list = nta.selection?.linkList
      ? "auto: NTA's selection is a list of links, classifier and combiner skipped"
      : nta.selection && ctx.isListOfLinks?.(nta.selection)
        ? "auto: link blocks would take most of NTA's selection, a list of links: classifier and combiner skipped"
        : null;
    if (list) {
      nta.selection!.notes.push(list);
      return nta.selection;
    }
    const c = classifyLeaves(ctx, nta);
    if (!c) return nta.selection;
    // Plain loops rather than map/filter callbacks: the call runs cold, where a callback
    // call per leaf costs more than the work it does.
    const n = c.leaves.length;
    const texts = new Array<string>(n);
    const vsseInArea = new Array<boolean>(n);
    for (let i = 0; i < n; i++) {
      texts[i] = (c.leaves[i] as TextLeaf).text;
      vsseInArea[i] = c.vsse.decisions[i]?.inArea === true;
    }
    const { features, agreement } = autoFeatures({ texts, p: c.probability, ntaKept: c.nta.kept, vsseInArea, classifier: c.features });
    const combined = predictAll(compiled(), features.data, n);
    const add = new Array<boolean>(n);
    let adds = 0;
    for (let i = 0; i < n; i++) {
      add[i] = (c.nta.kept[i] ?? 0) < 0.5 && (combined[i] as number) >= AUTO_ADD_THRESHOLD;
      if (add[i]) adds++;
    }
    const notes = [
      `auto: classifier and combiner run (gate: ${gate.reason})`,
      `auto: combiner added ${adds} of ${n} leaves to NTA's clip; NTA/classifier agreement ${Math.round(agreement * 1000) / 1000}`,
    ];
    const base = nta.selection;
    // NTA found nothing: the clip is the leaves the combiner adds to nothing.
    if (!base) return selectionFromLeaves(ctx, { ...c, probability: combined }, add, notes);
    if (adds === 0) {
      base.notes.push(...notes);
      return base;
    }
    return withAddedLeaves(ctx, base, c.leaves, combined, add, c.root, notes);
  },
};

/**
 * NTA's clip with the combiner's added leaves (keptNodesOfLeaves, images between them
 * included), the root raised no further than what holds both.
 */
export function withAddedLeaves(ctx: EngineContext, base: ContentSelection, leaves: readonly TextLeaf[], p: ArrayLike<number>, add: readonly boolean[], pageRoot: Element, notes: string[]): ContentSelection {
  const els: Element[] = [base.root];
  for (let i = 0; i < leaves.length; i++) if (add[i]) els.push((leaves[i] as TextLeaf).el);
  const root = lowestCommonAncestor(els, pageRoot);
  // What NTA's clip serialized: its kept set, or its start node whole when pruning kept
  // nothing readable (the pipeline's fallback, which an added leaf would otherwise defeat).
  const kept = new Set<Node>(ctx.clipOf ? ctx.clipOf(base).kept : base.kept);
  for (const node of keptNodesOfLeaves(root, leaves, add)) kept.add(node);
  const nodes = base.nodes.slice();
  if (ctx.options.trace) {
    for (let i = 0; i < leaves.length; i++) {
      if (!add[i]) continue;
      const reason = `auto: added to NTA's clip, P(content) ${Math.round((p[i] ?? 0) * 1000) / 1000}`;
      nodes.push({ path: describePath((leaves[i] as TextLeaf).el), type: 'text', doc: 1, td: 0, role: 'kept', reason });
    }
  }
  return { root, kept, nodes, notes: base.notes.concat(notes), ...(base.removed ? { removed: base.removed } : {}), ...(base.linkList ? { linkList: true } : {}) };
}
