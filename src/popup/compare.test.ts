import { describe, expect, it } from 'vitest';
import type { ContentEngine, EngineSample } from '../shared/messages';
import { compareReducer, remainingEngines, samplesOf, type CompareEvent, type CompareState } from './compare';

/** The compare view's rules (issue 6): engine by engine, Stop at once, late answers never shown. */

const ORDER: readonly ContentEngine[] = ['auto', 'nta', 'vsse', 'classifier'];
const sample = (engine: ContentEngine): EngineSample => ({ kind: 'sample', engine, title: `${engine} title`, wordCount: 2, ms: 3, openingHtml: '<p>x</p>', bag: { words: ['a'], counts: [1] } });
const play = (events: CompareEvent[], from: CompareState | null = null) => events.reduce(compareReducer, from);
const start = (run = 1): CompareEvent => ({ type: 'start', run, order: ORDER, ask: ORDER, now: 0 });

describe('compareReducer', () => {
  it('fills the columns engine by engine and finishes with the wall time', () => {
    const s = play([start(), { type: 'asking', run: 1, engine: 'auto', now: 1 }])!;
    expect(s.running).toBe('auto');
    expect(s.engines.auto).toEqual({ status: 'running' });
    expect(s.engines.nta).toEqual({ status: 'waiting' });
    const done = play(
      [
        { type: 'answer', run: 1, engine: 'auto', sample: sample('auto') },
        ...(['nta', 'vsse', 'classifier'] as const).flatMap((engine): CompareEvent[] => [
          { type: 'asking', run: 1, engine, now: 2 },
          { type: 'answer', run: 1, engine, sample: sample(engine) },
        ]),
        { type: 'finish', run: 1, now: 420.4 },
      ],
      s,
    )!;
    expect(done.phase).toBe('done');
    expect(done.elapsedMs).toBe(420);
    expect(Object.keys(samplesOf(done))).toEqual(ORDER);
    expect(remainingEngines(done)).toEqual([]);
  });

  it('Stop: the running engine is "stopped", the rest "not run", and its late answer does not overwrite the view', () => {
    const stopped = play([start(), { type: 'asking', run: 1, engine: 'auto', now: 1 }, { type: 'stop', now: 900 }])!;
    expect(stopped.phase).toBe('stopped');
    expect(stopped.running).toBeNull();
    expect(stopped.engines).toEqual({
      auto: { status: 'stopped' },
      nta: { status: 'not-run', reason: 'stopped' },
      vsse: { status: 'not-run', reason: 'stopped' },
      classifier: { status: 'not-run', reason: 'stopped' },
    });
    expect(stopped.abandoned).toEqual({ engine: 'auto', answered: false });
    // The late answer only tells that the page is free again; nothing else moves.
    const late = play([{ type: 'answer', run: 1, engine: 'auto', sample: sample('auto') }], stopped)!;
    expect(late.engines).toEqual(stopped.engines);
    expect(late.abandoned).toEqual({ engine: 'auto', answered: true });
    expect(samplesOf(late)).toEqual({});
    // Nor can a stopped run start or finish anything.
    const after = play([{ type: 'asking', run: 1, engine: 'nta', now: 2 }, { type: 'finish', run: 1, now: 3 }], late)!;
    expect(after).toEqual(late);
    expect(remainingEngines(after)).toEqual(ORDER);
  });

  it('answers of an older run are ignored once a new run started; a new run keeps the answers it is given', () => {
    const first = play([start(1), { type: 'asking', run: 1, engine: 'auto', now: 1 }, { type: 'answer', run: 1, engine: 'auto', sample: sample('auto') }, { type: 'asking', run: 1, engine: 'nta', now: 1 }, { type: 'stop', now: 2 }])!;
    expect(remainingEngines(first)).toEqual(['nta', 'vsse', 'classifier']);
    const second = play([{ type: 'start', run: 2, order: ORDER, ask: remainingEngines(first), keep: first.engines, now: 5 }, { type: 'answer', run: 1, engine: 'nta', sample: sample('nta') }])!;
    expect(second.engines.auto).toEqual({ status: 'answered', sample: sample('auto') });
    expect(second.engines.nta).toEqual({ status: 'waiting' });
    expect(second.abandoned).toBeNull();
  });

  it('timeouts and failures are answers (the engine\'s own message); out-of-time engines are not run; close clears', () => {
    const s = play([
      start(),
      { type: 'asking', run: 1, engine: 'auto', now: 1 },
      { type: 'answer', run: 1, engine: 'auto', sample: { kind: 'timed-out', engine: 'auto', afterMs: 8_000 } },
      { type: 'out-of-time', run: 1, engine: 'nta' },
    ])!;
    expect(s.engines.auto).toEqual({ status: 'answered', sample: { kind: 'timed-out', engine: 'auto', afterMs: 8_000 } });
    expect(s.engines.nta).toEqual({ status: 'not-run', reason: 'out-of-time' });
    expect(compareReducer(s, { type: 'close' })).toBeNull();
    expect(compareReducer(null, { type: 'answer', run: 1, engine: 'auto', sample: sample('auto') })).toBeNull();
  });
});
