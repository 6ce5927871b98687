import type { ComponentChildren } from 'preact';
import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { MAX_IMAGES_PER_CLIP, type ExistingClip, type FailedImage, type PdfDownload } from '../../shared/messages';
import { BlockedIcon, CheckIcon, ImagePlaceholderIcon } from './Icons';
import { formatInstantDay } from '../../shared/dates';

/**
 * Focuses `ref` once it is on screen, unless the focus is already on something: a panel that
 * replaces the control the user was on (Save, Try again, a clip-mode link) takes the focus,
 * which the browser had dropped to the body; one that appears while the user is on the engine
 * or page-kind select (a new preview loading under it) leaves the focus there. Runs in the
 * commit that puts it on screen (a layout effect), when the control that had the focus is
 * gone. An effect runs after the paint: for a frame Save showed without the focus, and an
 * Enter pressed the moment it appeared went to the body (popup-save-focus, clip-image-cap).
 */
export function useFocusWhenLost(ref: { readonly current: HTMLElement | null }): void {
  useLayoutEffect(() => {
    const el = ref.current;
    const active = el?.ownerDocument.activeElement;
    if (el && (!active || active === el.ownerDocument.body)) el.focus();
  }, []);
}

export function Loading() {
  return (
    <div class="loading" aria-busy="true" aria-label="Reading the page">
      <div class="sk sk-image" />
      <div class="sk sk-line wide" />
      <div class="sk sk-line" />
      <div class="sk sk-line short" />
    </div>
  );
}

export interface CannotClipProps {
  message: string;
  /** The remedy is a switch on Sift's settings page ("Allow access to file URLs"): a button that opens it. */
  onOpenSettings?: (() => void) | null;
  /** A PDF: downloads it through the browser (the panel shows the progress and the outcome). */
  onDownloadPdf?: (() => Promise<PdfDownload>) | null;
  /** Somewhere to go from a page Sift can never clip: the library of saved clips. */
  onOpenLibrary?: (() => void) | null;
  /** A page too large to clip whole, with a selection: clips the selection instead. */
  onSaveSelection?: (() => void) | null;
  /** A page too large to clip whole, nothing selected: say how to clip part of it. */
  explainSelection?: boolean;
  /** A page that may still be loading or busy: asks again, as the error panel's Try again does. */
  onRetry?: (() => void) | null;
  /** A page that did not load (the browser's error page): reloads the tab, then asks again. */
  onReload?: (() => void) | null;
}

/** How to clip part of a page too large to clip whole (the context menu item is worker.ts MENU_CLIP_SELECTION). */
export const SELECTION_HINT = 'To keep part of it, select that part on the page, then open Sift again, or right-click the selection and choose “Clip selection”.';

type DownloadState = { phase: 'idle' } | { phase: 'downloading' } | { phase: 'done'; download: PdfDownload } | { phase: 'failed'; error: string };

/** The file's name from the path the browser reports (either separator). */
function fileName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

function downloadStatus(state: DownloadState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'downloading':
      return 'Downloading the PDF…';
    case 'done':
      return state.download.kind === 'complete'
        ? `Downloaded: ${fileName(state.download.filename) || 'the PDF'} is in your downloads.`
        : 'The download has started; the browser’s downloads list shows its progress.';
    case 'failed':
      return state.error;
  }
}

/**
 * A page Sift cannot clip. The panel opened with nothing focused: a screen reader might catch
 * the alert as it appeared, but the focus was on the body and Tab started from the top. The
 * main control now takes the focus, described by the heading and the message: "Open Sift’s
 * settings" for a file Sift may not read yet, "Download this PDF" for a PDF, "Save selection"
 * for a page too large to clip whole where the user has selected the part to keep, "Try
 * again" for a page that may still be loading or busy, "Reload page" for a page that did not
 * load (the browser's error page), "Open library" for the browser's own
 * pages and its extension stores (which no extension may ever clip, so the user is not left
 * with nothing to do); Tab goes on to the others. With no control at all (a frameset, a file
 * shown in the tab, a page too large with nothing selected) the heading takes it, described by
 * the message (and, on the large page, by how to clip part of it), so the reason is said with
 * the focus too. The panel stays an alert, as ErrorPanel does.
 *
 * "Download this PDF" stays on screen and focused while it runs (aria-disabled, as Save is):
 * the status line under it (a live region, on screen from the start so its changes are
 * announced, and in the button's description) says "Downloading…", then where the file went or
 * why it failed; pressing it again after a failure tries again.
 */
