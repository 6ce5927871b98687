import { describe, expect, it } from 'vitest';
import { BUILD_BROWSER, browserFamilyOf } from './browserFamily';

describe('browserFamilyOf', () => {
  it('the firefox build is Firefox; the shipped and e2e builds are Chromium', () => {
    expect(browserFamilyOf('firefox')).toBe('firefox');
    expect(browserFamilyOf('production')).toBe('chromium');
    expect(browserFamilyOf('e2e')).toBe('chromium');
    expect(browserFamilyOf(undefined)).toBe('chromium');
  });

  it('unit tests run as the Chromium build (vite defines no SIFT_BUILD for vitest)', () => {
    expect(BUILD_BROWSER).toBe('chromium');
  });
});
