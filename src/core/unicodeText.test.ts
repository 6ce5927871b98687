import { describe, expect, it } from 'vitest';
import { countPunctuation, countWordRuns, hasLetter, letterDigitRuns, wordRuns } from './unicodeText';

describe('letters, digits and punctuation by Unicode category', () => {
  // Every character of the narrow range, and samples beyond it: Latin-1 letters and digits,
  // Greek, CJK and its punctuation, full-width forms, an emoji (a surrogate pair), a combining mark.
  const narrow = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c))
    .concat(Array.from({ length: 0x20 }, (_, k) => String.fromCharCode(0xa0 + k)))
    .concat(Array.from({ length: 0x70 }, (_, k) => String.fromCharCode(0x2000 + k)));
  const beyond = ['é', 'ß', 'ª', 'µ', '²', '¼', 'Ω', 'μ', '北', '。', '「', '！', '１', '😀', '\u0301', '\u2070', '\u2190', '٣', '،'];
  const ref = {
    punctuation: (s: string) => (s.match(/\p{P}/gu) ?? []).length,
    wordRuns: (s: string) => s.match(/[\p{L}\p{N}_]+/gu) ?? [],
    letterDigitRuns: (s: string) => s.match(/[\p{L}\p{N}]+/gu) ?? [],
    hasLetter: (s: string) => /\p{L}/u.test(s),
  };
  const check = (s: string): void => {
    const label = JSON.stringify(s);
    expect(countPunctuation(s), label).toBe(ref.punctuation(s));
    expect(countWordRuns(s), label).toBe(ref.wordRuns(s).length);
    expect(wordRuns(s), label).toEqual(ref.wordRuns(s));
    expect(letterDigitRuns(s), label).toEqual(ref.letterDigitRuns(s));
    expect(hasLetter(s), label).toBe(ref.hasLetter(s));
  };
  it('answers as the property expressions on each character', () => {
    for (const c of narrow.concat(beyond)) check(c);
  });
  it('answers as the property expressions on mixed texts', () => {
    let seed = 11;
    const random = (k: number): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % k; };
    for (let t = 0; t < 5_000; t++) {
      let s = '';
      const pool = t % 3 === 0 ? narrow.concat(beyond) : narrow;
      for (let k = random(16); k >= 0; k--) s += pool[random(pool.length)];
      check(s);
    }
    check('“It’s 3 o’clock” — said the café owner… (¡sí!)');
  });
});
