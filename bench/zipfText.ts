/**
 * Deterministic word source for the library benchmarks (scale-library.ts, library-bulk.ts):
 * the same seed gives the same library on every run. Words come from an 8,000-word
 * vocabulary built from syllables; word k is drawn with probability ∝ 1/(k+1) (Zipf), as in
 * natural text, so the search index sees realistic term frequencies.
 */
export function zipfText(seed: number): { rand: () => number; word: () => string } {
  let state = seed;
  const rand = (): number => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const word = (): string => {
    const r = rand() * CUMULATIVE[CUMULATIVE.length - 1]!;
    let lo = 0;
    let hi = CUMULATIVE.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (CUMULATIVE[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return VOCAB[lo]!;
  };
  return { rand, word };
}

const SYL = ['ka', 'lo', 'mi', 'ren', 'tas', 'vel', 'or', 'in', 'qu', 'es', 'an', 'ti', 'sor', 'bel', 'dra', 'fen', 'gul', 'hem', 'jor', 'nis'];
const VOCAB = Array.from({ length: 8000 }, (_, k) => {
  let w = '';
  let n = k + 1;
  do { w += SYL[n % SYL.length]; n = Math.floor(n / SYL.length); } while (n > 0);
  return w;
});
const CUMULATIVE: number[] = [];
VOCAB.reduce((s, _, k) => { const t = s + 1 / (k + 1); CUMULATIVE.push(t); return t; }, 0);
