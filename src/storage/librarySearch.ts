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
 * 5. A prefix is probed with a capped key read. A "large" one ("the…" → the, them, there…;
 *    tens of thousands of postings) is never read whole for the first page: the candidates
 *    (or the timeline itself) are scanned newest first, a chunk of rows at a time, until the
 *    page is full. The total is then an estimate (hit density × clips); countMatches gives
 *    the exact one on demand (it reads every key of the prefix, far over budget).
 * 6. Results are sorted by key (newest first) and only the page's summaries are read.
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
  /** Matches in total; an estimate when `totalExact` is false (see countMatches). */
  total: number;
  totalExact: boolean;
  /** How the planner answered (shown in the benchmark, asserted in tests). */
  strategy: 'empty' | 'none' | 'single' | 'verify' | 'intersect' | 'scan';
}

/**
 * A prefix whose postings exceed this many entries is "large" ("the" → the, them, there…):
 * reading all its keys would cost more than the budget, so it is checked on rows instead.
 */
export const PREFIX_PROBE = 2000;
/** Rows read per step when scanning newest first for a large prefix. */
const SCAN_CHUNK = 100;
/** A scan that found too few hits after this many rows falls back to reading the keys. */
const SCAN_MAX_ROWS = 3000;

function postings(db: SiftDb, p: TermPlan): Collection<TimelineRow, [number, string]> {
  return p.prefix ? db.timeline.where('terms').startsWith(p.term) : db.timeline.where('terms').equals(p.term);
}

interface Prepared {
  plans: TermPlan[];
  /** Exact terms (and a small prefix, with its keys) ordered by hit count, smallest first. */
  lists: { p: TermPlan; n: number; keys: Key[] | null }[];
  /** A prefix too common to read its keys: verified on rows. */
  large: TermPlan | null;
}

/** Plans a query and reads the cheap facts: exact-term counts, a capped probe of the prefix. */
async function prepare(db: SiftDb, query: string): Promise<Prepared | 'empty' | 'none'> {
  const plans = planQuery(query);
  if (plans.length === 0) return 'empty';
  // A prefix that only one stored word has ("river" typed in full) is that word, exactly:
  // the cheap single-term path then serves the most common query, one whole word.
  await Promise.all(plans.map(async (p) => {
    if (!p.prefix) return;
    const expansions = (await db.timeline.where('terms').startsWith(p.term).limit(2).uniqueKeys()) as string[];
    if (expansions.length === 1) Object.assign(p, { term: expansions[0]!, prefix: false });
  }));
  const prefix = plans.find((p) => p.prefix) ?? null;
  const exact = plans.filter((p) => !p.prefix);
  const [counts, probe] = await Promise.all([
    Promise.all(exact.map((p) => postings(db, p).count())),
    prefix ? (postings(db, prefix).limit(PREFIX_PROBE + 1).primaryKeys() as Promise<Key[]>) : Promise.resolve(null),
  ]);
  if (counts.some((c) => c === 0) || probe?.length === 0) return 'none';
  const lists: Prepared['lists'] = exact.map((p, i) => ({ p, n: counts[i]!, keys: null }));
  let large: TermPlan | null = null;
  if (prefix && probe) {
    if (probe.length <= PREFIX_PROBE) {
      // Prefix postings may name a clip twice (two words with the prefix): unique keys.
      const keys = uniqueKeys(probe);
      lists.push({ p: prefix, n: keys.length, keys });
    } else {
      large = prefix;
    }
  }
  lists.sort((x, y) => x.n - y.n);
  return { plans, lists, large };
}

async function keysOf(db: SiftDb, l: Prepared['lists'][number]): Promise<Key[]> {
  return l.keys ?? ((await postings(db, l.p).primaryKeys()) as Key[]);
}

/**
 * Clips matching every list (not the large prefix), newest first; null when there are no
 * lists (the query is one large prefix: every live clip is a candidate).
 */
async function candidates(db: SiftDb, prep: Prepared, tagIds: Set<string> | null): Promise<{ keys: Key[]; strategy: 'verify' | 'intersect' } | null> {
  const [rarest, ...others] = prep.lists;
  if (!rarest) return null;
  if (rarest.n <= VERIFY_MAX) {
    const cand = uniqueKeys(await keysOf(db, rarest)).filter((k) => !tagIds || tagIds.has(k[1]));
    const rows = await db.timeline.bulkGet(cand);
    const checks = [...others.map((o) => o.p), ...(prep.large ? [prep.large] : [])];
    const keys = rows.filter((r): r is TimelineRow => !!r && checks.every((p) => termsMatch(r.terms, p))).map((r) => [r.savedAt, r.id] as Key);
    return { keys: keys.sort(newestFirst), strategy: 'verify' };
  }
  const lists: Key[][] = [];
  for (const l of prep.lists) {
    lists.push(await keysOf(db, l));
    // Stop reading longer lists once the running intersection is empty.
    if (lists.length > 1 && intersectKeys(lists).length === 0) return { keys: [], strategy: 'intersect' };
  }
  if (tagIds) lists.push(lists[0]!.filter((k) => tagIds.has(k[1])));
  return { keys: intersectKeys(lists), strategy: 'intersect' };
}

