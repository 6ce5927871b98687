import { CJK_CLASS, MONTH_NAMES, PUNCTUATION_CLASS } from './rules';

/**
 * Text distance units (SPEC §2, paper 000 Definition 2):
 * (1) a Latin (or other alphabetic) word = 1; (2) each CJK character = 1;
 * (3) a whole number = 1 (`Bei Jing 2008` = 3); (4) a whole date = 1 (`March 8th, 2014` = 1);
 * (5) punctuation counts like CJK characters, but a run of identical marks = 1 (`!!!` = 1).
 * Alternatives are tried in this order, so dates win over their numbers.
 */
const M = `(?:${MONTH_NAMES})`;
const ORD = '(?:st|nd|rd|th)?';
const WORD_LIKE = [
  `[${CJK_CLASS}]`, // one CJK character
  `[^\\s\\d${PUNCTUATION_CLASS}${CJK_CLASS}]+(?:['’][^\\s\\d${PUNCTUATION_CLASS}${CJK_CLASS}]+)*`, // a word
  `([${PUNCTUATION_CLASS}])\\1*`, // a run of identical punctuation marks
];
const UNIT = new RegExp(
  [
    `${M}\\.?\\s+\\d{1,2}${ORD},?\\s+\\d{4}`, // March 8th, 2014
    `\\d{1,2}${ORD}\\s+${M}\\.?,?\\s+\\d{4}`, // 8 March 2014
    `${M}\\.?\\s+\\d{4}`, // March 2014
    '\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}', // 2014-03-08
    '\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}', // 08/03/2014
    '\\d{4}年\\d{1,2}月(?:\\d{1,2}日)?', // 2014年3月8日
    `\\d+(?:[.,:]\\d+)*${ORD}`, // 2008, 3.14, 1,000
    ...WORD_LIKE,
  ].join('|'),
  // No u flag: Unicode property classes are costly to compile, and every page is a fresh
  // JavaScript context. Letters are "not space, digit, punctuation or CJK".
  'gi',
);
/** Text without digits has no numbers or dates: a cheaper expression does. */
const UNIT_NO_DIGITS = new RegExp(WORD_LIKE.join('|'), 'gi');

/** Text units in `text`, counting stops at `cap` (callers only compare against d_t). */
export function countTextUnits(text: string, cap = Infinity): number {
  const re = HAS_DIGIT.test(text) ? UNIT : UNIT_NO_DIGITS;
  re.lastIndex = 0;
  let n = 0;
  // test(), not exec(): same matching and lastIndex steps, without a result array per unit
  // (exec allocated one array per word, the largest source of garbage on big pages).
  while (n < cap && re.test(text)) n++;
  return n;
}
const HAS_DIGIT = /\d/;

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
