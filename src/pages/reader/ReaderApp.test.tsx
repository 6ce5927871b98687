// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleClip } from '../../storage/librarySamples';
import { ReaderApp } from './ReaderApp';
import type { StoredClip, StoredImage } from '../../storage/schema';
import type { ReaderApi } from './api';
import { DEFAULT_PREFS, type ReaderPrefs } from './prefs';

/**
 * The reader shows a clip's title before its neighbours are known (they are a second
 * storage query). A key pressed in that gap must not be lost: CI once pressed p there and
 * the reader stayed on the same clip.
 */

const clip = sampleClip({ id: 'middle', title: 'The Middle Clip', html: '<p>Some words.</p>' });

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});

async function mountReader(
  neighbours: Promise<{ newer: string | null; older: string | null }>,
  prefs: { stored?: Promise<ReaderPrefs>; saved?: ReaderPrefs[] } = {},
  shown: { clip: StoredClip; images?: StoredImage[] } = { clip },
  files: { canOpen?: boolean; opened?: string[] } = {},
  restore: (id: string) => Promise<'restored' | 'gone'> = () => Promise.resolve('restored'),
): Promise<string[]> {
  const visited: string[] = [];
  const api: ReaderApi = {
    load: () => Promise.resolve({ clip: shown.clip, images: shown.images ?? [] }),
    neighbours: () => neighbours,
    getPrefs: () => prefs.stored ?? Promise.resolve(DEFAULT_PREFS),
    setPrefs: (p) => { prefs.saved?.push(p); return Promise.resolve(); },
    canOpenFiles: () => Promise.resolve(files.canOpen ?? false),
    openFile: (url) => { files.opened?.push(url); return Promise.resolve(); },
    restore,
  };
  host = document.createElement('div');
  document.body.append(host);
  render(<ReaderApp api={api} id="middle" navigate={(href) => visited.push(href)} />, host);
  await expect.poll(() => host.querySelector('h1.title')?.textContent).toBe(shown.clip.title);
  return visited;
}

const press = (key: string): void => { window.dispatchEvent(new KeyboardEvent('keydown', { key })); };

describe('ReaderApp keyboard', () => {
  it('n and p go to the older and newer clip once the neighbours are known', async () => {
    const visited = await mountReader(Promise.resolve({ newer: 'newer one', older: 'older' }));
    await expect.poll(() => host.querySelector('.pager')).not.toBeNull();
    press('n');
    press('p');
    expect(visited).toEqual(['?id=older', '?id=newer%20one']);
  });

  it('a p pressed while the neighbours are still loading is carried out when they arrive', async () => {
    const nav = deferred<{ newer: string | null; older: string | null }>();
    const visited = await mountReader(nav.promise);
    press('p');
    expect(visited).toEqual([]);
    nav.resolve({ newer: 'newer', older: 'older' });
    await expect.poll(() => visited).toEqual(['?id=newer']);
  });

  it('with no clip in that direction, a pending key does nothing', async () => {
    const nav = deferred<{ newer: string | null; older: string | null }>();
    const visited = await mountReader(nav.promise);
    press('n');
    nav.resolve({ newer: 'newer', older: null });
    await expect.poll(() => host.querySelector('.pager')).not.toBeNull();
    expect(visited).toEqual([]);
  });

  it('l opens the library', async () => {
    const visited = await mountReader(Promise.resolve({ newer: null, older: null }));
    press('l');
    expect(visited).toEqual(['../library/index.html']);
  });
});

describe('ReaderApp preferences', () => {
  // The stored preferences are a storage read of their own: the title (and the typography
  // controls) can be on screen before they arrive. CI's reader test clicks Sepia right
  // after the title shows; the late read then put the default theme back.
  it('a change made before the stored preferences arrive is kept, not overwritten by them', async () => {
    const stored = deferred<ReaderPrefs>();
    const saved: ReaderPrefs[] = [];
    await mountReader(Promise.resolve({ newer: null, older: null }), { stored: stored.promise, saved });
    press('t'); // system → light
    expect(document.documentElement.dataset.theme).toBe('light');
    stored.resolve({ ...DEFAULT_PREFS, theme: 'dark', size: 24 });
    await new Promise((r) => setTimeout(r, 0)); // the stored read's then() has run
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(saved).toEqual([{ ...DEFAULT_PREFS, theme: 'light' }]);
    // The next key builds on what is on screen, not on the late stored value.
    press('+');
    expect(saved.at(-1)).toEqual({ ...DEFAULT_PREFS, theme: 'light', size: DEFAULT_PREFS.size + 1 });
  });

  it('without a change, the stored preferences are applied when they arrive', async () => {
    const stored = deferred<ReaderPrefs>();
    await mountReader(Promise.resolve({ newer: null, older: null }), { stored: stored.promise });
    stored.resolve({ ...DEFAULT_PREFS, theme: 'sepia' });
    await expect.poll(() => document.documentElement.dataset.theme).toBe('sepia');
  });
});

