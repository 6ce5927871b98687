// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClipData, PreviewReply, SaveReply } from '../shared/messages';
import type { PopupApi } from './api';
import { App } from './App';

/** The popup UI against a fake PopupApi: no browser, no extension (STYLE.md, 7). */

const clip: ClipData = {
  title: 'When the River Came to Town', byline: 'Ada Lovelace', published: '2024-03-05T09:30:00Z', siteName: 'The Valley Courier',
  lang: 'en', dir: 'ltr', url: 'https://courier.example/river', canonicalUrl: null, excerpt: null, leadImage: null,
  html: '<p>The river had been rising.</p><img src="https://courier.example/icon.png"><script>alert(1)</script>',
  text: 'The river had been rising.', wordCount: 1234, readingMinutes: 5.4, engine: 'nta',
};

function fakeApi(preview: PreviewReply, save?: SaveReply): PopupApi & { saves: unknown[][]; previews: string[] } {
  const saves: unknown[][] = [];
  const previews: string[] = [];
  return {
    saves,
    previews,
    preview: async (mode) => {
      previews.push(mode);
      return preview;
    },
    imagePreview: async () => null,
    save: async (...args) => {
      saves.push(args);
      return save ?? { kind: 'saved', clipId: 'c1', updated: false, imagesSaved: 2, imagesFailed: [], readerPath: 'r', ms: 1200 };
    },
    openReader: vi.fn(async () => undefined),
    persistStorage: vi.fn(async () => true),
    allowImagesFromAllSites: vi.fn(async () => true),
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
function mount(api: PopupApi): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  render(<App api={api} initialMode="article" />, host);
  return host;
}
afterEach(() => {
  render(null, host);
  host.remove();
});

const byTestId = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`);
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

  it('shows failed images as a visible warning and offers the all-sites permission for blocked ones', async () => {
    const api = fakeApi(
      { kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, existing: [] },
      { kind: 'saved', clipId: 'c1', updated: false, imagesSaved: 1, imagesFailed: [{ url: 'https://cdn.example/x.png', error: 'the image’s server does not let other sites read it; allow Sift to read images from all sites to keep it' }], readerPath: 'r', ms: 900 },
    );
    const root = mount(api);
    await until(() => !!byTestId(root, 'save'));
    (byTestId(root, 'save') as HTMLButtonElement).click();
    await until(() => !!byTestId(root, 'image-warning'));
    expect(byTestId(root, 'image-warning')?.textContent).toContain('1 image could not be saved');
    button(root, 'Allow Sift to read images from all sites').click();
    // Granted → the same clip is saved again as an update, to fetch the blocked images.
    await until(() => api.saves.length === 2);
    expect(api.allowImagesFromAllSites).toHaveBeenCalled();
    expect(api.saves[1]!.slice(2)).toEqual(['update', 'c1']);
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

  it('offers save anyway / selection / full page when the page is not an article', async () => {
    const api = fakeApi({ kind: 'not-article', message: 'No article found.', hasSelection: false, existing: [] });
    const root = mount(api);
    await until(() => !!byTestId(root, 'not-article'));
    expect(button(root, 'Save selection').disabled).toBe(true);
    button(root, 'Save full page').click();
    await until(() => api.previews.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    await until(() => !!button(root, 'Save anyway'));
    button(root, 'Save anyway').click();
    await until(() => api.previews.length === 3);
    expect(api.previews).toEqual(['article', 'fullpage', 'article-anyway']);
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
    api.preview = async (mode, kind) => {
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
    const select = byTestId(root, 'page-kind') as HTMLSelectElement;
    select.value = 'product';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === 'Aero 14');
    expect(api.kinds).toEqual([undefined, 'product']);
    expect(api.previews).toEqual(['article', 'article-anyway']);
    expect((byTestId(root, 'page-kind') as HTMLSelectElement).value).toBe('product');
    const rows = [...(byTestId(root, 'table-preview') as HTMLTableElement).querySelectorAll<HTMLTableRowElement>('tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
    expect(rows).toEqual([['Brand', 'Acme'], ['Weight', '1.2 kg']]);
    expect(byTestId(root, 'records')?.textContent).toContain('Keep the attribute table');

    const again = byTestId(root, 'page-kind') as HTMLSelectElement;
    again.value = 'article';
    again.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => (byTestId(root, 'title') as HTMLTextAreaElement | null)?.value === clip.title);
    expect(byTestId(root, 'table-preview')).toBeNull();
    expect(byTestId(root, 'as-table')).toBeNull();
  });

  it('shows no kind select for a clip the records stage did not run on (selection, full page)', async () => {
    const root = mount(fakeApi(reply(clip)));
    await until(() => !!byTestId(root, 'title'));
    expect(byTestId(root, 'records')).toBeNull();
  });
});
