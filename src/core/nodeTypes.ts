import { effectiveImageSize } from './layout';
import { IGNORE_TAGS, TD_FALLBACK_STEPS } from './rules';
import type { PageStats } from './stats';
import { isImageElement } from './stats';
import type { DecisiveNodeTrace, ExtractOptions, LayoutProbe, NodeType } from './types';
import { traceEntry } from './trace';

/**
 * NTA — node type annotation (SPEC §1, paper 001): node types, degree of coherence (DoC),
 * text density (TD), the candidate list, the start node and top-down pruning.
 */
export interface Annotation {
  types: NodeType[];
  /** DoC_i = leaves of type T_i / all leaves (a leaf has DoC 1). */
  doc: Float64Array;
  /** TD_i = NLC_i / NLC_b (image and anchor nodes: 0). */
  td: Float64Array;
  /** Page totals (the paper's *_b). */
  nlcB: number;
  lcB: number;
  lnB: number;
}

export function annotate(stats: PageStats): Annotation {
  const n = stats.order.length;
  const b = n - 1; // root is last in post-order
  const lcB = stats.lc[b] ?? 0;
  const nlcB = (stats.tc[b] ?? 0) - lcB;
  const lnB = stats.ln[b] ?? 0;
  const types: NodeType[] = new Array<NodeType>(n);
  const doc = new Float64Array(n);
  const td = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = nodeType(stats, i, nlcB, lcB, lnB);
    types[i] = t;
    const text = stats.leafText[i]!, anchor = stats.leafAnchor[i]!, image = stats.leafImage[i]!;
    const leaves = text + anchor + image;
    doc[i] = stats.isLeaf[i] || leaves === 0 ? 1 : (t === 'text' ? text : t === 'anchor' ? anchor : t === 'image' ? image : 0) / leaves;
    td[i] = t === 'text' && nlcB > 0 ? (stats.tc[i]! - stats.lc[i]!) / nlcB : 0;
  }
  return { types, doc, td, nlcB, lcB, lnB };
}

/**
 * The type rules of SPEC §1, with the two typos fixed as SPEC says and these choices where
 * the paper is silent:
 * - a node with no text but images is an *image* node even when the images are linked
 *   (`<a href=full.jpg><img></a>` is how most articles show photos; the paper's LN = 0
 *   condition would make every linked photo an anchor and drop it);
 * - a node with no text and no images is *ignore*;
 * - a non-leaf meeting none of the rules takes the type of the majority of its leaves
 *   (ties: text, then image, then anchor — losing text is worse than keeping a link).
 */
function nodeType(s: PageStats, i: number, nlcB: number, lcB: number, lnB: number): NodeType {
  const tc = s.tc[i]!, lc = s.lc[i]!, nlc = tc - lc, ln = s.ln[i]!, images = s.img[i]!;
  if (s.isLeaf[i]) {
    if (s.leafImage[i]) return 'image';
    if (IGNORE_TAGS.has(s.tags[i]!)) return 'ignore';
    if (s.leafAnchor[i]) return 'anchor';
    if (s.leafText[i]) return 'text';
    return 'ignore';
  }
  if (tc === 0) return images > 0 ? 'image' : 'ignore';
  const nlcShare = nlcB > 0 ? nlc / nlcB : 0;
  const lnShare = lnB > 0 ? ln / lnB : 0;
  const lcShare = lcB > 0 ? lc / lcB : 0;
  if (lc > nlc || lnShare > nlcShare) return 'anchor';
  if (nlcShare > lcShare && nlcShare > lnShare) return 'text';
  const text = s.leafText[i]!, anchor = s.leafAnchor[i]!, image = s.leafImage[i]!;
  if (text >= anchor && text >= image) return 'text';
  return image >= anchor ? 'image' : 'anchor';
}

export interface StartNodeChoice {
  start: Element;
  candidates: Element[];
  /** The θ_TD actually used (lower than the option when we fell back). */
  thetaTD: number;
  notes: string[];
}

/**
 * Candidate list (text nodes with TD > θ_TD, in post-order: deepest first) and start node
 * (the *second* candidate; the only one when there is one). Fallbacks, in order:
 * lower θ_TD step by step (rules.TD_FALLBACK_STEPS); then the deepest node of any type
 * holding more than θ_TD of the plain text (a container the link-share rule typed as
 * anchor because it holds all of a small page's links), using its parent as start node.
 */
export function chooseStartNode(stats: PageStats, ann: Annotation, options: ExtractOptions): StartNodeChoice | null {
  const notes: string[] = [];
  if (ann.nlcB <= 0) return null;
  const thresholds = [options.thetaTD, ...TD_FALLBACK_STEPS.filter((t) => t < options.thetaTD)];
  for (const theta of thresholds) {
    const candidates: Element[] = [];
    for (let i = 0; i < stats.order.length; i++) {
      if (ann.types[i] === 'text' && ann.td[i]! > theta) candidates.push(stats.order[i]!);
    }
    if (candidates.length) {
      if (theta !== options.thetaTD) notes.push(`empty candidate list at θ_TD=${options.thetaTD}: fell back to θ_TD=${theta}`);
      let start = candidates[1] ?? candidates[0]!;
      // The paper starts one level above the densest node because the title sits there (SPEC §1).
      // When the page's <h1> is further up, start at the lowest candidate that holds it.
      const title = pageTitleHeading(stats, ann);
      if (title && !start.contains(title)) {
        const holder = candidates.find((c) => c !== stats.root && c.contains(title));
        if (holder) { start = holder; notes.push('start node raised to the candidate holding the <h1>'); }
      }
      return { start, candidates, thetaTD: theta, notes };
    }
  }
  for (let i = 0; i < stats.order.length; i++) {
    const nlcShare = (stats.tc[i]! - stats.lc[i]!) / ann.nlcB;
    if (nlcShare > options.thetaTD) {
      const el = stats.order[i]!;
      const parent = el.parentElement && stats.index.has(el.parentElement) ? el.parentElement : el;
      notes.push('no text-typed candidate at any θ_TD: started from the parent of the deepest node holding the text');
      return { start: parent, candidates: [el], thetaTD: options.thetaTD, notes };
    }
  }
  return null;
}

