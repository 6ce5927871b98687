import type { ContentSelection } from './engines/engine';
import { PHRASING_TAGS, REPEAT_MAX_READ_CHARS, REPEAT_MIN_CHARS, REPEATABLE_TAGS } from './rules';
import type { PageStats } from './stats';
import { subtreeStart } from './stats';
import { groupDigits } from './trace';

/**
 * Repeated regions inside the selection (our addition; SPEC §1 "Known weaknesses"). Some
 * pages hold their content twice: a site builder's two templates of one post (Webflow's
 * desktop and mobile layouts, one hidden only by a script or a media query the saved page
 * no longer matches), a slider's cloned slides, a product description written again in a
 * tab. NTA scores both copies alike and their common ancestor becomes the region, so the
 * clip says everything twice. A *container* (not a paragraph, list item, heading, quote or
 * cell: rules.REPEATABLE_TAGS, which a page may well repeat on purpose, nor a phrasing
 * element; and holding two or more blocks with text, so not a paragraph written as a
 * `<div>`) whose rendered text is the same as an earlier container's, that is not its
 * ancestor or descendant and is kept, is dropped.
 *
 * Read from the stats arrays: containers with the same text count (TC) are the only ones
 * whose text is compared, so a page without copies reads no text here; a page that would
 * have more read than rules.REPEAT_MAX_READ_CHARS is left as it is past that point (a
 * generated page of many blocks of one length).
 *
 * Returns a note per dropped copy (for the trace); the nodes go into `removed`.
 */
export function removeRepeatedRegions(selection: ContentSelection, stats: PageStats, removed: Set<Node>): string[] {
  const notes: string[] = [];
  const rootIndex = stats.index.get(selection.root);
  if (rootIndex === undefined) return notes;
  const { order, tags, tc } = stats;
  // Containers by text count; a count seen once has no copy.
  const byCount = new Map<number, number[]>();
  for (let i = subtreeStart(stats, rootIndex); i < rootIndex; i++) {
    const chars = tc[i]!;
    if (chars < REPEAT_MIN_CHARS) continue;
    const tag = tags[i]!;
    if (REPEATABLE_TAGS.has(tag) || PHRASING_TAGS.has(tag)) continue;
    const same = byCount.get(chars);
    if (same) same.push(i);
    else byCount.set(chars, [i]);
  }
  // Largest first, so a copy inside a dropped copy is not looked at again.
  const counts = [...byCount.keys()].filter((c) => byCount.get(c)!.length > 1).sort((a, b) => b - a);
  let budget = REPEAT_MAX_READ_CHARS;
  const contributes = keptRegions(selection, removed);
  for (const count of counts) {
    // A wrapper chain (div > div > div around one region) shares one count: only regions of
    // two or more blocks are compared, and their text is read only when two of them share it.
    const regions = byCount.get(count)!.filter((i) => holdsBlocks(order[i]!, stats));
    if (regions.length < 2) continue;
    const firstByText = new Map<string, Element>();
    for (const i of regions) {
      const el = order[i]!;
      budget -= count;
      if (budget < 0) {
        notes.push('repeated regions: too much text to compare, stopped');
        return notes;
      }
      const text = renderedKey(el);
      // Post-order: among elements that do not nest, a lower index comes first in the page.
      const original = firstByText.get(text);
      if (original === undefined) {
        firstByText.set(text, el);
        continue;
      }
      if (original.contains(el) || el.contains(original)) continue;
      if (!contributes(original) || !contributes(el)) continue;
      removed.add(el);
      notes.push(`repeated region <${el.tagName.toLowerCase()}> dropped: the same ${chars(count)} as an earlier <${original.tagName.toLowerCase()}>`);
    }
  }
  return notes;
}

/**
 * Whether the element holds two or more blocks with text: a region, not a paragraph written
 * as a `<div>` (a page may repeat a paragraph; it does not repeat a region by intent).
 */
function holdsBlocks(el: Element, stats: PageStats): boolean {
  let blocks = 0;
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    const i = stats.index.get(child);
    if (i === undefined || stats.tc[i]! === 0 || PHRASING_TAGS.has(stats.tags[i]!)) continue;
    if (++blocks === 2) return true;
  }
  return false;
}

function chars(n: number): string {
  return `${groupDigits(n)} characters`;
}

/**
 * The text two copies must share: textContent without whitespace. It may hold text the walk
 * skipped as hidden; copies that differ there are not taken for copies (the safe side).
 */
function renderedKey(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, '');
}

/**
 * Whether a region is not dropped and some of it is in what the selection keeps: a kept
 * ancestor, or a kept node inside (the elements holding kept nodes are listed once, on the
 * first question).
 */
export function keptRegions(selection: ContentSelection, removed: Set<Node>): (el: Element) => boolean {
  let holdsKept: Set<Node> | null = null;
  return (el) => {
    let kept = false;
    for (let cur: Node | null = el; cur; cur = cur.parentNode) {
      if (removed.has(cur)) return false;
      if (selection.kept.has(cur)) kept = true;
      if (cur === selection.root) break;
    }
    if (kept) return true;
    if (holdsKept === null) {
      holdsKept = new Set();
      for (const node of selection.kept) {
        for (let cur = node.parentNode; cur && !holdsKept.has(cur); cur = cur.parentNode) {
          holdsKept.add(cur);
          if (cur === selection.root) break;
        }
      }
    }
    return holdsKept.has(el);
  };
}
