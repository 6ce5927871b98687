import type { ContentSelection } from './engines/engine';
import { effectiveImageSize } from './layout';
import { collapse } from './records/domIndex';
import { ACTION_LABELS, BLOCK_TAGS, CONTROL_FIRST_UNITS, CONTROL_MAX_CHARS, CONTROL_PHRASE, HEADING_TAGS, PERMALINK_MARKS, PLACEHOLDER_PHRASE, READING_TIME, READING_TIME_FIRST_UNITS, READING_TIME_MAX_CHARS, TOC_LABEL } from './rules';
import { CONTROL_TAGS, VISIBLE } from './serialize';
import type { PageStats } from './stats';
import { isImageElement, subtreeStart, tagOf } from './stats';
import type { LayoutProbe } from './types';

/**
 * Control text inside the selection (our addition): words a page shows to be clicked, not
 * read, left in a clip that nobody can click, most of them as a block of their own. Told by
 * structure and role, with small phrase lists (rules.ts):
 * - a call to action standing alone as its block (no other text up to the nearest block
 *   element on either side): an element whose whole text is "Read more", "Learn more",
 *   "Continue reading" or "Click to expand…" (a forum quote's expander; rules.CONTROL_PHRASE).
 *   Inside a sentence such a link is the author's words and stays; a heading so named names a
 *   section and stays; so does a table cell (its row's data).
 * - a placeholder standing alone, heading or not: "Loading…", a slot the page's scripts never
 *   filled (rules.PLACEHOLDER_PHRASE);
 * - a table of contents' label standing alone, its links gone as a link block (rules.TOC_LABEL);
 * - a permalink: a link to a fragment whose whole text is `#`, `§`, `¶` or 🔗
 *   (rules.PERMALINK_MARKS) inside a heading, right beside one, or pointing at an element it
 *   sits in; and a link whose whole text is a post's number (`#12`) standing alone;
 * - the page's estimate of its reading time ("5 min read", "Reading time: 8 minutes";
 *   rules.READING_TIME), alone or in a byline's line: the clip has its own.
 *
 * The element judged is the outermost one holding just that text and no picture the clip would
 * keep (a card's thumbnail stays when its "Learn more" goes). Read from the stats arrays: only
 * elements of at most rules.CONTROL_MAX_CHARS characters (rules.READING_TIME_MAX_CHARS for a
 * reading time) have their text read.
 *
 * Returns one note per kind of control dropped (for the trace); the nodes go into `removed`.
 */
export function removeControlText(selection: ContentSelection, stats: PageStats, removed: Set<Node>, layout: LayoutProbe, minImageWidth: number): string[] {
  const root = selection.root;
  const rootIndex = stats.index.get(root);
  if (rootIndex === undefined) return [];
  const { order, tags, tc, img } = stats;
  const dropped = { action: 0, bar: 0, mark: 0, toc: 0, time: 0 };
  const picture = (el: Element, at: number): boolean => img[at]! > 0 && holdsPicture(el, stats, layout, minImageWidth);
  for (let i = subtreeStart(stats, rootIndex); i < rootIndex; i++) {
    const chars = tc[i]!;
    if (chars === 0 || chars > READING_TIME_MAX_CHARS) continue;
    const el = order[i]!;
    if (picture(el, i)) continue;
    // The outermost element holding this text and no picture: its parent holds more (or is the root).
    const parent = el.parentElement;
    const p = parent === null || parent === root ? undefined : stats.index.get(parent);
    if (p !== undefined && tc[p] === chars && !picture(parent!, p)) continue;
    const kind = controlKind(el, tags[i]!, stats, removed, chars <= CONTROL_MAX_CHARS);
    if (kind === null || isRemoved(el, root, removed)) continue;
    removed.add(el);
    dropped[kind]++;
    // "By Ann Lee · 5 min read": the separator before the label (or after it, when it comes first) goes with it.
    if (kind === 'time') {
      const separator = separatorBeside(el, 'previousSibling') ?? separatorBeside(el, 'nextSibling');
      if (separator !== null) removed.add(separator);
    }
    // "Reply · Quote · Report": the separators of an action bar go with its controls.
    if (kind === 'bar') {
      for (const step of ['previousSibling', 'nextSibling'] as const) {
        const separator = separatorBeside(el, step);
        if (separator !== null) removed.add(separator);
      }
    }
  }
  const notes: string[] = [];
  if (dropped.action > 0) notes.push(`control text: ${dropped.action} call(s) to action or placeholder(s) standing alone dropped`);
  if (dropped.bar > 0) notes.push(`control text: ${dropped.bar} post or card control(s) ("Reply", "Share", "Add to cart") standing alone dropped`);
  if (dropped.mark > 0) notes.push(`control text: ${dropped.mark} permalink(s) dropped`);
  if (dropped.toc > 0) notes.push(`control text: ${dropped.toc} table-of-contents label(s) standing alone dropped`);
  if (dropped.time > 0) notes.push(`control text: ${dropped.time} reading-time label(s) dropped`);
  return notes;
}

