import { DESCRIBED_LIST_DENSE_SENTENCE_SHARE, DESCRIBED_LIST_MIN_SENTENCE_SHARE, DESCRIBED_LIST_SENTENCE_WORDS, LINK_BLOCK_EDGE_GAP_MIN, LINK_BLOCK_MIN_LINK_DENSITY } from './rules';
import type { PageStats, StreamVisitor } from './stats';
import { replayStream } from './stats';
import { countTextUnits } from './textUnits';
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
  /** The same, per gap: `gaps[k]` lies between `links[k]` and `links[k + 1]`. */
  gaps: Node[][];
  /** Link distance of each gap, in the block's measure (`distances[k]` for `gaps[k]`). */
  distances: number[];
  /** Non-whitespace characters inside the links / in the gaps between them. */
  linkChars: number;
  gapChars: number;
  /** The same per link (`linkCharsEach[k]` for `links[k]`) and per gap (for `gaps[k]`). */
  linkCharsEach: number[];
  gapCharsEach: number[];
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
  gaps: Node[][];
  distances: number[];
  linkChars: number;
  gapChars: number;
  linkCharsEach: number[];
  gapCharsEach: number[];
  startCode: number;
  endCode: number;
}

/**
 * The scanner listens to the stats walk's in-order stream (stats.StreamVisitor), so the
 * page is traversed once. It needs only links, images and text (the walk keeps the code
 * position), so it asks not to be told about other elements. `finish(pageCodeLength)`
 * closes the last block and returns the result.
 */
export function createLinkBlockScanner(options: ExtractOptions): StreamVisitor & { finish(pageCodeLength: number): LinkBlockResult } {
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
  let currentLinkChars = 0;

  const close = (): void => {
    if (!open) return;
    if (open.links.length >= options.linkBlockMinLinks) {
      const total = open.linkChars + open.gapChars;
      const linkDensity = total > 0 ? open.linkChars / total : 1;
      const codeLength = open.endCode - open.startCode;
      blocks.push({
        links: open.links, gapNodes: open.gaps.flat(), gaps: open.gaps, distances: open.distances,
        linkChars: open.linkChars, gapChars: open.gapChars, linkCharsEach: open.linkCharsEach, gapCharsEach: open.gapCharsEach,
        codeLength, linkDensity, isNoise: linkDensity >= LINK_BLOCK_MIN_LINK_DENSITY,
      });
      linksInBlocks += open.links.length;
      blockCode += codeLength;
    }
    open = null;
  };
  const distanceSinceLastLink = (): number => (useText ? textPos - lastEndText : codePos - lastEndCode);
  /** Only while the next link could still join the open block do gap nodes matter. */
  const gapOpen = (): boolean => linkDepth === 0 && open !== null && distanceSinceLastLink() < threshold;

  return {
    linksAndImagesOnly: true,
    open(el: Element, tag: string, code: number): void {
      codePos = code;
      if (tag === 'A') {
        if (linkDepth === 0) {
          totalLinks++;
          const d = distanceSinceLastLink();
          if (open && d < threshold) {
            open.gaps.push(pending);
            open.distances.push(d);
            open.gapChars += pendingChars;
            open.gapCharsEach.push(pendingChars);
          } else {
            close();
            open = { links: [], gaps: [], distances: [], linkChars: 0, gapChars: 0, linkCharsEach: [], gapCharsEach: [], startCode: code - 3, endCode: code };
          }
          open.links.push(el);
          pending = [];
          pendingChars = 0;
          currentLinkChars = 0;
        }
        linkDepth++;
      } else if ((tag === 'IMG' || tag === 'PICTURE' || tag === 'SVG') && gapOpen()) {
        pending.push(el);
      }
    },
    text(node: Text, value: string, chars: number, code: number): void {
      codePos = code;
      if (gapOpen()) { pending.push(node); pendingChars += chars; }
      // A link distance runs from one `</a>` to the next `<a>`, so only text outside links
      // moves it: the units of a link's own text would cancel out (lastEndText is set at its
      // `</a>`) and are not counted. Outside links, units are only needed while a block could
      // still grow: counting stops where the distance reaches d_t (any larger count decides
      // the same), so long paragraphs are not tokenized (budget).
      if (useText && linkDepth === 0) {
        const left = threshold - (textPos - lastEndText);
        textPos += left > 0 ? countTextUnits(value, left) : chars;
      }
      if (linkDepth > 0) currentLinkChars += chars;
    },
    close(_el: Element, tag: string, code: number): void {
      codePos = code;
      if (tag === 'A' && linkDepth > 0) {
        linkDepth--;
        if (linkDepth === 0) {
          lastEndCode = code;
          lastEndText = textPos;
          if (open) { open.linkChars += currentLinkChars; open.linkCharsEach.push(currentLinkChars); open.endCode = code; }
        }
      }
    },
    finish(pageCodeLength: number): LinkBlockResult {
      close();
      return {
        blocks,
        totalLinks,
        pageCodeLength,
        lcr: totalLinks > 0 ? linksInBlocks / totalLinks : 0,
        ccr: pageCodeLength > 0 ? blockCode / pageCodeLength : 0,
      };
    },
  };
}

