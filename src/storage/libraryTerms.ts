/**
 * Words for the full-text index (`clips.*terms`, a multi-entry index).
 *
 * Splitting on spaces fails for Chinese and Japanese, which write words without them, so
 * words come from `Intl.Segmenter` (ICU's dictionary word breaks); the same tokeniser
 * reads the search box (queryWords), so a query and a stored clip agree on what a word is.
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

/** Normalises compatibility forms (full-width Latin, ligatures) and drops soft hyphens. */
function normalize(s: string): string {
  // U+00AD is an invisible line-break hint inside a word (German sites set it in long
  // words: "Straßen\u00ADbahn"); as a non-letter it split the word in two.
  return s.normalize('NFKC').replace(/\u00AD/g, '');
}
/**
 * Language-neutral lower case: toLowerCase is the root locale's mapping, the one the index
 * always used (toLocaleLowerCase('und') on the whole text). Words are now lowered one by one
 * (camel-case needs the original case), and toLocaleLowerCase per word took indexing 1,000
 * clips of 2,000 words from 0.5 s to 15 s (tsx, this machine); toLowerCase keeps 0.5 s.
 */
const lower = (s: string) => s.toLowerCase();

/**
 * Where an accent may be: Latin-1 Supplement to Latin Extended-B, combining marks, Greek,
 * Latin Extended Additional (Vietnamese) and Greek Extended. A word without any of these
 * (ASCII, Cyrillic, Arabic, CJK…) is its own folded form: the test keeps indexing fast.
 */
const FOLDABLE = /[\u00C0-\u024F\u0370-\u03FF\u1E00-\u1FFF]|[\u0300-\u036F]/u;
/** Marks on a Latin or Greek letter: accents (é, ü, ỗ, ά). Marks on other scripts' letters are part of the word. */
const ACCENTS = /([\p{Script=Latin}\p{Script=Greek}])\p{M}+/gu;
/** Latin letters that do not decompose into a base letter and a mark. */
const LETTER_FOLDS: Readonly<Record<string, string>> = { ß: 'ss', ẞ: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th' };
const FOLDED_LETTERS = /[ßẞæœøđðłþ]/gu;

/**
 * A lower-cased word without its accents, as a user types it on a keyboard without them:
 * "münchen" → "munchen", "café" → "cafe", "straße" → "strasse", "việt" → "viet",
 * "αθήνα" → "αθηνα". Only Latin and Greek letters lose marks: a Devanagari vowel sign or
 * Arabic vowel mark is part of its word, and Cyrillic й or Japanese が are letters of their own.
 */
export function foldAccents(word: string): string {
  if (!FOLDABLE.test(word)) return word;
  return word.normalize('NFD').replace(ACCENTS, '$1').normalize('NFC').replace(FOLDED_LETTERS, (c) => LETTER_FOLDS[c] ?? c);
}

/**
 * German written without umlauts spells them out: ä → ae, ö → oe, ü → ue ("Größe" is
 * "Groesse" on a keyboard, in a URL or an ASCII-only text; "Müller" is "Mueller"). So a word
 * holding one is also indexed spelled that way, as a third form beside the word as written
 * and its folded form ("größe", "grosse", "groesse"). Only the index gains it: a query is
 * folded as before (`foldAccents`), and "groesse" typed is simply a word the index now holds.
 * The reverse rule (ae in a query also meaning ä) cannot be a single form: "blue", "does",
 * "Michael" would become "blü", "dös", "Michäl"; it would need each query word to be an
 * OR of spellings, which the planner does not do.
 */
const UMLAUTS = /[äöü]/u;
const SPELLED_UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

/** "größe" → "groesse"; null when the (lower-cased) word has no ä, ö or ü. */
export function spellUmlauts(word: string): string | null {
  if (!UMLAUTS.test(word)) return null;
  return foldAccents(word.replace(/[äöü]/gu, (c) => SPELLED_UMLAUTS[c] ?? c));
}

/** Letters, marks and digits: marks (\p{M}) keep Arabic, Hebrew and Indic words whole. */
const PART = '[\\p{L}\\p{M}\\p{N}]+';
/**
 * A word and any parts hyphens join to it: Wi-Fi, e-mail, COVID-19. The ASCII hyphen-minus,
 * U+2010 (hyphen) and U+2011 (non-breaking hyphen); not dashes (1990–2000 is a range).
 */
const COMPOUND = new RegExp(`${PART}(?:[\\-\\u2010\\u2011]${PART})*`, 'gu');
const JOINER = /[-\u2010\u2011]/u;
/** Where a lower-case letter meets an upper-case one: WiFi, JavaScript, iPhone. */
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})/u;
const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;
/** Scripts written without spaces between words: only these need the (slow) dictionary segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * One spelling of a word, three ways to write it: "WiFi", "Wi-Fi", "wifi" (and "e-mail" /
 * "email", "COVID-19" / "covid19"). A clip indexes a hyphenated word as its parts AND as
 * every run of adjacent parts joined ("Bluetooth-and-Wi-Fi" holds "wifi"), and a word with
 * an inner capital as a whole AND as its parts ("WiFi": wifi, wi, fi). A query writes a
 * hyphenated word joined ("Wi-Fi" asks for "wifi"). So:
 *   query wifi / WiFi / Wi-Fi finds clips with WiFi, Wi-Fi and wifi;
 *   query "wi fi" (two words) finds clips with WiFi, Wi-Fi and "wi fi", but not the
 *   lower-case "wifi", which has no parts to find: splitting "wifi" into "wi" + "fi" needs a
 *   dictionary, and joining every pair of adjacent words would double the index.
 * Parts are still words of their own, as before: "mail" finds "e-mail".
 */
