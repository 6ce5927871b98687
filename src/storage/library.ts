import type { SiftDb } from './db';
import type { StoredClip, StoredImage, StoredSummary } from './schema';
import { queryWords } from './libraryTerms';
import { countMatches, matchIds, searchTimeline, type SearchPage } from './librarySearch';
import { liveCount } from './libraryIndex';

/**
 * Library queries: what the library and reader pages ask of IndexedDB. Every function
 * takes the database, so unit tests can pass a fake-indexeddb instance and pages the real one.
 */

/** Trashed clips are kept this long, then purged with their images (issue 5). */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** A library page: enough to fill two screens, small enough to open fast at 10,000 clips. */
export const PAGE_SIZE = 50;
/** A search shows this many hits; the total is still reported. */
export const SEARCH_LIMIT = PAGE_SIZE;
export const MAX_TAG_LENGTH = 64;

/** What a list row needs: the clip's summary row (schema v3), never its html or text. */
export type ClipSummary = StoredSummary;

export type LibraryView = 'all' | 'trash';

export interface ListQuery {
  view: LibraryView;
  /** Only clips with this tag. */
  tag?: string | null;
  offset?: number;
  limit?: number;
}

export interface ListResult {
  items: ClipSummary[];
  /** Clips matching the query in total (for "showing 50 of 9,812"). */
  total: number;
}

type TimelineKey = [number, string];

const byNewest = (a: { savedAt: number; id: string }, b: { savedAt: number; id: string }) =>
  b.savedAt - a.savedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Live clips newest first, or the trash most recently deleted first. */
export async function listClips(db: SiftDb, q: ListQuery): Promise<ListResult> {
  const offset = q.offset ?? 0;
  const limit = q.limit ?? PAGE_SIZE;
  if (q.view === 'trash') return trashPage(db, q.tag ?? null, offset, limit);
  if (q.tag) {
    const tagged = (await db.summaries.where('tags').equals(q.tag).toArray()).filter((c) => c.deletedAt === null);
    tagged.sort(byNewest);
    return { items: tagged.slice(offset, offset + limit), total: tagged.length };
  }
  // The common case at scale: the live summaries' `liveKey` index is in date order, so the
  // page is a reverse walk of `limit` steps and the total the stored live count.
  const [items, total] = await Promise.all([liveNewestFirst(db).offset(offset).limit(limit).toArray(), liveCount(db)]);
  return { items, total };
}

/** Live clips' summaries, newest first (the `liveKey` index holds live clips only: schema v7). */
const liveNewestFirst = (db: SiftDb) => db.summaries.orderBy('liveKey').reverse();

/**
 * The trash (within a tag), most recently deleted first: a reverse walk of the summaries'
 * `deletedAt` index, which holds the trash only (IndexedDB leaves a live clip's null out of
 * it), read `limit` rows from `offset` as the live list is. It read every trashed summary
 * and sorted them on each page and refresh (3,000 in the trash: 150-390 ms to open the view).
 * Clips trashed by one action share their `deletedAt`; among them the order is by id.
 */
async function trashPage(db: SiftDb, tag: string | null, offset: number, limit: number): Promise<ListResult> {
  const trash = () => {
    const all = db.summaries.where('deletedAt').above(0).reverse();
    return tag ? all.and((c) => c.tags.includes(tag)) : all;
  };
  const [items, total] = await Promise.all([trash().offset(offset).limit(limit).toArray(), tag ? trash().count() : countTrash(db)]);
  return { items, total };
}

/**
 * Ids of every clip in the trash, in the trash view's order (most recently deleted first):
 * the trash view's export and its "select all". Keys only: no summary is read.
 */
export async function trashIds(db: SiftDb): Promise<string[]> {
  return (await db.summaries.where('deletedAt').above(0).reverse().primaryKeys()) as string[];
}

export async function countLive(db: SiftDb): Promise<number> {
  return liveCount(db);
}

export async function countTrash(db: SiftDb): Promise<number> {
  return db.summaries.where('deletedAt').above(0).count();
}

/** Search terms of a query (for highlighting); the planner is librarySearch.ts. */
export function queryTerms(query: string): string[] {
  return [...new Set(queryWords(query))];
}

