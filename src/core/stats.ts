import { IMAGE_TAGS, PHRASING_TAGS, SKIP_SUBTREE_TAGS } from './rules';
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
 * typed arrays indexed through a Map (side tables, STYLE.md 1).
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
  tc: Float64Array;
  lc: Float64Array;
  ln: Int32Array;
  img: Int32Array;
  leafText: Int32Array;
  leafAnchor: Int32Array;
  leafImage: Int32Array;
  /** 1 when the element has no counted element children. */
  isLeaf: Uint8Array;
  /** 1 when the element is an <a> or sits inside one. */
  inLink: Uint8Array;
  /** Number of direct non-empty text runs (virtual leaves). */
  textRuns: Int32Array;
  /** Elements skipped because they are not rendered (roots of skipped subtrees). */
  hiddenCount: number;
}

const enum NodeKind { Element = 1, Text = 3 }

/**
 * A listener on the walk's in-order tag stream (open tag, text, close tag). The logical
 * link-block scan (linkBlocks.ts, SPEC §2) is such a listener: it needs exactly the stream
 * this walk produces, so the page is traversed once for both (the 200,000-element budget).
 */
export interface StreamVisitor {
  open(el: Element, tag: string): void;
  /** `chars`: non-space characters (countChars); `codeLength`: textUnits.codeLengthOfText. */
  text(node: Text, value: string, chars: number, codeLength: number): void;
  close(el: Element, tag: string): void;
}

/**
 * Non-whitespace characters in a string (the unit of TC, LC, NLC): whitespace is JavaScript's
 * `\s` plus U+200B and U+FEFF. A character loop, not `s.replace(/[\s\u200b\ufeff]+/g, '')`:
 * the replace allocated a new string (and its match bookkeeping) for every text node only
 * to read its length. On a 100,000-element page that was ~20 MB of garbage per extraction,
 * and garbage is what makes big pages superlinear: every major GC also marks the whole
 * DOM and its wrappers, so (GCs ∝ allocation) × (cost ∝ DOM size) grows with n².
 */
export function countChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!isSpaceCode(s.charCodeAt(i))) n++;
  return n;
}

