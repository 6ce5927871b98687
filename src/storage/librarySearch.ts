import type { Collection } from 'dexie';
import type { SiftDb } from './db';
import type { StoredSummary, TimelineRow } from './schema';
import { words } from './libraryTerms';

/**
 * Full-text search at scale (issue 5: < 50 ms at 10,000 clips) over the `timeline` table,
 * whose primary key [savedAt, id] makes IndexedDB key order the library's date order.
 *
 * The planner:
 * 1. Every query word must match (AND); the last word, from 3 characters, also matches as a
 *    prefix (search as you type: "typog" finds "typography").
 *    A prefix that only one stored word has is searched as that word.
 * 2. Each term's hit count is a native index count (no records read); any 0 ends the search.
 * 3. One exact term: its hits ARE the answer, already in date order: the page is a reverse
 *    key walk with offset + limit and the total is the count, however common the word.
 * 4. Several terms, smallest first: when the smallest has few hits, read just those rows
 *    and check the other terms in their `terms` arrays; otherwise intersect the terms' key
 *    lists (primary keys only, one getAllKeys each), stopping as soon as nothing is left.
 * 5. Results are sorted by key (newest first) and only the page's summaries are read.
 */

export interface TermPlan {
  term: string;
  prefix: boolean;
}

/** Prefix matching from this many characters: "a" as a prefix would walk most of the index. */
export const MIN_PREFIX = 3;
/** Verify candidates by reading their rows when the rarest term has at most this many hits. */
export const VERIFY_MAX = 200;

/** The terms of a query, deduplicated, the last one a prefix when long enough. */
export function planQuery(query: string): TermPlan[] {
  const terms = [...new Set(words(query))];
  const plans = terms.map((term, i) => ({ term, prefix: i === terms.length - 1 && term.length >= MIN_PREFIX }));
  // "typography typ": every clip with the exact word "typography" also matches the prefix
  // "typ", so that prefix adds no constraint, only work: drop it.
  return plans.filter((p) => !(p.prefix && plans.some((o) => o !== p && o.term.startsWith(p.term))));
}

/** Does a clip's term list satisfy the plan? (Used to verify candidates.) */
export function termsMatch(terms: readonly string[], plan: TermPlan): boolean {
  return plan.prefix ? terms.some((t) => t.startsWith(plan.term)) : terms.includes(plan.term);
}

type Key = [number, string];

/** Newest first: savedAt descending, then id (the reverse of IndexedDB's key order). */
export function newestFirst(a: Key, b: Key): number {
  return b[0] - a[0] || (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0);
}

/** Keys present in every list, newest first; `lists` should be ordered smallest first. */
export function intersectKeys(lists: readonly (readonly Key[])[]): Key[] {
  const [first, ...rest] = lists;
  if (!first) return [];
  const byId = new Map<string, Key>();
  for (const k of first) byId.set(k[1], k);
  for (const list of rest) {
    if (byId.size === 0) break;
    const ids = new Set<string>();
    for (const k of list) if (byId.has(k[1])) ids.add(k[1]);
    for (const id of byId.keys()) if (!ids.has(id)) byId.delete(id);
  }
  return [...byId.values()].sort(newestFirst);
}

export interface SearchPage {
  items: StoredSummary[];
  total: number;
  /** How the planner answered (shown in the benchmark, asserted in tests). */
  strategy: 'empty' | 'none' | 'single' | 'verify' | 'intersect';
}

function postings(db: SiftDb, p: TermPlan): Collection<TimelineRow, [number, string]> {
  return p.prefix ? db.timeline.where('terms').startsWith(p.term) : db.timeline.where('terms').equals(p.term);
}

export async function searchTimeline(
  db: SiftDb,
  query: string,
  opts: { tagIds?: Set<string> | null; offset?: number; limit: number },
): Promise<SearchPage> {
  const plans = planQuery(query);
  const offset = opts.offset ?? 0;
  if (plans.length === 0) return { items: [], total: 0, strategy: 'empty' };
  // A prefix that only one stored word has ("river" typed in full) is that word, exactly:
  // the cheap single-term path then serves the most common query, one whole word.
  await Promise.all(plans.map(async (p) => {
    if (!p.prefix) return;
    const expansions = (await db.timeline.where('terms').startsWith(p.term).limit(2).uniqueKeys()) as string[];
    if (expansions.length === 1) Object.assign(p, { term: expansions[0]!, prefix: false });
  }));
  const counts = await Promise.all(plans.map((p) => postings(db, p).count()));
  if (counts.some((c) => c === 0)) return { items: [], total: 0, strategy: 'none' };
  const ordered = plans.map((p, i) => ({ p, n: counts[i]! })).sort((a, b) => a.n - b.n);
  const tagIds = opts.tagIds ?? null;

  let keys: Key[];
  let strategy: SearchPage['strategy'];
  let total: number;
  const single = ordered.length === 1 && !ordered[0]!.p.prefix && !tagIds ? ordered[0]! : null;
  if (single) {
    strategy = 'single';
    total = single.n;
    keys = (await postings(db, single.p).reverse().offset(offset).limit(opts.limit).primaryKeys()) as Key[];
    return { items: await summariesOf(db, keys), total, strategy };
  }
  const [rarest, ...others] = ordered;
  if (rarest!.n <= VERIFY_MAX) {
    strategy = 'verify';
    // Prefix postings may name a clip twice (two words with the prefix): unique keys first.
    const candidates = uniqueKeys((await postings(db, rarest!.p).primaryKeys()) as Key[]).filter((k) => !tagIds || tagIds.has(k[1]));
    const rows = await db.timeline.bulkGet(candidates);
    keys = rows.filter((r): r is TimelineRow => !!r && others.every((o) => termsMatch(r.terms, o.p))).map((r) => [r.savedAt, r.id] as Key);
  } else {
    strategy = 'intersect';
    const lists: Key[][] = [];
    for (const { p } of ordered) {
      lists.push((await postings(db, p).primaryKeys()) as Key[]);
      // Stop reading longer lists once the running intersection is empty.
      if (lists.length > 1 && intersectKeys(lists).length === 0) return { items: [], total: 0, strategy };
    }
    if (tagIds) lists.push([...lists[0]!].filter((k) => tagIds.has(k[1])));
    keys = intersectKeys(lists);
  }
  keys.sort(newestFirst);
  total = keys.length;
  return { items: await summariesOf(db, keys.slice(offset, offset + opts.limit)), total, strategy };
}

function uniqueKeys(keys: Key[]): Key[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(k[1]) ? false : (seen.add(k[1]), true)));
}

async function summariesOf(db: SiftDb, keys: readonly Key[]): Promise<StoredSummary[]> {
  const rows = await db.summaries.bulkGet(keys.map((k) => k[1]));
  return rows.filter((s): s is StoredSummary => !!s);
}