/** The first rendered <h1> with text that is not inside a discounted region (its TC is then 0). */
function pageTitleHeading(stats: PageStats, ann: Annotation): Element | null {
  for (const h of Array.from(stats.root.getElementsByTagName('h1'))) {
    const i = stats.index.get(h);
    if (i !== undefined && stats.tc[i]! > 0 && ann.types[i] !== 'ignore') return h;
  }
  return null;
}

export interface PruneResult {
  /** Nodes kept with their whole subtree (elements and virtual text leaves). */
  kept: Set<Node>;
  trace: DecisiveNodeTrace[];
}

const MAX_TRACE_NODES = 120;

/**
 * Top-down pruning from the start node (SPEC §1):
 * text & DoC > θ_DoC → keep whole; text & DoC ≤ θ_DoC → descend; image → keep when its
 * rendered width ≥ minImageWidth (a non-leaf image node is descended so that each image is
 * judged by its own width); anchor → keep when an adjacent sibling is text; ignore → skip.
 * Virtual text leaves (bare text runs) met while descending are text leaves: kept.
 * Iterative (explicit stack), for deep pages.
 */
export function pruneFromStart(start: Element, stats: PageStats, ann: Annotation, options: ExtractOptions, layout: LayoutProbe): PruneResult {
  const kept = new Set<Node>();
  const trace: DecisiveNodeTrace[] = [];
  const note = (el: Element, i: number, role: DecisiveNodeTrace['role'], reason?: string): void => {
    if (!options.trace || trace.length >= MAX_TRACE_NODES) return;
    trace.push(traceEntry(el, reason ? { type: ann.types[i]!, doc: round(ann.doc[i]!), td: round(ann.td[i]!), role, reason } : { type: ann.types[i]!, doc: round(ann.doc[i]!), td: round(ann.td[i]!), role }));
  };
  const stack: Node[] = [start];
  let first = true;
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      if (/\S/.test(node.nodeValue ?? '')) kept.add(node);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    const i = stats.index.get(el);
    if (i === undefined) continue; // not rendered, or a tag that never holds text
    const type = ann.types[i]!;
    const isStart = first;
    first = false;
    if (type === 'text' && ann.doc[i]! > options.thetaDoC) {
      kept.add(el);
      if (trace.length < MAX_TRACE_NODES) note(el, i, 'kept', `text, DoC ${round(ann.doc[i]!)} > ${options.thetaDoC}`);
      continue;
    }
    if (type === 'image' && isImageElement(el)) {
      const w = effectiveImageSize(el, layout, 'width');
      if (w === null || w >= options.minImageWidth) {
        kept.add(el);
        note(el, i, 'kept', w === null ? 'image, width unknown' : `image ${Math.round(w)}px`);
      } else {
        note(el, i, 'dropped', `icon image ${Math.round(w)}px < ${options.minImageWidth}px`);
      }
      continue;
    }
    if (type === 'anchor' && !isStart) {
      if (hasAdjacentText(el, stats, ann)) kept.add(el);
      else note(el, i, 'dropped', 'anchor without adjacent text');
      continue;
    }
    if (type === 'ignore' && !isStart) continue;
    // text with DoC ≤ θ_DoC, a container of images (each image decides by its own width:
    // a 32 px share icon beside a 480 px photo), or a start node of another type: descend.
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return { kept, trace };
}

/** An anchor next to plain text (SPEC §1: in-text links carry meaning). */
function hasAdjacentText(el: Element, stats: PageStats, ann: Annotation): boolean {
  for (const dir of ['previousSibling', 'nextSibling'] as const) {
    let sib = el[dir];
    while (sib) {
      if (sib.nodeType === 3) {
        if (/[\p{L}\p{N}]/u.test(sib.nodeValue ?? '')) return true;
        if (/\S/.test(sib.nodeValue ?? '')) break; // punctuation only: a separator, not prose
      } else if (sib.nodeType === 1) {
        const j = stats.index.get(sib as Element);
        if (j !== undefined) {
          // A text-typed sibling element counts too (a paragraph of links between paragraphs
          // is part of the article: measured on wcxb-dev, limiting this to inline siblings
          // cost 6 points of recall). Dense link clusters are removed as link blocks instead.
          if (ann.types[j] === 'text') return true;
          // An ignore node (a <br>, an empty box, a discounted boilerplate region) holds no
          // content: it neither counts as text nor separates the anchor from the text beyond it.
          if (ann.types[j] !== 'ignore') break;
        }
      }
      sib = sib[dir];
    }
  }
  return false;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
