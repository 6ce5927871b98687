/**
 * Tells open library pages that the library changed somewhere else. A page clipped from the
 * popup (or the context menu, or the shortcut) is saved by the background; a library already
 * open in a tab read its list once and showed the new clip, and its count, only after a
 * reload, as if the save had failed. The same held between two library tabs: a clip deleted
 * or tagged in one stayed as it was in the other.
 *
 * A BroadcastChannel reaches every context of the extension's origin (service worker, popup,
 * extension pages) and never the channel object that posted. Each context posts and listens
 * on one object, so a page does not hear itself: a library tab refreshes its own list after
 * its own writes, and a second refresh from its own announcement would be wasted work (a new
 * channel for each post, as before, delivered every announcement back to the poster's own
 * listener).
 */
export const LIBRARY_CHANNEL = 'sift:library-changed';

let channel: BroadcastChannel | null = null;
function contextChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(LIBRARY_CHANNEL);
  return channel;
}

/** Called by a writer once its write has committed (or stopped: what committed stays). */
export function announceLibraryChange(): void {
  contextChannel()?.postMessage('changed');
}

/** Calls `listener` after each change another context announces; returns the unsubscribe. */
export function onLibraryChange(listener: () => void): () => void {
  const ch = contextChannel();
  if (!ch) return () => undefined;
  const handler = () => listener();
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}
