/**
 * SPEC §4 step 2 — record mining (003, algorithm RecordMining), plus the repeated-sibling
 * search that both checks it and backs it up.
 *
 * Paper: t = lowest common ancestor of the region's leaves; while the child of t with the
 * most children holds more than `factor` of t's nodes, step into it; the records are t's
 * children with the most frequent tag and at least half the average record size.
 *
 * Why a second method: the depth sequence of a modern page is noisy (wrappers of varying
 * depth inside each card), so the depth region sometimes lands on a menu or one long card.
 * `findRepeatedSiblings` looks for the parent whose children repeat one tag+class signature
 * and carry the most text in records of ≥ 2 leaves (a title and something else); it is
 * cheap (one pass over the index) and its best group is also the page-kind classifier's
 * "repeated sibling structure" signal.
 */
import { type DomIndex, childIndices, lowestCommonAncestor } from './domIndex';
import type { DataRegion } from './dataRegion';
import { MIN_RECORDS, RECORD_FACTOR, RECORD_MIN_SIZE_RATIO } from './rules';

export interface RecordSet {
  /** Node index of the records' parent. */
  parent: number;
  /** Node indices of the records, in document order. */
  records: number[];
  method: 'record-mining' | 'repeated-siblings';
}

export function mineRecords(ix: DomIndex, region: DataRegion, factor = RECORD_FACTOR): RecordSet | null {
  const first = ix.leaves[region.start];
  const last = ix.leaves[region.end - 1];
  if (first === undefined || last === undefined) return null;
  let t = lowestCommonAncestor(ix, first, last);
  for (;;) {
    const kids = childIndices(ix, t);
    let idx = -1;
    let most = -1;
    for (const c of kids) {
      const num = childIndices(ix, c).length;
      if (num > most) { most = num; idx = c; }
    }
    if (idx >= 0 && ix.size[idx]! / ix.size[t]! > factor) t = idx;
    else break;
  }
  return recordsUnder(ix, t, 'record-mining');
}

/** Steps 19–25 of RecordMining: keep t's children with the most frequent tag and ≥ half the average size. */
function recordsUnder(ix: DomIndex, t: number, method: RecordSet['method']): RecordSet | null {
  const kids = childIndices(ix, t).filter((c) => ix.textChars[c]! > 0);
  if (kids.length < MIN_RECORDS) return null;
  const tagCount = new Map<string, number>();
  for (const c of kids) tagCount.set(ix.nodes[c]!.tagName, (tagCount.get(ix.nodes[c]!.tagName) ?? 0) + 1);
  let tag = '';
  let best = 0;
  for (const [k, v] of tagCount) if (v > best) { best = v; tag = k; }
  const avgSize = (ix.size[t]! - 1) / kids.length;
  const records = kids.filter((c) => ix.nodes[c]!.tagName === tag && ix.size[c]! >= avgSize * RECORD_MIN_SIZE_RATIO);
  return records.length >= MIN_RECORDS ? { parent: t, records, method } : null;
}

/** Paragraphs and inline runs repeat in every article; they are never list records. */
const NOT_RECORD_TAGS = new Set(['P', 'SPAN', 'A', 'B', 'STRONG', 'EM', 'I', 'BR', 'SUP', 'SUB', 'CODE', 'PRE', 'OPTION', 'TD', 'TH']);

function signature(el: Element): string {
  const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/u)[0] ?? '';
  return `${el.tagName}.${cls.replace(/\d+/gu, '')}`;
}

export interface RepeatedGroup {
  parent: number;
  members: number[];
  /** Visible characters inside the group. */
  textChars: number;
  /** Mean text leaves per member. */
  leavesPerRecord: number;
  score: number;
}

/** The best group of ≥ MIN_RECORDS same-signature siblings whose members hold ≥ 2 leaves on average. */
export function findRepeatedSiblings(ix: DomIndex): RepeatedGroup | null {
  let best: RepeatedGroup | null = null;
  const n = ix.nodes.length;
  for (let p = 0; p < n; p++) {
    if (ix.size[p]! < MIN_RECORDS + 1 || ix.leafCount[p]! < 2 * MIN_RECORDS) continue;
    // Count the children before allocating anything: most elements have one or two.
    let childCount = 0;
    const end = p + ix.size[p]!;
    for (let j = p + 1; j < end && childCount < MIN_RECORDS; j += ix.size[j]!) childCount++;
    if (childCount < MIN_RECORDS) continue;
    const kids = childIndices(ix, p);
    const groups = new Map<string, number[]>();
    for (const c of kids) {
      if (ix.textChars[c]! === 0 || NOT_RECORD_TAGS.has(ix.nodes[c]!.tagName)) continue;
      const sig = signature(ix.nodes[c]!);
      const g = groups.get(sig);
      if (g) g.push(c); else groups.set(sig, [c]);
    }
    for (const members of groups.values()) {
      if (members.length < MIN_RECORDS) continue;
      let chars = 0;
      let leaves = 0;
      for (const m of members) { chars += ix.textChars[m]!; leaves += ix.leafCount[m]!; }
      const perRecord = leaves / members.length;
      if (perRecord < 2) continue;
      // More text wins; records of only links (menus) and one-leaf items score lower.
      const linkShare = members.reduce((s, m) => s + ix.linkChars[m]!, 0) / Math.max(1, chars);
      const score = chars * Math.min(1, perRecord / 3) * (1 - 0.5 * linkShare) * Math.log2(members.length);
      if (best === null || score > best.score) best = { parent: p, members, textChars: chars, leavesPerRecord: perRecord, score };
    }
  }
  return best;
}

export function recordsFromGroup(group: RepeatedGroup): RecordSet {
  return { parent: group.parent, records: group.members, method: 'repeated-siblings' };
}
