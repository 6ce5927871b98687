import { describe, expect, it } from 'vitest';
import { readBackup } from './read';
import { backupFiles, fixtureClip, hostileBackups, validLibrary, zipFiles } from './fixtures';
import { sha256Hex } from './bytes';

const blob = (b: Uint8Array) => new Blob([b as Uint8Array<ArrayBuffer>]);

describe('readBackup', () => {
  it('reads a valid ZIP backup losslessly (emoji, RTL, CJK, image bytes)', async () => {
    const lib = await validLibrary();
    const parsed = await readBackup(blob(zipFiles(backupFiles(lib))));
    expect(parsed.clips.map((c) => c.id).sort()).toEqual(['clip-cjk', 'clip-emoji', 'clip-rtl']);
    const emoji = parsed.clips.find((c) => c.id === 'clip-emoji')!;
    expect(emoji.title).toBe('Emoji 🎉 and accents: café');
    expect(emoji.terms).toContain('party');
    expect(parsed.clips.find((c) => c.id === 'clip-cjk')!.deletedAt).toBe(1500);
    const img = parsed.images[0]!;
    expect(await sha256Hex(new Uint8Array(await img.blob!.arrayBuffer()))).toBe(lib[0]!.entry.images[0]!.sha256);
    expect(Object.getPrototypeOf(emoji)).toBe(Object.prototype);
  });

  it('refuses every hostile or broken backup with a clear message', async () => {
    for (const h of await hostileBackups()) {
      await expect(readBackup(blob(h.bytes)), h.name).rejects.toThrow(h.expect);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 30_000);

  it('refuses a clip whose saved, updated or deleted time is no date (the library could not show it)', async () => {
    for (const [field, value] of [['savedAt', 1.7e18], ['updatedAt', 8.64e15 + 1], ['deletedAt', 1e300]] as const) {
      const bad = await fixtureClip('clip-time', 'Saved in nanoseconds', '<p>x</p>', [], { [field]: value });
      await expect(readBackup(blob(zipFiles(backupFiles([bad])))), field).rejects.toThrow(`field "${field}" should be a time`);
    }
    // The last moment a Date holds is still one.
    const edge = await fixtureClip('clip-time', 'Far future', '<p>x</p>', [], { savedAt: 8.64e15 });
    expect((await readBackup(blob(zipFiles(backupFiles([edge]))))).clips[0]!.savedAt).toBe(8.64e15);
  });

  it('keeps schema v2 record fields and refuses invalid ones', async () => {
    const table = { columns: ['Name', 'Price'], rows: [['Lamp', '€20'], ['Desk', '€90']] };
    const good = await fixtureClip('list-1', 'Shop', '<p>x</p>', [], { pageKind: 'list', table, attributes: [{ attribute: 'Colour', value: 'red' }] });
    const parsed = await readBackup(blob(zipFiles(backupFiles([good]))));
    expect(parsed.clips[0]).toMatchObject({ pageKind: 'list', table, attributes: [{ attribute: 'Colour', value: 'red' }] });
    const bad = await fixtureClip('list-2', 'Shop', '<p>x</p>', [], { pageKind: 'nonsense' as never });
    await expect(readBackup(blob(zipFiles(backupFiles([bad]))))).rejects.toThrow(/pageKind/);
  });
});

describe('readBackup: what a ZIP is, before what it holds', () => {
  it('a newer Sift\'s ZIP backup with a kind of entry this version does not know says to update Sift', async () => {
    const files = backupFiles(await validLibrary(), { version: 2 });
    files['highlights/clip-emoji.json'] = new TextEncoder().encode('[]');
    await expect(readBackup(blob(zipFiles(files)))).rejects.toThrow('This backup is format version 2; this Sift reads version 1. Update Sift to import it.');
  });

  it('another kind of ZIP (a Markdown export, an EPUB) is "not a Sift backup", not a complaint about its first file', async () => {
    const markdownExport = zipFiles({ 'Notes.md': new TextEncoder().encode('# Notes'), 'assets/Notes-1.png': new Uint8Array([1, 2, 3]) });
    await expect(readBackup(blob(markdownExport))).rejects.toThrow('This ZIP is not a Sift backup (it has no sift-backup.json).');
  });

  it('a version 1 backup with a file a backup never holds is still refused', async () => {
    const files = backupFiles(await validLibrary());
    files['highlights/clip-emoji.json'] = new TextEncoder().encode('[]');
    await expect(readBackup(blob(zipFiles(files)))).rejects.toThrow('The archive contains "highlights/clip-emoji.json", which is not part of a Sift backup.');
  });
});

describe('readBackup: telling a JSON backup from other files', () => {
  it('a JSON backup whose text starts with blank lines and indentation (saved again by an editor) is read', async () => {
    const lib = await validLibrary();
    const entries = lib.map((c) => ({ ...c.entry, images: c.entry.images.map((im) => ({ ...im, file: null, data: Buffer.from(c.bytes.get(im.id)!).toString('base64') })) }));
    const json = JSON.stringify({ format: 'sift-backup', version: 1, exportedAt: '2026-11-21T00:00:00.000Z', app: 'fixture', clips: 3, images: 1, entries }, null, 2);
    const parsed = await readBackup(new Blob(['\n\n    ' + json]));
    expect(parsed.clips).toHaveLength(3);
  });

  it('an empty file says it is empty', async () => {
    await expect(readBackup(new Blob([]))).rejects.toThrow('This file is empty (0 bytes): it is not a backup. Was its download interrupted?');
  });
});