/** `bar`: a post's or a card's own control (rules.ACTION_LABELS), alone or among more of them. */
type ControlKind = 'action' | 'bar' | 'mark' | 'toc' | 'time';

/** What control the element's text is, if any; `short`: within rules.CONTROL_MAX_CHARS (longer, only a reading time can be). */
function controlKind(el: Element, tag: string, stats: PageStats, removed: Set<Node>, short: boolean): ControlKind | null {
  const text = renderedText(el, stats);
  if (text === null) return null;
  const first = text.charAt(0);
  const lower = text.toLowerCase();
  // Every reading time says "min…" and a number: the pattern, which costs ~0.5 ms to compile in
  // a fresh page, is asked only then.
  if (READING_TIME_FIRST_UNITS.has(first) && lower.includes('min') && DIGIT.test(lower) && READING_TIME.test(lower)) return 'time';
  if (!short || !CONTROL_FIRST_UNITS.has(first)) return null;
  if (PERMALINK_MARKS.has(text)) return isPermalink(el, linkWithText(el, tag, text)) ? 'mark' : null;
  if (POST_NUMBER.test(text)) return linkWithText(el, tag, text) !== null && standsAlone(el, stats, removed) ? 'mark' : null;
  if (TOC_LABEL.test(lower)) return standsAlone(el, stats, removed) ? 'toc' : null;
  const action = (CONTROL_PHRASE.test(lower) && !HEADING_TAGS.has(tag)) || PLACEHOLDER_PHRASE.test(lower);
  const kind = action ? 'action' : isActionControl(el, tag, lower) ? 'bar' : null;
  return kind !== null && el.closest('td, th') === null && standsAlone(el, stats, removed, kind === 'bar') ? kind : null;
}

/**
 * Whether the element is a post's or a card's own control (rules.ACTION_LABELS): a link or a
 * button, or the element around one, whose whole text is such a label. `lower`: its rendered
 * text, lower case.
 */
function isActionControl(el: Element, tag: string, lower: string): boolean {
  if (HEADING_TAGS.has(tag) || !ACTION_LABELS.has(actionKey(lower))) return false;
  if (isClickable(el, tag)) return true;
  for (const inner of el.querySelectorAll(CLICKABLE)) if ((inner.textContent ?? '').trim().toLowerCase() === lower) return true;
  return false;
}

/** A control's text as rules.ACTION_LABELS writes it: spaces collapsed, a number as `#`, no trailing separators or arrows. */
export function actionKey(lower: string): string {
  let key = collapse(lower);
  let end = key.length;
  while (end > 0 && ACTION_TRAILERS.has(key.charAt(end - 1))) end--;
  key = key.slice(0, end).trimEnd();
  return DIGIT.test(key) ? key.replace(DIGITS, '#') : key;
}
const ACTION_TRAILERS: ReadonlySet<string> = new Set([...' .…:»›→>|·']);
const DIGITS = /\d+/g;

/** An `<a>` (with or without `href`: a script may handle the click), a `<button>`, or an element of a clickable role. */
function isClickable(el: Element, tag: string): boolean {
  if (tag === 'A' || tag === 'BUTTON') return true;
  const role = el.getAttribute('role');
  return role !== null && CLICKABLE_ROLES.has(role.trim().toLowerCase());
}
const CLICKABLE_ROLES: ReadonlySet<string> = new Set(['button', 'link', 'menuitem']);
const CLICKABLE = 'a, button, [role="button"], [role="link"], [role="menuitem"]';

