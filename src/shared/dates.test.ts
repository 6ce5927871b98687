import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatInstantDay, formatStatedDay } from './dates';

describe('dates as the pages show them', () => {
  const zone = process.env.TZ;
  // West of Greenwich, where UTC midnight is still the day before (Node reads TZ on change).
  beforeEach(() => { process.env.TZ = 'America/Los_Angeles'; });
  afterEach(() => { if (zone === undefined) delete process.env.TZ; else process.env.TZ = zone; });

  it('a stated day is that calendar day wherever the reader is', () => {
    const day = (iso: string) => formatStatedDay(iso, 'long');
    const feb9 = new Date(2016, 1, 9).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    expect(day('2016-02-09')).toBe(feb9);
    // An evening post in Tokyo is Feb 9 on the page, Feb 9 04:00 UTC, Feb 8 in California.
    expect(day('2016-02-09T21:00:00+09:00')).toBe(feb9);
    expect(day('2016-02-09T12:00:00.000Z')).toBe(feb9);
  });

  it('a text that is no date is shown as is; nothing is nothing', () => {
    expect(formatStatedDay('sometime in spring', 'short')).toBe('sometime in spring');
    expect(formatStatedDay(null, 'short')).toBeNull();
  });

  it('an instant (a save) is the local day', () => {
    const ms = Date.UTC(2026, 10, 22, 3, 0); // Nov 22 03:00 UTC = Nov 21 evening in California
    expect(formatInstantDay(ms, 'short')).toBe(new Date(2026, 10, 21).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
  });
});
