import type { SiftDb } from './db';
import type { StoredClip, StoredImage } from './schema';
import { words } from './libraryTerms';

/**
 * Library queries: what the library and reader pages ask of IndexedDB. Every function
 * takes the database, so unit tests can pass a fake-indexeddb instance and pages the real one.
 */

/** Trashed clips are kept this long, then purged with their images (issue 5). */
export const TRASH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** A library page: enough to fill two screens, small enough to open fast at 10,000 clips. */
export const PAGE_SIZE = 50;
/** A search shows this many hits; the total is still reported. */
export const SEARCH_LIMIT = 100;
export const MAX_TAG_LENGTH = 64;

/** What a list row needs: the clip minus its heavy fields (html, text, terms). */
export interface ClipSummary {
  id: string;
  title: string;
  url: string;
  site: string | null;
  byline: string | null;
  savedAt: number;
  tags: string[];
  excerpt: string | null;
  readingMinutes: number;
  wordCount: number;
  lang: string | null;
  dir: 'ltr' | 'rtl' | null;
  deletedAt: number | null;
}

export function summarize(c: StoredClip): ClipSummary {
  return {
    id: c.id, title: c.title, url: c.url, site: c.site, byline: c.byline, savedAt: c.savedAt,
    tags: c.tags, excerpt: c.excerpt, readingMinutes: c.readingMinutes, wordCount: c.wordCount,
    lang: c.lang, dir: c.dir, deletedAt: c.deletedAt,
  };
}

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

const byNewest = (a: { savedAt: number; id: string }, b: { savedAt: number; id: string }) =>
  b.savedAt - a.savedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Live clips newest first, or the trash most recently deleted first. */
export async function listClips(db: SiftDb, q: ListQuery): Promise<ListResult> {
  const offset = q.offset ?? 0;
  const limit = q.limit ?? PAGE_SIZE;
  if (q.view === 'trash') {
    // deletedAt is null for live clips, and IndexedDB leaves null out of an index: this
    // range walks the trash only.
    const all = await db.clips.where('deletedAt').above(0).toArray();
    const filtered = q.tag ? all.filter((c) => c.tags.includes(q.tag!)) : all;
    filtered.sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0));
    return { items: filtered.slice(offset, offset + limit).map(summarize), total: filtered.length };
  }
  if (q.tag) {
    const tagged = await db.clips.where('tags').equals(q.tag).filter((c) => c.deletedAt === null).toArray();
    tagged.sort(byNewest);
    return { items: tagged.slice(offset, offset + limit).map(summarize), total: tagged.length };
  }
  // The common case at scale. A value cursor costs one browser round trip per record, so
  // instead: all keys of the savedAt index in one getAllKeys, drop the (small) trash, then
  // load just the page with one bulkGet.
  const ids = await liveIds(db);
  const page = (await db.clips.bulkGet(ids.slice(offset, offset + limit))).filter((c): c is StoredClip => !!c);
  return { items: page.map(summarize), total: ids.length };
}

export async function countLive(db: SiftDb): Promise<number> {
  const [all, trashed] = await Promise.all([db.clips.count(), db.clips.where('deletedAt').above(0).count()]);
  return all - trashed;
}

export async function countTrash(db: SiftDb): Promise<number> {
  return db.clips.where('deletedAt').above(0).count();
}

/** Search terms of a query; the last one is treated as a prefix (search as you type). */
export function queryTerms(query: string): string[] {
  return [...new Set(words(query))];
}

/**
 * Full-text search over title + text through the `*terms` multi-entry index: every query
 * word must match (AND), each as a prefix of a stored word, so "typog" finds "typography".
 * Results are newest first, live clips only.
 */
