import type { ClipData } from './messages';

export function isFileUrl(url: string): boolean {
  return /^file:/i.test(url);
}

/**
 * Whether a clip of the page at `pageUrl` may carry the image at `imageUrl`: web and inline
 * images always; a file on this computer only when the page is itself a file opened from
 * disk (a saved page and its `_files` folder). A web page naming `file:///…` must never make
 * Sift read the user's files: the message validators hold every clip to this rule too.
 */
export function mayKeepImage(imageUrl: string, pageUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return false;
  }
  if (url.protocol === 'file:') return isFileUrl(pageUrl);
  return ['http:', 'https:', 'data:', 'blob:'].includes(url.protocol);
}

/**
 * Every image URL a clip shows, lead image first, deduplicated: what a save would keep
 * offline if there were no per-clip cap. The content script sends the first
 * MAX_IMAGES_PER_CLIP of them to be saved (extract.ts `imageUrlsOf`); the popup counts them
 * all to say how many the cap left out (the reader drops an image it has no bytes for).
 * Pure DOM, no core: the content script and the popup both import it. `parsed`: the clip HTML already parsed, if it was.
 * Relative sources resolve against `baseUrl` (the page's base); which schemes count is
 * decided by the clip's own address (`mayKeepImage`).
 */
export function clipImageUrls(clip: Pick<ClipData, 'leadImage' | 'html' | 'url'>, baseUrl: string, parsed?: Document): string[] {
  const urls = new Set<string>();
  if (clip.leadImage && mayKeepImage(clip.leadImage, clip.url)) urls.add(clip.leadImage);
  const doc = parsed ?? new DOMParser().parseFromString(clip.html, 'text/html');
  for (const img of Array.from(doc.querySelectorAll('img[src]'))) {
    try {
      const url = new URL(img.getAttribute('src') ?? '', baseUrl).href;
      if (mayKeepImage(url, clip.url)) urls.add(url);
    } catch {
      // Unparseable src: nothing to save.
    }
  }
  return [...urls];
}
