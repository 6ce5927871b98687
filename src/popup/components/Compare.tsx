import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { SanitizedHtml } from '../../ui/SanitizedHtml';
import type { ContentEngine, EngineSample } from '../../shared/messages';
import { bagAgreement } from '../agreement';
import { samplesOf, type CompareState, type EngineStatus } from '../compare';
import { openingParagraphsOf } from './Preview';

/**
 * The compare view (issue 6, "Choosing"): one column per engine with what it found on the
 * page — title, word count, time, the opening of its clip (sanitized like every preview)
 * and how far it agrees with each other engine — and a button to use it. Columns fill in
 * as the engines answer, one after another; the status line says which engine is running
 * and for how long, and the popup's Stop (or Esc) ends the wait at once (src/popup/compare.ts).
 *
 * Layout: four columns side by side when the view is wide enough, two by two in the
 * toolbar popup's width, one below that (container queries in popup.css); nothing in a
 * column may widen it (long words and URLs wrap, code wraps, tables scroll in their box).
 */

export const ENGINE_LABELS: Record<ContentEngine, string> = {
  auto: 'Auto',
  nta: 'NTA',
  vsse: 'VSSE',
  classifier: 'Classifier',
};

/** What each engine is, in a line (the select's and the columns' tooltips). */
export const ENGINE_HINTS: Record<ContentEngine, string> = {
  auto: 'NTA, plus the text a learned model over all three engines finds it missed',
  nta: 'Node-type annotation and text density',
  vsse: 'Punctuation seeds and tag-path grouping',
  classifier: 'Learned classifier over every text node',
};

/** The columns show less than the single preview: four of them share the popup. */
const compareOpening = openingParagraphsOf(320);

export interface CompareProps {
  state: CompareState;
  /** The engine of the current preview (what Save would use). */
  current: ContentEngine | null;
  onPick: (engine: ContentEngine) => void;
}

function percent(x: number): string {
  return `${Math.round(x * 100)} %`;
}

