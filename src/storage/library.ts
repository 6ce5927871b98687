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
  if (q.view === 'trash') {
    const filtered = await trashSummaries(db, q.tag);
    return { items: filtered.slice(offset, offset + limit), total: filtered.length };
  }
  if (q.tag) {
    const tagged = (await db.summaries.where('tags').equals(q.tag).toArray()).filter((c) => c.deletedAt === null);
    tagged.sort(byNewest);
    return { items: tagged.slice(offset, offset + limit), total: tagged.length };
  }
  // The common case at scale: the timeline's keys are in date order, so the page is a
  // reverse key walk of `limit` steps and the total the stored live count; only the page's
  // summary rows are read.
  const [keys, total] = await Promise.all([
    db.timeline.reverse().offset(offset).limit(limit).primaryKeys() as Promise<TimelineKey[]>,
    liveCount(db),
  ]);
  const rows = await db.summaries.bulkGet(keys.map((k) => k[1]));
  return { items: rows.filter((s): s is StoredSummary => !!s), total };
}

/** The trash (within a tag), most recently deleted first: the trash view's order. */
async function trashSummaries(db: SiftDb, tag?: string | null): Promise<StoredSummary[]> {
  // deletedAt is null for live clips, and IndexedDB leaves null out of an index: this
  // range walks the trash only (summary rows, small).
  const all = await db.summaries.where('deletedAt').above(0).toArray();
  const filtered = tag ? all.filter((c) => c.tags.includes(tag)) : all;
  return filtered.sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0));
}

/**
 * Ids of every clip in the trash, in the trash view's order (most recently deleted first):
 * the trash view's export and its "select all".
 */
export async function trashIds(db: SiftDb): Promise<string[]> {
  return (await trashSummaries(db)).map((c) => c.id);
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
  if (queryTerms(query).length === 0) return { ...(await listClips(db, { view: 'all', tag: opts.tag ?? null, offset: opts.offset, limit })), totalExact: true, strategy: 'empty' };
  return searchTimeline(db, query, { tagIds: await tagIdSet(db, opts.tag), offset: opts.offset, limit });
}

/** The exact match count when a search page reported `totalExact: false`. */
export async function countSearch(db: SiftDb, query: string, tag: string | null = null): Promise<number> {
  return countMatches(db, query, await tagIdSet(db, tag));
}

/**
 * Ids of every clip a search finds (within the tag), newest first: the library's export of
 * what a search shows. A query without words lists the library (or the tag), as searchClips does.
 */
export async function searchIds(db: SiftDb, query: string, tag: string | null = null): Promise<string[]> {
  if (queryTerms(query).length === 0) return liveIds(db, tag);
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
    db.timeline.where(':id').above(key).limit(1).primaryKeys() as Promise<TimelineKey[]>,
    db.timeline.where(':id').below(key).reverse().limit(1).primaryKeys() as Promise<TimelineKey[]>,
  ]);
  return { newer: newer[0]?.[1] ?? null, older: older[0]?.[1] ?? null };
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

export async function addTag(db: SiftDb, ids: string[], raw: string): Promise<string | null> {
  const tag = normalizeTag(raw);
  if (!tag) return null;
  const now = Date.now();
  await db.clips.where('id').anyOf(ids).modify((c) => {
    // Case-insensitive duplicate check: "Rust" and "rust" are one tag to a person.
    if (!c.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      c.tags = [...c.tags, tag];
      c.updatedAt = now;
    }
  });
  return tag;
}

export async function removeTag(db: SiftDb, ids: string[], tag: string): Promise<void> {
  const now = Date.now();
  await db.clips.where('id').anyOf(ids).modify((c) => {
    if (c.tags.includes(tag)) {
      c.tags = c.tags.filter((t) => t !== tag);
      c.updatedAt = now;
    }
  });
}

// ---- trash ------------------------------------------------------------------------------

/** Moves clips to the trash; returns what the undo needs. */
export async function trashClips(db: SiftDb, ids: string[], now = Date.now()): Promise<string[]> {
  const moved: string[] = [];
  await db.clips.where('id').anyOf(ids).modify((c) => {
    if (c.deletedAt === null) {
      c.deletedAt = now;
      moved.push(c.id);
    }
  });
  return moved;
}

/** Undo of `trashClips`, and the trash view's "restore". */
export async function restoreClips(db: SiftDb, ids: string[]): Promise<void> {
  await db.clips.where('id').anyOf(ids).modify((c) => {
    c.deletedAt = null;
  });
}

/** Deletes clips and their images for good, in one transaction (a clip is whole or absent). */
export async function deleteForever(db: SiftDb, ids: string[]): Promise<void> {
  await db.transaction('rw', db.clips, db.images, async () => {
    await db.images.where('clipId').anyOf(ids).delete();
    await db.clips.bulkDelete(ids);
  });
}

/** Purges clips trashed more than 30 days ago; returns how many went. Run when the library opens. */
export async function purgeExpiredTrash(db: SiftDb, now = Date.now()): Promise<number> {
  const expired = (await db.clips.where('deletedAt').between(0, now - TRASH_RETENTION_MS, false, true).primaryKeys()) as string[];
  if (expired.length > 0) await deleteForever(db, expired);
  return expired.length;
}

export async function emptyTrash(db: SiftDb): Promise<number> {
  const ids = (await db.clips.where('deletedAt').above(0).primaryKeys()) as string[];
  if (ids.length > 0) await deleteForever(db, ids);
  return ids.length;
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
  const keys = (await db.timeline.toCollection().primaryKeys()) as TimelineKey[];
  return keys.reverse().map((k) => k[1]);
}