export function CannotClip({
  message,
  onOpenSettings = null,
  onDownloadPdf = null,
  onOpenLibrary = null,
  onSaveSelection = null,
  explainSelection = false,
  onRetry = null,
  onReload = null,
}: CannotClipProps) {
  const settings = useRef<HTMLButtonElement>(null);
  const download = useRef<HTMLButtonElement>(null);
  const selection = useRef<HTMLButtonElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  const reload = useRef<HTMLButtonElement>(null);
  const library = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const main = onOpenSettings ? settings : onDownloadPdf ? download : onSaveSelection ? selection : onReload ? reload : onRetry ? retry : onOpenLibrary ? library : null;
  useFocusWhenLost(main ?? heading);
  const describedBy = 'cannot-head cannot-message';
  const startDownload = () => {
    if (!onDownloadPdf || state.phase === 'downloading') return;
    setState({ phase: 'downloading' });
    // Called in the click itself: the permission prompt needs the user's gesture.
    onDownloadPdf().then(
      (done) => setState({ phase: 'done', download: done }),
      (err: unknown) => setState({ phase: 'failed', error: err instanceof Error ? err.message : String(err) }),
    );
  };
  return (
    <div class="panel center" role="alert" data-testid="cannot-clip">
      <BlockedIcon />
      <h2 id="cannot-head" ref={heading} tabIndex={main ? undefined : -1} aria-describedby={main ? undefined : explainSelection ? 'cannot-message cannot-hint' : 'cannot-message'}>
        Sift can’t clip this page
      </h2>
      <p id="cannot-message">{message}</p>
      {explainSelection && (
        <p id="cannot-hint" data-testid="cannot-hint">
          {SELECTION_HINT}
        </p>
      )}
      {onSaveSelection && (
        <button class="primary" ref={selection} onClick={onSaveSelection} aria-describedby={describedBy} data-testid="save-selection">
          Save selection
        </button>
      )}
      {onReload && (
        <button class="primary" ref={reload} onClick={onReload} aria-describedby={describedBy} data-testid="reload-page">
          Reload page
        </button>
      )}
      {onRetry && (
        <button class="secondary" ref={retry} onClick={onRetry} aria-describedby={main === retry ? describedBy : undefined} data-testid="try-again">
          Try again
        </button>
      )}
      {onOpenSettings && (
        <button class="secondary" ref={settings} onClick={onOpenSettings} aria-describedby={describedBy} data-testid="open-settings">
          Open Sift’s settings
        </button>
      )}
      {onDownloadPdf && (
        <>
          <button
            class="primary"
            ref={download}
            onClick={startDownload}
            aria-disabled={state.phase === 'downloading'}
            aria-describedby={`${describedBy} pdf-status`}
            data-testid="download-pdf"
          >
            {state.phase === 'downloading' ? 'Downloading…' : state.phase === 'failed' ? 'Try the download again' : 'Download this PDF'}
          </button>
          <p id="pdf-status" class={state.phase === 'failed' ? 'download-status failed' : 'download-status'} role="status" data-testid="pdf-status" data-state={state.phase}>
            {downloadStatus(state)}
          </p>
        </>
      )}
      {onOpenLibrary && (
        <button class="secondary" ref={library} onClick={onOpenLibrary} aria-describedby={main === library ? describedBy : undefined} data-testid="open-library">
          Open library
        </button>
      )}
    </div>
  );
}

export interface NotArticleProps {
  message: string;
  hasSelection: boolean;
  onSaveAnyway: () => void;
  onSaveSelection: () => void;
  onSaveFullPage: () => void;
}

/**
 * Not an article: clip it anyway, a selection or the whole page. The panel replaced the
 * loading view with nothing focused, and it is no live region, so a screen reader said nothing
 * of it. Now "Save anyway" (the article as the engine found it; always enabled, where "Save
 * selection" needs a selection) takes the focus, described by the heading and the reason, and
 * Tab goes on to the other two; not while the user is on the engine select (useFocusWhenLost).
 */
