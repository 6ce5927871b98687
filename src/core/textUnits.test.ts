import { describe, expect, it } from 'vitest';
import { countChars } from './stats';
import { codeLengthOfText, countTextUnits } from './textUnits';

describe('text distance units (SPEC §2, paper 000 Definition 2)', () => {
  it('counts the paper\'s examples', () => {
    expect(countTextUnits('Bei Jing 2008')).toBe(3);
    expect(countTextUnits('March 8th, 2014')).toBe(1);
    expect(countTextUnits('!!!')).toBe(1);
  });
  it('counts each CJK character and each distinct punctuation mark', () => {
    expect(countTextUnits('北京欢迎你')).toBe(5);
    expect(countTextUnits('你好。')).toBe(3);
    expect(countTextUnits('a, b; c')).toBe(5);
    expect(countTextUnits('wait...?!')).toBe(4);
  });
  it('treats whole numbers and other date forms as one unit', () => {
    expect(countTextUnits('pi is 3.14159')).toBe(3);
    expect(countTextUnits('1,000,000 people')).toBe(2);
    expect(countTextUnits('on 2014-03-08 and 8 March 2014')).toBe(4);
    expect(countTextUnits('2014年3月8日')).toBe(1);
  });
  it('stops counting at the cap', () => {
    expect(countTextUnits('one two three four five', 2)).toBe(2);
  });
  it('code length collapses whitespace runs', () => {
    expect(codeLengthOfText('a  b\n\n c')).toBe(5);
    expect(codeLengthOfText('abc')).toBe(3);
  });
  // The counters are allocation-free loops (big-page GC); they must equal the regex
  // definitions they replaced on every kind of whitespace, including the non-ASCII ones.
  const tricky = ['', ' ', 'a', ' a ', 'a  b\n\n c', '\t\tx\r\n', 'x\u00a0y\u2003z', '\u200b\ufeffw\u3000', 'a\u0085b\u2028\u2029', '\f \v\u1680\u202f\u205f', '北京 欢迎\n你', 'emoji 😀 ok  ', ' \n \t '];
  it('code length equals the collapse-and-measure definition', () => {
    for (const s of tricky) expect(codeLengthOfText(s), JSON.stringify(s)).toBe(s.replace(/[ \t\n\r\f]{2,}|[\t\n\r\f]/g, ' ').length);
  });
  it('character count equals the strip-whitespace definition', () => {
    for (const s of tricky) expect(countChars(s), JSON.stringify(s)).toBe(s.replace(/[\s\u200b\ufeff]+/g, '').length);
  });
});
