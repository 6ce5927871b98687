import { MONTH_NAMES } from './rules';

/**
 * Text distance units (SPEC §2, paper 000 Definition 2):
 * (1) a Latin (or other alphabetic) word = 1; (2) each CJK character = 1;
 * (3) a whole number = 1 (`Bei Jing 2008` = 3); (4) a whole date = 1 (`March 8th, 2014` = 1);
 * (5) punctuation counts like CJK characters, but a run of identical marks = 1 (`!!!` = 1).
 * Alternatives are tried in this order, so dates win over their numbers.
 */
const CJK_RANGES = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
const M = `(?:${MONTH_NAMES})`;
const ORD = '(?:st|nd|rd|th)?';
const UNIT = new RegExp(
  [
    `${M}\\.?\\s+\\d{1,2}${ORD},?\\s+\\d{4}`, // March 8th, 2014
    `\\d{1,2}${ORD}\\s+${M}\\.?,?\\s+\\d{4}`, // 8 March 2014
    `${M}\\.?\\s+\\d{4}`, // March 2014
    '\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}', // 2014-03-08
    '\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{2,4}', // 08/03/2014
    '\\d{4}年\\d{1,2}月(?:\\d{1,2}日)?', // 2014年3月8日
    `\\d+(?:[.,:]\\d+)*${ORD}`, // 2008, 3.14, 1,000
    `[${CJK_RANGES}]`, // one CJK character
    `(?:[^\\P{L}${CJK_RANGES}]|\\p{M})+(?:['’](?:[^\\P{L}${CJK_RANGES}]|\\p{M})+)*`, // a word
    '([^\\p{L}\\p{N}\\p{M}\\s])\\1*', // a run of identical punctuation marks
  ].join('|'),
  'giu',
);

export function countTextUnits(text: string): number {
  UNIT.lastIndex = 0;
  let n = 0;
  while (UNIT.exec(text) !== null) n++;
  return n;
}

/** Code-distance length of a text run: whitespace collapsed, as a reader's markup would be. */
export function codeLengthOfText(text: string): number {
  let n = 0;
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ws = c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
    if (ws) { if (!space) n++; space = true; } else { n++; space = false; }
  }
  return n;
}
