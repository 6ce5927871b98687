import type { ContentEngine, EngineSample } from '../shared/messages';

/**
 * The compare view's state (issue 6, "Choosing"), as a reducer so the rules are plain
 * functions with unit tests (src/popup/compare.test.ts):
 *
 * - The popup asks the engines one after another (they share the page's main thread).
 * - Stop ends the comparison at once: the engine running in the page cannot be interrupted
 *   (the core is synchronous there), so its column says "Stopped", its answer is ignored
 *   when it comes, and no further engine is asked.
 * - Answers are matched to their run: one that arrives for an older or stopped run never
 *   overwrites the view; it only tells the status line that the page is free again.
 */

export type EngineStatus =
  | { status: 'waiting' }
  | { status: 'running' }
  /** The engine's own answer: a sample, a failure message, or a timeout. */
  | { status: 'answered'; sample: EngineSample }
  /** It was running when the user stopped; its answer, when it comes, is ignored. */
  | { status: 'stopped' }
  /** Never asked: the user stopped before its turn, or the comparison ran out of time. */
  | { status: 'not-run'; reason: 'stopped' | 'out-of-time' };

export interface CompareState {
  /** Which run of the comparison this is: answers carry it, so late ones are recognised. */
  run: number;
  /** The engines in the order they are asked; every one has a status. */
  order: readonly ContentEngine[];
  engines: Partial<Record<ContentEngine, EngineStatus>>;
  phase: 'running' | 'done' | 'stopped';
  /** The engine being asked right now (phase `running`). */
  running: ContentEngine | null;
  /** When the engine now running was asked (performance.now() ms), for the "… 3 s" counter. */
  runningSince: number | null;
  startedAt: number;
  /** Wall time of the whole comparison, once done. */
  elapsedMs: number | null;
  /** After a stop: the engine still busy in the page, and whether its (ignored) answer has come. */
  abandoned: { engine: ContentEngine; answered: boolean } | null;
}

export type CompareEvent =
  /** `keep`: answers from an earlier run to keep on screen (Run the remaining engines). */
  | { type: 'start'; run: number; order: readonly ContentEngine[]; ask: readonly ContentEngine[]; keep?: Partial<Record<ContentEngine, EngineStatus>>; now: number }
  | { type: 'asking'; run: number; engine: ContentEngine; now: number }
  | { type: 'answer'; run: number; engine: ContentEngine; sample: EngineSample }
  | { type: 'out-of-time'; run: number; engine: ContentEngine }
  | { type: 'finish'; run: number; now: number }
  | { type: 'stop'; now: number }
  /** The view closes (Back, a new preview): no state, every answer still on its way is ignored. */
  | { type: 'close' };

export function compareReducer(state: CompareState | null, event: CompareEvent): CompareState | null {
  if (event.type === 'start') {
    const engines: Partial<Record<ContentEngine, EngineStatus>> = {};
    for (const engine of event.order) engines[engine] = event.ask.includes(engine) ? { status: 'waiting' } : (event.keep?.[engine] ?? { status: 'waiting' });
    return { run: event.run, order: event.order, engines, phase: 'running', running: null, runningSince: null, startedAt: event.now, elapsedMs: null, abandoned: null };
  }
  if (!state || event.type === 'close') return null;
  if (event.type === 'stop') {
    if (state.phase !== 'running') return state;
    const engines = { ...state.engines };
    for (const engine of state.order) {
      const current = engines[engine];
      if (current?.status === 'running') engines[engine] = { status: 'stopped' };
      else if (current?.status === 'waiting') engines[engine] = { status: 'not-run', reason: 'stopped' };
    }
    const abandoned = state.running ? { engine: state.running, answered: false } : null;
    return { ...state, engines, phase: 'stopped', running: null, runningSince: null, elapsedMs: Math.round(event.now - state.startedAt), abandoned };
  }
  if (event.run !== state.run) return state;
  switch (event.type) {
    case 'asking':
      if (state.phase !== 'running') return state;
      return { ...state, running: event.engine, runningSince: event.now, engines: { ...state.engines, [event.engine]: { status: 'running' } } };
    case 'answer':
      if (state.phase !== 'running') {
        // The late answer of the engine that was running at the stop: ignored, but now the
        // page is free again (the next preview or comparison will not queue behind it).
        if (state.abandoned?.engine === event.engine && !state.abandoned.answered) return { ...state, abandoned: { engine: event.engine, answered: true } };
        return state;
      }
      return {
        ...state,
        running: state.running === event.engine ? null : state.running,
        runningSince: state.running === event.engine ? null : state.runningSince,
        engines: { ...state.engines, [event.engine]: { status: 'answered', sample: event.sample } },
      };
    case 'out-of-time':
      if (state.phase !== 'running') return state;
      return { ...state, engines: { ...state.engines, [event.engine]: { status: 'not-run', reason: 'out-of-time' } } };
    case 'finish':
      if (state.phase !== 'running') return state;
      return { ...state, phase: 'done', running: null, runningSince: null, elapsedMs: Math.round(event.now - state.startedAt) };
  }
}

/** Engines of a finished or stopped comparison that never gave an answer of their own (Run the remaining). */
export function remainingEngines(state: CompareState): ContentEngine[] {
  return state.order.filter((e) => {
    const s = state.engines[e];
    return s?.status === 'stopped' || s?.status === 'not-run' || s?.status === 'waiting';
  });
}

/** The answers so far, by engine (for the agreement between columns). */
export function samplesOf(state: CompareState): Partial<Record<ContentEngine, EngineSample>> {
  const out: Partial<Record<ContentEngine, EngineSample>> = {};
  for (const e of state.order) {
    const s = state.engines[e];
    if (s?.status === 'answered') out[e] = s.sample;
  }
  return out;
}
