import { describe, expect, it } from 'vitest';
import { sampleEngine } from './engineSample';

/** The stop/timeout protocol on the content side (src/shared/messages.ts, bg→content:sample-engine). */
describe('sampleEngine deadline', () => {
  /** A document that fails the test if anything reads it: proves the engine did not run. */
  const untouchable = new Proxy({} as Document, {
    get(_, key) {
      throw new Error(`the page was read (${String(key)}) although nobody waits for the answer`);
    },
  });

  it('answers timed-out without running when its turn comes after the background stopped waiting', () => {
    expect(sampleEngine(untouchable, 'auto', 10_000, 12_500)).toEqual({ kind: 'timed-out', engine: 'auto', afterMs: 2_500 });
  });

  it('runs when the deadline has not passed (here: reads the page)', () => {
    expect(() => sampleEngine(untouchable, 'auto', 10_000, 9_999)).toThrow('the page was read');
  });
});
