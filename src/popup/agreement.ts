import type { WordBag } from '../shared/messages';

/**
 * How much two engines agree on a page: the bag-of-words F1 of one clip against the other
 * (the measure the benchmark scores clips with, so "92 %" here means what it means there).
 * Symmetric; 1 = the same words the same number of times, 0 = nothing in common.
 */
export function bagAgreement(a: WordBag, b: WordBag): number {
  const total = (bag: WordBag) => bag.counts.reduce((sum, c) => sum + c, 0);
  const totalA = total(a);
  const totalB = total(b);
  if (totalA === 0 && totalB === 0) return 1;
  if (totalA === 0 || totalB === 0) return 0;
  const countsB = new Map<string, number>();
  b.words.forEach((w, i) => countsB.set(w, b.counts[i] ?? 0));
  let common = 0;
  a.words.forEach((w, i) => {
    common += Math.min(a.counts[i] ?? 0, countsB.get(w) ?? 0);
  });
  // F1 = 2PR/(P+R) with P = common/totalA, R = common/totalB, i.e. 2·common/(totalA+totalB).
  return (2 * common) / (totalA + totalB);
}
