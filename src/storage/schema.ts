import type { AttributeRow, EngineName, PageKind, RecordTable } from '../core/types';

/**
 * Records as stored in IndexedDB. A clip and its images are written in one transaction,
 * so a clip is whole or absent.
 */
export interface StoredClip {
  /** Random UUID; stable across export/import. */
  id: string;
  url: string;
  canonicalUrl: string | null;
  title: string;
  byline: string | null;
  site: string | null;
  /** ISO date the page states, if any. */
  published: string | null;
  /** Epoch ms. */
  savedAt: number;
  updatedAt: number;
  lang: string | null;
  dir: 'ltr' | 'rtl' | null;
  tags: string[];
  excerpt: string | null;
  /**
   * Clean HTML as the core produced it. `<img src>` keeps the original absolute URL; the
   * reader swaps it for the blob: URL of the StoredImage with the same clipId + url and
   * removes any image it has no bytes for, so rendering makes no network request.
   */
  html: string;
  text: string;
  wordCount: number;
  readingMinutes: number;
  engine: EngineName;
  leadImage: string | null;
  /** Epoch ms when moved to the trash; null while live. Trash is emptied after 30 days. */
  deletedAt: number | null;
  /** Lower-cased unique words of title, byline, site and text (since v4; libraryTerms.ts termsFor), for the full-text index. */
  terms: string[];
  /**
   * Structured pages (issue 7, schema v2): set only when the core's records stage ran and
   * found them; clips saved under v1, and selection/full-page clips, have none. Plain text
   * only; shown through text nodes, never as HTML.
   */
  pageKind?: PageKind;
  /** Product pages: attribute → value rows. */
  attributes?: AttributeRow[];
  /** List pages: the records as a table, one cell per column in every row. */
  table?: RecordTable;
}

export interface StoredImage {
  /** Random UUID. */
  id: string;
  clipId: string;
  /** Absolute URL as it appears in the clip HTML. */
  url: string;
  /** The bytes; null when fetching failed (status 'failed'). */
  blob: Blob | null;
  mime: string | null;
  bytes: number;
  width: number | null;
  height: number | null;
  status: 'ok' | 'failed';
  /** Why it failed (timeout, too large, HTTP status…), shown to the user. */
  error: string | null;
}

/** Small key-value settings (reader preferences and the like). */
export interface StoredSetting {
  key: string;
  value: unknown;
}

/**
 * Schema v3: what a library row shows, kept beside each clip (`summaries`, keyed by clip id)
 * so the list never reads a clip's html/text. Derived from the clip in the same transaction
 * as every write to `clips` (libraryIndex.ts), never written directly.
 */
export interface StoredSummary {
  id: string;
  title: string;
  url: string;
  site: string | null;
  byline: string | null;
  savedAt: number;
  tags: string[];
  /** At most EXCERPT_MAX characters. */
  excerpt: string | null;
  readingMinutes: number;
  wordCount: number;
  lang: string | null;
  dir: 'ltr' | 'rtl' | null;
  deletedAt: number | null;
  /** The clip's HTML has at least one <img>. */
  hasImages: boolean;
  /** A list or product clip with a table to export (CSV / JSON / Markdown). */
  hasTable: boolean;
  pageKind?: PageKind;
  /** Fingerprint of the clip's terms: an unchanged one lets a tag edit skip rewriting the term index. */
  termsSig: string;
  /**
   * Schema v7: the clip's timeline key [savedAt, id] while it is live; absent in the trash. Its
   * index (IndexedDB leaves a record without the key out) is the live list in date order: the
   * library's pages, its live count and the reader's neighbours walk it.
   */
  liveKey?: [number, string];
}

/**
 * Schema v3: one row per clip, primary key [savedAt, id], so IndexedDB's key order is the
 * library's date order, with the clip's search terms in the multi-entry `*terms` index (a
 * term's hits come back already in date order). Until v7 only live clips had a row; since
 * v7 a clip keeps its row in the trash (moving to the trash and back does not touch it:
 * writing a row re-writes its ~1,300 index entries, 35 ms a clip in Chromium), and search
 * leaves out the trash's ids. A clip trashed before v7, or imported already trashed, has no
 * row until it is restored.
 */
export interface TimelineRow {
  savedAt: number;
  id: string;
  terms: string[];
}
