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

/**
 * A synchronous mirror of the preferences in the extension origin's localStorage. The
 * IndexedDB write is asynchronous: a reader closed or reloaded right after a change (a
 * keypress, then Ctrl+R) would lose it, and the page would first paint in the old theme.
 * localStorage is written before the call returns; the settings table stays the record
 * that backups carry.
 */
const LOCAL_MIRROR_KEY = 'sift.reader.prefs';

function readMirror(): unknown {
  try {
    const raw = localStorage.getItem(LOCAL_MIRROR_KEY);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export const readerApi: ReaderApi = {
  async load(id) {
    const clip = await getClip(db(), id);
    if (!clip) return null;
    return { clip, images: await imagesOf(db(), id) };
  },
  neighbours: (clip) => neighbours(db(), clip),
  getPrefs: async () => coercePrefs(readMirror() ?? (await getSetting(db(), READER_PREFS_KEY, null))),
  setPrefs: (p) => {
    try {
      localStorage.setItem(LOCAL_MIRROR_KEY, JSON.stringify(p));
    } catch {
      // Storage disabled or full: the settings table below still records the change.
    }
    return setSetting(db(), READER_PREFS_KEY, p);
  },
};
