import { CARD_LIST_MIN_CARDS, CARD_LIST_MIN_RATIO, CARD_LIST_MIN_SHARE, CARD_LIST_MAX_START_CHARS, CARD_MIN_CHARS } from './rules';
import type { PageStats } from './stats';
import { holdsBlock } from './stats';

/**
 * Lists of card links (our addition; SPEC §1 "Known weaknesses"). A listing page (a news
 * site's topic page, a shop's category, a job board) shows its content as cards, and many
 * sites make each card one link around a title and the first lines of the story:
 * `<a href=…><h2>Renting a car could lead to your arrest</h2><p>NBC New York has…</p></a>`.
 * All of that text is link text (SPEC §1's LC), so NTA types every card *anchor*, the only
 * text node left is the page's intro ("Stay up to date with WRAL's Vehicle rental news…"),
 * and the clip is that one line.
 *
 * A card link is an `<a>` of at least rules.CARD_MIN_CHARS characters whose text is laid out
 * in blocks (a heading, a paragraph, a `<div>` inside it), or that is all the text of its
 * paragraph: some sites link a card's title and its excerpt separately,
 * `<article><h2><a>…</a></h2><p><a>The history of all-inclusive travel…</a></p></article>`.
 * A menu entry, an inline link in prose or a linked title is not. When NTA's start node holds
 * at most rules.CARD_LIST_MAX_START_CHARS characters and the page holds card links, the list
 * is the smallest element below the page that holds over half of their text in
 * rules.CARD_LIST_MIN_CARDS or more cards, when the cards are at least
 * rules.CARD_LIST_MIN_SHARE of its own text and outweigh the start node
 * rules.CARD_LIST_MIN_RATIO times. An article has far more text than that start node
 * allows, so the related posts under it (cards too, on many sites) never qualify.
 *
 * Read from the stats arrays (boilerplate regions that NTA discounted count no text, so a
 * mega menu's cards do not either), and only when the start node is that short: on an
 * article page this costs one comparison.
 *
 * Returns the list's index in `stats`, or -1.
 */
export function cardList(stats: PageStats, startIndex: number): number {
  const { tags, tc, isLeaf, order } = stats;
  const startChars = tc[startIndex]!;
  if (startChars > CARD_LIST_MAX_START_CHARS) return -1;
  const root = order.length - 1;
  // Card links, and the text of the cards below each of their ancestors.
  const held = new Map<number, { cards: number; chars: number }>();
  let total = 0;
  for (let i = 0; i < root; i++) {
    if (tags[i] !== 'A' || tc[i]! < CARD_MIN_CHARS) continue;
    const inBlocks = isLeaf[i] !== 1 && holdsBlock(stats, i);
    if (!inBlocks && !isLinkedParagraph(stats, i)) continue;
    const chars = tc[i]!;
    total += chars;
    for (let el = order[i]!.parentElement; el !== null; el = el.parentElement) {
      const k = stats.index.get(el);
      if (k === undefined || k === root) break;
      const h = held.get(k);
      if (h) { h.cards++; h.chars += chars; } else held.set(k, { cards: 1, chars });
    }
  }
  // The elements holding over half of the cards' text are one chain of ancestors: the
  // smallest of them (in post-order, a descendant comes before its ancestors) is the list.
  let list = -1;
  for (const [k, h] of held) {
    if (h.cards >= CARD_LIST_MIN_CARDS && h.chars * 2 > total && (list === -1 || k < list)) list = k;
  }
  if (list === -1) return -1;
  const chars = held.get(list)!.chars;
  return chars >= CARD_LIST_MIN_SHARE * tc[list]! && chars >= CARD_LIST_MIN_RATIO * startChars ? list : -1;
}

/** The link at `i` is all the text of the paragraph it sits in (a card's linked excerpt). */
function isLinkedParagraph(stats: PageStats, i: number): boolean {
  const parent = stats.order[i]!.parentElement;
  const k = parent === null ? undefined : stats.index.get(parent);
  return k !== undefined && stats.tags[k] === 'P' && stats.tc[k] === stats.tc[i];
}
