import { checkModel, compileModel, predictAll, type TreeModel } from './classifierModel';
import { classifyLeaves, selectionFromLeaves } from './classifier';
import { AUTO_FEATURE_NAMES, autoFeatures } from './autoFeatures';
import modelData from './autoModel.json';
import type { ContentSelection, Engine, EngineContext } from './engine';
import { ntaEngine } from './nta';

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
 */
const MODEL = modelData as unknown as TreeModel;
const MODEL_ERROR = checkModel(MODEL, AUTO_FEATURE_NAMES);
const COMPILED = compileModel(MODEL);

export const AUTO_THRESHOLD = 0.5;

export const autoEngine: Engine = {
  name: 'auto',
  select(ctx: EngineContext): ContentSelection | null {
    const c = MODEL_ERROR ? null : classifyLeaves(ctx);
    if (!c) return ntaEngine.select(ctx);
    const { features, agreement } = autoFeatures({
      texts: c.leaves.map((l) => l.text),
      p: c.probability,
      ntaKept: c.nta.kept,
      vsseInArea: c.vsse.decisions.map((d) => d.inArea),
      classifier: c.features,
    });
    const combined = predictAll(COMPILED, features.data, c.leaves.length);
    const keep = Array.from(combined, (p) => p >= AUTO_THRESHOLD);
    const note = `auto: combiner kept ${keep.filter(Boolean).length} of ${keep.length} leaves; NTA/classifier agreement ${Math.round(agreement * 1000) / 1000}`;
    const sel = selectionFromLeaves(ctx, { ...c, probability: combined }, keep, [note]);
    return sel ?? c.nta.selection;
  },
};
