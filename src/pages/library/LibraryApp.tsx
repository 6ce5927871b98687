import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BulkOptions, ClipSummary, LibraryView, ListResult, UndoOutcome } from '../../storage/library';
import { BulkStopped, normalizeTag, PAGE_SIZE, queryTerms } from '../../storage/library';
import { FORMAT_LABELS, isCancel, type ExportFormat } from '../../export/formats';
import { importSummary } from '../../backup/summary';
import type { LibraryApi } from './api';
import { ClipRow, readerHref } from './components/ClipRow';
import { StorageMeter } from './components/StorageMeter';
import { SiftMark } from '../../ui/SiftMark';
import { useWindowKeydown } from '../../ui/useWindowKeydown';
import { Progress, type ProgressState } from './components/Progress';

interface Toast {
  message: string;
  undo?: () => Promise<void>;
}
interface Notice {
  kind: 'error' | 'info';
  text: string;
  /** The control that started what the notice tells (Import, Export): Dismiss puts the focus back on it. */
  from?: HTMLElement | null;
}

const SEARCH_DEBOUNCE_MS = 120;
/** Progress repaints at most this often: a 10,000-clip import reports 20,000 steps. */
const PROGRESS_EVERY_MS = 100;

function throttledProgress(set: (p: ProgressState) => void): (done: number, total: number, label: string) => void {
  let last = 0;
  return (done, total, label) => {
    const now = performance.now();
    if (done < total && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    set({ label, done, total });
  };
}
const UNDO_MS = 10_000;

const clipsN = (n: number) => (n === 1 ? '1 clip' : `${n.toLocaleString()} clips`);

/**
 * What a bulk action that stopped early did and what it left: "Moved 1,150 of 3,000 clips to
 * the trash, then it failed (QuotaExceededError: …). 50 were already in the trash or deleted.
 * The other 1,800 were not moved and are still selected." `did` holds {n} for the clips it
 * changed; `same` says what the clips it went through unchanged already were, and `left` what
 * became of the rest, each for one clip and for several. It used to count the clips it
 * went through as changed: stopped after 2 of 3 clips, one of them tagged already, it said
 * "Stopped: tagged 2 of 3 clips #work".
 */
function stoppedText(e: BulkStopped, did: string, same: [one: string, many: string], left: [one: string, many: string]): string {
  const rest = e.total - e.processed;
  const unchanged = e.processed - e.done.length;
  const done = did.replace('{n}', `${e.done.length.toLocaleString()} of ${clipsN(e.total)}`);
  const already = unchanged > 0 ? ` ${unchanged.toLocaleString()} ${unchanged === 1 ? same[0] : same[1]}.` : '';
  const tail = `${already}${rest === 1 ? ` The other one ${left[0]}.` : rest > 1 ? ` The other ${rest.toLocaleString()} ${left[1]}.` : ''}`;
  if (isCancel(e.cause)) return `Stopped: ${done}.${tail}`;
  const c = e.cause as { name?: string; message?: string } | null;
  const reason = c?.message ? `${c.name ?? 'Error'}: ${c.message}` : String(e.cause);
  const full = /quota/i.test(`${c?.name} ${c?.message}`) ? ' The disk, or the browser\'s storage for Sift, is full: free some space, then try again.' : '';
  return `${done.charAt(0).toUpperCase()}${done.slice(1)}, then it failed (${reason}).${tail}${full}`;
}

/** What a stopped restore or delete forever says of the clips it found already gone (stoppedText's `same`). */
const NO_LONGER_IN_TRASH: [one: string, many: string] = ['was no longer in the trash', 'were no longer in the trash'];
const ALREADY_DELETED: [one: string, many: string] = ['was already deleted forever', 'were already deleted forever'];

/**
 * What an Undo that found some of its clips no longer in the trash says (another tab restored
 * them or deleted them forever after the delete): "Nothing to undo: the clip was deleted
 * forever in another tab." It used to close its toast and say nothing, as if it had worked.
 */
function undoOutcomeText(o: UndoOutcome): string {
  const total = o.restored.length + o.alreadyLive.length + o.gone.length;
  const head = o.restored.length === 0 ? 'Nothing to undo' : `Restored ${o.restored.length.toLocaleString()} of ${clipsN(total)}`;
  if (total === 1) return `${head}: the clip was ${o.gone.length ? 'deleted forever' : 'restored'} in another tab.`;
  const were = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'was' : 'were'}`;
  const parts = [
    o.alreadyLive.length > 0 ? `${were(o.alreadyLive.length)} restored` : '',
    o.gone.length > 0 ? `${were(o.gone.length)} deleted forever` : '',
  ].filter(Boolean);
  return `${head}: ${parts.join(' and ')} in another tab.`;
}

/**
 * What the trash view's Restore says: the clips storage restored, not the clips selected.
 * Another tab (or the reader) may have restored some of them or deleted them forever since
 * the trash was shown, and the toast said "Restored 3 clips." all the same:
 * "Restored 2 clips. 1 was no longer in the trash."
 */
function restoredText(restored: number, asked: number): string {
  const missing = asked - restored;
  if (missing === 0) return `Restored ${clipsN(restored)}.`;
  if (restored === 0) return asked === 1 ? 'Nothing to restore: the clip was no longer in the trash.' : `Nothing to restore: the ${asked.toLocaleString()} clips were no longer in the trash.`;
  return `Restored ${clipsN(restored)}. ${missing.toLocaleString()} ${missing === 1 ? 'was' : 'were'} no longer in the trash.`;
}

/**
 * The message when the library cannot be read. The usual cause after an update is a schema
 * upgrade that failed (disk full, another tab holding the old version): IndexedDB rolled it
 * back, so the clips are all still there, in the previous format.
 */
function openFailure(err: unknown): string {
  const e = err as { name?: string; message?: string; inner?: { name?: string; message?: string } } | null;
  const name = e?.inner?.name ?? e?.name ?? 'Error';
  const detail = e?.inner?.message ?? e?.message ?? String(err);
  const hint = /quota/i.test(`${name} ${detail}`) ? ' The disk or the browser\'s storage quota is full: free some space, then reload this page.'
    : ' Close other Sift tabs and reload this page to try again.';
  return `The library could not be opened (${name}: ${detail}). Your clips are safe: nothing was changed or deleted.${hint}`;
}
/** What a list of the library view was asked for: a tag, a search, both or neither. */
interface ShownFilter {
  query: string;
  tag: string | null;
}
/** A list as shown, with the view and the filter that produced it. */
type Shown = ListResult & { totalExact?: boolean; view: LibraryView; filter: ShownFilter | null };

/**
 * What Export exports: the selection; else, in the Trash view, every clip in the trash; else,
 * while a tag or a search narrows the list, every clip that list holds (not only the rows
 * loaded so far); else the whole library. "Export all" under a #tag filter, or in the Trash
 * view, used to export every live clip, which is not what the user looked at.
 */
type ExportScope =
  | { kind: 'selected'; count: number }
  | { kind: 'trash'; count: number }
  | { kind: 'shown'; filter: ShownFilter; count: number; exact: boolean }
  | { kind: 'all' };

function exportScope(selected: number, shown: Shown | null): ExportScope {
  if (selected > 0) return { kind: 'selected', count: selected };
  if (shown?.view === 'trash') return { kind: 'trash', count: shown.total };
  const filter = shown?.filter;
  if (shown && filter && (filter.tag !== null || filter.query.trim() !== '')) {
    return { kind: 'shown', filter, count: shown.total, exact: shown.totalExact !== false };
  }
  return { kind: 'all' };
}

/** "12 shown" (≈ where the search estimated its total). */
const shownCount = (scope: { count: number; exact: boolean }) => `${scope.exact ? '' : '≈ '}${scope.count.toLocaleString()} shown`;

/** The Export button: "Export 3", "Export 2 in trash", "Export 12 shown", "Export all". */
function exportLabel(scope: ExportScope): string {
  if (scope.kind === 'selected') return `Export ${scope.count}`;
  if (scope.kind === 'trash') return `Export ${scope.count.toLocaleString()} in trash`;
  if (scope.kind === 'shown') return `Export ${shownCount(scope)}`;
  return 'Export all';
}

/** The format menu's group of per-clip formats: "3 selected", "2 in trash", "12 shown", "All clips". */
function exportGroupLabel(scope: ExportScope): string {
  if (scope.kind === 'selected') return `${scope.count} selected`;
  if (scope.kind === 'trash') return `${scope.count.toLocaleString()} in trash`;
  if (scope.kind === 'shown') return shownCount(scope);
  return 'All clips';
}

/** The Export button's tooltip where it exports less than the library (a filter, the trash). */
function exportTitle(scope: ExportScope): string | undefined {
  if (scope.kind === 'shown') return `Exports the clips this ${scope.filter.query.trim() ? 'search' : 'tag'} shows. Clear the filter to export all clips.`;
  if (scope.kind === 'trash') return 'Exports the clips in the trash. Open All clips to export the library.';
  return undefined;
}

/**
 * The rows a list read anew shows (`load('again')` reads a page more than was loaded): up to
 * the last row that was shown and still is, at least a page. Below the first page a delete
 * leaves every other row and pulls none in from below; an Undo, or a clip saved above, adds its
 * row without pushing the last one back behind Show more (reading as many rows as were loaded
 * did: Undo after a delete in a fully loaded list of 80 showed 79 and "Show more (1 left)").
 */
function rowsReadAgain(shown: readonly ClipSummary[], read: ClipSummary[]): ClipSummary[] {
  const was = new Set(shown.map((c) => c.id));
  let end = -1;
  read.forEach((c, i) => { if (was.has(c.id)) end = i; });
  return read.slice(0, Math.max(end + 1, Math.min(PAGE_SIZE, read.length)));
}

/** Whether two lists were asked for the same view and filter (a later page or a refresh of one list). */
type ListKey = Pick<Shown, 'view' | 'filter'>;
const sameList = (a: ListKey | null, b: ListKey) =>
  a !== null && a.view === b.view && a.filter?.query === b.filter?.query && a.filter?.tag === b.filter?.tag;

/** The selection bar's count once "Select all" took every clip of the list: "All 240 matches selected". */
function allSelectedLabel(n: number, shown: Shown | null): string {
  const count = n.toLocaleString();
  if (shown?.view === 'trash') return n === 1 ? 'The 1 clip in the trash selected' : `All ${count} clips in the trash selected`;
  if (shown?.filter?.query.trim()) return n === 1 ? 'The 1 match selected' : `All ${count} matches selected`;
  if (shown?.filter?.tag) return n === 1 ? `The 1 clip tagged #${shown.filter.tag} selected` : `All ${count} clips tagged #${shown.filter.tag} selected`;
  return n === 1 ? 'The 1 clip selected' : `All ${count} clips selected`;
}

