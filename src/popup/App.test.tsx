// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClipData, ContentEngine, EngineSample, PdfDownload, PreviewReply, SaveReply } from '../shared/messages';
import type { PopupApi, PreviewChoice } from './api';
import { App } from './App';

/** The popup UI against a fake PopupApi: no browser, no extension (STYLE.md, 7). */

const clip: ClipData = {
  title: 'When the River Came to Town', byline: 'Ada Lovelace', published: '2024-03-05T09:30:00Z', siteName: 'The Valley Courier',
  lang: 'en', dir: 'ltr', url: 'https://courier.example/river', canonicalUrl: null, excerpt: null, leadImage: null,
  html: '<p>The river had been rising.</p><img src="https://courier.example/icon.png"><script>alert(1)</script>',
  text: 'The river had been rising.', wordCount: 1234, readingMinutes: 5.4, engine: 'nta',
};

function fakeApi(preview: PreviewReply, save?: SaveReply): PopupApi & { saves: unknown[][]; previews: string[]; choices: PreviewChoice[]; engineSet: ContentEngine[] } {
  const saves: unknown[][] = [];
  const previews: string[] = [];
  const choices: PreviewChoice[] = [];
  const engineSet: ContentEngine[] = [];
  return {
    saves,
    previews,
    choices,
    engineSet,
    preview: async (mode, choice = {}) => {
      previews.push(mode);
      choices.push(choice);
      return preview;
    },
    sampleEngine: async (engine) => ({ kind: 'failed', engine, message: 'not faked' }),
    setEngine: async (engine) => {
      engineSet.push(engine);
    },
    imagePreview: async () => null,
    save: async (...args) => {
      saves.push(args);
      return save ?? { kind: 'saved', clipId: 'c1', updated: false, imagesSaved: 2, imagesFailed: [], readerPath: 'r', ms: 1200 };
    },
    openReader: vi.fn(async () => undefined),
    persistStorage: vi.fn(async () => true),
    allowImagesFromAllSites: vi.fn(async () => true),
    openExtensionSettings: vi.fn(async () => undefined),
    openLibrary: vi.fn(async () => undefined),
    reloadTab: vi.fn(async () => undefined),
    downloadPdf: vi.fn(async (): Promise<PdfDownload> => ({ kind: 'complete', filename: '/home/me/Downloads/report.pdf' })),
    close: vi.fn(),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('condition not met');
}

let host: HTMLElement;
/** Every host mounted by the test (a test may mount two popups): all go, so none keeps the focus. */
const hosts = new Set<HTMLElement>();
function mount(api: PopupApi): HTMLElement {
  host = document.createElement('div');
  hosts.add(host);
  document.body.append(host);
  render(<App api={api} initialMode="article" />, host);
  return host;
}
afterEach(() => {
  for (const h of hosts) {
    render(null, h);
    h.remove();
  }
  hosts.clear();
});

const byTestId = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`);
/** Picks `value` in a select as a user does: the value, then the change event the app listens to. */
function choose(select: Element | null, value: string): void {
  (select as HTMLSelectElement).value = value;
  select!.dispatchEvent(new Event('change', { bubbles: true }));
}
const button = (root: HTMLElement, text: string) => [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(text)) as HTMLButtonElement;

describe('popup App', () => {
  it('previews the clip: editable title, meta, counts, sanitized opening without media', async () => {
    const root = mount(fakeApi({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] }));
    await until(() => !!byTestId(root, 'title'));
    expect((byTestId(root, 'title') as HTMLTextAreaElement).value).toBe('When the River Came to Town');
    expect(byTestId(root, 'meta')?.textContent).toContain('Ada Lovelace');
    expect(byTestId(root, 'meta')?.textContent).toContain('The Valley Courier');
    expect(byTestId(root, 'stats')?.textContent).toMatch(/1,234 words.*5 min read/);
    const opening = root.querySelector('.opening')!;
    expect(opening.textContent).toContain('The river had been rising.');
    expect(opening.querySelector('script, img')).toBeNull();
  });

  // A page opened from disk has no host: the meta line named no source at all.
  it('a page opened from disk: the meta line names its file', async () => {
    const fromDisk = { ...clip, siteName: null, url: 'file:///home/me/Saved%20pages/Notes.html' };
    const root = mount(fakeApi({ kind: 'clip', clip: fromDisk, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] }));
    await until(() => !!byTestId(root, 'meta'));
    expect(byTestId(root, 'meta')?.textContent).toMatch(/Ada Lovelace·Notes\.html·/);
    const web = mount(fakeApi({ kind: 'clip', clip: { ...clip, siteName: null, url: 'https://www.courier.example/river' }, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] }));
    await until(() => !!byTestId(web, 'meta'));
    expect(byTestId(web, 'meta')?.textContent).toContain('courier.example');
  });

  const withLead: PreviewReply = { kind: 'clip', clip: { ...clip, leadImage: 'https://courier.example/lead.jpg' }, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] };

  it('lead image: a pulsing box while it loads, then the thumbnail; one the popup cannot decode leaves no box', async () => {
    let answer!: (src: string | null) => void;
    const root = mount({ ...fakeApi(withLead), imagePreview: () => new Promise<string | null>((r) => { answer = r; }) });
    await until(() => !!byTestId(root, 'title'));
    expect(byTestId(root, 'lead-image')?.querySelector('.lead-loading')).not.toBeNull();
    answer('data:image/png;base64,iVBORw0KGgo=');
    await until(() => !!byTestId(root, 'lead-image')?.querySelector('img'));
    byTestId(root, 'lead-image')!.querySelector('img')!.dispatchEvent(new Event('error'));
    await until(() => byTestId(root, 'lead-image') === null);
  });

  it('lead image that cannot be fetched: no box, not a placeholder that pulses forever', async () => {
    const root = mount({ ...fakeApi(withLead), imagePreview: () => Promise.resolve(null) });
    await until(() => !!byTestId(root, 'title'));
    await until(() => byTestId(root, 'lead-image') === null);
  });

  it('lead image whose request fails: no box', async () => {
    const root = mount({ ...fakeApi(withLead), imagePreview: () => Promise.reject(new Error('fetch failed')) });
    await until(() => !!byTestId(root, 'title'));
    await until(() => byTestId(root, 'lead-image') === null);
  });

  it('saves with the edited title and shows the confirmation with Open in reader', async () => {
    const api = fakeApi({ kind: 'clip', clip, imageUrls: ['https://courier.example/a.png'], extractMs: 3, hasSelection: false, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'title'));
    const title = byTestId(root, 'title') as HTMLTextAreaElement;
    title.value = 'My title';
    title.dispatchEvent(new Event('input', { bubbles: true }));
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement).value === 'My title');
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'saved'));
    expect(api.saves).toHaveLength(1);
    expect((api.saves[0]![0] as ClipData).title).toBe('My title');
    expect(api.saves[0]!.slice(1)).toEqual([['https://courier.example/a.png'], 'ask', null]);
    expect(api.persistStorage).toHaveBeenCalled();
    (byTestId(root, 'open-reader') as HTMLButtonElement).click();
    await until(() => (api.openReader as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    expect(api.openReader).toHaveBeenCalledWith('c1');
  });

  // A save that failed (storage full, the background gone) showed the error panel, whose Try
  // again extracted the page anew: the title the user had typed and the table choice were lost.
  it('Try again after a failed save brings back the same preview, the edited title kept, without extracting again', async () => {
    const api = fakeApi({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] });
    const answers = api.save;
    let failNext = true;
    api.save = async (...args) => {
      if (!failNext) return answers(...args);
      failNext = false;
      throw new Error('Storage is full: the browser refused to store the clip (QuotaExceededError).');
    };
    const root = mount(api);
    await until(() => !!byTestId(root, 'title'));
    const title = byTestId(root, 'title') as HTMLTextAreaElement;
    title.value = 'My own title';
    title.dispatchEvent(new Event('input', { bubbles: true }));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'error'));
    expect(byTestId(root, 'error')?.textContent).toContain('Storage is full');
    (byTestId(root, 'try-again') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'title'));
    expect((byTestId(root, 'title') as HTMLTextAreaElement).value).toBe('My own title');
    expect(api.previews).toEqual(['article']);
    // Enter in the title saves, asking about saved copies as the Save button does: the preview
    // no longer knows which copies exist (they may be what failed).
    byTestId(root, 'title')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => !!byTestId(root, 'saved'));
    expect((api.saves[0]![0] as ClipData).title).toBe('My own title');
    expect(api.saves[0]![2]).toBe('ask');
  });

  /** Saves the clip with a save result that lists `imagesFailed`; resolves once the warning shows. */
  async function saveWithFailedImages(imagesFailed: { url: string; error: string }[], imagesSaved = 0) {
    const api = fakeApi(
      { kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] },
      { kind: 'saved', clipId: 'c1', updated: false, imagesSaved, imagesFailed, readerPath: 'r', ms: 900 },
    );
    const root = mount(api);
    await until(() => !!byTestId(root, 'save'));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'image-warning'));
    return { api, root, warning: byTestId(root, 'image-warning')! };
  }

  it('shows failed images as a visible warning and offers the all-sites permission for blocked ones', async () => {
    const { api, root } = await saveWithFailedImages([{ url: 'https://cdn.example/x.png', error: 'the image’s server does not let other sites read it; allow Sift to read images from all sites to keep it' }], 1);
    expect(byTestId(root, 'image-warning')?.textContent).toContain('1 image could not be saved');
    // What the reader does with an image it has no bytes for (makeOffline removes it; e2e
    // reader-offline checks the unsaved chart is gone): the warning said "a placeholder".
    expect(byTestId(root, 'image-warning')?.textContent).toContain('the reader leaves it out');
    button(root, 'Allow Sift to read images from all sites').click();
    // Granted → the same clip is saved again as an update, to fetch the blocked images.
    await until(() => api.saves.length === 2);
    expect(api.allowImagesFromAllSites).toHaveBeenCalled();
    expect(api.saves[1]!.slice(2)).toEqual(['update', 'c1']);
  });

  // Found on a real page: 11 images failed and the warning listed 4, with no way to see
  // which other 7 were lost.
  it('every failed image is reachable: the first four, then an "and N more" disclosure with the rest', async () => {
    const { warning } = await saveWithFailedImages(Array.from({ length: 11 }, (_, i) => ({ url: `https://cdn.example/photos/p${i + 1}.jpg`, error: 'the image server answered HTTP 404' })));
    expect(warning.textContent).toContain('11 images could not be saved');
    for (let i = 1; i <= 11; i++) expect(warning.textContent).toContain(`/p${i}.jpg`);
    const more = warning.querySelector('details');
    expect(more?.querySelector('summary')?.textContent).toBe('and 7 more');
    expect(more?.querySelectorAll('li')).toHaveLength(7);
    expect(warning.querySelectorAll('li')).toHaveLength(11);
  });

  it('a short list of failed images is shown whole, without a disclosure', async () => {
    const { warning } = await saveWithFailedImages(Array.from({ length: 5 }, (_, i) => ({ url: `https://cdn.example/p${i + 1}.jpg`, error: 'timed out after 8 s' })));
    expect(warning.querySelector('details')).toBeNull();
    expect(warning.querySelectorAll('li')).toHaveLength(5);
  });

  it('asks about an existing copy instead of offering Save; update sends the existing id', async () => {
    const api = fakeApi({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [{ id: 'old', title: 't', savedAt: Date.UTC(2026, 0, 2) }] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'duplicate'));
    expect(byTestId(root, 'save')).toBeNull();
    button(root, 'Update saved copy').click();
    await until(() => api.saves.length === 1);
    expect(api.saves[0]!.slice(2)).toEqual(['update', 'old']);
  });

  it('says plainly when a page cannot be clipped', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'browser-page', message: 'This is one of the browser’s own pages.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'cannot-clip')?.textContent).toContain('browser’s own pages');
    expect(root.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('a file Sift may not read yet: the message, and a button to the settings page with the switch', async () => {
    const api = fakeApi({ kind: 'cannot-clip', code: 'file-access', message: 'Turn on “Allow access to file URLs”.', existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'cannot-clip')?.textContent).toContain('Allow access to file URLs');
    button(root, 'Open Sift’s settings').click();
    await until(() => (api.close as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    expect(api.openExtensionSettings).toHaveBeenCalledTimes(1);
  });

  // Firefox: the permission is on about:addons, which no extension may open (tabs.create
  // refuses privileged about: URLs, MDN), so the Firefox build's api has no such action and
  // the popup offered a button that tried chrome://extensions.
  it('a file where Sift cannot open the settings page: the message says where, and no button', async () => {
    const api = { ...fakeApi({ kind: 'cannot-clip', code: 'file-access', message: 'Turn on “Access local files on your computer” (about:addons → Sift).', existing: [] }), openExtensionSettings: null };
    const root = mount(api);
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'cannot-clip')?.textContent).toContain('Access local files on your computer');
    expect(byTestId(root, 'cannot-clip')?.querySelector('button')).toBeNull();
  });

  it('no settings button when no switch would help', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'browser-page', message: 'This is one of the browser’s own pages.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'open-settings')).toBeNull();
  });

  // These panels were a dead end: a message and no action at all.
  it.each([
    ['browser-page', 'This is one of the browser’s own pages.'],
    ['store-page', 'This is the browser’s extension store.'],
    // A PDF opened from disk: nothing to download, the library is still somewhere to go.
    ['pdf-file', 'This is a PDF file on this computer, shown by the browser’s PDF viewer.'],
  ] as const)('a %s: "Open library" takes the focus, described by the heading and the message, and opens the library', async (code, message) => {
    const api = fakeApi({ kind: 'cannot-clip', code, message, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'cannot-clip'));
    const library = byTestId(root, 'open-library') as HTMLButtonElement;
    expect(library?.tagName).toBe('BUTTON');
    expect(library.textContent).toBe('Open library');
    await until(() => document.activeElement === library);
    expect(describedBy(library)).toBe(`Sift can’t clip this page | ${message}`);
    expect(byTestId(root, 'download-pdf')).toBeNull();
    library.click();
    await until(() => (api.close as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    expect(api.openLibrary).toHaveBeenCalledTimes(1);
  });

  it('a PDF: "Download this PDF" takes the focus; Tab goes on to "Open library"', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'pdf', message: 'This is a PDF shown by the browser’s PDF viewer.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    const download = byTestId(root, 'download-pdf') as HTMLButtonElement;
    expect(download.textContent).toBe('Download this PDF');
    await until(() => document.activeElement === download);
    expect(describedBy(download)).toBe('Sift can’t clip this page | This is a PDF shown by the browser’s PDF viewer. | ');
    // The next control in the document's order (what Tab reaches): the library.
    const buttons = [...byTestId(root, 'cannot-clip')!.querySelectorAll('button')].map((b) => b.dataset.testid);
    expect(buttons).toEqual(['download-pdf', 'open-library']);
  });

  it('a PDF: the download shows its progress, then where the file went; a second press while it runs does nothing', async () => {
    let finish!: (d: PdfDownload) => void;
    const api = { ...fakeApi({ kind: 'cannot-clip', code: 'pdf', message: 'This is a PDF.', existing: [] }), downloadPdf: vi.fn(() => new Promise<PdfDownload>((r) => { finish = r; })) };
    const root = mount(api);
    await until(() => !!byTestId(root, 'download-pdf'));
    const download = byTestId(root, 'download-pdf') as HTMLButtonElement;
    const status = byTestId(root, 'pdf-status')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    download.click();
    await until(() => status.textContent === 'Downloading the PDF…');
    expect(download.textContent).toBe('Downloading…');
    expect(download.getAttribute('aria-disabled')).toBe('true');
    download.click();
    expect(api.downloadPdf).toHaveBeenCalledTimes(1);
    finish({ kind: 'complete', filename: '/home/me/Downloads/report.pdf' });
    await until(() => status.textContent === 'Downloaded: report.pdf is in your downloads.');
    expect(download.textContent).toBe('Download this PDF');
    expect(download.getAttribute('aria-disabled')).toBe('false');
    expect(describedBy(download)).toContain('Downloaded: report.pdf is in your downloads.');
    expect(api.close).not.toHaveBeenCalled();
  });

  it('a PDF whose download fails: the reason on screen, and the button tries again', async () => {
    const api = fakeApi({ kind: 'cannot-clip', code: 'pdf', message: 'This is a PDF.', existing: [] });
    (api.downloadPdf as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new Error('The PDF was not downloaded: the site no longer has this file.'));
    const root = mount(api);
    await until(() => !!byTestId(root, 'download-pdf'));
    const download = byTestId(root, 'download-pdf') as HTMLButtonElement;
    download.click();
    const status = byTestId(root, 'pdf-status')!;
    await until(() => status.textContent === 'The PDF was not downloaded: the site no longer has this file.');
    expect(status.getAttribute('data-state')).toBe('failed');
    expect(download.textContent).toBe('Try the download again');
    download.click();
    await until(() => status.textContent === 'Downloaded: report.pdf is in your downloads.');
    expect(api.downloadPdf).toHaveBeenCalledTimes(2);
  });

  it('a file Sift may not read yet: the settings button, and no library or download', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'file-access', message: 'Turn on “Allow access to file URLs”.', existing: [] }));
    await until(() => !!byTestId(root, 'open-settings'));
    expect(byTestId(root, 'open-library')).toBeNull();
    expect(byTestId(root, 'download-pdf')).toBeNull();
  });

  it('offers save anyway / selection / full page when the page is not an article', async () => {
    const api = fakeApi({ kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'not-article'));
    button(root, 'Save full page').click();
    await until(() => api.previews.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    await until(() => !!button(root, 'Save anyway'));
    button(root, 'Save anyway').click();
    await until(() => api.previews.length === 3);
    expect(api.previews).toEqual(['article', 'fullpage', 'article-anyway']);
  });

  /** The texts an element's aria-describedby names, joined by " | ". */
  const describedBy = (el: Element | null) =>
    (el?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim()).join(' | ');

  // "Save selection" with nothing selected was a disabled button whose reason was only a hover
  // title: Tab skipped it and a screen reader never heard why.
  it('Save selection with nothing selected: focusable, described by the reason, which a press shows; it clips nothing', async () => {
    const api = fakeApi({ kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'not-article'));
    const selection = button(root, 'Save selection');
    expect(selection.disabled).toBe(false);
    expect(selection.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(selection)).toBe('Select some text on the page first, then open Sift again.');
    expect(byTestId(root, 'selection-hint')?.className).toBe('visually-hidden');
    selection.click();
    await until(() => byTestId(root, 'selection-hint')?.className === 'selection-hint');
    await new Promise((r) => setTimeout(r, 20));
    expect(api.previews).toEqual(['article']);
  });

  it('the preview\'s "selection" clips the selection when there is one, and is described by nothing', async () => {
    const api = fakeApi({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: true, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'save'));
    const selection = button(root, 'selection');
    expect(selection.getAttribute('aria-disabled')).toBe('false');
    expect(selection.hasAttribute('aria-describedby')).toBe(false);
    expect(byTestId(root, 'selection-hint')).toBeNull();
    selection.click();
    await until(() => api.previews.length === 2);
    expect(api.previews).toEqual(['article', 'selection']);
  });

  // These panels opened with the focus on the body: nothing was said of them on focus, and Tab
  // started from the top of the popup (e2e popup-save-focus.spec.ts checks the same in Chromium).

  it('not an article: the focus lands on Save anyway, described by the heading and the reason', async () => {
    const root = mount(fakeApi({ kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [] }));
    await until(() => !!byTestId(root, 'not-article'));
    await until(() => document.activeElement === button(root, 'Save anyway'));
    expect(describedBy(document.activeElement)).toBe('This doesn’t look like an article | No article found.');
  });

  it('cannot clip a file yet: the focus lands on the settings button, described by the heading and the message', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'file-access', message: 'Turn on “Allow access to file URLs”.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    await until(() => document.activeElement === button(root, 'Open Sift’s settings'));
    expect(describedBy(document.activeElement)).toBe('Sift can’t clip this page | Turn on “Allow access to file URLs”.');
    expect(byTestId(root, 'cannot-clip')?.getAttribute('role')).toBe('alert');
  });

  it('cannot clip, with nothing to offer: the heading takes the focus, described by the message', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'empty', message: 'This page is empty.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'cannot-clip')!.querySelector('button')).toBeNull();
    const heading = byTestId(root, 'cannot-clip')!.querySelector('h2')!;
    await until(() => document.activeElement === heading);
    expect(heading.tabIndex).toBe(-1); // focusable from script only: no stop for Tab
    expect(describedBy(heading)).toBe('This page is empty.');
  });
});

