// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkStopped, PAGE_SIZE } from '../../storage/library';
import { sampleClip } from '../../storage/librarySamples';
import { summaryOf } from '../../storage/libraryIndex';
import type { StoredSummary } from '../../storage/schema';
import { LibraryApp } from './LibraryApp';
import type { LibraryApi } from './api';

/**
 * The library's page keys. Playwright presses a key as soon as it sees what the key needs
 * on screen, which can be before the page's listener is re-bound (effects run a frame after
 * a render): Ctrl+Z right after the "Moved to the trash" toast appeared was dropped.
 */

/** Clips a, b, c (newest first); a and c tagged #work; the search matches titles. */
function fakeApi(): { api: LibraryApi; calls: string[]; clips: StoredSummary[]; changedElsewhere: () => void } {
  const clips: StoredSummary[] = ['a', 'b', 'c'].map((id, i) => summaryOf(sampleClip({ id, title: `Clip ${id}`, html: '<p>words</p>', savedAt: 1000 - i, tags: id === 'b' ? [] : ['work'] })));
  const calls: string[] = [];
  const listeners = new Set<() => void>();
  const live = (tag: string | null = null) => clips.filter((c) => c.deletedAt === null && (!tag || c.tags.includes(tag)));
  const found = (query: string, tag: string | null) => live(tag).filter((c) => c.title.toLowerCase().includes(query.trim().toLowerCase()));
  const api: LibraryApi = {
    list: ({ view, tag }) => {
      const items = view === 'trash' ? clips.filter((c) => c.deletedAt !== null) : live(tag);
      return Promise.resolve({ items, total: items.length });
    },
    search: (query, tag) => {
      const items = found(query, tag);
      return Promise.resolve({ items, total: items.length, totalExact: true, strategy: 'scan' });
    },
    tags: () => Promise.resolve([...new Set(live().flatMap((c) => c.tags))].sort()),
    counts: () => Promise.resolve({ live: live().length, trash: clips.length - live().length }),
    liveIds: (tag) => Promise.resolve(live(tag).map((c) => c.id)),
    searchIds: (query, tag) => Promise.resolve(found(query, tag).map((c) => c.id)),
    trashIds: () => Promise.resolve(clips.filter((c) => c.deletedAt !== null).map((c) => c.id)),
    trash: (ids) => {
      calls.push(`trash ${ids.join(',')}`);
      for (const c of clips) if (ids.includes(c.id)) c.deletedAt = 5;
      return Promise.resolve(ids);
    },
    // As storage does: returns the clips it restored, not those it was given.
    restore: (ids) => {
      calls.push(`restore ${ids.join(',')}`);
      const back = clips.filter((c) => ids.includes(c.id) && c.deletedAt !== null);
      for (const c of back) c.deletedAt = null;
      return Promise.resolve(back.map((c) => c.id));
    },
    // As storage does: restores what is still in the trash (recorded as a restore) and reports the rest.
    undoTrash: async (ids) => {
      const stored = ids.flatMap((id) => clips.filter((c) => c.id === id));
      const inTrash = stored.filter((c) => c.deletedAt !== null).map((c) => c.id);
      const restored = inTrash.length ? await api.restore(inTrash) : [];
      return { restored, alreadyLive: stored.filter((c) => !inTrash.includes(c.id)).map((c) => c.id), gone: ids.filter((id) => !stored.some((c) => c.id === id)) };
    },
    deleteForever: (ids) => {
      calls.push(`delete forever ${ids.join(',')}`);
      for (const id of ids) clips.splice(clips.findIndex((c) => c.id === id), 1);
      return Promise.resolve();
    },
    emptyTrash: () => Promise.resolve(0),
    purgeExpired: () => Promise.resolve(0),
    addTag: (ids, t) => {
      calls.push(`tag ${ids.join(',')} ${t}`);
      for (const c of clips) if (ids.includes(c.id) && !c.tags.includes(t)) c.tags = [...c.tags, t];
      return Promise.resolve(t);
    },
    removeTag: (ids, t) => {
      calls.push(`untag ${ids.join(',')} ${t}`);
      for (const c of clips) if (ids.includes(c.id)) c.tags = c.tags.filter((x) => x !== t);
      return Promise.resolve();
    },
    estimate: () => Promise.resolve(null),
    exportAndSave: (format, ids) => {
      calls.push(`export ${format} ${ids.join(',')}`);
      return Promise.resolve('x.zip');
    },
    importFile: () => Promise.reject(new Error('not in this test')),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { api, calls, clips, changedElsewhere: () => listeners.forEach((l) => l()) };
}

/** The fake library with `n` more clips after a, b and c, read a page at a time as storage does. */
function pagedApi(n: number) {
  const fake = fakeApi();
  for (let i = 0; i < n; i++) fake.clips.push(summaryOf(sampleClip({ id: `m${i}`, title: `More ${i}`, html: '<p>words</p>', savedAt: 900 - i })));
  const page = <T,>(items: T[], offset = 0, limit = PAGE_SIZE) => items.slice(offset, offset + limit);
  const { list, search } = fake.api;
  fake.api.list = async (q) => {
    const all = await list(q);
    return { ...all, items: page(all.items, q.offset, q.limit) };
  };
  fake.api.search = async (query, tag, offset, limit) => {
    const all = await search(query, tag);
    return { ...all, items: page(all.items, offset, limit) };
  };
  return fake;
}
const rowIds = () => Array.from(host.querySelectorAll<HTMLElement>('li.row'), (r) => r.dataset.id);
const rowOf = (id: string) => host.querySelector<HTMLElement>(`li.row[data-id="${id}"]`);

/** Lets Preact render (a microtask) and the fake storage answer, without letting effects run (they wait for a frame). */
async function renderOnly(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
});