const SELECTION_FORMATS: ExportFormat[] = ['markdown-zip', 'markdown', 'html', 'epub', 'csv', 'tables-json', 'tables-md'];
const LIBRARY_FORMATS: ExportFormat[] = ['backup-zip', 'backup-json'];

export function LibraryApp({ api }: { api: LibraryApi }) {
  const [view, setView] = useState<LibraryView>('all');
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  /** totalExact false: a very common prefix, whose total is an estimate (shown as ≈). */
  const [result, setResult] = useState<Shown | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [counts, setCounts] = useState({ live: 0, trash: 0 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  /** The set "Select all" made: while `selected` is that very set, the bar says "All N … selected". */
  const [allSelected, setAllSelected] = useState<Set<string> | null>(null);
  /** The latest result and the list asked for, for an answer that arrives after the user moved on. */
  const shownRef = useRef<Shown | null>(null);
  shownRef.current = result;
  const askedRef = useRef<ListKey | null>(null);
  askedRef.current = { view, filter: view === 'all' ? { query: query.trim() ? query : '', tag } : null };
  const [toast, setToast] = useState<Toast | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const [format, setFormat] = useState<ExportFormat>('markdown-zip');
  const [bulkTag, setBulkTag] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const exportButtonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const topbarRef = useRef<HTMLElement>(null);
  const lastClicked = useRef<string | null>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const firstPaint = useRef(true);
  const requestSeq = useRef(0);
  /** The running export's or bulk action's stop switch, and its button's name (null when none runs). */
  const work = useRef<{ abort: AbortController; stopLabel: string } | null>(null);
  /**
   * An export, import or bulk action runs (set at once, where `progress` shows from the next
   * render): another one is not started over it.
   */
  const busyRef = useRef(false);
  /**
   * The row to focus once the list shows the next result: a row that stays (by id), or the
   * place of one that went away (by index), so a keyboard user deleting or undoing does not
   * drop the focus to the page and start again from the top.
   */
  const pendingFocus = useRef<{ id: string } | { index: number } | { control: Element } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /**
   * Reads the list: its first page, the next page after the rows shown (`more`), or the rows
   * shown read anew (`again`, rowsReadAgain: the rows loaded, at least a page, after a change
   * made here or in another tab). The user's own actions read the first page only, which cut a
   * list scrolled through after Show more: deleting the 60th clip put the list back to 50 rows,
   * the scroll position and the focus with them.
   */
  const load = useCallback(async (mode: 'first' | 'more' | 'again' = 'first') => {
    const seq = ++requestSeq.current;
    const append = mode === 'more';
    const offset = append && result ? result.items.length : 0;
    const started = performance.now();
    const searching = query.trim() !== '' && view === 'all';
    const filter = view === 'all' ? { query: searching ? query : '', tag } : null;
    const shownView = view;
    const before = shownRef.current;
    const shown = mode === 'again' && sameList(before, { view, filter }) ? before!.items : [];
    const limit = shown.length + PAGE_SIZE;
    let r: ListResult & { totalExact?: boolean };
    try {
      r = searching ? await api.search(query, tag, offset, limit) : await api.list({ view, tag, offset, limit });
    } catch (err) {
      if (seq === requestSeq.current) setNotice({ kind: 'error', text: openFailure(err) });
      return;
    }
    // Read by the scale benchmark (bench/scale-library.ts): query time as the page sees it.
    performance.measure(searching ? 'sift:search' : 'sift:list', {
      start: started, detail: { query, hits: r.total, strategy: 'strategy' in r ? r.strategy : null },
    });
    if (seq !== requestSeq.current) return; // a newer query answered first
    if (shown.length > 0) r = { ...r, items: rowsReadAgain(shown, r.items) };
    // The focused row went (here, or in another tab): the focus goes to the row in its place,
    // not to the page. A row that stays keeps it where it is (in its tag box, on its checkbox).
    if (mode === 'again' && shownRef.current) {
      const kept = new Set(r.items.map((c) => c.id));
      keepFocusIfGone(shownRef.current.items.map((c) => c.id).filter((id) => !kept.has(id)));
    }
    setResult((prev) => (append && prev ? { items: [...prev.items, ...r.items], total: r.total, totalExact: r.totalExact, view: shownView, filter } : { ...r, view: shownView, filter }));
  }, [api, query, tag, view, result]);

  /** A selection without the clips that left the list it was made in (trashed, restored, deleted, untagged elsewhere). */
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const allSelectedRef = useRef(allSelected);
  allSelectedRef.current = allSelected;
  const pruneSelection = async () => {
    const asked = askedRef.current;
    if (!asked || selectedRef.current.size === 0) return;
    const inList = new Set(await idsOfList(asked));
    // The user moved to another list meanwhile: its own selection is not this one's.
    if (!askedRef.current || !sameList(askedRef.current, asked)) return;
    const prev = selectedRef.current;
    const kept = new Set([...prev].filter((id) => inList.has(id)));
    const wasAll = allSelectedRef.current === prev;
    if (kept.size === prev.size) {
      // A clip that joined the list (saved, restored elsewhere) is not in "All … selected".
      if (wasAll && kept.size !== inList.size) setAllSelected(null);
      return;
    }
    setSelected(kept);
    setAllSelected(wasAll && kept.size === inList.size ? kept : null);
  };

  const refreshMeta = useCallback(async () => {
    const [c, t, e] = await Promise.all([api.counts(), api.tags(), api.estimate()]);
    setCounts(c);
    setTags(t);
    setEstimate(e);
  }, [api]);

  // After the first page is painted (it alone decides how fast the library opens): purge
  // trash older than 30 days, then counts, tags and the storage estimate.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!painted) return;
    void api.purgeExpired().catch(() => undefined).finally(() => { void refreshMeta().catch(() => undefined); });
  }, [api, refreshMeta, painted]);

  useEffect(() => {
    const t = setTimeout(() => { void load('first'); }, query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
  }, [query, tag, view]);

  useEffect(() => {
    if (result && firstPaint.current) {
      firstPaint.current = false;
      // The scale benchmark reads this mark: library opened and first page painted.
      requestAnimationFrame(() => {
        performance.mark('sift:library-ready');
        document.body.dataset.ready = 'true';
        setPainted(true);
      });
    }
  }, [result]);

  /** After the user's own write (delete, Undo, restore, tag, import): the rows loaded stay loaded, as after a change elsewhere. */
  const refresh = useCallback(async () => {
    await Promise.all([load('again'), refreshMeta()]);
  }, [load, refreshMeta]);
  /**
   * The latest render's refresh: a bulk action can run for minutes (a restore re-indexes each
   * clip's words), and the list it then refreshes is the one on screen, not the one it started in.
   */
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const refreshShown = () => refreshRef.current();

  /**
   * The library changed in another context: a clip saved from the popup (or the context menu,
   * the shortcut), or a delete, restore, tag or import in another library tab. The list, the
   * counts and the tags are read again in place: the rows loaded so far (so the scroll position
   * holds), the search and tag filter, an open tag box and the focus stay; the selection loses
   * only the clips that left the list. Before, a save showed only after a reload, and a delete
   * or a tag in one library tab never showed in another.
   */
  const refreshFromElsewhere = async () => {
    await Promise.all([load('again'), refreshMeta(), pruneSelection()]);
  };
  const refreshFromElsewhereRef = useRef(refreshFromElsewhere);
  refreshFromElsewhereRef.current = refreshFromElsewhere;
  useEffect(() => api.onChange(() => { void refreshFromElsewhereRef.current().catch(() => undefined); }), [api]);

  const rows = () => Array.from(listRef.current?.querySelectorAll<HTMLLIElement>('li.row') ?? []);

  // The selection bar sticks just below the top bar, whose height changes when a narrow
  // window wraps its actions to a second line (it hid the bar behind it): --topbar-height.
  useEffect(() => {
    const bar = topbarRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => bar.parentElement?.style.setProperty('--topbar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  // A layout effect, before the paint: in an effect the list showed for a frame with the focus
  // on the body, and a key pressed then (j, Delete) went nowhere.
  useLayoutEffect(() => {
    const want = pendingFocus.current;
    if (!want || !result) return;
    pendingFocus.current = null;
    const list = rows();
    if ('control' in want && want.control.isConnected && want.control instanceof HTMLElement) {
      want.control.focus();
      return;
    }
    const row = 'id' in want ? list.find((r) => r.dataset.id === want.id) : 'index' in want ? list[Math.min(want.index, list.length - 1)] : list[0];
    // No row left: the search box; in an emptied trash (no search) or a tag no clip carries
    // any more, the heading, which names the list and is followed by its Clear tag filter.
    (row ?? (searchRef.current?.disabled || tag ? headingRef.current : searchRef.current))?.focus();
  }, [result]);

  /**
   * Where the focus goes when the rows `ids` leave the list: nowhere special unless it is in
   * the list; there, the focused row if it stays, else the row that takes its place.
   */
  const keepFocusWithout = (ids: string[], active = document.activeElement) => {
    const list = rows();
    const current = active instanceof HTMLElement ? active.closest<HTMLLIElement>('li.row') : null;
    const i = current ? list.indexOf(current) : -1;
    if (i < 0) return;
    const gone = new Set(ids);
    pendingFocus.current = gone.has(current!.dataset.id!)
      ? { index: list.slice(0, i).filter((r) => !gone.has(r.dataset.id!)).length }
      : { id: current!.dataset.id! };
  };

  /** keepFocusWithout, only when the focused row is among `ids`: a row that stays keeps the focus inside it. */
  const keepFocusIfGone = (ids: string[]) => {
    const current = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLLIElement>('li.row') : null;
    if (current?.dataset.id && ids.includes(current.dataset.id)) keepFocusWithout(ids, current);
  };

  /**
   * The toast closes UNDO_MS after it last had the user's attention: while its Undo button has
   * the focus or the pointer is over it, it stays (a keyboard user who tabbed to Undo, or one who
   * is still reading, must not lose it under them: WCAG 2.2.1), and the time starts again when
   * both have left.
   */
  const toastHeld = useRef({ focus: false, pointer: false });
  const armToast = () => {
    if (toastTimer.current) clearTimeout(toastTimer.current);
    toastTimer.current = null;
    const held = toastHeld.current;
    if (!held.focus && !held.pointer) toastTimer.current = setTimeout(closeToast, UNDO_MS);
  };
  const holdToast = (why: 'focus' | 'pointer', on: boolean) => {
    toastHeld.current[why] = on;
    armToast();
  };
  function closeToast() {
    if (toastTimer.current) clearTimeout(toastTimer.current);
    toastTimer.current = null;
    toastHeld.current = { focus: false, pointer: false };
    setToast(null);
  }
  const showToast = (t: Toast) => {
    // A toast without Undo replaces the button that may hold the focus, and a removed
    // element's blur is not to be relied on.
    if (!t.undo) toastHeld.current.focus = false;
    setToast(t);
    armToast();
  };

  /**
   * The notice's × goes away with it, and the focus fell to the page's body: a keyboard user who
   * had imported a backup started again from the top. It goes back to the control that started
   * what the notice told (Import, Export), else to the list's heading, as Clear tag filter does.
   */
  const dismissNotice = () => {
    const back = notice?.from?.isConnected ? notice.from : headingRef.current;
    setNotice(null);
    back?.focus();
  };

  const fail = (err: unknown, prefix: string, from?: HTMLElement | null) =>
    setNotice({ kind: 'error', text: `${prefix}: ${err instanceof Error ? err.message : String(err)}`, from });

  /**
   * Runs a bulk action over `total` clips, its progress in the progress area ("Moving to the
   * trash… 1,200 / 3,000") with a Stop button (and Escape) that ends it between two chunks.
   * A single clip, or an action started while other work runs (an Undo during an export),
   * runs without them.
   */
  const runBulk = async <T,>(label: string, total: number, action: (opts: BulkOptions) => Promise<T>): Promise<T> => {
    if (total <= 1 || busyRef.current) return action({});
    busyRef.current = true;
    const abort = new AbortController();
    work.current = { abort, stopLabel: 'Stop' };
    const report = throttledProgress(setProgress);
    setNotice(null);
    setProgress({ label, done: 0, total });
    try {
      return await action({ signal: abort.signal, onProgress: (done, all) => report(done, all, label) });
    } finally {
      work.current = null;
      busyRef.current = false;
      setProgress(null);
    }
  };

  /** Says in the notice how far a bulk action got before it stopped: information after Stop, an error after a failure (stoppedText). */
  const reportStop = (stop: BulkStopped, did: string, same: [one: string, many: string], left: [one: string, many: string]) =>
    setNotice({ kind: isCancel(stop.cause) ? 'info' : 'error', text: stoppedText(stop, did, same, left) });

  /** A bulk action's outcome: what it returned, or how far it got before it stopped. */
  const attempt = async <T,>(label: string, total: number, action: (opts: BulkOptions) => Promise<T>): Promise<{ value: T; stop: null } | { value: null; stop: BulkStopped }> => {
    try {
      return { value: await runBulk(label, total, action), stop: null };
    } catch (err) {
      if (err instanceof BulkStopped) return { value: null, stop: err };
      throw err;
    }
  };

  /**
   * Where the focus goes once a bulk action is done: in the list, the row that stays or takes
   * a gone row's place (keepFocusWithout); from the selection bar, the Empty trash button or
   * the progress' Stop, which can go away with the action, back to the control that started
   * it while it is there (some clips left selected), else the first row.
   */
  const settleFocus = (origin: Element | null, gone: string[]) => {
    if (origin && listRef.current?.contains(origin)) keepFocusWithout(gone, origin);
    else if (!origin || origin === document.body) pendingFocus.current = { index: 0 };
    else if (origin.closest('.selection-bar, .list-head, [data-testid="progress"]')) pendingFocus.current = { control: origin };
  };

  const trash = async (ids: string[]) => {
    const origin = document.activeElement;
    try {
      const { value, stop } = await attempt('Moving to the trash', ids.length, (o) => api.trash(ids, o));
      const moved = value ?? stop.done;
      setSelected(new Set(stop?.untouched ?? []));
      settleFocus(origin, moved);
      if (stop) reportStop(stop, 'moved {n} to the trash', ['was already in the trash or deleted', 'were already in the trash or deleted'], ['was not moved and is still selected', 'were not moved and are still selected']);
      await refreshShown();
      if (moved.length === 0) return;
      showToast({
        message: `Moved ${clipsN(moved.length)} to the trash.`,
        // Undo covers what moved, also when the move stopped partway.
        // Another tab may have restored some of them or deleted them forever meanwhile: those
        // are left as they are, and the toast says so.
        undo: async () => {
          const { value, stop: undoStop } = await attempt('Restoring', moved.length, (o) => api.undoTrash(moved, o));
          if (undoStop) reportStop(undoStop, 'restored {n}', NO_LONGER_IN_TRASH, ['is still in the trash', 'are still in the trash']);
          const back = value?.restored ?? undoStop?.done ?? [];
          // Back to the clip that came back (Ctrl+Z, or the toast's button, which goes away).
          const active = document.activeElement;
          if (back[0] && (!active || active === document.body || listRef.current?.contains(active))) pendingFocus.current = { id: back[0] };
          await refreshShown();
          if (value && back.length < moved.length) showToast({ message: undoOutcomeText(value) });
        },
      });
    } catch (err) { fail(err, 'Could not delete'); }
  };

  const undo = async () => {
    const t = toast;
    if (!t?.undo) return;
    closeToast();
    try { await t.undo(); } catch (err) { fail(err, 'Undo failed'); }
  };

  const restore = async (ids: string[]) => {
    const origin = document.activeElement;
    try {
      const { value, stop } = await attempt('Restoring', ids.length, (o) => api.restore(ids, o));
      setSelected(new Set(stop?.untouched ?? []));
      settleFocus(origin, value ?? stop.done);
      if (stop) reportStop(stop, 'restored {n}', NO_LONGER_IN_TRASH, ['is still in the trash and still selected', 'are still in the trash and still selected']);
      await refreshShown();
      if (value) showToast({ message: restoredText(value.length, ids.length) });
    } catch (err) { fail(err, 'Could not restore'); }
  };

  const deleteForever = async (ids: string[]) => {
    if (!confirm(`Delete ${ids.length === 1 ? 'this clip' : `${ids.length.toLocaleString()} clips`} forever? This cannot be undone.`)) return;
    const origin = document.activeElement;
    try {
      const { stop } = await attempt('Deleting forever', ids.length, (o) => api.deleteForever(ids, o));
      setSelected(new Set(stop?.untouched ?? []));
      settleFocus(origin, stop ? stop.done : ids);
      if (stop) reportStop(stop, 'deleted {n} forever', ALREADY_DELETED, ['is still in the trash and still selected', 'are still in the trash and still selected']);
      await refreshShown();
    } catch (err) { fail(err, 'Could not delete'); }
  };

  const emptyTrash = async () => {
    if (!confirm('Empty the trash? Its clips are deleted forever.')) return;
    const origin = document.activeElement;
    try {
      const { value, stop } = await attempt('Emptying the trash', counts.trash, (o) => api.emptyTrash(o));
      setSelected(new Set());
      // Emptied, the trash loses its Empty trash button too, but only once the counts answer,
      // after the list did in Chromium: the focus went back to the button, then to the body.
      // It goes where a list with no row puts it instead: the Trash heading.
      settleFocus(stop ? origin : null, []);
      if (stop) reportStop(stop, 'deleted {n} forever', ALREADY_DELETED, ['is still in the trash', 'are still in the trash']);
      await refreshShown();
      if (value !== null) showToast({ message: `Deleted ${clipsN(value)} forever.` });
    } catch (err) { fail(err, 'Could not empty the trash'); }
  };

  const addTag = async (ids: string[], t: string) => {
    const origin = document.activeElement;
    const name = normalizeTag(t);
    if (!name) return;
    try {
      const { stop } = await attempt(`Tagging #${name}`, ids.length, (o) => api.addTag(ids, t, o));
      if (stop) {
        setSelected(new Set(stop.untouched));
        setAllSelected(null);
        reportStop(stop, `tagged {n} #${name}`, [`already had #${name}`, `already had #${name}`], ['was not tagged and is still selected', 'were not tagged and are still selected']);
      }
      settleFocus(origin, []);
      await refreshShown();
    } catch (err) { fail(err, 'Could not tag'); }
  };
  /** A row's ×: under that tag's filter the row leaves the list, and the focus goes to the row in its place (load 'again'). */
  const removeTag = async (ids: string[], t: string) => {
    try {
      await api.removeTag(ids, t);
      await refreshShown();
    } catch (err) { fail(err, 'Could not remove the tag'); }
  };

  const select = (id: string, on: boolean, range: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      const items = result?.items ?? [];
      const a = items.findIndex((c) => c.id === lastClicked.current);
      const b = items.findIndex((c) => c.id === id);
      if (range && a >= 0 && b >= 0) {
        for (const c of items.slice(Math.min(a, b), Math.max(a, b) + 1)) if (on) next.add(c.id); else next.delete(c.id);
      } else if (on) next.add(id); else next.delete(id);
      return next;
    });
    lastClicked.current = id;
  };

  /** Every clip a list holds, from storage (not only its rows loaded so far), in its order. */
  const idsOfList = (shown: Pick<Shown, 'view' | 'filter'>): Promise<string[]> => {
    if (shown.view === 'trash') return api.trashIds();
    const q = shown.filter?.query ?? '';
    const t = shown.filter?.tag ?? null;
    return q.trim() ? api.searchIds(q, t) : api.liveIds(t);
  };

  /**
   * Selects every clip the list holds: every match of a search, every clip of a tag or of the
   * trash, not only the rows loaded so far (it used to select the loaded rows of a search or
   * the trash, so Delete left the other matches behind).
   */
  const selectAll = async () => {
    const shown = result;
    if (!shown) return;
    let ids: string[];
    try { ids = await idsOfList(shown); } catch (err) { fail(err, 'Could not select all'); return; }
    // The user moved to another list meanwhile (even one not shown yet): its selection stays.
    if (!sameList(shownRef.current, shown) || !sameList(askedRef.current, shown)) return;
    const all = new Set(ids);
    setSelected(all);
    setAllSelected(all);
  };

  /** The ids an export of `scope` writes, in library order. */
  const idsOf = (scope: ExportScope): Promise<string[]> | string[] => {
    if (scope.kind === 'selected') return orderedSelection();
    if (scope.kind === 'all') return api.liveIds(null);
    if (scope.kind === 'trash') return api.trashIds();
    return idsOfList({ view: 'all', filter: scope.filter });
  };

  const runExport = async () => {
    const isBackup = LIBRARY_FORMATS.includes(format);
    const scope = exportScope(selected.size, result);
    if (busyRef.current) return;
    busyRef.current = true;
    setNotice(null);
    const abort = new AbortController();
    work.current = { abort, stopLabel: 'Cancel' };
    try {
      const ids = isBackup ? [] : await idsOf(scope);
      if (!isBackup && ids.length === 0) {
        setNotice({ kind: 'info', from: exportButtonRef.current, text: scope.kind === 'shown' ? 'Nothing to export: no clip matches this filter.' : scope.kind === 'trash' ? 'Nothing to export: the trash is empty.' : 'Nothing to export yet: the library is empty.' });
        return;
      }
      setProgress({ label: 'Preparing', done: 0, total: ids.length });
      const name = await api.exportAndSave(format, ids, throttledProgress(setProgress), abort.signal);
      setNotice({ kind: 'info', text: `Exported ${name}.`, from: exportButtonRef.current });
    } catch (err) {
      if (isCancel(err)) setNotice({ kind: 'info', text: 'Export cancelled. No file was saved.', from: exportButtonRef.current });
      else fail(err, 'Export failed', exportButtonRef.current);
    } finally {
      // Cancel goes with the progress bar: a keyboard user who pressed it would be left on
      // the page's body. The focus goes back to the export button instead.
      const onCancel = document.activeElement?.closest('[data-testid="progress"]') != null;
      work.current = null;
      busyRef.current = false;
      setProgress(null);
      if (onCancel) exportButtonRef.current?.focus();
    }
  };

  /** Cancels the running export, or stops the running bulk action between two chunks. */
  const cancelWork = () => work.current?.abort.abort();

  // Export keeps library order for a selection (newest first), not click order.
  const orderedSelection = () => {
    const visible = (result?.items ?? []).map((c) => c.id).filter((id) => selected.has(id));
    // A Set: after "Select all" the selection can hold the whole library.
    const shownIds = new Set(visible);
    const rest = [...selected].filter((id) => !shownIds.has(id));
    return [...visible, ...rest];
  };

  const onImport = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (busyRef.current) return;
    busyRef.current = true;
    setNotice(null);
    setProgress({ label: 'Checking backup', done: 0, total: 0 });
    try {
      const r = await api.importFile(file, throttledProgress(setProgress));
      setNotice({ kind: 'info', text: importSummary(r, file.name), from: input });
      // The list on screen: the user may have opened another view while a big import ran.
      await refreshShown();
    } catch (err) {
      // A full disk is no fault of the backup: it was told as "Import refused: The quota has
      // been exceeded. QuotaExceededError: …", blaming the file and saying nothing of what to do.
      const e = err as { name?: string; message?: string; inner?: { name?: string } } | null;
      const full = /quota/i.test(`${e?.name} ${e?.inner?.name} ${e?.message}`);
      setNotice({
        kind: 'error',
        from: input,
        text: full ? 'Import failed: there is no room to store this backup (the disk, or the browser\'s storage for Sift, is full). Nothing was changed: free some space, then import it again.'
          : `Import refused: ${err instanceof Error ? err.message : String(err)} Nothing was changed.`,
      });
    } finally {
      busyRef.current = false;
      setProgress(null);
    }
  };

  // Page keyboard: / search, j/k or arrows move, Enter opens, x selects, Delete trashes, Ctrl+Z undoes.
  // Ctrl+Z pressed as soon as the "Moved to the trash" toast shows must see its undo
  // (useWindowKeydown: the handler of the latest render).
  useWindowKeydown((e) => {
    const target = e.target as HTMLElement;
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !typing && toast?.undo) { e.preventDefault(); void undo(); return; }
    if (typing) {
      if (e.key === 'Escape' && target === searchRef.current) { setQuery(''); searchRef.current?.blur(); }
      if (e.key === 'ArrowDown' && target === searchRef.current) { e.preventDefault(); rows()[0]?.focus(); }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && work.current) { cancelWork(); e.preventDefault(); return; }
    const list = rows();
    const current = target.closest<HTMLLIElement>('li.row');
    const i = current ? list.indexOf(current) : -1;
    switch (e.key) {
      case '/': searchRef.current?.focus(); break;
      case 'j': case 'ArrowDown': (list[Math.min(list.length - 1, i + 1)] ?? list[0])?.focus(); break;
      case 'k': case 'ArrowUp': if (i <= 0) searchRef.current?.focus(); else list[i - 1]?.focus(); break;
      case 'Enter': if (current && target === current) location.href = readerHref(current.dataset.id!); else return; break;
      case 'x': if (current) select(current.dataset.id!, !selected.has(current.dataset.id!), false); else return; break;
      case 'Delete': {
        const ids = selected.size ? [...selected] : current ? [current.dataset.id!] : [];
        // While a bulk action runs, the selection it works on is not trashed over it.
        if (ids.length && view === 'all' && !(busy && ids.length > 1)) void trash(ids); else return;
        break;
      }
      case 'Escape': setSelected(new Set()); break;
      default: return;
    }
    e.preventDefault();
  });

  const items: ClipSummary[] = result?.items ?? [];
  const searching = query.trim().length > 0 && view === 'all';
  const busy = progress !== null;
  const scope = exportScope(selected.size, result);
  // A tag filter stays on when its last clip leaves it (untagged or deleted, here or in another
  // tab), so an Undo brings the clip back into the list the user is in; the tag stays in the
  // sidebar, pressed, until the filter is cleared. It used to vanish from there, leaving
  // "No clips here." under its name and nothing in the sidebar to say what was shown.
  const sidebarTags = tag && !tags.includes(tag) ? [...tags, tag].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })) : tags;

  return (
    <div class="shell">
      <aside class="sidebar" aria-label="Library navigation">
        <div class="brand"><SiftMark size={28} /> Sift</div>
        {/* Which view and tag are shown was told by colour alone (a tinted row in the accent
            colour): a screen reader heard no difference, and without colour nothing set the
            current one apart but a slightly bolder weight. The views are a set of which one
            is current (aria-current); a tag is a filter switched on and off (aria-pressed; a
            second press clears it). library.css draws both states with a bar as well. */}
        <nav class="views" aria-label="Views">
          <button type="button" aria-current={view === 'all' && !tag ? 'page' : undefined} onClick={() => { setView('all'); setTag(null); setSelected(new Set()); }}>
            All clips <span class="count" data-testid="count-live">{counts.live}</span>
          </button>
          <button type="button" aria-current={view === 'trash' ? 'page' : undefined} onClick={() => { setView('trash'); setTag(null); setQuery(''); setSelected(new Set()); }}>
            Trash <span class="count" data-testid="count-trash">{counts.trash}</span>
          </button>
        </nav>
        {sidebarTags.length > 0 && (
          <div class="tag-list" role="group" aria-labelledby="tag-list-head">
            <h2 id="tag-list-head">Tags</h2>
            {sidebarTags.map((t) => (
              <button type="button" key={t} aria-pressed={tag === t} title={`#${t}`} onClick={() => { setTag(tag === t ? null : t); setView('all'); setSelected(new Set()); }}>
                #{t}
              </button>
            ))}
          </div>
        )}
        <div class="sidebar-foot">
          {estimate && <StorageMeter usage={estimate.usage} quota={estimate.quota} />}
          <p class="hint">Keys: <kbd>/</kbd> search, <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>x</kbd> select, <kbd>Del</kbd> delete</p>
        </div>
      </aside>

      <main class="main" id="main">
        <header class="topbar" ref={topbarRef}>
          <div class="search">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6-1.4 1.4-4.6-4.6A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z"/></svg>
            <input ref={searchRef} type="search" placeholder={view === 'trash' ? 'Search is for the library' : 'Search titles and text'}
              aria-label="Search clips" value={query} disabled={view === 'trash'}
              onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)} data-testid="search" />
          </div>
          <div class="actions">
            <label class="btn" title="Import a Sift backup (.zip or .json)">
              Import
              {/* Busy, the Import and Export controls say so (aria-disabled) and ignore presses
                  instead of being disabled: a disabled control loses the focus, which dropped a
                  keyboard user who had started the work to the page's body. */}
              <input ref={fileRef} type="file" accept=".zip,.json,application/zip,application/json" class="sr-only" onChange={onImport}
                aria-disabled={busy ? 'true' : undefined} onClick={(e) => { if (busy) e.preventDefault(); }} data-testid="import-input" />
            </label>
            <select aria-label="Export format" value={format} onChange={(e) => setFormat((e.currentTarget as HTMLSelectElement).value as ExportFormat)} data-testid="export-format">
              <optgroup label={exportGroupLabel(scope)}>
                {SELECTION_FORMATS.map((f) => <option key={f} value={f}>{FORMAT_LABELS[f]}</option>)}
              </optgroup>
              <optgroup label="Whole library">
                {LIBRARY_FORMATS.map((f) => <option key={f} value={f}>{FORMAT_LABELS[f]}</option>)}
              </optgroup>
            </select>
            <button ref={exportButtonRef} type="button" class="btn primary" onClick={() => { if (!busy) void runExport(); }} aria-disabled={busy ? 'true' : undefined} data-testid="export-button"
              title={LIBRARY_FORMATS.includes(format) ? undefined : exportTitle(scope)}>
              {LIBRARY_FORMATS.includes(format) ? 'Back up' : exportLabel(scope)}
            </button>
          </div>
        </header>

        {progress && <Progress p={progress} onCancel={work.current ? cancelWork : undefined} cancelLabel={work.current?.stopLabel} />}
        {notice && (
          <div class={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
            <span>{notice.text}</span>
            <button type="button" class="icon-btn" aria-label="Dismiss" onClick={dismissNotice}>×</button>
          </div>
        )}

        <div class="list-head">
          <h1 ref={headingRef} tabIndex={-1}>
            {view === 'trash' ? 'Trash' : tag ? `#${tag}` : searching ? 'Search results' : 'All clips'}
            {result && <span class="total" data-testid="total" title={result.totalExact === false ? 'Estimated from the newest clips' : undefined}>{result.totalExact === false ? '≈ ' : ''}{result.total.toLocaleString()}</span>}
          </h1>
          {view === 'trash' && <p class="sub">Clips in the trash are deleted forever 30 days after you delete them.</p>}
          {/* The button goes with the filter: the focus moves to the list's heading, not to the page's start. */}
          {tag && <button type="button" class="btn" onClick={() => { setTag(null); headingRef.current?.focus(); }}>Clear tag filter</button>}
          {view === 'trash' && counts.trash > 0 && <button type="button" class="btn danger" onClick={() => { if (!busy) void emptyTrash(); }} aria-disabled={busy ? 'true' : undefined}>Empty trash</button>}
        </div>

        {selected.size > 0 && (
          <div class="selection-bar" role="region" aria-label="Selection">
            <strong>{allSelected === selected ? allSelectedLabel(selected.size, result) : `${selected.size.toLocaleString()} selected`}</strong>
            <button type="button" class="link" onClick={selectAll}>Select all</button>
            <button type="button" class="link" onClick={() => setSelected(new Set())}>Clear</button>
            <span class="grow" />
            {/* Busy (a bulk action, an export or an import runs), the actions say so and
                ignore presses, keeping the focus where it is, as Export does. */}
            {view === 'all' ? (
              <>
                <form class="bulk-tag" onSubmit={(e) => { e.preventDefault(); if (busy) return; if (bulkTag.trim()) void addTag([...selected], bulkTag); setBulkTag(''); }}>
                  <input value={bulkTag} placeholder="Add tag…" aria-label="Tag selected clips" maxLength={64} onInput={(e) => setBulkTag((e.currentTarget as HTMLInputElement).value)} />
                  <button type="submit" class="btn" aria-disabled={busy ? 'true' : undefined}>Tag</button>
                </form>
                <button type="button" class="btn danger" onClick={() => { if (!busy) void trash([...selected]); }} aria-disabled={busy ? 'true' : undefined} data-testid="delete-selected">Delete</button>
              </>
            ) : (
              <>
                <button type="button" class="btn" onClick={() => { if (!busy) void restore([...selected]); }} aria-disabled={busy ? 'true' : undefined}>Restore</button>
                <button type="button" class="btn danger" onClick={() => { if (!busy) void deleteForever([...selected]); }} aria-disabled={busy ? 'true' : undefined}>Delete forever</button>
              </>
            )}
          </div>
        )}

        {result && items.length === 0 && (
          <div class="empty">
            {view === 'trash' ? <p>The trash is empty.</p>
              : searching && queryTerms(query).length === 0 ? <p>“{query}” has no word to search for. Search looks for words in titles and text, not symbols or emoji.</p>
              : searching ? <p>No clip {tag ? `tagged #${tag} ` : ''}matches “{query}”. Search looks for every word in titles and text.</p>
              : tag ? <p>No clip in the library is tagged #{tag}.</p>
              : counts.live === 0 ? (
                <>
                  <h2>Your library is empty</h2>
                  <p>Clip an article with the Sift button in the toolbar (<kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>S</kbd>), or import a backup.</p>
                </>
              ) : <p>No clips here.</p>}
          </div>
        )}

        <ul class="list" ref={listRef} data-testid="clip-list">
          {items.map((c) => (
            <ClipRow key={c.id} clip={c} selected={selected.has(c.id)} trashView={view === 'trash'}
              onSelect={select} onTrash={(id) => trash([id])} onRestore={(id) => restore([id])}
              onAddTag={(id, t) => addTag([id], t)} onRemoveTag={(id, t) => removeTag([id], t)}
              onFilterTag={(t) => { setTag(t); setView('all'); }} />
          ))}
        </ul>
        {result && items.length < result.total && (
          <button type="button" class="btn more" onClick={() => load('more')} data-testid="more">
            {result.totalExact === false ? 'Show more' : `Show more (${(result.total - items.length).toLocaleString()} ${searching ? 'more matches' : 'left'})`}
          </button>
        )}
      </main>

      {toast && (
        <div
          class="toast"
          role="status"
          data-testid="toast"
          onMouseEnter={() => holdToast('pointer', true)}
          onMouseLeave={() => holdToast('pointer', false)}
        >
          <span>{toast.message}</span>
          {toast.undo && (
            <button
              type="button"
              class="btn"
              onClick={undo}
              onFocus={() => holdToast('focus', true)}
              onBlur={() => holdToast('focus', false)}
              data-testid="undo"
            >
              Undo
            </button>
          )}
        </div>
      )}
    </div>
  );
}
