import type { SiftDb } from '../storage/db';
import type { StoredClip, StoredImage } from '../storage/schema';
import { pacer } from '../shared/pace';
import { inertDocument, sanitizeToFragment } from '../shared/sanitize';
import { base64Encode } from '../backup/bytes';
import { clipBatches, writeBackupJson, writeBackupZip } from '../backup/write';
import { EPUB_IMAGE_TYPES, writeEpub, type EpubChapter } from './epub';
import { standaloneHtml } from './html';
import { dropTitleHeading, insertLeadImage } from './leadImage';
import { clipToMarkdown } from './markdown';
import { NameAllocator, dateStamp, extensionFor, imageType, slugify } from './names';
import { makeOffline } from './offline';
import { clipTableElement, exportTables } from './tables';
import { ZipStream } from './zipStream';

/**
 * Every export format, driven from extension pages (they need a DOM for DOMPurify,
 * turndown and XMLSerializer; clip markup is built in an inert document, never the page's). Clips are read in batches and written entry by entry into a
 * streamed ZIP, so memory holds one batch, not the library.
 */
export { FORMAT_LABELS, isCancel, type ExportFormat, type ExportProgress } from './formats';
import type { ExportFormat, ExportProgress } from './formats';

export interface ExportOutput {
  blob: Blob;
  filename: string;
}

const okImages = (images: StoredImage[]) => images.filter((im): im is StoredImage & { blob: Blob } => im.status === 'ok' && !!im.blob);
const remoteOnly = (url: string) => (/^https?:/i.test(url) ? url : null);

/**
 * The sanitized body of a clip (with its lead image) inside a detached <div> of an inert
 * document, after its table as the reader shows it. Never a <div> of this page's document:
 * its <img>s would load from the original site (sanitize.ts, inertDocument). Its opening <h1>
 * goes when it states the clip's title: the HTML file's header shows the title, and the
 * Markdown note adds `# title` when the body does not start with one, so either way it would
 * read twice.
 */
function sanitizedBody(clip: StoredClip, localUrl: (url: string) => string | null): HTMLDivElement {
  const doc = inertDocument();
  const div = doc.createElement('div');
  const table = clipTableElement(clip, doc);
  if (table) div.append(table);
  // Empty when DOMPurify finds no <body> to return (a <frameset> page): export nothing then.
  const fragment = sanitizeToFragment(clip.html);
  dropTitleHeading(fragment, clip.title);
  insertLeadImage(fragment, clip);
  makeOffline(fragment, localUrl);
  div.append(fragment);
  return div;
}

async function dataUri(blob: Blob, mime: string | null): Promise<string> {
  return `data:${mime ?? 'application/octet-stream'};base64,${base64Encode(new Uint8Array(await blob.arrayBuffer()))}`;
}

/**
 * Runs an export. `signal` cancels it: every format reports progress once per clip, and the
 * progress hook checks the signal first, so a cancel stops the work within one clip and
 * nothing is returned (so nothing is downloaded).
 */
export async function exportClips(db: SiftDb, format: ExportFormat, ids: string[], onProgress: ExportProgress = () => undefined, signal?: AbortSignal): Promise<ExportOutput> {
  signal?.throwIfAborted();
  const progress: ExportProgress = (done, total, label) => {
    signal?.throwIfAborted();
    onProgress(done, total, label);
  };
  const out = await runExport(db, format, ids, progress);
  // A cancel that came while the archive was being finished still means "no file".
  signal?.throwIfAborted();
  return out;
}