/** JavaScript's `\s` (WhiteSpace and LineTerminator) plus zero-width space and BOM. */
function isSpaceCode(c: number): boolean {
  if (c > 32 && c < 160) return false; // the common case: printable ASCII
  return c === 32 || (c >= 9 && c <= 13) || c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
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
const TAG_IMAGE = 4; // rules.IMAGE_TAGS
const TAG_FLAGS = new Map<string, number>();
for (const [set, flag] of [[SKIP_SUBTREE_TAGS, TAG_SKIP], [PHRASING_TAGS, TAG_PHRASING], [IMAGE_TAGS, TAG_IMAGE]] as const) {
  for (const tag of set) TAG_FLAGS.set(tag, (TAG_FLAGS.get(tag) ?? 0) | flag);
}

type Column = Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/** A copy of a typed column at a larger size (same element type), for the walk's doubling. */
function resized<T extends Column>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/**
 * The walk keeps the totals of the *open* elements (the path from the root to the current
 * node) in columns indexed by depth: text adds to the innermost open element, a closing
 * element adds its totals to its parent's slot and writes them, final, at its post-order
 * position. Nothing is indexed twice or re-sorted afterwards, and nothing is allocated per
 * element besides its Map entry (cold, first-call code pays for every extra pass: issue 2
 * speed bar, measured with scripts/profile-core.ts).
 */
class OpenColumns {
  tc = new Float64Array(64); lc = new Float64Array(64);
  ln = new Int32Array(64); img = new Int32Array(64);
  leafText = new Int32Array(64); leafAnchor = new Int32Array(64); leafImage = new Int32Array(64);
  childEls = new Int32Array(64); textRuns = new Int32Array(64);
  inLink = new Uint8Array(64);
  els: Element[] = [];
  tags: string[] = [];

  /** Make room for depth `d` (pages nest 5,000 deep). */
  reserve(d: number): void {
    if (d < this.tc.length) return;
    const size = this.tc.length * 2;
    this.tc = resized(this.tc, size); this.lc = resized(this.lc, size); this.ln = resized(this.ln, size); this.img = resized(this.img, size);
    this.leafText = resized(this.leafText, size); this.leafAnchor = resized(this.leafAnchor, size); this.leafImage = resized(this.leafImage, size);
    this.childEls = resized(this.childEls, size); this.textRuns = resized(this.textRuns, size); this.inLink = resized(this.inLink, size);
  }
}

export function computeStats(doc: Document, layout: LayoutProbe, visitor?: StreamVisitor): PageStats | null {
  const root = doc.body ?? doc.documentElement;
  if (!root) return null;

  // Output columns in post-order, sized by the document's element count (extract() has just
  // read it: a cached length in a browser), grown by doubling should a DOM miscount (linkedom
  // answers 0 for `*`).
  let cap = Math.max(64, doc.getElementsByTagName('*').length + 1);
  let tc = new Float64Array(cap), lc = new Float64Array(cap);
  let ln = new Int32Array(cap), img = new Int32Array(cap);
  let leafText = new Int32Array(cap), leafAnchor = new Int32Array(cap), leafImage = new Int32Array(cap);
  let textRuns = new Int32Array(cap);
  let isLeaf = new Uint8Array(cap), inLink = new Uint8Array(cap);
  const grow = (): void => {
    cap *= 2;
    tc = resized(tc, cap); lc = resized(lc, cap); ln = resized(ln, cap); img = resized(img, cap);
    leafText = resized(leafText, cap); leafAnchor = resized(leafAnchor, cap); leafImage = resized(leafImage, cap);
    textRuns = resized(textRuns, cap); isLeaf = resized(isLeaf, cap); inLink = resized(inLink, cap);
  };
  const order: Element[] = [];
  const tags: string[] = [];
  const index = new Map<Element, number>();
  const open = new OpenColumns();
  let depth = -1;
  let linkDepth = 0;
  let hiddenCount = 0;

  const enter = (el: Element, tag: string, isLink: boolean): void => {
    const d = ++depth;
    open.reserve(d);
    open.tc[d] = 0; open.lc[d] = 0; open.img[d] = 0;
    open.leafText[d] = 0; open.leafAnchor[d] = 0; open.leafImage[d] = 0;
    open.childEls[d] = 0; open.textRuns[d] = 0;
    open.ln[d] = isLink ? 1 : 0;
    open.inLink[d] = linkDepth > 0 || isLink ? 1 : 0;
    open.els[d] = el;
    open.tags[d] = tag;
    if (d > 0) open.childEls[d - 1]!++;
  };

  /** Close the innermost open element: its totals are final. */
  const exit = (): Element => {
    const d = depth--;
    const el = open.els[d]!;
    const tag = open.tags[d]!;
    if (tag === 'A') linkDepth--;
    if (visitor) visitor.close(el, tag);
    const i = order.length;
    if (i >= cap) grow();
    order.push(el);
    tags.push(tag);
    index.set(el, i);
    const eTc = open.tc[d]!, eLc = open.lc[d]!, eLn = open.ln[d]!, eImg = open.img[d]!, runs = open.textRuns[d]!;
    const link = open.inLink[d]!;
    let lText = open.leafText[d]!, lAnchor = open.leafAnchor[d]!, lImage = open.leafImage[d]!;
    if (open.childEls[d] === 0) {
      // A leaf element: its own type decides its single leaf.
      isLeaf[i] = 1;
      if (eImg > 0 && eTc === 0) lImage = 1;
      else if (eTc > 0 || eLn > 0) { if (link) lAnchor = 1; else lText = 1; }
    } else if (runs > 0) {
      if (link) lAnchor += runs; else lText += runs;
    }
    tc[i] = eTc; lc[i] = eLc; ln[i] = eLn; img[i] = eImg;
    leafText[i] = lText; leafAnchor[i] = lAnchor; leafImage[i] = lImage;
    textRuns[i] = runs; inLink[i] = link;
    if (d > 0) {
      const p = d - 1;
      open.tc[p]! += eTc; open.lc[p]! += eLc; open.ln[p]! += eLn; open.img[p]! += eImg;
      open.leafText[p]! += lText; open.leafAnchor[p]! += lAnchor; open.leafImage[p]! += lImage;
    }
    return el;
  };

  const rootTag = tagOf(root);
  enter(root, rootTag, false);
  if (visitor) visitor.open(root, rootTag);
  let cur: Node | null = root.firstChild;
  while (depth >= 0) {
    if (cur) {
      const kind = cur.nodeType;
      if (kind === NodeKind.Element) {
        const el = cur as Element;
        const tag = tagOf(el);
        const flags = TAG_FLAGS.get(tag) ?? 0;
        const image = (flags & TAG_IMAGE) !== 0 || (tag === 'SVG' && el.getAttribute('role') === 'img');
        if ((flags & TAG_SKIP) !== 0 && !image) { cur = cur.nextSibling; continue; }
        // Phrasing elements are asked only when a class or inline style could hide them (rules.PHRASING_TAGS).
        const mayBeHidden = (flags & TAG_PHRASING) === 0 || el.hasAttribute('class') || el.hasAttribute('style');
        if (mayBeHidden && !layout.isRendered(el)) {
          if ((flags & TAG_SKIP) === 0) hiddenCount++;
          cur = cur.nextSibling;
          continue;
        }
        const isLink = tag === 'A';
        enter(el, tag, isLink);
        if (visitor) visitor.open(el, tag);
        if (isLink) linkDepth++;
        if (image) {
          // <img>, <picture>, <svg role=img>: an image leaf; never descend.
          open.img[depth] = 1;
          exit();
          cur = cur.nextSibling;
          continue;
        }
        const child = el.firstChild;
        if (child) { cur = child; continue; }
        exit();
        cur = cur.nextSibling;
        continue;
      }
      if (kind === NodeKind.Text) {
        const value = (cur as Text).data;
        // One loop for both measures of the run: non-space characters (TC) and its
        // code-distance length (textUnits.codeLengthOfText: runs of [ \t\n\r\f] count 1).
        let n = 0;
        let code = 0;
        let inRun = false;
        for (let k = 0; k < value.length; k++) {
          const c = value.charCodeAt(k);
          if (c > 32 && c < 160) { n++; code++; inRun = false; continue; } // printable ASCII
          const codeSpace = c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
          if (!codeSpace || !inRun) code++;
          inRun = codeSpace;
          if (!isSpaceCode(c)) n++;
        }
        if (n > 0) {
          if (visitor) visitor.text(cur as Text, value, n, code);
          open.tc[depth]! += n;
          if (linkDepth > 0) open.lc[depth]! += n;
          open.textRuns[depth]!++;
        }
      }
      cur = cur.nextSibling;
      continue;
    }
    // No more siblings: close the innermost open element and continue after it.
    const closed = exit();
    cur = depth >= 0 ? closed.nextSibling : null;
  }

  const n = order.length;
  return {
    root, order, tags, index,
    tc: tc.subarray(0, n), lc: lc.subarray(0, n), ln: ln.subarray(0, n), img: img.subarray(0, n),
    leafText: leafText.subarray(0, n), leafAnchor: leafAnchor.subarray(0, n), leafImage: leafImage.subarray(0, n),
    isLeaf: isLeaf.subarray(0, n), inLink: inLink.subarray(0, n), textRuns: textRuns.subarray(0, n), hiddenCount,
  };
}

/**
 * Replay the rendered in-order stream of an already computed stats pass to a visitor
 * (for callers that need the stream again without a second stats pass; the pipeline itself
 * listens during computeStats).
 */
export function replayStream(stats: PageStats, visitor: StreamVisitor): void {
  const root = stats.root;
  visitor.open(root, tagOf(root));
  const openEls: Element[] = [root];
  let cur: Node | null = root.firstChild;
  while (openEls.length) {
    if (cur) {
      if (cur.nodeType === NodeKind.Element) {
        const el = cur as Element;
        if (!stats.index.has(el)) { cur = cur.nextSibling; continue; }
        const tag = tagOf(el);
        visitor.open(el, tag);
        if (!isImageElement(el, tag) && el.firstChild) { openEls.push(el); cur = el.firstChild; continue; }
        visitor.close(el, tag);
      } else if (cur.nodeType === NodeKind.Text) {
        const value = cur.nodeValue ?? '';
        const n = countChars(value);
        if (n > 0) visitor.text(cur as Text, value, n, codeLengthOfText(value));
      }
      cur = cur.nextSibling;
      continue;
    }
    const el = openEls.pop()!;
    visitor.close(el, tagOf(el));
    cur = openEls.length ? el.nextSibling : null;
  }
}
