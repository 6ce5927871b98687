import 'fake-indexeddb/auto';
import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import {
  addTag, BULK_CHUNK_MS, BULK_FIRST_CHUNK, BULK_MAX_CHUNK, BulkStopped, countLive, countTrash, deleteForever, emptyTrash, listClips,
  nextChunkSize, restoreClips, searchClips, trashClips, trashIds,
} from './library';
import { sampleClip } from './librarySamples';

/**
 * Bulk actions at scale ("Select all" over thousands of clips, then Delete, Undo, Tag,
 * Restore, Delete forever, Empty trash) run in chunks of one transaction each: progress after
 * every chunk, a stop between two, and a failure (a full disk) that undoes only its chunk.
 */

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${String(i).padStart(2, '0')}`);

/**
 * A clip write that fails as a full disk does when it touches clip `id` (a put of it, which
 * `restoring` narrows to one that takes it out of the trash; or a delete).
 */
function quotaFullAt(id: string, type: 'put' | 'delete' | 'restoring'): Middleware<DBCore> {
  return wrapTable('quota-full', 'clips', (table) => ({
    ...table,
    mutate(req) {
      const hits = req.type === 'put' ? req.values.some((v: { id: string; deletedAt: number | null }) => v.id === id && (type !== 'restoring' || v.deletedAt === null))
        : req.type === 'delete' ? (req.keys as string[]).includes(id) : false;
      if ((req.type === type || (type === 'restoring' && req.type === 'put')) && hits) return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      return table.mutate(req);
    },
  }));
}

/** A DBCore middleware that replaces one table's operations with `wrap`'s; the others pass through. */
function wrapTable(name: string, tableName: string, wrap: (table: DBCoreTable) => DBCoreTable): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name,
    create: (down) => ({ ...down, table: (t) => (t === tableName ? wrap(down.table(t)) : down.table(t)) }),
  };
}

/**
 * Summary rows read (values, not keys) through `db`, by getAll, get or a cursor, to show the
 * trash view reads a page: the ids of the rows read.
 */
function countSummaryReads(db: SiftDb): Set<string> {
  const read = new Set<string>();
  db.use(wrapTable('count-summary-reads', 'summaries', (table) => ({
    ...table,
    async query(req) {
      const res = await table.query(req);
      if (req.values) for (const r of res.result as { id: string }[]) read.add(r.id);
      return res;
    },
    async getMany(req) {
      const res = await table.getMany(req);
      for (const r of res as ({ id: string } | undefined)[]) if (r) read.add(r.id);
      return res;
    },
    async openCursor(req) {
      const cursor = await table.openCursor(req);
      if (!cursor || !req.values) return cursor;
      return new Proxy(cursor, {
        get(target, prop) {
          if (prop === 'value') read.add(String(target.primaryKey));
          const v = Reflect.get(target, prop, target) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    },
  })));
  return read;
}

let db: SiftDb;
let n = 0;
/** Summary rows read, when a test counts them. */
let reads = new Set<string>();
/** A library of `count` clips c00… (newest last), each with one image; `setup` may add middleware before it opens. */
async function library(count: number, setup: (db: SiftDb) => void = () => undefined): Promise<SiftDb> {
  db = new SiftDb(`bulk-${++n}`);
  setup(db);
  await db.clips.bulkAdd(ids(count).map((id, i) => sampleClip({ id, title: `Clip ${id}`, html: `<p>heron notes ${id}</p>`, savedAt: 1000 + i })));
  await db.images.bulkAdd(ids(count).map((id) => ({ id: `${id}-img`, clipId: id, url: `https://x/${id}.png`, blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed' as const, error: 'x' })));
  return db;
}
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Catches the BulkStopped a call must throw. */
async function stopped(p: Promise<unknown>): Promise<BulkStopped> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(BulkStopped);
  return err as BulkStopped;
}

