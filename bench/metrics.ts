/**
 * The benchmark's scores, exactly as defined in /work/shared/bench-data/README.md
 * ("Metrics") and pinned by metric-vectors.json (bench/metrics.test.ts checks every number).
 *
 * Three measures, each reported overall and per page type:
 * - shingle F1 (headline): multisets of 4-token shingles, P and R averaged over pages,
 *   F1 taken from those two means;
 * - bag-of-words F1 (the WCXB measure): lowercased token multisets, mean of per-page scores;
 * - snippets: substring tests of the `with` / `without` snippets, counts summed over pages.
 */

/**
 * Python's `\w+` with Unicode: letters, digits and underscore. JS `\w` is ASCII-only, and
 * combining marks are not word characters (so a decomposed "é" splits a token, as in Python).
 */
const WORD = /[\p{L}\p{N}_]+/gu;

/** Shingle length used by the public article-extraction benchmark. */
export const SHINGLE_SIZE = 4;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Multiset of shingles; a text of 1–3 tokens is one short shingle, an empty text none. */
export function shingles(tokens: readonly string[], size = SHINGLE_SIZE): Map<string, number> {
  const bag = new Map<string, number>();
  if (tokens.length === 0) return bag;
  // "\u0001" cannot occur inside a token, so joined keys never collide.
  if (tokens.length < size) {
    bag.set(tokens.join('\u0001'), 1);
    return bag;
  }
  for (let i = 0; i + size <= tokens.length; i++) {
    const key = tokens.slice(i, i + size).join('\u0001');
    bag.set(key, (bag.get(key) ?? 0) + 1);
  }
  return bag;
}

function countBag(tokens: readonly string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const t of tokens) bag.set(t, (bag.get(t) ?? 0) + 1);
  return bag;
}

export interface ShingleScore {
  /** tp, fp, fn normalised to sum to 1 (all 0 when both texts are empty). */
  tp: number;
  fp: number;
  fn: number;
  /** null when the page has no predicted shingles (tp + fp = 0): it is left out of the P mean. */
  precision: number | null;
  /** null when the page has no true shingles (tp + fn = 0): it is left out of the R mean. */
  recall: number | null;
}

export function shingleScore(truth: string, prediction: string): ShingleScore {
  const t = shingles(tokenize(truth));
  const p = shingles(tokenize(prediction));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, pc] of p) {
    const tc = t.get(key) ?? 0;
    tp += Math.min(pc, tc);
    fp += Math.max(0, pc - tc);
  }
  for (const [key, tc] of t) fn += Math.max(0, tc - (p.get(key) ?? 0));
  const total = tp + fp + fn;
  if (total > 0) {
    tp /= total;
    fp /= total;
    fn /= total;
  }
  return {
    tp,
    fp,
    fn,
    precision: tp + fp > 0 ? (fp === 0 && fn === 0 ? 1 : tp / (tp + fp)) : null,
    recall: tp + fn > 0 ? (fp === 0 && fn === 0 ? 1 : tp / (tp + fn)) : null,
  };
}

export interface PrfScore {
  precision: number;
  recall: number;
  f1: number;
}

