/**
 * Tells open library pages that the library changed somewhere else. A page clipped from the
 * popup (or the context menu, or the shortcut) is saved by the background; a library already
 * open in a tab read its list once and showed the new clip, and its count, only after a
 * reload, as if the save had failed.
 *
 * A BroadcastChannel reaches every context of the extension's origin (service worker, popup,
 * extension pages) and never the channel object that posted, so a page does not hear itself.
 */
const CHANNEL = 'sift:library-changed';

/** Called by a writer once its write has committed. */
export function announceLibraryChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Calls `listener` after each change another context announces; returns the unsubscribe. */
export function onLibraryChange(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