export interface SearchResult extends ListResult {
  totalExact: boolean;
  strategy: SearchPage['strategy'];
}

/**
 * Full-text search over title, byline, site name and text (librarySearch.ts plans it):
 * every query word must match (AND), the last also as a prefix, so "typog" finds
 * "typography"; "WiFi", "Wi-Fi" and "wifi" are one word (libraryTerms.ts). Newest first,
 * live clips only, `limit` results from `offset` plus the total.
 */
export async function searchClips(
  db: SiftDb,
  query: string,
  opts: { tag?: string | null; offset?: number; limit?: number } = {},
): Promise<SearchResult> {
  const limit = opts.limit ?? SEARCH_LIMIT;
  if (queryTerms(query).length === 0) {
    // Symbols, punctuation or emoji only ("🍜", "(((") leave no word to look for: nothing
    // matches. Taken for a blank query, they listed every clip as "Search results".
    if (query.trim() !== '') return { items: [], total: 0, totalExact: true, strategy: 'none' };
    return { ...(await listClips(db, { view: 'all', tag: opts.tag ?? null, offset: opts.offset, limit })), totalExact: true, strategy: 'empty' };
  }
  return searchTimeline(db, query, { tagIds: await tagIdSet(db, opts.tag), offset: opts.offset, limit });
}

/** The exact match count when a search page reported `totalExact: false`. */
export async function countSearch(db: SiftDb, query: string, tag: string | null = null): Promise<number> {
  return countMatches(db, query, await tagIdSet(db, tag));
}

/**
 * Ids of every clip a search finds (within the tag), newest first: the library's export of
 * what a search shows. A blank query lists the library (or the tag), one without words finds
 * nothing, as in searchClips.
 */
export async function searchIds(db: SiftDb, query: string, tag: string | null = null): Promise<string[]> {
  if (queryTerms(query).length === 0) return query.trim() !== '' ? [] : liveIds(db, tag);
  return matchIds(db, query, await tagIdSet(db, tag));
}

async function tagIdSet(db: SiftDb, tag: string | null | undefined): Promise<Set<string> | null> {
  return tag ? new Set((await db.summaries.where('tags').equals(tag).primaryKeys()) as string[]) : null;
}

export async function getClip(db: SiftDb, id: string): Promise<StoredClip | undefined> {
  return db.clips.get(id);
}

export async function imagesOf(db: SiftDb, clipId: string): Promise<StoredImage[]> {
  return db.images.where('clipId').equals(clipId).toArray();
}

/** Live neighbours in library order (newest first), for the reader's next/previous keys. */
export async function neighbours(db: SiftDb, clip: Pick<StoredClip, 'id' | 'savedAt'>): Promise<{ newer: string | null; older: string | null }> {
  const key: TimelineKey = [clip.savedAt, clip.id];
  const [newer, older] = await Promise.all([
    db.summaries.where('liveKey').above(key).limit(1).primaryKeys() as Promise<string[]>,
    db.summaries.where('liveKey').below(key).reverse().limit(1).primaryKeys() as Promise<string[]>,
  ]);
  return { newer: newer[0] ?? null, older: older[0] ?? null };
}

// ---- tags -------------------------------------------------------------------------------

/** Trims, collapses white space and caps length; returns null for an empty tag. */
export function normalizeTag(raw: string): string | null {
  const t = raw.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, MAX_TAG_LENGTH);
  return t.length > 0 ? t : null;
}

/**
 * Every tag a live clip carries, sorted case-insensitively: the tags the library can filter
 * by. A tag that only trashed clips carry would lead to an empty list; it is back when they
 * are restored. Only the trash's tags are checked (one read of the trash's summaries, then
 * for each of its tags the first live clip that has it), so a large live library costs
 * nothing more than before.
 */
