import { LINK_BLOCK_MIN_LINK_DENSITY, VOID_TAGS } from './rules';
import type { PageStats } from './stats';
import { countChars } from './stats';
import { codeLengthOfText, countTextUnits } from './textUnits';
import type { ExtractOptions } from './types';

/**
 * Logical link blocks (SPEC §2, paper 000). One in-order scan of the rendered document as a
 * stream of tags and text; no tree analysis. For each pair of consecutive links the *link
 * distance* from the end of `</a>` to the start of the next `<a>` is measured both ways:
 * - code distance: characters of markup and text, attributes removed (`<a>` = 3 chars);
 * - text distance: text units (textUnits.ts).
 * A block grows while distances are < d_t and closes when one reaches d_t; a closed block
 * with ≥ C_t links is a logical link block. Blocks need not align with elements.
 */
export interface LinkBlock {
  /** The <a> elements of the block, in document order. */
  links: Element[];
  /** Text nodes and images between the block's links (separators, icons): removed with it. */
  gapNodes: Node[];
  /** Non-whitespace characters inside the links / in the gaps between them. */
  linkChars: number;
  gapChars: number;
  /** Attribute-free code length from the first `<a>` to the last `</a>`. */
  codeLength: number;
  /** Link text share: linkChars / (linkChars + gapChars); 1 for text-less icon bars. */
  linkDensity: number;
  /** Dense enough to remove from content (rules.LINK_BLOCK_MIN_LINK_DENSITY). */
  isNoise: boolean;
}

export interface LinkBlockResult {
  blocks: LinkBlock[];
  totalLinks: number;
  /** Attribute-free code length of the whole (rendered) page. */
  pageCodeLength: number;
  /** LCR = links in link blocks / links on the page. */
  lcr: number;
  /** CCR = code length of link blocks / code length of the page. */
  ccr: number;
}

interface OpenBlock {
  links: Element[];
  gapNodes: Node[];
  linkChars: number;
  gapChars: number;
  startCode: number;
  endCode: number;
}

export function findLinkBlocks(stats: PageStats, options: ExtractOptions): LinkBlockResult {
  const useText = options.linkDistance === 'text';
  const threshold = useText ? options.linkBlockTextDistance : options.linkBlockCodeDistance;
  const blocks: LinkBlock[] = [];
  let totalLinks = 0;
  let linksInBlocks = 0;
  let blockCode = 0;

  let codePos = 0;
  let textPos = 0;
  let lastEndCode = -Infinity;
  let lastEndText = -Infinity;
  let pending: Node[] = [];
  let pendingChars = 0;
  let open: OpenBlock | null = null;
  let linkDepth = 0;
  let currentLink: Element | null = null;
  let currentLinkChars = 0;

  const close = (): void => {
    if (!open) return;
    if (open.links.length >= options.linkBlockMinLinks) {
      const total = open.linkChars + open.gapChars;
      const linkDensity = total > 0 ? open.linkChars / total : 1;
      const codeLength = open.endCode - open.startCode;
      blocks.push({
        links: open.links, gapNodes: open.gapNodes, linkChars: open.linkChars, gapChars: open.gapChars,
        codeLength, linkDensity, isNoise: linkDensity >= LINK_BLOCK_MIN_LINK_DENSITY,
      });
      linksInBlocks += open.links.length;
      blockCode += codeLength;
    }
    open = null;
  };
  const distanceSinceLastLink = (): number => (useText ? textPos - lastEndText : codePos - lastEndCode);

  const startLink = (a: Element): void => {
    totalLinks++;
    const d = distanceSinceLastLink();
    if (open && d < threshold) {
      for (const n of pending) open.gapNodes.push(n);
      open.gapChars += pendingChars;
    } else {
      close();
      open = { links: [], gapNodes: [], linkChars: 0, gapChars: 0, startCode: codePos, endCode: codePos };
    }
    open.links.push(a);
    pending = [];
    pendingChars = 0;
    currentLink = a;
    currentLinkChars = 0;
  };
  const endLink = (): void => {
    lastEndCode = codePos;
    lastEndText = textPos;
    if (open) { open.linkChars += currentLinkChars; open.endCode = codePos; }
    currentLink = null;
  };
  const collectGap = (node: Node, chars: number): void => {
    // Only while the next link could still join the open block.
    if (linkDepth === 0 && open && distanceSinceLastLink() < threshold) {
      pending.push(node);
      pendingChars += chars;
    }
  };

  // In-order stream: firstChild / nextSibling / parentNode, no recursion.
  const root = stats.root;
  let cur: Node | null = root.firstChild;
  const openEls: Element[] = [root];
  while (openEls.length) {
    if (cur) {
      if (cur.nodeType === 1) {
        const el = cur as Element;
        if (!stats.index.has(el)) { cur = cur.nextSibling; continue; }
        const tag = el.tagName.toLowerCase();
        codePos += tag.length + 2; // `<tag>`
        if (tag === 'a' && linkDepth === 0) startLink(el);
        if (tag === 'a') linkDepth++;
        if (tag === 'img' || tag === 'picture' || tag === 'svg') {
          collectGap(el, 0);
          cur = cur.nextSibling;
          continue;
        }
        if (el.firstChild) { openEls.push(el); cur = el.firstChild; continue; }
        closeTag(el);
        cur = cur.nextSibling;
        continue;
      }
      if (cur.nodeType === 3) {
        const value = cur.nodeValue ?? '';
        const chars = countChars(value);
        if (chars > 0) {
          collectGap(cur, chars);
          codePos += codeLengthOfText(value);
          textPos += countTextUnits(value);
          if (linkDepth > 0) currentLinkChars += chars;
        }
      }
      cur = cur.nextSibling;
      continue;
    }
    const el = openEls.pop()!;
    if (openEls.length === 0) break;
    closeTag(el);
    cur = el.nextSibling;
  }
  close();

  function closeTag(el: Element): void {
    const tag = el.tagName.toLowerCase();
    if (!VOID_TAGS.has(el.tagName.toUpperCase())) codePos += tag.length + 3; // `</tag>`
    if (tag === 'a') {
      linkDepth--;
      if (linkDepth === 0 && currentLink) endLink();
    }
  }

  return {
    blocks,
    totalLinks,
    pageCodeLength: codePos,
    lcr: totalLinks > 0 ? linksInBlocks / totalLinks : 0,
    ccr: codePos > 0 ? blockCode / codePos : 0,
  };
}
