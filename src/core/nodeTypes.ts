import { boilerplateReason } from './boilerplate';
import { effectiveImageSize } from './layout';
import { ANCHOR_TEXT_SHARE, IGNORE_TAGS, MAIN_MIN_SHARE, MAIN_SELECTOR, TD_FALLBACK_STEPS, TITLE_REGION_MIN_SHARE } from './rules';
import type { Column, PageStats } from './stats';
import { isImageElement, newColumn } from './stats';
import type { DecisiveNodeTrace, ExtractOptions, LayoutProbe, NodeType } from './types';
import { traceEntry } from './trace';

/**
 * NTA — node type annotation (SPEC §1, paper 001): node types, degree of coherence (DoC),
 * text density (TD), the candidate list, the start node and top-down pruning.
 */
export interface Annotation {
  types: NodeType[];
  /** DoC_i = leaves of type T_i / all leaves (a leaf has DoC 1). */
  doc: Column;
  /** TD_i = NLC_i / NLC_b (image and anchor nodes: 0). */
  td: Column;
  /** Page totals (the paper's *_b). */
  nlcB: number;
  lcB: number;
  lnB: number;
}

/**
 * Node type, DoC and TD of every counted element. The type rules of SPEC §1, with the two typos fixed as SPEC says and these choices where
 * the paper is silent:
 * - a node with no text but images is an *image* node even when the images are linked
 *   (`<a href=full.jpg><img></a>` is how most articles show photos; the paper's LN = 0
 *   condition would make every linked photo an anchor and drop it);
 * - a node with no text and no images is *ignore*;
 * - a non-leaf meeting none of the rules takes the type of the majority of its leaves
 *   (ties: text, then image, then anchor — losing text is worse than keeping a link).
 *
 * Computed in one loop per element, the rules inline.
 */
export function annotate(stats: PageStats): Annotation {
  const n = stats.order.length;
  const b = n - 1; // root is last in post-order
  const lcB = stats.lc[b] ?? 0;
  const nlcB = (stats.tc[b] ?? 0) - lcB;
  const lnB = stats.ln[b] ?? 0;
  const types: NodeType[] = new Array<NodeType>(n);
  // Plain arrays on a normal page, typed ones on a very large page (stats.Column).
  const doc = newColumn(n, 'float');
  const td = newColumn(n, 'float');
  // One loop with the type rules inline: extraction runs cold, in the interpreter, where a
  // call per element cost more than the rules themselves (scripts/profile-core.ts).
  const { tc: tcs, lc: lcs, ln: lns, img: imgs, isLeaf, leafText, leafAnchor, leafImage, tags } = stats;
  for (let i = 0; i < n; i++) {
    const text = leafText[i]!, anchor = leafAnchor[i]!, image = leafImage[i]!;
    const tc = tcs[i]!, lc = lcs[i]!, nlc = tc - lc;
    let t: NodeType;
    if (isLeaf[i]) {
      t = image ? 'image' : IGNORE_TAGS.has(tags[i]!) ? 'ignore' : anchor ? 'anchor' : text ? 'text' : 'ignore';
    } else if (tc === 0) {
      t = imgs[i]! > 0 ? 'image' : 'ignore';
    } else {
      const nlcShare = nlcB > 0 ? nlc / nlcB : 0;
      const lnShare = lnB > 0 ? lns[i]! / lnB : 0;
      const lcShare = lcB > 0 ? lc / lcB : 0;
      if (lc > nlc || lnShare > nlcShare) t = 'anchor';
      else if (nlcShare > lcShare && nlcShare > lnShare) t = 'text';
      else if (text >= anchor && text >= image) t = 'text';
      else t = image >= anchor ? 'image' : 'anchor';
    }
    types[i] = t;
    const leaves = text + anchor + image;
    doc[i] = isLeaf[i] || leaves === 0 ? 1 : (t === 'text' ? text : t === 'anchor' ? anchor : t === 'image' ? image : 0) / leaves;
    td[i] = t === 'text' && nlcB > 0 ? nlc / nlcB : 0;
  }
  return { types, doc, td, nlcB, lcB, lnB };
}

export interface StartNodeChoice {
  start: Element;
  candidates: Element[];
  /** The θ_TD actually used (lower than the option when we fell back). */
  thetaTD: number;
  /**
   * No node is typed text and the start node, right below the page, holds nearly all of its
   * plain text between its links (a grid of product cards): it is the clip, whole, with its links.
   */
  linkList?: boolean;
  notes: string[];
}