/** Link blocks of a page whose stats are already computed (replays the rendered stream). */
export function findLinkBlocks(stats: PageStats, options: ExtractOptions): LinkBlockResult {
  const scanner = createLinkBlockScanner(options);
  replayStream(stats, scanner);
  return scanner.finish(stats.codeLength);
}

/**
 * Whether the part of `block` that lies in the content (its links with `inside[k]`, and the
 * gaps between two such links) is a described list rather than a link cluster: a share of
 * its gaps (rules.DESCRIBED_LIST_*), and at least `minLinks` (C_t: as many described links
 * as a block needs links), hold a sentence of their own, ending in . ! ? or their CJK forms,
 * and it is less than half link text, or nearly every gap holds a sentence. A block the scan found may run from the page's
 * navigation through the article (MDN: its table of contents, headings that are links,
 * then reference lists whose every link has a line of description), and is dense with links
 * because of the navigation; a cluster's own gaps hold separators, prices, dates, counts
 * and names, not sentences.
 */
export function isDescribedList(block: LinkBlock, inside: readonly boolean[], minLinks: number): boolean {
  let links = 0;
  let gaps = 0;
  let gapCount = 0;
  let sentences = 0;
  for (let k = 0; k < block.links.length; k++) {
    if (!inside[k]) continue;
    links += block.linkCharsEach[k] ?? 0;
    if (!inside[k + 1]) continue;
    gaps += block.gapCharsEach[k] ?? 0;
    gapCount++;
    if (holdsSentence(block.gaps[k] ?? [])) sentences++;
  }
  if (sentences < minLinks || sentences < DESCRIBED_LIST_MIN_SENTENCE_SHARE * gapCount) return false;
  // A list of references, each title a link, is mostly link text: there a sentence in
  // nearly every gap says it (rules.DESCRIBED_LIST_DENSE_SENTENCE_SHARE).
  return links < gaps || sentences >= DESCRIBED_LIST_DENSE_SENTENCE_SHARE * gapCount;
}

function holdsSentence(nodes: readonly Node[]): boolean {
  let text = '';
  for (const n of nodes) if (n.nodeType === 3) text += ` ${n.nodeValue ?? ''}`;
  return SENTENCE_END.test(text) && (text.match(WORD) ?? []).length >= DESCRIBED_LIST_SENTENCE_WORDS;
}
const SENTENCE_END = /[.!?\u3002\uff01\uff1f]["'\u201d\u2019)]?\s*$/;
/** A word, or one CJK character (each counts as a word, as in textUnits). */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;

/**
 * The part of a link block to remove from content. The paper warns that an isolated in-text
 * link close to a link cluster is swallowed by it (000, content webpages (5)): "see the
 * volunteers' website. Tags: a b c d" makes one block. We trim an edge link whose gap to
 * its neighbour is wider than the cluster's own spacing (> max(EDGE_GAP_MIN, 2 × median
 * gap)), repeatedly; what is left is removed if it still has ≥ C_t links.
 *
 * The block's last links are trimmed off first while `introduces(link)` says they open what
 * follows the cluster rather than belong to it: a heading's own anchor (controls.ts
 * isHeadingAnchor) that the text after the block continues. Inside or at the start of a block
 * such a heading labels the links after it and goes with them.
 */
export function removableSpan(block: LinkBlock, minLinks: number, introduces: (link: Element) => boolean): { links: Element[]; nodes: Node[]; first: number; last: number } | null {
  let first = 0;
  let last = block.links.length - 1;
  while (last >= 0 && introduces(block.links[last]!)) last--;
  const sorted = [...block.distances].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
  const wide = (d: number): boolean => d > Math.max(LINK_BLOCK_EDGE_GAP_MIN, 2 * median);
  while (last - first + 1 >= minLinks) {
    if (wide(block.distances[first]!)) first++;
    else if (wide(block.distances[last - 1]!)) last--;
    else break;
  }
  if (last - first + 1 < minLinks) return null;
  const links = block.links.slice(first, last + 1);
  const nodes: Node[] = [];
  for (let k = first; k < last; k++) for (const n of block.gaps[k]!) nodes.push(n);
  return { links, nodes, first, last };
}
