import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchHere, fetchImages, fetchOneImage, FILE_NOT_IN_FIREFOX, FILE_PAGE_GONE, seconds } from './images';

/** What the tab's content script answers (the `request` envelope around a FetchedImage). */
const tabAnswers = vi.fn<() => Promise<unknown>>();
vi.mock('webextension-polyfill', () => ({ default: { tabs: { sendMessage: () => tabAnswers() } } }));

/** The page may not read the image (cross-origin without CORS): the background fetches it itself. */
const BLOCKED = { ok: true, value: { status: 'failed', error: 'cross-origin', blocked: true } };

/** The background's own fetch runs out of time: fetch rejects as AbortSignal.timeout makes it. */
function fetchTimesOut(): void {
  vi.stubGlobal('fetch', vi.fn(async () => {
    throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  tabAnswers.mockReset();
});

describe('fetchOneImage: a timed-out image says the limit it was given', () => {
  // The popup's lead-image preview reads with a 3 s limit (worker.ts), but a background fetch
  // that ran out of time said "timed out after 8 s": IMAGE_TIMEOUT_MS, the save's default.
  it('the preview’s 3 s limit, not the 8 s default', async () => {
    tabAnswers.mockResolvedValue(BLOCKED);
    fetchTimesOut();
    const image = await fetchOneImage(7, 'https://cdn.example/lead.jpg', { maxBytes: 1_000, timeoutMs: 3_000 });
    expect(image).toMatchObject({ blob: null, error: 'timed out after 3 s' });
  });

  it('the whole limit, when the page used part of it before handing the image over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    tabAnswers.mockImplementation(async () => {
      vi.setSystemTime(Date.now() + 2_600); // the page took 2.6 s to answer "blocked"
      return BLOCKED;
    });
    fetchTimesOut();
    const image = await fetchOneImage(7, 'https://cdn.example/lead.jpg', { maxBytes: 1_000, timeoutMs: 3_000 });
    expect(image.error).toBe('timed out after 3 s');
  });

  it('the save’s default when no limit is given', async () => {
    tabAnswers.mockResolvedValue(BLOCKED);
    fetchTimesOut();
    expect((await fetchOneImage(7, 'https://cdn.example/a.jpg')).error).toBe('timed out after 8 s');
  });
});

describe('seconds', () => {
  it('states whole seconds whole and a part of one to a tenth', () => {
    expect([3_000, 8_000, 1_500, 400, 12_345].map(seconds)).toEqual(['3 s', '8 s', '1.5 s', '0.4 s', '12 s']);
  });
});

describe('fetchImages: a file beside a page that is no longer open', () => {
  // The shipped build reads those files with the toolbar click's activeTab grant, which ends
  // with the page: the fetch fails although the file is there, and said "it may have been
  // moved or deleted" (e2e/clip-file.spec.ts 'the file's tab closed before Save…').
  const file = 'file:///home/me/Saved/Notes_files/mill.png';
  const fetchRefused = () => vi.stubGlobal('fetch', vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  }));

  it('says the page went and how to keep the image', async () => {
    fetchRefused();
    const [image] = await fetchImages(null, [file], {}, 'gone');
    expect(image).toMatchObject({ url: file, blob: null, error: FILE_PAGE_GONE });
    expect(FILE_PAGE_GONE).toMatch(/closed or left before Save.*open it again and save it again/);
  });

  it('a page that is only busy, or still open, does not blame its going', async () => {
    fetchRefused();
    const [busy] = await fetchImages(null, [file], {}, 'busy');
    expect(busy!.error).toContain('moved or deleted');
    tabAnswers.mockResolvedValue(BLOCKED);
    const [open] = await fetchImages(7, [file]);
    expect(open!.error).toContain('moved or deleted');
  });
});

describe('fetchHere in the Firefox build', () => {
  it('does not try a file, which Firefox refuses any extension, and says so', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const image = await fetchHere('file:///home/me/Saved/Notes_files/mill.png', { browser: 'firefox' });
    expect(image).toMatchObject({ blob: null, error: FILE_NOT_IN_FIREFOX });
    expect(image.error).not.toMatch(/moved or deleted|all sites/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('web images are read as in Chromium', async () => {
    fetchTimesOut();
    expect((await fetchHere('https://cdn.example/a.jpg', { browser: 'firefox', timeoutMs: 3_000 })).error).toBe('timed out after 3 s');
  });
});

describe('fetchOneImage: the page closes while its images are read', () => {
  // Found by closing the tab during a clip from the context menu (e2e clip-background): the
  // request to the page's content script failed as Chrome closes the message channel, and
  // the image was saved as failed, with Chrome's own words as the reason ("A listener
  // indicated an asynchronous response…"), although the background could still fetch it.
  const CHANNEL_CLOSED = 'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';

  it('fetches the image from the background instead', async () => {
    tabAnswers.mockRejectedValue(new Error(CHANNEL_CLOSED));
    const fetch = vi.fn(async () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('fetch', fetch);
    const image = await fetchOneImage(7, 'https://cdn.example/mill.png');
    expect(fetch).toHaveBeenCalledOnce();
    expect(image).toMatchObject({ url: 'https://cdn.example/mill.png', mime: 'image/png', bytes: 4, error: null });
  });

  it('and says what the background met, not the closed channel, when that fails too', async () => {
    tabAnswers.mockRejectedValue(new Error(CHANNEL_CLOSED));
    fetchTimesOut();
    const image = await fetchOneImage(7, 'https://cdn.example/mill.png', { timeoutMs: 3_000 });
    expect(image).toMatchObject({ blob: null, error: 'timed out after 3 s' });
  });
});

describe('fetchImages: progress', () => {
  it('tells how many images are read after each one, failed ones included', async () => {
    fetchTimesOut();
    const counts: number[] = [];
    const urls = Array.from({ length: 6 }, (_, i) => `https://cdn.example/${i}.jpg`);
    await fetchImages(null, urls, {}, 'gone', (done) => counts.push(done));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
