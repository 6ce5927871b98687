import { describe, expect, it } from 'vitest';
import {
  documentFrequency, hamming, keywords, pathSimilarity, pcs, punctuationCount, seedIndices, simhash,
  tfidfWeights, tokenHash64, vvtc,
} from './vsseAlgorithms';
import { countMatches } from '../unicodeText';

describe('punctuation score vvtc (SPEC §3.1)', () => {
  it('counts ASCII and CJK punctuation', () => {
    expect(punctuationCount('Hello, world! (Yes.)')).toBe(5);
    expect(punctuationCount('你好，世界。「引用」！')).toBe(5);
    expect(punctuationCount('no marks here')).toBe(0);
  });
  it('counts matches as match() does, across astral characters and lone surrogates', () => {
    const samples = ['', ' ', 'a', 'Hello, world! (Yes.)', '«东京»—über_9 é\u0301', '\u{1039F}x\u{1D7CE}y', '\ud800.\udc00,\ud834\udd1e', '...', 'a_b c-d'];
    for (const re of [/[\p{L}\p{N}_]+/gu, /\p{P}/gu]) {
      for (const text of samples) expect(countMatches(re, text)).toBe((text.match(re) ?? []).length);
    }
  });
  it('is (length/N)·(punct/N) and zero without leaves', () => {
    expect(vvtc(100, 5, 10)).toBeCloseTo(10 * 0.5);
    expect(vvtc(100, 5, 0)).toBe(0);
  });
  it('selects seeds at vvtc/max ≥ T1', () => {
    expect(seedIndices([1, 10, 8, 7.9, 0], 0.8)).toEqual([1, 2]);
    expect(seedIndices([0, 0], 0.8)).toEqual([]);
  });
});

describe('pcs: longest common subsequence of tag paths (002 formula 2)', () => {
  it('finds the LCS, not just the common prefix', () => {
    const x = ['HTML', 'BODY', 'DIV', 'ARTICLE', 'DIV', 'P'];
    const y = ['HTML', 'BODY', 'MAIN', 'ARTICLE', 'P'];
    expect(pcs(x, y)).toEqual(['HTML', 'BODY', 'ARTICLE', 'P']);
    expect(pathSimilarity(x, y)).toBeCloseTo(4 / 5);
  });
  it('handles empty and disjoint paths', () => {
    expect(pcs([], ['A'])).toEqual([]);
    expect(pcs(['A', 'B'], ['C', 'D'])).toEqual([]);
    expect(pathSimilarity([], ['A'])).toBe(0);
  });
  it('matches the textbook table walk on random tag paths (sequence and similarity)', () => {
    // The recurrence as first written (a comparator and an index helper per cell).
    const reference = (x: string[], y: string[]): string[] => {
      const at = (i: number, j: number) => i * (y.length + 1) + j;
      const t = new Uint16Array((x.length + 1) * (y.length + 1));
      for (let i = 1; i <= x.length; i++) {
        for (let j = 1; j <= y.length; j++) t[at(i, j)] = x[i - 1] === y[j - 1] ? t[at(i - 1, j - 1)]! + 1 : Math.max(t[at(i - 1, j)]!, t[at(i, j - 1)]!);
      }
      const out: string[] = [];
      for (let i = x.length, j = y.length; i > 0 && j > 0;) {
        if (x[i - 1] === y[j - 1]) { out.push(x[i - 1]!); i--; j--; } else if (t[at(i - 1, j)]! >= t[at(i, j - 1)]!) i--; else j--;
      }
      return out.reverse();
    };
    let seed = 11;
    const rnd = (k: number): number => { seed = (seed * 16807) % 2147483647; return seed % k; };
    const tags = ['HTML', 'BODY', 'DIV', 'P', 'SECTION', 'LI', 'UL'];
    const path = (): string[] => {
      const p = ['HTML', 'BODY'].slice(0, rnd(3));
      for (let k = rnd(12); k > 0; k--) p.push(tags[rnd(tags.length)]!);
      return p;
    };
    for (let k = 0; k < 3000; k++) {
      const x = path();
      const y = rnd(3) === 0 ? [...x.slice(0, rnd(x.length + 1)), ...path()] : path();
      const ref = reference(x, y);
      expect(pcs(x, y)).toEqual(ref);
      const shorter = Math.min(x.length, y.length);
      expect(pathSimilarity(x, y)).toBe(shorter === 0 ? 0 : ref.length / shorter);
    }
  });
  it('on element identity yields the common ancestor chain', () => {
    const root = {}; const a = {}; const b = {}; const c = {};
    expect(pcs([root, a, b], [root, a, c])).toEqual([root, a]);
  });
});

describe('SimHash (002 §4.4)', () => {
  const seg = new Intl.Segmenter('en', { granularity: 'word' });
  it('hashes tokens to stable 64-bit fingerprints', () => {
    expect(tokenHash64('sift')).toEqual(tokenHash64('sift'));
    expect(tokenHash64('sift')).not.toEqual(tokenHash64('sifts'));
  });
  it('gives identical weights identical fingerprints and unrelated texts ~32 bits apart', () => {
    const a = simhash(new Map([['storm', 2], ['coast', 1], ['rain', 1]]));
    const b = simhash(new Map([['storm', 2], ['coast', 1], ['rain', 1]]));
    expect(hamming(a, b)).toBe(0);
    const c = simhash(new Map([['recipe', 2], ['butter', 1], ['flour', 1]]));
    expect(hamming(a, c)).toBeGreaterThan(10);
  });
  it('moves little when a light keyword is added', () => {
    // weights 8,4,2,1: every bit's vote sum is odd, so |sum| ≥ 1 and a 0.2 keyword flips no bit
    const base = new Map([['storm', 8], ['coast', 4], ['rain', 2], ['wind', 1]]);
    const plus = new Map(base).set('monday', 0.2);
    expect(hamming(simhash(base), simhash(plus))).toBe(0);
    expect(hamming(simhash(base), simhash(new Map(base).set('monday', 30)))).toBeGreaterThan(3);
  });
  it('segments words with Intl.Segmenter in any script', () => {
    expect(keywords('Storms hit the coast, again.', seg)).toEqual(['storms', 'hit', 'the', 'coast', 'again']);
    const zh = keywords('暴风雨袭击了海岸。', new Intl.Segmenter('zh', { granularity: 'word' }));
    expect(zh.length).toBeGreaterThan(1);
    expect(zh.join('')).toBe('暴风雨袭击了海岸');
  });
  it('weights keywords by TF·(log(N/N_k)+L)', () => {
    const paragraphs = [['storm', 'coast'], ['storm', 'rain'], ['storm']];
    const df = documentFrequency(paragraphs);
    expect(df.get('storm')).toBe(3);
    const w = tfidfWeights(['storm', 'storm', 'rain'], df, 3, 1);
    expect(w.get('storm')).toBeCloseTo(2 * (Math.log(1) + 1));
    expect(w.get('rain')).toBeCloseTo(Math.log(3) + 1);
    // a title word found in no paragraph counts as N_k = 1
    expect(tfidfWeights(['unseen'], df, 3, 1).get('unseen')).toBeCloseTo(Math.log(3) + 1);
  });
});
