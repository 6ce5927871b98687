import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_CHANNEL, announceLibraryChange, onLibraryChange } from './libraryChanges';

/**
 * Node's BroadcastChannel follows the browser's: a message reaches every other object on the
 * channel, in this thread too, and never the one that posted. `other` stands for another
 * tab's (or the background's) channel.
 */
const opened: BroadcastChannel[] = [];
function otherContext(): { channel: BroadcastChannel; heard: () => Promise<unknown> } {
  const channel = new BroadcastChannel(LIBRARY_CHANNEL);
  opened.push(channel);
  return { channel, heard: () => new Promise((ok) => channel.addEventListener('message', (e) => ok((e as MessageEvent).data), { once: true })) };
}
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});
const settle = () => new Promise((ok) => setTimeout(ok, 50));

describe('library change announcements', () => {
  // Two library tabs: a delete or a tag in one showed in the other only after a reload.
  it('reach another context, and not the announcing page\'s own listener', async () => {
    const other = otherContext();
    let own = 0;
    const off = onLibraryChange(() => own++);
    const heard = other.heard();
    announceLibraryChange();
    expect(await heard).toBe('changed');
    await settle();
    expect(own).toBe(0);
    off();
  });

  it('another context\'s announcement calls each listener once; unsubscribed, no more', async () => {
    const other = otherContext();
    const calls: string[] = [];
    const offA = onLibraryChange(() => calls.push('a'));
    const offB = onLibraryChange(() => calls.push('b'));
    other.channel.postMessage('changed');
    await settle();
    expect(calls.sort()).toEqual(['a', 'b']);
    offA();
    other.channel.postMessage('changed');
    await settle();
    expect(calls.sort()).toEqual(['a', 'b', 'b']);
    offB();
    other.channel.postMessage('changed');
    await settle();
    expect(calls).toHaveLength(3);
  });
});
