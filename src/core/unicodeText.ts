/**
 * Letters, digits and punctuation by Unicode category (`\p{L}`, `\p{N}`, `\p{P}`), with the
 * category expressions asked only about text that needs them. A `u`-flag property
 * expression is compiled anew in every page (each page is a fresh JavaScript context) at
 * ~0.1–0.2 ms apiece before it matches anything (scripts/cold-floor.ts's situation), while most
 * text on most pages is ASCII with typographic quotes and dashes. In that *narrow* range —
 * ASCII, Latin-1's spaces and marks, General Punctuation — the letters and digits are
 * ASCII's and the punctuation is listed below, so plain expressions give the same answers
 * (unicodeText.test.ts checks them against the property expressions).
 */

/** A character outside the narrow range: Latin-1 letters and digits (ª ² ³ µ ¹ º ¼ ½ ¾ À…ÿ) and everything past U+00FF but General Punctuation. */
// eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose
const BEYOND_NARROW = /[^\x00-\x7f\u00a0-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u2000-\u206f]/;

/** `\p{P}` within the narrow range. */
const NARROW_PUNCTUATION = /[!-#%-*,-/:;?@[-\]_{}\u00a1\u00a7\u00ab\u00b6\u00b7\u00bb\u00bf\u2010-\u2027\u2030-\u2043\u2045-\u2051\u2053-\u205e]/g;
const PUNCTUATION = /\p{P}/gu;
const NARROW_WORD_RUNS = /\w+/g;
const WORD_RUNS = /[\p{L}\p{N}_]+/gu;
const NARROW_LETTER_DIGIT_RUNS = /[A-Za-z0-9]+/g;
const LETTER_DIGIT_RUNS = /[\p{L}\p{N}]+/gu;
const NARROW_LETTER = /[A-Za-z]/;
const LETTER = /\p{L}/u;

function isNarrow(text: string): boolean {
  return !BEYOND_NARROW.test(text);
}

/**
 * `(text.match(re) ?? []).length` for a regex that never matches the empty string and has no
 * capturing group (split would add the captures to its pieces), without
 * building the array of matched strings (per text leaf, those arrays were a large share of
 * the engines' garbage). `split` counts in one native call: the pieces are the text between
 * matches, one more than the matches (an empty text is one empty piece). A `test` loop did
 * the same with one call per match from interpreted code, which cost more on long leaves
 * (the extraction runs cold); split leaves `re.lastIndex` alone.
 */
export function countMatches(re: RegExp, text: string): number {
  return text.split(re).length - 1;
}

/** Punctuation characters (`\p{P}`). */
export function countPunctuation(text: string): number {
  return countMatches(isNarrow(text) ? NARROW_PUNCTUATION : PUNCTUATION, text);
}

/** Runs of letters, digits and `_` (`[\p{L}\p{N}_]+`). */
export function countWordRuns(text: string): number {
  return countMatches(isNarrow(text) ? NARROW_WORD_RUNS : WORD_RUNS, text);
}

/** The runs of letters, digits and `_` (`[\p{L}\p{N}_]+`), in order. */
export function wordRuns(text: string): string[] {
  return text.match(isNarrow(text) ? NARROW_WORD_RUNS : WORD_RUNS) ?? [];
}

/** The runs of letters and digits (`[\p{L}\p{N}]+`), in order. */
export function letterDigitRuns(text: string): string[] {
  return text.match(isNarrow(text) ? NARROW_LETTER_DIGIT_RUNS : LETTER_DIGIT_RUNS) ?? [];
}

/** Whether the text holds a letter (`\p{L}`). */
export function hasLetter(text: string): boolean {
  return NARROW_LETTER.test(text) || (!isNarrow(text) && LETTER.test(text));
}
