import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests only; browser tests live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    // Vitest's default leaves one core free, which on this 2-core machine is one worker: the
    // suite took 100 s with one and 69 s with two (its files spend much of their time importing
    // modules and building jsdom, not waiting). Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
