import browser from 'webextension-polyfill';
import { fetchedImageValidator, IMAGE_TIMEOUT_MS, MAX_IMAGE_BYTES, request, type Envelope, type FetchedImage } from '../shared/messages';
import { BUILD_BROWSER, type BrowserFamily } from '../shared/browserFamily';
import { isFileUrl } from '../shared/clipImages';
import { base64ToBytes, imageSize, isTimeout, readCapped, TooLarge } from '../shared/imageBytes';
import type { ImageInput } from '../storage/saveClip';

/**
 * Fetches every image of a clip before the save transaction opens (IndexedDB transactions
 * cannot wait on the network). Each image first goes through the tab's content script,
 * which reads what the page already loaded; an image the page may not read (cross-origin
 * without CORS) is then fetched here, from the extension's origin, which works where Sift
 * holds host permission (the optional "images from all sites" permission, or the e2e
 * build's test hosts). Every image has a deadline; a failure becomes a placeholder record.
 */

/** Images fetched at the same time: enough to hide latency, few enough not to starve the page. */
const CONCURRENCY = 4;

export interface ImageCapsOverride {
  maxBytes?: number;
  timeoutMs?: number;
}

/** A time limit as a message states it: "3 s", "1.5 s". */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s >= 10 || Number.isInteger(s) ? Math.round(s) : Math.round(s * 10) / 10} s`;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${seconds(ms)}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A file beside a page opened from disk that is not there to read (moved, deleted, a folder). */
const FILE_UNREADABLE = 'the file could not be read from this computer (it may have been moved or deleted)';

/**
 * A file beside a page opened from disk, once that page is no longer open in its tab. The
 * shipped build reads such files with the toolbar click's activeTab grant, which ends with
 * the page (closed, or the tab moved on): a background fetch then fails although the file is
 * still there (e2e/clip-file.spec.ts). The clip is saved without the image, whose address
 * stays on record; saving the reopened file again over the clip keeps it.
 */
export const FILE_PAGE_GONE = 'its page was closed or left before Save, and Sift may read the files beside a page only while it is open: open it again and save it again (Update saved copy) to keep this image';

/**
 * Firefox lets no extension read files on disk: a background fetch of a file: URL is refused
 * even with file permissions, and a content script may fetch only its own page's file, not
 * the files beside it (Firefox's test_ext_contentscript_file and its file-access tests). So
 * the Firefox build saves a page opened from disk without those images, and says why.
 */
export const FILE_NOT_IN_FIREFOX = 'Firefox does not let extensions read files on this computer, so Sift cannot keep the images beside a page opened from disk';

/** How the background reads one image itself. */
export interface FetchHereOptions {
  maxBytes?: number;
  /** The time this fetch may take. */
  timeoutMs?: number;
  /**
   * The limit the caller set for reading the image, which a timeout states (fetchOneImage
   * hands over only what the page's try left of it: "timed out after 0.4 s" would name a
   * limit nobody chose). Default: `timeoutMs`.
   */
  limitMs?: number;
  /** The clip's page is no longer open in its tab: a file that cannot be read says so. */
  pageGone?: boolean;
  /** Default: the browser this build is for. */
  browser?: BrowserFamily;
}

export async function fetchHere(url: string, opts: FetchHereOptions = {}): Promise<ImageInput> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  const timeoutMs = opts.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const failed = (error: string): ImageInput => ({ url, blob: null, mime: null, bytes: 0, width: null, height: null, error });
  // A file:// image (only ever on a clip of a page opened from disk: messages.ts
  // localFilesOnlyForFiles) is read here: with "Allow access to file URLs" on, the clicked
  // file's activeTab grant covers file:///, and the extension CSP's connect-src lists file:.
  const isFile = isFileUrl(url);
  if (isFile && (opts.browser ?? BUILD_BROWSER) === 'firefox') return failed(FILE_NOT_IN_FIREFOX);
  const fileUnreadable = opts.pageGone ? FILE_PAGE_GONE : FILE_UNREADABLE;
  try {
    const res = await fetch(url, { credentials: 'omit', signal: AbortSignal.timeout(Math.max(1, timeoutMs)) });
    if (!res.ok) return failed(isFile ? fileUnreadable : `the image server answered HTTP ${res.status}`);
    const blob = await readCapped(res, maxBytes);
    if (!blob.type.startsWith('image/')) return failed(`not an image (${blob.type || 'unknown type'})`);
    return { url, blob, mime: blob.type, bytes: blob.size, ...(await imageSize(blob)), error: null };
  } catch (err) {
    if (err instanceof TooLarge) return failed(err.message);
    if (isTimeout(err)) return failed(`timed out after ${seconds(opts.limitMs ?? timeoutMs)}`);
    if (isFile) return failed(fileUnreadable);
    return failed('the image’s server does not let other sites read it; allow Sift to read images from all sites to keep it');
  }
}

export async function fetchOneImage(tabId: number, url: string, caps: ImageCapsOverride = {}): Promise<ImageInput> {
  const maxBytes = caps.maxBytes ?? MAX_IMAGE_BYTES;
  const timeoutMs = caps.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const transport = (e: Envelope) => browser.tabs.sendMessage(tabId, e, { frameId: 0 });
  let reply: FetchedImage;
  try {
    // The content script has its own timer; this one guards against a frozen page.
    const raw = await withTimeout(request(transport, 'bg→content:fetch-image', { url, maxBytes, timeoutMs }), timeoutMs + 1_000, 'reading the image');
    reply = fetchedImageValidator(raw, 'reply');
  } catch {
    // No answer from the page: it closed, reloaded or navigated while its images were read
    // (Chrome closes the message channel under the request), or it froze past the deadline.
    // Within the time left, the background reads the image as for a page gone before Save.
    if (Date.now() < deadline) return fetchHere(url, { maxBytes, timeoutMs: deadline - Date.now(), limitMs: timeoutMs, pageGone: true });
    reply = { status: 'failed', error: `timed out after ${seconds(timeoutMs)}`, blocked: false };
  }
  if (reply.status === 'ok') {
    const blob = new Blob([base64ToBytes(reply.base64)], { type: reply.mime });
    return { url, blob, mime: reply.mime, bytes: blob.size, width: reply.width, height: reply.height, error: null };
  }
  if (reply.blocked && Date.now() < deadline) return fetchHere(url, { maxBytes, timeoutMs: deadline - Date.now(), limitMs: timeoutMs });
  return { url, blob: null, mime: null, bytes: 0, width: null, height: null, error: reply.error };
}

/**
 * Where the clip's page is when its images are read: `open` (its content script answers),
 * `busy` (open, but stuck in a script), `gone` (closed, or the tab moved on).
 */
export type PageState = 'open' | 'busy' | 'gone';

/**
 * All images of a clip, at most CONCURRENCY at a time, in the order given. `tabId` null:
 * the page cannot help (`page` says why), so only the background's own fetch is left.
 * `onDone` hears how many are read (saved or failed) after each one.
 */
export async function fetchImages(
  tabId: number | null,
  urls: string[],
  caps: ImageCapsOverride = {},
  page: PageState = tabId === null ? 'gone' : 'open',
  onDone: (done: number) => void = () => undefined,
): Promise<ImageInput[]> {
  const out: ImageInput[] = new Array<ImageInput>(urls.length);
  let next = 0;
  let done = 0;
  async function worker(): Promise<void> {
    while (next < urls.length) {
      const i = next++;
      out[i] = tabId === null ? await fetchHere(urls[i]!, { ...caps, pageGone: page === 'gone' }) : await fetchOneImage(tabId, urls[i]!, caps);
      onDone(++done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  return out;
}