export async function searchClips(
  db: SiftDb,
  query: string,
  opts: { tag?: string | null; limit?: number } = {},
): Promise<ListResult> {
  const terms = queryTerms(query);
  const limit = opts.limit ?? SEARCH_LIMIT;
  if (terms.length === 0) return listClips(db, { view: 'all', tag: opts.tag ?? null, limit });
  // Only the last word is a prefix, and only from 3 characters: "a" as a prefix would walk
  // most of the index and tells the user nothing yet.
  const idSets = await Promise.all(terms.map(async (t, i) => {
    const prefix = i === terms.length - 1 && t.length >= 3;
    const keys = await (prefix ? db.clips.where('terms').startsWith(t) : db.clips.where('terms').equals(t)).primaryKeys();
    return new Set(keys as string[]);
  }));
  idSets.sort((a, b) => a.size - b.size);
  let ids = idSets[0] ?? new Set<string>();
  for (const other of idSets.slice(1)) ids = new Set([...ids].filter((id) => other.has(id)));
  if (ids.size === 0) return { items: [], total: 0 };
  const [trashed, tagged] = await Promise.all([
    db.clips.where('deletedAt').above(0).primaryKeys().then((k) => new Set(k as string[])),
    opts.tag ? db.clips.where('tags').equals(opts.tag).primaryKeys().then((k) => new Set(k as string[])) : Promise.resolve(null),
  ]);
  const keep = (id: string) => !trashed.has(id) && (!tagged || tagged.has(id));
  if (ids.size <= limit) {
    // Few hits: load them and sort.
    const clips = (await db.clips.bulkGet([...ids].filter(keep))).filter((c): c is StoredClip => !!c);
    clips.sort(byNewest);
    return { items: clips.map(summarize), total: clips.length };
  }
  // Many hits: order by the savedAt index keys alone and load only the page shown.
  const newestFirst = ((await db.clips.orderBy('savedAt').primaryKeys()) as string[]).reverse();
  const hits = newestFirst.filter((id) => ids.has(id) && keep(id));
  const page = (await db.clips.bulkGet(hits.slice(0, limit))).filter((c): c is StoredClip => !!c);
  return { items: page.map(summarize), total: hits.length };
}

export async function getClip(db: SiftDb, id: string): Promise<StoredClip | undefined> {
  return db.clips.get(id);
}

export async function imagesOf(db: SiftDb, clipId: string): Promise<StoredImage[]> {
  return db.images.where('clipId').equals(clipId).toArray();
}

/** Live neighbours in library order (newest first), for the reader's next/previous keys. */
export async function neighbours(db: SiftDb, clip: StoredClip): Promise<{ newer: string | null; older: string | null }> {
  const [newer, older] = await Promise.all([
    db.clips.where('savedAt').above(clip.savedAt).filter((c) => c.deletedAt === null).first(),
    db.clips.where('savedAt').below(clip.savedAt).reverse().filter((c) => c.deletedAt === null).first(),
  ]);
  return { newer: newer?.id ?? null, older: older?.id ?? null };
}

// ---- tags -------------------------------------------------------------------------------

/** Trims, collapses white space and caps length; returns null for an empty tag. */
export function normalizeTag(raw: string): string | null {
  const t = raw.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, MAX_TAG_LENGTH);
  return t.length > 0 ? t : null;
}

/** Every tag in use, sorted case-insensitively. */
export async function allTags(db: SiftDb): Promise<string[]> {
  const keys = (await db.clips.orderBy('tags').uniqueKeys()) as string[];
  return keys.sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
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

/** Ids of live clips in library order (newest first), for "export all" and "select all". */
export async function liveIds(db: SiftDb, tag?: string | null): Promise<string[]> {
  if (tag) {
    const tagged = await db.clips.where('tags').equals(tag).filter((c) => c.deletedAt === null).toArray();
    return tagged.sort(byNewest).map((c) => c.id);
  }
  const trashed = new Set((await db.clips.where('deletedAt').above(0).primaryKeys()) as string[]);
  // Forward order + Array.reverse: a forward key range is one getAllKeys call.
  const all = ((await db.clips.orderBy('savedAt').primaryKeys()) as string[]).reverse();
  return trashed.size ? all.filter((id) => !trashed.has(id)) : all;
}
