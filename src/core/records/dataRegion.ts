/**
 * SPEC §4 step 1 — data region mining (003, algorithm DRMining).
 *
 * The leaf sequence S holds each text leaf's DOM depth in document order. For every
 * threshold h in [min S, max S], S splits into alternating runs of values ≥ h and < h;
 * each run is a cluster. The split is scored with Ocq = ξ·Cmp + (1−ξ)·Sep, the overall
 * cluster quality of He et al. 2002 (the paper's reference [6]; lower is better):
 *   Cmp = mean over clusters of var(cluster) / var(S)   (compactness)
 *   Sep = mean over cluster pairs of exp(−(c_i − c_j)² / 2σ²), σ² = var(S)   (separation)
 * The best split's largest cluster is the data region. The paper's own numbers for Sep are
 * garbled beyond recovery; this is the published definition it cites.
 * Sep is O(C²) in the number of runs; centres are binned to 1/8 depth so it stays O(B²).
 */
import type { DomIndex } from './domIndex';
import { MIN_REGION_LEAVES, OCQ_XI } from './rules';

export interface DataRegion {
  /** Positions into ix.leaves: the region is leaves[start..end). */
  start: number;
  end: number;
  threshold: number;
  ocq: number;
}

function variance(values: ArrayLike<number>, from: number, to: number): number {
  const n = to - from;
  if (n <= 1) return 0;
  let sum = 0;
  let sq = 0;
  for (let i = from; i < to; i++) { const v = values[i]!; sum += v; sq += v * v; }
  const mean = sum / n;
  return Math.max(0, sq / n - mean * mean);
}

/** Score one split of S at threshold h; returns the Ocq and the largest run. */
export function scoreSplit(S: ArrayLike<number>, h: number, totalVar: number): { ocq: number; start: number; end: number; runs: number } {
  const runs: [number, number][] = [];
  let runStart = 0;
  for (let i = 1; i <= S.length; i++) {
    if (i === S.length || (S[i]! >= h) !== (S[runStart]! >= h)) {
      runs.push([runStart, i]);
      runStart = i;
    }
  }
  let bestStart = 0;
  let bestEnd = 0;
  let cmp = 0;
  const bins = new Map<number, number>();
  for (const [a, b] of runs) {
    cmp += totalVar > 0 ? variance(S, a, b) / totalVar : 0;
    let sum = 0;
    for (let i = a; i < b; i++) sum += S[i]!;
    const centre = Math.round((sum / (b - a)) * 8) / 8;
    bins.set(centre, (bins.get(centre) ?? 0) + 1);
    if (b - a > bestEnd - bestStart) { bestStart = a; bestEnd = b; }
  }
  const C = runs.length;
  cmp /= C;
  let sep = 0;
  if (C > 1) {
    const twoSigma2 = 2 * Math.max(totalVar, 1e-9);
    const entries = [...bins.entries()];
    for (const [ci, ni] of entries) {
      for (const [cj, nj] of entries) {
        const pairs = ci === cj ? ni * (ni - 1) : ni * nj;
        sep += pairs * Math.exp(-((ci - cj) ** 2) / twoSigma2);
      }
    }
    sep /= C * (C - 1);
  } else {
    sep = 1; // One cluster separates nothing: the worst score.
  }
  return { ocq: OCQ_XI * cmp + (1 - OCQ_XI) * sep, start: bestStart, end: bestEnd, runs: C };
}

export function mineDataRegion(ix: DomIndex): DataRegion | null {
  const S = new Int32Array(ix.leaves.length);
  for (let i = 0; i < S.length; i++) S[i] = ix.depth[ix.leaves[i]!]!;
  return mineRegionInSequence(S);
}

/** DRMining over a plain sequence (the paper's worked example is a test of this). */
export function mineRegionInSequence(S: ArrayLike<number>): DataRegion | null {
  if (S.length < MIN_REGION_LEAVES) return null;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < S.length; i++) {
    const d = S[i]!;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  const totalVar = variance(S, 0, S.length);
  let best: DataRegion | null = null;
  for (let h = min + 1; h <= max; h++) {
    const s = scoreSplit(S, h, totalVar);
    if (s.end - s.start < MIN_REGION_LEAVES) continue;
    if (best === null || s.ocq < best.ocq) best = { start: s.start, end: s.end, threshold: h, ocq: s.ocq };
  }
  return best;
}
