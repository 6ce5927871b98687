/**
 * VSSE building blocks (SPEC §3, paper 002 §4.2–4.4) as pure functions: the punctuation
 * score `vvtc`, the longest common subsequence of tag paths `pcs`, and the 64-bit SimHash
 * of TF-IDF weighted keywords with Hamming distance. No DOM here, so they are unit-tested
 * on plain values.
 */
import { countPunctuation } from '../unicodeText';

/** Every Unicode punctuation mark (`\p{P}`): ASCII `.,;:!?` and CJK `，。！？；：、「」…` alike (SPEC §3.1). */
export function punctuationCount(text: string): number {
  return countPunctuation(text);
}

/**
 * Visual value of text characteristic (002 formula 1, SPEC §3.1):
 * `vvtc_a = (text_length_a / N) * (punct_count_a / N)`, N = number of leaf nodes.
 */
export function vvtc(textLength: number, punctCount: number, leafCount: number): number {
  if (leafCount <= 0) return 0;
  return (textLength / leafCount) * (punctCount / leafCount);
}

/** Indices of seed leaves: `vvtc_a / max(vvtc) ≥ T1` (paper: T1 = 0.8). Empty when no leaf has punctuation. */
export function seedIndices(scores: readonly number[], t1: number): number[] {
  // Index loops, no iterator or callback per leaf (Auto's first call runs this cold).
  const n = scores.length;
  let max = 0;
  for (let i = 0; i < n; i++) if ((scores[i] as number) > max) max = scores[i] as number;
  if (max <= 0) return [];
  const out: number[] = [];
  for (let i = 0; i < n; i++) if ((scores[i] as number) / max >= t1) out.push(i);
  return out;
}

/**
 * Longest common subsequence of two tag paths, the paper's `pcs(X, i, Y, j)` recurrence
 * (002 formula 2): pcs = 0 at an empty prefix, pcs(i-1, j-1) + 1 when X_i = Y_j, else the
 * larger of pcs(i-1, j) and pcs(i, j-1). Returns the subsequence itself (from X), so
 * aggregation can fold it over many paths. Items compare with `===` (tag names, elements).
 *
 * The table is indexed inline, without a helper or comparator call per cell: VSSE runs it
 * per seed in the classifier's and Auto's features, cold, where those calls dominated.
 */
export function pcs<T>(x: readonly T[], y: readonly T[]): T[] {
  const n = x.length;
  const w = y.length + 1;
  // (n+1)×(m+1) table; tag paths are short (≤ ~60), so the quadratic table is cheap.
  const table = new Uint16Array((n + 1) * w);
  for (let i = 1, row = w; i <= n; i++, row += w) {
    const xi = x[i - 1];
    for (let j = 1; j < w; j++) {
      if (xi === y[j - 1]) table[row + j] = (table[row - w + j - 1] as number) + 1;
      else {
        const up = table[row - w + j] as number;
        const left = table[row + j - 1] as number;
        table[row + j] = up >= left ? up : left;
      }
    }
  }
  const out: T[] = [];
  let i = n;
  let j = w - 1;
  while (i > 0 && j > 0) {
    if (x[i - 1] === y[j - 1]) { out.push(x[i - 1] as T); i--; j--; }
    else if ((table[(i - 1) * w + j] as number) >= (table[i * w + j - 1] as number)) i--;
    else j--;
  }
  return out.reverse();
}

/**
 * LCS similarity of two tag-name paths: |pcs| / length of the shorter path. Only the length
 * is needed: a common prefix (paths from one root share a long one) is part of some longest
 * common subsequence, so it is counted directly and only the rest goes through the table,
 * one row at a time.
 */