describe('popup App: a remedy where Sift cannot clip the page', () => {
  const describedBy = (el: Element | null) =>
    (el?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent?.trim()).join(' | ');
  const tooLarge = 'This page is too large to clip: 70,000 elements, the limit is 60,000.';

  // A 70,000-element spec with a paragraph selected: the panel had nothing to offer, although
  // the selection is what the user wants to keep and Sift clips it whatever the page's size.
  it('a page too large with a selection: "Save selection" takes the focus, described by the heading and the reason, and clips the selection', async () => {
    const api = fakeApi({ kind: 'cannot-clip', code: 'too-large', message: tooLarge, hasSelection: true, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'cannot-clip'));
    const save = byTestId(root, 'save-selection') as HTMLButtonElement;
    expect(save.textContent).toBe('Save selection');
    await until(() => document.activeElement === save);
    expect(describedBy(save)).toBe(`Sift can’t clip this page | ${tooLarge}`);
    expect(byTestId(root, 'cannot-clip')?.getAttribute('role')).toBe('alert');
    expect(byTestId(root, 'cannot-hint')).toBeNull();
    expect(byTestId(root, 'try-again')).toBeNull();
    save.click();
    await until(() => api.previews.length === 2);
    expect(api.previews).toEqual(['article', 'selection']);
  });

  it('a page too large without a selection: says to select the part to keep; the heading takes the focus, described by the reason and how', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'too-large', message: tooLarge, hasSelection: false, existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    const hint = byTestId(root, 'cannot-hint');
    expect(hint?.textContent).toBe('To keep part of it, select that part on the page, then open Sift again, or right-click the selection and choose “Clip selection”.');
    expect(byTestId(root, 'cannot-clip')!.querySelector('button')).toBeNull();
    const heading = byTestId(root, 'cannot-clip')!.querySelector('h2')!;
    await until(() => document.activeElement === heading);
    expect(describedBy(heading)).toBe(`${tooLarge} | ${hint?.textContent}`);
  });

  it('a selection too large: no "Save selection" again, no hint (the message says to select less)', async () => {
    const api = fakeApi({ kind: 'cannot-clip', code: 'too-large', message: 'The selection is too large to clip: 9.0 MB of HTML, the limit is 8 MB. Select a smaller part and clip that.', existing: [] });
    const root = document.createElement('div');
    hosts.add(root);
    document.body.append(root);
    render(<App api={api} initialMode="selection" />, root);
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(root.querySelector('button')).toBeNull();
    expect(byTestId(root, 'cannot-hint')).toBeNull();
  });

  it.each([
    ['an empty page (it may still be loading)', { code: 'empty', message: 'This page is empty: there is no text or image to clip.' }],
    ['a page that did not answer in time', { code: 'busy', message: 'The page did not answer within 15 s (it may be busy). Try again when it has finished loading.' }],
  ] as const)('%s: "Try again" takes the focus, described by the heading and the message, and asks again', async (_, refusal) => {
    let calls = 0;
    const api = fakeApi({ kind: 'cannot-clip', ...refusal, retry: true, existing: [] });
    const counting = { ...api, preview: (mode: Parameters<PopupApi['preview']>[0], choice?: PreviewChoice): Promise<PreviewReply> => {
      calls += 1;
      return calls === 1 ? api.preview(mode, choice) : Promise.resolve({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] });
    } };
    const root = mount(counting);
    await until(() => !!byTestId(root, 'cannot-clip'));
    const retry = byTestId(root, 'try-again') as HTMLButtonElement;
    expect(retry.textContent).toBe('Try again');
    await until(() => document.activeElement === retry);
    expect(describedBy(retry)).toBe(`Sift can’t clip this page | ${refusal.message}`);
    expect(byTestId(root, 'cannot-clip')?.getAttribute('role')).toBe('alert');
    retry.click();
    await until(() => !!byTestId(root, 'title'));
    expect(calls).toBe(2);
    // The preview that replaced the panel: Save has the focus (the Try again button is gone).
    await until(() => document.activeElement === byTestId(root, 'save'));
  });

  // The browser's error page was told as an empty page would be, with nothing to do but
  // close Sift, reload the tab by hand and open Sift again.
  it('a page that did not load: "Reload page" takes the focus, reloads the tab, then asks again and previews it', async () => {
    const refusal = { code: 'error-page', message: 'This page did not load, so there is nothing to clip. Reload it, and clip it once it shows.' } as const;
    let calls = 0;
    const api = fakeApi({ kind: 'cannot-clip', ...refusal, existing: [] });
    const order: string[] = [];
    const reloading = { ...api,
      reloadTab: vi.fn(async () => { order.push('reload'); }),
      preview: (mode: Parameters<PopupApi['preview']>[0], choice?: PreviewChoice): Promise<PreviewReply> => {
        calls += 1;
        order.push(`preview ${mode}`);
        return calls === 1 ? api.preview(mode, choice) : Promise.resolve({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] });
      } };
    const root = mount(reloading);
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'try-again')).toBeNull();
    const reload = byTestId(root, 'reload-page') as HTMLButtonElement;
    expect(reload.textContent).toBe('Reload page');
    await until(() => document.activeElement === reload);
    expect(describedBy(reload)).toBe(`Sift can’t clip this page | ${refusal.message}`);
    reload.click();
    await until(() => !!byTestId(root, 'title'));
    expect(order).toEqual(['preview article', 'reload', 'preview article']);
  });

  it('Try again asks for what was refused: the same clip mode', async () => {
    const api = fakeApi({ kind: 'cannot-clip', code: 'empty', message: 'This page is empty.', retry: true, existing: [] });
    const root = document.createElement('div');
    hosts.add(root);
    document.body.append(root);
    render(<App api={api} initialMode="selection" />, root);
    await until(() => !!byTestId(root, 'try-again'));
    (byTestId(root, 'try-again') as HTMLButtonElement).click();
    await until(() => api.previews.length === 2);
    expect(api.previews).toEqual(['selection', 'selection']);
  });

  it('no Try again where retrying cannot help (a frameset, a file, an error page)', async () => {
    const root = mount(fakeApi({ kind: 'cannot-clip', code: 'empty', message: 'This page shows its content in frames.', existing: [] }));
    await until(() => !!byTestId(root, 'cannot-clip'));
    expect(byTestId(root, 'try-again')).toBeNull();
    expect(byTestId(root, 'cannot-clip')!.querySelector('button')).toBeNull();
  });
});

