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
  return storeValidated(db, await readBackup(file, onProgress));
}

/**
 * The write half of an import: validated clips and images into the library in one
 * transaction (the library index follows in the same transaction, libraryIndex.ts). Clips
 * already present are kept as they are. Also the scale benchmark's seeding path.
 */
export async function storeValidated(db: SiftDb, parsed: { clips: StoredClip[]; images: StoredImage[] }): Promise<ImportResult> {
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
    await db.clips.bulkAdd(newClips);
    await db.images.bulkAdd(images);
    const saved = images.filter((im) => im.status === 'ok').length;
    return { added: newClips.length, skipped: existing.size, images: saved, unsavedImages: images.length - saved };
  });
}