/**
 * Candidate list (text nodes with TD > θ_TD, in post-order: deepest first) and start node
 * (the *second* candidate; the only one when there is one; raised to the candidate holding
 * the page's <h1>, or lowered to the page's <main> or <article>, see markedMain; moved to the
 * <main> holding the <h1> when a fallback's start lies beside it, see mainBeside; lowered from
 * <body> to the <h1>'s region, see titleRegion). Fallbacks, in order:
 * lower θ_TD step by step (rules.TD_FALLBACK_STEPS); then the deepest node of any type
 * holding more than θ_TD of the plain text (a container the link-share rule typed as
 * anchor because it holds all of a small page's links), using its parent as start node.
 */
export function chooseStartNode(stats: PageStats, ann: Annotation, options: ExtractOptions): StartNodeChoice | null {
  const notes: string[] = [];
  if (ann.nlcB <= 0) return null;
  // One pass at θ_TD that also finds the densest text node; the fallback threshold that
  // yields a candidate is then known without a pass per step (the first step below it).
  const { types, td } = ann;
  const n = stats.order.length;
  let maxTd = -Infinity;
  let theta = options.thetaTD;
  const candidates: Element[] = [];
  for (let i = 0; i < n; i++) {
    if (types[i] !== 'text') continue;
    const d = td[i]!;
    if (d > theta) candidates.push(stats.order[i]!);
    if (d > maxTd) maxTd = d;
  }
  if (!candidates.length) {
    const step = TD_FALLBACK_STEPS.find((t) => t < options.thetaTD && maxTd > t);
    if (step !== undefined) {
      theta = step;
      for (let i = 0; i < n; i++) if (types[i] === 'text' && td[i]! > theta) candidates.push(stats.order[i]!);
    }
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
    // The page's <main>, then its <article>, when one of them holds most of the text and the <h1>.
    for (const [name, selector] of MARKED_CONTENT) {
      const marked = markedMain(start, stats, ann, selector);
      if (marked === null || (title !== null && !marked.contains(title))) continue;
      const k = stats.index.get(marked)!;
      start = marked;
      notes.push(`start node lowered to the page's ${name}, holding ${Math.round((100 * (stats.tc[k]! - stats.lc[k]!)) / ann.nlcB)} % of its plain text`);
    }
    // Where no node held θ_TD of the text, the start the fallback found may be a banner or a
    // carousel beside the post: the page's <main> that holds the <h1> says where the post is.
    if (title !== null && theta !== options.thetaTD && !start.contains(title)) {
      const main = mainBeside(start, title, stats);
      if (main !== null) { start = main; notes.push('start node moved to the page\'s <main>, which holds the <h1>: the fallback\'s start lay beside it'); }
    }
    // <body> is the start: start at the <h1>'s region instead, if one holds over half the text.
    if (title !== null && start === stats.root) {
      const region = titleRegion(title, stats, ann, theta);
      if (region !== null) { start = region; notes.push(`start node lowered from <body> to the region of the page's <h1>, holding ${Math.round(100 * ann.td[stats.index.get(region)!]!)} % of its plain text`); }
    }
    return { start, candidates, thetaTD: theta, notes };
  }
  for (let i = 0; i < stats.order.length; i++) {
    const nlcShare = (stats.tc[i]! - stats.lc[i]!) / ann.nlcB;
    if (nlcShare > options.thetaTD) {
      const el = stats.order[i]!;
      const parent = el.parentElement;
      // One level up, as the paper starts above its densest node; but not up to the walk root,
      // which says only that the page has no region of its own. Right below the page, this
      // node holding nearly all of its plain text and no text-typed node anywhere is a list of
      // links through and through (a grid of product cards in a <main>, a chart of best
      // sellers): the text is the prices and labels between the links, which pruning by type
      // and link-block removal would drop, so the node is the clip, whole. Not when the node says
      // it is boilerplate (a <footer> of links, all a shop renders without its scripts).
      if (parent && parent !== stats.root && stats.index.has(parent)) {
        notes.push('no text-typed candidate at any θ_TD: started from the parent of the deepest node holding the text');
        return { start: parent, candidates: [el], thetaTD: options.thetaTD, notes };
      }
      if (el !== stats.root && boilerplateReason(el) === null) {
        notes.push('no text-typed candidate at any θ_TD: the node below the page holding nearly all its text is a list of links, kept whole');
        return { start: el, candidates: [el], thetaTD: options.thetaTD, notes, linkList: true };
      }
      notes.push('no text-typed candidate at any θ_TD: started from the parent of the deepest node holding the text');
      return { start: parent && stats.index.has(parent) ? parent : el, candidates: [el], thetaTD: options.thetaTD, notes };
    }
  }
  return null;
}

