import { BLOCK_TAGS, IMAGE_TAGS, PHRASING_TAGS, SKIP_SUBTREE_TAGS, VOID_TAGS } from './rules';
import { codeLengthOfText } from './textUnits';
import type { LayoutProbe } from './types';

/**
 * The stats pass (SPEC §1, issue 2 step 1): ONE iterative post-order walk over the rendered
 * part of <body> computing, per element, the paper's counts
 *   TC (all characters), LC (link characters), NLC = TC − LC, LN (links), IN (images)
 * and its leaf descendants by type (text / anchor / image), for the degree of coherence.
 *
 * No recursion: pages nest 5,000 deep. The walk follows firstChild/nextSibling/parentNode
 * with a small explicit stack of indices. Nothing is written to the page: results live in
 * arrays indexed through a Map (side tables, STYLE.md 1).
 *
 * Characters are the non-whitespace characters of rendered text (SPEC §1 says to count
 * what a reader sees; dropping whitespace makes the count independent of source indentation).
 * Elements that are not rendered (`checkVisibility()` false) are skipped with their subtree,
 * as are tags that never hold readable text (rules.SKIP_SUBTREE_TAGS).
 *
 * Leaves: an element with no counted element children is a leaf. In a mixed element each
 * non-empty direct text run is a *virtual text leaf* (SPEC §1) — an anchor leaf when the run
 * is inside a link. A `<picture>` and an `<svg role=img>` are image leaves.
 */
export interface PageStats {
  /** The walk's root (<body>, or the document element when there is no body). */
  root: Element;
  /** Counted elements in post-order (children before parents); `root` is last. */
  order: Element[];
  /** Upper-case tag name of each element of `order` (tagOf), parallel to it. */
  tags: string[];
  /** Element → its index in the arrays below (position in `order`). */
  index: Map<Element, number>;
  tc: Column;
  lc: Column;
  ln: Column;
  img: Column;
  leafText: Column;
  leafAnchor: Column;
  leafImage: Column;
  /** 1 when the element has no counted element children. */
  isLeaf: Column;
  /** 1 when the element is an <a> or sits inside one. */
  inLink: Column;
  /** Number of direct non-empty text runs (virtual leaves). */
  textRuns: Column;
  /** Elements skipped because they are not rendered (roots of skipped subtrees). */
  hiddenCount: number;
  /** Attribute-free code length of the rendered page (the stream's final code position). */
  codeLength: number;
}

const enum NodeKind { Element = 1, Text = 3 }

/**
 * A per-element column of counts, indexed like `order`. A plain array on a normal page: an
 * ArrayBuffer is an allocation outside V8's heap, and in a fresh page each cost ~20 µs (a
 * ~1,000-element column; 100 per page, 30 wcxb-dev pages) and the first one after a
 * collection ~300 µs, where an array grows in the heap for next to nothing (the walk made 21,
 * boilerplate's discount 7 more: paired CPU 0.896, scripts/ab-core.ts). A typed array on a
 * page of TYPED_COLUMNS_MIN_ELEMENTS or more, where arrays grown in the heap cost collections
 * instead (the 200,000-element page of scripts/core-budgets.ts: warm 1,105 -> 1,586 ms with
 * plain arrays).
 */
export type Column = number[] | Float64Array | Int32Array | Uint8Array;
export const TYPED_COLUMNS_MIN_ELEMENTS = 50_000;

/** A column for `size` elements: a plain array (filled by index, in order), or a typed one for a large page. */
export function newColumn(size: number, kind: 'float' | 'int' | 'flag'): Column {
  if (size < TYPED_COLUMNS_MIN_ELEMENTS) return [];
  return kind === 'float' ? new Float64Array(size) : kind === 'int' ? new Int32Array(size) : new Uint8Array(size);
}

/** The first `n` entries of a column filled by newColumn (a typed one was sized in advance). */
function trimmed(column: Column, n: number): Column {
  return Array.isArray(column) ? column : column.subarray(0, n);
}

/**
 * A listener on the walk's in-order tag stream (open tag, text, close tag). The logical
 * link-block scan (linkBlocks.ts, SPEC §2) is such a listener: it needs exactly the stream
 * this walk produces, so the page is traversed once for both (the 200,000-element budget).
 *
 * Every event carries the stream's *code position*: the length of the page's markup so far
 * with attributes removed (`<tag>` counts tag length + 2, `</tag>` + 3, void elements have
 * no close tag) plus its text, runs of code whitespace counted once
 * (textUnits.codeLengthOfText) — after the tag for open and close, before the run for
 * text. That is SPEC §2's code distance, kept by the walk so that a listener that needs
 * only links and images is not called for every element.
 */