/** The sibling on that side, past blank text, when its whole text is one separator (`·`, `|`, `•`, a dash, a slash): a text run or an element. */
function separatorBeside(el: Element, step: 'previousSibling' | 'nextSibling'): Node | null {
  let node = el[step];
  while (node !== null && node.nodeType === 3 && !VISIBLE.test(node.nodeValue ?? '')) node = node[step];
  return node !== null && (node.nodeType === 3 || node.nodeType === 1) && SEPARATOR.test(node.textContent ?? '') ? node : null;
}
const SEPARATOR = /^\s*[·•|—–\-/]\s*$/;

/**
 * Whether the element holds a picture the clip keeps: a rendered image at least
 * `minImageWidth` wide, or of unknown width (serialize.ts keeps those too). A call to action's
 * arrow icon is narrower; a card's thumbnail beside its "Learn more" is not, and stays.
 */
function holdsPicture(el: Element, stats: PageStats, layout: LayoutProbe, minImageWidth: number): boolean {
  for (const image of el.querySelectorAll('img, picture')) {
    if (!stats.index.has(image) || !isImageElement(image)) continue;
    const w = effectiveImageSize(image, layout, 'width');
    if (w === null || w >= minImageWidth) return true;
  }
  return false;
}

/**
 * The element's rendered text, trimmed: its text nodes inside counted elements (not a
 * `<style>` a page builder puts beside a button, nor hidden text). Null past a control's length.
 */
function renderedText(el: Element, stats: PageStats): string | null {
  let text = '';
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      text += node.nodeValue ?? '';
      if (text.length > CONTROL_MAX_TEXT) return null;
    } else if (node.nodeType === 1 && stats.index.has(node as Element)) {
      for (let c = node.lastChild; c !== null; c = c.previousSibling) stack.push(c);
    }
  }
  return text.trim();
}
const CONTROL_MAX_TEXT = 200;
const DIGIT = /\d/;


/** `#12`: a post's number, which forums link to the post itself (a ranking's `#2` is no link). */
const POST_NUMBER = /^#\d{1,6}$/;

/** The element, or the link inside it, whose whole text is `text` and that leads somewhere (has an href). */
function linkWithText(el: Element, tag: string, text: string): Element | null {
  if (tag === 'A') return el.hasAttribute('href') ? el : null;
  for (const a of el.getElementsByTagName('a')) if (a.hasAttribute('href') && (a.textContent ?? '').trim() === text) return a;
  return null;
}

/**
 * A link to a fragment (`href="#…"`; or the element wrapping one) that is a heading's: inside
 * a heading, right beside one, or pointing at an element it sits in (rustdoc's and Sphinx's
 * sections, an API entry's `<dt id>`).
 */
function isPermalink(el: Element, link: Element | null): boolean {
  const href = link?.getAttribute('href') ?? '';
  if (!href.startsWith('#')) return false;
  if (el.closest(HEADINGS) !== null) return true;
  if (isHeadingBox(siblingElement(el, 'previousSibling')) || isHeadingBox(siblingElement(el, 'nextSibling'))) return true;
  const id = decodeFragment(href.slice(1));
  for (let cur = el.parentElement; cur !== null && id !== ''; cur = cur.parentElement) if (cur.id === id) return true;
  return false;
}

/**
 * Whether a link is its heading's own anchor: it holds the whole text of the <h1>–<h6> it sits
 * in and points at that heading or at itself (`<h2 id="x"><a href="#x">What Is Ownership?</a></h2>`,
 * as mdBook and other site generators write every section heading). It names its section and
 * leads nowhere else, so it is no part of a link cluster that runs into it: an icon bar just
 * before an article's first heading took the heading with it (stage 5, linkBlocks.removableSpan).
 */
export function isHeadingAnchor(link: Element): boolean {
  const href = link.getAttribute('href');
  if (href === null || href.length < 2 || href.charCodeAt(0) !== 35 /* # */) return false;
  const heading = link.closest(HEADINGS);
  if (heading === null) return false;
  // As a browser finds a fragment's element: the fragment as written, else percent-decoded.
  const raw = href.slice(1);
  const decoded = decodeFragment(raw);
  const target = (id: string | null): boolean => id !== null && id !== '' && (id === raw || id === decoded);
  if (!target(heading.id) && !target(link.id) && !target(link.getAttribute('name'))) return false;
  const text = collapse(link.textContent ?? '');
  return text !== '' && text === collapse(heading.textContent ?? '');
}

