import type { ClipData } from './messages';

/**
 * Every image URL a clip shows, lead image first, deduplicated: what a save would keep
 * offline if there were no per-clip cap. The content script sends the first
 * MAX_IMAGES_PER_CLIP of them to be saved (extract.ts `imageUrlsOf`); the popup counts them
 * all to say how many the cap left out (the reader drops an image it has no bytes for).
 * Pure DOM, no core: the content script and the popup both import it. `parsed`: the clip HTML already parsed, if it was.
 */
export function clipImageUrls(clip: Pick<ClipData, 'leadImage' | 'html'>, baseUrl: string, parsed?: Document): string[] {
  const urls = new Set<string>();
  if (clip.leadImage) urls.add(clip.leadImage);
  const doc = parsed ?? new DOMParser().parseFromString(clip.html, 'text/html');
  for (const img of Array.from(doc.querySelectorAll('img[src]'))) {
    try {
      const url = new URL(img.getAttribute('src') ?? '', baseUrl);
      if (['http:', 'https:', 'data:', 'blob:'].includes(url.protocol)) urls.add(url.href);
    } catch {
      // Unparseable src: nothing to save.
    }
  }
  return [...urls];
}
