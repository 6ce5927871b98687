import { checkModel, compiledOnDemand, predictAll, type TreeModel } from './classifierModel';
import { classifyLeaves, selectionFromLeaves } from './classifier';
import { AUTO_FEATURE_NAMES, autoFeatures } from './autoFeatures';
import modelData from './autoModel.json';
import type { ContentSelection, Engine, EngineContext } from './engine';
import { gateDecision, gateFeatures } from './autoGate';
import { ntaEngine, ntaSelectAnnotated } from './nta';
import type { TextLeaf } from './vsseTextLeaves';

/**
 * Auto: combine the engines (issue 6, "Choosing").
 *
 * The classifier scores every text leaf (its features already carry NTA's node types and
 * selection, the link blocks and VSSE's area); a second, small tree model — the combiner,
 * trained by training/stage2.py on site-disjoint out-of-fold classifier probabilities —
 * then decides each leaf from the classifier's confidence *in context* (its neighbours,
 * the span of content found on the page, the page's overall confidence) and from the
 * engines' agreement (NTA's and VSSE's decisions on the leaf, NTA/classifier agreement
 * over the page). Leaves at P ≥ AUTO_THRESHOLD are kept.
 *
 * We measured (training/evaluate.py, README "Engines") that handing the page to NTA's own
 * selection whenever NTA and the classifier agree costs bag-of-words F1, so agreement is a
 * feature of the combiner rather than a switch. Without a usable model, auto is NTA.
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
 * The combiner's decision threshold, chosen on half A's site-disjoint CV (stage2.py prints
 * it by half; session 6 models): page bowF1 0.851 at 0.45, 0.850 at 0.4, 0.849 at 0.5.
 */
export const AUTO_THRESHOLD = 0.45;

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
    const keep = new Array<boolean>(n);
    let kept = 0;
    for (let i = 0; i < n; i++) {
      keep[i] = (combined[i] as number) >= AUTO_THRESHOLD;
      if (keep[i]) kept++;
    }
    const notes = [
      `auto: classifier and combiner run (gate: ${gate.reason})`,
      `auto: combiner kept ${kept} of ${n} leaves; NTA/classifier agreement ${Math.round(agreement * 1000) / 1000}`,
    ];
    const sel = selectionFromLeaves(ctx, { ...c, probability: combined }, keep, notes);
    return sel ?? c.nta.selection;
  },
};
