import type { Collection } from 'dexie';
import type { SiftDb } from './db';
import type { StoredSummary, TimelineRow } from './schema';
import { queryWords } from './libraryTerms';
import { liveCount } from './libraryIndex';

/**
 * Full-text search at scale (issue 5: < 50 ms at 10,000 clips) over the `timeline` table,
 * whose primary key [savedAt, id] makes IndexedDB key order the library's date order.
 *
 * What costs what in Chromium (measured at 10,000 clips, bench/scale-library.ts): reading
 * keys or counting walks every index entry (count() is linear, ~10 µs an entry: 100 ms for
 * a word in every clip), while one getAll of 50 timeline rows (each with its ~400 terms)
 * takes ~2 ms. So the planner never counts or reads the postings of a common term; it reads
 * at most PROBE keys per term, and answers common terms by checking rows newest first.
 *
 * 1. Every query word must match (AND); the last word, from 3 characters, also matches as a
 *    prefix (search as you type: "typog" finds "typography"). A prefix that only one stored
 *    word has is that word (the range's first and last index keys are equal: two seeks).
 * 2. Each term is probed: its first PROBE + 1 postings, one keys-only request. Fewer than that: the probe holds ALL its clips ("small");
 *    none: the search ends.
 * 3. Only small terms: intersect their key lists; exact total.
 *    One exact word, however common, alone: its postings are already in date order, so the
 *    page is a reverse key walk; a common one's total is estimated (singleTotal).
 * 4. Small and common terms: the small terms' intersection (at most PROBE clips, newest
 *    first) is the candidate list; the candidates' rows are read and checked against the
 *    common terms in memory; exact total.
 * 5. Only common terms: timeline rows are read newest first, a growing chunk at a time, and
 *    checked in memory until the page is full; the total is estimated (hit rate × live clips,
 *    the stored count). A common term that is rare in the newest clips (or two common terms
 *    that rarely meet) would need too many rows: after SCAN_MAX_ROWS the planner falls back
 *    to reading every key (exact, slow, rare). countMatches gives the exact total on demand.
 * 6. Only the page's summaries are read.
 *
 * The trash (schema v7): a trashed clip keeps its timeline row, so Undo and Restore do not
 * index its words again, and every step leaves the trash's ids out (read once per search,
 * keys only, from the summaries' `deletedAt` index, which holds the trash alone). A term's
 * probe and a single word's page read that many keys more, so a term is small when its LIVE
 * clips fit the probe and a page is full of live clips; a scan skips trashed rows and
 * estimates from the live rows it read. The trash is purged after 30 days, so it is small
 * unless the user just emptied the library into it.
 */

export interface TermPlan {
  term: string;
  prefix: boolean;
}

/** Prefix matching from this many characters: "a" as a prefix would walk most of the index. */
export const MIN_PREFIX = 3;
/**
 * Keys read per term to learn whether it is small: cheap (one request), and a small term's
 * whole key list then costs nothing more.
 */
export const PROBE = 500;
/** Rows read newest first before a scan gives up and reads every key instead. */
export const SCAN_MAX_ROWS = 2000;
/** Largest chunk of rows read per request by a scan. */
const CHUNK_MAX = 200;