/**
 * Newest-first scan for a large prefix: over `within` (already newest first), or over the
 * whole timeline, reading rows a chunk at a time until `want` hits are found. A common
 * prefix fills a page within the first few chunks. Returns the hits and whether the scan
 * reached the end (then the hits are all of them).
 */
async function scanPrefix(db: SiftDb, prefix: TermPlan, within: Key[] | null, tagIds: Set<string> | null, want: number): Promise<{ hits: Key[]; complete: boolean; read: number } | null> {
  const hits: Key[] = [];
  let read = 0;
  let last: Key | null = null;
  for (;;) {
    let rows: TimelineRow[];
    if (within) {
      const chunk = within.slice(read, read + SCAN_CHUNK);
      rows = (await db.timeline.bulkGet(chunk)).filter((r): r is TimelineRow => !!r);
      if (chunk.length === 0) return { hits, complete: true, read };
      read += chunk.length;
    } else {
      const range = last ? db.timeline.where(':id').below(last) : db.timeline.toCollection();
      // First chunk just the rows wanted: a very common prefix fills the page from them.
      rows = await range.reverse().limit(last ? SCAN_CHUNK : want).toArray();
      if (rows.length === 0) return { hits, complete: true, read };
      read += rows.length;
      const end = rows[rows.length - 1]!;
      last = [end.savedAt, end.id];
    }
    for (const r of rows) if ((!tagIds || tagIds.has(r.id)) && termsMatch(r.terms, prefix)) hits.push([r.savedAt, r.id]);
    if (hits.length >= want) return { hits, complete: false, read };
    if (read >= SCAN_MAX_ROWS) return null;
  }
}

export async function searchTimeline(
  db: SiftDb,
  query: string,
  opts: { tagIds?: Set<string> | null; offset?: number; limit: number },
): Promise<SearchPage> {
  const offset = opts.offset ?? 0;
  const tagIds = opts.tagIds ?? null;
  const prep = await prepare(db, query);
  if (prep === 'empty' || prep === 'none') return { items: [], total: 0, totalExact: true, strategy: prep };
  const page = async (keys: Key[]) => summariesOf(db, keys.slice(offset, offset + opts.limit));

  // One exact word: its postings ARE the answer, already in date order.
  const only = prep.lists.length === 1 && !prep.large && !tagIds && !prep.lists[0]!.keys ? prep.lists[0]! : null;
  if (only) {
    const keys = (await postings(db, only.p).reverse().offset(offset).limit(opts.limit).primaryKeys()) as Key[];
    return { items: await summariesOf(db, keys), total: only.n, totalExact: true, strategy: 'single' };
  }
  const cand = await candidates(db, prep, tagIds);
  if (cand && (cand.strategy === 'verify' || !prep.large)) {
    return { items: await page(cand.keys), total: cand.keys.length, totalExact: true, strategy: cand.strategy };
  }
  // A large prefix over many candidates (or over everything): scan newest first for a page.
  const scan = await scanPrefix(db, prep.large!, cand?.keys ?? null, tagIds, offset + opts.limit);
  if (scan) {
    if (scan.complete) return { items: await page(scan.hits), total: scan.hits.length, totalExact: true, strategy: 'scan' };
    // An estimate from the density among the newest rows: the exact union of a very common
    // prefix costs hundreds of thousands of keys (countMatches, on demand only).
    const population = cand ? cand.keys.length : await db.timeline.count();
    const estimate = Math.max(scan.hits.length, Math.round((scan.hits.length / scan.read) * population));
    return { items: await page(scan.hits), total: estimate, totalExact: false, strategy: 'scan' };
  }
  const all = await exactMatches(db, prep, cand?.keys ?? null, tagIds);
  return { items: await page(all), total: all.length, totalExact: true, strategy: 'intersect' };
}

/** Every match of a prepared query with a large prefix, newest first (reads all its keys). */
async function exactMatches(db: SiftDb, prep: Prepared, within: Key[] | null, tagIds: Set<string> | null): Promise<Key[]> {
  const prefixKeys = (await postings(db, prep.large!).primaryKeys()) as Key[];
  const lists = [within ?? prefixKeys, prefixKeys];
  if (tagIds) lists.push(prefixKeys.filter((k) => tagIds.has(k[1])));
  return intersectKeys(lists);
}

/**
 * The exact number of matches, for a page whose `totalExact` was false. Not run by the
 * library page on its own: for a very common prefix it reads every key of it (measured:
 * tens of seconds at 10,000 clips on a loaded machine, blocking later queries meanwhile).
 */
export async function countMatches(db: SiftDb, query: string, tagIds: Set<string> | null = null): Promise<number> {
  const prep = await prepare(db, query);
  if (prep === 'empty' || prep === 'none') return 0;
  const cand = await candidates(db, prep, tagIds);
  if (!prep.large || cand?.strategy === 'verify') return cand?.keys.length ?? 0;
  return (await exactMatches(db, prep, cand?.keys ?? null, tagIds)).length;
}

function uniqueKeys(keys: Key[]): Key[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(k[1]) ? false : (seen.add(k[1]), true)));
}

async function summariesOf(db: SiftDb, keys: readonly Key[]): Promise<StoredSummary[]> {
  const rows = await db.summaries.bulkGet(keys.map((k) => k[1]));
  return rows.filter((s): s is StoredSummary => !!s);
}