describe('popup App: structured pages (issue 7)', () => {
  // A hostile cell: it must arrive as text, never as an element.
  const table = {
    columns: ['Name', 'Price'],
    rows: [['Aero 14 <img src=x onerror="alert(1)">', '$999'], ...Array.from({ length: 11 }, (_, i) => [`Model ${i}`, `$${100 + i}`])],
  };
  const listClip: ClipData = { ...clip, title: 'Laptops', pageKind: 'list', table, wordCount: 12 };
  const productClip: ClipData = { ...clip, title: 'Aero 14', pageKind: 'product', attributes: [{ attribute: 'Brand', value: 'Acme' }, { attribute: 'Weight', value: '1.2 kg' }] };
  const reply = (c: ClipData): PreviewReply => ({ kind: 'clip', clip: c, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] });

  /** The fake answers a kind override with the clip the core would give for that kind. */
  function kindApi(): ReturnType<typeof fakeApi> & { kinds: (string | undefined)[] } {
    const api = fakeApi(reply(listClip));
    const kinds: (string | undefined)[] = [];
    api.preview = async (mode, choice = {}) => {
      const kind = choice.kind;
      api.previews.push(mode);
      kinds.push(kind);
      return reply(kind === 'product' ? productClip : kind === 'article' ? { ...clip, pageKind: 'article' } : listClip);
    };
    return Object.assign(api, { kinds });
  }

  it('shows the kind and the records as a real table of text cells, a few rows with the count of the rest', async () => {
    const root = mount(kindApi());
    await until(() => !!byTestId(root, 'table-preview'));
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('list');
    const preview = byTestId(root, 'table-preview') as HTMLTableElement;
    expect([...preview.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Name', 'Price']);
    expect(preview.querySelectorAll('tbody tr')).toHaveLength(8);
    expect(preview.querySelector('td')?.textContent).toBe('Aero 14 <img src=x onerror="alert(1)">');
    expect(preview.querySelector('img')).toBeNull();
    expect(byTestId(root, 'records')?.textContent).toContain('Clip as table (12 rows)');
    expect(byTestId(root, 'records')?.textContent).toContain('and 4 rows more');
  });

  it('saves the table with the clip, and without it when "Clip as table" is off', async () => {
    const api = kindApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'as-table'));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => api.saves.length === 1);
    expect(api.saves[0]![0]).toMatchObject({ pageKind: 'list', table });

    render(null, host);
    host.remove();
    const api2 = kindApi();
    const root2 = mount(api2);
    await until(() => !!byTestId(root2, 'as-table'));
    // In table mode the table stands in for the opening paragraphs; off, they come back.
    expect(root2.querySelector('.opening')).toBeNull();
    (byTestId(root2, 'as-table') as HTMLInputElement).click();
    await until(() => !byTestId(root2, 'table-preview'));
    expect(root2.querySelector('.opening')?.textContent).toContain('The river had been rising.');
    (byTestId(root2, 'save') as HTMLButtonElement).click();
    await until(() => api2.saves.length === 1);
    const saved = api2.saves[0]![0] as ClipData;
    expect(saved.pageKind).toBe('list');
    expect('table' in saved).toBe(false);
  });

  it('overriding the kind re-runs the preview with that kind; a product shows its attribute table', async () => {
    const api = kindApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'page-kind'));
    choose(byTestId(root, 'page-kind'), 'product');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'Aero 14');
    expect(api.kinds).toEqual([undefined, 'product']);
    expect(api.previews).toEqual(['article', 'article-anyway']);
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('product');
    const rows = [...(byTestId(root, 'table-preview') as HTMLTableElement).querySelectorAll<HTMLTableRowElement>('tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
    expect(rows).toEqual([['Brand', 'Acme'], ['Weight', '1.2 kg']]);
    expect(byTestId(root, 'records')?.textContent).toContain('Keep the attribute table');

    choose(byTestId(root, 'page-kind'), 'article');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === clip.title);
    expect(byTestId(root, 'table-preview')).toBeNull();
    expect(byTestId(root, 'as-table')).toBeNull();
  });

  it('shows no kind select for a clip the records stage did not run on (selection, full page)', async () => {
    const root = mount(fakeApi(reply({ ...clip, engine: 'selection' })));
    await until(() => !!byTestId(root, 'title'));
    expect(byTestId(root, 'records')).toBeNull();
    expect(byTestId(root, 'page-kind')).toBeNull();
    expect(byTestId(root, 'clip-mode')?.textContent).toBe('Selection');
  });

  it('the top label is the page kind, not the clip mode; article and forum pages show no table controls', async () => {
    const root = mount(fakeApi(reply({ ...clip, pageKind: 'forum' })));
    await until(() => !!byTestId(root, 'page-kind'));
    expect(root.querySelector('header')?.contains(byTestId(root, 'page-kind'))).toBe(true);
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('forum');
    expect(byTestId(root, 'clip-mode')).toBeNull();
    expect(byTestId(root, 'records')).toBeNull();
  });
});