export interface StreamVisitor {
  /** Call open/close only for `<a>` and image leaves (open only), not for every element. */
  readonly linksAndImagesOnly?: boolean;
  open(el: Element, tag: string, code: number): void;
  /** `chars`: non-space characters (countChars); `code`: the position before the run. */
  text(node: Text, value: string, chars: number, code: number): void;
  close(el: Element, tag: string, code: number): void;
}

/**
 * Non-whitespace characters in a string (the unit of TC, LC, NLC): whitespace is JavaScript's
 * `\s` plus U+200B and U+FEFF. Counted by a native `replace`, not a character loop: the core
 * runs cold (a fresh JavaScript context per page), and an interpreted per-character loop
 * over every text node cost more than the DOM traversal itself (session 4, scripts/ab-core.ts).
 * The replaced copy dies young (only its length is read): the 200,000-element page of
 * scripts/core-budgets.ts took the same time with the loop and with the replace.
 */
export function countChars(s: string): number {
  // About half of a page's text nodes are the whitespace between its tags. `trim()` finds them
  // empty without the regular expression's replace; a text it leaves anything in (`\u200b`
  // alone, which is no JavaScript space) is counted by the replace, as every other text.
  if (s.length === 0 || (s.charCodeAt(0) <= 32 && s.trim().length === 0)) return 0;
  return s.replace(SPACE_RUNS, '').length;
}

/** Whitespace as countChars defines it. */
const SPACE_RUNS = /[\s\u200b\ufeff]+/g;

/**
 * The first index of `rootIndex`'s subtree in the stats arrays. They are in post-order, so an
 * element's subtree is the run of indices ending at its own, from its first counted
 * descendant on (its first child's first child's …, skipping children the walk did not count).
 */
export function subtreeStart(stats: PageStats, rootIndex: number): number {
  let first = rootIndex;
  for (let el: Element | null = stats.order[rootIndex]!.firstElementChild; el;) {
    const i = stats.index.get(el);
    if (i === undefined) { el = el.nextElementSibling; continue; }
    first = i;
    el = el.firstElementChild;
  }
  return first;
}

/** Whether the counted element at `i` holds a block element (rules.BLOCK_TAGS) among its counted descendants. */
export function holdsBlock(stats: PageStats, i: number): boolean {
  for (let j = subtreeStart(stats, i); j < i; j++) if (BLOCK_TAGS.has(stats.tags[j]!)) return true;
  return false;
}

/** Upper-case tag name without allocating for HTML elements (already upper case). */
export function tagOf(el: Element): string {
  const t = el.tagName;
  const c = t.charCodeAt(0);
  return c >= 97 && c <= 122 ? t.toUpperCase() : t;
}

export function isImageElement(el: Element, tag: string = tagOf(el)): boolean {
  return IMAGE_TAGS.has(tag) || (tag === 'SVG' && el.getAttribute('role') === 'img');
}

/** Per-tag facts the walk needs for every element, looked up once (rules.ts holds the sets). */
const TAG_SKIP = 1; // rules.SKIP_SUBTREE_TAGS
const TAG_PHRASING = 2; // rules.PHRASING_TAGS
const TAG_VOID = 4; // rules.VOID_TAGS: no close tag in the code length
const TAG_FLAGS = new Map<string, number>();
for (const [set, flag] of [[SKIP_SUBTREE_TAGS, TAG_SKIP], [PHRASING_TAGS, TAG_PHRASING], [VOID_TAGS, TAG_VOID]] as const) {
  for (const tag of set) TAG_FLAGS.set(tag, (TAG_FLAGS.get(tag) ?? 0) | flag);
}

/** Code length of `<tag>` with its attributes removed (StreamVisitor's code position). */
function openTagCode(tag: string): number {
  return tag.length + 2;
}

/** Code length of `</tag>`: none for a void element. */
function closeTagCode(tag: string, flags: number = TAG_FLAGS.get(tag) ?? 0): number {
  return (flags & TAG_VOID) !== 0 ? 0 : tag.length + 3;
}

/**
 * Whether the layout must be asked if `el` (whose parent is rendered) renders. Asking is
 * the walk's most expensive call (checkVisibility, ~1 µs), so it is skipped where only a
 * page's stylesheet could hide the element *by its tag and position alone*:
 * - phrasing elements (rules.PHRASING_TAGS) without a class, inline style or `hidden`
 *   (which the browser's own stylesheet hides: WordPress share buttons' `<span hidden>Click
 *   to share on X</span>`, arXiv's `<span hidden>Loading...</span>`);
 * - other elements without any attribute. Author CSS hides by class, id, `hidden`, ARIA
 *   or data attributes; measured on the 188-page wcxb-dev sample (every 8th page), 366 of
 *   1,762 hidden elements had no class, id, style or `hidden`, and nearly all the text among
 *   them sat in custom elements (a theme's `header-drawer { display: none }`) or inside
 *   `<svg>`, both still asked. The children of `<details>` are asked too: the browser hides
 *   them while it is closed.
 */
