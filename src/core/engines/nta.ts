import { discountBoilerplate, inPageFooter } from '../boilerplate';
import { cardList } from '../cardLists';
import { annotate, chooseStartNode, pruneFromStart, type Annotation } from '../nodeTypes';
import type { PageStats } from '../stats';
import { traceEntry } from '../trace';
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
    return ntaSelectAnnotated(ctx).selection;
  },
};

/** NTA's selection with the stats it chose on and their annotation (see ntaSelectAnnotated). */
export interface AnnotatedNtaSelection {
  selection: ContentSelection | null;
  /** `ctx.stats` itself when no boilerplate region was discounted (or the discount was undone). */
  stats: PageStats;
  ann: Annotation;
}

/**
 * The NTA engine's selection, also returning the annotation it was made on: the classifier
 * features (classifierFeatures.ts ntaLeafFacts) need the annotation of the undiscounted
 * stats, which is this one whenever `stats === ctx.stats`, and would otherwise annotate
 * the page a second time.
 */
export function ntaSelectAnnotated(ctx: EngineContext): AnnotatedNtaSelection {
  const { options, layout } = ctx;
  // Discount boilerplate regions; when nothing is left to choose from, annotate the page
  // as it is (Readability retries without its class filter the same way).
  let regions = discountBoilerplate(ctx.stats);
  let stats = regions.stats;
  let ann = annotate(stats);
  let choice = chooseStartNode(stats, ann, options);
  if (!choice && regions.roots.length) {
    regions = { roots: [], reasons: [], threadsKept: 0, stats: ctx.stats };
    stats = ctx.stats;
    ann = annotate(stats);
    choice = chooseStartNode(stats, ann, options);
  }
  if (!choice) return { selection: null, stats, ann };
  // A short start node on a page whose content is a list of card links (cardLists.ts): the
  // list joins the selection with its links, which are its content (below).
  const startIndex = stats.index.get(choice.start)!;
  const list = choice.linkList ? -1 : cardList(stats, startIndex);
  // The start node lies in the page's footer, and no list of cards joins it: the only prose
  // the page renders is its copyright and newsletter box (a shop's category that showed no
  // products, a page of bare links). That is not an article, and nothing is pruned for it.
  if (!choice.linkList && list === -1 && inPageFooter(choice.start)) return { selection: null, stats, ann };
  if (regions.roots.length) choice.notes.push(`${regions.roots.length} boilerplate region(s) discounted`);
  if (regions.threadsKept) choice.notes.push(`${regions.threadsKept} comment thread(s) kept: the page declares itself a discussion (schema.org DiscussionForumPosting), so they hold its replies`);
  const nodes: DecisiveNodeTrace[] = [];
  if (options.trace) {
    for (const el of choice.candidates.slice(0, 12)) {
      const i = stats.index.get(el)!;
      nodes.push(traceEntry(el, { type: ann.types[i]!, doc: r(ann.doc[i]!), td: r(ann.td[i]!), role: el === choice.start ? 'start' : 'candidate' }));
    }
    if (!choice.candidates.includes(choice.start)) {
      const i = stats.index.get(choice.start)!;
      nodes.push(traceEntry(choice.start, { type: ann.types[i]!, doc: r(ann.doc[i]!), td: r(ann.td[i]!), role: 'start' }));
    }
  }
  const pruned = choice.linkList ? { kept: new Set<Node>([choice.start]), trace: [] } : pruneFromStart(choice.start, stats, ann, options, layout);
  let root = choice.start;
  let linkList = choice.linkList === true;
  if (list !== -1) {
    const el = stats.order[list]!;
    pruned.kept.add(el);
    while (!root.contains(el)) root = root.parentElement!;
    linkList = true;
    choice.notes.push(`the start node holds ${stats.tc[startIndex]} characters: a list of card links holding ${stats.tc[list]} joined it, with its links`);
    if (options.trace) nodes.push(traceEntry(el, { type: ann.types[list]!, doc: r(ann.doc[list]!), td: r(ann.td[list]!), role: 'kept', reason: 'a list of card links' }));
  }
  if (options.trace) {
    regions.roots.slice(0, 40).forEach((el, k) => {
      nodes.push(traceEntry(el, { type: 'ignore', doc: 0, td: 0, role: 'dropped', reason: `boilerplate region: ${regions.reasons[k]!}` }));
    });
  }
  const selection: ContentSelection = { root, kept: pruned.kept, removed: new Set<Node>(regions.roots), nodes: nodes.concat(pruned.trace), notes: choice.notes };
  if (linkList) selection.linkList = true;
  return { selection, stats, ann };
}

function r(x: number): number {
  return Math.round(x * 1000) / 1000;
}