export async function allTags(db: SiftDb): Promise<string[]> {
  const [keys, trashed] = await Promise.all([
    db.clips.orderBy('tags').uniqueKeys() as Promise<string[]>,
    db.summaries.where('deletedAt').above(0).toArray(),
  ]);
  const trashTags = new Set(trashed.flatMap((s) => s.tags));
  const trashOnly = new Set<string>();
  for (const t of trashTags) {
    const live = await db.summaries.where('tags').equals(t).and((s) => s.deletedAt === null).first();
    if (!live) trashOnly.add(t);
  }
  return keys.filter((t) => !trashOnly.has(t)).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** Tags every clip of `ids` (chunked, BulkOptions); returns the tag as stored, or null when it is empty. */
export async function addTag(db: SiftDb, ids: readonly string[], raw: string, opts: BulkOptions = {}): Promise<string | null> {
  const tag = normalizeTag(raw);
  if (!tag) return null;
  const now = Date.now();
  await rewriteInChunks(db, ids, opts, (c) => {
    // Case-insensitive duplicate check: "Rust" and "rust" are one tag to a person.
    if (c.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return null;
    return { ...c, tags: [...c.tags, tag], updatedAt: now };
  });
  return tag;
}

export async function removeTag(db: SiftDb, ids: readonly string[], tag: string, opts: BulkOptions = {}): Promise<void> {
  const now = Date.now();
  await rewriteInChunks(db, ids, opts, (c) => (c.tags.includes(tag) ? { ...c, tags: c.tags.filter((t) => t !== tag), updatedAt: now } : null));
}

// ---- trash ------------------------------------------------------------------------------

/**
 * Moves clips to the trash (chunked, BulkOptions); returns the ids it moved (not those
 * already there), which is what the undo restores. Every clip gets the same `deletedAt`, so
 * one action is one moment in the trash's order however many chunks it took.
 */
export async function trashClips(db: SiftDb, ids: readonly string[], opts: BulkOptions & { now?: number } = {}): Promise<string[]> {
  const now = opts.now ?? Date.now();
  return rewriteInChunks(db, ids, opts, (c) => (c.deletedAt === null ? { ...c, deletedAt: now } : null));
}

/**
 * The trash view's and the reader's Restore (chunked, BulkOptions); returns the ids it
 * restored (an Undo of `trashClips` is `undoTrash`, which also says what it found gone). As cheap as the move to the trash since schema v7: a trashed clip keeps
 * its timeline row, so only the clip and its summary are rewritten. Until then every restored
 * clip's ~1,300 search terms were indexed again (~35 ms a clip in Chromium, 3,000 clips in
 * 97-105 s); a clip trashed before v7 (or imported trashed) still costs that once.
 */
export async function restoreClips(db: SiftDb, ids: readonly string[], opts: BulkOptions = {}): Promise<string[]> {
  return rewriteInChunks(db, ids, opts, (c) => (c.deletedAt !== null ? { ...c, deletedAt: null } : null));
}

/**
 * What an Undo of a move to the trash did with each clip: restored it, or found it no longer
 * in the trash because something else happened to it meanwhile (another library tab, or the
 * reader, restored it or deleted it forever). The page says which: an Undo that found nothing
 * to restore used to close its toast and say nothing, as if it had worked.
 */
export interface UndoOutcome {
  restored: string[];
  /** Live already: restored elsewhere. */
  alreadyLive: string[];
  /** No longer stored: deleted forever elsewhere (Delete forever, Empty trash). */
  gone: string[];
}

/**
 * Undo of `trashClips` (chunked, BulkOptions): restores those of `ids` still in the trash, as
 * restoreClips does, and reports the others. A clip is never written twice: one already live
 * is left as it is, one deleted forever is not brought back.
 */
export async function undoTrash(db: SiftDb, ids: readonly string[], opts: BulkOptions = {}): Promise<UndoOutcome> {
  const out: UndoOutcome = { restored: [], alreadyLive: [], gone: [] };
  await inChunks(ids, opts, async (chunk) => {
    // Each chunk's facts are kept once its transaction committed: a failed chunk changed nothing.
    const seen = await db.transaction('rw', db.clips, async () => {
      const clips = await db.clips.bulkGet(chunk);
      const back = clips.flatMap((c) => (c && c.deletedAt !== null ? [{ ...c, deletedAt: null }] : []));
      if (back.length > 0) await db.clips.bulkPut(back);
      return {
        restored: back.map((c) => c.id),
        alreadyLive: clips.flatMap((c) => (c && c.deletedAt === null ? [c.id] : [])),
        gone: chunk.filter((_, i) => !clips[i]),
      };
    });
    out.restored.push(...seen.restored);
    out.alreadyLive.push(...seen.alreadyLive);
    out.gone.push(...seen.gone);
    return seen.restored;
  });
  return out;
}

/**
 * Deletes clips and their images for good (chunked, BulkOptions). Each chunk is one
 * transaction over both stores, so a clip is whole or absent. A chunk's done are the clips it
 * found and deleted: one already deleted forever (in another tab) is not counted again, so a
 * stopped delete says how many it deleted, not how many it went through.
 */
export async function deleteForever(db: SiftDb, ids: readonly string[], opts: BulkOptions = {}): Promise<void> {
  await inChunks(ids, opts, (chunk) => db.transaction('rw', db.clips, db.images, async () => {
    const found = (await db.clips.where(':id').anyOf(chunk).primaryKeys()) as string[];
    await db.images.where('clipId').anyOf(chunk).delete();
    await db.clips.bulkDelete(chunk);
    return found;
  }));
}

/** Purges clips trashed more than 30 days ago; returns how many went. Run when the library opens. */
export async function purgeExpiredTrash(db: SiftDb, now = Date.now()): Promise<number> {
  const expired = (await db.clips.where('deletedAt').between(0, now - TRASH_RETENTION_MS, false, true).primaryKeys()) as string[];
  if (expired.length > 0) await deleteForever(db, expired);
  return expired.length;
}

/** Deletes every clip in the trash for good (chunked, BulkOptions); returns how many went. */
export async function emptyTrash(db: SiftDb, opts: BulkOptions = {}): Promise<number> {
  const ids = (await db.clips.where('deletedAt').above(0).primaryKeys()) as string[];
  if (ids.length > 0) await deleteForever(db, ids, opts);
  return ids.length;
}

// ---- bulk actions in chunks -------------------------------------------------------------

/**
 * A bulk action over thousands of clips ("Select all", then Delete) used to be one
 * transaction with nothing to show for it: 3,000 clips of 50 KB took 6-8 s to move to the
 * trash on a quiet machine (20-30 s under load, frame gaps up to 2 s) and minutes to restore
 * (bench/library-bulk.ts). It now runs in chunks, one transaction each: progress after every
 * chunk, a stop between two, and a failure (a full disk) undoes only the chunk it hit.
 */
export interface BulkOptions {
  /** Clips gone through so far (changed or already as asked), of `total`: after each chunk. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the action before its next chunk: it throws BulkStopped with what was done. */
  signal?: AbortSignal;
  /** Clips per transaction. By default adapted to the action's cost (nextChunkSize). */
  chunkSize?: number;
}

/**
 * A bulk action that stopped before its end, because a chunk failed (`cause`: the error;
 * that chunk's transaction changed nothing) or it was stopped (`cause`: the signal's reason,
 * an AbortError). The chunks before it are committed: `done` holds the ids they changed and
 * `processed` counts the ids they went through (changed, or already as asked); `untouched`
 * holds the others, which the action left as they were.
 */
export class BulkStopped extends Error {
  override readonly name = 'BulkStopped';
  constructor(readonly done: string[], readonly processed: number, readonly untouched: string[], override readonly cause: unknown) {
    super(`Stopped after ${processed} of ${processed + untouched.length}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }

  get total(): number {
    return this.processed + this.untouched.length;
  }
}

/** Clips in a bulk action's first chunk: cheap actions grow from it, a restore shrinks. */
export const BULK_FIRST_CHUNK = 10;
/**
 * A chunk aims to take about this long: progress moves twice a second. Each transaction costs
 * a commit: restoring 3,000 clips took 80 s in one transaction, 110 s in chunks of 200 ms,
 * 92-100 s in chunks of 500 ms and 94 s in chunks of 1 s (bench/library-bulk.ts, quiet machine).
 */
export const BULK_CHUNK_MS = 500;
/**
 * At most this many clips a chunk: a chunk's records are read into memory and written back
 * in one go, and at 400 clips of 50 KB the page missed frames for 235-263 ms (100: 85-115 ms).
 */
export const BULK_MAX_CHUNK = 100;

/**
 * The next chunk's size after one of `size` clips took `elapsedMs`: scaled to take
 * BULK_CHUNK_MS, at most doubled (one fast chunk may be luck), at least 1, at most
 * BULK_MAX_CHUNK. Moving clips of 50 KB to the trash costs ~2 ms a clip (chunks of
 * BULK_MAX_CHUNK), restoring them ~35 ms on a quiet machine and over 100 under load
 * (chunks of 5-15).
 */
export function nextChunkSize(size: number, elapsedMs: number): number {
  const scaled = elapsedMs > 0 ? Math.floor((size * BULK_CHUNK_MS) / elapsedMs) : size * 2;
  return Math.max(1, Math.min(BULK_MAX_CHUNK, size * 2, scaled));
}

/**
 * Runs `step` over `ids` in chunks and returns what the steps changed. A step must be one
 * transaction, so a failed chunk leaves nothing behind.
 *
 * The ids go in key order (IndexedDB compares strings by UTF-16 code units, as sort() does),
 * not in the order given (the library's, newest first): in Chromium, deleting 3,000 clips
 * forever in descending key order took 5.1-5.4 s in chunks against 4.3-4.4 in key order, and
 * moving them to the trash on a freshly opened profile 10.8-10.9 s against 6.9-7.1
 * (bench/library-bulk.ts --quick; one transaction in key order, the old code: 3.4-3.9 and
 * 6.7-7.9 s).
 */
async function inChunks(given: readonly string[], opts: BulkOptions, step: (chunk: string[]) => Promise<string[]>): Promise<string[]> {
  const ids = [...given].sort();
  const done: string[] = [];
  let processed = 0;
  let size = opts.chunkSize ?? BULK_FIRST_CHUNK;
  while (processed < ids.length) {
    if (opts.signal?.aborted) throw new BulkStopped(done, processed, ids.slice(processed), opts.signal.reason);
    const chunk = ids.slice(processed, processed + size);
    const started = performance.now();
    try {
      done.push(...(await step(chunk)));
    } catch (err) {
      throw new BulkStopped(done, processed, ids.slice(processed), err);
    }
    processed += chunk.length;
    opts.onProgress?.(processed, ids.length);
    if (opts.chunkSize === undefined) size = nextChunkSize(size, performance.now() - started);
  }
  return done;
}

/**
 * Rewrites each existing clip of `ids` that `change` returns a new record for (null: leave it
 * as it is), in chunks; the library index follows in each chunk's transaction.
 */
function rewriteInChunks(db: SiftDb, ids: readonly string[], opts: BulkOptions, change: (c: StoredClip) => StoredClip | null): Promise<string[]> {
  return inChunks(ids, opts, (chunk) => db.transaction('rw', db.clips, async () => {
    const changed = (await db.clips.bulkGet(chunk)).flatMap((c) => {
      const next = c ? change(c) : null;
      return next ? [next] : [];
    });
    if (changed.length > 0) await db.clips.bulkPut(changed);
    return changed.map((c) => c.id);
  }));
}

// ---- settings ---------------------------------------------------------------------------

export async function getSetting<T>(db: SiftDb, key: string, fallback: T): Promise<T> {
  const row = await db.settings.get(key);
  return row ? (row.value as T) : fallback;
}

export async function setSetting(db: SiftDb, key: string, value: unknown): Promise<void> {
  await db.settings.put({ key, value });
}

/** Ids of live clips in library order (newest first), for "export all", a tag's export and "select all". */
export async function liveIds(db: SiftDb, tag?: string | null): Promise<string[]> {
  if (tag) {
    const tagged = (await db.summaries.where('tags').equals(tag).toArray()).filter((c) => c.deletedAt === null);
    return tagged.sort(byNewest).map((c) => c.id);
  }
  // Forward order + Array.reverse: a forward key range is one getAllKeys call.
  const ids = (await db.summaries.orderBy('liveKey').primaryKeys()) as string[];
  return ids.reverse();
}