function mayBeHidden(el: Element, tag: string, flags: number, parentTag: string): boolean {
  if ((flags & TAG_PHRASING) !== 0) return el.hasAttribute('class') || el.hasAttribute('style') || el.hasAttribute('hidden');
  return el.hasAttributes() || tag.includes('-') || parentTag === 'DETAILS';
}

/**
 * The walk is written for V8's *cold* path, because that is how it always runs: every page
 * is a fresh JavaScript context, so this function is interpreted (and only later compiled)
 * within the one call that matters. What that means, measured with scripts/ab-core.ts on
 * wcxb-dev pages:
 * - characters are counted by native regular expressions (countChars, codeLengthOfText),
 *   never by a JavaScript loop over the text;
 * - the totals of the *open* elements (the path from the root to the current node) live in
 *   local arrays indexed by depth, with no closure per element: text adds to the
 *   innermost open element; closing an element adds its totals to its parent's slot and
 *   writes them, final, at its post-order position. Nothing is indexed twice or re-sorted,
 *   and nothing is allocated per element besides its Map entry.
 */
export function computeStats(doc: Document, layout: LayoutProbe, visitor?: StreamVisitor): PageStats | null {
  const root = doc.body ?? doc.documentElement;
  if (!root) return null;

  // Output columns in post-order, written as each element closes (Column: plain arrays on a
  // normal page, typed ones sized by the document's element count on a very large one).
  // Counts are small integers, so plain arrays hold them unboxed.
  const cap = doc.getElementsByTagName('*').length + 1;
  const tc = newColumn(cap, 'float'), lc = newColumn(cap, 'float'), ln = newColumn(cap, 'int'), img = newColumn(cap, 'int');
  const leafText = newColumn(cap, 'int'), leafAnchor = newColumn(cap, 'int'), leafImage = newColumn(cap, 'int');
  const textRuns = newColumn(cap, 'int'), isLeaf = newColumn(cap, 'flag'), inLink = newColumn(cap, 'flag');
  const order: Element[] = [];
  const tags: string[] = [];
  const index = new Map<Element, number>();

  // Open elements, by depth (pages nest 5,000 deep: the arrays grow as deep as the page).
  const oTc: number[] = [0], oLc: number[] = [0], oLn: number[] = [0], oImg: number[] = [0];
  const oText: number[] = [0], oAnchor: number[] = [0], oImage: number[] = [0];
  const oChildren: number[] = [0], oRuns: number[] = [0], oLink: number[] = [0], oCloseCode: number[] = [0];
  const oEls: Element[] = [];
  const oTags: string[] = [];

  let depth = 0;
  let linkDepth = 0;
  let hiddenCount = 0;
  const rootTag = tagOf(root);
  oEls[0] = root;
  oTags[0] = rootTag;
  oCloseCode[0] = closeTagCode(rootTag);
  // The stream's code position, and the listeners' calls per element (StreamVisitor).
  let code = openTagCode(rootTag);
  const every = visitor !== undefined && visitor.linksAndImagesOnly !== true;
  const links = visitor !== undefined;
  if (every) visitor.open(root, rootTag, code);
  let cur: Node | null = root.firstChild;

  for (;;) {
    if (cur !== null) {
      const kind = cur.nodeType;
      if (kind !== NodeKind.Element) {
        if (kind === NodeKind.Text) {
          const value = (cur as Text).data;
          const n = countChars(value);
          if (n > 0) {
            if (visitor) visitor.text(cur as Text, value, n, code);
            code += codeLengthOfText(value);
            oTc[depth]! += n;
            if (linkDepth > 0) oLc[depth]! += n;
            oRuns[depth]!++;
          }
        }
        cur = cur.nextSibling;
        continue;
      }
      const el = cur as Element;
      const tag = tagOf(el);
      const flags = TAG_FLAGS.get(tag) ?? 0;
      const image = isImageElement(el, tag);
      if ((flags & TAG_SKIP) !== 0 && !image) { cur = el.nextSibling; continue; }
      if (mayBeHidden(el, tag, flags, oTags[depth]!) && !layout.isRendered(el)) {
        if ((flags & TAG_SKIP) === 0) hiddenCount++;
        cur = el.nextSibling;
        continue;
      }
      // Open it.
      const isLink = tag === 'A';
      const d = ++depth;
      oTc[d] = 0; oLc[d] = 0; oImg[d] = image ? 1 : 0;
      oText[d] = 0; oAnchor[d] = 0; oImage[d] = 0;
      oChildren[d] = 0; oRuns[d] = 0;
      oLn[d] = isLink ? 1 : 0;
      oLink[d] = linkDepth > 0 || isLink ? 1 : 0;
      oEls[d] = el;
      oTags[d] = tag;
      oChildren[d - 1]!++;
      oCloseCode[d] = closeTagCode(tag, flags);
      code += openTagCode(tag);
      if (every || (links && (isLink || image))) visitor!.open(el, tag, code);
      if (isLink) linkDepth++;
      // <img>, <picture>, <svg role=img> are image leaves: never descend.
      if (!image) {
        const child = el.firstChild;
        if (child !== null) { cur = child; continue; }
      }
    }
    // Close the innermost open element (the one just opened, when it has no children to
    // visit): its totals are final.
    const d = depth--;
    const el = oEls[d]!;
    const tag = oTags[d]!;
    code += oCloseCode[d]!;
    if (tag === 'A') {
      linkDepth--;
      if (links) visitor!.close(el, tag, code);
    } else if (every) visitor!.close(el, tag, code);
    const i = order.length;
    order.push(el);
    tags.push(tag);
    index.set(el, i);
    const eTc = oTc[d]!, eLc = oLc[d]!, eLn = oLn[d]!, eImg = oImg[d]!, runs = oRuns[d]!, link = oLink[d]!;
    let lText = oText[d]!, lAnchor = oAnchor[d]!, lImage = oImage[d]!;
    const leaf = oChildren[d] === 0 ? 1 : 0;
    if (leaf === 1) {
      // A leaf element: its own type decides its single leaf.
      if (eImg > 0 && eTc === 0) lImage = 1;
      else if (eTc > 0 || eLn > 0) { if (link) lAnchor = 1; else lText = 1; }
    } else if (runs > 0) {
      if (link) lAnchor += runs; else lText += runs;
    }
    tc[i] = eTc; lc[i] = eLc; ln[i] = eLn; img[i] = eImg;
    leafText[i] = lText; leafAnchor[i] = lAnchor; leafImage[i] = lImage;
    textRuns[i] = runs; inLink[i] = link; isLeaf[i] = leaf;
    if (d === 0) break;
    const p = d - 1;
    oTc[p]! += eTc; oLc[p]! += eLc; oLn[p]! += eLn; oImg[p]! += eImg;
    oText[p]! += lText; oAnchor[p]! += lAnchor; oImage[p]! += lImage;
    cur = el.nextSibling;
  }

  const n = order.length;
  return {
    root, order, tags, index,
    tc: trimmed(tc, n), lc: trimmed(lc, n), ln: trimmed(ln, n), img: trimmed(img, n),
    leafText: trimmed(leafText, n), leafAnchor: trimmed(leafAnchor, n), leafImage: trimmed(leafImage, n),
    isLeaf: trimmed(isLeaf, n), inLink: trimmed(inLink, n), textRuns: trimmed(textRuns, n), hiddenCount,
    codeLength: code,
  };
}

