import { Zip, ZipDeflate, ZipPassThrough, strToU8, zipSync } from 'fflate';
import { sampleClip } from '../storage/librarySamples';
import { sha256Hex } from './bytes';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, clipEntryName, imageEntryName, type BackupEntry } from './format';

/**
 * Backups built by hand for tests (unit and e2e): a valid one, and the hostile variants
 * issue 5 lists. Test-only; the shipped pages never import this.
 */

/** A 1×1 PNG, real bytes. */
export const PNG_1PX = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
  0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41,
  0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00,
  0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

export interface FixtureClip {
  entry: BackupEntry;
  /** Image bytes by image id. */
  bytes: Map<string, Uint8Array>;
}

export async function fixtureClip(id: string, title: string, html: string, images: { id: string; url: string; bytes: Uint8Array; mime: string }[] = [], extra: Partial<BackupEntry['clip']> = {}): Promise<FixtureClip> {
  const { terms: _t, ...clip } = sampleClip({ id, title, html, ...extra });
  const bytes = new Map<string, Uint8Array>();
  const records = [];
  for (const im of images) {
    bytes.set(im.id, im.bytes);
    records.push({
      id: im.id, clipId: id, url: im.url, mime: im.mime, bytes: im.bytes.length, width: 1, height: 1,
      status: 'ok' as const, error: null, sha256: await sha256Hex(im.bytes), file: imageEntryName(im.id),
    });
  }
  return { entry: { clip, images: records }, bytes };
}

export type ZipFiles = Record<string, Uint8Array>;

export function backupFiles(clips: FixtureClip[], manifestOverrides: Record<string, unknown> = {}): ZipFiles {
  const files: ZipFiles = {};
  let images = 0;
  for (const c of clips) {
    files[clipEntryName(c.entry.clip.id)] = strToU8(JSON.stringify(c.entry));
    for (const [id, b] of c.bytes) { files[imageEntryName(id)] = b; images++; }
  }
  files[MANIFEST_NAME] = strToU8(JSON.stringify({
    format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: '2026-11-21T00:00:00.000Z', app: 'fixture',
    clips: clips.length, images, ...manifestOverrides,
  }));
  return files;
}

export function zipFiles(files: ZipFiles): Uint8Array {
  return zipSync(files, { level: 6 });
}

/** The standard set: a small valid library with emoji, RTL and CJK text and one image. */
export async function validLibrary(): Promise<FixtureClip[]> {
  return [
    await fixtureClip('clip-emoji', 'Emoji 🎉 and accents: café', '<h1>Party 🎉</h1><p>Ünïcödé café, naïve résumé 👩🏽‍💻.</p><p><img src="https://img.example/a.png" alt="pixel"></p>',
      [{ id: 'img-a', url: 'https://img.example/a.png', bytes: PNG_1PX, mime: 'image/png' }], { tags: ['fun', 'unicode'], savedAt: 3000 }),
    await fixtureClip('clip-rtl', 'مرحبا بالعالم', '<p dir="rtl">هذا نص عربي للاختبار.</p>', [], { lang: 'ar', dir: 'rtl', savedAt: 2000 }),
    await fixtureClip('clip-cjk', '北京的天气', '<p>今天北京的天气很好。日本語のテキストも。</p>', [], { lang: 'zh', savedAt: 1000, deletedAt: 1500 }),
  ];
}