export function NotArticle({ message, hasSelection, onSaveAnyway, onSaveSelection, onSaveFullPage }: NotArticleProps) {
  const saveAnyway = useRef<HTMLButtonElement>(null);
  useFocusWhenLost(saveAnyway);
  return (
    <div class="panel" data-testid="not-article">
      <h2 id="not-article-head">This doesn’t look like an article</h2>
      <p class="muted" id="not-article-message">{message}</p>
      <div class="choices">
        <button class="secondary" ref={saveAnyway} onClick={onSaveAnyway} aria-describedby="not-article-head not-article-message" data-testid="save-anyway">
          Save anyway
        </button>
        <SelectionButton class="secondary" hasSelection={hasSelection} onClick={onSaveSelection}>
          Save selection
        </SelectionButton>
        <button class="secondary" onClick={onSaveFullPage}>Save full page</button>
      </div>
    </div>
  );
}

export interface SelectionButtonProps {
  class: string;
  hasSelection: boolean;
  /** A save is running: the button does nothing, and says nothing more. */
  busy?: boolean;
  onClick: () => void;
  children: ComponentChildren;
}

/**
 * "Save selection" when nothing is selected. It used to be a disabled button whose reason was
 * only a hover title: Tab skipped it, a screen reader never heard the reason, and a keyboard
 * user could not find out why it was there. It stays focusable (aria-disabled), is described
 * by the reason, and a press shows the reason on screen instead of doing nothing silently.
 */
export function SelectionButton({ class: cls, hasSelection, busy = false, onClick, children }: SelectionButtonProps) {
  const hintId = useId();
  const [explained, setExplained] = useState(false);
  return (
    <>
      <button
        class={cls}
        aria-disabled={busy || !hasSelection}
        aria-describedby={hasSelection ? undefined : hintId}
        onClick={() => { if (!hasSelection) setExplained(true); else if (!busy) onClick(); }}
      >
        {children}
      </button>
      {!hasSelection && (
        <span id={hintId} class={explained ? 'selection-hint' : 'visually-hidden'} data-testid="selection-hint">
          Select some text on the page first, then open Sift again.
        </span>
      )}
    </>
  );
}

export interface DuplicateProps {
  existing: ExistingClip[];
  /** Opens the most recently saved copy (the one "Update saved copy" would replace). */
  onOpenReader: () => void;
  onUpdate: () => void;
  onKeepBoth: () => void;
}

/**
 * The page is already saved: open that copy, update it, or keep both. It replaces Save, on a
 * popup opened on a saved page and when Save is answered "already saved", and the focus was
 * then on nothing (the body): a screen reader said nothing, and Tab started from the top.
 * Now "Open in reader" takes the focus (Enter reads the saved copy; nothing is overwritten by
 * a second Enter), described by "You saved this page on …", and Tab goes on to the choices.
 */
export function DuplicateChoice({ existing, onOpenReader, onUpdate, onKeepBoth }: DuplicateProps) {
  const latest = existing[0];
  const openReader = useRef<HTMLButtonElement>(null);
  useFocusWhenLost(openReader);
  return (
    <div class="notice" role="group" aria-label="Already saved" data-testid="duplicate">
      <p>
        <span id="duplicate-note">
          You saved this page {latest ? `on ${formatInstantDay(latest.savedAt, 'short')}` : 'before'}
          {existing.length > 1 ? ` (${existing.length} copies)` : ''}.
        </span>{' '}
        {latest && (
          <button class="link" ref={openReader} onClick={onOpenReader} aria-describedby="duplicate-note" data-testid="open-saved-copy">
            Open in reader
          </button>
        )}
      </p>
      <div class="row">
        <button class="primary" onClick={onUpdate}>Update saved copy</button>
        <button class="secondary" onClick={onKeepBoth}>Keep both</button>
      </div>
    </div>
  );
}

export interface SavedProps {
  title: string;
  updated: boolean;
  imagesSaved: number;
  imagesFailed: FailedImage[];
  /** Images past the per-clip cap: never fetched, so the reader leaves them out too. */
  imagesLeftOut?: number;
  ms: number;
  onOpenReader: () => void;
  onAllowAllSites: (() => void) | null;
}

/**
 * The confirmation. Save disappears with it, so the focus moves to "Open in reader" (the next
 * thing to do; Enter opens the clip), which the confirmation describes: a screen reader says
 * "Open in reader, button, Saved to your library, <title>, 3 images kept offline". Before,
 * the focus fell to the body and nothing was said (a live region inserted together with its
 * text is not announced); warnings are alerts of their own.
 */
