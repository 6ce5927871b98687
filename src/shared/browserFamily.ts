/**
 * Which browser this build is for. One source, two families (vite.config.ts): `vite build
 * --mode firefox` defines `import.meta.env.SIFT_BUILD` as 'firefox'; the shipped Chromium
 * build and the e2e build are 'production' and 'e2e'. Where the two browsers differ in what
 * they allow an extension (files on disk: background/tabAccess.ts, background/images.ts),
 * pure functions take the family as an argument, so unit tests cover both; the glue passes
 * BUILD_BROWSER.
 */
export type BrowserFamily = 'chromium' | 'firefox';

export function browserFamilyOf(buildMode: string | undefined): BrowserFamily {
  return buildMode === 'firefox' ? 'firefox' : 'chromium';
}

export const BUILD_BROWSER: BrowserFamily = browserFamilyOf(import.meta.env.SIFT_BUILD as string | undefined);
