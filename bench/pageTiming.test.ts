import { describe, expect, it } from 'vitest';
import { bootstrapMedianInterval, median, pairedSummary, quantile } from './pageTiming';

describe('timing tools: medians and quantiles', () => {
  it('median averages the middle pair of an even count; quantile takes the nearest rank', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(3);
    expect(quantile([5, 1, 4, 2, 3], 0.95)).toBe(5);
    expect(quantile([5, 1, 4, 2, 3], 0)).toBe(1);
    expect(median([])).toBeNaN();
    expect(quantile([], 0.5)).toBeNaN();
  });

  it('the bootstrap interval brackets the median, narrows with more pages, and is reproducible', () => {
    // A spread like one page's load-to-load ratios: 0.8 … 1.2 around 1.
    const ratios = (n: number): number[] => Array.from({ length: n }, (_, k) => 0.8 + (0.4 * ((k * 37) % n)) / (n - 1));
    const [lo30, hi30] = bootstrapMedianInterval(ratios(31));
    const [lo300, hi300] = bootstrapMedianInterval(ratios(301));
    expect(lo30).toBeLessThanOrEqual(quantile(ratios(31), 0.5));
    expect(hi30).toBeGreaterThanOrEqual(quantile(ratios(31), 0.5));
    expect(lo30).toBeGreaterThan(0.8);
    expect(hi30).toBeLessThan(1.2);
    expect(hi300 - lo300).toBeLessThan(hi30 - lo30);
    expect(bootstrapMedianInterval(ratios(31))).toEqual([lo30, hi30]);
    expect(bootstrapMedianInterval([1.1, 1.1, 1.1])).toEqual([1.1, 1.1]);
    expect(bootstrapMedianInterval([])).toEqual([NaN, NaN]);
    expect(pairedSummary([1, 1, 1, 1])).toBe('median 1.000 (95 % interval 1.000–1.000; quartiles 1.000–1.000)');
  });
});