export function Saved({ title, updated, imagesSaved, imagesFailed, imagesLeftOut = 0, ms, onOpenReader, onAllowAllSites }: SavedProps) {
  const openReader = useRef<HTMLButtonElement>(null);
  // In the commit that shows it (see useFocusWhenLost): an Enter at once opens the reader.
  useLayoutEffect(() => openReader.current?.focus(), []);
  return (
    <div class="panel" data-testid="saved">
      <div class="saved-head" id="saved-head">
        <CheckIcon />
        <div>
          <h2>{updated ? 'Saved copy updated' : 'Saved to your library'}</h2>
          <p class="muted clamp">{title}</p>
        </div>
      </div>
      <p class="muted small" id="saved-summary" data-testid="saved-summary">
        {imagesSaved} image{imagesSaved === 1 ? '' : 's'} kept offline · {(ms / 1000).toFixed(1)} s
      </p>
      {imagesFailed.length > 0 && (
        <div class="warning" role="alert" data-testid="image-warning">
          <strong>
            {imagesFailed.length} image{imagesFailed.length === 1 ? '' : 's'} could not be saved
          </strong>
          <span> — the reader leaves {imagesFailed.length === 1 ? 'it' : 'them'} out.</span>
          <FailedImageList failed={imagesFailed} />
          {onAllowAllSites && (
            <button class="link" onClick={onAllowAllSites}>
              Allow Sift to read images from all sites and retry
            </button>
          )}
        </div>
      )}
      {imagesLeftOut > 0 && (
        <div class="warning" role="alert" data-testid="images-left-out">
          <strong>
            {imagesLeftOut} more image{imagesLeftOut === 1 ? ' was' : 's were'} not saved
          </strong>
          <span>
            {' '}
            — Sift keeps at most {MAX_IMAGES_PER_CLIP} images per clip; the reader leaves {imagesLeftOut === 1 ? 'it' : 'them'} out.
          </span>
        </div>
      )}
      <button class="primary wide" ref={openReader} onClick={onOpenReader} aria-describedby="saved-head saved-summary" data-testid="open-reader">
        Open in reader
      </button>
    </div>
  );
}

/** Failed images listed in full up to this many; beyond, the first ones and a disclosure. */
const FAILED_SHOWN = 4;

/**
 * Every failed image stays reachable: the first few, then a native <details> ("and 7 more",
 * focusable and opened with Enter or Space) holding the rest. The list stopped at four, so a
 * page with 11 failures never said which other 7 were lost. A single extra line is shown
 * rather than hidden behind a disclosure of one.
 */
function FailedImageList({ failed }: { failed: FailedImage[] }) {
  const cut = failed.length > FAILED_SHOWN + 1 ? FAILED_SHOWN : failed.length;
  const item = (f: FailedImage) => (
    <li key={f.url}>
      <ImagePlaceholderIcon /> <span class="url">{shortUrl(f.url)}</span>: {f.error}
    </li>
  );
  return (
    <>
      <ul>{failed.slice(0, cut).map(item)}</ul>
      {cut < failed.length && (
        <details class="more-failed" data-testid="more-failed">
          <summary>and {failed.length - cut} more</summary>
          <ul>{failed.slice(cut).map(item)}</ul>
        </details>
      )}
    </>
  );
}

/**
 * A failed preview or save. The control the user was on (Save, Update saved copy) is gone, and
 * the focus fell to the body: "Try again" now takes it, described by the error, so the error
 * is said with the focus. The panel stays an alert: a screen reader announces an alert as it
 * appears, and the focus moving a moment later may cut that short (the description repeats
 * it rather than leave it unsaid).
 */
export function ErrorPanel({ message, onRetry }: { message: string; onRetry: () => void }) {
  const retry = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => retry.current?.focus(), []);
  return (
    <div class="panel center" role="alert" data-testid="error">
      <h2 id="error-head">Something went wrong</h2>
      <p id="error-message">{message}</p>
      <button class="secondary" ref={retry} onClick={onRetry} aria-describedby="error-head error-message" data-testid="try-again">Try again</button>
    </div>
  );
}

function shortUrl(url: string): string {
  if (url.startsWith('data:')) return 'inline image';
  try {
    const u = new URL(url);
    const file = u.pathname.split('/').filter(Boolean).pop() ?? '';
    // A file beside a page opened from disk: its name says which one.
    if (u.protocol === 'file:') return decodeURIComponent(file).slice(0, 60);
    return `${u.hostname}/…/${file}`.slice(0, 60);
  } catch {
    return url.slice(0, 60);
  }
}
