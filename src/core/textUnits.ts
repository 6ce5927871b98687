/**
 * Text distance units (SPEC §2, paper 000 Definition 2):
 * (1) a Latin (or other alphabetic) word = 1; (2) each CJK character = 1;
 * (3) a whole number = 1 (`Bei Jing 2008` = 3); (4) a whole date = 1 (`March 8th, 2014` = 1);
 * (5) punctuation counts like CJK characters, but a run of identical marks = 1 (`!!!` = 1).
 *
 * At each non-space position the first of these forms that matches is the unit:
 *   `March 8th, 2014`  `8 March 2014`  `March 2014`  `2014-03-08`  `08/03/2014`  `2014年3月8日`
 *   (month names in English, any case, abbreviated or not; `-`, `/` or `.` between numbers),
 *   a number `2008`, `3.14`, `1,000`, `8th`,
 *   a CJK character (rules.CJK_CLASS),
 *   a word: a run of anything else that is not space, digit or punctuation, with `'`/`’` inside,
 *   a run of one repeated punctuation mark (rules.PUNCTUATION_CLASS).
 * Space is JavaScript's `\s` plus U+200B (as stats.countChars).
 *
 * A scanner over char codes, not a regular expression: the same forms as one alternation
 * (dates first) cost ~2.5 ms per page in the benchmark's cold pages, nearly all of it
 * compiling the expression anew in every page (scripts/cold-floor.ts); the loop compiles
 * nothing and stops at the cap. textUnits.test.ts checks it against that expression.
 */
export function countTextUnits(text: string, cap = Infinity): number {
  const n = text.length;
  let units = 0;
  let i = 0;
  while (i < n && units < cap) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? ASCII_KIND[c]! : kindOf(c);
    if (kind === SPACE) { i++; continue; }
    units++;
    if (kind === DIGIT) i = endOfNumberOrDate(text, i);
    else if (kind === LETTER) {
      // A month starts a date only as a whole word of 3 to 9 letters followed by `.` or space.
      const w = endOfWord(text, i);
      i = (w - i >= 3 && w - i <= 9 && endOfMonthDate(text, i, w)) || w;
    }
    else if (kind === CJK) i++;
    else { i++; while (i < n && text.charCodeAt(i) === c) i++; } // a run of one mark
  }
  return units;
}

const SPACE = 0, DIGIT = 1, CJK = 2, PUNCT = 3, LETTER = 4;

/** Kinds of the ASCII code units: \s, 0-9, PUNCTUATION_CLASS's ASCII ranges, the rest are letters. */
const ASCII_KIND = new Uint8Array(128).fill(LETTER);
for (const c of [9, 10, 11, 12, 13, 32]) ASCII_KIND[c] = SPACE;
for (let c = 48; c <= 57; c++) ASCII_KIND[c] = DIGIT;
for (const [from, to] of [[33, 47], [58, 64], [91, 96], [123, 126]] as const) for (let c = from; c <= to; c++) ASCII_KIND[c] = PUNCT;

/** The kind of a non-ASCII code unit (rules.CJK_CLASS, rules.PUNCTUATION_CLASS, `\s`). */
function kindOf(c: number): number {
  if (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff) return SPACE;
  if (c <= 0xbf) return c >= 0xa1 ? PUNCT : LETTER;
  if (c === 0xd7 || c === 0xf7) return PUNCT;
  if (c < 0x2010) return LETTER;
  if (c <= 0x205e) return c <= 0x2027 || c >= 0x2030 ? PUNCT : LETTER;
  if (c < 0x3000) return LETTER;
  if (c <= 0x303f) return PUNCT;
  if (c <= 0x30ff) return c >= 0x3040 ? CJK : LETTER;
  if ((c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff)) return CJK;
  if (c >= 0xff01 && c <= 0xff65 && !((c >= 0xff10 && c <= 0xff19) || (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a))) return PUNCT;
  return LETTER;
}

/**
 * `text.charCodeAt(i)`, and -1 past the end. The date and number scanners read one code unit
 * past what they matched to see whether it goes on; charCodeAt answers NaN there, and an
 * out-of-bounds read makes V8 throw away the optimized code of the function that did it
 * (`--trace-deopt`: endOfWord's was thrown away on every page). -1, like NaN, is no digit,
 * letter, mark or separator.
 */
function codeAt(text: string, i: number): number {
  return i < text.length ? text.charCodeAt(i) : -1;
}

function kindAt(text: string, i: number): number {
  const c = text.charCodeAt(i); // NaN past the end: a letter of no word (callers check bounds)
  return c < 128 ? ASCII_KIND[c]! : kindOf(c);
}

