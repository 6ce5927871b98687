import { describePath } from '../trace';
import type { DecisiveNodeTrace } from '../types';
import type { ContentSelection, Engine, EngineContext } from './engine';
import { vsseSummary } from './vssePage';
import { VSSE_DEFAULTS, vsseSelect } from './vsseSelect';
import { collectTextLeaves, keptNodesOfLeaves, type TextLeaf } from './vsseTextLeaves';

/**
 * The VSSE engine (SPEC §3 steps 1–3, paper 002): punctuation seeds, tag-path aggregation
 * to the content area, SimHash refinement against title + description. It reuses the
 * shared stats pass for visibility (an element the stats walk skipped is not rendered) and
 * hands its kept leaves to the shared pipeline, which removes link-block noise, serializes
 * and reads metadata exactly as for NTA.
 */
export const vsseEngine: Engine = {
  name: 'vsse',
  select(ctx: EngineContext): ContentSelection | null {
    const root = ctx.stats.root;
    const leaves = collectTextLeaves(root, (el) => ctx.stats.index.has(el));
    const sel = vsseSelect(root, leaves, vsseSummary(ctx.doc), VSSE_DEFAULTS);
    if (!sel.area) return null;
    const keep = sel.decisions.map((d) => d.kept);
    if (!keep.some(Boolean)) return null;
    const nodes: DecisiveNodeTrace[] = [];
    if (ctx.options.trace) {
      nodes.push({ path: describePath(sel.area), type: 'text', doc: 1, td: 0, role: 'start', reason: `content area: aggregated path ${sel.aggregatedPath.join('>')} of ${sel.seeds} seeds` });
      sel.decisions.forEach((d, i) => {
        if (nodes.length >= 60 || !(d.seed || (d.inArea && !d.kept))) return;
        const leaf = leaves[i] as TextLeaf;
        nodes.push({
          path: describePath(leaf.el), type: 'text', doc: 1, td: round(d.vvtcRatio), role: d.kept ? 'candidate' : 'dropped',
          reason: d.kept ? `seed: vvtc/max ${round(d.vvtcRatio)}` : `SimHash distance ${d.distance} > T2, link text`,
        });
      });
    }
    return {
      root: sel.area,
      kept: keptNodesOfLeaves(sel.area, leaves, keep),
      nodes,
      notes: [`vsse: ${sel.seeds} seeds, ${keep.filter(Boolean).length} of ${leaves.length} leaves kept`, ...sel.notes],
    };
  },
};

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
