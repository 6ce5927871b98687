import browser from 'webextension-polyfill';
import { BUILD_BROWSER } from '../../shared/browserFamily';
import { db } from '../../storage/db';
import { announceLibraryChange } from '../../shared/libraryChanges';
import { getClip, getSetting, imagesOf, neighbours, setSetting, undoTrash } from '../../storage/library';
import type { StoredClip, StoredImage } from '../../storage/schema';
import { READER_PREFS_KEY, coercePrefs, type ReaderPrefs } from './prefs';

/** Everything the reader needs from storage and the browser; the UI gets it through props (STYLE.md, 7). */
export interface ReaderApi {
  load(id: string): Promise<{ clip: StoredClip; images: StoredImage[] } | null>;
  neighbours(clip: StoredClip): Promise<{ newer: string | null; older: string | null }>;
  getPrefs(): Promise<ReaderPrefs>;
  setPrefs(p: ReaderPrefs): Promise<void>;
  /**
   * Whether Sift may open a file on this computer in a tab: the original of a clip of a page
   * opened from disk (src/shared/clipSource.ts). Chromium lets an extension open a file: URL
   * with tabs.create when "Allow access to file URLs" is on, but no extension page may follow
   * a file: link; Firefox refuses file: URLs to tabs.create (MDN).
   */
  canOpenFiles(): Promise<boolean>;
  /** Opens a file: address in a new tab (only file: addresses). */
  openFile(url: string): Promise<void>;
  /**
   * Takes a clip out of the trash (a library open in another tab hears of it): 'restored', also
   * when another tab restored it first, or 'gone' when it was deleted forever meanwhile.
   */
  restore(id: string): Promise<'restored' | 'gone'>;
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
  canOpenFiles: async () => BUILD_BROWSER === 'chromium' && (await browser.extension.isAllowedFileSchemeAccess().catch(() => false)),
  openFile: async (url) => {
    if (new URL(url).protocol !== 'file:') throw new Error('not a file on this computer');
    await browser.tabs.create({ url });
  },
  restore: async (id) => {
    // undoTrash restores what is still in the trash and says what it found gone, in one transaction.
    const out = await undoTrash(db(), [id]);
    if (out.restored.length > 0) announceLibraryChange();
    return out.gone.length > 0 ? 'gone' : 'restored';
  },
  setPrefs: (p) => {
    try {
      localStorage.setItem(LOCAL_MIRROR_KEY, JSON.stringify(p));
    } catch {
      // Storage disabled or full: the settings table below still records the change.
    }
    return setSetting(db(), READER_PREFS_KEY, p);
  },
};