/** Re-renders every second while `active`, for the "Running Auto… 3 s" counter. */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const timer = setInterval(() => setNow(performance.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function statusLine(state: CompareState, now: number): string {
  const n = state.order.length;
  if (state.phase === 'running') {
    if (!state.running) return `Starting… (${n} engines)`;
    const position = state.order.indexOf(state.running) + 1;
    const seconds = state.runningSince === null ? 0 : Math.floor((now - state.runningSince) / 1_000);
    return `Running ${ENGINE_LABELS[state.running]}… (${position} of ${n})${seconds >= 1 ? ` · ${seconds} s` : ''}`;
  }
  if (state.phase === 'stopped') {
    const a = state.abandoned;
    if (!a) return 'Stopped.';
    const label = ENGINE_LABELS[a.engine];
    return a.answered
      ? `Stopped. ${label} finished in the page after the stop; its result was ignored.`
      : `Stopped. ${label} may still be finishing in the page; its result will be ignored.`;
  }
  return `${n} engines compared${state.elapsedMs !== null ? ` in ${state.elapsedMs.toLocaleString()} ms` : ''}. Agreement = bag-of-words F1 between two engines' clips.`;
}

export function Compare({ state, current, onPick }: CompareProps) {
  const samples = samplesOf(state);
  const now = useTicking(state.phase === 'running');
  // The button that opened the view is gone: focus moves here, so Tab continues in the
  // columns. The same when Stop (the focused control) disappears after a stop. In the commit
  // that shows the view (layout effects), not a frame later: a key pressed the moment it
  // appears starts from here, not from the body.
  const host = useRef<HTMLElement>(null);
  useLayoutEffect(() => host.current?.focus(), []);
  useLayoutEffect(() => {
    const active = host.current?.ownerDocument.activeElement;
    if (state.phase !== 'running' && (!active || active === host.current?.ownerDocument.body)) host.current?.focus();
  }, [state.phase]);
  return (
    <section class="compare" aria-label="Compare engines" data-testid="compare" data-phase={state.phase} tabIndex={-1} ref={host}>
      <p
        class={`muted small${state.phase === 'stopped' ? ' stopped-note' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="compare-progress"
        data-late={state.abandoned ? (state.abandoned.answered ? 'ignored' : 'pending') : undefined}
      >
        {statusLine(state, now)}
      </p>
      <div class="columns">
        {state.order.map((engine) => (
          <Column key={engine} engine={engine} status={state.engines[engine] ?? { status: 'waiting' }} current={current === engine} samples={samples} engines={state.order} onPick={onPick} />
        ))}
      </div>
    </section>
  );
}

interface ColumnProps {
  engine: ContentEngine;
  status: EngineStatus;
  current: boolean;
  samples: Partial<Record<ContentEngine, EngineSample>>;
  engines: readonly ContentEngine[];
  onPick: (engine: ContentEngine) => void;
}

function Column({ engine, status, current, samples, engines, onPick }: ColumnProps) {
  const label = ENGINE_LABELS[engine];
  const sample = status.status === 'answered' ? status.sample : undefined;
  let body;
  if (status.status === 'waiting') {
    body = <p class="muted small" data-testid="engine-waiting">Waiting…</p>;
  } else if (status.status === 'running') {
    body = <p class="muted small running" data-testid="engine-running">Running…</p>;
  } else if (status.status === 'stopped') {
    body = (
      <p class="muted small" data-testid="engine-stopped">
        Stopped. Its result will be ignored.
      </p>
    );
  } else if (status.status === 'not-run') {
    body = (
      <p class="muted small" data-testid="engine-not-run">
        {status.reason === 'stopped' ? 'Not run (stopped before its turn).' : 'Skipped: the comparison ran out of time.'}
      </p>
    );
  } else if (sample?.kind === 'failed' || sample?.kind === 'timed-out') {
    body = (
      <p class="engine-error small" role="alert" data-testid="engine-error">
        {sample.kind === 'failed'
          ? sample.message
          : `No answer within ${Math.round(sample.afterMs / 1000)} s: this engine is too slow on this page (it may still be running there).`}
      </p>
    );
  } else if (sample?.kind === 'sample') {
    const others = engines.filter((e) => e !== engine).flatMap((e) => {
      const s = samples[e];
      return s?.kind === 'sample' ? [{ engine: e, f1: bagAgreement(sample.bag, s.bag) }] : [];
    });
    body = (
      <>
        <p class="col-title" data-testid="engine-title">{sample.title}</p>
        <p class="col-stats small" data-testid="engine-stats">
          <span data-testid="engine-words">{sample.wordCount.toLocaleString()} words</span> · <span data-testid="engine-ms">{sample.ms} ms</span>
        </p>
        {others.length > 0 && (
          <ul class="agreement small" aria-label={`${label} agrees with`} data-testid="agreement">
            {others.map((o) => (
              <li key={o.engine} data-engine={o.engine}>
                {ENGINE_LABELS[o.engine]} {percent(o.f1)}
              </li>
            ))}
          </ul>
        )}
        <SanitizedHtml class="col-opening" html={sample.openingHtml} transform={compareOpening} />
      </>
    );
  }
  return (
    <div class={`column${current ? ' current' : ''}`} data-testid={`column-${engine}`} data-status={status.status} aria-busy={status.status === 'running' ? 'true' : undefined}>
      <h3 title={ENGINE_HINTS[engine]}>
        {label}
        {current && <span class="badge">in use</span>}
      </h3>
      {body}
      <button
        class={current ? 'secondary small-button' : 'primary small-button'}
        data-testid={`use-${engine}`}
        disabled={sample?.kind !== 'sample'}
        onClick={() => onPick(engine)}
        aria-label={`Use ${label} for this clip`}
      >
        {current ? 'In use' : `Use ${label}`}
      </button>
    </div>
  );
}
