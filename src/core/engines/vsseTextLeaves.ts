/**
 * Text leaves as VSSE (SPEC §3) and the node classifier (SPEC §5) see a page.
 *
 * Both papers work on "leaf nodes holding text" after inline markup is dissolved: the
 * classifier paper removes `<a>`, `<span>`, `<strong>`… but keeps their text (004 §3.1 a,
 * Fig. 4), and VSSE's pairs ⟨path, content⟩ are one per text-bearing leaf (002 §3). So a
 * text leaf here is a block-level element together with the text of its inline content
 * (text nodes and inline elements, recursively, stopping at nested blocks). A block that
 * holds both text and nested blocks (`<div>intro <p>…</p></div>`) is a leaf for its own
 * inline text; its nested blocks are leaves of their own.
 *
 * Unknown and custom elements (`<my-card>`) count as blocks: treating them as inline would
 * fuse whole web-component pages into one leaf.
 */
import { SKIP_SUBTREE_TAGS } from '../rules';

/** Phrasing (inline) elements whose text belongs to the enclosing block's leaf. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'A', 'ABBR', 'ACRONYM', 'B', 'BDI', 'BDO', 'BIG', 'BR', 'CITE', 'CODE', 'DATA', 'DEL', 'DFN',
  'EM', 'FONT', 'I', 'IMG', 'INS', 'KBD', 'LABEL', 'MARK', 'METER', 'NOBR', 'OUTPUT', 'PICTURE',
  'PROGRESS', 'Q', 'RP', 'RT', 'RUBY', 'S', 'SAMP', 'SMALL', 'SPAN', 'STRIKE', 'STRONG', 'SUB',
  'SUP', 'TIME', 'TT', 'U', 'VAR', 'WBR',
]);

export interface TextLeaf {
  /** The block element that owns the text. */
  el: Element;
  /** Inline text with whitespace collapsed (what a reader sees). */
  text: string;
  /** Characters of `text` inside `<a>`, each text run trimmed (spaces between runs not counted). */
  linkChars: number;
  /** Position in document order among the page's leaves. */
  index: number;
  /** Element depth below the root passed to collectTextLeaves (root = 0). */
  depth: number;
}

/** Whether an element is rendered; the caller passes the layout probe's answer. */
export type IsRendered = (el: Element) => boolean;

const WS = /\s+/g;
/** Whatever `replace(WS, ' ').trim()` would change: whitespace other than a space, two spaces, a space at either end. */
const NEEDS_COLLAPSE = /[^\S ]| {2}|^ | $/;

/**
 * Walk `root` in document order and return its text leaves. Hidden subtrees (per
 * `isRendered`, asked once per block element) and non-text subtrees (SKIP_SUBTREE_TAGS)
 * are not entered.
 *
 * Blocks are visited in preorder from an explicit stack (pages nest thousands deep), and
 * one block's inline content is gathered into module-level scratch state: no closure,
 * object or array per block (the benchmark times a cold first call, where per-block
 * allocations showed in the profile).
 */
export function collectTextLeaves(root: Element, isRendered: IsRendered): TextLeaf[] {
  const leaves: TextLeaf[] = [];
  const stack: Element[] = [root];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const block = stack.pop() as Element;
    const depth = depths.pop() as number;
    scratch.raw = '';
    scratch.linkChars = 0;
    const firstNested = nested.length;
    gatherInline(block, block.tagName.toUpperCase() === 'A', depth);
    if (scratch.raw) {
      // Most leaves are already clean (single spaces, no ends): one scan finds that without
      // building the replaced and trimmed copies.
      const raw = scratch.raw;
      const text = NEEDS_COLLAPSE.test(raw) ? raw.replace(WS, ' ').trim() : raw;
      if (text) leaves.push({ el: block, text, linkChars: Math.min(scratch.linkChars, text.length), index: leaves.length, depth });
    }
    // Nested blocks go on the stack last-first, so they are visited in document order.
    for (let k = nested.length - 1; k >= firstNested; k--) {
      const el = nested[k] as Element;
      if (isRendered(el)) { stack.push(el); depths.push(nestedDepths[k] as number); }
    }
    nested.length = firstNested;
    nestedDepths.length = firstNested;
  }
  scratch.raw = '';
  return leaves;
}

/** One block's inline text and link characters while it is gathered (collectTextLeaves). */
const scratch = { raw: '', linkChars: 0 };
/** The nested blocks (and their depths below the root) found while gathering one block. */
const nested: Element[] = [];
const nestedDepths: number[] = [];

/**
 * The inline content of `node` (text runs, recursively through inline elements) into
 * `scratch`; nested blocks are listed with their depth below the root (`nodeDepth` is the
 * depth of `node`), so nobody walks back up to the root for them.
 */
