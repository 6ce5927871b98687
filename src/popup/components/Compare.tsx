import { useEffect, useRef } from 'preact/hooks';
import { SanitizedHtml } from '../../ui/SanitizedHtml';
import type { ContentEngine, EngineSample } from '../../shared/messages';
import { bagAgreement } from '../agreement';
import { openingParagraphsOf } from './Preview';

/**
 * The compare view (issue 6, "Choosing"): one column per engine with what it found on the
 * page — title, word count, time, the opening of its clip (sanitized like every preview)
 * and how far it agrees with each other engine — and a button to use it. Columns fill in
 * as the engines answer, one after another.
 */

export const ENGINE_LABELS: Record<ContentEngine, string> = {
  auto: 'Auto',
  nta: 'NTA',
  vsse: 'VSSE',
  classifier: 'Classifier',
};

/** What each engine is, in a line (the select's and the columns' tooltips). */
export const ENGINE_HINTS: Record<ContentEngine, string> = {
  auto: 'Combines the engines below with a learned model',
  nta: 'Node-type annotation and text density',
  vsse: 'Punctuation seeds and tag-path grouping',
  classifier: 'Learned classifier over every text node',
};

/** The columns show less than the single preview: four of them share the popup. */
const compareOpening = openingParagraphsOf(320);

export interface CompareProps {
  engines: readonly ContentEngine[];
  /** Samples so far, by engine; an engine without one is still waiting or running. */
  samples: Partial<Record<ContentEngine, EngineSample>>;
  /** The engine running right now, or null when all have answered. */
  running: ContentEngine | null;
  /** The engine of the current preview (what Save would use). */
  current: ContentEngine | null;
  /** Wall time of the whole comparison so far, ms (shown once it is done). */
  elapsedMs: number | null;
  onPick: (engine: ContentEngine) => void;
}

function percent(x: number): string {
  return `${Math.round(x * 100)} %`;
}

export function Compare({ engines, samples, running, current, elapsedMs, onPick }: CompareProps) {
  const done = engines.filter((e) => samples[e] !== undefined).length;
  // The button that opened the view is gone: focus moves here, so Tab continues in the columns.
  const host = useRef<HTMLElement>(null);
  useEffect(() => host.current?.focus(), []);
  return (
    <section class="compare" aria-label="Compare engines" data-testid="compare" tabIndex={-1} ref={host}>
      <p class="muted small" role="status" aria-live="polite" data-testid="compare-progress">
        {running
          ? `Running ${ENGINE_LABELS[running]}… (${done + 1} of ${engines.length})`
          : `${engines.length} engines compared${elapsedMs !== null ? ` in ${elapsedMs.toLocaleString()} ms` : ''}. Agreement = bag-of-words F1 between two engines' clips.`}
      </p>
      <div class="columns">
        {engines.map((engine) => (
          <Column key={engine} engine={engine} sample={samples[engine]} running={running === engine} current={current === engine} samples={samples} engines={engines} onPick={onPick} />
        ))}
      </div>
    </section>
  );
}

interface ColumnProps {
  engine: ContentEngine;
  sample: EngineSample | undefined;
  running: boolean;
  current: boolean;
  samples: Partial<Record<ContentEngine, EngineSample>>;
  engines: readonly ContentEngine[];
  onPick: (engine: ContentEngine) => void;
}

function Column({ engine, sample, running, current, samples, engines, onPick }: ColumnProps) {
  const label = ENGINE_LABELS[engine];
  let body;
  if (!sample) {
    body = <p class="muted small">{running ? 'Running…' : 'Waiting…'}</p>;
  } else if (sample.kind === 'failed') {
    body = (
      <p class="engine-error small" role="alert" data-testid="engine-error">
        {sample.message}
      </p>
    );
  } else {
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
    <div class={`column${current ? ' current' : ''}`} data-testid={`column-${engine}`} aria-busy={running ? 'true' : undefined}>
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
