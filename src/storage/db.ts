import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import type { StoredClip, StoredImage, StoredSetting, StoredSummary, TimelineRow } from './schema';
import { addLiveKeys, fillLibraryIndex, libraryIndexMiddleware, reindexTerms } from './libraryIndex';

export const DB_NAME = 'sift';

/**
 * Sift's IndexedDB, owned by the extension origin (service worker and extension pages; a
 * content script would open the web page's database instead).
 *
 * Schema history: every change adds a `.version(n)` with an upgrade, never edits an old one.
 * v1: clips, images (keyed to their clip), settings.
 * v2: clips may carry optional pageKind, attributes and table (issue 7). None is indexed and
 *     v1 clips simply lack them, so the upgrade changes no record; it exists so that a
 *     browser holding a v1 database records the new shape's version (and a later version
 *     that needs an index on them has a step to build on).
 * v3: the library at scale (10,000 clips open in < 300 ms, search < 50 ms): `summaries`
 *     (list rows without html/text) and `timeline` (live clips keyed [savedAt, id], with the
 *     multi-entry `*terms` index that `clips` carried before). Both are derived from `clips`
 *     by libraryIndexMiddleware in the same transaction as every clip write; the upgrade
 *     fills them from the existing clips. `clips.terms` stays on the record (the source the
 *     timeline row is rebuilt from on restore) but is no longer indexed there.
 * v4: search terms also hold the byline and site name, and hyphenated and camel-case words
 *     in their other spellings (WiFi, Wi-Fi, wifi: libraryTerms.ts). Same stores and
 *     indexes; the upgrade rebuilds every clip's terms, summary and timeline row.
 * v5: search terms also hold each accented Latin or Greek word without its accents
 *     ("München" also as "munchen", "Straße" as "strasse": libraryTerms.ts foldAccents), and
 *     a query asks for words without accents. Same stores and indexes; the upgrade rebuilds
 *     every clip's terms as v4 did.
 * v6: search terms also hold each word with a German umlaut spelled out ("Größe" also as
 *     "groesse", "Müller" as "mueller": libraryTerms.ts spellUmlauts), so the spelling German
 *     uses without umlauts finds the clip. Same stores and indexes; the upgrade rebuilds
 *     every clip's terms as v4 and v5 did.
 * v7: Undo of a Delete and Restore from the trash without indexing the clips' words again
 *     (3,000 clips: 97 and 105 s). A trashed clip keeps its timeline row (search leaves the
 *     trash's ids out), so the live list in date order moves to a new `summaries` index,
 *     `liveKey` ([savedAt, id], set on live clips only). The upgrade sets it on every live
 *     summary; the timeline is not touched (clips trashed before v7 have no row, and get it
 *     back when restored, as before).
 *
 * A terms rebuild runs once per upgrade, however many versions it spans. The rebuild is
 * today's termsFor over every clip, so its result does not depend on the version it runs
 * in: only the upgrade to the newest terms-changing version runs it (a database below it
 * always runs that step, in the same versionchange transaction as the steps before it). A
 * v3 library used to be rebuilt at v4, v5 and v6: every clip record, summary and timeline
 * row rewritten three times, the last two changing nothing. An upgrade step between two
 * terms versions must therefore not read clips' terms (none does).
 */
export class SiftDb extends Dexie {
  clips!: EntityTable<StoredClip, 'id'>;
  images!: EntityTable<StoredImage, 'id'>;
  settings!: EntityTable<StoredSetting, 'key'>;
  summaries!: EntityTable<StoredSummary, 'id'>;
  timeline!: Table<TimelineRow, [number, string]>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
      clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt, *terms',
      images: 'id, clipId, [clipId+url]',
      settings: 'key',
    });
    this.version(2)
      .stores({
        clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt, *terms',
        images: 'id, clipId, [clipId+url]',
        settings: 'key',
      })
      .upgrade(() => {
        // Nothing to rewrite: the v2 fields are optional and absent on every v1 clip.
      });
    this.version(3)
      .stores({
        clips: 'id, url, canonicalUrl, savedAt, *tags, deletedAt',
        images: 'id, clipId, [clipId+url]',
        settings: 'key',
        summaries: 'id, savedAt, deletedAt, *tags',
        timeline: '[savedAt+id], *terms',
      })
      .upgrade(fillLibraryIndex);
    // Versions whose terms differ from their predecessor's. Each one's upgrade asks for a
    // rebuild, and the rebuild runs once, in the upgrade to the newest of them (termsChanged).
    const termsVersions: number[] = [];
    const termsChanged = (version: number) => {
      termsVersions.push(version);
      return (tx: Transaction) => (version === Math.max(...termsVersions) ? reindexTerms(tx) : undefined);
    };
    // Same stores and indexes as v3 (a version that declares none keeps its predecessor's).
    this.version(4).upgrade(termsChanged(4));
    // A v4 library's terms lack the unaccented forms v5 queries ask for: rebuilt the same way.
    this.version(5).upgrade(termsChanged(5));
    // A v5 library's terms lack the ae/oe/ue spellings of umlaut words: rebuilt the same way.
    this.version(6).upgrade(termsChanged(6));
    this.version(7)
      .stores({ summaries: 'id, savedAt, deletedAt, *tags, liveKey' })
      .upgrade(addLiveKeys);
    this.use(libraryIndexMiddleware);
  }
}

let shared: SiftDb | null = null;
/** The extension's one database connection. */
export function db(): SiftDb {
  shared ??= new SiftDb();
  return shared;
}