/** Renders the library on `api` into a fresh host (removed after each test). */
function mount(api: LibraryApi): void {
  host = document.createElement('div');
  document.body.append(host);
  render(<LibraryApp api={api} />, host);
}

describe('LibraryApp keyboard', () => {
  it('Ctrl+Z pressed as soon as the trash toast shows undoes the delete', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    (host.querySelector('[aria-label="Delete “Clip b”"]') as HTMLButtonElement).click();
    // No frame passes between the toast appearing and the key.
    for (let i = 0; i < 50 && !host.querySelector('[data-testid="toast"]'); i++) await Promise.resolve();
    expect(host.querySelector('[data-testid="toast"]')?.textContent).toContain('Moved 1 clip to the trash');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    await renderOnly();
    expect(calls).toEqual(['trash b', 'restore b']);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
  });

  // The Undo toast closed 10 s after it appeared even while Undo had the keyboard focus or the
  // pointer was over it: a keyboard user who had tabbed to Undo lost it (and the focus) under them.
  it('the Undo toast stays while Undo has the focus or the pointer is over it, then closes 10 s after both leave', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const toast = () => host.querySelector('[data-testid="toast"]');
      (host.querySelector('[aria-label="Delete “Clip b”"]') as HTMLButtonElement).click();
      for (let i = 0; i < 50 && !toast(); i++) await Promise.resolve();
      const undo = host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!;
      undo.focus();
      vi.advanceTimersByTime(60_000);
      await renderOnly();
      expect(toast()?.textContent).toBe('Moved 1 clip to the trash.Undo');
      expect(document.activeElement).toBe(undo);

      toast()!.dispatchEvent(new MouseEvent('mouseenter'));
      undo.blur();
      vi.advanceTimersByTime(60_000);
      await renderOnly();
      expect(toast()).not.toBeNull();

      toast()!.dispatchEvent(new MouseEvent('mouseleave'));
      vi.advanceTimersByTime(9_000);
      await renderOnly();
      expect(toast()).not.toBeNull();
      vi.advanceTimersByTime(1_500);
      await renderOnly();
      expect(toast()).toBeNull();
      expect(calls).toEqual(['trash b']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('LibraryApp focus after a delete', () => {
  it('the row that takes the deleted row’s place has the focus as soon as the list shows without it', async () => {
    const { api } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    const rowOf = (id: string) => host.querySelector<HTMLElement>(`li.row[data-id="${id}"]`);
    rowOf('b')!.focus();
    expect(document.activeElement).toBe(rowOf('b'));
    (host.querySelector('[aria-label="Delete “Clip b”"]') as HTMLButtonElement).click();
    // No frame passes: a key pressed now (j, Delete again) must reach the row in b's place.
    for (let i = 0; i < 50 && rowOf('b'); i++) await Promise.resolve();
    expect(rowOf('b')).toBeNull();
    expect(document.activeElement).toBe(rowOf('c'));
  });
});

describe('LibraryApp rows: where a clip came from', () => {
  // A clip of a page opened from disk has no site name, and its row named no source.
  it('a page opened from disk shows its file name, with its path on hover; a site name wins', async () => {
    const { api } = fakeApi();
    const fromDisk = summaryOf(sampleClip({ id: 'f', title: 'Notes', html: '<p>words</p>', savedAt: 2000, url: 'file:///home/me/Saved%20pages/Notes.html', site: null }));
    const list = api.list;
    api.list = async (q) => {
      const page = await list(q);
      return q.view === 'trash' ? page : { items: [fromDisk, ...page.items], total: page.total + 1 };
    };
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(4);
    const site = host.querySelector('[data-id="f"] .site');
    expect(site?.textContent).toBe('Notes.html');
    expect(site?.getAttribute('title')).toBe('/home/me/Saved pages/Notes.html');
    expect(host.querySelector('[data-id="a"] .site')?.textContent).toBe('example.com');
  });
});

describe('LibraryApp: changes made elsewhere', () => {
  // A clip saved from the popup while the library was open showed only after a reload.
  it('a clip saved in another context shows in the list and the counts without a reload', async () => {
    const { api, clips, changedElsewhere } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    await expect.poll(() => host.querySelector('[data-testid="count-live"]')?.textContent).toBe('3');
    clips.unshift(summaryOf(sampleClip({ id: 'new', title: 'Saved from the popup', html: '<p>words</p>', savedAt: 3000 })));
    changedElsewhere();
    await expect.poll(() => host.querySelector('li.row')?.getAttribute('data-id')).toBe('new');
    await expect.poll(() => host.querySelector('[data-testid="count-live"]')?.textContent).toBe('4');
  });


  // Two library tabs: a delete in one stayed in the other until a reload. Read again, the list
  // must not fall back to its first page (the user had pressed Show more and scrolled down), nor
  // drop the focus to the page, nor keep a clip that is gone in the selection (Delete or Export
  // would act on it).
  it('a delete in another tab: the rows loaded stay loaded, the focus goes to the row in the gone row\'s place, the selection loses the gone clip', async () => {
    const { api, clips, changedElsewhere } = pagedApi(77);
    mount(api);
    await expect.poll(() => rowIds().length).toBe(PAGE_SIZE);
    host.querySelector<HTMLButtonElement>('[data-testid="more"]')!.click();
    await expect.poll(() => rowIds().length).toBe(80);
    for (const id of ['m60', 'm61']) rowOf(id)!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('2 selected');
    rowOf('m66')!.focus();

    for (const c of clips) if (c.id === 'm66' || c.id === 'm61') c.deletedAt = 5;
    changedElsewhere();
    await expect.poll(() => rowIds().length).toBe(78);
    expect(rowIds()).not.toContain('m66');
    expect(document.activeElement).toBe(rowOf('m67'));
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('1 selected');
    expect(rowOf('m60')!.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).toBe(true);
    await expect.poll(() => host.querySelector('[data-testid="count-trash"]')?.textContent).toBe('2');
  });

  it('a tag added in another tab shows on its row; the search, an open tag box with its draft and the focus in it stay', async () => {
    const { api, clips, changedElsewhere } = pagedApi(0);
    mount(api);
    await expect.poll(() => rowIds().length).toBe(3);
    const search = host.querySelector<HTMLInputElement>('[data-testid="search"]')!;
    search.value = 'clip';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => host.querySelector('.list-head h1')?.textContent).toMatch(/^Search results/);
    rowOf('b')!.querySelector<HTMLButtonElement>('.add-tag')!.click();
    await expect.poll(() => document.activeElement?.getAttribute('aria-label')).toBe('New tag');
    const box = document.activeElement as HTMLInputElement;
    box.value = 'dra';
    box.dispatchEvent(new Event('input', { bubbles: true }));

    clips.find((c) => c.id === 'b')!.tags = ['later'];
    changedElsewhere();
    await expect.poll(() => Array.from(rowOf('b')!.querySelectorAll('.chip-name'), (c) => c.textContent)).toEqual(['#later']);
    expect(document.activeElement).toBe(box);
    expect(box.isConnected && box.value).toBe('dra');
    expect(search.value).toBe('clip');
    expect(rowIds()).toEqual(['a', 'b', 'c']);
  });
});

describe('LibraryApp: the user\'s own actions keep the rows loaded', () => {
  const buttonNamed = (name: string) => [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;
  const check = (id: string) => rowOf(id)!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
  const chips = (id: string) => Array.from(rowOf(id)?.querySelectorAll('.chip-name') ?? [], (c) => c.textContent);
  async function showMore(rows: number): Promise<void> {
    host.querySelector<HTMLButtonElement>('[data-testid="more"]')!.click();
    await expect.poll(() => rowIds().length).toBe(rows);
  }

  // A change from another tab read the rows loaded again, but the user's own delete, Undo,
  // tag or import read the first page only: after Show more, deleting the 67th clip left 50
  // rows, and the focus, which was to go to the 68th, went to the page.
  it('after Show more: a delete, its Undo, a bulk delete, a tag, a tag removed and an import keep the loaded rows; the focus goes to the row in the deleted row\'s place', async () => {
    const { api, clips } = pagedApi(77);
    api.importFile = () => {
      clips.push(summaryOf(sampleClip({ id: 'imported', title: 'Imported', html: '<p>words</p>', savedAt: 1 })));
      return Promise.resolve({ added: 1, skipped: 0, images: 0, unsavedImages: 0 });
    };
    mount(api);
    await expect.poll(() => rowIds().length).toBe(PAGE_SIZE);
    await showMore(80);

    rowOf('m66')!.focus();
    rowOf('m66')!.querySelector<HTMLButtonElement>('[aria-label="Delete “More 66”"]')!.click();
    await expect.poll(() => rowOf('m66')).toBeNull();
    expect(rowIds().length).toBe(79);
    expect(document.activeElement).toBe(rowOf('m67'));

    host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!.click();
    await expect.poll(() => rowIds().length).toBe(80);
    await expect.poll(() => document.activeElement).toBe(rowOf('m66'));

    check('m60');
    check('m61');
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('2 selected');
    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    await expect.poll(() => rowIds().length).toBe(78);
    expect(rowIds()).not.toContain('m60');

    rowOf('m70')!.querySelector<HTMLButtonElement>('.add-tag')!.click();
    await expect.poll(() => document.activeElement?.getAttribute('aria-label')).toBe('New tag');
    const box = document.activeElement as HTMLInputElement;
    box.value = 'later';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await renderOnly();
    box.form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await expect.poll(() => chips('m70')).toEqual(['#later']);
    expect(rowIds().length).toBe(78);

    rowOf('m70')!.querySelector<HTMLButtonElement>('[aria-label="Remove tag later"]')!.click();
    await expect.poll(() => chips('m70')).toEqual([]);
    expect(rowIds().length).toBe(78);

    const input = host.querySelector<HTMLInputElement>('[data-testid="import-input"]')!;
    Object.defineProperty(input, 'files', { value: [new File(['{}'], 'one.json')], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('one.json');
    await expect.poll(() => host.querySelector('[data-testid="count-live"]')?.textContent).toBe('79');
    expect(rowIds().length).toBe(78);
    expect(rowIds()).toContain('m66');
  });

  it('in the Trash view after Show more: a restore and a delete forever keep the loaded rows', async () => {
    const { api } = pagedApi(77);
    await api.trash(Array.from({ length: 60 }, (_, i) => `m${i}`));
    window.confirm = () => true;
    mount(api);
    await expect.poll(() => host.querySelector('[data-testid="count-trash"]')?.textContent).toBe('60');
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => rowIds().length).toBe(PAGE_SIZE);
    await showMore(60);

    rowOf('m55')!.focus();
    rowOf('m55')!.querySelector<HTMLButtonElement>('.row-actions button')!.click();
    await expect.poll(() => rowOf('m55')).toBeNull();
    expect(rowIds().length).toBe(59);
    expect(document.activeElement).toBe(rowOf('m56'));

    check('m57');
    check('m58');
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('2 selected');
    buttonNamed('Delete forever').click();
    await expect.poll(() => rowIds().length).toBe(57);
    expect(rowIds()).not.toContain('m57');
  });
});

describe('LibraryApp: an import that ends after the user moved to another view', () => {
  // The import refreshed the list it started in: opened the Trash meanwhile, the user saw the
  // live clips under the Trash heading, with Delete buttons.
  it('refreshes the list on screen', async () => {
    const { api, clips } = fakeApi();
    await api.trash(['c']);
    let finish: () => void = () => undefined;
    api.importFile = () => new Promise((ok) => {
      finish = () => {
        clips.push(summaryOf(sampleClip({ id: 'imported', title: 'Imported', html: '<p>words</p>', savedAt: 1 })));
        ok({ added: 1, skipped: 0, images: 0, unsavedImages: 0 });
      };
    });
    mount(api);
    await expect.poll(() => rowIds()).toEqual(['a', 'b']);
    const input = host.querySelector<HTMLInputElement>('[data-testid="import-input"]')!;
    Object.defineProperty(input, 'files', { value: [new File(['{}'], 'one.json')], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => rowIds()).toEqual(['c']);
    finish();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('one.json');
    await expect.poll(() => host.querySelector('[data-testid="count-live"]')?.textContent).toBe('3');
    await renderOnly();
    expect(rowIds()).toEqual(['c']);
    expect(host.querySelector('.list-head h1')?.textContent).toMatch(/^Trash/);
  });
});

describe('LibraryApp: dismissing a notice', () => {
  // The notice's × goes away with it: the focus fell to the page's body, and a keyboard user
  // who had imported a backup started again from the top of the page.
  /** Focuses the notice's × and presses it, as a keyboard user does; waits for the notice to go. */
  const dismissNoticeFromItsButton = async (): Promise<void> => {
    const dismiss = host.querySelector<HTMLButtonElement>('[data-testid="notice"] button[aria-label="Dismiss"]')!;
    dismiss.focus();
    dismiss.click();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')).toBeNull();
  };

  it('puts the focus back on Import after the import notice is dismissed', async () => {
    const { api } = fakeApi();
    api.importFile = () => Promise.resolve({ added: 0, skipped: 3, images: 0, unsavedImages: 0 });
    mount(api);
    await expect.poll(() => rowIds()).toEqual(['a', 'b', 'c']);
    const input = host.querySelector<HTMLInputElement>('[data-testid="import-input"]')!;
    Object.defineProperty(input, 'files', { value: [new File(['{}'], 'one.json')], configurable: true });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('one.json');
    await dismissNoticeFromItsButton();
    expect(document.activeElement).toBe(input);
  });

  it('puts the focus back on Export after the export notice is dismissed', async () => {
    const { api } = fakeApi();
    mount(api);
    await expect.poll(() => rowIds()).toEqual(['a', 'b', 'c']);
    const exportButton = host.querySelector<HTMLButtonElement>('[data-testid="export-button"]')!;
    exportButton.click();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('Exported x.zip.');
    await dismissNoticeFromItsButton();
    expect(document.activeElement).toBe(exportButton);
  });

  it('puts the focus on the list heading after a notice no control started is dismissed', async () => {
    const { api } = fakeApi();
    api.list = () => Promise.reject(new Error('blocked'));
    mount(api);
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('could not be opened');
    await dismissNoticeFromItsButton();
    expect(document.activeElement).toBe(host.querySelector('.list-head h1'));
  });
});

describe('LibraryApp: an Undo whose clips another tab restored or deleted forever', () => {
  const toast = () => host.querySelector('[data-testid="toast"]')?.textContent;

  // Tab A deletes, tab B restores the clip (or deletes it forever); A's Undo closed its toast
  // and said nothing, as if it had undone something.
  it('says there is nothing to undo, and restores nothing twice', async () => {
    const { api, calls, clips, changedElsewhere } = fakeApi();
    mount(api);
    await expect.poll(() => rowIds().length).toBe(3);
    host.querySelector<HTMLButtonElement>('[aria-label="Delete “Clip b”"]')!.click();
    await expect.poll(toast).toBe('Moved 1 clip to the trash.Undo');
    clips.find((c) => c.id === 'b')!.deletedAt = null;
    changedElsewhere();
    await expect.poll(() => rowIds()).toEqual(['a', 'b', 'c']);
    host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!.click();
    await expect.poll(toast).toBe('Nothing to undo: the clip was restored in another tab.');
    expect(calls.filter((c) => c.startsWith('restore'))).toEqual([]);
    expect(rowIds()).toEqual(['a', 'b', 'c']);
    expect(host.querySelector('[data-testid="undo"]')).toBeNull();
  });

  it('of three clips, restores the one still in the trash and says what became of the two others', async () => {
    const { api, calls, clips, changedElsewhere } = fakeApi();
    mount(api);
    await expect.poll(() => rowIds().length).toBe(3);
    for (const id of ['a', 'b', 'c']) rowOf(id)!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('3 selected');
    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    await expect.poll(toast).toBe('Moved 3 clips to the trash.Undo');
    clips.find((c) => c.id === 'a')!.deletedAt = null;
    clips.splice(clips.findIndex((c) => c.id === 'c'), 1);
    changedElsewhere();
    await expect.poll(() => rowIds()).toEqual(['a']);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
    await expect.poll(toast).toBe('Restored 1 of 3 clips: 1 was restored and 1 was deleted forever in another tab.');
    expect(calls.filter((c) => c.startsWith('restore'))).toEqual(['restore b']);
    expect(rowIds()).toEqual(['a', 'b']);
  });
});

describe('LibraryApp: a Restore whose clips another tab restored or deleted forever first', () => {
  const toast = () => host.querySelector('[data-testid="toast"]')?.textContent;
  const openTrash = async () => {
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => host.querySelector('.list-head h1')?.textContent).toMatch(/^Trash/);
  };

  // The trash view selected a, b and c; before its list heard of it, another tab restored a
  // and deleted c forever. Restore said "Restored 3 clips." when storage had restored one.
  it('says how many it restored and how many were no longer in the trash', async () => {
    const { api, clips } = fakeApi();
    await api.trash(['a', 'b', 'c']);
    mount(api);
    await openTrash();
    await expect.poll(() => rowIds().length).toBe(3);
    for (const id of ['a', 'b', 'c']) rowOf(id)!.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await expect.poll(() => host.querySelector('.selection-bar strong')?.textContent).toBe('3 selected');
    clips.find((c) => c.id === 'a')!.deletedAt = null;
    clips.splice(clips.findIndex((c) => c.id === 'c'), 1);
    [...host.querySelectorAll<HTMLButtonElement>('.selection-bar button')].find((b) => b.textContent === 'Restore')!.click();
    await expect.poll(toast).toBe('Restored 1 clip. 2 were no longer in the trash.');
    expect(rowIds()).toEqual([]);
  });

  it('a row\'s Restore of a clip no longer in the trash says there was nothing to restore', async () => {
    const { api, clips } = fakeApi();
    await api.trash(['a', 'b']);
    mount(api);
    await openTrash();
    await expect.poll(() => rowIds()).toEqual(['a', 'b']);
    clips.splice(clips.findIndex((c) => c.id === 'a'), 1);
    rowOf('a')!.querySelector<HTMLButtonElement>('.row-actions button')!.focus();
    rowOf('a')!.querySelector<HTMLButtonElement>('.row-actions button')!.click();
    await expect.poll(toast).toBe('Nothing to restore: the clip was no longer in the trash.');
    expect(rowIds()).toEqual(['b']);
    // The focus goes to the row in its place, as after a restore that worked.
    expect(document.activeElement).toBe(rowOf('b'));
    rowOf('b')!.querySelector<HTMLButtonElement>('.row-actions button')!.click();
    await expect.poll(toast).toBe('Restored 1 clip.');
  });
});

describe('LibraryApp: a tag filter whose last clip leaves it', () => {
  const heading = () => host.querySelector('.list-head h1');
  const pressed = () => Array.from(host.querySelectorAll('.tag-list button[aria-pressed="true"]'), (b) => b.textContent);

  // Filtered by #work, the user removes the tag from its last clip (or another tab deletes
  // it): the list showed "No clips here.", the tag left the sidebar, so nothing there said
  // what was shown, and the focus fell to the page.
  it('names the tag, keeps it pressed in the sidebar, puts the focus on the heading (then Clear tag filter); an Undo brings the clip back into it', async () => {
    const { api, clips, changedElsewhere } = fakeApi();
    clips.find((c) => c.id === 'c')!.tags = ['other'];
    mount(api);
    await expect.poll(() => host.querySelector('.tag-list button')).not.toBeNull();
    [...host.querySelectorAll<HTMLButtonElement>('.tag-list button')].find((b) => b.textContent === '#work')!.click();
    await expect.poll(() => rowIds()).toEqual(['a']);
    const remove = rowOf('a')!.querySelector<HTMLButtonElement>('[aria-label="Remove tag work"]')!;
    remove.focus();
    remove.click();
    await expect.poll(() => rowIds()).toEqual([]);
    expect(host.querySelector('.empty')?.textContent).toBe('No clip in the library is tagged #work.');
    await expect.poll(() => document.activeElement).toBe(heading());
    expect(heading()?.textContent).toBe('#work0');
    await expect.poll(() => host.querySelector('[data-testid="count-live"]')?.textContent).toBe('3');
    await expect.poll(pressed).toEqual(['#work']);
    expect(heading()?.nextElementSibling?.textContent).toBe('Clear tag filter');

    // Tagged again elsewhere, it is back in the list.
    clips.find((c) => c.id === 'a')!.tags = ['work'];
    changedElsewhere();
    await expect.poll(() => rowIds()).toEqual(['a']);

    // Deleted in another tab: the same.
    clips.find((c) => c.id === 'a')!.deletedAt = 5;
    changedElsewhere();
    await expect.poll(() => rowIds()).toEqual([]);
    expect(host.querySelector('.empty')?.textContent).toBe('No clip in the library is tagged #work.');
    expect(pressed()).toEqual(['#work']);

    // The pressed tag clears the filter, and the tag leaves the sidebar.
    [...host.querySelectorAll<HTMLButtonElement>('.tag-list button')].find((b) => b.textContent === '#work')!.click();
    await expect.poll(() => rowIds()).toEqual(['b', 'c']);
    await expect.poll(() => Array.from(host.querySelectorAll('.tag-list button'), (b) => b.textContent)).toEqual(['#other']);
  });
});

describe('LibraryApp export: what the list shows', () => {
  const button = () => host.querySelector<HTMLButtonElement>('[data-testid="export-button"]')!;
  const exported = (calls: string[]) => calls.filter((c) => c.startsWith('export '));

  // "Export all" under a #work filter exported every clip in the library.
  it('with a tag filter, offers "Export 2 shown" and exports only the tagged clips; cleared, "Export all" exports all', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    expect(button().textContent).toBe('Export all');
    await expect.poll(() => host.querySelector('.tag-list button')).not.toBeNull();
    (host.querySelector('.tag-list button') as HTMLButtonElement).click();
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(2);
    await expect.poll(() => button().textContent).toBe('Export 2 shown');
    expect(button().title).toContain('Clear the filter to export all clips');
    expect(host.querySelector('[data-testid="export-format"] optgroup')?.getAttribute('label')).toBe('2 shown');
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip a,c']);

    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Clear tag filter')!.click();
    await expect.poll(() => button().textContent).toBe('Export all');
    // The pressed button is gone with the filter; the keyboard focus lands on the list's heading.
    expect(document.activeElement?.textContent).toMatch(/^All clips/);
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip a,c', 'export markdown-zip a,b,c']);
  });

  it('with a search, offers "Export 1 shown" and exports every match; a selection still wins', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    const search = host.querySelector<HTMLInputElement>('[data-testid="search"]')!;
    search.value = 'clip b';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => button().textContent).toBe('Export 1 shown');
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip b']);

    search.value = 'clip';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => button().textContent).toBe('Export 3 shown');
    (host.querySelector('[data-id="c"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(() => button().textContent).toBe('Export 1');
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip b', 'export markdown-zip c']);
  });

  // In the Trash view, "Export all" exported the live library, not the clips on screen.
  it('in the Trash view, offers "Export 2 in trash" and exports the trash; back in All clips, "Export all"', async () => {
    const { api, calls } = fakeApi();
    await api.trash(['b', 'c']);
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(1);
    expect(button().textContent).toBe('Export all');
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(2);
    await expect.poll(() => button().textContent).toBe('Export 2 in trash');
    expect(button().title).toContain('Exports the clips in the trash');
    expect(host.querySelector('[data-testid="export-format"] optgroup')?.getAttribute('label')).toBe('2 in trash');
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip b,c']);

    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('All clips'))!.click();
    await expect.poll(() => button().textContent).toBe('Export all');
    button().click();
    await expect.poll(() => exported(calls)).toEqual(['export markdown-zip b,c', 'export markdown-zip a']);
  });

  it('an empty trash says so on Export', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => button().textContent).toBe('Export 0 in trash');
    button().click();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('the trash is empty');
    expect(exported(calls)).toEqual([]);
  });

  // "🍜" or "(((" in the search box listed every clip as a match (storage took a query without
  // words for a blank one); now it finds nothing, and the list says why.
  it('a search of symbols or emoji only says it has no word to search for', async () => {
    const { api } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    const search = host.querySelector<HTMLInputElement>('[data-testid="search"]')!;
    search.value = '🍜';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => host.querySelector('.empty')?.textContent).toBe('“🍜” has no word to search for. Search looks for words in titles and text, not symbols or emoji.');
  });

  it('a filter that matches nothing says so instead of calling the library empty', async () => {
    const { api, calls } = fakeApi();
    mount(api);
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    const search = host.querySelector<HTMLInputElement>('[data-testid="search"]')!;
    search.value = 'nothing like it';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await expect.poll(() => button().textContent).toBe('Export 0 shown');
    button().click();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toContain('no clip matches this filter');
    expect(exported(calls)).toEqual([]);
  });
});

