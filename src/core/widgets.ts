import type { ContentSelection } from './engines/engine';
import { HEADING_TAGS, WIDGET_LABELS, WIDGET_MAX_SHARE } from './rules';
import type { PageStats } from './stats';
import { subtreeStart } from './stats';

/**
 * Widget sections inside the selection (our addition; SPEC §1 "Known weaknesses"). Pages built
 * from utility classes (`mt-8 px-4 bg-blue-50`) say nothing about their regions in class names
 * (boilerplate.ts), and an author bio, a "Recent articles" teaser with its excerpt or a
 * disclaimer holds enough plain text that NTA keeps it and no link block covers it. What such a
 * region always has is a heading that names the widget: "About the author", "You might also
 * be interested in…", "Related articles", "Disclaimer" (rules.WIDGET_LABELS, matched whole).
 * Such a heading and its section are dropped: the heading's wrapper when the heading opens it,
 * else the heading and its following siblings up to the next heading of the same or a higher
 * rank. A label written as a short styled leaf instead of a heading counts only when it opens a
 * wrapper. A section holding more than rules.WIDGET_MAX_SHARE of the selection's text is the
 * content (a thread under "Leave a comment") and stays.
 *
 * Returns a note per dropped section (for the trace); the nodes go into `removed`.
 */
export function removeWidgetSections(selection: ContentSelection, stats: PageStats, removed: Set<Node>): string[] {
  const root = selection.root;
  const notes: string[] = [];
  const rootIndex = stats.index.get(root);
  if (rootIndex === undefined) return notes;
  const total = stats.tc[rootIndex]!;
  if (total <= 0) return notes;
  const textOf = (el: Element): number => {
    const i = stats.index.get(el);
    return i === undefined ? 0 : stats.tc[i]!;
  };
  for (const heading of labelCandidates(stats, rootIndex)) {
    const label = widgetLabel(heading);
    if (label === null) continue;
    // A table's cell names its row's field ("User reviews" in a feed's specification), not a widget.
    if (!isHeading(heading) && heading.closest('td, th') !== null) continue;
    if (isRemovedOrOutside(heading, selection, removed)) continue;
    const section = sectionOf(heading, root, total, textOf, isHeading(heading));
    if (section.length === 0) continue;
    for (const node of section) removed.add(node);
    const wrapper = section[0] !== heading ? `<${(section[0] as Element).tagName.toLowerCase()}> it opens` : 'heading and its section';
    notes.push(`widget section "${label.slice(0, 40)}" dropped (${wrapper})`);
  }
  return notes;
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

function isHeading(el: Element): boolean {
  return HEADING_TAGS.has(el.tagName) || el.getAttribute('role') === 'heading';
}

/**
 * Where a widget label can be, in the selection: headings with a short text, and short leaf
 * elements outside links that come first in their parent, where a page writes a widget's title
 * as a styled `<div>` or `<span>` ("About the author" in `ArticleAuthorFooter_descriptionTitle`;
 * such a label counts only when it opens a wrapper: no flat section, a short line could be
 * anything). Read from the stats arrays, not the DOM: they are in post-order, so the root's
 * subtree is the run of indices ending at the root's, from its first counted descendant on,
 * and their text counts rule out long texts before any text is read.
 */
function labelCandidates(stats: PageStats, rootIndex: number): Element[] {
  const out: Element[] = [];
  const { order, tags, tc, isLeaf, inLink } = stats;
  for (let i = subtreeStart(stats, rootIndex); i < rootIndex; i++) {
    const chars = tc[i]!;
    if (chars < LABEL_MIN_CHARS || chars > LABEL_MAX_CHARS) continue;
    if (HEADING_TAGS.has(tags[i]!)) out.push(order[i]!);
    else if (isLeaf[i] === 1 && inLink[i] === 0 && chars <= LEAF_LABEL_MAX_CHARS && order[i]!.previousElementSibling === null) out.push(order[i]!);
  }
  return out;
}

/**
 * The element's text when it is a widget label, else null. Most short texts are not: their
 * first word is looked up in rules.WIDGET_LABELS before the text is normalized and that word's
 * expression is tried (string work per candidate is what this stage costs, cold).
 */
function widgetLabel(el: Element): string | null {
  const raw = el.textContent ?? '';
  if (raw.length > 400) return null;
  const first = FIRST_WORD.exec(raw);
  if (first === null || !WIDGET_LABELS.has(first[1]!.toLowerCase().replace(/’/g, "'"))) return null;
  const label = raw.replace(/\s+/g, ' ').trim();
  return label.length <= 80 && isWidgetLabel(label) ? label : null;
}

/** The first word, without the punctuation a label may end with ("Disclaimer:"). */
const FIRST_WORD = /^\s*([^\s:.…!?]+)/;

/** Whether a heading's text names a widget (rules.WIDGET_LABELS, on the normalized text). */
export function isWidgetLabel(text: string): boolean {
  const label = text.replace(/\s+/g, ' ').trim().toLowerCase().replace(/’/g, "'");
  const first = FIRST_WORD.exec(label);
  const pattern = first === null ? undefined : WIDGET_LABELS.get(first[1]!);
  return pattern !== undefined && pattern.test(label);
}

/**
 * Non-space characters of a widget label: from "Related" + one word ("Up next" is 6) to the
 * longest a heading may be ("We think you might also be interested in these three" is 43);
 * shorter still when the label is a styled leaf, not a heading.
 */
const LABEL_MIN_CHARS = 6;
const LABEL_MAX_CHARS = 64;
const LEAF_LABEL_MAX_CHARS = 48;

/**
 * The nodes that make up the section a widget heading opens, or [] when that section is too
 * large a share of the selection to be a widget.
 */
function sectionOf(heading: Element, root: Element, total: number, textOf: (el: Element) => number, flat: boolean): Node[] {
  const limit = total * WIDGET_MAX_SHARE;
  // The wrapper the heading opens: climb while it is the first thing with content in its parent.
  let region: Element = heading;
  for (let parent = region.parentElement; parent && parent !== root && opens(region); parent = parent.parentElement) {
    if (textOf(parent) > limit) break;
    region = parent;
  }
  if (region !== heading && hasContentAfter(region, heading)) return [region];
  if (!flat) return [];
  // No wrapper of its own: the heading and its following siblings up to the next heading of
  // the same or a higher rank.
  const rank = rankOf(heading);
  const nodes: Node[] = [heading];
  let text = textOf(heading);
  for (let sib = heading.nextSibling; sib; sib = sib.nextSibling) {
    if (sib.nodeType === 1) {
      const el = sib as Element;
      if (startsSection(el, rank)) break;
      text += textOf(el);
    } else if (sib.nodeType === 3) {
      text += (sib.nodeValue ?? '').replace(/\s+/g, '').length;
    }
    nodes.push(sib);
  }
  return text > limit ? [] : nodes;
}

/** Whether `child` comes first in its parent: nothing before it holds text or an image. */
function opens(child: Element): boolean {
  for (let prev = child.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.nodeType === 3) {
      if (/\S/.test(prev.nodeValue ?? '')) return false;
    } else if (prev.nodeType === 1) {
      const el = prev as Element;
      if (/\S/.test(el.textContent ?? '') || el.querySelector('img, picture, video') || el.tagName === 'IMG') return false;
    }
  }
  return true;
}

