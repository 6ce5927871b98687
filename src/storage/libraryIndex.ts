import type { DBCore, DBCoreKeyRange, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, Middleware, Transaction } from 'dexie';
import type { StoredClip, StoredSummary, TimelineRow } from './schema';
import { termsFor } from './libraryTerms';
import type { SiftDb } from './db';

/**
 * The library's derived tables (schema v3): `summaries` (what a list row shows; since v7 the
 * live ones also in date order, by `liveKey`) and `timeline` (clips in date order, with their
 * search terms; a trashed clip keeps its row since v7). They are kept in step
 * with `clips` by a Dexie DBCore middleware, so EVERY write to `clips` — saveClip in the
 * service worker, import, tag edits, trash, restore, delete — updates them inside the same
 * IndexedDB transaction: a clip and its index rows are committed or rolled back together,
 * and no caller can forget to maintain them.
 */

export const SUMMARIES = 'summaries';
export const TIMELINE = 'timeline';
const SETTINGS = 'settings';
/** The live-clip count (`liveCount`) is kept in `settings` under this key. */
export const LIVE_COUNT_KEY = 'library:liveCount';
const DERIVED_TABLES = [SUMMARIES, TIMELINE, SETTINGS];

/** A row's excerpt: two lines of a list row; the rest of a long excerpt would only cost reads. */
export const EXCERPT_MAX = 300;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** FNV-1a over the terms: cheap, and only compared with the same clip's previous value. */
function termsSignature(terms: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const t of terms) {
    for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  return `${terms.length}:${(h >>> 0).toString(36)}`;
}

/**
 * The clip's search terms. Records written by Sift always carry them; a record that does not
 * (hand-edited, or from a future bug) is indexed from its title and text instead of failing.
 */
function termsOf(c: Partial<StoredClip>): string[] {
  if (Array.isArray(c.terms)) return c.terms.filter((t): t is string => typeof t === 'string');
  return termsFromFields(c);
}

/** termsFor over a record whose fields may be missing or of the wrong type (an old or odd writer). */
const termsFromFields = (c: Partial<StoredClip>): string[] =>
  termsFor({ title: str(c.title), text: str(c.text), byline: strOrNull(c.byline), site: strOrNull(c.site) });

/**
 * Summary of a clip. Defensive about every field: the v3 migration runs this over clips
 * written by older versions, and one odd record must not block the whole library's upgrade.
 */
export function summaryOf(c: StoredClip): StoredSummary {
  const html = str(c.html);
  const excerpt = strOrNull(c.excerpt);
  const summary: StoredSummary = {
    id: c.id,
    title: str(c.title),
    url: str(c.url),
    site: strOrNull(c.site),
    byline: strOrNull(c.byline),
    savedAt: num(c.savedAt, 0),
    tags: Array.isArray(c.tags) ? c.tags.filter((t): t is string => typeof t === 'string') : [],
    excerpt: excerpt && excerpt.length > EXCERPT_MAX ? `${excerpt.slice(0, EXCERPT_MAX - 1)}…` : excerpt,
    readingMinutes: num(c.readingMinutes, 0),
    wordCount: num(c.wordCount, 0),
    lang: strOrNull(c.lang),
    dir: c.dir === 'rtl' || c.dir === 'ltr' ? c.dir : null,
    deletedAt: typeof c.deletedAt === 'number' ? c.deletedAt : null,
    hasImages: /<img\b/i.test(html),
    hasTable: (c.table?.rows.length ?? 0) > 0 || (c.attributes?.length ?? 0) > 0,
    termsSig: termsSignature(termsOf(c)),
  };
  if (c.pageKind !== undefined) summary.pageKind = c.pageKind;
  if (summary.deletedAt === null) summary.liveKey = [summary.savedAt, c.id];
  return summary;
}

/** The clip's timeline row (its search terms under its date-order key). */
export function timelineRowOf(c: StoredClip): TimelineRow {
  return { savedAt: num(c.savedAt, 0), id: c.id, terms: termsOf(c) };
}

type TimelineKey = [number, string];

/** What a batch of clip writes does to the derived tables. */
interface DerivedChanges {
  putSummaries: StoredSummary[];
  deleteSummaries: string[];
  putTimeline: TimelineRow[];
  deleteTimeline: TimelineKey[];
  /** Live clips gained (or lost, when negative): applied to the stored live count. */
  liveDelta: number;
}

/** A clip write as planDerived sees it. */
export interface ClipChange {
  id: string;
  /** The clip's summary before the write; undefined for a new clip. */
  before: StoredSummary | undefined;
  /** The record written; null when the clip is deleted. */
  after: StoredClip | null;
  /**
   * A trashed clip (before the write) has a timeline row: one trashed since v7 keeps it, one
   * trashed before v7 or imported trashed has none (libraryIndexMiddleware looks). Unused
   * for a live, new or deleted clip: a live clip always has its row, a new one none, and a
   * deleted one's key is deleted either way.
   */
  trashedWithRow?: boolean;
}