/** Where a page marks its content, in the order the start node is lowered to them. */
const MARKED_CONTENT: readonly (readonly [string, string])[] = [['<main>', MAIN_SELECTOR], ['<article>', 'article']];

/**
 * The one element matching `selector` below `start` that holds most of the page's plain
 * text (more than rules.MAIN_MIN_SHARE), or null. Our addition to SPEC §1: on a short post
 * the candidates (nodes holding over θ_TD of the text) are only the page's wrappers, because
 * a banner, a promotion box or a sidebar holds over a tenth of its text, and pruning from
 * <body> keeps every text node of the page. A page that marks its main content says where
 * the post is (a Reddit thread, a shop's category, a blog post in its <article>).
 */
function markedMain(start: Element, stats: PageStats, ann: Annotation, selector: string): Element | null {
  const found = start.querySelectorAll(selector);
  let main: Element | null = null;
  for (let k = 0; k < found.length; k++) {
    const m = found[k]!;
    if (main !== null && main.contains(m)) continue;
    const i = stats.index.get(m);
    if (i === undefined || stats.tc[i]! - stats.lc[i]! <= MAIN_MIN_SHARE * ann.nlcB) continue;
    if (main !== null) return null;
    main = m;
  }
  return main;
}

/**
 * The page's <main> (MAIN_SELECTOR; the innermost when they nest) that holds the page's <h1>
 * and some plain text, when `start` lies outside it and around no part of it; else null.
 * Our addition to SPEC §1, asked only when the candidate list was empty at θ_TD: on a short
 * terms page or a shop's category, a promotion carousel or a banner then holds more text
 * than the post and becomes the start node, while the page marks where its content is.
 */
function mainBeside(start: Element, title: Element, stats: PageStats): Element | null {
  const found = stats.root.querySelectorAll(MAIN_SELECTOR);
  let main: Element | null = null;
  for (let k = 0; k < found.length; k++) {
    const m = found[k]!;
    if (m.contains(title) && (main === null || main.contains(m))) main = m;
  }
  if (main === null || main.contains(start) || start.contains(main)) return null;
  const i = stats.index.get(main);
  return i !== undefined && stats.tc[i]! - stats.lc[i]! > 0 ? main : null;
}

/**
 * The lowest ancestor of the page's <h1>, below the walk root, holding more than
 * rules.TITLE_REGION_MIN_SHARE of the plain text (its TD: only text nodes have one) but not
 * over θ_TD, or null. Our addition to SPEC §1 for a page where only <body> holds θ_TD of the
 * text (the start node is then <body>, the only candidate): pruning from
 * <body> keeps every text node, the sidebar's events and the footer's contact prose with the
 * post. The post's own region is the one that holds its title and most of the text.
 */
function titleRegion(title: Element, stats: PageStats, ann: Annotation, theta: number): Element | null {
  for (let a = title.parentElement; a !== null && a !== stats.root; a = a.parentElement) {
    const i = stats.index.get(a);
    if (i === undefined) continue;
    // A candidate (over θ_TD) was passed over for <body> by the paper's rule: so is this one.
    if (ann.td[i]! > theta) return null;
    if (ann.td[i]! > TITLE_REGION_MIN_SHARE) return a;
  }
  return null;
}

/** The first rendered <h1> with text that is not inside a discounted region (its TC is then 0). */
function pageTitleHeading(stats: PageStats, ann: Annotation): Element | null {
  const h1s = stats.root.getElementsByTagName('h1');
  for (let k = 0; k < h1s.length; k++) {
    const h = h1s[k]!;
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
 * judged by its own width); anchor → keep when an adjacent sibling is text, else skip, but
 * descend an anchor holding much of the page's plain text (holdsPageText); ignore → skip.
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
      if (NON_SPACE.test(node.nodeValue ?? '')) kept.add(node);
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
      if (hasAdjacentText(el, stats, ann)) {
        kept.add(el);
        continue;
      }
      if (!holdsPageText(i, stats, ann) && !isLinkedParagraph(i, stats)) {
        note(el, i, 'dropped', 'anchor without adjacent text');
        continue;
      }
      // Typed anchor by its share of the page's links, yet holding much of its plain text, or
      // a paragraph of prose with a link in it: not skipped whole, descended like a text node
      // whose children are mixed.
    }
    if (type === 'ignore' && !isStart) continue;
    // text with DoC ≤ θ_DoC, a container of images (each image decides by its own width:
    // a 32 px share icon beside a 480 px photo), or a start node of another type: descend.
    for (let c = el.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return { kept, trace };
}

