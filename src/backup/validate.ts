import type { EngineName } from '../core/types';
import { CLIP_FIELD_LIMITS, MAX_IMAGE_BYTES, clipRecordValidators } from '../shared/messages';
import {
  BACKUP_FORMAT, BACKUP_VERSION, BackupError, ID_PATTERN,
  type BackupClip, type BackupEntry, type BackupImage, type BackupManifest,
} from './format';

/**
 * Validation of untrusted backup JSON. Records are rebuilt field by field from known keys
 * (never spread from the input), so nothing unexpected reaches IndexedDB; keys that aim at
 * prototypes are refused outright.
 */

const HOSTILE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON.parse that refuses prototype-pollution keys anywhere in the document. */
export function parseJsonStrict(text: string, what: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (HOSTILE_KEYS.has(key)) throw new BackupError(`${what} contains a "${key}" key; refused as hostile.`);
      return value;
    });
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${what} is not valid JSON: the backup is corrupt or truncated.`);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What a save may store, so a backup of any library imports again: a byline or site name up
 * to 4,000 characters (a paper's author list), an inline (data:) image, as an image or the
 * lead image, of up to 15 MB. The importer allowed bylines of 2,000 and image addresses of
 * 100,000 characters (a 75 kB base64 plot), and refused the whole backup over one such clip.
 */
const MAX_IMAGE_URL = MAX_IMAGE_BYTES * 2;

/** The largest time a Date holds (ECMAScript's time range: 100,000,000 days after 1970). */
const MAX_TIME = 8.64e15;

const ENGINES: readonly EngineName[] = ['nta', 'vsse', 'classifier', 'auto', 'fullpage', 'selection'];

class Fields {
  constructor(private readonly o: Obj, private readonly where: string) {}
  private fail(key: string, expected: string): never {
    throw new BackupError(`${this.where}: field "${key}" should be ${expected}.`);
  }
  str(key: string, max = 10_000_000): string {
    const v = this.o[key];
    if (typeof v !== 'string' || v.length > max) this.fail(key, `text (at most ${max} characters)`);
    return v;
  }
  strOrNull(key: string, max = 100_000): string | null {
    const v = this.o[key];
    if (v === null || v === undefined) return null;
    if (typeof v !== 'string' || v.length > max) this.fail(key, 'text or null');
    return v;
  }
  num(key: string): number {
    const v = this.o[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) this.fail(key, 'a non-negative number');
    return v;
  }
  numOrNull(key: string): number | null {
    const v = this.o[key];
    if (v === null || v === undefined) return null;
    return this.num(key);
  }
  /**
   * A moment in milliseconds since 1970 that a Date can hold. A larger one (nanoseconds, a
   * damaged number) was imported and threw "Invalid time value" wherever the library showed
   * its date: after a reload the library page showed no clip at all.
   */
  time(key: string): number {
    const v = this.o[key];
    if (typeof v !== 'number' || !(v >= 0 && v <= MAX_TIME)) this.fail(key, 'a time (milliseconds since 1970, at most 8.64e15)');
    return v;
  }
  timeOrNull(key: string): number | null {
    const v = this.o[key];
    if (v === null || v === undefined) return null;
    return this.time(key);
  }
  id(key: string): string {
    const v = this.o[key];
    if (typeof v !== 'string' || !ID_PATTERN.test(v)) this.fail(key, 'an id of letters, digits, "-" or "_"');
    return v;
  }
  oneOf<T extends string>(key: string, values: readonly T[]): T {
    const v = this.o[key];
    if (typeof v !== 'string' || !values.includes(v as T)) this.fail(key, `one of ${values.join(', ')}`);
    return v as T;
  }
  strings(key: string, maxItems: number, maxLen: number): string[] {
    const v = this.o[key];
    if (!Array.isArray(v) || v.length > maxItems || !v.every((s) => typeof s === 'string' && s.length <= maxLen)) {
      this.fail(key, `a list of at most ${maxItems} short texts`);
    }
    return [...(v as string[])];
  }
}

export function validateManifest(raw: unknown): BackupManifest {
  if (!isObj(raw) || raw.format !== BACKUP_FORMAT) throw new BackupError('This is not a Sift backup (the manifest is missing its "sift-backup" format mark).');
  if (raw.version !== BACKUP_VERSION) {
    const v = typeof raw.version === 'number' ? raw.version : String(raw.version);
    throw new BackupError(`This backup is format version ${v}; this Sift reads version ${BACKUP_VERSION}. ${typeof raw.version === 'number' && raw.version > BACKUP_VERSION ? 'Update Sift to import it.' : ''}`.trim());
  }
  const f = new Fields(raw, 'Backup manifest');
  return {
    format: BACKUP_FORMAT, version: BACKUP_VERSION,
    exportedAt: f.str('exportedAt', 100), app: f.strOrNull('app', 200) ?? '',
    clips: f.num('clips'), images: f.num('images'),
  };
}

export function validateClip(raw: unknown, where: string): BackupClip {
  if (!isObj(raw)) throw new BackupError(`${where}: the clip record is missing.`);
  const f = new Fields(raw, where);
  const dir = raw.dir === null || raw.dir === undefined ? null : f.oneOf('dir', ['ltr', 'rtl'] as const);
  return {
    id: f.id('id'),
    url: f.str('url', 8192),
    canonicalUrl: f.strOrNull('canonicalUrl', 8192),
    title: f.str('title', 4000),
    byline: f.strOrNull('byline', CLIP_FIELD_LIMITS.byline),
    site: f.strOrNull('site', CLIP_FIELD_LIMITS.siteName),
    published: f.strOrNull('published', 100),
    savedAt: f.time('savedAt'),
    updatedAt: f.time('updatedAt'),
    lang: f.strOrNull('lang', 50),
    dir,
    tags: f.strings('tags', 500, 200),
    excerpt: f.strOrNull('excerpt', 100_000),
    html: f.str('html'),
    text: f.str('text'),
    wordCount: f.num('wordCount'),
    readingMinutes: f.num('readingMinutes'),
    engine: f.oneOf('engine', ENGINES),
    leadImage: f.strOrNull('leadImage', MAX_IMAGE_URL),
    deletedAt: f.timeOrNull('deletedAt'),
    ...recordFields(raw, where),
  };
}

/**
 * Schema v2's optional record fields (list/product pages), checked with the same validators
 * and limits the save message uses, so a backup cannot smuggle in what a save could not.
 */
function recordFields(raw: Obj, where: string): Partial<Pick<BackupClip, 'pageKind' | 'attributes' | 'table'>> {
  const out: Partial<Pick<BackupClip, 'pageKind' | 'attributes' | 'table'>> = {};
  for (const key of ['pageKind', 'attributes', 'table'] as const) {
    if (raw[key] === undefined) continue;
    try {
      // The validators rebuild the value; the input object is never stored as-is.
      (out as Record<string, unknown>)[key] = clipRecordValidators[key](raw[key], key);
    } catch (err) {
      throw new BackupError(`${where}: field "${key}" is invalid (${err instanceof Error ? err.message : String(err)}).`);
    }
  }
  return out;
}

const SHA256 = /^[0-9a-f]{64}$/;

export function validateImage(raw: unknown, clipId: string, where: string): BackupImage {
  if (!isObj(raw)) throw new BackupError(`${where}: an image record is not an object.`);
  const f = new Fields(raw, where);
  const img: BackupImage = {
    id: f.id('id'),
    clipId: f.id('clipId'),
    url: f.str('url', MAX_IMAGE_URL),
    mime: f.strOrNull('mime', 200),
    bytes: f.num('bytes'),
    width: f.numOrNull('width'),
    height: f.numOrNull('height'),
    status: f.oneOf('status', ['ok', 'failed'] as const),
    error: f.strOrNull('error', 2000),
    sha256: f.strOrNull('sha256', 64),
    file: f.strOrNull('file', 200),
    data: f.strOrNull('data', 200_000_000),
  };
  if (img.clipId !== clipId) throw new BackupError(`${where}: image ${img.id} claims to belong to clip ${img.clipId}.`);
  if (img.status === 'ok' && (img.sha256 === null || !SHA256.test(img.sha256))) {
    throw new BackupError(`${where}: image ${img.id} has no valid SHA-256.`);
  }
  return img;
}

export function validateEntry(raw: unknown, where: string): BackupEntry {
  if (!isObj(raw)) throw new BackupError(`${where} is not a clip entry.`);
  const clip = validateClip(raw.clip, where);
  if (!Array.isArray(raw.images) || raw.images.length > 10_000) throw new BackupError(`${where}: "images" should be a list.`);
  const images = raw.images.map((im) => validateImage(im, clip.id, where));
  return { clip, images };
}

/** Refuses repeated clip or image ids: a backup with them is hand-made or corrupt. */
export function checkUnique(entries: BackupEntry[]): void {
  const clipIds = new Set<string>();
  const imageIds = new Set<string>();
  for (const { clip, images } of entries) {
    if (clipIds.has(clip.id)) throw new BackupError(`Clip id ${clip.id} appears twice in the backup; refused (duplicate ids).`);
    clipIds.add(clip.id);
    for (const im of images) {
      if (imageIds.has(im.id)) throw new BackupError(`Image id ${im.id} appears twice in the backup; refused (duplicate ids).`);
      imageIds.add(im.id);
    }
  }
}