/**
 * Plans the derived-table writes for clips written (`after` = the new record) or deleted
 * (`after` = null), given their summaries before the write. Pure, so it is unit-tested.
 *
 * A live clip has its timeline row; a trashed one keeps the row it had (schema v7): the move
 * to the trash and back rewrites the summary only, and Undo or Restore of 3,000 clips took
 * 97-105 s when each clip's ~1,300 terms were indexed again. A trashed clip without a row
 * gets none until it is restored. Deleting a clip deletes its row, if it has one.
 */
export function planDerived(changes: readonly ClipChange[]): DerivedChanges {
  const out: DerivedChanges = { putSummaries: [], deleteSummaries: [], putTimeline: [], deleteTimeline: [], liveDelta: 0 };
  for (const { id, before, after, trashedWithRow } of changes) {
    const wasLive = before !== undefined && before.deletedAt === null;
    const hadRow = wasLive || (before !== undefined && trashedWithRow === true);
    if (wasLive) out.liveDelta--;
    if (!after) {
      // A trashed clip's row may or may not be there: deleting a key that is not is a no-op.
      if (before) {
        out.deleteSummaries.push(id);
        out.deleteTimeline.push([before.savedAt, id]);
      }
      continue;
    }
    const summary = summaryOf(after);
    out.putSummaries.push(summary);
    const live = summary.deletedAt === null;
    if (live) out.liveDelta++;
    const row = timelineRowOf(after);
    const sameKey = hadRow && before.savedAt === row.savedAt;
    if (hadRow && !sameKey) out.deleteTimeline.push([before.savedAt, id]);
    // A tag edit, a rename, a move to the trash or back rewrites the clip but not its words:
    // re-writing the row would re-write hundreds of index entries for nothing.
    const current = sameKey && before.termsSig === summary.termsSig;
    if ((live || hadRow) && !current) out.putTimeline.push(row);
  }
  return out;
}

async function applyDerived(core: DBCore, trans: DBCoreMutateRequest['trans'], d: DerivedChanges): Promise<void> {
  const summaries = core.table(SUMMARIES);
  const timeline = core.table(TIMELINE);
  const check = (r: DBCoreMutateResponse) => {
    // A failed index write must fail the clip write too (same transaction, nothing half-done).
    if (r.numFailures > 0) throw Object.values(r.failures)[0] ?? new Error('library index write failed');
  };
  // Deletes before puts: a clip re-saved under the same key is deleted then written again.
  if (d.deleteTimeline.length) check(await timeline.mutate({ type: 'delete', trans, keys: d.deleteTimeline }));
  if (d.deleteSummaries.length) check(await summaries.mutate({ type: 'delete', trans, keys: d.deleteSummaries }));
  if (d.putSummaries.length) check(await summaries.mutate({ type: 'put', trans, values: d.putSummaries }));
  if (d.putTimeline.length) check(await timeline.mutate({ type: 'put', trans, values: d.putTimeline }));
  if (d.liveDelta !== 0) {
    // No stored count yet: liveCount() counts the timeline once and stores it; until then
    // there is nothing to adjust.
    const settings = core.table(SETTINGS);
    const stored = (await settings.get({ trans, key: LIVE_COUNT_KEY })) as { value?: unknown } | undefined;
    if (typeof stored?.value === 'number') {
      check(await settings.mutate({ type: 'put', trans, values: [{ key: LIVE_COUNT_KEY, value: stored.value + d.liveDelta }] }));
    }
  }
}

async function mutateClips(core: DBCore, clips: DBCoreTable, req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> {
  const { trans } = req;
  let ids: string[];
  if (req.type === 'deleteRange') {
    ids = (await clips.query({ trans, values: false, query: { index: clips.schema.primaryKey, range: req.range } })).result as string[];
  } else if (req.type === 'delete') {
    ids = req.keys as string[];
  } else {
    ids = req.values.map((v: StoredClip) => v.id);
  }
  const before = (await core.table(SUMMARIES).getMany({ trans, keys: ids })) as (StoredSummary | undefined)[];
  const written = (req.type === 'add' || req.type === 'put') ? (req.values as StoredClip[]) : null;
  // Whether a trashed clip that is rewritten (restored, tagged in the trash, re-imported) has
  // its timeline row: one keys-only count each, never the row's terms. A deleted clip's key
  // is simply deleted.
  const withRow = written ? await Promise.all(before.map((b, i) => (b && b.deletedAt !== null ? hasTimelineRow(core, trans, [b.savedAt, ids[i]!]) : false))) : [];
  const res = await clips.mutate(req);
  const changes = ids
    .map((id, i): ClipChange & { failed: boolean } => ({
      id, before: before[i], after: written ? (written[i] ?? null) : null, trashedWithRow: withRow[i] === true, failed: res.failures[i] !== undefined,
    }))
    .filter((c) => !c.failed);
  await applyDerived(core, trans, planDerived(changes));
  return res;
}

/** DBCoreRangeType.Equal: a const enum in Dexie's typings, which isolated modules cannot read. */
const RANGE_EQUAL = 1 as DBCoreKeyRange['type'];

async function hasTimelineRow(core: DBCore, trans: DBCoreMutateRequest['trans'], key: TimelineKey): Promise<boolean> {
  const timeline = core.table(TIMELINE);
  const range: DBCoreKeyRange = { type: RANGE_EQUAL, lower: key, upper: key };
  return (await timeline.count({ trans, query: { index: timeline.schema.primaryKey, range } })) > 0;
}

/**
 * The middleware: widens every read-write transaction on `clips` to the derived tables (and
 * `settings`, for the live count) and mirrors each clip mutation into them. Registered once in SiftDb's constructor.
 */
export const libraryIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'sift-library-index',
  create(down: DBCore): Partial<DBCore> {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widened = mode === 'readwrite' && stores.includes('clips') ? [...new Set([...stores, ...DERIVED_TABLES])] : stores;
        return down.transaction(widened, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (name !== 'clips') return table;
        return { ...table, mutate: (req) => mutateClips(down, table, req) };
      },
    };
  },
};

