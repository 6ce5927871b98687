import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import {
  addTag, allTags, countLive, countSearch, countTrash, deleteForever, emptyTrash, listClips, liveIds, neighbours, purgeExpiredTrash,
  restoreClips, searchClips, searchIds, trashClips, TRASH_RETENTION_MS,
} from './library';
import { PROBE } from './librarySearch';
import { sampleClip } from './librarySamples';

/**
 * Schema v7: a trashed clip keeps its timeline row (its search terms), so Undo of a Delete
 * and Restore from the trash do not index its words again (3,000 clips: 97 and 105 s before,
 * bench/library-bulk.ts). Every read that the timeline used to answer for live clips alone
 * must now leave the trash out, and a clip that goes for good must take its row with it.
 */

let db: SiftDb;
let n = 0;
const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
const id = (i: number) => `c${String(i).padStart(3, '0')}`;
beforeEach(async () => {
  db = new SiftDb(`trash-${++n}`);
  // As librarySearch.test.ts: "common" and the prefix "typ" are common terms (more postings
  // than PROBE), "half", alpha…delta, typography0-2 and "rare" small ones.
  await db.clips.bulkAdd(Array.from({ length: 600 }, (_, i) => sampleClip({
    id: id(i), title: `Clip ${i}`, savedAt: 1_000 + i * 10,
    html: `<p>common ${i % 2 === 0 ? 'half' : 'odd'} ${i % 100 === 0 ? 'rare' : ''} ${WORDS[i % 4]} typography${i % 3} typea${i % 7} typeb${i % 11} typec typed</p>`,
    tags: i % 5 === 0 ? ['five'] : i === 7 ? ['only-seven'] : [],
  })));
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Puts and deletes IndexedDB does on each store while `run` runs. */
async function countWrites(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const proto = IDBObjectStore.prototype;
  const { put, delete: del } = proto;
  const counts: Record<string, number> = {};
  const bump = (store: string) => { counts[store] = (counts[store] ?? 0) + 1; };
  proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    bump(this.name);
    return put.apply(this, args);
  };
  proto.delete = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['delete']>) {
    bump(this.name);
    return del.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.put = put;
    proto.delete = del;
  }
  return counts;
}

/** Timeline rows whose clip is gone, or under another date than the clip's. */
async function orphanRows(): Promise<[number, string][]> {
  const keys = (await db.timeline.toCollection().primaryKeys()) as [number, string][];
  const clips = await db.clips.bulkGet(keys.map((k) => k[1]));
  return keys.filter((k, i) => clips[i]?.savedAt !== k[0]);
}

// One query per planner path (librarySearch.ts): single small word, single common word, a
// prefix only one word has, small terms intersected, small + common verified, common terms
// scanned, and each within a tag.
const QUERIES: [string, string | null][] = [
  ['rare', null], ['common', null], ['commo', null], ['typography1', null], ['rare half', null], ['alpha typography2', null],
  ['half common', null], ['alpha typog', null], ['typ', null], ['common typog', null], ['half typ', null],
  ['typ', 'five'], ['half typ', 'five'], ['common', 'five'],
];