function decodeFragment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

function isHeadingBox(el: Element | null): boolean {
  return el !== null && HEADING_TAGS.has(tagOf(el));
}

/** The nearest element sibling on one side, with nothing but whitespace or comments between. */
function siblingElement(el: Element, step: 'previousSibling' | 'nextSibling'): Element | null {
  let node = el[step];
  while (node !== null && (node.nodeType === 8 || (node.nodeType === 3 && !/\S/.test(node.nodeValue ?? '')))) node = node[step];
  return node !== null && node.nodeType === 1 ? node as Element : null;
}

/**
 * Whether the element's text is a block of the clip by itself: up to the nearest block, its
 * siblings on either side hold no text up to the next block, counting neither elements that
 * are not rendered or hold no text, form controls (never written), nor nodes already removed. A `<br>` is no boundary: the
 * clip's text runs a line break into its block ("…from your purchases.<br><a>Learn more.</a>"
 * is one block, and a forum post's "Contents<br>Chapter 1…" is its author's).
 */
function standsAlone(el: Element, stats: PageStats, removed: Set<Node>, inBar = false): boolean {
  for (let cur: Element | null = el; cur !== null && !BLOCK_TAGS.has(tagOf(cur)); cur = cur.parentElement) {
    if (!sideIsBlank(cur, 'previousSibling', stats, removed, inBar) || !sideIsBlank(cur, 'nextSibling', stats, removed, inBar)) return false;
  }
  return true;
}

/** `inBar`: separators and a post's or a card's other controls (isActionControl) count as blank too. */
function sideIsBlank(el: Element, step: 'previousSibling' | 'nextSibling', stats: PageStats, removed: Set<Node>, inBar: boolean): boolean {
  for (let node = el[step]; node !== null; node = node[step]) {
    if (removed.has(node)) continue;
    if (node.nodeType === 3) {
      if (VISIBLE.test(node.nodeValue ?? '') && !(inBar && SEPARATOR.test(node.nodeValue ?? ''))) return false;
    } else if (node.nodeType === 1) {
      const sib = node as Element;
      const tag = tagOf(sib);
      if (BLOCK_TAGS.has(tag)) return true;
      if (CONTROL_TAGS.has(tag)) continue; // a form's label is not written (serialize.ts)
      if (inBar && isBarNeighbour(sib, tag, stats)) continue;
      const i = stats.index.get(sib);
      if (i !== undefined && (stats.img[i]! > 0 || (stats.tc[i]! > 0 && holdsText(sib, stats, removed)))) return false;
    }
  }
  return true;
}

/** A separator, or another control of a post's or a card's action bar. */
function isBarNeighbour(el: Element, tag: string, stats: PageStats): boolean {
  const text = renderedText(el, stats);
  if (text === null || text.length > BAR_NEIGHBOUR_MAX_CHARS) return false;
  return SEPARATOR.test(text) || isActionControl(el, tag, text.toLowerCase());
}
const BAR_NEIGHBOUR_MAX_CHARS = 40;

/** Whether the element still holds text a reader sees once `removed` is gone (a TOC's "hide" toggle went with its links). */
function holdsText(el: Element, stats: PageStats, removed: Set<Node>): boolean {
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (removed.has(node)) continue;
    if (node.nodeType === 3) {
      if (VISIBLE.test(node.nodeValue ?? '')) return true;
    } else if (node.nodeType === 1 && stats.index.has(node as Element) && !CONTROL_TAGS.has(tagOf(node as Element))) {
      for (let c = node.lastChild; c !== null; c = c.previousSibling) stack.push(c);
    }
  }
  return false;
}

/**
 * Already dropped with an ancestor. Whether the selection keeps it is not asked: a node it
 * does not keep is not written anyway, and where pruning kept nothing the root is written whole.
 */
function isRemoved(node: Node, root: Element, removed: Set<Node>): boolean {
  for (let cur: Node | null = node; cur !== null && cur !== root; cur = cur.parentNode) if (removed.has(cur)) return true;
  return false;
}
