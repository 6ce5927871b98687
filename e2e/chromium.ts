/**
 * The browser every Playwright test runs in, with or without the extension: Debian's Chromium
 * (Playwright cannot download its own here) and its flags. Imported by playwright.config.ts
 * and by the extension fixtures (fixtures.ts), so it imports nothing from the test runner.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
