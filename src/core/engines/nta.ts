import { annotate, chooseStartNode, pruneFromStart } from '../nodeTypes';
import { describePath } from '../trace';
import type { DecisiveNodeTrace } from '../types';
import type { ContentSelection, Engine, EngineContext } from './engine';

/**
 * The NTA engine (SPEC §1, paper 001): annotate node types, DoC and TD from the shared
 * stats; the candidate list runs from the deepest dense text node upward; start at the
 * second candidate; prune top-down. Link blocks inside the result are removed by the
 * shared pipeline afterwards (SPEC §2).
 */
export const ntaEngine: Engine = {
  name: 'nta',
  select(ctx: EngineContext): ContentSelection | null {
    const { stats, options, layout } = ctx;
    const ann = annotate(stats);
    const choice = chooseStartNode(stats, ann, options);
    if (!choice) return null;
    const nodes: DecisiveNodeTrace[] = [];
    if (options.trace) {
      for (const el of choice.candidates.slice(0, 12)) {
        const i = stats.index.get(el)!;
        nodes.push({ path: describePath(el), type: ann.types[i]!, doc: r(ann.doc[i]!), td: r(ann.td[i]!), role: el === choice.start ? 'start' : 'candidate' });
      }
      if (!choice.candidates.includes(choice.start)) {
        const i = stats.index.get(choice.start)!;
        nodes.push({ path: describePath(choice.start), type: ann.types[i]!, doc: r(ann.doc[i]!), td: r(ann.td[i]!), role: 'start' });
      }
    }
    const pruned = pruneFromStart(choice.start, stats, ann, options, layout);
    return { root: choice.start, kept: pruned.kept, nodes: nodes.concat(pruned.trace), notes: choice.notes };
  },
};

function r(x: number): number {
  return Math.round(x * 1000) / 1000;
}
