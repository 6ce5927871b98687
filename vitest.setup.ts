import { afterAll } from 'vitest';

/**
 * Preact runs effects one frame after a render: requestAnimationFrame raced by a 35 ms
 * timer whose callback calls cancelAnimationFrame. When a jsdom test file ends within those
 * 35 ms, vitest tears jsdom down first and the timer throws "cancelAnimationFrame is not
 * defined": an unhandled error that fails `npm test` although every test passed (seen on
 * src/popup/App.test.tsx and src/pages/reader/ReaderApp.test.tsx with the 2 cores busy).
 * Each jsdom file waits for those timers before its environment goes.
 */
const PREACT_FRAME_TIMEOUT_MS = 35;

afterAll(async () => {
  if (typeof window === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, PREACT_FRAME_TIMEOUT_MS * 3));
});
