import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import { countLive, liveIds, listClips, neighbours, restoreClips, searchClips, searchIds, trashClips } from './library';
import { LIVE_COUNT_KEY, summaryOf } from './libraryIndex';
import { termsFor } from './libraryTerms';
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
  it('opens a v1 database holding a clip as v7 with the clip, its image and its indexes intact', async () => {
    const name = `migrate-${Math.random()}`;
    names.push(name);
    const old = openV1(name);
    await old.table('clips').add(v1Clip('c1'));
    await old.table('images').add({ id: 'i1', clipId: 'c1', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    expect(old.verno).toBe(1);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    // Terms are rebuilt by the v4 upgrade (site name added); everything else is as it was.
    expect(await db.clips.get('c1')).toEqual({ ...v1Clip('c1'), terms: expect.arrayContaining(['river', 'rose', 'valley', 'courier']) });
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
    expect(db.verno).toBe(7);
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
    // v4 rebuilt the terms from the text (the fixture's made-up 'w7' is not in it).
    expect(await db.clips.get('c7')).toEqual({ ...clips[7], terms: expect.arrayContaining(['river', 'rose']) });
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
    await watchPuts(quotaAfter('timeline', 250), async () => {
      const db = new SiftDb(name);
      await expect(db.open()).rejects.toThrow(/quota/i);
      db.close();
    });
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
    expect(db.verno).toBe(7);
    expect(await db.timeline.count()).toBe(300);
    db.close();
  });
});

/** The stores exactly as v3 declared them (v3 release: summaries and timeline); v4 kept them. */
const V3_STORES = {
  clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt',
  images: 'id, clipId, [clipId+url]',
  settings: 'key',
  summaries: 'id, savedAt, deletedAt, *tags',
  timeline: '[savedAt+id], *terms',
};

/** A database at `version` with the v3 stores, as a v3 (or v4) release opened it. */
function openV3(name: string, version = 3): Dexie {
  const old = new Dexie(name);
  old.version(version).stores(V3_STORES);
  return old;
}