export function f1Of(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** WCXB bag-of-words: lowercased token multisets; empty truth scores 1 only for an empty prediction. */
export function bowScore(truth: string, prediction: string): PrfScore {
  const t = tokenize(truth.toLowerCase());
  const p = tokenize(prediction.toLowerCase());
  if (t.length === 0 && p.length === 0) return { precision: 1, recall: 1, f1: 1 };
  if (t.length === 0 || p.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const truthBag = countBag(t);
  let overlap = 0;
  for (const [tok, pc] of countBag(p)) overlap += Math.min(pc, truthBag.get(tok) ?? 0);
  const precision = overlap / p.length;
  const recall = overlap / t.length;
  return { precision, recall, f1: f1Of(precision, recall) };
}

export interface SnippetCounts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

/** Collapse every run of whitespace to one space, so line breaks never decide a snippet test. */
export function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * `with` snippets must appear (tp/fn), `without` snippets must not (fp/tn); case-sensitive.
 * A snippet that is empty after normalisation tests nothing (it is in every text), so it is skipped.
 */
export function snippetCounts(prediction: string, withSnippets: readonly string[], withoutSnippets: readonly string[]): SnippetCounts {
  const out = normalizeWhitespace(prediction);
  const counts: SnippetCounts = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const s of withSnippets) {
    const n = normalizeWhitespace(s);
    if (n === '') continue;
    if (out.includes(n)) counts.tp++;
    else counts.fn++;
  }
  for (const s of withoutSnippets) {
    const n = normalizeWhitespace(s);
    if (n === '') continue;
    if (out.includes(n)) counts.fp++;
    else counts.tn++;
  }
  return counts;
}

/** Everything scored for one page and one engine. */
export interface PageScore {
  /** Absent when the dataset has no `text` for the page (snippet-only truth). */
  shingle?: ShingleScore;
  bow?: PrfScore;
  snippets: SnippetCounts;
}

export interface PageTruth {
  text: string | null;
  with?: readonly string[] | null;
  without?: readonly string[] | null;
}

export function scorePage(truth: PageTruth, prediction: string): PageScore {
  const score: PageScore = { snippets: snippetCounts(prediction, truth.with ?? [], truth.without ?? []) };
  if (truth.text !== null && truth.text !== undefined) {
    score.shingle = shingleScore(truth.text, prediction);
    score.bow = bowScore(truth.text, prediction);
  }
  return score;
}

/** Per-page shingle F1, for ranking pages (the headline F1 itself is built from mean P and R). */
export function pageShingleF1(s: ShingleScore): number {
  return f1Of(s.precision ?? 0, s.recall ?? 0);
}

export interface Aggregate {
  pages: number;
  shingle: { f1: number; precision: number; recall: number; pages: number } | null;
  bow: { f1: number; precision: number; recall: number; pages: number } | null;
  snippets: (SnippetCounts & { f1: number; precision: number; recall: number }) | null;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length ? sum / values.length : 0;
}

/** Aggregate page scores as the README defines each measure; a measure no page supports is null. */
export function aggregate(scores: readonly PageScore[]): Aggregate {
  const withText = scores.filter((s) => s.shingle !== undefined);
  let shingle: Aggregate['shingle'] = null;
  let bow: Aggregate['bow'] = null;
  if (withText.length) {
    const ps: number[] = [];
    const rs: number[] = [];
    for (const s of withText) {
      if (s.shingle!.precision !== null) ps.push(s.shingle!.precision);
      if (s.shingle!.recall !== null) rs.push(s.shingle!.recall);
    }
    const precision = mean(ps);
    const recall = mean(rs);
    shingle = { f1: f1Of(precision, recall), precision, recall, pages: withText.length };
    bow = {
      f1: mean(withText.map((s) => s.bow!.f1)),
      precision: mean(withText.map((s) => s.bow!.precision)),
      recall: mean(withText.map((s) => s.bow!.recall)),
      pages: withText.length,
    };
  }
  const c: SnippetCounts = { tp: 0, fn: 0, fp: 0, tn: 0 };
  for (const s of scores) {
    c.tp += s.snippets.tp;
    c.fn += s.snippets.fn;
    c.fp += s.snippets.fp;
    c.tn += s.snippets.tn;
  }
  const snippets = c.tp + c.fn + c.fp + c.tn > 0
    ? {
        ...c,
        precision: c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 0,
        recall: c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 0,
        f1: 2 * c.tp + c.fp + c.fn > 0 ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0,
      }
    : null;
  return { pages: scores.length, shingle, bow, snippets };
}

/** Linear-interpolation percentile (numpy's default), p in [0, 100]; NaN for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}
