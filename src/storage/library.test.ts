import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import {
  addTag, allTags, countLive, listClips, neighbours, purgeExpiredTrash, removeTag, restoreClips,
  searchClips, trashClips, TRASH_RETENTION_MS,
} from './library';
import { sampleClip } from './librarySamples';
import { termsFor } from './libraryTerms';

let db: SiftDb;
let n = 0;
beforeEach(async () => {
  db = new SiftDb(`test-${++n}`);
  await db.clips.bulkAdd([
    sampleClip({ id: 'a', title: 'Typography for the web', html: '<p>Line length and leading matter.</p>', savedAt: 1000, tags: ['design'] }),
    sampleClip({ id: 'b', title: 'Rust ownership', html: '<p>The borrow checker keeps memory safe.</p>', savedAt: 3000, tags: ['rust', 'design'] }),
    sampleClip({ id: 'c', title: 'مرحبا بالعالم', html: '<p>نص عربي عن الطباعة</p>', savedAt: 2000, lang: 'ar', dir: 'rtl' }),
    sampleClip({ id: 'd', title: '北京的天气', html: '<p>今天北京的天气很好。</p>', savedAt: 4000, lang: 'zh' }),
  ]);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('library queries', () => {
  it('lists newest first and counts live clips', async () => {
    const r = await listClips(db, { view: 'all' });
    expect(r.items.map((c) => c.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(r.total).toBe(4);
    expect(r.items[0]).not.toHaveProperty('html');
  });

  it('searches title and body words, AND-ed, last word as prefix', async () => {
    expect((await searchClips(db, 'borrow')).items.map((c) => c.id)).toEqual(['b']);
    expect((await searchClips(db, 'TYPOG')).items.map((c) => c.id)).toEqual(['a']);
    expect((await searchClips(db, 'line leading')).items.map((c) => c.id)).toEqual(['a']);
    expect((await searchClips(db, 'line borrow')).items).toEqual([]);
    expect((await searchClips(db, 'الطباعة')).items.map((c) => c.id)).toEqual(['c']);
    expect((await searchClips(db, '北京')).items.map((c) => c.id)).toEqual(['d']);
  });

  it('filters by tag and adds/removes tags case-insensitively', async () => {
    expect((await listClips(db, { view: 'all', tag: 'design' })).items.map((c) => c.id)).toEqual(['b', 'a']);
    await addTag(db, ['a', 'c'], '  Rust  ');
    await addTag(db, ['b'], 'RUST');
    expect((await db.clips.get('b'))!.tags).toEqual(['rust', 'design']);
    expect(await allTags(db)).toEqual(['design', 'Rust', 'rust']);
    await removeTag(db, ['a', 'c'], 'Rust');
    expect(await allTags(db)).toEqual(['design', 'rust']);
  });

  it('trashes, undoes and purges after 30 days with the images', async () => {
    await db.images.add({ id: 'i1', clipId: 'a', url: 'https://x/i.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    const moved = await trashClips(db, ['a', 'b'], 10_000);
    expect(moved.sort()).toEqual(['a', 'b']);
    expect(await countLive(db)).toBe(2);
    expect((await listClips(db, { view: 'trash' })).items.map((c) => c.id).sort()).toEqual(['a', 'b']);
    expect((await searchClips(db, 'borrow')).items).toEqual([]);
    await restoreClips(db, ['b']);
    expect(await countLive(db)).toBe(3);
    expect(await purgeExpiredTrash(db, 10_000 + TRASH_RETENTION_MS - 1)).toBe(0);
    expect(await purgeExpiredTrash(db, 10_000 + TRASH_RETENTION_MS + 1)).toBe(1);
    expect(await db.clips.get('a')).toBeUndefined();
    expect(await db.images.count()).toBe(0);
  });

  it('finds neighbours in library order', async () => {
    const c = (await db.clips.get('c'))!;
    expect(await neighbours(db, c)).toEqual({ newer: 'b', older: 'a' });
  });

  it('segments CJK without spaces', () => {
    expect(termsFor('', '今天北京的天气很好')).toContain('北京');
  });
});
