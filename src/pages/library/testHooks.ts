import { db } from '../../storage/db';
import { storeValidated } from '../../backup/importBackup';
import type { StoredClip, StoredImage } from '../../storage/schema';

/**
 * Image records from the benchmark carry a size instead of bytes (sending 100 MB of image
 * bytes over the DevTools protocol would dominate the run): the page fills a PNG-signed
 * Blob of that size with random bytes (incompressible, like real photos).
 */
type ImageIn = Omit<StoredImage, 'blob'>;

function randomPng(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  return new Blob([bytes], { type: 'image/png' });
}

/** e2e build only: `globalThis.siftTest.storeClips(clips, images)` seeds through storeValidated. */
export function install(): void {
  (globalThis as { siftTest?: unknown }).siftTest = {
    storeClips: (clips: StoredClip[], images: ImageIn[] = []) =>
      storeValidated(db(), { clips, images: images.map((im) => ({ ...im, blob: im.status === 'ok' ? randomPng(im.bytes) : null })) }),
  };
}