describe('LibraryApp select all: every clip the list holds, not only the rows loaded', () => {
  /** Lists and searches a page of one row at a time, as the real list loads 50 at a time. */
  function paged(api: LibraryApi): LibraryApi {
    const { list, search } = api;
    return {
      ...api,
      list: async (q) => {
        const r = await list(q);
        return { ...r, items: r.items.slice(q.offset ?? 0, (q.offset ?? 0) + 1) };
      },
      search: async (query, tag, offset = 0) => {
        const r = await search(query, tag, offset);
        return { ...r, items: r.items.slice(offset, offset + 1) };
      },
    };
  }
  const rowCount = () => host.querySelectorAll('[data-testid="clip-row"]').length;
  const count = () => host.querySelector('.selection-bar strong')?.textContent;
  const buttonNamed = (name: string) => [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;

  // A search showing its first page: Select all selected that page, and Delete left the rest.
  it('during a search, selects every match ("All 3 matches selected"); Export, Delete and Undo act on all of them', async () => {
    const { api, calls } = fakeApi();
    mount(paged(api));
    await expect.poll(rowCount).toBe(1);
    const search = host.querySelector<HTMLInputElement>('[data-testid="search"]')!;
    search.value = 'clip';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    // The search's own first page (the button follows the list shown, not the query typed).
    await expect.poll(() => host.querySelector('[data-testid="export-button"]')?.textContent).toBe('Export 3 shown');
    expect(host.querySelector('[data-testid="more"]')?.textContent).toBe('Show more (2 more matches)');
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('1 selected');
    buttonNamed('Select all').click();
    await expect.poll(count).toBe('All 3 matches selected');
    expect(rowCount()).toBe(1);

    host.querySelector<HTMLButtonElement>('[data-testid="export-button"]')!.click();
    await expect.poll(() => calls.filter((c) => c.startsWith('export '))).toEqual(['export markdown-zip a,b,c']);

    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    await expect.poll(() => host.querySelector('[data-testid="toast"]')?.textContent).toContain('Moved 3 clips to the trash');
    expect(calls).toContain('trash a,b,c');
    host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!.click();
    await expect.poll(() => calls).toContain('restore a,b,c');
  });

  it('a row unchecked after Select all leaves a count, not "All"', async () => {
    const { api } = fakeApi();
    mount(paged(api));
    await expect.poll(rowCount).toBe(1);
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('1 selected');
    buttonNamed('Select all').click();
    await expect.poll(count).toBe('All 3 clips selected');
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('2 selected');
  });

  it('in the Trash view, selects every clip in the trash; Restore restores them all', async () => {
    const { api, calls } = fakeApi();
    await api.trash(['a', 'b', 'c']);
    mount(paged(api));
    await expect.poll(() => host.querySelector('[data-testid="count-trash"]')?.textContent).toBe('3');
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(rowCount).toBe(1);
    (host.querySelector('li.row input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('1 selected');
    buttonNamed('Select all').click();
    await expect.poll(count).toBe('All 3 clips in the trash selected');
    buttonNamed('Restore').click();
    await expect.poll(() => calls).toContain('restore a,b,c');
  });

  it('an answer that comes after the user moved to another list selects nothing', async () => {
    const { api } = fakeApi();
    let answer: (ids: string[]) => void = () => undefined;
    api.liveIds = () => new Promise((ok) => { answer = ok; });
    mount(paged(api));
    await expect.poll(rowCount).toBe(1);
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('1 selected');
    buttonNamed('Select all').click();
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => host.querySelector('.list-head h1')?.textContent).toContain('Trash');
    answer(['a', 'b', 'c']);
    await renderOnly();
    expect(count()).toBeUndefined();
  });
});

describe('LibraryApp bulk actions: progress, Stop, a failure partway', () => {
  const count = () => host.querySelector('.selection-bar strong')?.textContent;
  const progress = () => host.querySelector('[data-testid="progress"]')?.textContent;
  const buttonNamed = (name: string) => [...host.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === name)!;

  /**
   * A move to the trash that goes one clip a chunk and waits for `next()` before each chunk
   * after the first, reporting progress and honouring its signal as storage does; `failAt`
   * makes the chunk of that index fail as a full disk does.
   */
  function chunkedTrash(api: LibraryApi, failAt = -1): { next: () => void; calls: string[] } {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    const trash = api.trash;
    api.trash = async (ids, opts = {}) => {
      calls.push(`trash ${ids.join(',')}`);
      const done: string[] = [];
      for (let i = 0; i < ids.length; i++) {
        if (i > 0) await new Promise<void>((ok) => { release = ok; });
        if (opts.signal?.aborted) throw new BulkStopped(done, i, ids.slice(i), opts.signal.reason);
        if (i === failAt) throw new BulkStopped(done, i, ids.slice(i), new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
        done.push(...(await trash([ids[i]!])));
        opts.onProgress?.(i + 1, ids.length);
      }
      return done;
    };
    return { next: () => release(), calls };
  }

  async function selectAllThree(): Promise<void> {
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('1 selected');
    buttonNamed('Select all').click();
    await expect.poll(count).toBe('All 3 clips selected');
  }

  it('Delete shows "Moving to the trash… 1 / 3" while it runs; Stop ends it: Undo covers what moved, the rest stay selected', async () => {
    const { api, calls } = fakeApi();
    const gate = chunkedTrash(api);
    mount(api);
    await selectAllThree();
    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    await expect.poll(progress).toBe('Moving to the trash… 1 / 3Stop');
    // Busy: a second press of Delete starts nothing over the running one.
    expect(host.querySelector('[data-testid="delete-selected"]')?.getAttribute('aria-disabled')).toBe('true');
    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    host.querySelector<HTMLButtonElement>('[data-testid="progress-cancel"]')!.click();
    gate.next();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toBe(
      'Stopped: moved 1 of 3 clips to the trash. The other 2 were not moved and are still selected.×');
    expect(gate.calls).toEqual(['trash a,b,c']);
    expect(progress()).toBeUndefined();
    expect(count()).toBe('2 selected');
    expect(host.querySelector('[data-testid="toast"]')?.textContent).toBe('Moved 1 clip to the trash.Undo');
    host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!.click();
    await expect.poll(() => calls).toContain('restore a');
    expect(calls.filter((c) => c.startsWith('restore'))).toEqual(['restore a']);
  });

  // Stopped after two of three clips, one of which had the tag already, it said "Stopped:
  // tagged 2 of 3 clips #work": it counted the clips it went through, not those it changed.
  it('a stopped Tag says how many clips it tagged and how many already had the tag', async () => {
    const { api, clips } = fakeApi();
    let release: () => void = () => undefined;
    api.addTag = async (ids, t, opts = {}) => {
      const done: string[] = [];
      for (let i = 0; i < ids.length; i++) {
        if (i > 0) await new Promise<void>((ok) => { release = ok; });
        if (opts.signal?.aborted) throw new BulkStopped(done, i, ids.slice(i), opts.signal.reason);
        const c = clips.find((x) => x.id === ids[i])!;
        if (!c.tags.includes(t)) { c.tags = [...c.tags, t]; done.push(c.id); }
        opts.onProgress?.(i + 1, ids.length);
      }
      return t;
    };
    mount(api);
    await selectAllThree();
    const box = host.querySelector<HTMLInputElement>('[aria-label="Tag selected clips"]')!;
    box.value = 'work';
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await renderOnly();
    box.form!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await expect.poll(progress).toBe('Tagging #work… 1 / 3Stop');
    release();
    await expect.poll(() => clips.find((c) => c.id === 'b')?.tags).toEqual(['work']);
    host.querySelector<HTMLButtonElement>('[data-testid="progress-cancel"]')!.click();
    release();
    await expect.poll(() => host.querySelector('[data-testid="notice"]')?.textContent).toBe(
      'Stopped: tagged 1 of 3 clips #work. 1 already had #work. The other one was not tagged and is still selected.×');
    expect(count()).toBe('1 selected');
  });

  it('a full disk partway says how many moved and that the rest were not, with Undo for those that moved', async () => {
    const { api, calls } = fakeApi();
    const gate = chunkedTrash(api, 2);
    mount(api);
    await selectAllThree();
    host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!.click();
    await expect.poll(progress).toContain('1 / 3');
    gate.next();
    for (let i = 0; i < 20 && !host.querySelector('[data-testid="notice"]'); i++) { gate.next(); await renderOnly(); }
    const notice = host.querySelector('[data-testid="notice"]')!;
    await expect.poll(() => notice.textContent).toContain('Moved 2 of 3 clips to the trash, then it failed (QuotaExceededError: The quota has been exceeded.). The other one was not moved and is still selected.');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('free some space');
    expect(count()).toBe('1 selected');
    expect(host.querySelector('[data-testid="toast"]')?.textContent).toBe('Moved 2 clips to the trash.Undo');
    host.querySelector<HTMLButtonElement>('[data-testid="undo"]')!.click();
    await expect.poll(() => calls).toContain('restore a,b');
  });

  it('after a bulk Delete from the selection bar (which goes away with the selection), the focus is on the first row', async () => {
    const { api } = fakeApi();
    mount(api);
    await selectAllThree();
    (host.querySelector('[data-id="a"] input[type=checkbox]') as HTMLInputElement).click();
    await expect.poll(count).toBe('2 selected');
    const del = host.querySelector<HTMLButtonElement>('[data-testid="delete-selected"]')!;
    del.focus();
    del.click();
    await expect.poll(() => host.querySelector('[data-testid="toast"]')?.textContent).toContain('Moved 2 clips to the trash');
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(1);
    expect(document.activeElement).toBe(host.querySelector('li.row[data-id="a"]'));
  });

  it('Empty trash shows its progress; the emptied trash (no row, no search box) leaves the focus on its heading, not the body', async () => {
    const { api, calls } = fakeApi();
    await api.trash(['a', 'b', 'c']);
    const seen: string[] = [];
    api.emptyTrash = async (opts = {}) => {
      calls.push('empty');
      opts.onProgress?.(3, 3);
      await new Promise((ok) => setTimeout(ok, 0));
      seen.push(progress() ?? '');
      await api.deleteForever(['a', 'b', 'c']);
      return 3;
    };
    const removed = new Set<string>();
    const list = api.list;
    api.list = async (q) => {
      const r = await list(q);
      return { items: r.items.filter((c) => !removed.has(c.id)), total: r.total - [...removed].length };
    };
    api.deleteForever = async (ids) => { for (const id of ids) removed.add(id); };
    // The counts answer after the list, as in Chromium: the Empty trash button goes only then.
    api.counts = () => new Promise((ok) => setTimeout(() => ok({ live: 0, trash: 3 - removed.size }), 20));
    window.confirm = () => true;
    mount(api);
    await expect.poll(() => host.querySelector('[data-testid="count-trash"]')?.textContent).toBe('3');
    [...host.querySelectorAll<HTMLButtonElement>('.views button')].find((b) => b.textContent?.startsWith('Trash'))!.click();
    await expect.poll(() => host.querySelectorAll('[data-testid="clip-row"]').length).toBe(3);
    const empty = buttonNamed('Empty trash');
    empty.focus();
    empty.click();
    await expect.poll(() => host.querySelector('[data-testid="toast"]')?.textContent).toBe('Deleted 3 clips forever.');
    expect(calls).toContain('empty');
    expect(seen).toEqual(['Emptying the trash… 3 / 3Stop']);
    await expect.poll(() => document.activeElement).toBe(host.querySelector('.list-head h1'));
  });
});
