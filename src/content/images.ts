import { isFileUrl } from '../shared/clipImages';
import type { FetchedImage } from '../shared/messages';
import { imageSize, isTimeout, readCapped, TooLarge } from '../shared/imageBytes';

/**
 * Reads the bytes of an image the page shows, from inside the page.
 *
 * A content script fetches as the page does: same-origin images and images served with
 * CORS headers (most CDNs send `Access-Control-Allow-Origin: *`) are readable, and
 * `cache: 'force-cache'` takes the copy the page already downloaded instead of asking the
 * server again. When the fetch is refused (a cross-origin image without CORS headers) the
 * `<img>` the page already decoded is drawn to a canvas, which works when the canvas is not
 * tainted (the image was loaded with `crossorigin`). If both are refused the result says
 * `blocked`, and the background may fetch it with the extension's own host permission
 * (see README, "Images from other sites").
 */

export interface ImageCaps {
  maxBytes: number;
  timeoutMs: number;
}

/** base64 without the data: prefix; FileReader is native and fast for multi-MB blobs. */
function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read image bytes'));
    reader.readAsDataURL(blob);
  });
}

/** The decoded <img> elements in the page showing `url`. */
function liveImagesFor(doc: Document, url: string): HTMLImageElement[] {
  return Array.from(doc.images).filter((img) => img.complete && img.naturalWidth > 0 && (img.currentSrc === url || img.src === url));
}

function canvasCopy(img: HTMLImageElement): Promise<Blob | null> {
  const canvas = img.ownerDocument.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve) => {
    try {
      // Throws SecurityError on a tainted canvas (cross-origin image without CORS).
      canvas.toBlob((b) => resolve(b), 'image/png');
    } catch {
      resolve(null);
    }
  });
}

/**
 * Whether the page may read `url` without CORS; null when it is not a URL. The document's
 * own origin decides, not its address: a page served with `Content-Security-Policy:
 * sandbox` has an opaque origin ("null"), so its own site's images are cross-origin to it,
 * and a failed read must go to the background like any blocked image (e2e/clip-sandboxed).
 */
function isSameOrigin(doc: Document, url: string): boolean | null {
  try {
    const pageOrigin = doc.defaultView?.origin ?? new URL(doc.URL).origin;
    return url.startsWith('data:') || new URL(url, doc.baseURI).origin === pageOrigin;
  } catch {
    return null;
  }
}

/**
 * What a page opened from disk cannot do: Chromium refuses a file:// fetch from a page
 * ("Failed to fetch") and taints a canvas that draws a local image, even a file beside the
 * page (each file is its own opaque origin). So such an image goes straight to the
 * background, which reads it with the user's "Allow access to file URLs" (e2e/clip-file).
 */
const FILE_IMAGE: FetchedImage = { status: 'failed', error: 'a page opened from disk may not read the files beside it', blocked: true };

export async function fetchImageInPage(doc: Document, url: string, caps: ImageCaps): Promise<FetchedImage> {
  if (isFileUrl(url)) return FILE_IMAGE;
  const signal = AbortSignal.timeout(caps.timeoutMs);
  const sameOrigin = isSameOrigin(doc, url);
  if (sameOrigin === null) return { status: 'failed', error: 'not a valid image URL', blocked: false };
  try {
    const res = await fetch(url, { cache: 'force-cache', credentials: sameOrigin ? 'include' : 'omit', mode: 'cors', signal });
    if (!res.ok) return { status: 'failed', error: `the image server answered HTTP ${res.status}`, blocked: false };
    const blob = await readCapped(res, caps.maxBytes);
    const mime = blob.type || 'application/octet-stream';
    if (!mime.startsWith('image/')) return { status: 'failed', error: `not an image (${mime})`, blocked: false };
    const size = await imageSize(blob);
    return { status: 'ok', base64: await blobToBase64(blob), mime, bytes: blob.size, ...size, via: 'page-fetch' };
  } catch (err) {
    if (err instanceof TooLarge) return { status: 'failed', error: err.message, blocked: false };
    if (isTimeout(err)) return { status: 'failed', error: `timed out after ${Math.round(caps.timeoutMs / 1000)} s`, blocked: false };
    // A TypeError is a network failure or, for a cross-origin image, a CORS refusal.
  }
  for (const img of liveImagesFor(doc, url)) {
    const blob = await canvasCopy(img);
    if (blob && blob.size <= caps.maxBytes) {
      return { status: 'ok', base64: await blobToBase64(blob), mime: 'image/png', bytes: blob.size, width: img.naturalWidth, height: img.naturalHeight, via: 'canvas' };
    }
  }
  return sameOrigin
    ? { status: 'failed', error: 'the image could not be downloaded', blocked: false }
    : { status: 'failed', error: 'the image’s server does not let pages read it (cross-origin)', blocked: true };
}