/** The terms of a query, deduplicated, the last one a prefix when long enough. */
export function planQuery(query: string): TermPlan[] {
  const terms = [...new Set(queryWords(query))];
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

function postings(db: SiftDb, p: TermPlan): Collection<TimelineRow, [number, string]> {
  return p.prefix ? db.timeline.where('terms').startsWith(p.term) : db.timeline.where('terms').equals(p.term);
}

/** A term and what its probe learnt. */
interface Probe {
  p: TermPlan;
  /** Small: every clip with the term, newest first. Common: null. */
  keys: Key[] | null;
}

interface Prepared {
  plans: TermPlan[];
  /** Ids of the clips in the trash: their timeline rows are never a match. */
  trash: ReadonlySet<string>;
  /** Small terms, fewest clips first. */
  small: (Probe & { keys: Key[] })[];
  /** Common terms (more postings than PROBE). */
  common: TermPlan[];
}

/**
 * The only stored word with this prefix, or null when there are several; undefined when
 * there is none. Two seeks (the range's first and last index key), never a walk: a
 * `nextunique` cursor would step over every posting of the first word.
 */
async function soleExpansion(db: SiftDb, prefix: string): Promise<string | null | undefined> {
  const range = () => db.timeline.where('terms').startsWith(prefix);
  const [first, last] = await Promise.all([range().limit(1).keys(), range().reverse().limit(1).keys()]);
  if (first.length === 0) return undefined;
  return first[0] === last[0] ? (first[0] as string) : null;
}

/** Ids of the clips in the trash: keys only, from the `deletedAt` index (live clips are not in it). */
async function trashedIds(db: SiftDb): Promise<ReadonlySet<string>> {
  return new Set((await db.summaries.where('deletedAt').above(0).primaryKeys()) as string[]);
}

/** The keys of live clips among `keys`, in the same order. */
function liveOnly(keys: Key[], trash: ReadonlySet<string>): Key[] {
  return trash.size === 0 ? keys : keys.filter((k) => !trash.has(k[1]));
}

/** Plans a query and probes every term (see the planner's steps 1-2). */
async function prepare(db: SiftDb, query: string): Promise<Prepared | 'empty' | 'none'> {
  const plans = planQuery(query);
  if (plans.length === 0) return 'empty';
  const trash = await trashedIds(db);
  // A probe may meet every trashed clip before its live ones: it reads that many keys more.
  const probeLimit = PROBE + 1 + trash.size;
  // Both at once (one round trip fewer): a prefix's range read as a prefix holds the same
  // keys, in the same order, as its sole word's postings.
  const [sole, probed] = await Promise.all([
    Promise.all(plans.map((p) => (p.prefix ? soleExpansion(db, p.term) : null))),
    // Read forward: a reverse key read costs about twice as much in Chromium (measured), and
    // a common term's keys are not used.
    Promise.all(plans.map((p) => postings(db, p).limit(probeLimit).primaryKeys() as Promise<Key[]>)),
  ]);
  if (sole.some((s) => s === undefined)) return 'none';
  const probes = plans.map((p, i): Probe => {
    const word = sole[i];
    // "river" typed in full is the word river: the exact paths (and the single-word count) apply.
    if (typeof word === 'string') Object.assign(p, { term: word, prefix: false });
    const raw = probed[i]!;
    const keys = liveOnly(raw, trash);
    if (raw.length >= probeLimit || keys.length > PROBE) return { p, keys: null };
    // An exact term's postings are in date order (oldest first); a prefix's come word by
    // word and may name a clip twice (two words with the prefix): each clip once (its size
    // orders the terms). intersectKeys puts every list used later in date order.
    return { p, keys: p.prefix ? uniqueKeys(keys) : keys.reverse() };
  });
  if (probes.some((x) => x.keys?.length === 0)) return 'none';
  const small = probes.filter((x): x is Probe & { keys: Key[] } => x.keys !== null).sort((a, b) => a.keys.length - b.keys.length);
  const common = probes.filter((x) => x.keys === null).map((x) => x.p);
  return { plans, trash, small, common };
}

/** Clips in every small term (and the tag), newest first. */
function smallMatches(prep: Prepared, tagIds: Set<string> | null): Key[] {
  const lists: Key[][] = prep.small.map((x) => x.keys);
  if (tagIds) lists.push(lists[0]!.filter((k) => tagIds.has(k[1])));
  return intersectKeys(lists);
}

const rowMatches = (r: TimelineRow, plans: readonly TermPlan[], tagIds: Set<string> | null) =>
  (!tagIds || tagIds.has(r.id)) && plans.every((p) => termsMatch(r.terms, p));

interface Scan {
  /** Matching clips found, newest first. */
  hits: Key[];
  /** Live clips' rows read (the trash's are skipped). */
  read: number;
  /** The timeline ended: `hits` are all the matches. */
  complete: boolean;
}

/**
 * Candidate rows (`within`, newest first, at most PROBE) read and checked against the common
 * terms: all of them, so the total stays exact (500 rows cost less than 500 more keys).
 */
async function verifyRows(db: SiftDb, within: Key[], common: readonly TermPlan[]): Promise<Key[]> {
  const rows = await db.timeline.bulkGet(within);
  return rows.filter((r): r is TimelineRow => !!r && rowMatches(r, common, null)).map((r) => [r.savedAt, r.id] as Key);
}

/**
 * The total of one common exact word, given its newest `want` live postings (`complete`:
 * they are all it has): estimated from its hit rate among the newest clips (how many live
 * clips those postings span: a keys-only read of the summaries' `liveKey` index, capped), as
 * a scan estimates it. Its native count would walk every posting (~100 ms for a word in all
 * 10,000 clips). A word too sparse among the newest clips for the capped read is counted
 * exactly.
 */
async function singleTotal(db: SiftDb, prep: Prepared, p: TermPlan, newest: Key[], complete: boolean): Promise<{ total: number; totalExact: boolean }> {
  const oldest = newest[newest.length - 1];
  if (!oldest || complete) return { total: newest.length, totalExact: true };
  const span = await db.summaries.where('liveKey').aboveOrEqual(oldest).limit(SCAN_MAX_ROWS).primaryKeys();
  if (span.length >= SCAN_MAX_ROWS) return { total: await countPostings(db, prep, p), totalExact: true };
  const total = Math.max(newest.length, Math.round((newest.length / span.length) * (await liveCount(db))));
  return { total, totalExact: false };
}

/** Live clips with one exact word: a native count when the trash is empty, else its keys read and filtered. */
async function countPostings(db: SiftDb, prep: Prepared, p: TermPlan): Promise<number> {
  if (prep.trash.size === 0) return postings(db, p).count();
  return liveOnly((await postings(db, p).primaryKeys()) as Key[], prep.trash).length;
}

/**
 * Timeline rows read newest first (one getAll per chunk: the first chunk is the page wanted,
 * since a very common term fills it from those rows alone) and checked in memory, until
 * `want` hits are found, the timeline ends, or SCAN_MAX_ROWS rows were read (null).
 */
async function scanRows(db: SiftDb, prep: Prepared, tagIds: Set<string> | null, want: number): Promise<Scan | null> {
  const hits: Key[] = [];
  let read = 0;
  let live = 0;
  let last: Key | null = null;
  let chunk = want;
  for (;;) {
    const range: Collection<TimelineRow, Key> = last ? db.timeline.where(':id').below(last) : db.timeline.toCollection();
    const rows: TimelineRow[] = await range.reverse().limit(chunk).toArray();
    for (const r of rows) {
      if (prep.trash.has(r.id)) continue;
      live++;
      if (rowMatches(r, prep.common, tagIds)) hits.push([r.savedAt, r.id]);
    }
    read += rows.length;
    if (rows.length < chunk) return { hits, read: live, complete: true };
    if (hits.length >= want) return { hits, read: live, complete: false };
    if (read >= SCAN_MAX_ROWS) return null;
    const end: TimelineRow = rows[rows.length - 1]!;
    last = [end.savedAt, end.id];
    chunk = Math.min(CHUNK_MAX, chunk * 2, SCAN_MAX_ROWS - read);
  }
}

export async function searchTimeline(
  db: SiftDb,
  query: string,
  opts: { tagIds?: Set<string> | null; offset?: number; limit: number },
): Promise<SearchPage> {
  const offset = opts.offset ?? 0;
  const tagIds = opts.tagIds ?? null;
  const want = offset + opts.limit;
  const prep = await prepare(db, query);
  if (prep === 'empty' || prep === 'none') return { items: [], total: 0, totalExact: true, strategy: prep };
  const page = async (keys: Key[]) => summariesOf(db, keys.slice(offset, want));
  const { small, common } = prep;

  // One exact word: its postings ARE the answer, already in date order.
  if (!tagIds && small.length + common.length === 1 && !prep.plans[0]!.prefix) {
    const only = small[0];
    if (only) return { items: await page(only.keys), total: only.keys.length, totalExact: true, strategy: 'single' };
    const p = common[0]!;
    // `want` live postings, however many trashed clips come first.
    const limit = want + prep.trash.size;
    const raw = (await postings(db, p).reverse().limit(limit).primaryKeys()) as Key[];
    const complete = raw.length < limit;
    const keys = liveOnly(raw, prep.trash);
    const { total, totalExact } = await singleTotal(db, prep, p, complete ? keys : keys.slice(0, want), complete);
    return { items: await page(keys), total, totalExact, strategy: 'single' };
  }
  if (common.length === 0) {
    const keys = smallMatches(prep, tagIds);
    return { items: await page(keys), total: keys.length, totalExact: true, strategy: 'intersect' };
  }
  if (small.length > 0) {
    const hits = await verifyRows(db, smallMatches(prep, tagIds), common);
    return { items: await page(hits), total: hits.length, totalExact: true, strategy: 'verify' };
  }
  // The live count (one small read) alongside: the estimate below needs it.
  const [scan, live] = await Promise.all([scanRows(db, prep, tagIds, want), liveCount(db)]);
  if (scan) {
    if (scan.complete) return { items: await page(scan.hits), total: scan.hits.length, totalExact: true, strategy: 'scan' };
    // An estimate from the hit rate among the newest clips: the exact union of a very common
    // prefix costs hundreds of thousands of keys (countMatches, on demand only).
    const estimate = Math.max(scan.hits.length, Math.round((scan.hits.length / scan.read) * live));
    return { items: await page(scan.hits), total: estimate, totalExact: false, strategy: 'scan' };
  }
  const all = await exactMatches(db, prep, tagIds);
  return { items: await page(all), total: all.length, totalExact: true, strategy: 'intersect' };
}

/** Every match of a prepared query, newest first, reading every key of its common terms. */
async function exactMatches(db: SiftDb, prep: Prepared, tagIds: Set<string> | null): Promise<Key[]> {
  const lists: Key[][] = prep.small.map((x) => x.keys);
  for (const p of prep.common) {
    if (lists.length > 0 && intersectKeys(lists).length === 0) return [];
    lists.push((await postings(db, p).primaryKeys()) as Key[]);
  }
  if (tagIds) lists.push(lists[0]!.filter((k) => tagIds.has(k[1])));
  // The small lists hold live clips only; the common terms' keys hold the trash's too.
  return liveOnly(intersectKeys(lists), prep.trash);
}

/**
 * The exact number of matches, for a page whose `totalExact` was false. Not run by the
 * library page on its own: for a very common prefix it reads every key of it (measured:
 * seconds at 10,000 clips: "vel…" has ~200,000 postings).
 */
export async function countMatches(db: SiftDb, query: string, tagIds: Set<string> | null = null): Promise<number> {
  const prep = await prepare(db, query);
  if (prep === 'empty' || prep === 'none') return 0;
  if (prep.common.length === 0 || prep.small.length > 0) return (await allMatches(db, prep, tagIds)).length;
  if (!tagIds && prep.plans.length === 1 && !prep.plans[0]!.prefix) return countPostings(db, prep, prep.plans[0]!);
  return (await exactMatches(db, prep, tagIds)).length;
}

/**
 * The ids of every match, newest first: what the library exports while a search is shown
 * ("Export 12 shown"). Exact, so a very common prefix reads every key of it, as countMatches
 * does; an export then reads every one of those clips anyway.
 */
export async function matchIds(db: SiftDb, query: string, tagIds: Set<string> | null = null): Promise<string[]> {
  const prep = await prepare(db, query);
  if (prep === 'empty' || prep === 'none') return [];
  return (await allMatches(db, prep, tagIds)).map((k) => k[1]);
}

/** Every match of a prepared query, newest first, by the cheapest exact path (steps 3-5). */
async function allMatches(db: SiftDb, prep: Prepared, tagIds: Set<string> | null): Promise<Key[]> {
  if (prep.common.length === 0) return smallMatches(prep, tagIds);
  if (prep.small.length > 0) return verifyRows(db, smallMatches(prep, tagIds), prep.common);
  return exactMatches(db, prep, tagIds);
}

function uniqueKeys(keys: Key[]): Key[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(k[1]) ? false : (seen.add(k[1]), true)));
}

async function summariesOf(db: SiftDb, keys: readonly Key[]): Promise<StoredSummary[]> {
  const rows = await db.summaries.bulkGet(keys.map((k) => k[1]));
  return rows.filter((s): s is StoredSummary => !!s);
}