describe('popup App: choosing the engine (issue 6)', () => {
  const engineClip = (engine: ContentEngine): ClipData => ({ ...clip, engine, title: `${engine} title`, pageKind: 'article' });
  const sample = (engine: ContentEngine, words: string[]): EngineSample => ({
    kind: 'sample', engine, title: `${engine} title`, wordCount: words.length, ms: 5, openingHtml: `<p>${engine} opening</p><img src=x onerror=alert(1)>`,
    bag: { words, counts: words.map(() => 1) },
  });

  /** Answers like the real background: the engine asked for, else the saved default (nta here). */
  function engineApi(samples: Partial<Record<ContentEngine, EngineSample | Error>> = {}) {
    const api = fakeApi({ kind: 'clip', clip: engineClip('nta'), imageUrls: [], extractMs: 3, hasSelection: false, existing: [] });
    const sampled: ContentEngine[] = [];
    api.preview = async (mode, choice = {}) => {
      api.previews.push(mode);
      api.choices.push(choice);
      const engine = choice.engine ?? 'nta';
      const c = engineClip(engine);
      const kinded = choice.kind ? { ...c, pageKind: choice.kind, title: `${c.title} (${choice.kind})` } : c;
      return { kind: 'clip', clip: kinded, imageUrls: [], extractMs: 3, hasSelection: false, existing: [], engine };
    };
    api.sampleEngine = async (engine) => {
      sampled.push(engine);
      const s = samples[engine];
      if (s instanceof Error) throw s;
      return s ?? sample(engine, ['river', 'rising']);
    };
    return Object.assign(api, { sampled });
  }

  it('shows the engine in effect in a labelled select; switching re-runs the preview with it, remembers it and saves its clip', async () => {
    const api = engineApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'engine'));
    const select = byTestId(root, 'engine') as HTMLSelectElement;
    expect(select.value).toBe('nta');
    expect(select.closest('label')?.textContent).toContain('Engine');
    expect([...select.options].map((o) => o.value)).toEqual(['auto', 'nta', 'vsse', 'classifier']);
    choose(select, 'vsse');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'vsse title');
    expect(api.engineSet).toEqual(['vsse']);
    expect(api.choices.at(-1)).toEqual({ engine: 'vsse' });
    expect((byTestId(root, 'engine') as HTMLSelectElement).value).toBe('vsse');
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => api.saves.length === 1);
    expect((api.saves[0]![0] as ClipData).engine).toBe('vsse');
  });

  it('keeps a title the user edited when the engine or the page kind changes', async () => {
    const api = engineApi();
    const root = mount(api);
    // The fake answers at once: wait for the request, then for the answer's render.
    const answered = async (requests: number) => {
      await until(() => api.choices.length === requests);
      await new Promise((r) => setTimeout(r, 30));
      await until(() => !!byTestId(root, 'title'));
    };
    await answered(1);
    const title = byTestId(root, 'title') as HTMLTextAreaElement;
    title.value = 'My own title';
    title.dispatchEvent(new Event('input', { bubbles: true }));
    choose(byTestId(root, 'engine'), 'vsse');
    await answered(2);
    expect((byTestId(root, 'engine') as HTMLSelectElement).value).toBe('vsse');
    expect((byTestId(root, 'title') as HTMLTextAreaElement).value).toBe('My own title');
    choose(byTestId(root, 'page-kind'), 'documentation');
    await answered(3);
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('documentation');
    expect((byTestId(root, 'title') as HTMLTextAreaElement).value).toBe('My own title');
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => api.saves.length === 1);
    expect((api.saves[0]![0] as ClipData).title).toBe('My own title');
    expect((api.saves[0]![0] as ClipData).engine).toBe('vsse');
  });

  it('keeps a kind override when the engine changes, and the engine when the kind changes', async () => {
    const api = engineApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'page-kind'));
    choose(byTestId(root, 'page-kind'), 'documentation');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'nta title (documentation)');
    choose(byTestId(root, 'engine'), 'classifier');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'classifier title (documentation)');
    expect(api.choices.slice(1)).toEqual([{ kind: 'documentation' }, { kind: 'documentation', engine: 'classifier' }]);
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('documentation');
  });

  // A user who chose another engine (or a page kind, or "selection") and then met an error
  // (the page did not answer) pressed Try again and got the opening mode's default clip.
  it('Try again after an error asks again for what failed: the same clip mode, page kind and engine, shown in the selects', async () => {
    const api = engineApi();
    const answers = api.preview;
    let failNext = false;
    api.preview = async (mode, choice) => {
      if (!failNext) return answers(mode, choice);
      failNext = false;
      api.previews.push(mode);
      api.choices.push(choice ?? {});
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    const root = mount(api);
    await until(() => !!byTestId(root, 'page-kind'));
    choose(byTestId(root, 'page-kind'), 'documentation');
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'nta title (documentation)');
    failNext = true;
    choose(byTestId(root, 'engine'), 'classifier');
    await until(() => !!byTestId(root, 'error'));
    (byTestId(root, 'try-again') as HTMLButtonElement).click();
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'classifier title (documentation)');
    expect(api.previews).toEqual(['article', 'article-anyway', 'article-anyway', 'article-anyway']);
    expect(api.choices.slice(2)).toEqual([{ kind: 'documentation', engine: 'classifier' }, { kind: 'documentation', engine: 'classifier' }]);
    expect((byTestId(root, 'engine') as HTMLSelectElement).value).toBe('classifier');
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('documentation');
  });

  it('Try again after an error in a selection clip asks for the selection again', async () => {
    const api = fakeApi({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: true, existing: [] });
    const answers = api.preview;
    api.preview = async (mode, choice) => {
      if (mode !== 'selection' || api.previews.includes('selection')) return answers(mode, choice);
      api.previews.push(mode);
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    const root = mount(api);
    await until(() => !!byTestId(root, 'title'));
    button(root, 'selection').click();
    await until(() => !!byTestId(root, 'error'));
    (byTestId(root, 'try-again') as HTMLButtonElement).click();
    await until(() => api.previews.length === 3);
    expect(api.previews).toEqual(['article', 'selection', 'selection']);
  });

  it('compare view: one column per engine, sanitized openings, agreement, one failing engine does not break the others, pick one', async () => {
    const api = engineApi({
      auto: sample('auto', ['river', 'rising', 'mill']),
      nta: sample('nta', ['river', 'rising', 'mill']),
      vsse: new Error('VSSE exploded'),
      classifier: sample('classifier', ['river', 'station']),
    });
    const root = mount(api);
    await until(() => !!byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await until(() => byTestId(root, 'compare-progress')?.textContent?.includes('4 engines compared') ?? false);
    expect(api.sampled).toEqual(['auto', 'nta', 'vsse', 'classifier']);
    expect(root.querySelector('.popup')?.classList.contains('comparing')).toBe(true);
    const col = (e: string) => byTestId(root, `column-${e}`) as HTMLElement;
    expect(col('auto').textContent).toContain('auto title');
    expect(col('auto').querySelector('[data-testid="engine-words"]')?.textContent).toBe('3 words');
    expect(col('nta').querySelector('.col-opening')?.textContent).toContain('nta opening');
    expect(root.querySelector('.compare img, .compare script')).toBeNull();
    // Auto and NTA found the same words; the classifier shares 1 of 3 + 1 of 2 → F1 = 2·1/5.
    expect(col('auto').querySelector('[data-engine="nta"]')?.textContent).toBe('NTA 100 %');
    expect(col('auto').querySelector('[data-engine="classifier"]')?.textContent).toBe('Classifier 40 %');
    expect(col('vsse').querySelector('[data-testid="engine-error"]')?.textContent).toContain('VSSE exploded');
    expect((byTestId(root, 'use-vsse') as HTMLButtonElement).disabled).toBe(true);
    expect(col('nta').classList.contains('current')).toBe(true);
    (byTestId(root, 'use-classifier') as HTMLButtonElement).click();
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'classifier title');
    expect(byTestId(root, 'compare')).toBeNull();
    expect(api.engineSet).toEqual(['classifier']);
    expect((byTestId(root, 'engine') as HTMLSelectElement).value).toBe('classifier');
  });

  it('keeps the engine select mounted and focused while the next preview loads; an older answer arriving late is dropped', async () => {
    const api = engineApi();
    const pending = new Map<string, (r: PreviewReply) => void>();
    const answer = (engine: ContentEngine): PreviewReply => ({ kind: 'clip', clip: engineClip(engine), imageUrls: [], extractMs: 3, hasSelection: false, existing: [], engine });
    api.preview = (mode, choice = {}) => {
      api.previews.push(mode);
      if (!choice.engine) return Promise.resolve(answer('nta'));
      return new Promise((resolve) => pending.set(choice.engine!, resolve));
    };
    const root = mount(api);
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'nta title');
    const select = byTestId(root, 'engine') as HTMLSelectElement;
    select.focus();
    choose(select, 'vsse');
    await until(() => pending.has('vsse') && root.querySelector('.popup')?.getAttribute('data-phase') === 'loading');
    expect(byTestId(root, 'engine')).toBe(select);
    expect(document.activeElement).toBe(select);
    expect(select.value).toBe('vsse');
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('article');
    choose(select, 'classifier');
    await until(() => pending.has('classifier'));
    pending.get('classifier')!(answer('classifier'));
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'classifier title');
    pending.get('vsse')!(answer('vsse'));
    await new Promise((r) => setTimeout(r, 30));
    expect((byTestId(root, 'title') as HTMLTextAreaElement).value).toBe('classifier title');
    expect((byTestId(root, 'engine') as HTMLSelectElement).value).toBe('classifier');
    expect(document.activeElement).toBe(byTestId(root, 'engine'));
  });

  it('moves focus into the compare view when it opens and back to its button when it closes', async () => {
    const root = mount(engineApi());
    await until(() => !!byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'compare'));
    expect(document.activeElement).toBe(byTestId(root, 'compare'));
    await until(() => byTestId(root, 'compare-progress')?.textContent?.includes('4 engines compared') ?? false);
    (byTestId(root, 'compare-back') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'compare-open') && document.activeElement === byTestId(root, 'compare-open'));
    expect(byTestId(root, 'compare')).toBeNull();
  });

  /** Samples the test answers by hand: each call waits until `answer(engine, …)`. */
  function slowApi() {
    const api = engineApi();
    const pending = new Map<ContentEngine, (s: EngineSample) => void>();
    api.sampleEngine = (engine) => {
      api.sampled.push(engine);
      return new Promise((resolve) => pending.set(engine, resolve));
    };
    return Object.assign(api, { pending });
  }

  it('Stop while an engine runs: control comes back at once, no further engine is asked, the late answer does not overwrite the view', async () => {
    const api = slowApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await until(() => api.pending.has('auto'));
    await until(() => !!byTestId(root, 'compare-stop'));
    expect(byTestId(root, 'compare-progress')?.textContent).toMatch(/^Running Auto… \(1 of 4\)/);
    expect(byTestId(root, 'column-auto')?.getAttribute('aria-busy')).toBe('true');
    expect((byTestId(root, 'engine') as HTMLSelectElement).disabled).toBe(true);
    expect(byTestId(root, 'compare-stop')?.getAttribute('aria-keyshortcuts')).toBe('Escape');

    (byTestId(root, 'compare-stop') as HTMLButtonElement).click();
    await until(() => !byTestId(root, 'compare-stop'));
    expect(byTestId(root, 'compare-progress')?.textContent).toContain('Stopped. Auto may still be finishing in the page');
    expect(byTestId(root, 'column-auto')?.querySelector('[data-testid="engine-stopped"]')).not.toBeNull();
    expect(byTestId(root, 'column-nta')?.querySelector('[data-testid="engine-not-run"]')?.textContent).toContain('stopped before its turn');
    expect((byTestId(root, 'engine') as HTMLSelectElement).disabled).toBe(false);
    // Focus does not fall to the body when the Stop button goes away.
    expect(document.activeElement).toBe(byTestId(root, 'compare'));

    api.pending.get('auto')!(sample('auto', ['river']));
    await until(() => byTestId(root, 'compare-progress')?.getAttribute('data-late') === 'ignored');
    expect(byTestId(root, 'compare-progress')?.textContent).toContain('Auto finished in the page after the stop; its result was ignored');
    expect(byTestId(root, 'column-auto')?.querySelector('[data-testid="engine-title"]')).toBeNull();
    expect(byTestId(root, 'column-auto')?.getAttribute('data-status')).toBe('stopped');
    await new Promise((r) => setTimeout(r, 30));
    expect(api.sampled).toEqual(['auto']);

    // "Run the remaining engines" asks the rest (and only the rest), one by one.
    (byTestId(root, 'compare-resume') as HTMLButtonElement).click();
    await until(() => api.pending.has('auto') && api.sampled.length === 2);
    expect(api.sampled).toEqual(['auto', 'auto']);
  });

  it('Esc stops a running comparison, and with nothing running goes back to the preview', async () => {
    const api = slowApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await until(() => api.pending.has('auto'));
    api.pending.get('auto')!(sample('auto', ['river']));
    await until(() => api.pending.has('nta'));
    const esc = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    esc();
    await until(() => byTestId(root, 'compare')?.getAttribute('data-phase') === 'stopped');
    expect(byTestId(root, 'column-auto')?.querySelector('[data-testid="engine-title"]')?.textContent).toBe('auto title');
    expect((byTestId(root, 'use-auto') as HTMLButtonElement).disabled).toBe(false);
    expect(byTestId(root, 'column-nta')?.getAttribute('data-status')).toBe('stopped');
    esc();
    await until(() => !byTestId(root, 'compare') && document.activeElement === byTestId(root, 'compare-open'));
    // The late NTA answer after the view closed changes nothing.
    api.pending.get('nta')!(sample('nta', ['x']));
    await new Promise((r) => setTimeout(r, 30));
    expect(byTestId(root, 'compare')).toBeNull();
    expect(api.sampled).toEqual(['auto', 'nta']);
  });

  it('Esc pressed the moment Stop appears stops the run (the key listener does not wait for an effect)', async () => {
    const api = slowApi();
    const root = mount(api);
    await until(() => !!byTestId(root, 'compare-open'));
    // Press Esc in the microtask after the render that shows Stop, before Preact runs the
    // effects it schedules after paint: what a fast keyboard user (or CI) does.
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!byTestId(root, 'compare-stop')) return;
        observer.disconnect();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
        resolve();
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await pressed;
    await until(() => byTestId(root, 'compare')?.getAttribute('data-phase') === 'stopped');
    expect(byTestId(root, 'compare-stop')).toBeNull();
  });

  it('a timed-out engine shows a clear message and the next engine still runs', async () => {
    const api = engineApi({ auto: undefined });
    api.sampleEngine = async (engine) => {
      api.sampled.push(engine);
      return engine === 'vsse' ? { kind: 'timed-out', engine, afterMs: 8_000 } : sample(engine, ['river']);
    };
    const root = mount(api);
    await until(() => !!byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    await until(() => byTestId(root, 'compare-progress')?.textContent?.includes('4 engines compared') ?? false);
    expect(byTestId(root, 'column-vsse')?.querySelector('[data-testid="engine-error"]')?.textContent).toBe(
      'No answer within 8 s: this engine is too slow on this page (it may still be running there).',
    );
    expect(api.sampled).toEqual(['auto', 'nta', 'vsse', 'classifier']);
    expect(byTestId(root, 'compare-resume')).toBeNull();
  });

  it('offers the engine choice on a not-article answer too, so another engine can be tried', async () => {
    const api = fakeApi({ kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [], engine: 'vsse' });
    const root = mount(api);
    await until(() => !!byTestId(root, 'not-article'));
    const select = byTestId(root, 'engine') as HTMLSelectElement;
    expect(select.value).toBe('vsse');
    choose(select, 'auto');
    await until(() => api.previews.length === 2);
    expect(api.choices[1]).toEqual({ engine: 'auto' });
    expect(api.engineSet).toEqual(['auto']);
  });
});