function isDigitAt(text: string, i: number): boolean {
  const c = codeAt(text, i);
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** End of the run of digits starting at `i` (`i` itself when there is none). */
function digitsEnd(text: string, i: number): number {
  while (isDigitAt(text, i)) i++;
  return i;
}

/** End of the run of spaces starting at `i`. */
function spacesEnd(text: string, i: number): number {
  while (i < text.length && kindAt(text, i) === SPACE) i++;
  return i;
}

/** Past an ordinal suffix (`st`, `nd`, `rd`, `th`, any case) at `i`, else `i`. */
function afterOrdinal(text: string, i: number): number {
  const a = codeAt(text, i) | 0x20, b = codeAt(text, i + 1) | 0x20;
  return (a === 0x73 && b === 0x74) || (a === 0x6e && b === 0x64) || (a === 0x72 && b === 0x64) || (a === 0x74 && b === 0x68) ? i + 2 : i;
}

/** `-`, `/` or `.` between the numbers of a date. */
function isDateSeparator(c: number): boolean {
  return c === 0x2d || c === 0x2f || c === 0x2e;
}

/** Whether text[from, to) is an English month name or its abbreviation (any case). */
function isMonth(text: string, from: number, to: number): boolean {
  return to - from >= 3 && to - from <= 9 && isAsciiLetter(text.charCodeAt(from)) && MONTHS.has(text.slice(from, to).toLowerCase());
}
const MONTHS = new Set(['jan', 'january', 'feb', 'february', 'mar', 'march', 'apr', 'april', 'may', 'jun', 'june',
  'jul', 'july', 'aug', 'august', 'sep', 'sept', 'september', 'oct', 'october', 'nov', 'november', 'dec', 'december']);

/** End of the ASCII letters from `i`. */
function asciiLettersEnd(text: string, i: number): number {
  while (isAsciiLetter(codeAt(text, i))) i++;
  return i;
}

/** End of exactly four digits at `i`, else 0 (more digits may follow: `March 20145` is a date and a number). */
function fourDigitsEnd(text: string, i: number): number {
  return isDigitAt(text, i) && isDigitAt(text, i + 1) && isDigitAt(text, i + 2) && isDigitAt(text, i + 3) ? i + 4 : 0;
}

/** `March 8th, 2014` or `March 2014` (`Mar.` too) from the word text[i, m); 0 if neither. */
function endOfMonthDate(text: string, i: number, m: number): number {
  let j = m;
  if (codeAt(text, j) === 0x2e) j++;
  const s = j;
  j = spacesEnd(text, j);
  if (j === s || !isDigitAt(text, j) || !isMonth(text, i, m)) return 0;
  // `8th, 2014`: one or two digits, an ordinal, a comma, space, four digits.
  const day = digitsEnd(text, j);
  if (day - j <= 2) {
    let k = afterOrdinal(text, day);
    if (codeAt(text, k) === 0x2c) k++;
    const t = spacesEnd(text, k);
    const end = t > k ? fourDigitsEnd(text, t) : 0;
    if (end) return end;
  }
  return fourDigitsEnd(text, j);
}

/** The date or number starting at the digit `i`: its end. */
function endOfNumberOrDate(text: string, i: number): number {
  const d = digitsEnd(text, i);
  const run = d - i;
  const c = codeAt(text, d);
  if (run <= 2) {
    // `8 March 2014`, `8th Mar., 2014`
    const k = afterOrdinal(text, d);
    const s = spacesEnd(text, k);
    if (s > k) {
      const m = asciiLettersEnd(text, s);
      if (isMonth(text, s, m)) {
        let j = m;
        if (codeAt(text, j) === 0x2e) j++;
        if (codeAt(text, j) === 0x2c) j++;
        const t = spacesEnd(text, j);
        const end = t > j ? fourDigitsEnd(text, t) : 0;
        if (end) return end;
      }
    }
  }
  if ((run === 4 || run <= 2) && isDateSeparator(c)) {
    // `2014-03-08` (then at most two digits) or `08/03/2014` (then two to four).
    const second = digitsEnd(text, d + 1);
    if (second - d - 1 >= 1 && second - d - 1 <= 2 && isDateSeparator(codeAt(text, second))) {
      const third = digitsEnd(text, second + 1) - second - 1;
      if (run === 4 && third >= 1) return second + 1 + Math.min(third, 2);
      if (run <= 2 && third >= 2) return second + 1 + Math.min(third, 4);
    }
  }
  if (run === 4 && c === 0x5e74) {
    // `2014年3月` and `2014年3月8日`
    const month = digitsEnd(text, d + 1);
    if (month - d - 1 >= 1 && month - d - 1 <= 2 && codeAt(text, month) === 0x6708) {
      const day = digitsEnd(text, month + 1);
      return day - month - 1 >= 1 && day - month - 1 <= 2 && codeAt(text, day) === 0x65e5 ? day + 1 : month + 1;
    }
  }
  // A number: `2008`, `3.14`, `1,000,000`, `12:30`, `8th`.
  let end = d;
  for (;;) {
    const sep = codeAt(text, end);
    if ((sep === 0x2e || sep === 0x2c || sep === 0x3a) && isDigitAt(text, end + 1)) end = digitsEnd(text, end + 1);
    else break;
  }
  return afterOrdinal(text, end);
}

/** End of the word starting at the letter `i`: letters, with `'` or `’` between them. */
function endOfWord(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  for (;;) {
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if ((c < 128 ? ASCII_KIND[c]! : kindOf(c)) !== LETTER) break;
    }
    const q = codeAt(text, j);
    if ((q === 0x27 || q === 0x2019) && j + 1 < n && kindAt(text, j + 1) === LETTER) j += 2;
    else return j;
  }
}

/**
 * Runs of [ \t\n\r\f] become one space: markup whitespace as a reader sees it. The pattern
 * matches only what changes (a run of two or more, or a lone tab/newline/CR/FF), so a text
 * without such runs comes back as the same string instead of a rebuilt copy (one per text
 * node and per line in the serializer: garbage that big pages pay for in GC).
 */
export function collapseSpaces(s: string): string {
  CODE_SPACE_RUNS.lastIndex = 0;
  return CODE_SPACE_RUNS.test(s) ? s.replace(CODE_SPACE_RUNS, ' ') : s;
}

/**
 * Code-distance length of a text run: the length of collapseSpaces(text), every maximal run
 * of [ \t\n\r\f] counting as one character. Native, like stats.countChars (an interpreted
 * character loop is the costly way on a cold page).
 */
export function codeLengthOfText(text: string): number {
  return text.replace(CODE_SPACE_RUNS, ' ').length;
}
/** A run of two or more code spaces, or a single one that is not a plain space. */
const CODE_SPACE_RUNS = /[ \t\n\r\f]{2,}|[\t\n\r\f]/g;
