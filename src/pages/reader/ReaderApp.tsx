import { Fragment, type ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { SanitizedHtml } from '../../ui/SanitizedHtml';
import { ClipTable } from './components/ClipTable';
import type { StoredClip, StoredImage } from '../../storage/schema';
import { dropTitleHeading, insertLeadImage } from '../../export/leadImage';
import { makeOffline } from '../../export/offline';
import { clipSource, type ClipSource } from '../../shared/clipSource';
import type { ReaderApi } from './api';
import { DEFAULT_PREFS, SIZE, THEMES, WIDTH, type ReaderPrefs } from './prefs';
import { Toolbar, TYPOGRAPHY_PANEL_ID, TYPOGRAPHY_TOGGLE_ID, type OriginalLink } from './components/Toolbar';
import { Help } from './components/Help';
import { useWindowKeydown } from '../../ui/useWindowKeydown';
import { formatInstantDay, formatStatedDay } from '../../shared/dates';
import { TRASH_RETENTION_MS } from '../../storage/library';

const LIBRARY_HREF = '../library/index.html';

type State =
  | { kind: 'loading' }
  | { kind: 'missing'; id: string | null }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; clip: StoredClip; images: StoredImage[] };

interface Neighbours { newer: string | null; older: string | null }

const openHref = (href: string): void => { location.href = href; };

/** The reader's address for a clip, relative to the reader page. */
const clipHref = (clipId: string): string => `?id=${encodeURIComponent(clipId)}`;

/** Applies preferences to <html> so the print stylesheet and CSS themes can see them. */
function applyPrefs(p: ReaderPrefs): void {
  const root = document.documentElement;
  root.dataset.theme = p.theme;
  root.dataset.font = p.font;
  // CSSOM writes are allowed under the extension CSP (style-src 'self'); style attributes are not.
  root.style.setProperty('--reader-size', `${p.size}px`);
  root.style.setProperty('--reader-width', `${p.width}ch`);
  root.style.setProperty('--reader-leading', String(p.lineHeight));
}

