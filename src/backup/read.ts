import type { StoredClip, StoredImage } from '../storage/schema';
import { termsFor } from '../storage/libraryTerms';
import { pacer } from '../shared/pace';
import { base64Decode, sha256Hex } from './bytes';
import {
  BackupError, CLIP_ENTRY, IMAGE_ENTRY, LIMITS, MANIFEST_NAME,
  clipEntryName, imageEntryName, type BackupEntry, type BackupManifest,
} from './format';
import { checkUnique, parseJsonStrict, validateEntry, validateManifest } from './validate';
import { openSource, readCentralDirectory, readEntry, type InflateBudget } from './zipRead';

/**
 * Reads and fully validates a backup before anything is written: every entry name, every
 * record, every image hash. Only a backup that passes all checks comes out of here.
 */

export interface ParsedBackup {
  manifest: BackupManifest;
  clips: StoredClip[];
  images: StoredImage[];
}

export type Progress = (done: number, total: number, label: string) => void;

const MAX_JSON_BACKUP_BYTES = 512 * 1024 ** 2;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BackupError(`${what} is not valid UTF-8 text: the backup is corrupt.`);
  }
}

export async function readBackup(file: Blob, onProgress: Progress = () => undefined): Promise<ParsedBackup> {
  if (file.size === 0) throw new BackupError('This file is empty (0 bytes): it is not a backup. Was its download interrupted?');
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  if (head[0] === 0x50 && head[1] === 0x4b) return readZipBackup(file, onProgress);
  // JSON may open with a byte order mark (TextDecoder drops it) and white space: a backup
  // saved again by an editor or pretty-printer starts with a line break and indentation.
  const firstChar = new TextDecoder().decode(head).trimStart()[0];
  if (firstChar === '{') return readJsonBackup(file, onProgress);
  throw new BackupError('This file is neither a Sift ZIP backup nor a Sift JSON backup.');
}

function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || name.split('/').some((s) => s === '..' || s === '.') || /^[A-Za-z]:/.test(name) || name.includes('\0');
}

async function readZipBackup(blob: Blob, onProgress: Progress): Promise<ParsedBackup> {
  if (blob.size > LIMITS.maxFileBytes) throw new BackupError('This backup is larger than 4 GB; Sift does not import files that large.');
  const file = await openSource(blob);
  const entries = await readCentralDirectory(file);
  const byName = new Map<string, (typeof entries)[number]>();
  for (const e of entries) {
    if (unsafeName(e.name)) throw new BackupError(`The archive contains an unsafe path "${e.name}"; refused as hostile.`);
    if (byName.has(e.name)) throw new BackupError(`The archive contains "${e.name}" twice; refused (duplicate entries).`);
    byName.set(e.name, e);
  }
  // What the ZIP is (a Sift backup at all, of a version this Sift reads) is settled by the
  // manifest before its other entries are judged: a newer Sift's backup may hold a kind of
  // entry this one does not know, and should be answered "update Sift", and a Markdown
  // export or an EPUB "not a Sift backup", rather than a complaint about their first file.
  const manifestEntry = byName.get(MANIFEST_NAME);
  if (!manifestEntry) throw new BackupError(`This ZIP is not a Sift backup (it has no ${MANIFEST_NAME}).`);
  const budget: InflateBudget = { used: 0 };
  // Checking a 2,500-clip backup froze the library 8 s with its progress bar never drawn.
  const pace = pacer();
  const manifest = validateManifest(
    parseJsonStrict(decodeUtf8(await readEntry(file, manifestEntry, 1024 * 1024, budget), 'The manifest'), 'The manifest'),
  );
  for (const e of entries) {
    if (e.name !== MANIFEST_NAME && !CLIP_ENTRY.test(e.name) && !IMAGE_ENTRY.test(e.name)) {
      throw new BackupError(`The archive contains "${e.name}", which is not part of a Sift backup.`);
    }
  }

  const clipEntries = entries.filter((e) => CLIP_ENTRY.test(e.name));
  const imageEntryCount = entries.filter((e) => IMAGE_ENTRY.test(e.name)).length;
  if (clipEntries.length !== manifest.clips) {
    throw new BackupError(`The manifest lists ${manifest.clips} clips but the archive holds ${clipEntries.length}: the backup is incomplete.`);
  }
  const parsed: BackupEntry[] = [];
  const referenced = new Set<string>();
  const total = clipEntries.length + imageEntryCount;
  let done = 0;
  for (const e of clipEntries) {
    const where = e.name;
    const entry = validateEntry(parseJsonStrict(decodeUtf8(await readEntry(file, e, LIMITS.maxJsonEntryBytes, budget), where), where), where);
    if (clipEntryName(entry.clip.id) !== e.name) throw new BackupError(`${where} holds clip ${entry.clip.id}; names and ids must agree.`);
    parsed.push(entry);
    onProgress(++done, total, 'Checking clips');
    await pace();
  }
  checkUnique(parsed);

  const clips: StoredClip[] = [];
  const images: StoredImage[] = [];
  for (const { clip, images: imgs } of parsed) {
    clips.push({ ...clip, terms: termsFor(clip) });
    for (const im of imgs) {
      let blob: Blob | null = null;
      if (im.status === 'ok') {
        const name = imageEntryName(im.id);
        const ze = byName.get(name);
        if (im.file !== name || !ze) throw new BackupError(`Image ${im.id} of "${clip.title}" is missing from the archive: the backup is incomplete.`);
        referenced.add(name);
        const bytes = await readEntry(file, ze, LIMITS.maxImageBytes, budget);
        if ((await sha256Hex(bytes)) !== im.sha256) throw new BackupError(`Image ${im.id} of "${clip.title}" does not match its SHA-256: the backup is corrupt.`);
        if (bytes.length !== im.bytes) throw new BackupError(`Image ${im.id} of "${clip.title}" has ${bytes.length} bytes, the record says ${im.bytes}.`);
        blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: im.mime ?? '' });
        onProgress(++done, total, 'Checking images');
      }
      images.push(toStoredImage(im, blob));
    }
    await pace();
  }
  if (referenced.size !== imageEntryCount) throw new BackupError('The archive holds image files no clip refers to; refused.');
  if (images.length !== manifest.images) {
    throw new BackupError(`The manifest lists ${manifest.images} images but the clips refer to ${images.length}: the backup is inconsistent.`);
  }
  return { manifest, clips, images };
}

