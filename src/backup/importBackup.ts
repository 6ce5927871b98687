import type { SiftDb } from '../storage/db';
import type { StoredClip, StoredImage } from '../storage/schema';
import { readBackup, type Progress } from './read';

export interface ImportResult {
  added: number;
  /** Clips whose id is already in the library: the library's copy is kept. */
  skipped: number;
  /** Images imported with their bytes. */
  images: number;
  /** Image records imported without bytes: images that could not be saved when the clip was (status 'failed'). */
  unsavedImages: number;
}

/**
 * Imports a backup file: validate everything first (readBackup), then write all new clips
 * and their images in ONE transaction, so a failure at any point leaves the library as it was.
 */
export async function importBackup(db: SiftDb, file: Blob, onProgress?: Progress): Promise<ImportResult> {
  return storeValidated(db, await readBackup(file, onProgress), onProgress);
}

/**
 * Clips written per step of the import's transaction. Writing thousands in one bulkAdd kept
 * the page's main thread busy for seconds (cloning each record, deriving its library rows):
 * 3,000 clips froze the library 8 s with a full bar still saying "Checking images". Between
 * steps the page repaints and the progress moves; the transaction, and so all-or-nothing, is
 * the same.
 */
const WRITE_STEP = 200;

/**
 * The write half of an import: validated clips and images into the library in one
 * transaction (the library index follows in the same transaction, libraryIndex.ts). Clips
 * already present are kept as they are. Also the scale benchmark's seeding path.
 */
export async function storeValidated(db: SiftDb, parsed: { clips: StoredClip[]; images: StoredImage[] }, onProgress: Progress = () => undefined): Promise<ImportResult> {
  return db.transaction('rw', db.clips, db.images, async () => {
    const existing = new Set(
      (await db.clips.bulkGet(parsed.clips.map((c) => c.id))).filter((c) => c !== undefined).map((c) => c.id),
    );
    const newClips = parsed.clips.filter((c) => !existing.has(c.id));
    const newImages = parsed.images.filter((im) => !existing.has(im.clipId));
    // An image id can only collide when two libraries were merged by hand; a fresh id keeps both.
    const clashes = new Set(
      (await db.images.bulkGet(newImages.map((im) => im.id))).filter((im) => im !== undefined).map((im) => im.id),
    );
    const images: StoredImage[] = newImages.map((im) => (clashes.has(im.id) ? { ...im, id: crypto.randomUUID() } : im));
    const imagesOf = new Map<string, StoredImage[]>();
    for (const im of images) {
      const list = imagesOf.get(im.clipId);
      if (list) list.push(im);
      else imagesOf.set(im.clipId, [im]);
    }
    onProgress(0, newClips.length, 'Adding to the library');
    for (let i = 0; i < newClips.length; i += WRITE_STEP) {
      const step = newClips.slice(i, i + WRITE_STEP);
      await db.clips.bulkAdd(step);
      await db.images.bulkAdd(step.flatMap((c) => imagesOf.get(c.id) ?? []));
      onProgress(i + step.length, newClips.length, 'Adding to the library');
      for (const c of step) imagesOf.delete(c.id);
    }
    // Images of no clip in this import (only the e2e seeding hook can pass any) are written as before.
    await db.images.bulkAdd([...imagesOf.values()].flat());
    const saved = images.filter((im) => im.status === 'ok').length;
    return { added: newClips.length, skipped: existing.size, images: saved, unsavedImages: images.length - saved };
  });
}