describe('popup App: a control that appears has the focus at once', () => {
  // The panels took the focus in an effect, which Preact runs after the paint: for a frame Save
  // (or Try again, Open in reader…) was on screen with the focus on the body, and an Enter
  // pressed as soon as it showed (a fast keyboard user; Playwright on a loaded CI machine, four
  // specs until c3bb5a6) went nowhere. Each case looks in the microtask after the render that
  // shows the control, before any frame: where a key pressed then would go.

  /** What has the focus in the microtask after `find` first finds something under `root`. */
  function focusOnArrival(root: HTMLElement, find: () => Element | null): Promise<{ shown: Element; focused: Element | null }> {
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        const shown = find();
        if (!shown) return;
        observer.disconnect();
        resolve({ shown, focused: document.activeElement });
      });
      observer.observe(root, { childList: true, subtree: true, attributes: true });
    });
  }

  const preview: PreviewReply = { kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] };
  const panels: Array<[string, PreviewReply, string]> = [
    ['the preview: Save', preview, '[data-testid="save"]'],
    ['a page already saved: Open in reader', { ...preview, existing: [{ id: 'old', title: 't', savedAt: Date.UTC(2026, 0, 2) }] }, '[data-testid="open-saved-copy"]'],
    ['not an article: Save anyway', { kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [] }, '[data-testid="save-anyway"]'],
    ['a page that may still be loading: Try again', { kind: 'cannot-clip', code: 'empty', message: 'This page is empty.', retry: true, existing: [] }, '[data-testid="try-again"]'],
    ['a refusal with nothing to offer: the heading', { kind: 'cannot-clip', code: 'empty', message: 'This page is empty.', existing: [] }, '[data-testid="cannot-clip"] h2'],
  ];

  it.each(panels)('%s', async (_, reply, selector) => {
    const root = mount(fakeApi(reply));
    const { shown, focused } = await focusOnArrival(root, () => root.querySelector(selector));
    expect(focused).toBe(shown);
  });

  it('saved: Open in reader', async () => {
    const root = mount(fakeApi(preview));
    await until(() => document.activeElement === byTestId(root, 'save'));
    const arrival = focusOnArrival(root, () => byTestId(root, 'open-reader'));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    const { shown, focused } = await arrival;
    expect(focused).toBe(shown);
  });

  it('a failed save: Try again, and Save again when it brings the preview back', async () => {
    const api = { ...fakeApi(preview), save: () => Promise.reject(new Error('The disk is full.')) };
    const root = mount(api);
    await until(() => document.activeElement === byTestId(root, 'save'));
    const error = focusOnArrival(root, () => byTestId(root, 'try-again'));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    const failed = await error;
    expect(failed.focused).toBe(failed.shown);
    const back = focusOnArrival(root, () => byTestId(root, 'save'));
    (failed.shown as HTMLButtonElement).click();
    const again = await back;
    expect(again.focused).toBe(again.shown);
  });

  it('the compare view when it opens, and Compare engines when Back closes it', async () => {
    const root = mount(fakeApi(preview));
    await until(() => !!byTestId(root, 'compare-open'));
    const opened = focusOnArrival(root, () => byTestId(root, 'compare'));
    (byTestId(root, 'compare-open') as HTMLButtonElement).click();
    const view = await opened;
    expect(view.focused).toBe(view.shown);
    await until(() => byTestId(root, 'compare-progress')?.textContent?.includes('4 engines compared') ?? false);
    const closed = focusOnArrival(root, () => byTestId(root, 'compare-open'));
    (byTestId(root, 'compare-back') as HTMLButtonElement).click();
    const button = await closed;
    expect(button.focused).toBe(button.shown);
  });
});
