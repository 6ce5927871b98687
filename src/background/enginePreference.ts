import browser from 'webextension-polyfill';
import { isContentEngine, type ContentEngine } from '../shared/messages';

/**
 * The user's default content engine (issue 6, "Choosing"), kept in storage.local so it
 * holds for every later clip: the popup, the context menu and the keyboard shortcut.
 * Nothing stored means the core's own default. The stored value is checked on the way
 * out: storage written by an older version (or by hand) must not reach the core unchecked.
 */
const KEY = 'preferredEngine';

export async function preferredEngine(): Promise<ContentEngine | null> {
  try {
    const stored = (await browser.storage.local.get(KEY))[KEY];
    return isContentEngine(stored) ? stored : null;
  } catch {
    // Storage unavailable: the core's default is a safe answer.
    return null;
  }
}

export async function setPreferredEngine(engine: ContentEngine): Promise<null> {
  await browser.storage.local.set({ [KEY]: engine });
  return null;
}
