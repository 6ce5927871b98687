/**
 * Words for the full-text index (`clips.*terms`, a multi-entry index).
 *
 * Splitting on spaces fails for Chinese and Japanese, which write words without them, so
 * words come from `Intl.Segmenter` (ICU's dictionary word breaks); the same function
 * tokenises the search box, so a query and a stored clip agree on what a word is.
 */

/** Longer "words" are base64 blobs, hashes or URLs: not worth an index entry. */
const MAX_TERM_LENGTH = 40;
/** An article rarely has more unique words; the cap bounds the index for pathological pages. */
const MAX_TERMS_PER_CLIP = 20_000;

let segmenter: Intl.Segmenter | null = null;
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  return segmenter;
}

/** Normalises case and compatibility forms (full-width Latin, ligatures) before indexing. */
function fold(s: string): string {
  return s.normalize('NFKC').toLocaleLowerCase('und');
}

/** Letter/digit runs; marks (\p{M}) keep Arabic, Hebrew and Indic words whole. */
const RUN = /[\p{L}\p{M}\p{N}]+/gu;
/** Scripts written without spaces between words: only these need the (slow) dictionary segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Words of `text` in order, folded; repeated words are kept (callers dedupe as needed).
 * Spaced scripts split on non-letters (fast: 10,000 clips index in seconds); a run with
 * Chinese, Japanese, Thai… goes through Intl.Segmenter.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  const push = (w: string) => { if (w.length <= MAX_TERM_LENGTH) out.push(w); };
  for (const m of fold(text).matchAll(RUN)) {
    const run = m[0];
    if (!UNSPACED.test(run)) {
      push(run);
      continue;
    }
    for (const seg of wordSegmenter().segment(run)) if (seg.isWordLike) push(seg.segment);
  }
  return out;
}

/** Lower-cased unique words of title + text: the value stored in `StoredClip.terms`. */
export function termsFor(title: string, text: string): string[] {
  const set = new Set<string>();
  for (const w of words(`${title}\n${text}`)) {
    set.add(w);
    if (set.size >= MAX_TERMS_PER_CLIP) break;
  }
  return [...set];
}
