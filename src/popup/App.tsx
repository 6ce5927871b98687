import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { PageKind } from '../core/types';
import { clipImageUrls } from '../shared/clipImages';
import { CONTENT_ENGINES, isContentEngine, MAX_IMAGES_PER_CLIP, SAMPLE_TIMEOUT_MS, type CannotClipCode, type ClipData, type ClipMode, type ContentEngine, type EngineSample, type ExistingClip, type OnDuplicate, type PreviewReply, type SaveReply } from '../shared/messages';
import type { PopupApi, PreviewChoice } from './api';
import { compareReducer, remainingEngines, type CompareState } from './compare';
import { Compare, ENGINE_HINTS, ENGINE_LABELS } from './components/Compare';
import { SiftMark } from '../ui/SiftMark';
import { CannotClip, DuplicateChoice, ErrorPanel, Loading, NotArticle, Saved, SelectionButton, useFocusWhenLost } from './components/Panels';
import { Preview, type LeadImage } from './components/Preview';
import { KindSelect, Records, tableOf } from './components/Records';
import { useWindowKeydown } from '../ui/useWindowKeydown';

type SavedReply = Extract<SaveReply, { kind: 'saved' }>;

type State =
  | { phase: 'loading' }
  /** `retry`, `hasSelection`: what the refusal says the user can do (CannotClipReply). */
  | { phase: 'cannot'; code: CannotClipCode; message: string; retry: boolean; hasSelection: boolean }
  | { phase: 'not-article'; message: string; hasSelection: boolean }
  | PreviewState
  /** `imagesLeftOut`: images of the clip past the per-clip cap, never sent to be saved. */
  | { phase: 'saved'; clip: ClipData; imageUrls: string[]; reply: SavedReply; imagesLeftOut: number }
  /** `preview`: the preview a failed save came from, which Try again brings back as it was. */
  | { phase: 'error'; message: string; preview?: PreviewState };

/** `asTable`: save the list's record table / the product's attributes with the clip (issue 7). */
type PreviewState = { phase: 'preview'; clip: ClipData; imageUrls: string[]; existing: ExistingClip[]; saving: OnDuplicate | null; hasSelection?: boolean; asTable?: boolean };

/**
 * The whole comparison stops starting engines after this long: each engine is already
 * capped by the background (8 s), and four slow ones should not keep the user waiting
 * more than about twice that. Engines not started are reported as skipped.
 */
export const COMPARE_BUDGET_MS = 16_000;
/**
 * The popup's own wait per engine: the background answers `timed-out` after
 * SAMPLE_TIMEOUT_MS; this covers a background that never answers at all (a worker
 * restarted mid-request), so no column can wait forever.
 */
export const SAMPLE_GUARD_MS = SAMPLE_TIMEOUT_MS + 2_000;

