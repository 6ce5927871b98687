// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defineLazy, describePath, groupDigits, traceEntry } from './trace';

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

describe('groupDigits', () => {
  it("writes whole numbers as toLocaleString('en') does, without Intl", () => {
    const samples = [0, 7, 42, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000, 123_456_789, 9_007_199_254_740_991, -1, -1234, -1_000_000];
    for (const n of samples) expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en'));
    for (let k = 0; k < 2000; k++) {
      const n = Math.floor(Math.random() ** 3 * 1e12);
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en'));
    }
  });
  it('writes anything but a whole number as String() does', () => {
    expect(groupDigits(1.5)).toBe('1.5');
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Infinity)).toBe('Infinity');
  });
});
