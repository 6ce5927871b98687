/**
 * The shared index of every structured-pages stage: rendered elements in document order
 * (pre-order) with parent, depth, subtree size and the element's own text. Bottom-up sums
 * run over the array backwards (children come after their parent in pre-order), so no stage
 * recurses, however deep the page.
 *
 * It is built by listening to the core's stats walk (stats.ts StreamVisitor: open / text /
 * close of exactly the elements that pass counted as rendered), so the page is traversed
 * once for the stats, the link blocks and this index together. When the caller already ran
 * the stats pass (extract.ts), the same listener replays that pass's stream instead.
 * The live document is only read, never written (STYLE.md, 1).
 */
import { type PageStats, type StreamVisitor, replayStream } from '../stats';
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
  /** Element → index (built on first use; only tests and debugging ask). */
  readonly indexOf: Map<Element, number>;
}

/** Collapse whitespace the way a reader sees it. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Most text runs are already tidy: test before allocating a replaced copy. */
const UNTIDY = /\s\s|[\t\n\r\f\v\u00a0]|^\s|\s$/u;

/** Elements past this many are not indexed (a hostile 1,000,000-element page still ends). */
export const MAX_INDEXED_ELEMENTS = 100_000;

export type DomIndexBuilder = StreamVisitor & { finish(): DomIndex };

export function createDomIndexBuilder(maxElements = MAX_INDEXED_ELEMENTS): DomIndexBuilder {
  const nodes: Element[] = [];
  const parents: number[] = [];
  const depths: number[] = [];
  const raw: string[] = [];
  const inLinkArr: number[] = [];
  // Per open element: its index and whether an element child came since its last text run.
  const stack: number[] = [];
  const sawChild: boolean[] = [];
  let linkDepth = 0;
  // >0 while inside an aria-hidden subtree or past the element budget: nothing is indexed.
  let skipping = 0;

  return {
    open(el, tag) {
      if (skipping > 0) { skipping++; return; }
      if (nodes.length >= maxElements || el.getAttribute('aria-hidden') === 'true') { skipping = 1; return; }
      const i = nodes.length;
      const p = stack.length > 0 ? stack[stack.length - 1]! : -1;
      nodes.push(el);
      parents.push(p);
      depths.push(stack.length);
      const link = tag === 'A' && el.hasAttribute('href');
      if (link) linkDepth++;
      inLinkArr.push(linkDepth > 0 ? 1 : 0);
      // <br> separates the words around it in its parent's own text.
      if (tag === 'BR' && p >= 0) raw[p] += ' ';
      raw.push('');
      if (p >= 0) sawChild[sawChild.length - 1] = true;
      stack.push(i);
      sawChild.push(false);
    },
    text(_node, value) {
      if (skipping > 0 || stack.length === 0) return;
      const top = stack[stack.length - 1]!;
      // Runs split by a child element are separate words ("Price<span>…</span>$5").
      raw[top] += sawChild[sawChild.length - 1] && raw[top] !== '' ? ` ${value}` : value;
      sawChild[sawChild.length - 1] = false;
    },
    close(el, tag) {
      if (skipping > 0) { skipping--; return; }
      stack.pop();
      sawChild.pop();
      if (tag === 'A' && el.hasAttribute('href')) linkDepth--;
    },
    finish() {
      const n = nodes.length;
      const ownText: string[] = new Array<string>(n);
      const leaves: number[] = [];
      for (let i = 0; i < n; i++) {
        let own = raw[i]!;
        if (own !== '' && UNTIDY.test(own)) own = collapse(own);
        if (own !== '' && SCREEN_READER_CLASS.test(nodes[i]!.getAttribute('class') ?? '')) own = '';
        ownText[i] = own;
        if (own !== '') leaves.push(i);
      }
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
      let indexOf: Map<Element, number> | null = null;
      return {
        nodes, parent, depth: Uint16Array.from(depths), size, ownText, inLink, textChars, linkChars, leaves, leafCount,
        get indexOf() {
          indexOf ??= new Map(nodes.map((el, i) => [el, i]));
          return indexOf;
        },
      };
    },
  };
}

/** The index from a stats pass that already ran (its rendered stream replayed, no visibility asked again). */
export function buildDomIndex(stats: PageStats, maxElements = MAX_INDEXED_ELEMENTS): DomIndex {
  const builder = createDomIndexBuilder(maxElements);
  replayStream(stats, builder);
  return builder.finish();
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