/** One engine's sample, or `timed-out` when no answer comes within `ms`. */
async function sampleWithin(api: PopupApi, engine: ContentEngine, ms: number): Promise<EngineSample> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<EngineSample>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed-out', engine, afterMs: ms }), ms);
  });
  try {
    return await Promise.race([api.sampleEngine(engine), late]);
  } catch (err) {
    return { kind: 'failed', engine, message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export interface AppProps {
  api: PopupApi;
  initialMode: ClipMode;
  /** The first preview, already requested before the UI rendered (saves the render time). */
  initialPreview?: Promise<PreviewReply> | undefined;
  /** Called once the first answer (preview or message) is on screen; the e2e test reads the latency. */
  onFirstAnswer?: () => void;
}

/** The clip as it will be saved: without the structured data when the user turned "Clip as table" off. */
function clipToSave(clip: ClipData, asTable: boolean): ClipData {
  if (asTable) return clip;
  const { table: _table, attributes: _attributes, ...plain } = clip;
  return plain;
}

/**
 * Images the clip shows beyond the MAX_IMAGES_PER_CLIP sent to be saved. The reader drops
 * an image it has no bytes for, so on a 300-photo page the last 100 vanished from the saved
 * copy while the popup said only "200 images kept offline".
 */
function imagesLeftOut(clip: ClipData, imageUrls: string[]): number {
  if (imageUrls.length < MAX_IMAGES_PER_CLIP) return 0;
  return Math.max(0, clipImageUrls(clip, clip.url).length - imageUrls.length);
}

function isBlockedFailure(error: string): boolean {
  return error.includes('all sites') || error.includes('cross-origin');
}

export function App({ api, initialMode, initialPreview, onFirstAnswer }: AppProps) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [title, setTitle] = useState('');
  /**
   * The title as the user typed it, once they have. The page's title is the same whichever
   * engine, page kind or clip mode made the preview, so a new preview keeps the user's words
   * instead of putting the page's back.
   */
  const editedTitle = useRef<string | null>(null);
  const editTitle = useCallback((next: string) => {
    editedTitle.current = next;
    setTitle(next);
  }, []);
  const [leadImage, setLeadImage] = useState<LeadImage>({ state: 'loading' });
  const [answered, setAnswered] = useState(false);
  /** The user's choices so far (kind override, engine); every later preview keeps them. */
  const [choice, setChoice] = useState<PreviewChoice>({});
  /** The clip mode of the preview on screen, so an engine switch re-runs the same mode. */
  const [mode, setMode] = useState<ClipMode>(initialMode);
  /** The content engine in effect (the reply says which; the user's choice or the core's default). */
  const [engine, setEngine] = useState<ContentEngine | null>(null);
  /**
   * The page kind in the top label. It stays on screen (and the engine select below it)
   * while a new preview loads, so a keyboard user who changes either with the arrow keys
   * keeps focus on it and can go on to the next value.
   */
  const [kindShown, setKindShown] = useState<PageKind | null>(null);
  const [compare, dispatchCompare] = useReducer(compareReducer, null);
  const closeCompareView = useCallback(() => dispatchCompare({ type: 'close' }), []);
  /**
   * The comparison allowed to ask for its next engine; anything else stops the loop. The
   * reducer holds the run shown on screen, so a stopped run's late answer is recognised there.
   */
  const compareRun = useRef(0);
  const runsStarted = useRef(0);
  /** Bumped per preview request: an answer to an older request (the user changed engine or kind again meanwhile) is dropped. */
  const loadRun = useRef(0);

  const load = useCallback(
    async (nextMode: ClipMode, pending?: Promise<PreviewReply>, nextChoice: PreviewChoice = {}) => {
      const run = ++loadRun.current;
      compareRun.current = 0;
      closeCompareView();
      setState({ phase: 'loading' });
      setMode(nextMode);
      setChoice(nextChoice);
      setLeadImage({ state: 'loading' });
      try {
        const reply = await (pending ?? api.preview(nextMode, nextChoice));
        if (run !== loadRun.current) return;
        setKindShown(reply.kind === 'clip' ? (reply.clip.pageKind ?? null) : null);
        if (reply.kind !== 'cannot-clip') {
          const clipEngine = reply.kind === 'clip' ? reply.clip.engine : null;
          setEngine(reply.engine ?? (isContentEngine(clipEngine) ? clipEngine : null) ?? nextChoice.engine ?? null);
        }
        if (reply.kind === 'cannot-clip') {
          setState({ phase: 'cannot', code: reply.code, message: reply.message, retry: reply.retry === true, hasSelection: reply.hasSelection === true });
        }
        else if (reply.kind === 'not-article') setState({ phase: 'not-article', message: reply.message, hasSelection: reply.hasSelection });
        else {
          setTitle(editedTitle.current ?? reply.clip.title);
          setState({
            phase: 'preview', clip: reply.clip, imageUrls: reply.imageUrls, existing: reply.existing, saving: null, hasSelection: reply.hasSelection,
            asTable: tableOf(reply.clip) !== null,
          });
          // The thumbnail arrives after the text: the preview never waits on an image.
          if (reply.clip.leadImage) {
            const shown = (lead: LeadImage) => { if (run === loadRun.current) setLeadImage(lead); };
            api.imagePreview(reply.clip.leadImage).then(
              (src) => shown(src ? { state: 'ready', src } : { state: 'unavailable' }),
              () => shown({ state: 'unavailable' }),
            );
          }
        }
      } catch (err) {
        if (run !== loadRun.current) return;
        setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    },
    [api],
  );

  useEffect(() => {
    void load(initialMode, initialPreview);
  }, [load, initialMode, initialPreview]);

  /** Engine choice (select or compare view): remembered as the default, and the preview re-runs with it. */
  const chooseEngine = useCallback(
    (next: ContentEngine) => {
      void api.setEngine(next).catch(() => undefined);
      setEngine(next);
      // Selection and full-page clips do not use an engine: switching engine means the article.
      const nextMode = mode === 'selection' || mode === 'fullpage' ? 'article' : mode;
      void load(nextMode, undefined, { ...choice, engine: next });
    },
    [api, load, mode, choice],
  );

  /**
   * Try again, after a refusal that may pass (a page still loading or busy) or an error (the
   * page did not answer): the request that failed, with its clip mode and the user's engine and
   * page kind, which the selects go on showing. load() set both before asking.
   */
  const askAgain = useCallback(() => void load(mode, undefined, choice), [load, mode, choice]);

  /** "Reload page" on a page that did not load: the tab loads it again, then the same request is asked again. */
  const reloadPage = useCallback(async () => {
    setState({ phase: 'loading' });
    await api.reloadTab().catch(() => undefined);
    askAgain();
  }, [api, askAgain]);

  /** Kind override: "anyway" so a short list page is not turned away again. */
  const chooseKind = useCallback(
    (kind: PageKind) => {
      setKindShown(kind);
      void load('article-anyway', undefined, { ...choice, kind });
    },
    [load, choice],
  );

  /**
   * Runs `ask` one after another (never in parallel: they share the page's main thread),
   * keeping the answers of `keep` on screen. Stops asking as soon as the run is no longer
   * the current one (Stop, Back, a new preview); an answer that comes after that goes to
   * the reducer, which ignores it for the view.
   */
  const runCompare = useCallback(
    async (ask: readonly ContentEngine[], keep?: CompareState) => {
      const run = ++runsStarted.current;
      compareRun.current = run;
      const started = performance.now();
      dispatchCompare({ type: 'start', run, order: CONTENT_ENGINES, ask, ...(keep ? { keep: keep.engines } : {}), now: started });
      for (const next of ask) {
        if (compareRun.current !== run) return;
        if (performance.now() - started > COMPARE_BUDGET_MS) {
          dispatchCompare({ type: 'out-of-time', run, engine: next });
          continue;
        }
        dispatchCompare({ type: 'asking', run, engine: next, now: performance.now() });
        const sample = await sampleWithin(api, next, SAMPLE_GUARD_MS);
        dispatchCompare({ type: 'answer', run, engine: next, sample });
      }
      if (compareRun.current !== run) return;
      compareRun.current = 0;
      dispatchCompare({ type: 'finish', run, now: performance.now() });
    },
    [api],
  );
  const startCompare = useCallback(() => void runCompare(CONTENT_ENGINES), [runCompare]);

  /** Stop: the view is usable at once; the engine still busy in the page is abandoned. */
  const stopCompare = useCallback(() => {
    compareRun.current = 0;
    dispatchCompare({ type: 'stop', now: performance.now() });
  }, []);

  /** The "Compare engines" button, where focus returns when the view closes. */
  const compareButton = useRef<HTMLButtonElement>(null);
  /** Set by closeCompare: the commit that brings the button back gives it the focus. */
  const refocusCompare = useRef(false);
  const closeCompare = useCallback(() => {
    compareRun.current = 0;
    refocusCompare.current = true;
    closeCompareView();
  }, [closeCompareView]);
  // In that commit (a layout effect), not in a timer after it: for a moment the button was
  // back with the focus on the body, and a key pressed then (Enter to compare again) was lost.
  useLayoutEffect(() => {
    if (!refocusCompare.current) return;
    refocusCompare.current = false;
    compareButton.current?.focus();
  });

  /** Esc in the compare view: stop the running engine, or (nothing running) go back to the preview. */
  const comparing = compare !== null;
  const compareRunning = comparing && compare.phase === 'running';
  // useWindowKeydown: the handler of the latest render, so an Esc pressed as soon as Stop
  // shows stops, and a second Esc right after a stop already means "back".
  useWindowKeydown((event) => {
    if (!comparing || event.key !== 'Escape' || event.defaultPrevented) return;
    // A toolbar popup closes on Esc; here Esc means "stop" / "back" first.
    event.preventDefault();
    if (compareRunning) stopCompare();
    else closeCompare();
  });

  useEffect(() => {
    if (!answered && state.phase !== 'loading') {
      setAnswered(true);
      onFirstAnswer?.();
    }
  }, [state.phase, answered, onFirstAnswer]);

  const save = useCallback(
    async (onDuplicate: OnDuplicate, updateId: string | null = null) => {
      if (state.phase !== 'preview' || state.saving) return;
      const clip = clipToSave({ ...state.clip, title: title.trim() || state.clip.title }, state.asTable ?? false);
      setState({ ...state, saving: onDuplicate });
      void api.persistStorage();
      try {
        const reply = await api.save(clip, state.imageUrls, onDuplicate, updateId);
        if (reply.kind === 'duplicate') setState({ ...state, existing: reply.existing, saving: null });
        else setState({ phase: 'saved', clip, imageUrls: state.imageUrls, reply, imagesLeftOut: imagesLeftOut(clip, state.imageUrls) });
      } catch (err) {
        // Nothing the user did is lost: Try again returns to this preview, the edited title
        // (kept in `title`) and the table choice with it, without extracting the page again.
        // Not the saved copies it knew of: what failed may be that they changed (the copy to
        // update was deleted meanwhile), and Save asks about copies itself ('ask').
        setState({ phase: 'error', message: err instanceof Error ? err.message : String(err), preview: { ...state, saving: null, existing: [] } });
      }
    },
    [api, state, title],
  );

  /** After the user grants the all-sites permission, save again over the same clip to fetch the blocked images. */
  const retryWithPermission = useCallback(async () => {
    if (state.phase !== 'saved') return;
    const { clip, imageUrls, reply: previous } = state;
    if (!(await api.allowImagesFromAllSites())) return;
    setState({ phase: 'preview', clip, imageUrls, existing: [], saving: 'update' });
    try {
      const reply = await api.save(clip, imageUrls, 'update', previous.clipId);
      setState(reply.kind === 'saved' ? { phase: 'saved', clip, imageUrls, reply, imagesLeftOut: state.imagesLeftOut } : { phase: 'error', message: 'The saved copy changed meanwhile; open the popup again.' });
    } catch (err) {
      setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, [api, state]);

  let body;
  let footer = null;
  switch (state.phase) {
    case 'loading':
      body = <Loading />;
      break;
    case 'cannot': {
      // A file Sift may not read yet: the switch is on Sift's own settings page, one click
      // away where the browser lets an extension open that page (not Firefox's about:addons).
      const openSettings = state.code === 'file-access' ? api.openExtensionSettings : null;
      // Pages no extension may ever clip: the library is somewhere to go (and the PDF's own download).
      const offerLibrary = state.code === 'browser-page' || state.code === 'store-page' || state.code === 'pdf' || state.code === 'pdf-file';
      // A page too large to clip whole: its selection is clipped whatever the page's size (a
      // selection too large itself says so in the message: select less, no offer again).
      const wholePageTooLarge = state.code === 'too-large' && mode !== 'selection';
      body = (
        <CannotClip
          message={state.message}
          onOpenSettings={openSettings ? () => void openSettings().then(() => api.close()) : null}
          onDownloadPdf={state.code === 'pdf' ? api.downloadPdf : null}
          onOpenLibrary={offerLibrary ? () => void api.openLibrary().then(() => api.close()) : null}
          onSaveSelection={wholePageTooLarge && state.hasSelection ? () => void load('selection', undefined, choice) : null}
          explainSelection={wholePageTooLarge && !state.hasSelection}
          onRetry={state.retry ? askAgain : null}
          onReload={state.code === 'error-page' ? () => void reloadPage() : null}
        />
      );
      break;
    }
    case 'not-article':
      body = (
        <NotArticle
          message={state.message}
          hasSelection={state.hasSelection}
          onSaveAnyway={() => void load('article-anyway')}
          onSaveSelection={() => void load('selection')}
          onSaveFullPage={() => void load('fullpage')}
        />
      );
      break;
    case 'error': {
      const back = state.preview;
      body = <ErrorPanel message={state.message} onRetry={back ? () => setState(back) : askAgain} />;
      break;
    }
    case 'saved': {
      const { reply } = state;
      const blocked = reply.imagesFailed.some((f) => isBlockedFailure(f.error));
      body = (
        <Saved
          title={state.clip.title}
          updated={reply.updated}
          imagesSaved={reply.imagesSaved}
          imagesFailed={reply.imagesFailed}
          imagesLeftOut={state.imagesLeftOut}
          ms={reply.ms}
          onOpenReader={() => void api.openReader(reply.clipId).then(() => api.close())}
          onAllowAllSites={blocked ? () => void retryWithPermission() : null}
        />
      );
      break;
    }
    case 'preview': {
      const saving = state.saving !== null;
      const asTable = (state.asTable ?? false) && tableOf(state.clip) !== null;
      body = (
        <Preview
          clip={state.clip}
          title={title}
          onTitle={editTitle}
          leadImage={leadImage}
          onSubmit={() => void save('ask')}
          hideOpening={asTable}
          records={
            <Records clip={state.clip} asTable={asTable} onAsTable={(on) => setState({ ...state, asTable: on })} disabled={saving} />
          }
        />
      );
      footer =
        state.existing.length > 0 && !saving ? (
          <DuplicateChoice
            existing={state.existing}
            onOpenReader={() => { const latest = state.existing[0]; if (latest) void api.openReader(latest.id).then(() => api.close()); }}
            onUpdate={() => void save('update', state.existing[0]?.id ?? null)}
            onKeepBoth={() => void save('keep-both')}
          />
        ) : (
          <div class="actions">
            <SaveButton saving={saving} images={state.imageUrls.length} onSave={() => void save('ask')} />
            <div class="alt">
              Clip instead:
              <SelectionButton class="link" hasSelection={state.hasSelection === true} busy={saving} onClick={() => void load('selection')}>
                selection
              </SelectionButton>
              ·
              <button class="link" disabled={saving} onClick={() => void load('fullpage')}>full page</button>
            </div>
          </div>
        );
      break;
    }
  }

  const choosing = state.phase === 'preview' || state.phase === 'not-article';
  const showCompare = comparing && choosing;
  if (showCompare) {
    const remaining = compareRunning ? [] : remainingEngines(compare);
    body = (
      <Compare
        state={compare}
        current={engine}
        onPick={(picked) => {
          if (picked === engine) closeCompare();
          else chooseEngine(picked);
        }}
      />
    );
    footer = (
      <div class="actions">
        {compareRunning && (
          <button class="primary wide" data-testid="compare-stop" onClick={stopCompare} aria-keyshortcuts="Escape">
            Stop {compare.running ? ENGINE_LABELS[compare.running] : 'comparing'} <kbd>Esc</kbd>
          </button>
        )}
        {remaining.length > 0 && (
          <button class="primary wide" data-testid="compare-resume" onClick={() => void runCompare(remaining, compare)}>
            Run the {remaining.length === 1 ? `remaining engine (${ENGINE_LABELS[remaining[0]!]})` : `${remaining.length} remaining engines`}
          </button>
        )}
        <button class="secondary wide" data-testid="compare-back" onClick={closeCompare}>
          Back to the preview
        </button>
      </div>
    );
  }
  const saving = state.phase === 'preview' && state.saving !== null;

  return (
    <div class={`popup${showCompare ? ' comparing' : ''}`} data-phase={state.phase}>
      <header class="bar">
        <SiftMark />
        <span class="brand">Sift</span>
        {kindShown && (state.phase === 'loading' || (state.phase === 'preview' && state.clip.pageKind)) ? (
          <KindSelect kind={kindShown} onKind={chooseKind} disabled={saving} />
        ) : (
          state.phase === 'preview' && <ModeLabel clip={state.clip} mode={mode} />
        )}
      </header>
      {(choosing || (state.phase === 'loading' && engine !== null)) && (
        <div class="engine-row">
          <label>
            <span>Engine</span>
            <select
              data-testid="engine"
              value={engine ?? ''}
              disabled={saving || compareRunning}
              onChange={(e) => {
                const picked = (e.currentTarget as HTMLSelectElement).value;
                if (isContentEngine(picked)) chooseEngine(picked);
              }}
            >
              {engine === null && <option value="">Default</option>}
              {CONTENT_ENGINES.map((e) => (
                <option key={e} value={e} title={ENGINE_HINTS[e]}>
                  {ENGINE_LABELS[e]}
                </option>
              ))}
            </select>
          </label>
          {!showCompare && (
            <button class="link" data-testid="compare-open" ref={compareButton} disabled={saving} onClick={startCompare}>
              Compare engines
            </button>
          )}
        </div>
      )}
      <main class="body">{body}</main>
      {footer && <footer class="foot">{footer}</footer>}
    </div>
  );
}

/**
 * Save. aria-disabled, not disabled, while saving: a disabled button loses the focus, which
 * fell to the body (save() ignores a second press while one runs). It takes the focus when it
 * appears with nothing focused: on opening, and after Try again or a clip-mode link (both gone
 * with the preview they replaced), not while the user is on the engine select.
 */
function SaveButton({ saving, images, onSave }: { saving: boolean; images: number; onSave: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useFocusWhenLost(button);
  return (
    <button class="primary wide" ref={button} data-testid="save" aria-disabled={saving} onClick={onSave}>
      {saving ? `Saving${images ? ` with ${images} image${images === 1 ? '' : 's'}` : ''}…` : 'Save to Sift'}
    </button>
  );
}

const MODE_LABELS: Record<ClipMode, string> = { article: 'Article', 'article-anyway': 'Article', selection: 'Selection', fullpage: 'Full page' };

/**
 * The top label is the page kind (issue 7, KindSelect) when the core classified the page;
 * otherwise (a selection or full-page clip, which nothing classifies) what is being clipped.
 */
function ModeLabel({ clip, mode }: { clip: ClipData; mode: ClipMode }) {
  const label = clip.engine === 'selection' ? 'Selection' : clip.engine === 'fullpage' ? 'Full page' : MODE_LABELS[mode];
  return (
    <span class="engine" data-testid="clip-mode">
      {label}
    </span>
  );
}
