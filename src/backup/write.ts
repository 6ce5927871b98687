import type { SiftDb } from '../storage/db';
import type { StoredClip, StoredImage } from '../storage/schema';
import { BlobSink } from '../export/blobSink';
import { ZipStream } from '../export/zipStream';
import { base64Encode, sha256Hex } from './bytes';
import {
  BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, clipEntryName, imageEntryName,
  type BackupClip, type BackupEntry, type BackupImage, type BackupManifest,
} from './format';
import type { Progress } from './read';

/** Clips read per IndexedDB round trip: bounded memory, few transactions. */
const BATCH = 25;

function toBackupClip(c: StoredClip): BackupClip {
  const { terms: _terms, ...rest } = c;
  return rest;
}

/** Walks the whole library (trash included: a backup is the whole library) in batches. */
export async function* clipBatches(db: SiftDb, ids?: string[]): AsyncGenerator<{ clip: StoredClip; images: StoredImage[] }[]> {
  const all = ids ?? ((await db.clips.orderBy('savedAt').primaryKeys()) as string[]);
  for (let i = 0; i < all.length; i += BATCH) {
    const batchIds = all.slice(i, i + BATCH);
    const [clips, images] = await Promise.all([
      db.clips.bulkGet(batchIds),
      db.images.where('clipId').anyOf(batchIds).toArray(),
    ]);
    const byClip = new Map<string, StoredImage[]>();
    for (const im of images) byClip.set(im.clipId, [...(byClip.get(im.clipId) ?? []), im]);
    yield clips.filter((c): c is StoredClip => !!c).map((clip) => ({ clip, images: byClip.get(clip.id) ?? [] }));
  }
}

function manifest(clips: number, images: number): BackupManifest {
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: new Date().toISOString(), app: 'Sift 0.1.0', clips, images };
}

async function imageBytes(im: StoredImage): Promise<Uint8Array | null> {
  return im.status === 'ok' && im.blob ? new Uint8Array(await im.blob.arrayBuffer()) : null;
}

function imageRecord(im: StoredImage, sha256: string | null): Omit<BackupImage, 'file' | 'data'> {
  const { blob: _blob, ...rest } = im;
  return { ...rest, status: sha256 ? 'ok' : 'failed', sha256 };
}

/** The ZIP backup, streamed: one clip and one image in memory at a time. */
export async function writeBackupZip(db: SiftDb, onProgress: Progress = () => undefined): Promise<Blob> {
  const [clipCount, imageCount] = await Promise.all([db.clips.count(), db.images.count()]);
  const zip = new ZipStream();
  let done = 0;
  let images = 0;
  for await (const batch of clipBatches(db)) {
    for (const { clip, images: imgs } of batch) {
      const records: BackupImage[] = [];
      for (const im of imgs) {
        const bytes = await imageBytes(im);
        const sha = bytes ? await sha256Hex(bytes) : null;
        if (bytes) zip.addBytes(imageEntryName(im.id), bytes, false);
        records.push({ ...imageRecord(im, sha), file: bytes ? imageEntryName(im.id) : null });
        images++;
      }
      const entry: BackupEntry = { clip: toBackupClip(clip), images: records };
      zip.addText(clipEntryName(clip.id), JSON.stringify(entry));
      onProgress(++done, clipCount, 'Backing up');
    }
  }
  // Written last so its counts are the ones actually written, not a racing estimate.
  zip.addText(MANIFEST_NAME, JSON.stringify(manifest(done, images), null, 2));
  void imageCount;
  return zip.finish();
}

/**
 * The single-file JSON backup (images as base64), streamed into a Blob. The counts come after
 * the entries, as the ZIP's manifest comes last: counted before, they disagreed with the
 * entries whenever a clip was deleted for good while the backup was written (the trash
 * emptied in another tab), and the importer refused the whole backup as incomplete.
 */
export async function writeBackupJson(db: SiftDb, onProgress: Progress = () => undefined): Promise<Blob> {
  const clipIds = (await db.clips.orderBy('savedAt').primaryKeys()) as string[];
  const sink = new BlobSink('application/json');
  const enc = new TextEncoder();
  const { clips: _clips, images: _images, ...head } = manifest(0, 0);
  sink.push(enc.encode(`${JSON.stringify(head).slice(0, -1)},"entries":[\n`));
  let done = 0;
  let images = 0;
  for await (const batch of clipBatches(db, clipIds)) {
    for (const { clip, images: imgs } of batch) {
      const records: BackupImage[] = [];
      for (const im of imgs) {
        const bytes = await imageBytes(im);
        records.push({ ...imageRecord(im, bytes ? await sha256Hex(bytes) : null), data: bytes ? base64Encode(bytes) : null });
        images++;
      }
      sink.push(enc.encode((done > 0 ? ',\n' : '') + JSON.stringify({ clip: toBackupClip(clip), images: records })));
      onProgress(++done, clipIds.length, 'Backing up');
    }
  }
  sink.push(enc.encode(`\n],"clips":${done},"images":${images}}\n`));
  return sink.finish();
}
