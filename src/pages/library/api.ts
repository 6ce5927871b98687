import { db } from '../../storage/db';
import * as lib from '../../storage/library';
import type { ImportResult } from '../../backup/importBackup';
import type { ExportFormat, ExportProgress } from '../../export/formats';
import { announceLibraryChange, onLibraryChange } from '../../shared/libraryChanges';

/** Everything the library page does to storage; components get it through props (STYLE.md, 7). */
export interface LibraryApi {
  list(q: lib.ListQuery): Promise<lib.ListResult>;
  search(query: string, tag: string | null, offset?: number, limit?: number): Promise<lib.SearchResult>;
  tags(): Promise<string[]>;
  counts(): Promise<{ live: number; trash: number }>;
  liveIds(tag: string | null): Promise<string[]>;
  /** Every clip a search finds (within the tag), newest first. */
  searchIds(query: string, tag: string | null): Promise<string[]>;
  /** Every clip in the trash, in the trash view's order. */
  trashIds(): Promise<string[]>;
  /**
   * The bulk actions run in chunks (lib.BulkOptions: progress, stop); one that stops early
   * throws lib.BulkStopped with what it did. Every write here, once it has settled, tells the
   * other open library pages (and not this one: it refreshes itself).
   */
  trash(ids: string[], opts?: lib.BulkOptions): Promise<string[]>;
  restore(ids: string[], opts?: lib.BulkOptions): Promise<string[]>;
  /** Undo of `trash`: restores what is still in the trash, and says what was restored or deleted forever elsewhere meanwhile. */
  undoTrash(ids: string[], opts?: lib.BulkOptions): Promise<lib.UndoOutcome>;
  deleteForever(ids: string[], opts?: lib.BulkOptions): Promise<void>;
  emptyTrash(opts?: lib.BulkOptions): Promise<number>;
  purgeExpired(): Promise<number>;
  addTag(ids: string[], tag: string, opts?: lib.BulkOptions): Promise<string | null>;
  removeTag(ids: string[], tag: string, opts?: lib.BulkOptions): Promise<void>;
  estimate(): Promise<{ usage: number; quota: number } | null>;
  /** Exports and downloads; `signal` cancels (rejects with an AbortError, nothing downloaded). */
  exportAndSave(format: ExportFormat, ids: string[], onProgress: ExportProgress, signal?: AbortSignal): Promise<string>;
  importFile(file: File, onProgress: ExportProgress): Promise<ImportResult>;
  /**
   * Calls `listener` when another context changed the library (a clip saved from the popup,
   * a delete or a tag in another library tab); returns the unsubscribe.
   */
  onChange(listener: () => void): () => void;
}

/**
 * Runs a write, then announces it (libraryChanges.ts) however it ended: a bulk action that
 * stopped or failed partway keeps the chunks it committed, and another tab must show those.
 */
async function announcing<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    announceLibraryChange();
  }
}

export const libraryApi: LibraryApi = {
  list: (q) => lib.listClips(db(), q),
  search: (query, tag, offset, limit) => lib.searchClips(db(), query, { tag, offset, limit }),
  tags: () => lib.allTags(db()),
  counts: async () => {
    const [live, trash] = await Promise.all([lib.countLive(db()), lib.countTrash(db())]);
    return { live, trash };
  },
  liveIds: (tag) => lib.liveIds(db(), tag),
  searchIds: (query, tag) => lib.searchIds(db(), query, tag),
  trashIds: () => lib.trashIds(db()),
  trash: (ids, opts) => announcing(lib.trashClips(db(), ids, opts)),
  restore: (ids, opts) => announcing(lib.restoreClips(db(), ids, opts)),
  undoTrash: (ids, opts) => announcing(lib.undoTrash(db(), ids, opts)),
  deleteForever: (ids, opts) => announcing(lib.deleteForever(db(), ids, opts)),
  emptyTrash: (opts) => announcing(lib.emptyTrash(db(), opts)),
  purgeExpired: async () => {
    const purged = await lib.purgeExpiredTrash(db());
    if (purged > 0) announceLibraryChange();
    return purged;
  },
  addTag: (ids, tag, opts) => announcing(lib.addTag(db(), ids, tag, opts)),
  removeTag: (ids, tag, opts) => announcing(lib.removeTag(db(), ids, tag, opts)),
  estimate: async () => {
    if (!navigator.storage?.estimate) return null;
    const e = await navigator.storage.estimate();
    return e.usage !== undefined && e.quota ? { usage: e.usage, quota: e.quota } : null;
  },
  // Export and import code (turndown, fflate, EPUB, backup validation) loads on first use,
  // not with the page.
  exportAndSave: async (format, ids, onProgress, signal) => {
    const { exportClips, saveBlob } = await import('../../export/exportClips');
    const out = await exportClips(db(), format, ids, onProgress, signal);
    saveBlob(out.blob, out.filename);
    return out.filename;
  },
  // One transaction: a refused or failed import changed nothing, nor did one whose clips were all here.
  importFile: async (file, onProgress) => {
    const result = await (await import('../../backup/importBackup')).importBackup(db(), file, onProgress);
    if (result.added > 0) announceLibraryChange();
    return result;
  },
  onChange: (listener) => onLibraryChange(listener),
};
