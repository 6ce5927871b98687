import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable, Middleware, Transaction } from 'dexie';
import type { StoredClip, StoredSummary, TimelineRow } from './schema';
import { termsFor } from './libraryTerms';
import type { SiftDb } from './db';

/**
 * The library's derived tables (schema v3): `summaries` (what a list row shows) and
 * `timeline` (live clips in date order, with their search terms). They are kept in step
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
  return summary;
}

/** The clip's timeline row, or null for a trashed clip (search and counts skip the trash). */
export function timelineRowOf(c: StoredClip): TimelineRow | null {
  if (typeof c.deletedAt === 'number') return null;
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

/**
 * Plans the derived-table writes for clips written (`after` = the new record) or deleted
 * (`after` = null), given their summaries before the write. Pure, so it is unit-tested.
 */
export function planDerived(changes: { id: string; before: StoredSummary | undefined; after: StoredClip | null }[]): DerivedChanges {
  const out: DerivedChanges = { putSummaries: [], deleteSummaries: [], putTimeline: [], deleteTimeline: [], liveDelta: 0 };
  for (const { id, before, after } of changes) {
    const wasLive = before !== undefined && before.deletedAt === null;
    if (wasLive) out.liveDelta--;
    if (!after) {
      if (before) out.deleteSummaries.push(id);
      if (wasLive) out.deleteTimeline.push([before.savedAt, id]);
      continue;
    }
    const summary = summaryOf(after);
    out.putSummaries.push(summary);
    const row = timelineRowOf(after);
    if (row) out.liveDelta++;
    const sameKey = wasLive && row !== null && before.savedAt === row.savedAt;
    if (wasLive && !sameKey) out.deleteTimeline.push([before.savedAt, id]);
    // A tag edit or a rename rewrites the clip but not its words: re-writing the row would
    // re-write hundreds of index entries for nothing.
    if (row && !(sameKey && before.termsSig === summary.termsSig)) out.putTimeline.push(row);
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
  const res = await clips.mutate(req);
  const written = (req.type === 'add' || req.type === 'put') ? (req.values as StoredClip[]) : null;
  const changes = ids
    .map((id, i) => ({ id, before: before[i], after: written ? (written[i] ?? null) : null, failed: res.failures[i] !== undefined }))
    .filter((c) => !c.failed);
  await applyDerived(core, trans, planDerived(changes));
  return res;
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
 * Live clips (the timeline's size), read from the stored count: Chromium's native count()
 * walks every record (measured ~10 µs a clip, ~100 ms at 10,000: a third of the library's
 * open budget). The middleware adjusts the count in the same transaction as every clip
 * write; the first call on a database without one counts the timeline and stores the result,
 * in one read-write transaction so no clip write can slip in between.
 */
export async function liveCount(db: SiftDb): Promise<number> {
  const stored = await db.settings.get(LIVE_COUNT_KEY);
  if (typeof stored?.value === 'number') return stored.value;
  return db.transaction('rw', db.timeline, db.settings, async () => {
    const n = await db.timeline.count();
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
    await tx.table(TIMELINE).bulkPut(batch.map(timelineRowOf).filter((r): r is TimelineRow => r !== null));
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
