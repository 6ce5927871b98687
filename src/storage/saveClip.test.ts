import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import { findExisting, saveClip, type ImageInput } from './saveClip';
import type { ClipData } from '../shared/messages';

let db: SiftDb;
let n = 0;
beforeEach(() => {
  db = new SiftDb(`save-test-${++n}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function clip(over: Partial<ClipData> = {}): ClipData {
  return {
    title: 'When the River Came to Town',
    byline: 'Ada Lovelace',
    published: '2024-03-05T09:30:00Z',
    siteName: 'The Valley Courier',
    lang: 'en',
    dir: 'ltr',
    url: 'https://courier.example/river',
    canonicalUrl: 'https://courier.example/river',
    excerpt: 'The river had been rising.',
    leadImage: 'https://cdn.example/lead.png',
    html: '<p>The river had been rising for three days.</p><img src="https://cdn.example/lead.png">',
    text: 'The river had been rising for three days.',
    wordCount: 8,
    readingMinutes: 1,
    engine: 'nta',
    ...over,
  };
}

const png = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const okImage = (url: string, bytes = 100): ImageInput => ({ url, blob: png(bytes), mime: 'image/png', bytes, width: 10, height: 10, error: null });
const failedImage = (url: string, error: string): ImageInput => ({ url, blob: null, mime: null, bytes: 0, width: null, height: null, error });

describe('saveClip', () => {
  it('stores the clip and its images, keyed to the clip', async () => {
    const out = await saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/lead.png', 321)], onDuplicate: 'ask', updateId: null, now: 5000 });
    expect(out.kind).toBe('saved');
    if (out.kind !== 'saved') return;
    const stored = await db.clips.get(out.clipId);
    expect(stored).toMatchObject({ title: 'When the River Came to Town', site: 'The Valley Courier', savedAt: 5000, updatedAt: 5000, tags: [], deletedAt: null, engine: 'nta' });
    expect(stored?.terms).toContain('river');
    const images = await db.images.where('clipId').equals(out.clipId).toArray();
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ url: 'https://cdn.example/lead.png', status: 'ok', bytes: 321, error: null, mime: 'image/png' });
    expect(images[0]!.blob?.size).toBe(321);
  });

  it('keeps a failed image as a placeholder record with its reason', async () => {
    const out = await saveClip(db, { clip: clip(), images: [failedImage('https://cdn.example/lead.png', 'timed out after 8 s')], onDuplicate: 'ask', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    const [img] = await db.images.where('clipId').equals(out.clipId).toArray();
    expect(img).toMatchObject({ status: 'failed', blob: null, bytes: 0, error: 'timed out after 8 s', mime: null });
  });

  it('is all or nothing: when an image record cannot be written, the clip is absent too', async () => {
    // Every id the same: the second image collides with the first and aborts the transaction.
    await expect(
      saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/a.png'), okImage('https://cdn.example/b.png')], onDuplicate: 'ask', updateId: null, newId: () => 'same' }),
    ).rejects.toThrow();
    expect(await db.clips.count()).toBe(0);
    expect(await db.images.count()).toBe(0);
  });

  it('asks when the URL (or canonical URL) is already saved', async () => {
    const first = await saveClip(db, { clip: clip(), images: [], onDuplicate: 'ask', updateId: null, now: 1 });
    const again = await saveClip(db, { clip: clip({ url: 'https://courier.example/river?utm_source=x' }), images: [], onDuplicate: 'ask', updateId: null, now: 2 });
    expect(again.kind).toBe('duplicate');
    if (again.kind !== 'duplicate' || first.kind !== 'saved') return;
    expect(again.existing).toEqual([{ id: first.clipId, title: 'When the River Came to Town', savedAt: 1 }]);
    expect(await db.clips.count()).toBe(1);
  });

  it('keep both adds a second clip', async () => {
    await saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/lead.png')], onDuplicate: 'ask', updateId: null });
    const out = await saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/lead.png')], onDuplicate: 'keep-both', updateId: null });
    expect(out).toMatchObject({ kind: 'saved', updated: false });
    expect(await db.clips.count()).toBe(2);
    expect(await db.images.count()).toBe(2);
  });

  it('update replaces the content and images but keeps id, first save time and tags', async () => {
    const first = await saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/lead.png'), okImage('https://cdn.example/old.png')], onDuplicate: 'ask', updateId: null, now: 1000 });
    if (first.kind !== 'saved') throw new Error('not saved');
    await db.clips.update(first.clipId, { tags: ['floods'] });
    const out = await saveClip(db, { clip: clip({ title: 'Edited title' }), images: [okImage('https://cdn.example/new.png', 55)], onDuplicate: 'update', updateId: first.clipId, now: 9000 });
    expect(out).toEqual({ kind: 'saved', clipId: first.clipId, updated: true });
    const stored = await db.clips.get(first.clipId);
    expect(stored).toMatchObject({ title: 'Edited title', savedAt: 1000, updatedAt: 9000, tags: ['floods'] });
    const urls = (await db.images.where('clipId').equals(first.clipId).toArray()).map((i) => i.url);
    expect(urls).toEqual(['https://cdn.example/new.png']);
  });

  it('refuses to update a clip that was deleted meanwhile, and writes nothing', async () => {
    await expect(saveClip(db, { clip: clip(), images: [], onDuplicate: 'update', updateId: 'gone', now: 1 })).rejects.toThrow(/no longer exists/);
    expect(await db.clips.count()).toBe(0);
  });

  it('ignores trashed clips when looking for duplicates', async () => {
    const first = await saveClip(db, { clip: clip(), images: [], onDuplicate: 'ask', updateId: null });
    if (first.kind !== 'saved') throw new Error('not saved');
    await db.clips.update(first.clipId, { deletedAt: 123 });
    expect(await findExisting(db, clip().url, clip().canonicalUrl)).toEqual([]);
    expect((await saveClip(db, { clip: clip(), images: [], onDuplicate: 'ask', updateId: null })).kind).toBe('saved');
  });

  describe('the same page reached with a #fragment', () => {
    // Pages without a canonical link: only the address they were clipped from.
    const saveAt = async (url: string, now = 1) => {
      const out = await saveClip(db, { clip: clip({ url, canonicalUrl: null }), images: [], onDuplicate: 'keep-both', updateId: null, now });
      if (out.kind !== 'saved') throw new Error('not saved');
      return out.clipId;
    };
    const foundAt = async (url: string) => (await findExisting(db, url, null)).map((c) => c.id);

    it('finds a page saved without a fragment when it is clipped again from a section link', async () => {
      const id = await saveAt('https://site.example/post');
      expect(await foundAt('https://site.example/post#comments')).toEqual([id]);
    });

    it('finds a page saved from a section link when it is clipped again without one', async () => {
      const id = await saveAt('https://site.example/post#intro');
      expect(await foundAt('https://site.example/post')).toEqual([id]);
    });

    it('finds a page saved from one section when it is clipped from another', async () => {
      const id = await saveAt('https://site.example/post#a');
      expect(await foundAt('https://site.example/post#b')).toEqual([id]);
    });

    it('matches a canonical URL across a fragment too', async () => {
      const out = await saveClip(db, { clip: clip({ url: 'https://m.site.example/p/9', canonicalUrl: 'https://site.example/post' }), images: [], onDuplicate: 'ask', updateId: null });
      if (out.kind !== 'saved') throw new Error('not saved');
      expect((await findExisting(db, 'https://site.example/post#comments', null)).map((c) => c.id)).toEqual([out.clipId]);
      expect((await findExisting(db, 'https://x.example/other', 'https://site.example/post#top')).map((c) => c.id)).toEqual([out.clipId]);
    });

    it('keeps hash routes apart: there the fragment is the page', async () => {
      await saveAt('https://app.example/#/a');
      await saveAt('https://app.example/#!/a');
      expect(await foundAt('https://app.example/#/b')).toEqual([]);
      expect(await foundAt('https://app.example/#!/b')).toEqual([]);
      expect(await foundAt('https://app.example/')).toEqual([]);
      expect(await foundAt('https://app.example/#top')).toEqual([]);
      expect(await foundAt('https://app.example/#/a')).toHaveLength(1);
    });

    it('does not find a route page from the app shell saved without a fragment, nor the reverse', async () => {
      await saveAt('https://app.example/');
      expect(await foundAt('https://app.example/#/a')).toEqual([]);
      expect(await foundAt('https://app.example/#!/a')).toEqual([]);
    });

    it('still ignores a trashed clip', async () => {
      const id = await saveAt('https://site.example/post');
      await db.clips.update(id, { deletedAt: 123 });
      expect(await foundAt('https://site.example/post#comments')).toEqual([]);
    });

    it('does not find another page whose address shares the prefix', async () => {
      await saveAt('https://site.example/post-2');
      await saveAt('https://site.example/post?x=1');
      await saveAt('https://site.example/post/#a');
      expect(await foundAt('https://site.example/post#comments')).toEqual([]);
      expect(await foundAt('https://site.example/post')).toEqual([]);
    });

    it('asks on save, and update replaces the copy saved without the fragment', async () => {
      const id = await saveAt('https://site.example/post', 1);
      const asked = await saveClip(db, { clip: clip({ url: 'https://site.example/post#comments', canonicalUrl: null }), images: [], onDuplicate: 'ask', updateId: null, now: 2 });
      expect(asked).toMatchObject({ kind: 'duplicate', existing: [{ id }] });
      const updated = await saveClip(db, { clip: clip({ url: 'https://site.example/post#comments', canonicalUrl: null, title: 'New' }), images: [], onDuplicate: 'update', updateId: null, now: 3 });
      expect(updated).toEqual({ kind: 'saved', clipId: id, updated: true });
      // The clip keeps the address the user was on.
      expect(await db.clips.get(id)).toMatchObject({ url: 'https://site.example/post#comments', title: 'New' });
      expect(await db.clips.count()).toBe(1);
    });
  });

  it('stores each image URL once', async () => {
    const out = await saveClip(db, { clip: clip(), images: [okImage('https://cdn.example/a.png'), okImage('https://cdn.example/a.png')], onDuplicate: 'ask', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    expect(await db.images.count()).toBe(1);
  });

  it('stores the structured-page fields (issue 7), and an update with a plain article drops them', async () => {
    const table = { columns: ['Name', 'Price'], rows: [['Aero 14', '$999'], ['Zen 13', '$1,299']] };
    const attributes = [{ attribute: 'Brand', value: 'Acme' }];
    const out = await saveClip(db, { clip: clip({ pageKind: 'list', table, attributes }), images: [], onDuplicate: 'ask', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    expect(await db.clips.get(out.clipId)).toMatchObject({ pageKind: 'list', table, attributes });
    const again = await saveClip(db, { clip: clip(), images: [], onDuplicate: 'update', updateId: out.clipId });
    if (again.kind !== 'saved') throw new Error('not saved');
    const stored = await db.clips.get(out.clipId);
    expect(stored && ('table' in stored || 'attributes' in stored || 'pageKind' in stored)).toBe(false);
  });

  it('stores no structured-page fields for a clip without them', async () => {
    const out = await saveClip(db, { clip: clip(), images: [], onDuplicate: 'ask', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    expect(Object.keys((await db.clips.get(out.clipId)) ?? {})).not.toContain('table');
  });
});