/**
 * An anchor node that is one only by SPEC §1's second rule (`LN_i/LN_b > NLC_i/NLC_b`: it
 * holds a larger share of the page's links than of its plain text), whose plain text still
 * outweighs its link text and is more than rules.ANCHOR_TEXT_SHARE of the page's. A course
 * page's schedule with its readings linked in every row, a Reddit thread whose comments
 * carry vote and reply links: they hold most of the page's links *and* most of its text.
 * Skipped whole as an anchor, the clip lost the text the page is for (wcxb-dev 0424 kept
 * 27 % of its text, 0563 almost none). Descended instead, each child is judged by its own type.
 */
function holdsPageText(i: number, stats: PageStats, ann: Annotation): boolean {
  const lc = stats.lc[i]!;
  const nlc = stats.tc[i]! - lc;
  return nlc >= lc && nlc > ANCHOR_TEXT_SHARE * ann.nlcB;
}

/**
 * A paragraph (`<p>`) typed anchor only by SPEC §1's second rule, whose plain text outweighs
 * its link text. On a long guide with few links, one link is a larger share of the page's links
 * than a paragraph's sentences are of its text, so each paragraph that holds a link is typed
 * anchor; two such paragraphs in a row have no text-typed sibling, and both were skipped with
 * their sentences (wcxb-dev 2269 lost three paragraphs under "Web Typography"). Its link is
 * then judged as any anchor is: kept beside the paragraph's own text.
 */
function isLinkedParagraph(i: number, stats: PageStats): boolean {
  const lc = stats.lc[i]!;
  return stats.tags[i] === 'P' && stats.tc[i]! - lc > lc;
}

/** An anchor next to plain text (SPEC §1: in-text links carry meaning). */
function hasAdjacentText(el: Element, stats: PageStats, ann: Annotation): boolean {
  return sideHasText(el.previousSibling, false, stats, ann) || sideHasText(el.nextSibling, true, stats, ann);
}

/** Walks one side of an anchor, from its nearest sibling outward, to the first decisive node. */
function sideHasText(sib: Node | null, forward: boolean, stats: PageStats, ann: Annotation): boolean {
  while (sib) {
    const kind = sib.nodeType;
    if (kind === 3) {
      const value = sib.nodeValue ?? '';
      if (hasLetterOrDigit(value)) return true;
      if (NON_SPACE.test(value)) return false; // punctuation only: a separator, not prose
    } else if (kind === 1) {
      const j = stats.index.get(sib as Element);
      if (j !== undefined) {
        // A text-typed sibling element counts too (a paragraph of links between paragraphs
        // is part of the article: measured on wcxb-dev, limiting this to inline siblings
        // cost 6 points of recall). Dense link clusters are removed as link blocks instead.
        if (ann.types[j] === 'text') return true;
        // An ignore node (a <br>, an empty box, a discounted boilerplate region) holds no
        // content: it neither counts as text nor separates the anchor from the text beyond it.
        if (ann.types[j] !== 'ignore') return false;
      }
    }
    sib = forward ? sib.nextSibling : sib.previousSibling;
  }
  return false;
}

const NON_SPACE = /\S/;
const ASCII_ALNUM = /[A-Za-z0-9]/;
const NON_ASCII = /[\u0080-\uffff]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * `/[\p{L}\p{N}]/u.test(s)`, asking the Unicode-property regex only about text with no ASCII
 * letter or digit but some non-ASCII character: in ASCII, \p{L} and \p{N} are exactly
 * [A-Za-z0-9], and the property classes are costly to compile on every (cold) page.
 */
export function hasLetterOrDigit(s: string): boolean {
  return ASCII_ALNUM.test(s) || (NON_ASCII.test(s) && LETTER_OR_DIGIT.test(s));
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
