import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { SiftDb } from '../storage/db';
import { saveClip, type ImageInput } from '../storage/saveClip';
import type { ClipData } from '../shared/messages';
import { importBackup, storeValidated } from './importBackup';
import { sampleClip } from '../storage/librarySamples';
import { deleteForever } from '../storage/library';
import { importSummary } from './summary';
import { writeBackupJson, writeBackupZip } from './write';

const clip: ClipData = {
  title: 'Lanterns', byline: null, published: null, siteName: 'Courier', lang: 'en', dir: 'ltr', url: 'https://courier.example/lanterns',
  canonicalUrl: null, excerpt: null, leadImage: null, html: '<p>Lanterns.</p><img src="https://cdn.example/a.png"><img src="https://cdn.example/b.png">',
  text: 'Lanterns.', wordCount: 1, readingMinutes: 1, engine: 'nta',
};
const ok: ImageInput = { url: 'https://cdn.example/a.png', blob: new Blob([new Uint8Array(8)], { type: 'image/png' }), mime: 'image/png', bytes: 8, width: 4, height: 2, error: null };
const failed: ImageInput = { url: 'https://cdn.example/b.png', blob: null, mime: null, bytes: 0, width: null, height: null, error: 'HTTP 404' };

const dbs: SiftDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) { db.close(); await db.delete(); }
});

describe('import: what the library says came in', () => {
  it('counts images with their bytes apart from the ones that failed when the page was clipped', async () => {
    const from = new SiftDb('import-from');
    const to = new SiftDb('import-to');
    dbs.push(from, to);
    await saveClip(from, { clip, images: [ok, failed], onDuplicate: 'ask', updateId: null });
    const result = await importBackup(to, await writeBackupJson(from));
    expect(result).toEqual({ added: 1, skipped: 0, images: 1, unsavedImages: 1 });
    expect(await to.images.count()).toBe(2); // the failed image's record comes along: nothing is lost
  });

  it('words the message for one and for many', () => {
    expect(importSummary({ added: 11, skipped: 0, images: 0, unsavedImages: 27 }, 'b.zip'))
      .toBe('Imported 11 clips with 0 images from b.zip. 27 other images had failed to save when their pages were clipped: the backup holds no copy of them.');
    expect(importSummary({ added: 1, skipped: 1, images: 1, unsavedImages: 1 }, 'b.zip'))
      .toBe('Imported 1 clip with 1 image from b.zip. 1 other image had failed to save when its page was clipped: the backup holds no copy of it. 1 was already in the library and was kept as it is.');
    expect(importSummary({ added: 8, skipped: 8, images: 3, unsavedImages: 0 }, 'b.zip'))
      .toBe('Imported 8 clips with 3 images from b.zip. 8 were already in the library and were kept as they are.');
  });
});

describe('import: progress while the clips are written', () => {
  it('reports "Adding to the library" clip by clip in steps, after the checks, up to every new clip', async () => {
    const from = new SiftDb('import-progress-from');
    const to = new SiftDb('import-progress-to');
    dbs.push(from, to);
    const clips = Array.from({ length: 450 }, (_, i) => sampleClip({ id: `lantern-${i}`, title: `Lantern ${i}`, html: '<p>Lanterns.</p><img src="https://cdn.example/a.png">', savedAt: 1000 + i }));
    const images = clips.map((c) => ({ id: `${c.id}-a`, clipId: c.id, url: 'https://cdn.example/a.png', blob: ok.blob, mime: 'image/png', bytes: 8, width: 4, height: 2, status: 'ok' as const, error: null }));
    await storeValidated(from, { clips, images });
    const reports: [number, number, string][] = [];
    const result = await importBackup(to, await writeBackupJson(from), (done, total, label) => reports.push([done, total, label]));
    expect(result).toMatchObject({ added: 450, images: 450 });
    const adding = reports.filter((r) => r[2] === 'Adding to the library');
    expect(adding[0]).toEqual([0, 450, 'Adding to the library']);
    expect(adding.at(-1)).toEqual([450, 450, 'Adding to the library']);
    // Several steps between, each after its clips were written: the page can repaint in between.
    expect(adding.length).toBeGreaterThan(2);
    expect(reports.indexOf(adding[0]!)).toBeGreaterThan(reports.findLastIndex((r) => r[2] === 'Checking clips'));
  }, 30_000);
});

describe('backup: a clip deleted while the backup is written', () => {
  it('the JSON backup still imports: its counts are the clips and images it holds', async () => {
    const from = new SiftDb('backup-race-from');
    const to = new SiftDb('backup-race-to');
    dbs.push(from, to);
    const clips = Array.from({ length: 30 }, (_, i) => sampleClip({ id: `race-${i}`, title: `Race ${i}`, html: '<p>x</p><img src="https://cdn.example/a.png">', savedAt: 1000 + i }));
    const images = clips.map((c) => ({ id: `${c.id}-a`, clipId: c.id, url: 'https://cdn.example/a.png', blob: ok.blob, mime: 'image/png', bytes: 8, width: 4, height: 2, status: 'ok' as const, error: null }));
    await storeValidated(from, { clips, images });
    // Deleted for good (emptied from the trash in another tab) after the first batch is written.
    let deleted = false;
    const file = await writeBackupJson(from, () => {
      if (!deleted) { deleted = true; void deleteForever(from, ['race-29']); }
    });
    const result = await importBackup(to, file);
    expect(result).toMatchObject({ added: 29, images: 29 });
  });
});

describe('backup: whatever a save can store, an import takes back', () => {
  it('a 3,000-character byline and site name, and an inline (data:) image of 150,000 characters as image and lead image', async () => {
    const from = new SiftDb('backup-limits-from');
    dbs.push(from);
    // A physics paper's author list; a notebook's plot embedded as base64 (nbconvert pages do this).
    const byline = Array.from({ length: 300 }, (_, i) => `A. Author${i}`).join(', ').slice(0, 3000);
    const png = new Uint8Array(112_000).map((_, i) => (i * 7) & 0xff);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const dataUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    expect(dataUrl.length).toBeGreaterThan(149_000);
    const inline: ImageInput = { url: dataUrl, blob: new Blob([png], { type: 'image/png' }), mime: 'image/png', bytes: png.length, width: 600, height: 400, error: null };
    const saved = await saveClip(from, {
      clip: { ...clip, byline, siteName: byline, leadImage: dataUrl, html: `<p>The fit.</p><img src="${dataUrl}">` }, images: [inline], onDuplicate: 'ask', updateId: null,
    });
    expect(saved.kind).toBe('saved');
    for (const write of [writeBackupJson, writeBackupZip]) {
      const target = new SiftDb(`backup-limits-to-${write.name}`);
      dbs.push(target);
      expect(await importBackup(target, await write(from))).toMatchObject({ added: 1, images: 1 });
      const back = (await target.clips.toArray())[0]!;
      expect([back.byline, back.site, back.leadImage]).toEqual([byline, byline, dataUrl]);
      expect((await target.images.toArray())[0]!.url).toBe(dataUrl);
    }
  });
});
