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

/** Words of `text` in order, folded; repeated words are kept (callers dedupe as needed). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const seg of wordSegmenter().segment(fold(text))) {
    if (!seg.isWordLike) continue;
    const w = seg.segment;
    if (w.length > MAX_TERM_LENGTH) continue;
    out.push(w);
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