export function ReaderApp({ api, id, navigate = openHref }: { api: ReaderApi; id: string | null; navigate?: (href: string) => void }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [prefs, setPrefs] = useState<ReaderPrefs>(DEFAULT_PREFS);
  const [panel, setPanel] = useState(false);
  const [help, setHelp] = useState(false);
  const [nav, setNav] = useState<Neighbours>({ newer: null, older: null });
  /**
   * Set by the first change the user makes. The stored preferences are read asynchronously:
   * a change made before they arrive (the title can show first) must not be undone by them.
   */
  const prefsChanged = useRef(false);
  // The latest preferences, updated synchronously: two quick keypresses can both land
  // before Preact re-renders, and the second must build on
  // the first (pressing t then - kept the old theme before this).
  const latestPrefs = useRef<ReaderPrefs>(DEFAULT_PREFS);
  // Likewise the neighbours, which arrive between renders.
  // null until they are known: the title shows first, and an n/p pressed in that gap is kept
  // and carried out when the neighbours arrive, not dropped.
  const latestNav = useRef<Neighbours | null>(null);
  const pendingGo = useRef<keyof Neighbours | null>(null);

  useEffect(() => {
    void api.getPrefs().then((p) => {
      if (prefsChanged.current) return;
      latestPrefs.current = p;
      setPrefs(p);
      applyPrefs(p);
    });
  }, [api]);

  useEffect(() => {
    if (!id) {
      setState({ kind: 'missing', id });
      return;
    }
    api.load(id).then(
      (r) => {
        if (!r) return setState({ kind: 'missing', id });
        setState({ kind: 'ready', clip: r.clip, images: r.images });
        document.title = `${r.clip.title} · Sift`;
        void api.neighbours(r.clip).then((n) => {
          latestNav.current = n;
          setNav(n);
          const pending = pendingGo.current;
          pendingGo.current = null;
          const target = pending && n[pending];
          if (target) navigate(clipHref(target));
        });
      },
      (err: unknown) => setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
  }, [api, id, navigate]);

  const changePrefs = useCallback((p: ReaderPrefs) => {
    prefsChanged.current = true;
    latestPrefs.current = p;
    setPrefs(p);
    applyPrefs(p);
    void api.setPrefs(p);
  }, [api]);

  // One blob: URL per stored image, keyed by the original URL the clip HTML carries.
  const blobUrls = useMemo(() => {
    const map = new Map<string, string>();
    if (state.kind !== 'ready') return map;
    for (const im of state.images) {
      if (im.status === 'ok' && im.blob && !map.has(im.url)) map.set(im.url, URL.createObjectURL(im.blob));
    }
    return map;
  }, [state]);
  useEffect(() => () => { for (const u of blobUrls.values()) URL.revokeObjectURL(u); }, [blobUrls]);

  // The lead image joins the content's images; any without stored bytes is removed: the
  // reader never touches the network.
  const shownClip = state.kind === 'ready' ? state.clip : null;
  const transform = useCallback((fragment: DocumentFragment) => {
    if (shownClip) {
      // The header above shows the title: the content's own copy of it goes.
      dropTitleHeading(fragment, shownClip.title);
      insertLeadImage(fragment, shownClip);
    }
    makeOffline(fragment, (url) => blobUrls.get(url) ?? null);
  }, [blobUrls, shownClip]);

  // Whether the browser lets Sift open a file in a tab (the original of a page opened from disk).
  const [filesOpen, setFilesOpen] = useState(false);
  useEffect(() => {
    api.canOpenFiles().then(setFilesOpen, () => setFilesOpen(false));
  }, [api]);

  const source = state.kind === 'ready' ? clipSource(state.clip.url, state.clip.canonicalUrl) : null;
  const original: OriginalLink | null = originalLink(source, filesOpen, api);

  /**
   * Closes the typography panel; when the focus was in it (it goes with the panel), back to
   * the button that opens it, not to the page's body.
   */
  const closePanel = () => {
    const hadFocus = document.getElementById(TYPOGRAPHY_PANEL_ID)?.contains(document.activeElement) ?? false;
    setPanel(false);
    if (hadFocus) document.getElementById(TYPOGRAPHY_TOGGLE_ID)?.focus();
  };

  // Keys act on what is on screen (useWindowKeydown: the handler of the latest render), so
  // o right after the title shows and Esc right after ? opened the help do what they say.
  useWindowKeydown((e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target as HTMLElement | null;
    // Keys typed into a field are the field's; but Esc still closes the panel or the help
    // around it (the panel's theme and font choices are radio buttons).
    const inField = t && (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName));
    if (inField && !(e.key === 'Escape' && (panel || help))) return;
    // The help is a modal dialog: the page behind it takes no keys while it is open (j and k
    // scrolled it, t changed its theme, n, p and l left it). Only Esc and ?, which close it, act.
    if (help && e.key !== 'Escape' && e.key !== '?') return;
    const prefs = latestPrefs.current;
    const step = Math.round(window.innerHeight * 0.1);
    const go = (which: keyof Neighbours) => {
      if (!latestNav.current) { pendingGo.current = which; return; }
      const target = latestNav.current[which];
      if (target) navigate(clipHref(target));
    };
    switch (e.key) {
      case 'j': window.scrollBy({ top: step }); break;
      case 'k': window.scrollBy({ top: -step }); break;
      case 'n': go('older'); break;
      case 'p': go('newer'); break;
      case '+': case '=': changePrefs({ ...prefs, size: Math.min(SIZE.max, prefs.size + 1) }); break;
      case '-': changePrefs({ ...prefs, size: Math.max(SIZE.min, prefs.size - 1) }); break;
      case ']': changePrefs({ ...prefs, width: Math.min(WIDTH.max, prefs.width + WIDTH.step) }); break;
      case '[': changePrefs({ ...prefs, width: Math.max(WIDTH.min, prefs.width - WIDTH.step) }); break;
      case 't': changePrefs({ ...prefs, theme: THEMES[(THEMES.indexOf(prefs.theme) + 1) % THEMES.length]! }); break;
      case 'a': if (panel) closePanel(); else setPanel(true); break;
      case 'o':
        if (original?.kind === 'link') window.open(original.href, '_blank', 'noopener');
        else original?.open();
        break;
      case 'l': navigate(LIBRARY_HREF); break;
      // The topmost layer first: the help (a modal dialog over everything), then the panel.
      case 'Escape': if (help) setHelp(false); else if (panel) closePanel(); else navigate(LIBRARY_HREF); break;
      case '?': setHelp((v) => !v); break;
      default: return;
    }
    e.preventDefault();
  });

  return (
    <>
      <Toolbar prefs={prefs} onChange={changePrefs} libraryHref={LIBRARY_HREF} original={original}
        open={panel} onToggle={() => setPanel((v) => !v)} onHelp={() => setHelp(true)} />
      {help && <Help onClose={() => setHelp(false)} />}
      <main id="main" class="reader" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <p class="status">Opening…</p>}
        {state.kind === 'missing' && (
          <div class="status" role="alert">
            <h1>Clip not found</h1>
            <p>It may have been deleted, or the link is incomplete. <a href={LIBRARY_HREF}>Go to the library</a>.</p>
          </div>
        )}
        {state.kind === 'error' && (
          <div class="status" role="alert"><h1>Could not open this clip</h1><p>{state.message}</p></div>
        )}
        {state.kind === 'ready' && (
          <Article clip={state.clip} transform={transform} source={source} original={original}
            notice={state.clip.deletedAt !== null && (
              <InTrash deletedAt={state.clip.deletedAt} onRestore={async () => {
                const shown = state.clip;
                if (await api.restore(shown.id) === 'gone') return 'gone';
                setState((s) => (s.kind === 'ready' && s.clip.id === shown.id ? { ...s, clip: { ...s.clip, deletedAt: null } } : s));
                return 'restored';
              }} />
            )} />
        )}
      </main>
      {state.kind === 'ready' && (nav.newer || nav.older) && (
        <nav class="pager" aria-label="More clips">
          {nav.newer ? <a href={clipHref(nav.newer)} rel="prev">← Newer</a> : <span />}
          {nav.older ? <a href={clipHref(nav.older)} rel="next">Older →</a> : <span />}
        </nav>
      )}
    </>
  );
}

