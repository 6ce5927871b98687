import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from '../storage/db';
import { saveClip } from '../storage/saveClip';
import type { ClipData } from '../shared/messages';
import { readBackup } from './read';
import { writeBackupJson, writeBackupZip } from './write';

// Issue 7 / schema v2: a clip saved with its page kind, attribute rows and record table comes
// back whole from a real backup written by writeBackupZip/Json (read.test.ts covers refusal).

const table = { columns: ['Name', 'Price'], rows: [['Aero 14 =HYPERLINK("x")', '$999'], ['Zen 13, "OLED"', '$1,299']] };
const attributes = [{ attribute: 'Brand', value: 'Acme' }, { attribute: 'Weight', value: '1.2 kg' }];
const clip: ClipData = {
  title: 'Laptops', byline: null, published: null, siteName: 'Northwind', lang: 'en', dir: 'ltr', url: 'https://shop.example/laptops', canonicalUrl: null,
  excerpt: null, leadImage: null, html: '<p>Laptops</p>', text: 'Laptops', wordCount: 1, readingMinutes: 1, engine: 'fullpage', pageKind: 'list', table, attributes,
};

let db: SiftDb;
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('backup of structured clips', () => {
  it.each([
    ['ZIP', writeBackupZip],
    ['JSON', writeBackupJson],
  ])('a v2 clip with a table and attributes round-trips through a %s backup', async (_label, write) => {
    db = new SiftDb(`backup-records-${_label}`);
    const out = await saveClip(db, { clip, images: [], onDuplicate: 'ask', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    const parsed = await readBackup(await write(db));
    expect(parsed.clips).toHaveLength(1);
    expect(parsed.clips[0]).toMatchObject({ id: out.clipId, pageKind: 'list', table, attributes });
    expect(parsed.clips[0]).toEqual(await db.clips.get(out.clipId));
  });
});
