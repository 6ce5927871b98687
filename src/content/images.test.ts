// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchImageInPage } from './images';

afterEach(() => vi.unstubAllGlobals());

describe('fetchImageInPage', () => {
  // In Chromium a page opened from disk can neither fetch the file beside it nor export a
  // canvas that drew it (measured: "Failed to fetch", "Tainted canvases may not be
  // exported"); it used to answer "could not be downloaded", not blocked, so the background
  // never tried and a saved page's images were lost. The background reads them instead.
  it('hands a file:// image to the background without trying the page', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const reply = await fetchImageInPage(document, 'file:///home/me/Notes_files/mill.png', { maxBytes: 1_000, timeoutMs: 1_000 });
    expect(reply).toMatchObject({ status: 'failed', blocked: true });
    expect(fetch).not.toHaveBeenCalled();
  });
});