/**
 * A clip opened from the trash (a link kept from before, the browser's history) says so, and
 * when it goes for good, with a way to take it back out. A failed restore says why. A clip
 * deleted forever meanwhile (Empty trash, Delete forever in a library tab) says so: its note
 * went as if Restore had brought it back, and the library never showed it again.
 */
function InTrash({ deletedAt, onRestore }: { deletedAt: number; onRestore: () => Promise<'restored' | 'gone'> }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState(false);
  const goneRef = useRef<HTMLParagraphElement>(null);
  // The Restore button goes with the news, and the focus was on it.
  useEffect(() => { if (gone) goneRef.current?.focus(); }, [gone]);
  const restore = () => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    onRestore().then((outcome) => { if (outcome === 'gone') setGone(true); }, (err: unknown) => {
      setFailed(err instanceof Error ? err.message : String(err));
      setBusy(false);
    });
  };
  if (gone) {
    return (
      <div class="in-trash" role="alert" data-testid="in-trash">
        <p ref={goneRef} tabIndex={-1}>This clip was deleted forever meanwhile: it is no longer in the library and cannot be restored.</p>
      </div>
    );
  }
  return (
    <div class="in-trash" role="status" data-testid="in-trash">
      <p>This clip is in the trash. It will be deleted forever on {formatInstantDay(deletedAt + TRASH_RETENTION_MS, 'long')}.</p>
      <button type="button" class="tb-btn" onClick={restore} aria-disabled={busy ? 'true' : undefined}>Restore</button>
      {failed && <p role="alert">Could not restore it: {failed}</p>}
    </div>
  );
}

/** Names that differ only in case and spacing ('The Verge' / 'the  verge'). */
function sameName(a: string, b: string | null): boolean {
  const norm = (s: string) => s.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  return b !== null && norm(a) === norm(b);
}

/**
 * The clip's original as the reader offers it: a web page as a link; a file on this computer
 * as a button that opens it through the extension, where the browser allows that; otherwise
 * none (the article's foot still gives the file's path, as text).
 */
function originalLink(source: ClipSource | null, filesOpen: boolean, api: ReaderApi): OriginalLink | null {
  const original = source?.original;
  if (!source || !original) return null;
  if (original.kind === 'web') return { kind: 'link', href: original.url };
  return filesOpen ? { kind: 'file', path: source.detail, open: () => void api.openFile(original.url) } : null;
}

function Article({ clip, transform, source, original, notice }: { clip: StoredClip; transform: (f: DocumentFragment) => void; source: ClipSource | null; original: OriginalLink | null; notice?: ComponentChildren }) {
  const dir = clip.dir ?? undefined;
  const lang = clip.lang ?? undefined;
  // The site is the kicker above the title, so the line under it leaves it out; a byline
  // that only names the site (no person given: 'BBC News', 'Reuters') is left out too.
  const byline = clip.byline && !sameName(clip.byline, clip.site) ? clip.byline : null;
  const meta = [byline, formatStatedDay(clip.published, 'long')].filter(Boolean);
  return (
    <article class="article" lang={lang} dir={dir}>
      {notice}
      <header class="article-head">
        {clip.site && <p class="kicker">{clip.site}</p>}
        <h1 class="title">{clip.title}</h1>
        {/* Each item isolated (<bdi>): in a right-to-left clip the items run right to left, but
            "4 min read" or "March 5, 2024" inside one must not read "min read 4". */}
        <p class="byline">
          {meta.map((m, i) => <Fragment key={i}><bdi>{m}</bdi> · </Fragment>)}
          <bdi>{clip.readingMinutes} min read</bdi>
        </p>
        {/* On paper: the web page's address (the one Original opens), else the file's path. */}
        {source && <p class="source print-only">{source.original?.kind === 'web' ? source.original.url : source.detail}</p>}
      </header>
      <ClipTable clip={clip} />
      <SanitizedHtml html={clip.html} transform={transform} class="content" lang={lang} dir={dir} />
      <footer class="article-foot">
        <bdi>Saved {formatInstantDay(clip.savedAt, 'long')}</bdi>
        {original?.kind === 'link' && <> · <a href={original.href} target="_blank" rel="noopener noreferrer">Read the original</a></>}
        {source?.original?.kind === 'file' && (
          <>
            {' · From the file '}
            {original?.kind === 'file' ? (
              <button type="button" class="link-btn source-path" onClick={original.open} title="Open the original file" data-testid="original-file">{source.detail}</button>
            ) : (
              <bdi class="source-path" data-testid="original-file">{source.detail}</bdi>
            )}
          </>
        )}
        {clip.tags.length > 0 && <> · {clip.tags.map((t) => <bdi key={t} class="tag">{t}</bdi>)}</>}
      </footer>
    </article>
  );
}