function gatherInline(node: Node, inLink: boolean, nodeDepth: number): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    const kind = child.nodeType;
    if (kind === 3) {
      const raw = child.nodeValue;
      if (!raw) continue;
      scratch.raw += raw;
      if (inLink) scratch.linkChars += collapsedLength(raw);
    } else if (kind === 1) {
      const el = child as Element;
      // The element's kind (TAG_KINDS), written out: this runs once per element of the page,
      // in cold code, where a call cost about as much as the lookup. One lookup on `tagName`
      // as the DOM gives it (upper case for HTML elements); only a tag that misses and is not
      // already upper case (`svg`, XML) is upper-cased and looked up again.
      const name = el.tagName;
      let tag = TAG_KINDS.get(name);
      if (tag === undefined) {
        const upper = name.toUpperCase();
        tag = upper === name ? 0 : TAG_KINDS.get(upper) ?? 0;
      }
      if (tag === TAG_SKIP) continue;
      if (tag === TAG_BR) { scratch.raw += '\n'; continue; }
      if (tag === TAG_INLINE || tag === TAG_LINK) gatherInline(el, inLink || tag === TAG_LINK, nodeDepth + 1);
      else { nested.push(el); nestedDepths.push(nodeDepth + 1); }
    }
  }
}

/** What gatherInline does with an element, by tag (0: a nested block). */
const TAG_INLINE = 1;
const TAG_LINK = 2;
const TAG_BR = 3;
const TAG_SKIP = 4;
const TAG_KINDS = new Map<string, number>();
for (const t of INLINE_TAGS) TAG_KINDS.set(t, TAG_INLINE);
TAG_KINDS.set('A', TAG_LINK);
TAG_KINDS.set('BR', TAG_BR);
for (const t of SKIP_SUBTREE_TAGS) TAG_KINDS.set(t, TAG_SKIP);

/** Whitespace a collapse would change inside trimmed text: other than a space, or two in a row. */
const INNER_COLLAPSE = /[^\S ]| {2}/;

/**
 * A text run's length with whitespace runs collapsed to one space and the ends trimmed
 * (`raw.replace(/\s+/g, ' ').trim().length`; `trim` strips exactly `\s`, so trimming first
 * is the same). Native calls only, and the collapsed copy only when a run needs it: a
 * character loop here ran interpreted over every character of link text (cold code).
 */
function collapsedLength(raw: string): number {
  const trimmed = raw.trim();
  return INNER_COLLAPSE.test(trimmed) ? trimmed.replace(WS, ' ').length : trimmed.length;
}

/** The tag path of an element, root first (VSSE §3 "tag path"), as elements. */
export function elementPath(el: Element, root: Element): Element[] {
  const path: Element[] = [];
  for (let n: Element | null = el; n; n = n.parentElement) {
    path.push(n);
    if (n === root) break;
  }
  return path.reverse();
}

/**
 * The nodes to hand to the shared serializer (engine.ts ContentSelection.kept) for a set
 * of kept leaves. A leaf without nested blocks is kept whole; a leaf that also holds
 * nested blocks (`<div>intro <p>…</p></div>`) contributes only its own inline children,
 * so that a dropped nested block is not dragged in with its parent. Images (`<img>`,
 * `<picture>`, `<figure>`) are kept when they sit inside a kept leaf or between two kept
 * leaves in document order; the serializer applies the icon-width rule to them.
 */
export function keptNodesOfLeaves(root: Element, leaves: readonly TextLeaf[], keep: readonly boolean[]): Set<Node> {
  const kept = new Set<Node>();
  for (let i = 0; i < leaves.length; i++) if (keep[i]) addLeafNodes((leaves[i] as TextLeaf).el, kept);
  // Images between kept leaves: walk images in document order against the leaf sequence.
  const images = root.querySelectorAll('img, picture, figure');
  let li = 0;
  for (let k = 0; k < images.length; k++) {
    const img = images[k] as Element;
    if (img.parentElement?.closest('picture, figure') && root.contains(img.parentElement.closest('picture, figure'))) continue;
    while (li < leaves.length && precedes((leaves[li] as TextLeaf).el, img)) li++;
    const before = li - 1;
    // leaves[li] is the first leaf at or after the image (or containing it).
    const inside = li < leaves.length && (leaves[li] as TextLeaf).el.contains(img) && keep[li];
    const between = before >= 0 && keep[before] && li < leaves.length && keep[li];
    if (inside || between) kept.add(img);
  }
  return kept;
}

/**
 * Adds the nodes that hold a leaf's own text to `into`: its element when no block nests in
 * it, else its text and inline children (the nested blocks are other leaves).
 */
export function addLeafNodes(el: Element, into: Set<Node>): void {
  if (!hasNestedBlock(el)) { into.add(el); return; }
  for (let child = el.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3 || (child.nodeType === 1 && INLINE_TAGS.has((child as Element).tagName.toUpperCase()))) into.add(child);
  }
}

function precedes(a: Element, b: Element): boolean {
  if (a === b || a.contains(b)) return false;
  return (a.compareDocumentPosition(b) & 4) !== 0; // DOCUMENT_POSITION_FOLLOWING
}

function hasNestedBlock(el: Element): boolean {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    const tag = c.tagName.toUpperCase();
    if (!INLINE_TAGS.has(tag) && !SKIP_SUBTREE_TAGS.has(tag)) return true;
    if (INLINE_TAGS.has(tag) && hasNestedBlock(c)) return true;
  }
  return false;
}

/** Lowest common ancestor of elements (the serialization root of a scattered selection). */
export function lowestCommonAncestor(els: readonly Element[], fallback: Element): Element {
  let lca: Element | null = els[0] ?? null;
  for (let k = 1; k < els.length; k++) {
    const el = els[k] as Element;
    while (lca && !lca.contains(el)) lca = lca.parentElement;
  }
  return lca && fallback.contains(lca) ? lca : fallback;
}
