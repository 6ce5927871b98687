/**
 * VSSE text-content selection (SPEC §3 steps 1–3, paper 002 §4.2–4.4) over a page's text
 * leaves: punctuation seeds → tag-path aggregation → content area → SimHash refinement.
 * Returns a decision per leaf plus a trace; turning the kept leaves into a Clip is the
 * engine's job (vsse.ts).
 */
import {
  documentFrequency, hamming, keywords, pathSimilarity, pcs, punctuationCount, seedIndices,
  simhash, tfidfWeights, vvtc,
} from './vsseAlgorithms';
import { elementPath, type TextLeaf } from './vsseTextLeaves';

export interface VsseParams {
  /** Seed threshold on vvtc / max(vvtc) (002 §5.2: 0.8; 0.6–0.8 works). */
  t1: number;
  /** SimHash Hamming-distance threshold (002 §5.2: 3). */
  t2: number;
  /** The empirical constant L of formula 4; the paper gives no value, 1 keeps IDF positive. */
  idfL: number;
  /**
   * Seeds whose tag-name paths share at least this LCS fraction aggregate into one group
   * (our reading of "aggregate seed paths by pcs": seeds under one template share a path).
   */
  groupSimilarity: number;
}

/** The paper's values (002 §5.2) and our documented readings where it gives none. */
export const VSSE_DEFAULTS: Readonly<VsseParams> = Object.freeze({ t1: 0.8, t2: 3, idfL: 1, groupSimilarity: 0.8 });

/** The lower end of the paper's working T1 range, used when T1 yields a single seed. */
const T1_RELAXED = 0.6;

export interface LeafDecision {
  /** vvtc_a / max(vvtc) ∈ [0, 1]. */
  vvtcRatio: number;
  seed: boolean;
  /** Inside the content area (the subtree of the aggregated tag path). */
  inArea: boolean;
  /** Hamming distance of the leaf's SimHash to that of title + description (64 = unrelated). */
  distance: number;
  /** Final VSSE decision: in the area and not refined away. */
  kept: boolean;
}

export interface VsseSelection {
  area: Element | null;
  decisions: LeafDecision[];
  /** Punctuation marks per leaf (vvtc's input; also a classifier feature, counted once). */
  punctuation: Int32Array;
  seeds: number;
  /** The aggregated tag path (tag names) of the winning seed group. */
  aggregatedPath: string[];
  notes: string[];
}

/**
 * Refinement reading. Literally (SPEC §3.3) only paragraphs within T2 = 3 bits of the
 * title's fingerprint survive; 64-bit fingerprints of a paragraph and of a one-line title
 * almost never come that close (random pairs differ in ~32 bits), so the literal rule
 * would empty nearly every clip. We apply the paper's intent, "remove the noise in the
 * area": a leaf is dropped only when it is semantically far from the title (distance > T2
 * and above the area's median distance) *and* looks like noise, i.e. its text is mostly
 * link text (share bars, "related" lines, tag lists inside the article container).
 * Headings and short plain lines, which step 2 exists to recover, are never dropped.
 */
const NOISE_LINK_DENSITY = 0.5;

let sharedSegmenter: Intl.Segmenter | null = null;
/** One word segmenter per page load: constructing one costs far more than using it. */
function wordSegmenter(): Intl.Segmenter {
  sharedSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  return sharedSegmenter;
}

/**
 * `summary` is title + meta description (vssePage.ts); `null` stops after step 2: the
 * classifier and Auto use VSSE's seeds and area as features, and the refinement (a word
 * segmentation and a SimHash per leaf) was ~13 % of Auto's in-page time.
 */