/** Lets Preact render (its re-render is a microtask) without letting its effects run (they wait for a frame). */
async function renderOnly(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('ReaderApp keys right after a render', () => {
  // The key listener is re-bound one frame after each render. A key pressed in that frame
  // must act on what is on screen (Playwright presses the next key as soon as it sees it).
  it('Esc right after ? opened the help closes the help and stays in the reader', async () => {
    const visited = await mountReader(Promise.resolve({ newer: null, older: null }));
    press('?');
    await renderOnly();
    expect(host.querySelector('dialog')).not.toBeNull();
    press('Escape');
    await renderOnly();
    expect(host.querySelector('dialog')).toBeNull();
    expect(visited).toEqual([]);
  });
});

describe('ReaderApp help dialog', () => {
  // The ? panel opened without taking focus, and closing it left the focus on the body.
  it('takes the focus when it opens and gives it back to where it was when it closes', async () => {
    await mountReader(Promise.resolve({ newer: null, older: null }));
    const aa = host.querySelector<HTMLButtonElement>('[aria-controls="typography"]')!;
    aa.focus();
    press('?');
    await renderOnly();
    const dialog = host.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-labelledby')).toBe('help-title');
    expect(dialog.querySelector('#help-title')?.textContent).toBe('Keyboard shortcuts');
    expect(document.activeElement?.textContent).toBe('Close');
    expect(dialog.contains(document.activeElement)).toBe(true);
    press('Escape');
    await renderOnly();
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(aa);
  });
});

describe('ReaderApp keys while the help is open', () => {
  // The help is a modal dialog, but the reader's keys still acted on the page behind it: t
  // changed the theme, + the size, a opened the typography panel, n and l left the clip.
  it('no reader key acts behind the open help; Esc closes it and the keys work again', async () => {
    const saved: ReaderPrefs[] = [];
    const visited = await mountReader(Promise.resolve({ newer: 'newer', older: 'older' }), { saved });
    await expect.poll(() => host.querySelector('.pager')).not.toBeNull();
    press('?');
    await renderOnly();
    expect(host.querySelector('dialog')).not.toBeNull();
    for (const key of ['n', 'p', '+', '=', '-', ']', '[', 't', 'a', 'l']) press(key);
    await renderOnly();
    expect(visited).toEqual([]);
    expect(saved).toEqual([]);
    expect(host.querySelector('#typography')).toBeNull();
    expect(host.querySelector('dialog')).not.toBeNull();
    press('Escape');
    await renderOnly();
    expect(host.querySelector('dialog')).toBeNull();
    press('t');
    expect(saved).toHaveLength(1);
  });

  it('the toolbar\'s shortcuts button opens the help and gets the focus back when it closes', async () => {
    await mountReader(Promise.resolve({ newer: null, older: null }));
    const button = host.querySelector<HTMLButtonElement>('[data-testid="shortcuts-button"]')!;
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('?');
    expect(button.textContent).toContain('Keyboard shortcuts');
    button.focus();
    button.click();
    await renderOnly();
    expect(host.querySelector('dialog')).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('Close');
    press('Escape');
    await renderOnly();
    expect(host.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('ReaderApp header', () => {
  const noNeighbours = Promise.resolve({ newer: null, older: null });
  const headText = () => host.querySelector('.article-head')?.textContent ?? '';
  const count = (text: string, what: string) => text.split(what).length - 1;

  // Found using the built extension: every clip with a site name showed it twice, as the
  // kicker above the title and again in the byline line under it.
  it('shows the site name once, with the author in the byline line', async () => {
    const withSite = sampleClip({ id: 'c', title: 'River Rises', html: '<p>x</p>', site: 'The Courier', byline: 'Ann Lee' });
    await mountReader(noNeighbours, {}, { clip: withSite });
    expect(count(headText(), 'The Courier')).toBe(1);
    expect(host.querySelector('.article-head .byline')?.textContent).toContain('Ann Lee');
  });

  // Pages without a person's name give the publication as the author (BBC News, Reuters).
  it('does not repeat a byline that is the site name', async () => {
    const bySite = sampleClip({ id: 'c', title: 'River Rises', html: '<p>x</p>', site: 'The Courier', byline: 'the courier' });
    await mountReader(noNeighbours, {}, { clip: bySite });
    expect(count(headText().toLowerCase(), 'the courier')).toBe(1);
  });
});

describe('ReaderApp: the original of a page opened from disk', () => {
  // A clip of a file:// page showed no source and no Original: the reader linked only http(s)
  // addresses (an extension page cannot follow a file: link anyway).
  const url = 'file:///home/me/Saved%20pages/Notes.html';
  const fromDisk = sampleClip({ id: 'middle', title: 'Notes From the Flooded Valley', html: '<p>Some words.</p>', url, canonicalUrl: null, site: null });
  const nav = Promise.resolve({ newer: null, older: null });

  it('where the browser lets Sift open files: Original, the foot and o open the file through the extension', async () => {
    const opened: string[] = [];
    await mountReader(nav, {}, { clip: fromDisk }, { canOpen: true, opened });
    await expect.poll(() => host.querySelector('[data-testid="original-link"]')?.tagName).toBe('BUTTON');
    (host.querySelector('[data-testid="original-link"]') as HTMLButtonElement).click();
    const foot = host.querySelector('[data-testid="original-file"]') as HTMLButtonElement;
    expect(foot.tagName).toBe('BUTTON');
    expect(foot.textContent).toBe('/home/me/Saved pages/Notes.html');
    foot.click();
    press('o');
    expect(opened).toEqual([url, url, url]);
    // Never a file: link, in the page or in the clip.
    expect(host.querySelector('a[href^="file:"]')).toBeNull();
  });

  it('where it may not: no Original to click, the file’s path as text', async () => {
    const opened: string[] = [];
    await mountReader(nav, {}, { clip: fromDisk }, { canOpen: false, opened });
    const foot = host.querySelector('[data-testid="original-file"]');
    expect(foot?.tagName).toBe('BDI');
    expect(host.querySelector('.article-foot')?.textContent).toContain('From the file /home/me/Saved pages/Notes.html');
    expect(host.querySelector('[data-testid="original-link"]')).toBeNull();
    expect(host.querySelector('.source.print-only')?.textContent).toBe('/home/me/Saved pages/Notes.html');
    press('o');
    expect(opened).toEqual([]);
  });

  it('a saved page that declares its web address links to that page', async () => {
    await mountReader(nav, {}, { clip: { ...fromDisk, canonicalUrl: 'https://courier.example/flood' } }, { canOpen: true });
    expect(host.querySelector('[data-testid="original-link"]')?.getAttribute('href')).toBe('https://courier.example/flood');
    expect(host.querySelector('[data-testid="original-file"]')).toBeNull();
  });
});

describe('ReaderApp: a clip in the trash', () => {
  const trashed = sampleClip({ id: 'middle', title: 'The Middle Clip', html: '<p>Some words.</p>', deletedAt: Date.UTC(2026, 10, 1, 12) });
  const none = Promise.resolve({ newer: null, older: null });

  it('says so, with the day it goes for good, and Restore takes it out of the trash', async () => {
    const restored: string[] = [];
    await mountReader(none, {}, { clip: trashed }, {}, (id) => { restored.push(id); return Promise.resolve('restored'); });
    const note = host.querySelector('[data-testid="in-trash"]');
    expect(note?.textContent).toContain('This clip is in the trash. It will be deleted forever on');
    expect(note?.textContent).toContain('2026');
    expect(note?.textContent).toMatch(/December/);
    (note!.querySelector('button') as HTMLButtonElement).click();
    await expect.poll(() => host.querySelector('[data-testid="in-trash"]')).toBeNull();
    expect(restored).toEqual(['middle']);
  });

  it('a restore that fails says why and keeps the note', async () => {
    await mountReader(none, {}, { clip: trashed }, {}, () => Promise.reject(new Error('QuotaExceededError')));
    (host.querySelector('[data-testid="in-trash"] button') as HTMLButtonElement).click();
    await expect.poll(() => host.querySelector('[data-testid="in-trash"] [role="alert"]')?.textContent).toBe('Could not restore it: QuotaExceededError');
    expect(host.querySelector('[data-testid="in-trash"]')).not.toBeNull();
  });

  // Opened from the trash, then emptied from the trash in a library tab: Restore took the note
  // away as if the clip were back, and the library never showed it again.
  it('a clip deleted forever meanwhile says so, and the focus goes to the news, not the page', async () => {
    await mountReader(none, {}, { clip: trashed }, {}, () => Promise.resolve('gone'));
    const button = host.querySelector<HTMLButtonElement>('[data-testid="in-trash"] button')!;
    button.focus();
    button.click();
    await expect.poll(() => host.querySelector('[data-testid="in-trash"]')?.textContent).toBe('This clip was deleted forever meanwhile: it is no longer in the library and cannot be restored.');
    expect(host.querySelector('[data-testid="in-trash"]')?.getAttribute('role')).toBe('alert');
    expect(host.querySelector('[data-testid="in-trash"] button')).toBeNull();
    await expect.poll(() => document.activeElement).toBe(host.querySelector('[data-testid="in-trash"] p'));
  });

  it('a clip not in the trash shows no note', async () => {
    await mountReader(none);
    expect(host.querySelector('[data-testid="in-trash"]')).toBeNull();
  });
});
