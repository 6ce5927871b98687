import { defineConfig } from '@playwright/test';

/**
 * Browser tests run in Debian's Chromium (/usr/bin/chromium): Playwright cannot download
 * its own browser on this machine. One worker is faster than two on 2 cores.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
    headless: true,
    browserName: 'chromium',
  },
});