describe('bulk actions in chunks', () => {
  it('move to the trash reports progress after every chunk, and Undo brings every clip back', async () => {
    await library(25);
    const seen: [number, number][] = [];
    const moved = await trashClips(db, ids(25), { chunkSize: 10, onProgress: (d, t) => seen.push([d, t]), now: 5000 });
    expect(seen).toEqual([[10, 25], [20, 25], [25, 25]]);
    expect(moved).toEqual(ids(25));
    expect(await countLive(db)).toBe(0);
    expect(await countTrash(db)).toBe(25);
    expect(new Set((await db.clips.toArray()).map((c) => c.deletedAt))).toEqual(new Set([5000]));
    // Clips already in the trash are not "moved" again (the undo would restore what it did not move).
    expect(await trashClips(db, ['c00', 'c01'])).toEqual([]);

    const back: [number, number][] = [];
    expect(await restoreClips(db, moved, { chunkSize: 7, onProgress: (d, t) => back.push([d, t]) })).toEqual(ids(25));
    expect(back).toEqual([[7, 25], [14, 25], [21, 25], [25, 25]]);
    expect(await countLive(db)).toBe(25);
    expect((await searchClips(db, 'heron')).total).toBe(25);
  });

  it('a full disk halfway through a move to the trash: the chunks before it stay moved, the rest untouched, and Undo covers what moved', async () => {
    await library(25, (d) => d.use(quotaFullAt('c13', 'put')));
    // Given newest first, as the library lists them; gone through in key order (faster in Chromium).
    const err = await stopped(trashClips(db, ids(25).reverse(), { chunkSize: 5 }));
    expect(err.done).toEqual(ids(10));
    expect(err.processed).toBe(10);
    expect(err.untouched).toEqual(ids(25).slice(10));
    expect(err.total).toBe(25);
    expect((err.cause as DOMException).name).toBe('QuotaExceededError');
    // The failed chunk (c10–c14) and everything after it are live, searchable and counted.
    expect(await countLive(db)).toBe(15);
    expect((await trashIds(db)).sort()).toEqual(ids(10));
    expect((await db.clips.where('deletedAt').above(0).primaryKeys()).sort()).toEqual(ids(10));
    expect((await searchClips(db, 'heron')).total).toBe(15);
    // Undo of what was moved.
    expect(await restoreClips(db, err.done)).toEqual(ids(10));
    expect(await countLive(db)).toBe(25);
    expect(await countTrash(db)).toBe(0);
  });

  it('a restore that fails partway restores whole chunks only; the rest stay in the trash', async () => {
    await library(12, (d) => d.use(quotaFullAt('c06', 'restoring')));
    await trashClips(db, ids(10));
    const err = await stopped(restoreClips(db, ids(12), { chunkSize: 4 }));
    // The second chunk (c04–c07) failed on c06: only the first is restored.
    expect(err.done).toEqual(ids(4));
    expect(err.processed).toBe(4);
    expect((await trashIds(db)).sort()).toEqual(ids(10).slice(4));
    expect(await countLive(db)).toBe(6);
  });

  it('delete forever that fails partway: deleted chunks are gone with their images, the rest are whole', async () => {
    await library(9, (d) => d.use(quotaFullAt('c07', 'delete')));
    await trashClips(db, ids(9));
    const seen: number[] = [];
    const err = await stopped(deleteForever(db, ids(9), { chunkSize: 3, onProgress: (d) => seen.push(d) }));
    expect(seen).toEqual([3, 6]);
    expect(err.done).toEqual(ids(6));
    expect((await db.clips.toCollection().primaryKeys()).sort()).toEqual(['c06', 'c07', 'c08']);
    expect((await db.images.toArray()).map((im) => im.clipId).sort()).toEqual(['c06', 'c07', 'c08']);
    expect((await db.summaries.toCollection().primaryKeys()).sort()).toEqual(['c06', 'c07', 'c08']);
  });

  it('a stop between two chunks keeps what was done and leaves the rest as it was', async () => {
    await library(30);
    const stop = new AbortController();
    const err = await stopped(trashClips(db, ids(30), { chunkSize: 8, signal: stop.signal, onProgress: (d) => { if (d === 16) stop.abort(); } }));
    expect(err.done).toEqual(ids(16));
    expect((err.cause as DOMException).name).toBe('AbortError');
    expect(await countLive(db)).toBe(14);
  });

  // A stopped bulk action says how many clips it changed (BulkStopped.done), not how many it
  // went through: a clip another tab had deleted forever meanwhile was counted as deleted here.
  it('a stopped delete forever counts as done only the clips it deleted, not those already gone', async () => {
    await library(9);
    await trashClips(db, ids(9));
    await deleteForever(db, ['c01', 'c04']);
    const stop = new AbortController();
    const err = await stopped(deleteForever(db, ids(9), { chunkSize: 3, signal: stop.signal, onProgress: (d) => { if (d === 6) stop.abort(); } }));
    expect(err.processed).toBe(6);
    expect(err.done).toEqual(['c00', 'c02', 'c03', 'c05']);
    expect(err.untouched).toEqual(ids(9).slice(6));
  });

  it('a stopped tagging counts as done only the clips it tagged, not those that had the tag', async () => {
    await library(9);
    await addTag(db, ['c00', 'c02'], 'later');
    const stop = new AbortController();
    const err = await stopped(addTag(db, ids(9), 'Later', { chunkSize: 3, signal: stop.signal, onProgress: (d) => { if (d === 3) stop.abort(); } }));
    expect(err.processed).toBe(3);
    expect(err.done).toEqual(['c01']);
  });

  it('tags and empties the trash in chunks, with progress', async () => {
    await library(23);
    const tagged: number[] = [];
    expect(await addTag(db, ids(23), ' Later ', { chunkSize: 10, onProgress: (d) => tagged.push(d) })).toBe('Later');
    expect(tagged).toEqual([10, 20, 23]);
    expect((await listClips(db, { view: 'all', tag: 'Later', limit: 100 })).total).toBe(23);
    await trashClips(db, ids(23));
    const emptied: number[] = [];
    expect(await emptyTrash(db, { chunkSize: 10, onProgress: (d) => emptied.push(d) })).toBe(23);
    expect(emptied).toEqual([10, 20, 23]);
    expect(await db.clips.count()).toBe(0);
    expect(await db.images.count()).toBe(0);
  });

  it('without a chunk size, starts small and grows while chunks are quick', async () => {
    await library(60);
    const seen: number[] = [];
    await trashClips(db, ids(60), { onProgress: (d) => seen.push(d) });
    expect(seen[0]).toBe(BULK_FIRST_CHUNK);
    expect(seen.at(-1)).toBe(60);
  });

  it('nextChunkSize aims each chunk at its time budget: at most doubles, shrinks at once, 1 to BULK_MAX_CHUNK', () => {
    expect(BULK_CHUNK_MS).toBe(500);
    expect(nextChunkSize(10, 20)).toBe(20); // a fast chunk: doubled, no more
    expect(nextChunkSize(10, 0)).toBe(20);
    expect(nextChunkSize(10, 500)).toBe(10); // on budget
    expect(nextChunkSize(10, 1000)).toBe(5); // a restore under load: ~100 ms a clip
    expect(nextChunkSize(1, 5000)).toBe(1);
    expect(nextChunkSize(BULK_MAX_CHUNK, 1)).toBe(BULK_MAX_CHUNK);
  });
});

describe('the trash view pages like the live list', () => {
  // It read every trashed summary and sorted them for each page (and for every refresh).
  it('reads one page of summaries from the deletedAt index, most recently deleted first, with the total', async () => {
    await library(120, (d) => { reads = countSummaryReads(d); });
    await trashClips(db, ids(60), { now: 5000 });
    await trashClips(db, ids(120).slice(60), { now: 6000 });
    reads.clear();
    const first = await listClips(db, { view: 'trash', limit: 50 });
    expect(reads.size).toBe(50);
    expect(first.total).toBe(120);
    const second = await listClips(db, { view: 'trash', offset: 50, limit: 50 });
    const third = await listClips(db, { view: 'trash', offset: 100, limit: 50 });
    const shown = [...first.items, ...second.items, ...third.items].map((c) => c.id);
    expect(shown).toEqual(await trashIds(db));
    expect(new Set(shown.slice(0, 60))).toEqual(new Set(ids(120).slice(60)));
    expect(third.items).toHaveLength(20);
  });
});