/**
 * Live clips, read from the stored count: Chromium's native count() walks every record
 * (measured ~10 µs a clip, ~100 ms at 10,000: a third of the library's open budget). The
 * middleware adjusts the count in the same transaction as every clip write; the first call
 * on a database without one counts the summaries' `liveKey` index and stores the result, in
 * one read-write transaction so no clip write can slip in between.
 */
export async function liveCount(db: SiftDb): Promise<number> {
  const stored = await db.settings.get(LIVE_COUNT_KEY);
  if (typeof stored?.value === 'number') return stored.value;
  return db.transaction('rw', db.summaries, db.settings, async () => {
    const n = await db.summaries.orderBy('liveKey').count();
    await db.settings.put({ key: LIVE_COUNT_KEY, value: n });
    return n;
  });
}

/** Clips read per round trip while an upgrade (v3, v4) rebuilds the derived tables. */
const MIGRATION_BATCH = 200;

/**
 * v3 upgrade: builds `summaries` and `timeline` from every existing clip, in the upgrade's
 * own versionchange transaction. If anything throws (quota, a browser error), IndexedDB
 * aborts that transaction: the database stays at v2 with every clip as it was, and the page
 * reports the error (a retry happens on the next open).
 */
export async function fillLibraryIndex(tx: Transaction): Promise<void> {
  const clips = tx.table<StoredClip, string>('clips');
  const ids = await clips.toCollection().primaryKeys();
  for (let i = 0; i < ids.length; i += MIGRATION_BATCH) {
    const batch = (await clips.bulkGet(ids.slice(i, i + MIGRATION_BATCH))).filter((c): c is StoredClip => !!c && typeof c.id === 'string');
    await tx.table(SUMMARIES).bulkPut(batch.map(summaryOf));
    await tx.table(TIMELINE).bulkPut(batch.filter((c) => typeof c.deletedAt !== 'number').map(timelineRowOf));
  }
}

/**
 * v4–v6 upgrades (once per upgrade, however many of them it spans: db.ts termsChanged):
 * every clip's terms rebuilt with today's termsFor (byline and site name added,
 * hyphenated and camel-case words indexed in their other spellings), in the upgrade's
 * versionchange transaction. The clip writes go through libraryIndexMiddleware like any
 * other, which rewrites each summary and timeline row in the same transaction (the v3
 * upgrade wrote only those tables, so it had to build them itself). A failure aborts it:
 * the database stays at its old version, every clip as it was, and the next open retries.
 */
export async function reindexTerms(tx: Transaction): Promise<void> {
  const clips = tx.table<StoredClip, string>('clips');
  const ids = await clips.toCollection().primaryKeys();
  for (let i = 0; i < ids.length; i += MIGRATION_BATCH) {
    const batch = (await clips.bulkGet(ids.slice(i, i + MIGRATION_BATCH))).filter((c): c is StoredClip => !!c && typeof c.id === 'string');
    await clips.bulkPut(batch.map((c) => ({ ...c, terms: termsFromFields(c) })));
  }
}

/**
 * v7 upgrade: each live clip's summary gains its `liveKey`, whose index is the live list in
 * date order now that the timeline keeps trashed clips' rows too. Summaries only (small
 * records, no terms), in the upgrade's versionchange transaction: a failure leaves the
 * database at v6 as it was. A summary written since v3 by this code (an upgrade from v2-v5
 * rebuilds them all before this step) already has it and is not written again.
 */
export async function addLiveKeys(tx: Transaction): Promise<void> {
  await tx.table<StoredSummary, string>(SUMMARIES).toCollection()
    .filter((s) => s.deletedAt === null && s.liveKey === undefined)
    .modify((s) => { s.liveKey = [s.savedAt, s.id]; });
}