export function pathSimilarity(x: readonly string[], y: readonly string[]): number {
  const shorter = Math.min(x.length, y.length);
  if (shorter === 0) return 0;
  let prefix = 0;
  while (prefix < shorter && x[prefix] === y[prefix]) prefix++;
  if (prefix === shorter) return 1;
  const w = y.length - prefix + 1;
  let prev = new Uint16Array(w);
  let cur = new Uint16Array(w);
  for (let i = prefix; i < x.length; i++) {
    const xi = x[i];
    for (let j = 1; j < w; j++) {
      if (xi === y[prefix + j - 1]) cur[j] = (prev[j - 1] as number) + 1;
      else {
        const up = prev[j] as number;
        const left = cur[j - 1] as number;
        cur[j] = up >= left ? up : left;
      }
    }
    const t = prev; prev = cur; cur = t;
  }
  return (prefix + (prev[w - 1] as number)) / shorter;
}

// ---------------------------------------------------------------------------------------
// SimHash (002 §4.4, Charikar's SimHash as the paper cites it [31])

/** A 64-bit fingerprint as two unsigned 32-bit halves (no BigInt on the hot path). */
export interface Fingerprint { hi: number; lo: number }

/** FNV-1a 32-bit with a seed; two seeds give the two halves of a 64-bit token hash. */
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32) so that near-identical tokens differ in many bits.
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

export function tokenHash64(token: string): Fingerprint {
  return { hi: fnv1a(token, 0x9e3779b9), lo: fnv1a(token, 0x7f4a7c15) };
}

/**
 * SimHash of weighted keywords (002 §4.4 steps b–d): each keyword's 64 hash bits vote
 * `+weight` for 1 and `-weight` for 0; the fingerprint has bit 1 where the sum is > 0.
 */
export function simhash(weights: ReadonlyMap<string, number>): Fingerprint {
  const v = new Float64Array(64);
  for (const [token, w] of weights) {
    const { hi, lo } = tokenHash64(token);
    for (let b = 0; b < 32; b++) {
      v[b] = (v[b] ?? 0) + ((hi >>> b) & 1 ? w : -w);
      v[32 + b] = (v[32 + b] ?? 0) + ((lo >>> b) & 1 ? w : -w);
    }
  }
  let hi = 0;
  let lo = 0;
  for (let b = 0; b < 32; b++) {
    if ((v[b] ?? 0) > 0) hi |= 1 << b;
    if ((v[32 + b] ?? 0) > 0) lo |= 1 << b;
  }
  return { hi: hi >>> 0, lo: lo >>> 0 };
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function hamming(a: Fingerprint, b: Fingerprint): number {
  return popcount32((a.hi ^ b.hi) >>> 0) + popcount32((a.lo ^ b.lo) >>> 0);
}

/**
 * Keywords with `Intl.Segmenter` word granularity (SPEC §3.3: for every language, in
 * place of the paper's NLPIR), lowercased; only word-like segments count.
 */
export function keywords(text: string, segmenter: Intl.Segmenter): string[] {
  const out: string[] = [];
  for (const seg of segmenter.segment(text)) {
    if (seg.isWordLike) out.push(seg.segment.toLowerCase());
  }
  return out;
}

/**
 * TF-IDF keyword weights of one paragraph (002 formula 4):
 * `weight(k) = TF_k * (log(N / N_k) + L)`, N = paragraphs in the text area, N_k = those
 * containing k (at least 1, so words found only in the title still weigh in).
 */
export function tfidfWeights(
  tokens: readonly string[],
  docFreq: ReadonlyMap<string, number>,
  paragraphs: number,
  l: number,
): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
  const out = new Map<string, number>();
  const n = Math.max(1, paragraphs);
  for (const [t, f] of tf) {
    const nk = Math.max(1, docFreq.get(t) ?? 0);
    out.set(t, f * (Math.log(n / nk) + l));
  }
  return out;
}

/** Document frequency of each keyword over a set of tokenised paragraphs. */
export function documentFrequency(paragraphs: readonly (readonly string[])[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const p of paragraphs) for (const t of new Set(p)) df.set(t, (df.get(t) ?? 0) + 1);
  return df;
}