describe('the trash keeps its search rows (schema v7)', () => {
  // The newest 60 clips (every newest-first walk meets them first) and two of the "rare" ones.
  const trashed = [...Array.from({ length: 60 }, (_, i) => id(599 - i)), id(500), id(100)];
  const gone = new Set(trashed);

  it('search never returns a trashed clip, on any path, and its totals leave the trash out', async () => {
    const before = new Map<string, string[]>();
    for (const [q, tag] of QUERIES) before.set(`${q}|${tag}`, await searchIds(db, q, tag));
    await trashClips(db, trashed);

    for (const [q, tag] of QUERIES) {
      const expected = before.get(`${q}|${tag}`)!.filter((x) => !gone.has(x));
      expect(await searchIds(db, q, tag), `${q} #${tag}`).toEqual(expected);
      expect(await countSearch(db, q, tag), `${q} #${tag}`).toBe(expected.length);
      const page = await searchClips(db, q, { tag, limit: 5 });
      expect(page.items.map((c) => c.id), `${q} #${tag}`).toEqual(expected.slice(0, 5));
      if (page.totalExact) expect(page.total, `${q} #${tag}`).toBe(expected.length);
      else expect(Math.abs(page.total - expected.length), `${q} #${tag}: ≈ ${page.total}`).toBeLessThanOrEqual(expected.length * 0.2);
      const next = await searchClips(db, q, { tag, limit: 5, offset: 5 });
      expect(next.items.map((c) => c.id), `${q} #${tag} page 2`).toEqual(expected.slice(5, 10));
    }
    // A word that only trashed clips have finds nothing.
    await db.clips.update(id(599), { terms: [...(await db.clips.get(id(599)))!.terms, 'onlyintrash'] });
    expect(await searchClips(db, 'onlyintrash')).toMatchObject({ total: 0, items: [] });
    expect(await searchClips(db, 'onlyintr')).toMatchObject({ total: 0, items: [] });
  });

  it('the list, the counts, liveIds, neighbours and tags leave the trash out', async () => {
    await trashClips(db, [...trashed, id(7)]);
    const live = Array.from({ length: 600 }, (_, i) => id(599 - i)).filter((x) => !gone.has(x) && x !== id(7));
    expect(await countLive(db)).toBe(live.length);
    expect(await countTrash(db)).toBe(trashed.length + 1);
    const first = await listClips(db, { view: 'all', limit: 3 });
    expect(first).toMatchObject({ total: live.length });
    expect(first.items.map((c) => c.id)).toEqual(live.slice(0, 3));
    expect((await listClips(db, { view: 'all', offset: 100, limit: 2 })).items.map((c) => c.id)).toEqual(live.slice(100, 102));
    expect(await liveIds(db)).toEqual(live);
    expect(await liveIds(db, 'five')).toEqual(live.filter((x) => Number(x.slice(1)) % 5 === 0));
    expect(await searchIds(db, '  ')).toEqual(live);
    // c501's newer neighbour is c499's successor c502… minus the trash: c502 is live, c500 is not.
    expect(await neighbours(db, { id: id(501), savedAt: 1_000 + 5010 })).toEqual({ newer: id(502), older: id(499) });
    expect(await neighbours(db, { id: id(539), savedAt: 1_000 + 5390 })).toEqual({ newer: null, older: id(538) });
    expect(await allTags(db)).toEqual(['five']);
  });

  it('moving to the trash and restoring leave the timeline untouched; restored clips are found again', async () => {
    const before = new Map<string, string[]>();
    for (const [q, tag] of QUERIES) before.set(`${q}|${tag}`, await searchIds(db, q, tag));
    const trashing = await countWrites(() => trashClips(db, trashed));
    expect(trashing.timeline ?? 0).toBe(0);
    expect(trashing.clips).toBe(trashed.length);
    const restoring = await countWrites(() => restoreClips(db, trashed));
    expect(restoring.timeline ?? 0).toBe(0);
    expect(restoring.clips).toBe(trashed.length);
    for (const [q, tag] of QUERIES) expect(await searchIds(db, q, tag), `${q} #${tag}`).toEqual(before.get(`${q}|${tag}`));
    expect(await countLive(db)).toBe(600);
    expect(await liveIds(db)).toEqual(Array.from({ length: 600 }, (_, i) => id(599 - i)));
    // A tag edit in the trash leaves the row alone too.
    await trashClips(db, [id(3)]);
    expect((await countWrites(() => addTag(db, [id(3)], 'kept'))).timeline ?? 0).toBe(0);
    await restoreClips(db, [id(3)]);
    expect(await searchIds(db, 'delta', 'kept')).toEqual([id(3)]);
    expect(await listClips(db, { view: 'all', tag: 'kept' })).toMatchObject({ total: 1 });
  });

  it('a trashed clip without a row (trashed before v7) is indexed when restored, and only then', async () => {
    await trashClips(db, [id(200), id(300)]);
    // As the v7 upgrade leaves a clip trashed under v6: no timeline row.
    await db.timeline.bulkDelete([[3_000, id(200)], [4_000, id(300)]]);
    expect(await db.timeline.count()).toBe(598);
    expect(await searchIds(db, 'rare')).toEqual([id(500), id(400), id(100), id(0)]);
    const restoring = await countWrites(() => restoreClips(db, [id(200)]));
    expect(restoring.timeline).toBe(1);
    expect(await searchIds(db, 'rare')).toEqual([id(500), id(400), id(200), id(100), id(0)]);
    // Deleting one for good: nothing to delete in the timeline, nothing fails.
    await deleteForever(db, [id(300)]);
    expect(await db.clips.get(id(300))).toBeUndefined();
    expect(await orphanRows()).toEqual([]);
  });

  it('a term that is common only with the trash counted is small, and its total exact', async () => {
    // "common" has 600 postings; with the newest 510 clips in the trash its probe meets them
    // first, and the 90 live clips it has make it small: an exact total, newest live first.
    await trashClips(db, Array.from({ length: 510 }, (_, i) => id(599 - i)));
    const live = 90;
    expect(PROBE).toBeGreaterThan(live);
    const r = await searchClips(db, 'common', { limit: 2 });
    expect(r).toMatchObject({ total: live, totalExact: true, strategy: 'single' });
    expect(r.items.map((c) => c.id)).toEqual([id(89), id(88)]);
    // The prefix "typ" (3,000 postings) stays common: its scan skips the trashed rows.
    const typ = await searchClips(db, 'typ', { limit: 2 });
    expect(typ).toMatchObject({ total: live, strategy: 'scan' });
    expect(typ.items.map((c) => c.id)).toEqual([id(89), id(88)]);
    expect(await countSearch(db, 'typ')).toBe(live);
  });

  it('Delete forever, Empty trash and the 30-day purge leave no timeline row behind', async () => {
    await trashClips(db, trashed.slice(0, 20));
    await deleteForever(db, trashed.slice(0, 5));
    await deleteForever(db, [id(10), id(11)]); // live clips, straight from the list
    expect(await orphanRows()).toEqual([]);
    expect(await db.timeline.count()).toBe(600 - 7);
    expect(await emptyTrash(db)).toBe(15);
    expect(await orphanRows()).toEqual([]);
    expect(await db.timeline.count()).toBe(600 - 20 - 2);

    const now = Date.now();
    await trashClips(db, [id(20), id(21)], { now: now - TRASH_RETENTION_MS - 1 });
    await trashClips(db, [id(22)], { now });
    expect(await purgeExpiredTrash(db, now)).toBe(2);
    expect(await orphanRows()).toEqual([]);
    expect(await db.timeline.count()).toBe(600 - 22 - 2);
    expect(await db.timeline.where('terms').equals('common').count()).toBe(600 - 22 - 2);
    expect(await countLive(db)).toBe(600 - 23 - 2);
    // Re-saved with the same id after going for good: indexed afresh, found once.
    await db.clips.add(sampleClip({ id: id(20), title: 'again', html: '<p>phoenix</p>', savedAt: 99 }));
    expect(await searchIds(db, 'phoenix')).toEqual([id(20)]);
    expect(await orphanRows()).toEqual([]);
  });
});