/**
 * Replay the rendered in-order stream of an already computed stats pass to a visitor
 * (for callers that need the stream again without a second stats pass; the pipeline itself
 * listens during computeStats).
 */
export function replayStream(stats: PageStats, visitor: StreamVisitor): void {
  const every = visitor.linksAndImagesOnly !== true;
  const root = stats.root;
  const rootTag = tagOf(root);
  let code = openTagCode(rootTag);
  if (every) visitor.open(root, rootTag, code);
  const openEls: Element[] = [root];
  let cur: Node | null = root.firstChild;
  while (openEls.length) {
    if (cur) {
      if (cur.nodeType === NodeKind.Element) {
        const el = cur as Element;
        if (!stats.index.has(el)) { cur = cur.nextSibling; continue; }
        const tag = tagOf(el);
        const image = isImageElement(el, tag);
        code += openTagCode(tag);
        if (every || image || tag === 'A') visitor.open(el, tag, code);
        if (!image && el.firstChild) { openEls.push(el); cur = el.firstChild; continue; }
        code += closeTagCode(tag);
        if (every || tag === 'A') visitor.close(el, tag, code);
      } else if (cur.nodeType === NodeKind.Text) {
        const value = cur.nodeValue ?? '';
        const n = countChars(value);
        if (n > 0) {
          visitor.text(cur as Text, value, n, code);
          code += codeLengthOfText(value);
        }
      }
      cur = cur.nextSibling;
      continue;
    }
    const el = openEls.pop()!;
    const tag = tagOf(el);
    code += closeTagCode(tag);
    if (every || tag === 'A') visitor.close(el, tag, code);
    cur = openEls.length ? el.nextSibling : null;
  }
}
