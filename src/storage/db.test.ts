import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import type { StoredClip } from './schema';

// Schema v2 (issue 7): a browser that saved clips under v1 opens the database with every
// clip intact, and v2 stores the structured-page fields. Schema v3 (issue 5, scale): the
// upgrade builds the summaries and timeline from existing clips, and a failed upgrade
// leaves the v2 database exactly as it was.

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

function v1Clip(id: string): StoredClip {
  return {
    id, url: `https://courier.example/${id}`, canonicalUrl: null, title: 'When the River Came to Town', byline: null, site: 'The Valley Courier',
    published: null, savedAt: 1000, updatedAt: 1000, lang: 'en', dir: 'ltr', tags: ['flood'], excerpt: null, html: '<p>The river rose.</p>',
    text: 'The river rose.', wordCount: 3, readingMinutes: 1, engine: 'nta', leadImage: null, deletedAt: null, terms: ['river', 'rose'],
  };
}

/** The v1 schema exactly as the first release declared it (v2 declares the same stores). */
function openV1(name: string, version = 1): Dexie {
  const old = new Dexie(name);
  old.version(version).stores({
    clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt, *terms',
    images: 'id, clipId, [clipId+url]',
    settings: 'key',
  });
  return old;
}

describe('SiftDb schema', () => {
  it('opens a v1 database holding a clip as v3 with the clip, its image and its indexes intact', async () => {
    const name = `migrate-${Math.random()}`;
    names.push(name);
    const old = openV1(name);
    await old.table('clips').add(v1Clip('c1'));
    await old.table('images').add({ id: 'i1', clipId: 'c1', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    expect(old.verno).toBe(1);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.clips.get('c1')).toEqual(v1Clip('c1'));
    expect(await db.clips.where('tags').equals('flood').primaryKeys()).toEqual(['c1']);
    expect(await db.timeline.where('terms').equals('river').primaryKeys()).toEqual([[1000, 'c1']]);
    expect(await db.summaries.get('c1')).toMatchObject({ id: 'c1', title: 'When the River Came to Town', tags: ['flood'], savedAt: 1000, hasImages: false });
    expect(await db.images.where('[clipId+url]').equals(['c1', 'https://cdn.example/a.png']).count()).toBe(1);
    db.close();
  });

  it('v2 stores and returns pageKind, attributes and table', async () => {
    const name = `v2-${Math.random()}`;
    names.push(name);
    const db = new SiftDb(name);
    const clip: StoredClip = {
      ...v1Clip('c2'),
      pageKind: 'list',
      attributes: [{ attribute: 'Brand', value: 'Acme' }],
      table: { columns: ['Name', 'Price'], rows: [['Aero 14', '$999'], ['Zen 13', '$1,299']] },
    };
    await db.clips.add(clip);
    expect(await db.clips.get('c2')).toEqual(clip);
    db.close();
  });

  it('upgrades a v2 library of many clips: every clip summarised, live ones on the timeline in date order, trash off it', async () => {
    const name = `v2to3-${Math.random()}`;
    names.push(name);
    const old = openV1(name, 2);
    const clips = Array.from({ length: 450 }, (_, i) => ({
      ...v1Clip(`c${i}`), savedAt: 1000 + i, deletedAt: i % 50 === 0 ? 5000 : null,
      html: i % 2 ? '<p>x</p><img src="https://a/b.png">' : '<p>x</p>', terms: ['river', `w${i}`],
    }));
    // One record from a buggy older writer: no terms, no tags, odd types. It must not block the upgrade.
    const odd = { ...v1Clip('odd'), savedAt: 999, tags: undefined, terms: undefined, excerpt: 42, text: 'Odd river words' } as unknown as StoredClip;
    await old.table('clips').bulkAdd([...clips, odd]);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.clips.count()).toBe(451);
    expect(await db.summaries.count()).toBe(451);
    const live = clips.filter((c) => c.deletedAt === null);
    expect(await db.timeline.count()).toBe(live.length + 1);
    const keys = await db.timeline.toCollection().primaryKeys();
    expect(keys[0]).toEqual([999, 'odd']);
    expect(keys.at(-1)).toEqual([1449, 'c449']);
    expect(await db.timeline.where('terms').equals('odd').primaryKeys()).toEqual([[999, 'odd']]);
    expect(await db.summaries.get('odd')).toMatchObject({ tags: [], excerpt: null });
    expect((await db.summaries.get('c1'))!.hasImages).toBe(true);
    expect(await db.clips.get('c7')).toEqual(clips[7]);
    db.close();
  });

  it('a failed upgrade (quota exceeded while building the index) changes nothing and is retried on the next open', async () => {
    const name = `v2fail-${Math.random()}`;
    names.push(name);
    const old = openV1(name, 2);
    const clips = Array.from({ length: 300 }, (_, i) => ({ ...v1Clip(`c${i}`), savedAt: 1000 + i }));
    await old.table('clips').bulkAdd(clips);
    old.close();

    // The browser runs out of quota halfway through writing the new index.
    const proto = IDBObjectStore.prototype;
    const put = proto.put;
    let writes = 0;
    proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'timeline' && ++writes > 250) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      const db = new SiftDb(name);
      await expect(db.open()).rejects.toThrow(/quota/i);
      db.close();
    } finally {
      proto.put = put;
    }
    // Still v2, every clip as it was, the old index in place.
    const check = openV1(name, 2);
    await check.open();
    expect(check.verno).toBe(2);
    expect(check.tables.map((t) => t.name).sort()).toEqual(['clips', 'images', 'settings']);
    expect(await check.table('clips').toArray()).toEqual([...clips].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(await check.table('clips').where('terms').equals('river').count()).toBe(300);
    check.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(3);
    expect(await db.timeline.count()).toBe(300);
    db.close();
  });
});