/** Whether the wrapper holds anything besides the heading (else it is only the heading's box). */
function hasContentAfter(region: Element, heading: Element): boolean {
  for (let el: Element | null = heading; el && el !== region; el = el.parentElement) {
    for (let sib = el.nextSibling; sib; sib = sib.nextSibling) {
      if (sib.nodeType === 1 || /\S/.test(sib.nodeValue ?? '')) return true;
    }
  }
  return false;
}

function rankOf(el: Element): number {
  const m = /^H([1-6])$/.exec(el.tagName);
  if (m) return Number(m[1]);
  const level = Number(el.getAttribute('aria-level'));
  return level >= 1 && level <= 6 ? level : 2;
}

/** A sibling that is, or holds, a heading of rank ≤ `rank` starts the next section. */
function startsSection(el: Element, rank: number): boolean {
  if (isHeading(el) && rankOf(el) <= rank) return true;
  for (const h of el.querySelectorAll(HEADINGS)) if (rankOf(h) <= rank) return true;
  return false;
}

/** Already dropped, or not in what the selection keeps. */
function isRemovedOrOutside(node: Node, selection: ContentSelection, removed: Set<Node>): boolean {
  let kept = false;
  for (let cur: Node | null = node; cur; cur = cur.parentNode) {
    if (removed.has(cur)) return true;
    if (!kept && selection.kept.has(cur)) kept = true;
    if (cur === selection.root) return !kept;
  }
  return true;
}
