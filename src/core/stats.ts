import { IMAGE_TAGS, SKIP_SUBTREE_TAGS } from './rules';
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

/** Non-whitespace characters in a string (the unit of TC, LC, NLC). */
export function countChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 32 && c !== 160 && c !== 0x200b && c !== 0xfeff && !(c >= 0x2000 && c <= 0x200a) && c !== 0x3000) n++;
  }
  return n;
}

export function isImageElement(el: Element): boolean {
  const tag = el.tagName.toUpperCase();
  return IMAGE_TAGS.has(tag) || (tag === 'SVG' && el.getAttribute('role') === 'img');
}

export function computeStats(doc: Document, layout: LayoutProbe): PageStats | null {
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
  let linkDepth = 0;
  let hiddenCount = 0;

  const enter = (el: Element, isLink: boolean): number => {
    if (next >= cap) grow();
    const i = next++;
    index.set(el, i);
    if (isLink) ln[i] = 1;
    inLink[i] = linkDepth > 0 || isLink ? 1 : 0;
    const parent = stack.length ? stack[stack.length - 1]! : -1;
    if (parent >= 0) childEls[parent]!++;
    stack.push(i);
    stackEls.push(el);
    return i;
  };

  const exit = (): void => {
    const i = stack.pop()!;
    const el = stackEls.pop()!;
    if (el.tagName.toUpperCase() === 'A') linkDepth--;
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

  enter(root, false);
  let cur: Node | null = root.firstChild;
  while (stack.length) {
    if (cur) {
      if (cur.nodeType === NodeKind.Element) {
        const el = cur as Element;
        const tag = el.tagName.toUpperCase();
        const image = isImageElement(el);
        if ((SKIP_SUBTREE_TAGS.has(tag) && !image) || !layout.isRendered(el)) {
          if (!SKIP_SUBTREE_TAGS.has(tag)) hiddenCount++;
          cur = cur.nextSibling;
          continue;
        }
        const isLink = tag === 'A';
        const i = enter(el, isLink);
        if (isLink) linkDepth++;
        if (image) {
          // <img>, <picture>, <svg role=img>: an image leaf; never descend.
          img[i] = 1;
          exit();
          cur = cur.nextSibling;
          continue;
        }
        if (el.firstChild) { cur = el.firstChild; continue; }
        exit();
        cur = cur.nextSibling;
        continue;
      }
      if (cur.nodeType === NodeKind.Text) {
        const n = countChars(cur.nodeValue ?? '');
        if (n > 0) {
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
