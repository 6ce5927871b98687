import { describe, expect, it } from 'vitest';
import { median, quantile } from './pageTiming';

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
});
