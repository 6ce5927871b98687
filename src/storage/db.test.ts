import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import type { StoredClip } from './schema';

// Schema v2 (issue 7): a browser that saved clips under v1 opens the database as v2 with
// every clip intact, and v2 stores the structured-page fields.

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

/** The v1 schema exactly as the first release declared it. */
function openV1(name: string): Dexie {
  const old = new Dexie(name);
  old.version(1).stores({
    clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt, *terms',
    images: 'id, clipId, [clipId+url]',
    settings: 'key',
  });
  return old;
}

describe('SiftDb schema', () => {
  it('opens a v1 database holding a clip as v2 with the clip, its image and its indexes intact', async () => {
    const name = `migrate-${Math.random()}`;
    names.push(name);
    const old = openV1(name);
    await old.table('clips').add(v1Clip('c1'));
    await old.table('images').add({ id: 'i1', clipId: 'c1', url: 'https://cdn.example/a.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    expect(old.verno).toBe(1);
    old.close();

    const db = new SiftDb(name);
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.clips.get('c1')).toEqual(v1Clip('c1'));
    expect(await db.clips.where('tags').equals('flood').primaryKeys()).toEqual(['c1']);
    expect(await db.clips.where('terms').equals('river').primaryKeys()).toEqual(['c1']);
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
});
