/**
 * One iterative pass over the rendered DOM that every structured-pages stage shares:
 * elements in document order (pre-order) with parent, depth, subtree size and the
 * element's own text. Bottom-up sums run over the array backwards (children come after
 * their parent in pre-order), so no stage recurses, however deep the page.
 * Which elements count (rendered, not script/style/…) is decided once by the core's stats
 * pass (stats.ts): an element is indexed only when that pass counted it, so visibility is
 * never asked twice. The live document is only read, never written (STYLE.md, 1).
 */
import type { PageStats } from '../stats';
import { SCREEN_READER_CLASS } from './rules';

export interface DomIndex {
  /** Rendered elements in document order; index 0 is the root (usually <body>). */
  readonly nodes: Element[];
  readonly parent: Int32Array;
  readonly depth: Uint16Array;
  /** Number of elements in the subtree, the element included. */
  readonly size: Int32Array;
  /** Whitespace-collapsed text of the element's own text-node children ('' when none). */
  readonly ownText: string[];
  /** True when the element is an <a href> or sits inside one. */
  readonly inLink: Uint8Array;
  /** Characters of visible text in the subtree, and of those inside links. */
  readonly textChars: Int32Array;
  readonly linkChars: Int32Array;
  /** Indices of elements with own text (the text leaves), in document order. */
  readonly leaves: number[];
  /** Number of text leaves in the subtree. */
  readonly leafCount: Int32Array;
  readonly indexOf: Map<Element, number>;
}

/** Collapse whitespace the way a reader sees it. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export function buildDomIndex(stats: PageStats, maxElements = 100_000): DomIndex {
  const root = stats.root;
  const counted = stats.index;
  const nodes: Element[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  const ownText: string[] = [];
  const inLinkArr: number[] = [];
  const leaves: number[] = [];
  const indexOf = new Map<Element, number>();

  // Explicit stack of [element, parentIndex, depth, parentInLink]; children pushed in reverse keep document order.
  const stack: [Element, number, number, number][] = [[root, -1, 0, 0]];
  while (stack.length > 0 && nodes.length < maxElements) {
    const [el, parentIdx, d, parentLink] = stack.pop()!;
    if (!counted.has(el) || el.getAttribute('aria-hidden') === 'true') continue;
    const i = nodes.length;
    nodes.push(el);
    parents.push(parentIdx);
    depths.push(d);
    indexOf.set(el, i);
    const link = parentLink === 1 || (el.tagName === 'A' && el.hasAttribute('href')) ? 1 : 0;
    inLinkArr.push(link);
    let own = '';
    for (let c = el.firstChild; c !== null; c = c.nextSibling) {
      if (c.nodeType === 3) own += c.nodeValue ?? '';
      else if (c.nodeType === 1 && (c as Element).tagName === 'BR') own += ' ';
    }
    own = collapse(own);
    if (own !== '' && SCREEN_READER_CLASS.test(el.getAttribute('class') ?? '')) own = '';
    ownText.push(own);
    if (own !== '') leaves.push(i);
    const kids = el.children;
    for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k]!, i, d + 1, link]);
  }

  const n = nodes.length;
  const parent = Int32Array.from(parents);
  const size = new Int32Array(n).fill(1);
  const textChars = new Int32Array(n);
  const linkChars = new Int32Array(n);
  const inLink = Uint8Array.from(inLinkArr);
  const leafCount = new Int32Array(n);
  for (let i = n - 1; i >= 0; i--) {
    const len = ownText[i]!.length;
    if (len > 0) leafCount[i]! += 1;
    textChars[i]! += len;
    if (inLink[i] === 1) linkChars[i]! += len;
    const p = parent[i]!;
    if (p >= 0) {
      size[p]! += size[i]!;
      textChars[p]! += textChars[i]!;
      linkChars[p]! += linkChars[i]!;
      leafCount[p]! += leafCount[i]!;
    }
  }
  return { nodes, parent, depth: Uint16Array.from(depths), size, ownText, inLink, textChars, linkChars, leaves, leafCount, indexOf };
}

/** Index of the lowest common ancestor of two nodes (walks parent pointers; depth-bounded). */
export function lowestCommonAncestor(ix: DomIndex, a: number, b: number): number {
  let x = a;
  let y = b;
  while (ix.depth[x]! > ix.depth[y]!) x = ix.parent[x]!;
  while (ix.depth[y]! > ix.depth[x]!) y = ix.parent[y]!;
  while (x !== y) {
    x = ix.parent[x]!;
    y = ix.parent[y]!;
  }
  return x;
}

/** Indices of the element children of node i that are in the index (rendered, not skipped). */
export function childIndices(ix: DomIndex, i: number): number[] {
  const out: number[] = [];
  const end = i + ix.size[i]!;
  // In pre-order the children of i are the nodes in (i, end) whose parent is i; skip each child's subtree.
  for (let j = i + 1; j < end; j += ix.size[j]!) out.push(j);
  return out;
}

/** Visible text of node i's subtree: its leaves joined by spaces (no DOM re-walk). */
export function subtreeText(ix: DomIndex, i: number): string {
  const end = i + ix.size[i]!;
  const parts: string[] = [];
  for (let j = i; j < end; j++) if (ix.ownText[j] !== '') parts.push(ix.ownText[j]!);
  return parts.join(' ');
}
