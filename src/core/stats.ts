import { IMAGE_TAGS, PHRASING_TAGS, SKIP_SUBTREE_TAGS } from './rules';
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
  text(node: Text, value: string, chars: number): void;
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

export function computeStats(doc: Document, layout: LayoutProbe, visitor?: StreamVisitor): PageStats | null {
  const root = doc.body ?? doc.documentElement;
  if (!root) return null;

  // Growable column store; sized generously and grown by doubling.
  let cap = 1024;
  let tc = new Float64Array(cap), lc = new Float64Array(cap);
  let ln = new Int32Array(cap), img = new Int32Array(cap);
  let leafText = new Int32Array(cap), leafAnchor = new Int32Array(cap), leafImage = new Int32Array(cap);
  let childEls = new Int32Array(cap), textRuns = new Int32Array(cap);
  let inLink = new Uint8Array(cap);
  const order: Element[] = [];
  const index = new Map<Element, number>();
  // Pre-order slot per open element; we assign the final (post-order) index on exit,
  // so accumulate in slots, then copy. Slots are reused via a free list (stack depth bound).
  const grow = (): void => {
    cap *= 2;
    const g64 = (a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => { const b = new Float64Array(cap); b.set(a); return b; };
    const g32 = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => { const b = new Int32Array(cap); b.set(a); return b; };
    const g8 = (a: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => { const b = new Uint8Array(cap); b.set(a); return b; };
    tc = g64(tc); lc = g64(lc); ln = g32(ln); img = g32(img);
    leafText = g32(leafText); leafAnchor = g32(leafAnchor); leafImage = g32(leafImage);
    childEls = g32(childEls); textRuns = g32(textRuns); inLink = g8(inLink);
  };

  // Each element gets its index at entry (pre-order); `order` is filled at exit (post-order).
  let next = 0;
  const stack: number[] = [];
  const stackEls: Element[] = [];
  const stackTags: string[] = [];
  let linkDepth = 0;
  let hiddenCount = 0;

  const enter = (el: Element, tag: string, isLink: boolean): number => {
    if (next >= cap) grow();
    const i = next++;
    index.set(el, i);
    if (isLink) ln[i] = 1;
    inLink[i] = linkDepth > 0 || isLink ? 1 : 0;
    const parent = stack.length ? stack[stack.length - 1]! : -1;
    if (parent >= 0) childEls[parent]!++;
    stack.push(i);
    stackEls.push(el);
    stackTags.push(tag);
    return i;
  };

  const exit = (): void => {
    const i = stack.pop()!;
    const el = stackEls.pop()!;
    const tag = stackTags.pop()!;
    if (tag === 'A') linkDepth--;
    if (visitor) visitor.close(el, tag);
    order.push(el);
    if (childEls[i] === 0) {
      // A leaf element: its own type decides its single leaf.
      if (img[i]! > 0 && tc[i] === 0) leafImage[i] = 1;
      else if (tc[i]! > 0 || ln[i]! > 0) { if (inLink[i]) leafAnchor[i] = 1; else leafText[i] = 1; }
    } else if (textRuns[i]! > 0) {
      if (inLink[i]) leafAnchor[i]! += textRuns[i]!; else leafText[i]! += textRuns[i]!;
    }
    const p = stack.length ? stack[stack.length - 1]! : -1;
    if (p >= 0) {
      tc[p]! += tc[i]!; lc[p]! += lc[i]!; ln[p]! += ln[i]!; img[p]! += img[i]!;
      leafText[p]! += leafText[i]!; leafAnchor[p]! += leafAnchor[i]!; leafImage[p]! += leafImage[i]!;
    }
  };

  enter(root, tagOf(root), false);
  if (visitor) visitor.open(root, tagOf(root));
  let cur: Node | null = root.firstChild;
  while (stack.length) {
    if (cur) {
      const kind = cur.nodeType;
      if (kind === NodeKind.Element) {
        const el = cur as Element;
        const tag = tagOf(el);
        const image = isImageElement(el, tag);
        const mayBeHidden = !PHRASING_TAGS.has(tag) || el.hasAttribute('class') || el.hasAttribute('style');
        if ((SKIP_SUBTREE_TAGS.has(tag) && !image) || (mayBeHidden && !layout.isRendered(el))) {
          if (!SKIP_SUBTREE_TAGS.has(tag)) hiddenCount++;
          cur = cur.nextSibling;
          continue;
        }
        const isLink = tag === 'A';
        const i = enter(el, tag, isLink);
        if (visitor) visitor.open(el, tag);
        if (isLink) linkDepth++;
        if (image) {
          // <img>, <picture>, <svg role=img>: an image leaf; never descend.
          img[i] = 1;
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
        const value = cur.nodeValue ?? '';
        const n = countChars(value);
        if (n > 0) {
          if (visitor) visitor.text(cur as Text, value, n);
          const top = stack[stack.length - 1]!;
          tc[top]! += n;
          if (linkDepth > 0) lc[top]! += n;
          textRuns[top]!++;
        }
      }
      cur = cur.nextSibling;
      continue;
    }
    // No more siblings: close the innermost open element and continue after it.
    const closing = stackEls[stackEls.length - 1]!;
    exit();
    cur = stack.length ? closing.nextSibling : null;
  }

  // Re-index into post-order so that arrays read in `order` sequence.
  const n = order.length;
  const perm = new Int32Array(n);
  for (let k = 0; k < n; k++) perm[k] = index.get(order[k]!)!;
  const pick64 = (a: Float64Array): Float64Array => { const b = new Float64Array(n); for (let k = 0; k < n; k++) b[k] = a[perm[k]!]!; return b; };
  const pick32 = (a: Int32Array): Int32Array => { const b = new Int32Array(n); for (let k = 0; k < n; k++) b[k] = a[perm[k]!]!; return b; };
  const isLeaf = new Uint8Array(n);
  const inLinkOut = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    index.set(order[k]!, k);
    isLeaf[k] = childEls[perm[k]!] === 0 ? 1 : 0;
    inLinkOut[k] = inLink[perm[k]!]!;
  }
  return {
    root, order, index,
    tc: pick64(tc), lc: pick64(lc), ln: pick32(ln), img: pick32(img),
    leafText: pick32(leafText), leafAnchor: pick32(leafAnchor), leafImage: pick32(leafImage),
    isLeaf, inLink: inLinkOut, textRuns: pick32(textRuns), hiddenCount,
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
        if (n > 0) visitor.text(cur as Text, value, n);
      }
      cur = cur.nextSibling;
      continue;
    }
    const el = openEls.pop()!;
    visitor.close(el, tagOf(el));
    cur = openEls.length ? el.nextSibling : null;
  }
}