async function readJsonBackup(file: Blob, onProgress: Progress): Promise<ParsedBackup> {
  if (file.size > MAX_JSON_BACKUP_BYTES) throw new BackupError('JSON backups larger than 512 MB are not supported; use the ZIP backup.');
  const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()), 'The backup');
  const raw = parseJsonStrict(text, 'The backup');
  const manifest = validateManifest(raw);
  const list = (raw as { entries?: unknown }).entries;
  if (!Array.isArray(list)) throw new BackupError('The backup has no "entries" list.');
  if (list.length !== manifest.clips) throw new BackupError(`The manifest lists ${manifest.clips} clips but the backup holds ${list.length}: it is incomplete.`);
  const parsed = list.map((e, i) => validateEntry(e, `Entry ${i + 1}`));
  checkUnique(parsed);
  const clips: StoredClip[] = [];
  const images: StoredImage[] = [];
  const pace = pacer();
  let done = 0;
  for (const { clip, images: imgs } of parsed) {
    clips.push({ ...clip, terms: termsFor(clip) });
    for (const im of imgs) {
      let blob: Blob | null = null;
      if (im.status === 'ok') {
        let bytes: Uint8Array;
        try {
          bytes = base64Decode(im.data ?? '');
        } catch {
          throw new BackupError(`Image ${im.id} of "${clip.title}" is not valid base64: the backup is corrupt.`);
        }
        if (bytes.length > LIMITS.maxImageBytes) throw new BackupError(`Image ${im.id} is larger than any image Sift stores.`);
        if ((await sha256Hex(bytes)) !== im.sha256) throw new BackupError(`Image ${im.id} of "${clip.title}" does not match its SHA-256: the backup is corrupt.`);
        blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: im.mime ?? '' });
      }
      images.push(toStoredImage(im, blob));
    }
    onProgress(++done, parsed.length, 'Checking clips');
    await pace();
  }
  if (images.length !== manifest.images) throw new BackupError(`The manifest lists ${manifest.images} images but the clips refer to ${images.length}.`);
  return { manifest, clips, images };
}

function toStoredImage(im: BackupEntry['images'][number], blob: Blob | null): StoredImage {
  return {
    id: im.id, clipId: im.clipId, url: im.url, blob, mime: im.mime, bytes: im.bytes,
    width: im.width, height: im.height, status: im.status, error: im.error,
  };
}