/** Hostile or broken backups, each with the words its refusal must contain. */
export async function hostileBackups(): Promise<{ name: string; bytes: Uint8Array; expect: RegExp }[]> {
  const lib = await validLibrary();
  const good = backupFiles(lib);
  const out: { name: string; bytes: Uint8Array; expect: RegExp }[] = [];

  out.push({ name: 'dotdot', bytes: zipFiles({ ...good, '../../evil.json': strToU8('{}') }), expect: /unsafe path/ });

  const proto = structuredClone(good);
  const first = JSON.parse(new TextDecoder().decode(good[clipEntryName('clip-rtl')]!)) as Record<string, unknown>;
  proto[clipEntryName('clip-rtl')] = strToU8(JSON.stringify(first).replace('{', '{"__proto__":{"polluted":true},'));
  out.push({ name: 'proto', bytes: zipFiles(proto), expect: /__proto__/ });

  const dup = await fixtureClip('clip-dup', 'Dup', '<p>x</p>');
  const dupEntry = { ...dup.entry, clip: { ...dup.entry.clip, id: 'clip-rtl' } };
  out.push({ name: 'duplicate-id', bytes: zipFiles({ ...backupFiles(lib, { clips: 4 }), [clipEntryName('clip-dup')]: strToU8(JSON.stringify(dupEntry)) }), expect: /names and ids must agree|appears twice/ });

  const dupImg = await fixtureClip('clip-dupimg', 'Dup image', '<p>x</p>', [{ id: 'img-a', url: 'https://img.example/b.png', bytes: PNG_1PX, mime: 'image/png' }]);
  out.push({ name: 'duplicate-image-id', bytes: zipFiles(backupFiles([...lib, dupImg])), expect: /twice/ });

  out.push({ name: 'wrong-version', bytes: zipFiles(backupFiles(lib, { version: 99 })), expect: /version 99/ });

  const full = zipFiles(good);
  out.push({ name: 'truncated', bytes: full.slice(0, Math.floor(full.length * 0.7)), expect: /truncated/ });

  const corrupt = full.slice();
  // Flip bytes inside the first stored entry's data (past its 30-byte header and name).
  for (let i = 60; i < 70; i++) corrupt[i] = corrupt[i]! ^ 0xff;
  out.push({ name: 'corrupt', bytes: corrupt, expect: /corrupt|damaged|checksum/ });

  const badHash = await fixtureClip('clip-hash', 'Bad hash', '<p>x</p>', [{ id: 'img-h', url: 'https://img.example/h.png', bytes: PNG_1PX, mime: 'image/png' }]);
  const tampered = backupFiles([badHash]);
  tampered[imageEntryName('img-h')] = PNG_1PX.map((b, i) => (i === 40 ? b ^ 1 : b));
  out.push({ name: 'image-hash', bytes: zipFiles(tampered), expect: /SHA-256/ });

  // A time no Date can hold (nanoseconds since 1970, or a damaged number): imported, it threw
  // "Invalid time value" wherever the library showed the date, and after a reload the library
  // page showed no clip at all.
  const badTime = await fixtureClip('clip-time', 'Saved in nanoseconds', '<p>x</p>', [], { savedAt: 1.7e18 });
  out.push({ name: 'time-out-of-range', bytes: zipFiles(backupFiles([badTime])), expect: /"savedAt" should be a time/ });

  out.push({ name: 'bomb', bytes: zipBomb(backupFiles(lib, { clips: 4 })), expect: /zip bomb/ });
  out.push({ name: 'not-a-backup', bytes: strToU8('hello, I am a text file'), expect: /neither/ });
  out.push({ name: 'json-proto', bytes: strToU8(`{"format":"sift-backup","version":1,"exportedAt":"x","clips":0,"images":0,"entries":[],"__proto__":{"x":1}}`), expect: /__proto__/ });
  return out;
}

/**
 * A valid backup plus one clip entry that inflates to 40 MiB of spaces from ~40 KB: the
 * header even declares a small size, so only counting real inflated bytes catches it.
 */
export function zipBomb(files: ZipFiles): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => { if (err) throw err; chunks.push(chunk); });
  for (const [name, bytes] of Object.entries(files)) {
    const f = new ZipPassThrough(name);
    zip.add(f);
    f.push(bytes, true);
  }
  const bomb = new ZipDeflate(clipEntryName('clip-bomb'), { level: 1 });
  zip.add(bomb);
  const mib = new Uint8Array(1024 * 1024).fill(0x20);
  for (let i = 0; i < 40; i++) bomb.push(mib, i === 39);
  zip.end();
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}
