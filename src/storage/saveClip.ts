import type { SiftDb } from './db';
import type { StoredClip, StoredImage } from './schema';
import { termsFor } from './libraryTerms';
import type { ClipData, ExistingClip, OnDuplicate } from '../shared/messages';

/**
 * Saving a clip: the clip record and all its image records are written in ONE Dexie
 * transaction, so after a crash, a quota error or a killed service worker a clip is either
 * whole (with every image record, failed ones as placeholders) or absent.
 */

/** One image of the clip, already fetched (or failed) before the transaction starts. */
export type ImageInput = Pick<StoredImage, 'url' | 'blob' | 'mime' | 'bytes' | 'width' | 'height' | 'error'>;

export interface SaveInput {
  clip: ClipData;
  images: ImageInput[];
  /** What to do when the URL is already saved: ask (report it), update one copy, keep both. */
  onDuplicate: OnDuplicate;
  /** With `update`: the clip to replace; null replaces the most recently saved copy. */
  updateId: string | null;
  now?: number;
  newId?: () => string;
}

export type SaveOutcome = { kind: 'saved'; clipId: string; updated: boolean } | { kind: 'duplicate'; existing: ExistingClip[] };

/**
 * The page an address shows, for spotting duplicates: the address without its fragment, since
 * `#comments` or `#intro` is a section of the same page. Except in a hash-routed app
 * (`#/article/12`, `#!/post/3`: a fragment starting with `/` or `!`), where the fragment is the
 * route, so the whole address is the page.
 */
function pageKeyOf(url: string): string {
  const hash = url.indexOf('#');
  if (hash < 0) return url;
  const fragment = url.slice(hash + 1);
  return fragment.startsWith('/') || fragment.startsWith('!') ? url : url.slice(0, hash);
}

/**
 * Live (not trashed) clips saved from the same page: the URL or canonical URL of the clip and
 * of the address being clipped, cross-matched, compared by `pageKeyOf` (so `…/post`,
 * `…/post#comments` and `…/post#intro` are one page; hash routes stay apart). Stored clips keep
 * the address the user was on; the lookup stays on the `url` and `canonicalUrl` indexes: the
 * fragment-less keys exactly, plus addresses starting with `key#`, then filtered by page key.
 */
export async function findExisting(db: SiftDb, url: string, canonicalUrl: string | null): Promise<ExistingClip[]> {
  const keys = new Set([pageKeyOf(url), ...(canonicalUrl ? [pageKeyOf(canonicalUrl)] : [])]);
  const exact = [...keys];
  // A key with a `#` is a hash route: only that exact address is the same page.
  const prefixes = exact.filter((k) => !k.includes('#')).map((k) => `${k}#`);
  const found = await Promise.all(
    (['url', 'canonicalUrl'] as const).flatMap((index) => [
      db.clips.where(index).anyOf(exact).toArray(),
      prefixes.length > 0 ? db.clips.where(index).startsWithAnyOf(prefixes).toArray() : Promise.resolve([]),
    ]),
  );
  const samePage = (c: StoredClip) => keys.has(pageKeyOf(c.url)) || (c.canonicalUrl !== null && keys.has(pageKeyOf(c.canonicalUrl)));
  const seen = new Map<string, StoredClip>();
  for (const c of found.flat()) if (c.deletedAt === null && samePage(c)) seen.set(c.id, c);
  return [...seen.values()].sort((a, b) => b.savedAt - a.savedAt).map((c) => ({ id: c.id, title: c.title, savedAt: c.savedAt }));
}

function toRecord(clip: ClipData, id: string, now: number, previous: StoredClip | null): StoredClip {
  const record: StoredClip = {
    id,
    url: clip.url,
    canonicalUrl: clip.canonicalUrl,
    title: clip.title.trim() || clip.url,
    byline: clip.byline,
    site: clip.siteName,
    published: clip.published,
    savedAt: previous?.savedAt ?? now,
    updatedAt: now,
    lang: clip.lang,
    dir: clip.dir,
    // Updating a clip keeps what the user added to it.
    tags: previous?.tags ?? [],
    excerpt: clip.excerpt,
    html: clip.html,
    text: clip.text,
    wordCount: clip.wordCount,
    readingMinutes: clip.readingMinutes,
    engine: clip.engine,
    leadImage: clip.leadImage,
    deletedAt: null,
    terms: termsFor({ title: clip.title, text: clip.text, byline: clip.byline, site: clip.siteName }),
  };
  // Structured-page fields only when present (an update with a plain article drops them).
  if (clip.pageKind !== undefined) record.pageKind = clip.pageKind;
  if (clip.attributes !== undefined) record.attributes = clip.attributes;
  if (clip.table !== undefined) record.table = clip.table;
  return record;
}

function toImageRecords(clipId: string, images: ImageInput[], newId: () => string): StoredImage[] {
  const byUrl = new Map<string, ImageInput>();
  for (const img of images) if (!byUrl.has(img.url)) byUrl.set(img.url, img);
  return [...byUrl.values()].map((img) => ({
    id: newId(),
    clipId,
    url: img.url,
    blob: img.blob,
    mime: img.blob ? img.mime : null,
    bytes: img.blob ? img.blob.size : 0,
    width: img.width,
    height: img.height,
    status: img.blob ? 'ok' : 'failed',
    error: img.blob ? null : (img.error ?? 'not saved'),
  }));
}

export async function saveClip(db: SiftDb, input: SaveInput): Promise<SaveOutcome> {
  const now = input.now ?? Date.now();
  const newId = input.newId ?? (() => crypto.randomUUID());
  return db.transaction('rw', db.clips, db.images, async (): Promise<SaveOutcome> => {
    const existing = await findExisting(db, input.clip.url, input.clip.canonicalUrl);
    if (existing.length > 0 && input.onDuplicate === 'ask') return { kind: 'duplicate', existing };

    let previous: StoredClip | null = null;
    if (input.onDuplicate === 'update') {
      const targetId = input.updateId ?? existing[0]?.id ?? null;
      if (targetId !== null) {
        previous = (await db.clips.get(targetId)) ?? null;
        if (!previous || previous.deletedAt !== null) throw new Error('The saved copy to update no longer exists (it was deleted meanwhile). Save again to keep a new copy.');
      }
    }
    const clipId = previous?.id ?? newId();
    if (previous) await db.images.where('clipId').equals(clipId).delete();
    await db.clips.put(toRecord(input.clip, clipId, now, previous));
    await db.images.bulkAdd(toImageRecords(clipId, input.images, newId));
    return { kind: 'saved', clipId, updated: previous !== null };
  });
}
