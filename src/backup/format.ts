import type { StoredClip, StoredImage } from '../storage/schema';

/**
 * The Sift backup format, version 1.
 *
 * ZIP backup (`sift-backup-<date>.zip`):
 *   sift-backup.json          the manifest: { format, version, exportedAt, clips, images }
 *   clips/<clipId>.json       { clip, images: [BackupImage with `file`] }
 *   images/<imageId>          the image bytes, exactly as stored
 * JSON backup (`sift-backup-<date>.json`): the manifest plus `entries: BackupEntry[]`,
 * image bytes inline as base64 in `data`.
 *
 * `terms` is derived from title + text and is rebuilt on import, so it is not written.
 */
export const BACKUP_FORMAT = 'sift-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'sift-backup.json';

export type BackupClip = Omit<StoredClip, 'terms'>;

export interface BackupImage extends Omit<StoredImage, 'blob'> {
  /** Hex SHA-256 of the bytes; null when the image has no bytes (status 'failed'). */
  sha256: string | null;
  /** ZIP backup: the entry holding the bytes (`images/<id>`). */
  file?: string | null;
  /** JSON backup: the bytes as base64. */
  data?: string | null;
}

export interface BackupEntry {
  clip: BackupClip;
  images: BackupImage[];
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  app: string;
  clips: number;
  images: number;
}

/** Limits that make a hostile backup fail fast instead of filling memory (issue 5). */
export const LIMITS = {
  /** Largest backup file accepted at all. */
  maxFileBytes: 4 * 1024 ** 3,
  /** Real inflated bytes over the whole archive. */
  maxTotalBytes: 3 * 1024 ** 3,
  /** One clip's JSON (a very long article with its HTML is a few MiB). */
  maxJsonEntryBytes: 32 * 1024 ** 2,
  /** One image. */
  maxImageBytes: 64 * 1024 ** 2,
  /** Inflated:compressed ratio beyond which an entry counts as a zip bomb, once past 8 MiB. */
  maxRatio: 200,
  ratioCheckAfter: 8 * 1024 ** 2,
  maxEntries: 500_000,
} as const;

/** Entry names a v1 ZIP backup may contain; anything else (`../`, absolute, odd) is refused. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const CLIP_ENTRY = /^clips\/([A-Za-z0-9_-]{1,64})\.json$/;
export const IMAGE_ENTRY = /^images\/([A-Za-z0-9_-]{1,64})$/;

/** Every refusal carries a sentence a person can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export function imageEntryName(imageId: string): string {
  return `images/${imageId}`;
}
export function clipEntryName(clipId: string): string {
  return `clips/${clipId}.json`;
}
