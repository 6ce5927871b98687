import { createHash } from 'node:crypto';
import type { Dataset } from '../dataset';

/**
 * The quality gate's fixed, stratified page subset. Rule (deterministic, independent of file
 * order and of page contents): in each (dataset, page type) stratum of n pages take
 * k = min(n, clamp(round(n / 10), MIN_PER_TYPE, MAX_PER_TYPE)) pages, those with the
 * smallest sha256("<dataset>/<id>"). The floor of 12 keeps every type measurable; the cap
 * of 40 keeps articles from drowning the other types and the gate under ~3 minutes.
 */
export const SUBSET_RULE =
  'per (dataset, type) stratum of n pages: k = min(n, clamp(round(n/10), 12, 40)) pages with the smallest sha256("<dataset>/<id>")';
const MIN_PER_TYPE = 12;
const MAX_PER_TYPE = 40;

export interface Subset {
  rule: string;
  /** Dataset folder names (under the shared bench-data root) → page ids, in truth.jsonl order. */
  datasets: Record<string, string[]>;
}

function rank(dataset: string, id: string): string {
  return createHash('sha256').update(`${dataset}/${id}`).digest('hex');
}

export function chooseSubset(datasets: readonly Dataset[]): Subset {
  const out: Subset = { rule: SUBSET_RULE, datasets: {} };
  for (const d of datasets) {
    const byType = new Map<string, string[]>();
    for (const r of d.records) byType.set(r.type, [...(byType.get(r.type) ?? []), r.id]);
    const chosen = new Set<string>();
    for (const ids of byType.values()) {
      const k = Math.min(ids.length, Math.max(MIN_PER_TYPE, Math.min(MAX_PER_TYPE, Math.round(ids.length / 10))));
      const ranked = [...ids].sort((a, b) => (rank(d.name, a) < rank(d.name, b) ? -1 : 1));
      for (const id of ranked.slice(0, k)) chosen.add(id);
    }
    out.datasets[d.name] = d.records.filter((r) => chosen.has(r.id)).map((r) => r.id);
  }
  return out;
}
