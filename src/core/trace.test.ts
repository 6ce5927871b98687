// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defineLazy, describePath, traceEntry } from './trace';

describe('lazy trace fields', () => {
  it('serialize exactly like the eager entry (same keys, same order, same values)', () => {
    document.body.innerHTML = '<div id="main"><article class="post big"><p>x</p></article></div>';
    const p = document.querySelector('p')!;
    const eager = { path: describePath(p), type: 'text' as const, doc: 1, td: 0.5, role: 'kept' as const, reason: 'why' };
    const lazy = traceEntry(p, { type: 'text', doc: 1, td: 0.5, role: 'kept', reason: 'why' });
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    expect(Object.keys(lazy)).toEqual(Object.keys(eager));
    expect(structuredClone(lazy)).toEqual(eager);
  });

  it('computes once, on first read, and can be overwritten', () => {
    let calls = 0;
    const o = defineLazy({ a: 1, sample: [] as string[] }, 'sample', () => { calls++; return ['x']; });
    expect(calls).toBe(0);
    expect(o.sample).toEqual(['x']);
    expect(o.sample).toEqual(['x']);
    expect(calls).toBe(1);
    o.sample = ['y'];
    expect(o.sample).toEqual(['y']);
  });
});