export function vsseSelect(
  root: Element,
  leaves: readonly TextLeaf[],
  summary: string | null,
  params: VsseParams = VSSE_DEFAULTS,
  segmenter?: Intl.Segmenter,
): VsseSelection {
  const notes: string[] = [];
  const n = leaves.length;
  const punctuation = new Int32Array(n);
  const scores = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const text = (leaves[i] as TextLeaf).text;
    punctuation[i] = punctuationCount(text);
    scores[i] = vvtc(text.length, punctuation[i] as number, n);
  }
  let max = 0;
  for (let i = 0; i < n; i++) if ((scores[i] as number) > max) max = scores[i] as number;
  let seeds = seedIndices(scores, params.t1);
  if (seeds.length === 1) {
    const relaxed = seedIndices(scores, Math.min(params.t1, T1_RELAXED));
    if (relaxed.length > 1) { seeds = relaxed; notes.push(`one seed at T1=${params.t1}: relaxed to ${T1_RELAXED}`); }
  }

  const decisions: LeafDecision[] = leaves.map((_, i) => ({
    vvtcRatio: max > 0 ? (scores[i] ?? 0) / max : 0,
    seed: false,
    inArea: false,
    distance: 64,
    kept: false,
  }));
  for (let k = 0; k < seeds.length; k++) (decisions[seeds[k] as number] as LeafDecision).seed = true;
  if (seeds.length === 0) {
    notes.push('no punctuated text leaf: no seeds, empty selection');
    return { area: null, decisions, punctuation, seeds: 0, aggregatedPath: [], notes };
  }

  // Step 2: group seeds by LCS similarity of their tag-name paths, strongest seed first;
  // the group with the largest total vvtc is the content's template.
  const order = [...seeds].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const groups: { tags: string[]; members: number[]; weight: number }[] = [];
  for (const i of order) {
    const leaf = leaves[i] as TextLeaf;
    const path = elementPath(leaf.el, root);
    const tags = new Array<string>(path.length);
    for (let k = 0; k < path.length; k++) tags[k] = (path[k] as Element).tagName.toUpperCase();
    let group: (typeof groups)[number] | undefined;
    for (let k = 0; k < groups.length; k++) {
      const g = groups[k] as (typeof groups)[number];
      if (pathSimilarity(g.tags, tags) >= params.groupSimilarity) { group = g; break; }
    }
    if (group) {
      group.tags = pcs(group.tags, tags);
      group.members.push(i);
      group.weight += scores[i] ?? 0;
    } else {
      groups.push({ tags, members: [i], weight: scores[i] ?? 0 });
    }
  }
  groups.sort((a, b) => b.weight - a.weight);
  const best = groups[0] as (typeof groups)[number];

  // pcs over the members' *element* paths is their common ancestor chain; the content area
  // is the node at its end ("the subtree at the first pcs tags"). Two root-first ancestor
  // chains share exactly their common ancestors, as a prefix of both, so that prefix is
  // their only longest common subsequence: it is taken directly, without pcs's table.
  const chain = elementPath((leaves[best.members[0] as number] as TextLeaf).el, root);
  for (let k = 1; k < best.members.length; k++) {
    const path = elementPath((leaves[best.members[k] as number] as TextLeaf).el, root);
    let common = 0;
    while (common < chain.length && common < path.length && chain[common] === path[common]) common++;
    chain.length = common;
  }
  let area = chain[chain.length - 1] ?? root;
  if (best.members.length === 1 && area.parentElement && area !== root) {
    // A lone seed's path ends at the seed itself; its container is the smallest area that
    // can hold the headings and short lines step 2 is meant to recover.
    area = area.parentElement;
    notes.push('single seed: area is its parent');
  }
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i] as TextLeaf;
    if (area.contains(leaf.el)) (decisions[i] as LeafDecision).inArea = true;
  }

  // Step 3: SimHash refinement against title + meta description.
  const inArea: number[] = [];
  for (let i = 0; i < n; i++) if ((decisions[i] as LeafDecision).inArea) inArea.push(i);
  const words = segmenter ?? (summary === null ? null : wordSegmenter());
  const summaryTokens = words && summary !== null ? keywords(summary, words) : [];
  if (!words || summaryTokens.length === 0) {
    notes.push(summary === null ? 'refinement not asked for' : 'no title or description: refinement skipped');
    for (const i of inArea) (decisions[i] as LeafDecision).kept = true;
    return { area, decisions, punctuation, seeds: seeds.length, aggregatedPath: best.tags.map((t) => t.toLowerCase()), notes };
  }
  const tokenised = inArea.map((i) => keywords((leaves[i] as TextLeaf).text, words));
  const df = documentFrequency(tokenised);
  const target = simhash(tfidfWeights(summaryTokens, df, inArea.length, params.idfL));
  const distances: number[] = [];
  inArea.forEach((i, k) => {
    const d = hamming(simhash(tfidfWeights(tokenised[k] ?? [], df, inArea.length, params.idfL)), target);
    (decisions[i] as LeafDecision).distance = d;
    distances.push(d);
  });
  const sorted = [...distances].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 64;
  let dropped = 0;
  for (const i of inArea) {
    const d = decisions[i] as LeafDecision;
    const leaf = leaves[i] as TextLeaf;
    const linkDensity = leaf.text.length > 0 ? leaf.linkChars / leaf.text.length : 0;
    const noise = d.distance > params.t2 && d.distance > median && linkDensity >= NOISE_LINK_DENSITY;
    d.kept = !noise;
    if (noise) dropped++;
  }
  if (dropped) notes.push(`refinement dropped ${dropped} of ${inArea.length} leaves in the area`);
  return { area, decisions, punctuation, seeds: seeds.length, aggregatedPath: best.tags.map((t) => t.toLowerCase()), notes };
}
