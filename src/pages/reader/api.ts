import { db } from '../../storage/db';
import { getClip, getSetting, imagesOf, neighbours, setSetting } from '../../storage/library';
import type { StoredClip, StoredImage } from '../../storage/schema';
import { READER_PREFS_KEY, coercePrefs, type ReaderPrefs } from './prefs';

/** Everything the reader needs from storage; the UI gets it through props (STYLE.md, 7). */
export interface ReaderApi {
  load(id: string): Promise<{ clip: StoredClip; images: StoredImage[] } | null>;
  neighbours(clip: StoredClip): Promise<{ newer: string | null; older: string | null }>;
  getPrefs(): Promise<ReaderPrefs>;
  setPrefs(p: ReaderPrefs): Promise<void>;
}

export const readerApi: ReaderApi = {
  async load(id) {
    const clip = await getClip(db(), id);
    if (!clip) return null;
    return { clip, images: await imagesOf(db(), id) };
  },
  neighbours: (clip) => neighbours(db(), clip),
  getPrefs: async () => coercePrefs(await getSetting(db(), READER_PREFS_KEY, null)),
  setPrefs: (p) => setSetting(db(), READER_PREFS_KEY, p),
};
