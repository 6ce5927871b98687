import { collapse } from './records/domIndex';
import type { Serialized } from './serialize';

/**
 * The clip's title is a field of its own (metadata.ts), and every view shows it above the
 * content: the popup's preview, the reader's header, each export's title or front matter.
 * Pages open their content with the same words as a heading, so the clip held its title
 * twice, and its `text` (what the word count, search and plain-text export read) began with
 * it. The content's opening `<h1>` or `<h2>`, past at most TITLE_KICKERS_MAX short kicker
 * lines above it ("July 19, 2018", "Products and Tools"), leaves the clip when its letters
 * and digits are the title's; a heading that says anything else stays. Readability drops
 * such a heading the same way.
 *
 * The serializer's output is ours (KEEP_TAGS, no attributes on paragraphs or headings), so
 * the opening blocks are read from the HTML string, and the heading's line goes from the text.
 */
export function withoutTitleHeading(out: Serialized, title: string | null): Serialized {
  if (!title) return out;
  const key = titleKey(title);
  if (key === '') return out;
  const { html, text } = out;
  let pos = 0;
  for (let kickers = 0; kickers <= TITLE_KICKERS_MAX; kickers++) {
    OPENING_BLOCK.lastIndex = pos;
    const m = OPENING_BLOCK.exec(html);
    if (!m) return out;
    const inner = plainText(m[2]!);
    if (m[1] !== 'p') {
      if (titleKey(inner) !== key) return out;
      const rest = withoutLine(text, key, kickers + 1);
      // A clip that is nothing but its title keeps it.
      return rest === null || !/\S/.test(rest) ? out : { ...out, html: html.slice(0, m.index) + html.slice(OPENING_BLOCK.lastIndex), text: rest };
    }
    if (!isKickerText(inner) || m[2]!.includes('<img')) return out;
    pos = OPENING_BLOCK.lastIndex;
  }
  return out;
}

/** Letters and digits of a title or heading, lower-cased: what "states the title" compares. */
function titleKey(text: string): string {
  return text.toLowerCase().replace(NOT_A_WORD, '');
}

/**
 * Punctuation, symbols and spaces: what lies between words (authorBox.ts reads names with it
 * too). One shared pattern: a Unicode property class costs ~0.2 ms to compile on its first use
 * in a fresh page, so the core builds as few of them as it can.
 */
export const NOT_A_WORD = /[\p{P}\p{S}\s]+/gu;

/** Whether a heading's (or a text block's) words are the title's. */
export function statesTitle(text: string, title: string): boolean {
  const key = titleKey(title);
  return key !== '' && titleKey(text) === key;
}

/** At most this many short lines above the title heading (a date, a section's name). */
const TITLE_KICKERS_MAX = 2;
/** A kicker line is at most this long, and no sentence. */
const KICKER_MAX_CHARS = 40;

/** One top-level paragraph or title-level heading at the read position (sticky). */
const OPENING_BLOCK = /\s*<(p|h1|h2)>([\s\S]*?)<\/\1>/y;

/**
 * Whether a line's collapsed text can be a kicker above a title: short, and no sentence (a
 * date, a section's name, a tag list). The reader and the exports ask the same of the
 * sanitized DOM of clips saved before this rule (export/leadImage.ts).
 */
export function isKickerText(text: string): boolean {
  return text.length > 0 && text.length <= KICKER_MAX_CHARS && !/[.!?…]$/.test(text);
}

/** The text of serialized inline markup: tags dropped, the serializer's escapes undone, spaces collapsed. */
export function plainText(markup: string): string {
  return collapse(markup.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot);/g, (_, e: string) => ENTITIES[e]!));
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/**
 * `text` without its block (blocks are separated by a blank line) whose key is `key`, found
 * among the first `within` + 1 blocks (kicker lines may have no text block of their own, an
 * image-only paragraph one more); null when none is.
 */
function withoutLine(text: string, key: string, within: number): string | null {
  let start = 0;
  for (let k = 0; k <= within; k++) {
    const end = text.indexOf('\n\n', start);
    const block = end < 0 ? text.slice(start) : text.slice(start, end);
    if (titleKey(block) === key) {
      if (end < 0) return text.slice(0, Math.max(0, start - 2));
      return text.slice(0, start) + text.slice(end + 2);
    }
    if (end < 0) return null;
    start = end + 2;
  }
  return null;
}