async function runExport(db: SiftDb, format: ExportFormat, ids: string[], onProgress: ExportProgress): Promise<ExportOutput> {
  const stamp = dateStamp();
  if (format === 'backup-zip') return { blob: await writeBackupZip(db, onProgress), filename: `sift-backup-${stamp}.zip` };
  if (format === 'backup-json') return { blob: await writeBackupJson(db, onProgress), filename: `sift-backup-${stamp}.json` };
  if (ids.length === 0) throw new Error('Select at least one clip to export.');
  if (format === 'csv') return exportTables(db, ids, 'csv', onProgress);
  if (format === 'tables-json') return exportTables(db, ids, 'json', onProgress);
  if (format === 'tables-md') return exportTables(db, ids, 'md', onProgress);

  if (ids.length === 1 && (format === 'markdown' || format === 'html')) {
    const [batch] = await collect(clipBatches(db, ids));
    const item = batch?.[0];
    if (!item) throw new Error('That clip no longer exists.');
    onProgress(1, 1, 'Exporting');
    if (format === 'markdown') {
      const md = clipToMarkdown(item.clip, sanitizedBody(item.clip, remoteOnly));
      return { blob: new Blob([md], { type: 'text/markdown;charset=utf-8' }), filename: `${slugify(item.clip.title)}.md` };
    }
    return { blob: new Blob([await htmlFile(item.clip, item.images)], { type: 'text/html;charset=utf-8' }), filename: `${slugify(item.clip.title)}.html` };
  }

  if (format === 'epub') {
    const blob = await writeEpub(epubChapters(db, ids), { title: ids.length === 1 ? 'Sift clip' : `Sift: ${ids.length} clips`, count: ids.length }, onProgress);
    // One clip's book is named after it, as its Markdown and HTML files are.
    const one = ids.length === 1 ? await db.clips.get(ids[0]!) : undefined;
    return { blob, filename: one ? `${slugify(one.title)}.epub` : `Sift ${stamp}.epub` };
  }

  const zip = new ZipStream();
  const names = new NameAllocator();
  const assetNames = new NameAllocator();
  // Clips without images wait on nothing: 25 long articles (one batch) took 4-6 s to turn into
  // Markdown without a frame painted, and Cancel could not be pressed until the batch ended.
  const pace = pacer();
  let done = 0;
  for await (const batch of clipBatches(db, ids)) {
    for (const { clip, images } of batch) {
      const base = slugify(clip.title);
      if (format === 'html') {
        zip.addText(names.take(base, '.html'), await htmlFile(clip, images));
      } else {
        // Obsidian vault layout: notes at the top, attachments in assets/, relative links.
        const local = new Map<string, string>();
        for (const im of okImages(images)) {
          if (local.has(im.url)) continue;
          const file = assetNames.take(`${base}-${local.size + 1}`, extensionFor(im.mime));
          await zip.addBlob(`assets/${file}`, im.blob);
          local.set(im.url, `assets/${encodeURI(file)}`);
        }
        const md = clipToMarkdown(clip, sanitizedBody(clip, (url) => local.get(url) ?? remoteOnly(url)));
        zip.addText(names.take(base, '.md'), md);
      }
      onProgress(++done, ids.length, 'Exporting');
      await pace();
    }
  }
  const suffix = format === 'html' ? ' (HTML)' : '';
  return { blob: await zip.finish(), filename: `Sift ${stamp}${suffix}.zip` };
}

async function htmlFile(clip: StoredClip, images: StoredImage[]): Promise<string> {
  const inline = new Map<string, string>();
  for (const im of okImages(images)) if (!inline.has(im.url)) inline.set(im.url, await dataUri(im.blob, im.mime));
  // Sanitized again at export: the stored HTML may predate today's sanitizer rules.
  const body = sanitizedBody(clip, (url) => inline.get(url) ?? null);
  return standaloneHtml(clip, body.innerHTML);
}

async function* epubChapters(db: SiftDb, ids: string[]): AsyncGenerator<EpubChapter> {
  const pace = pacer();
  let n = 0;
  for await (const batch of clipBatches(db, ids)) {
    for (const { clip, images } of batch) {
      n++;
      const files: EpubChapter['images'] = [];
      const local = new Map<string, string>();
      for (const im of okImages(images)) {
        // 'image/jpg' is a JPEG: under its standard name it is in EPUB's core media types.
        const mime = imageType(im.mime);
        if (!EPUB_IMAGE_TYPES.has(mime) || local.has(im.url)) continue;
        const path = `images/${n}-${local.size + 1}${extensionFor(mime)}`;
        local.set(im.url, path);
        files.push({ path, mime, blob: im.blob });
      }
      const fragment = sanitizeToFragment(clip.html);
      // Each chapter opens with the title (epub.ts): the content's own copy of it goes.
      dropTitleHeading(fragment, clip.title);
      insertLeadImage(fragment, clip);
      makeOffline(fragment, (url) => local.get(url) ?? null);
      const table = clipTableElement(clip, inertDocument());
      if (table) fragment.prepend(table);
      yield { clip, body: fragment, images: files };
      await pace();
    }
  }
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** Saves a Blob through an <a download> on the extension page: no downloads permission needed. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in Chromium; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