describe('SiftDb v4: search terms include byline and site, and hyphenated words joined', () => {
  it('upgrades a v3 library: every clip kept, terms rebuilt, the new terms searchable, trash still off the timeline', async () => {
    const name = `v3to4-${Math.random()}`;
    names.push(name);
    const old = openV3(name);
    // Clips as v3 stored them: terms of title + text only, "Wi-Fi" as "wi" and "fi".
    const clips: StoredClip[] = Array.from({ length: 250 }, (_, i) => ({
      ...v1Clip(`c${i}`), savedAt: 1000 + i, byline: i % 2 ? 'Ada Lovelace' : null, site: 'The Valley Courier',
      text: `The river rose. Wi-Fi failed at ${i}.`, terms: ['the', 'river', 'rose', 'wi', 'fi', 'failed', 'at', String(i)],
      deletedAt: i % 10 === 0 ? 5000 : null,
    }));
    await old.table('clips').bulkAdd(clips);
    await old.table('summaries').bulkAdd(clips.map(summaryOf));
    await old.table('timeline').bulkAdd(clips.filter((c) => c.deletedAt === null).map((c) => ({ savedAt: c.savedAt, id: c.id, terms: c.terms })));
    await old.table('images').add({ id: 'i1', clipId: 'c1', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    const live = clips.filter((c) => c.deletedAt === null);
    await old.table('settings').bulkAdd([{ key: LIVE_COUNT_KEY, value: live.length }, { key: 'reader:prefs', value: { theme: 'sepia' } }]);
    expect(await old.table('timeline').where('terms').equals('lovelace').count()).toBe(0);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    // Nothing lost: every clip as it was but for its terms; images, settings and summaries intact.
    const after = await db.clips.toArray();
    expect(after).toHaveLength(250);
    for (const c of after) {
      const { terms, ...rest } = c;
      const { terms: oldTerms, ...was } = clips.find((x) => x.id === c.id)!;
      expect(rest).toEqual(was);
      expect(terms).toEqual(expect.arrayContaining(oldTerms));
      expect(terms).toEqual(expect.arrayContaining(['valley', 'courier', 'wifi', ...(c.byline ? ['ada', 'lovelace'] : [])]));
    }
    expect(await db.images.get('i1')).toMatchObject({ clipId: 'c1', status: 'failed' });
    expect(await db.settings.get('reader:prefs')).toEqual({ key: 'reader:prefs', value: { theme: 'sepia' } });
    expect(await db.summaries.count()).toBe(250);
    expect(await countLive(db)).toBe(live.length);
    expect(await db.timeline.count()).toBe(live.length);
    // The new terms are searchable; trashed clips are still not found.
    const lovelace = await searchClips(db, 'lovelace', { limit: 500 });
    expect(lovelace.items.map((c) => c.id).sort()).toEqual(live.filter((c) => c.byline).map((c) => c.id).sort());
    expect(lovelace.total).toBe(live.filter((c) => c.byline).length);
    // Every clip has both words, the trashed ones too: only the live ones are found.
    expect((await searchClips(db, 'courier wifi', { limit: 500 })).total).toBe(live.length);
    db.close();
  });
});

describe('SiftDb v5: accented words are also indexed without their accents', () => {
  it('upgrades a v4 library: terms rebuilt, "munchen" finds München, nothing else changed', async () => {
    const name = `v4to5-${Math.random()}`;
    names.push(name);
    const old = openV3(name, 4);
    // Terms as v4 wrote them: accented words only as written.
    const clips: StoredClip[] = [
      { ...v1Clip('de'), savedAt: 2000, title: 'München', byline: 'Zoë Ångström', text: 'Die Straße war leer.', terms: ['münchen', 'zoë', 'ångström', 'the', 'valley', 'courier', 'die', 'straße', 'war', 'leer'] },
      { ...v1Clip('en'), savedAt: 3000, title: 'Munich', text: 'The street was empty.', terms: ['munich', 'the', 'valley', 'courier', 'street', 'was', 'empty'] },
    ];
    await old.table('clips').bulkAdd(clips);
    await old.table('summaries').bulkAdd(clips.map(summaryOf));
    await old.table('timeline').bulkAdd(clips.map((c) => ({ savedAt: c.savedAt, id: c.id, terms: c.terms })));
    await old.table('settings').add({ key: LIVE_COUNT_KEY, value: 2 });
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    for (const c of await db.clips.toArray()) {
      const { terms, ...rest } = c;
      const { terms: oldTerms, ...was } = clips.find((x) => x.id === c.id)!;
      expect(rest).toEqual(was);
      expect(terms).toEqual(expect.arrayContaining(oldTerms));
    }
    const ids = async (q: string) => (await searchClips(db, q)).items.map((c) => c.id);
    expect(await ids('munchen')).toEqual(['de']);
    expect(await ids('zoe strasse')).toEqual(['de']);
    expect(await ids('München')).toEqual(['de']);
    expect(await ids('munich')).toEqual(['en']);
    expect(await countLive(db)).toBe(2);
    db.close();
  });
});

describe('SiftDb v6: German umlauts are also indexed as ae, oe, ue', () => {
  it('upgrades a v5 library: terms rebuilt, "groesse" finds Größe, clips, images, tags, trash and settings unchanged', async () => {
    const name = `v5to6-${Math.random()}`;
    names.push(name);
    const old = openV3(name, 5);
    // Terms as v5 wrote them: each word as written and without its accents, no ae/oe/ue form.
    const clips: StoredClip[] = [
      { ...v1Clip('de'), savedAt: 2000, title: 'Die Größe von Köln', byline: 'Jörg Müller', text: 'Die Straße war leer.', tags: ['städte'],
        terms: ['die', 'größe', 'grosse', 'von', 'köln', 'koln', 'jörg', 'jorg', 'müller', 'muller', 'the', 'valley', 'courier', 'straße', 'strasse', 'war', 'leer'] },
      { ...v1Clip('en'), savedAt: 3000, title: 'Blue does true', text: 'A queue of poems.', terms: ['blue', 'does', 'true', 'the', 'valley', 'courier', 'a', 'queue', 'of', 'poems'] },
      { ...v1Clip('trashed'), savedAt: 4000, title: 'Größe im Papierkorb', text: 'Gelöscht.', deletedAt: 5000, terms: ['größe', 'grosse', 'im', 'papierkorb', 'gelöscht', 'geloscht'] },
    ];
    await old.table('clips').bulkAdd(clips);
    await old.table('summaries').bulkAdd(clips.map(summaryOf));
    await old.table('timeline').bulkAdd(clips.filter((c) => c.deletedAt === null).map((c) => ({ savedAt: c.savedAt, id: c.id, terms: c.terms })));
    await old.table('images').add({ id: 'i1', clipId: 'de', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    await old.table('settings').bulkAdd([{ key: LIVE_COUNT_KEY, value: 2 }, { key: 'reader:prefs', value: { theme: 'dark' } }]);
    expect(await old.table('timeline').where('terms').equals('groesse').count()).toBe(0);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    // Nothing lost: every clip as it was but for its terms, which keep every v5 term.
    const after = await db.clips.toArray();
    expect(after).toHaveLength(3);
    for (const c of after) {
      const { terms, ...rest } = c;
      const { terms: oldTerms, ...was } = clips.find((x) => x.id === c.id)!;
      expect(rest).toEqual(was);
      expect(terms).toEqual(expect.arrayContaining(oldTerms));
    }
    expect((await db.clips.get('de'))!.terms).toEqual(expect.arrayContaining(['groesse', 'koeln', 'joerg', 'mueller']));
    // English words are indexed exactly as before.
    expect((await db.clips.get('en'))!.terms.sort()).toEqual(clips[1]!.terms.sort());
    expect(await db.images.get('i1')).toMatchObject({ clipId: 'de', status: 'failed' });
    expect(await db.settings.get('reader:prefs')).toEqual({ key: 'reader:prefs', value: { theme: 'dark' } });
    expect(await db.summaries.count()).toBe(3);
    expect(await db.clips.where('tags').equals('städte').primaryKeys()).toEqual(['de']);
    expect(await countLive(db)).toBe(2);
    expect(await db.timeline.count()).toBe(2);
    const ids = async (q: string) => (await searchClips(db, q)).items.map((c) => c.id);
    // The new spelling finds the live clip only (the trashed one stays off the timeline).
    expect(await ids('groesse')).toEqual(['de']);
    expect(await ids('mueller koeln')).toEqual(['de']);
    expect(await ids('Größe')).toEqual(['de']);
    expect(await ids('grosse strasse')).toEqual(['de']);
    expect(await ids('blue queue')).toEqual(['en']);
    db.close();
  });
});

/** Every record of every store, in key order: two libraries are the same when these are equal. */
async function dump(db: Dexie): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of db.tables.map((t) => t.name).sort()) out[t] = await db.table(t).toArray();
  return out;
}

/**
 * Puts into each object store while `run` runs (IndexedDB's own put, under Dexie), so a test
 * can see how many times an upgrade rewrote each clip.
 */
async function countPuts(run: () => Promise<void>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await watchPuts((store) => { counts[store] = (counts[store] ?? 0) + 1; }, run);
  return counts;
}

/**
 * Runs `run` with `onPut(store name)` called before each IndexedDB put (under Dexie); a throw
 * from `onPut` fails that put as the browser would (a full disk: QuotaExceededError).
 */
async function watchPuts(onPut: (store: string) => void, run: () => Promise<void>): Promise<void> {
  const proto = IDBObjectStore.prototype;
  const put = proto.put;
  proto.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    onPut(this.name);
    return put.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.put = put;
  }
}

/** An `onPut` that runs out of quota after `allowed` puts into `store`. */
function quotaAfter(store: string, allowed: number): (name: string) => void {
  let writes = 0;
  return (name) => {
    if (name === store && ++writes > allowed) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
}

describe('SiftDb: a library several versions behind rebuilds its search terms once', () => {
  // The v4, v5 and v6 upgrades each rebuilt every clip's terms (reindexTerms), so a v3 library
  // opened by a v6 release rewrote every clip record (html and text included), its summary and
  // its timeline row three times over in the one upgrade transaction; each rebuild used today's
  // termsFor, so the second and third changed nothing.
  const CLIPS = 300;
  /** A library as an older release stored it: terms as that release wrote them (stale today). */
  function oldLibrary(): StoredClip[] {
    const titles = ['Die Größe von Köln', 'Wi-Fi in the Valley', 'Café Müller reopens', 'The river rose'];
    return Array.from({ length: CLIPS }, (_, i) => {
      const title = `${titles[i % titles.length]!} ${i}`;
      const text = `Jörg Müller wrote about the Straße and the WiFi-enabled café, note ${i}.`;
      return {
        ...v1Clip(`c${String(i).padStart(3, '0')}`), savedAt: 1000 + (i * 7919) % CLIPS, title, text,
        byline: i % 3 ? 'Zoë Ångström' : null, site: i % 5 ? 'The Valley Courier' : null, tags: i % 4 ? ['flood'] : ['städte', 'flood'],
        deletedAt: i % 9 === 0 ? 5000 + i : null,
        terms: [...new Set(`${title} ${text}`.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))],
        ...(i % 10 === 1 ? { pageKind: 'list' as const, table: { columns: ['Name'], rows: [['Aero']] } } : {}),
      };
    });
  }

  /** An older release's database at `version` (v3 stores and derived tables, from its own terms). */
  async function writeOld(name: string, version: number, clips: StoredClip[]): Promise<void> {
    const old = openV3(name, version);
    await old.table('clips').bulkAdd(clips);
    await old.table('summaries').bulkAdd(clips.map(summaryOf));
    await old.table('timeline').bulkAdd(clips.filter((c) => c.deletedAt === null).map((c) => ({ savedAt: c.savedAt, id: c.id, terms: c.terms })));
    await old.table('images').add({ id: 'i1', clipId: 'c001', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    await old.table('settings').bulkAdd([{ key: LIVE_COUNT_KEY, value: clips.filter((c) => c.deletedAt === null).length }, { key: 'reader:prefs', value: { theme: 'sepia' } }]);
    old.close();
  }

  /** The same library saved by today's release: every clip written with today's terms through SiftDb. */
  async function writeToday(name: string, clips: StoredClip[]): Promise<SiftDb> {
    const db = new SiftDb(name);
    await db.settings.bulkAdd([{ key: LIVE_COUNT_KEY, value: 0 }, { key: 'reader:prefs', value: { theme: 'sepia' } }]);
    await db.clips.bulkAdd(clips.map((c) => ({ ...c, terms: termsFor({ title: c.title, text: c.text, byline: c.byline, site: c.site }) })));
    await db.images.add({ id: 'i1', clipId: 'c001', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    return db;
  }

  it.each([3, 4, 5])('opening a v%i library writes each clip once, and gives exactly the library today\'s release saves', async (from) => {
    const clips = oldLibrary();
    const name = `rebuild-once-v${from}-${Math.random()}`;
    const todayName = `rebuild-once-today-${Math.random()}`;
    names.push(name, todayName);
    await writeOld(name, from, clips);

    const db = new SiftDb(name);
    const puts = await countPuts(() => db.open().then(() => undefined));
    expect(db.verno).toBe(7);
    // One rebuild: each clip record and its summary written once (trashed clips have no timeline row).
    expect(puts.clips).toBe(CLIPS);
    expect(puts.summaries).toBe(CLIPS);
    expect(puts.timeline ?? 0).toBeLessThanOrEqual(clips.filter((c) => c.deletedAt === null).length);

    // Identical, store by store and record by record, to the same clips saved by today's release (v7).
    const today = await writeToday(todayName, clips);
    expect(await dump(db)).toEqual(await dump(today));
    // And the terms are today's: the v6 spellings find the live clips, never the trashed ones.
    const live = clips.filter((c) => c.deletedAt === null);
    expect((await searchClips(db, 'groesse koeln', { limit: 500 })).total).toBe(live.filter((c) => c.title.startsWith('Die Größe')).length);
    expect((await searchClips(db, 'mueller wifi strasse', { limit: 500 })).total).toBe(live.length);
    expect(await countLive(db)).toBe(live.length);
    db.close();
    today.close();
  });
});

describe('SiftDb v7: the trash keeps its search rows; the live list is the summaries\' liveKey index', () => {
  // Undo of a Delete and Restore took 97-105 s at 3,000 clips (bench/library-bulk.ts): every
  // restored clip's words were indexed again. v7 keeps a trashed clip's timeline row, so the
  // live list in date order moves to a new index on the summaries; the upgrade writes the live
  // summaries only, never a clip or a timeline row (those are what cost).
  const CLIPS = 240;
  function library(): StoredClip[] {
    return Array.from({ length: CLIPS }, (_, i) => {
      const title = `${i % 3 ? 'The river rose' : 'Die Größe von Köln'} ${i}`;
      const text = `Notes on the flood, page ${i}.`;
      const c = { ...v1Clip(`c${String(i).padStart(3, '0')}`), savedAt: 1000 + (i * 7919) % CLIPS, title, text, tags: i % 4 ? ['flood'] : ['städte'], deletedAt: i % 8 === 0 ? 9000 + i : null };
      return { ...c, terms: termsFor(c) };
    });
  }
  /** The library as v6 stored it: summaries without liveKey, timeline rows for live clips only. */
  async function writeV6(name: string, clips: StoredClip[]): Promise<void> {
    const old = openV3(name, 6);
    await old.table('clips').bulkAdd(clips);
    await old.table('summaries').bulkAdd(clips.map((c) => {
      const { liveKey: _, ...v6 } = summaryOf(c);
      return v6;
    }));
    await old.table('timeline').bulkAdd(clips.filter((c) => c.deletedAt === null).map((c) => ({ savedAt: c.savedAt, id: c.id, terms: c.terms })));
    await old.table('images').add({ id: 'i1', clipId: 'c001', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    await old.table('settings').bulkAdd([{ key: LIVE_COUNT_KEY, value: clips.filter((c) => c.deletedAt === null).length }, { key: 'reader:prefs', value: { theme: 'sepia' } }]);
    old.close();
  }
  const newestFirst = (clips: StoredClip[]) => [...clips].sort((a, b) => b.savedAt - a.savedAt || (a.id < b.id ? 1 : -1)).map((c) => c.id);

  it('upgrades a populated v6 library by writing the live summaries only: the library is the one v7 saves, and works', async () => {
    const clips = library();
    const live = clips.filter((c) => c.deletedAt === null);
    const name = `v6to7-${Math.random()}`;
    const todayName = `v7-today-${Math.random()}`;
    names.push(name, todayName);
    await writeV6(name, clips);
    const old = openV3(name, 6);
    const v6 = await dump(old);
    old.close();

    const db = new SiftDb(name);
    const puts = await countPuts(() => db.open().then(() => undefined));
    expect(db.verno).toBe(7);
    expect(puts).toEqual({ summaries: live.length });
    // Nothing else changed: every store as v6 left it, live summaries with their liveKey.
    const upgraded = await dump(db);
    expect(upgraded).toEqual({ ...v6, summaries: (v6.summaries as { id: string; savedAt: number; deletedAt: number | null }[]).map((s) => (s.deletedAt === null ? { ...s, liveKey: [s.savedAt, s.id] } : s)) });
    // And identical to the same clips saved by v7 (trashed clips saved into the trash have no row either).
    const today = new SiftDb(todayName);
    await today.settings.bulkAdd([{ key: LIVE_COUNT_KEY, value: 0 }, { key: 'reader:prefs', value: { theme: 'sepia' } }]);
    await today.clips.bulkAdd(clips);
    await today.images.add({ id: 'i1', clipId: 'c001', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    expect(upgraded).toEqual(await dump(today));
    today.close();

    expect(await countLive(db)).toBe(live.length);
    expect(await liveIds(db)).toEqual(newestFirst(live));
    const page = await listClips(db, { view: 'all', limit: 3, offset: 2 });
    expect(page).toMatchObject({ total: live.length });
    expect(page.items.map((c) => c.id)).toEqual(newestFirst(live).slice(2, 5));
    const [, second, third] = newestFirst(live);
    const at = clips.find((c) => c.id === second)!;
    expect((await neighbours(db, at)).older).toBe(third);
    const koeln = (from: StoredClip[]) => newestFirst(from.filter((c) => c.title.startsWith('Die Größe')));
    expect(await searchIds(db, 'groesse')).toEqual(koeln(live));
    expect(await searchIds(db, 'flood')).toEqual(newestFirst(live));

    // A clip trashed under v6 has no row: restored, it is indexed then, and found.
    const trashed = clips.filter((c) => c.deletedAt !== null).map((c) => c.id);
    const restoring = await countPuts(() => restoreClips(db, trashed).then(() => undefined));
    expect(restoring.timeline).toBe(trashed.length);
    expect(await searchIds(db, 'groesse')).toEqual(koeln(clips));
    expect(await countLive(db)).toBe(CLIPS);
    // From now on the trash keeps the row: Delete, then Undo, index nothing.
    const again = await countPuts(async () => {
      await trashClips(db, trashed);
      await restoreClips(db, trashed);
    });
    expect(again.timeline ?? 0).toBe(0);
    expect(await searchIds(db, 'flood')).toEqual(newestFirst(clips));
    db.close();
  });

  it('a failed v7 upgrade (quota exceeded writing the summaries) changes nothing and is retried on the next open', async () => {
    const clips = library();
    const name = `v6fail-${Math.random()}`;
    names.push(name);
    await writeV6(name, clips);
    const old = openV3(name, 6);
    const v6 = await dump(old);
    old.close();

    await watchPuts(quotaAfter('summaries', 100), async () => {
      const db = new SiftDb(name);
      await expect(db.open()).rejects.toThrow(/quota/i);
      db.close();
    });
    // Still v6, every record as it was, no liveKey index.
    const check = openV3(name, 6);
    await check.open();
    expect(check.verno).toBe(6);
    expect(await dump(check)).toEqual(v6);
    expect(check.table('summaries').schema.indexes.map((i) => i.name).sort()).toEqual(['deletedAt', 'savedAt', 'tags']);
    check.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(7);
    expect(await liveIds(db)).toEqual(newestFirst(clips.filter((c) => c.deletedAt === null)));
    db.close();
  });
});
