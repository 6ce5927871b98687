import { describePath } from '../trace';
import { classifyLeaves, CONTENT_THRESHOLD, selectionFromLeaves } from './classifier';
import type { ContentSelection, Engine, EngineContext } from './engine';
import { ntaEngine } from './nta';
import type { TextLeaf } from './vsseTextLeaves';

/**
 * Auto: combine the engines (issue 6, "Choosing").
 *
 * 1. The classifier scores every text leaf; its features already include what NTA, the
 *    link blocks and VSSE say about the leaf (classifierFeatures.ts), so P(content) is a
 *    learned vote of all three engines plus the paper's own features.
 * 2. Agreement decides the output's *shape*: when NTA's selection and the classifier's
 *    kept leaves agree on the page's text (token-weighted Dice ≥ AGREEMENT), NTA's own
 *    selection is used — a whole subtree with its images, figures and structure as the
 *    NTA pruning rules decide them. When they disagree, NTA has most likely picked the
 *    wrong region (a comment thread, a listing, a page without one dense article block),
 *    and the classifier's leaves are used instead.
 */
export const AGREEMENT = 0.9;

export const autoEngine: Engine = {
  name: 'auto',
  select(ctx: EngineContext): ContentSelection | null {
    const c = classifyLeaves(ctx);
    const nta = ntaEngine.select(ctx);
    if (!c) return nta;
    const keep = Array.from(c.probability, (p) => p >= CONTENT_THRESHOLD);
    let both = 0;
    let clf = 0;
    let ntaMass = 0;
    c.leaves.forEach((leaf: TextLeaf, i) => {
      const mass = leaf.text.length;
      const inNta = (c.nta.kept[i] ?? 0) > 0;
      if (keep[i]) clf += mass;
      if (inNta) ntaMass += mass;
      if (keep[i] && inNta) both += mass;
    });
    const dice = clf + ntaMass > 0 ? (2 * both) / (clf + ntaMass) : 0;
    const note = `auto: NTA/classifier agreement ${Math.round(dice * 1000) / 1000}`;
    if (nta && dice >= AGREEMENT) {
      nta.notes = [`${note} ≥ ${AGREEMENT}: NTA's selection`, ...nta.notes];
      return nta;
    }
    const sel = selectionFromLeaves(ctx, c, keep, [`${note} < ${AGREEMENT}: classifier leaves`]);
    if (sel && nta && ctx.options.trace) {
      sel.nodes.unshift({ path: describePath(nta.root), type: 'text', doc: 1, td: 0, role: 'dropped', reason: 'NTA start node overruled by the classifier' });
    }
    return sel ?? nta;
  },
};
