import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

/**
 * Browser tests run in Debian's Chromium (/usr/bin/chromium): Playwright cannot download
 * its own browser on this machine. One worker is faster than two on 2 cores (session 46, all
 * 143 tests: 17.9 min with one, 18.5 min with two, which also failed a frame-gap check of
 * library-scale.spec.ts; each test launches its own browser, ~2 s of it).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    headless: true,
    browserName: 'chromium',
  },
});
