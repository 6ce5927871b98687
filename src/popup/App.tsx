import { useCallback, useEffect, useState } from 'preact/hooks';
import type { PageKind } from '../core/types';
import type { ClipData, ClipMode, ExistingClip, OnDuplicate, PreviewReply, SaveReply } from '../shared/messages';
import type { PopupApi } from './api';
import { SiftMark } from './components/Icons';
import { CannotClip, DuplicateChoice, ErrorPanel, Loading, NotArticle, Saved } from './components/Panels';
import { Preview } from './components/Preview';
import { Records, tableOf } from './components/Records';

type SavedReply = Extract<SaveReply, { kind: 'saved' }>;

type State =
  | { phase: 'loading' }
  | { phase: 'cannot'; message: string }
  | { phase: 'not-article'; message: string; hasSelection: boolean }
  /** `asTable`: save the list's record table / the product's attributes with the clip (issue 7). */
  | { phase: 'preview'; clip: ClipData; imageUrls: string[]; existing: ExistingClip[]; saving: OnDuplicate | null; hasSelection?: boolean; asTable?: boolean }
  | { phase: 'saved'; clip: ClipData; imageUrls: string[]; reply: SavedReply }
  | { phase: 'error'; message: string };

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

function isBlockedFailure(error: string): boolean {
  return error.includes('all sites') || error.includes('cross-origin');
}

export function App({ api, initialMode, initialPreview, onFirstAnswer }: AppProps) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [title, setTitle] = useState('');
  const [leadImage, setLeadImage] = useState<string | null>(null);
  const [answered, setAnswered] = useState(false);

  const load = useCallback(
    async (mode: ClipMode, pending?: Promise<PreviewReply>, kind?: PageKind) => {
      setState({ phase: 'loading' });
      setLeadImage(null);
      try {
        const reply = await (pending ?? (kind ? api.preview(mode, kind) : api.preview(mode)));
        if (reply.kind === 'cannot-clip') setState({ phase: 'cannot', message: reply.message });
        else if (reply.kind === 'not-article') setState({ phase: 'not-article', message: reply.message, hasSelection: reply.hasSelection });
        else {
          setTitle(reply.clip.title);
          setState({
            phase: 'preview', clip: reply.clip, imageUrls: reply.imageUrls, existing: reply.existing, saving: null, hasSelection: reply.hasSelection,
            asTable: tableOf(reply.clip) !== null,
          });
          // The thumbnail arrives after the text: the preview never waits on an image.
          if (reply.clip.leadImage) {
            api.imagePreview(reply.clip.leadImage).then(setLeadImage, () => setLeadImage(null));
          }
        }
      } catch (err) {
        setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
      }
    },
    [api],
  );

  useEffect(() => {
    void load(initialMode, initialPreview);
  }, [load, initialMode, initialPreview]);

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
        else setState({ phase: 'saved', clip, imageUrls: state.imageUrls, reply });
      } catch (err) {
        setState({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
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
      setState(reply.kind === 'saved' ? { phase: 'saved', clip, imageUrls, reply } : { phase: 'error', message: 'The saved copy changed meanwhile; open the popup again.' });
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
    case 'cannot':
      body = <CannotClip message={state.message} />;
      break;
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
    case 'error':
      body = <ErrorPanel message={state.message} onRetry={() => void load(initialMode)} />;
      break;
    case 'saved': {
      const { reply } = state;
      const blocked = reply.imagesFailed.some((f) => isBlockedFailure(f.error));
      body = (
        <Saved
          title={state.clip.title}
          updated={reply.updated}
          imagesSaved={reply.imagesSaved}
          imagesFailed={reply.imagesFailed}
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
          onTitle={setTitle}
          leadImage={leadImage}
          onSubmit={() => void save(state.existing.length > 0 ? 'ask' : 'keep-both')}
          hideOpening={asTable}
          records={
            <Records
              clip={state.clip}
              asTable={asTable}
              onAsTable={(on) => setState({ ...state, asTable: on })}
              // The user's kind wins over the guess; "anyway" so a short list page is not turned away again.
              onKind={(kind) => void load('article-anyway', undefined, kind)}
              disabled={saving}
            />
          }
        />
      );
      footer =
        state.existing.length > 0 && !saving ? (
          <DuplicateChoice existing={state.existing} onUpdate={() => void save('update', state.existing[0]?.id ?? null)} onKeepBoth={() => void save('keep-both')} />
        ) : (
          <div class="actions">
            <button class="primary wide" data-testid="save" disabled={saving} onClick={() => void save('ask')} autoFocus>
              {saving ? `Saving${state.imageUrls.length ? ` with ${state.imageUrls.length} image${state.imageUrls.length === 1 ? '' : 's'}` : ''}…` : 'Save to Sift'}
            </button>
            <div class="alt">
              Clip instead:
              <button class="link" disabled={saving || !state.hasSelection} title={state.hasSelection ? '' : 'Select some text on the page first'} onClick={() => void load('selection')}>
                selection
              </button>
              ·
              <button class="link" disabled={saving} onClick={() => void load('fullpage')}>full page</button>
            </div>
          </div>
        );
      break;
    }
  }

  return (
    <div class="popup" data-phase={state.phase}>
      <header class="bar">
        <SiftMark />
        <span class="brand">Sift</span>
        {state.phase === 'preview' && <span class="engine" title="How the article was found">{engineLabel(state.clip.engine)}</span>}
      </header>
      <main class="body">{body}</main>
      {footer && <footer class="foot">{footer}</footer>}
    </div>
  );
}

function engineLabel(engine: ClipData['engine']): string {
  if (engine === 'selection') return 'Selection';
  if (engine === 'fullpage') return 'Full page';
  return 'Article';
}
