import type { Serialized } from './serialize';
import { escapeAttr } from './serialize';
import { collapse } from './records/domIndex';
import { NOT_A_WORD, plainText } from './titleHeading';

/**
 * The clip's byline is a field of its own (metadata.ts), shown above the content by the popup,
 * the reader and every export. Many articles end with the author's box: the author's photo,
 * their name on a line of its own, a job title and a short biography ("Brian Becker is the
 * co-founder of…"). That box says who wrote the article, which the byline already says, and
 * nothing of what the article says; the benchmark's truths leave it out, as a reader would.
 *
 * The box leaves the clip when all of these hold:
 * - a top-level block of the content (the serializer unwraps containers, so the clip is a
 *   sequence of blocks) says the byline's first name and nothing else, past an "About",
 *   "Written by" or "By" (not a signature: "—Matthew Richardson" stays, and so does a line
 *   that says more than the name);
 * - it is the first block that does, so a forum whose first poster is the byline keeps every
 *   post after the first;
 * - what follows it to the end is short (AUTHOR_BOX_MAX_WORDS, AUTHOR_BOX_MAX_BLOCKS) and no
 *   longer than what comes before it: the tail of the clip, never its body.
 * The name's block goes with everything after it, and with the author's photo (a block that
 * is only an image) or a label ("About the author") just above it; `images` loses the images
 * that only the box showed.
 */
export function withoutAuthorBox(out: Serialized, byline: string | null): Serialized {
  const name = byline === null ? '' : nameKey(firstAuthor(byline));
  if (name.length < NAME_MIN_CHARS) return out;
  const { html, text } = out;
  // Most clips never say the name on a line of its own: read the text first (and a line's
  // words only when it is short and holds the name's last word), the markup only then.
  const last = name.slice(name.lastIndexOf(' ') + 1);
  const textBlocks = text.split('\n\n');
  const lines = textBlocks.flatMap((line, i) => (
    line.length <= name.length + NAME_LINE_SLACK && line.toLowerCase().includes(last) && isNameLine(collapse(line), name) ? [i] : []
  ));
  const lineAt = lines[0] ?? -1;
  if (lineAt < 1) return out;
  const after = textBlocks.slice(lineAt + 1);
  const wordsAfter = countWords(after.join(' '));
  if (after.length > AUTHOR_BOX_MAX_BLOCKS || wordsAfter > AUTHOR_BOX_MAX_WORDS) return out;
  if (countWords(textBlocks.slice(0, lineAt).join(' ')) < wordsAfter) return out;
  // The same name lines as blocks of the clip's own (not one in a table's cell or a list's item).
  const blocks = topLevelBlocks(html);
  const named = blocks.flatMap((b, i) => (b.name && isNameLine(b.text, name) ? [i] : []));
  if (named.length !== lines.length) return out;
  const at = named[0]!;
  // The photo or a label just above the name belongs to the box.
  let first = at;
  let firstLine = lineAt;
  for (let k = 0; k < BOX_HEAD_MAX_BLOCKS && first > 0; k++) {
    const above = blocks[first - 1]!;
    if (above.text === '' && above.image) {
      first--;
    } else if (BOX_LABEL.test(above.text) && firstLine > 1 && collapse(textBlocks[firstLine - 1]!).toLowerCase() === above.text.toLowerCase()) {
      first--;
      firstLine--;
    } else {
      break;
    }
  }
  const keptText = textBlocks.slice(0, firstLine).join('\n\n');
  if (!/\S/.test(keptText)) return out;
  const keptHtml = html.slice(0, blocks[first]!.start).trimEnd();
  // The author's photo is no image of the clip's any more (Save stores what `images` lists).
  const images = out.images.filter((src) => keptHtml.includes(`src="${escapeAttr(src)}"`));
  return { html: keptHtml, text: keptText, images };
}

/** One block at the top level of the serialized HTML. */
interface Block {
  start: number;
  /** Its text, spaces collapsed. */
  text: string;
  /** A paragraph or a heading below <h1>: where a box writes its author's name. */
  name: boolean;
  /** Holds an image. */
  image: boolean;
}

/**
 * The top-level blocks of the serializer's HTML: its own markup, well formed, no comments, and
 * `>` escaped in attribute values, so a tag scan finds every boundary.
 */
function topLevelBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let depth = 0;
  let start = 0;
  let tag = '';
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m !== null; m = TAG.exec(html)) {
    const name = m[2]!.toLowerCase();
    if (VOID.has(name)) {
      if (depth === 0) blocks.push({ start: m.index, text: '', name: false, image: name === 'img' });
      continue;
    }
    if (m[1] === '') {
      if (depth === 0) { start = m.index; tag = name; }
      depth++;
    } else if (--depth === 0) {
      const inner = html.slice(start, TAG.lastIndex);
      blocks.push({ start, text: plainText(inner), name: NAME_TAGS.has(tag), image: inner.includes('<img') });
    }
  }
  return blocks;
}
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
const VOID: ReadonlySet<string> = new Set(['img', 'br', 'hr', 'wbr', 'source', 'col']);
const NAME_TAGS: ReadonlySet<string> = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Whether a line says the author's name and nothing else, past an "About" or "Written by". */
function isNameLine(line: string, name: string): boolean {
  if (line.length > name.length + NAME_LINE_SLACK) return false;
  const rest = line.toLowerCase().replace(NAME_PREFIX, '');
  // A signature's dash or an ellipsis before the name makes it the author's own line.
  return nameKey(rest.charAt(0)) !== '' && nameKey(rest) === name;
}

/** A name's words, lower-cased, one space between them (titleHeading.NOT_A_WORD). */
function nameKey(text: string): string {
  return text.toLowerCase().replace(NOT_A_WORD, ' ').trim();
}

/** "Ann Lee and Bo Park", "Ann Lee, Bo Park", "Ann Lee & Bo Park": the first name is the one a box shows first. */
function firstAuthor(byline: string): string {
  let end = byline.length;
  for (const separator of AUTHOR_SEPARATORS) {
    const at = byline.indexOf(separator);
    if (at >= 0 && at < end) end = at;
  }
  return byline.slice(0, end);
}
const AUTHOR_SEPARATORS = [',', '&', ' and '];

function countWords(text: string): number {
  const words = collapse(text);
  return words === '' ? 0 : words.split(' ').length;
}

const NAME_PREFIX = /^(?:about(?: the author)?|written by|by)\s*:?\s+/;
/** A label above an author's box. */
const BOX_LABEL = /^(?:about the author|about author|the author|author|written by|meet the author|author bio)\s*:?$/i;
/** Names shorter than this ("Joe", "Admin") are too common to find as a line of their own. */
const NAME_MIN_CHARS = 5;
/** A name line holds at most this many characters more than the name ("About the author: "). */
const NAME_LINE_SLACK = 20;
/** A box is at most this long after its name line: a job title, a biography, links to the author's pages. */
const AUTHOR_BOX_MAX_WORDS = 200;
const AUTHOR_BOX_MAX_BLOCKS = 12;
/** At most a photo and a label above the name. */
const BOX_HEAD_MAX_BLOCKS = 2;