function pushCompound(compound: string, forQuery: boolean, push: (w: string) => void): void {
  // Most words in prose: one plain word.
  if (!JOINER.test(compound)) return pushPart(compound, forQuery, push);
  const parts = compound.split(JOINER);
  const joinable = parts.length > 1 && !parts.some((p) => UNSPACED.test(p));
  if (forQuery && joinable) {
    const joined = lower(parts.join(''));
    // Too long to be indexed joined (MAX_TERM_LENGTH): ask for the parts instead.
    if (joined.length <= MAX_TERM_LENGTH) return push(joined);
  }
  for (const part of parts) pushPart(part, forQuery, push);
  if (forQuery || !joinable) return;
  for (let i = 0; i < parts.length - 1; i++) {
    let joined = parts[i]!;
    for (let j = i + 1; j < parts.length; j++) {
      joined += parts[j]!;
      if (joined.length > MAX_TERM_LENGTH) break;
      push(lower(joined));
    }
  }
}

/** One word without hyphens: segmented when unspaced, and in the index also split at inner capitals. */
function pushPart(part: string, forQuery: boolean, push: (w: string) => void): void {
  if (UNSPACED.test(part)) {
    for (const seg of wordSegmenter().segment(lower(part))) if (seg.isWordLike) push(seg.segment);
    return;
  }
  push(lower(part));
  if (!forQuery && INNER_CAPITAL.test(part)) for (const c of part.split(CAMEL)) push(lower(c));
}

function collect(text: string, forQuery: boolean): string[] {
  const out: string[] = [];
  const keep = (w: string) => { if (w.length <= MAX_TERM_LENGTH) out.push(w); };
  // Accents: a clip is indexed by each word as written and without its accents; a query
  // asks for the word without them, so "munchen", "München" and "MÜNCHEN" find both spellings.
  // A German umlaut word is also indexed spelled out ("groesse": spellUmlauts). The other
  // forms of a word are worked out once per text: prose repeats its words, and normalising
  // each occurrence again cost a third more indexing time on German text.
  const otherForms = new Map<string, readonly string[]>();
  const formsOf = (w: string): readonly string[] => {
    const folded = foldAccents(w);
    if (folded === w) return [];
    const spelled = spellUmlauts(w);
    return spelled !== null && spelled !== folded ? [folded, spelled] : [folded];
  };
  const push = forQuery ? (w: string) => keep(foldAccents(w)) : (w: string) => {
    keep(w);
    if (!FOLDABLE.test(w)) return;
    let forms = otherForms.get(w);
    if (!forms) otherForms.set(w, (forms = formsOf(w)));
    for (const f of forms) keep(f);
  };
  for (const m of normalize(text).matchAll(COMPOUND)) pushCompound(m[0], forQuery, push);
  return out;
}

/**
 * The words a clip is found by, in order, lower-cased; repeated words are kept (callers
 * dedupe). Spaced scripts split on non-letters (fast: 10,000 clips index in seconds); a run
 * with Chinese, Japanese, Thai… goes through Intl.Segmenter. Hyphenated and camel-case
 * words add their other spellings (pushCompound).
 */
export function indexWords(text: string): string[] {
  return collect(text, false);
}

/** The words of a search query: as indexWords, but a hyphenated word is asked for joined ("Wi-Fi": "wifi"). */
export function queryWords(text: string): string[] {
  return collect(text, true);
}

/** What a clip's terms are made of: its title, text and who published it where. */
export interface TermSource {
  title: string;
  text: string;
  byline?: string | null;
  site?: string | null;
}

/**
 * Lower-cased unique words of title, byline, site name and text: the value stored in
 * `StoredClip.terms`. Byline and site since schema v4: a user who remembers who wrote a
 * piece, or where, searches by that. They come before the text, inside the term cap.
 */
export function termsFor(c: TermSource): string[] {
  const set = new Set<string>();
  for (const w of indexWords(`${c.title}\n${c.byline ?? ''}\n${c.site ?? ''}\n${c.text}`)) {
    set.add(w);
    if (set.size >= MAX_TERMS_PER_CLIP) break;
  }
  return [...set];
}
