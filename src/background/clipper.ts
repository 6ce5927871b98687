import browser from 'webextension-polyfill';
import contentScript from '../content/main.ts?iife';
import type { PageKind } from '../core/types';
import {
  engineSampleValidator,
  extractReplyValidator,
  request,
  SAMPLE_TIMEOUT_MS,
  type ClipMode,
  type ContentEngine,
  type EngineSample,
  type Envelope,
  type ExtractReply,
  type PreviewReply,
  type SaveReply,
  type SaveRequest,
  type ToastRequest,
} from '../shared/messages';
import { BUILD_BROWSER } from '../shared/browserFamily';
import { isFileUrl } from '../shared/clipImages';
import { announceLibraryChange } from '../shared/libraryChanges';
import { db } from '../storage/db';
import { findExisting, saveClip } from '../storage/saveClip';
import { preferredEngine } from './enginePreference';
import { fetchImages, type PageState } from './images';
import { refuseByInjectionError, refuseByUrl } from './tabAccess';

/**
 * A page that does not answer within this time gets a message, not a spinner. The cap
 * covers the whole preview, injection included: injecting and pinging wait for the page's
 * main thread too, so a page stuck in a script held the popup's skeleton until it freed.
 */
const EXTRACT_TIMEOUT_MS = 15_000;
/**
 * A save asks whether the page still answers (for images it already loaded) at most this
 * long; a busy page leaves the images to the background instead of holding the save.
 */
const SAVE_PAGE_CHECK_MS = 5_000;

/** `retry`: a page busy loading or in a script answers once it is done (the popup offers Try again). */
const PAGE_BUSY = { kind: 'cannot-clip', code: 'busy', message: `The page did not answer within ${EXTRACT_TIMEOUT_MS / 1000} s (it may be busy). Try again when it has finished loading.`, retry: true } as const;

/** The reader page (engineer D) takes the clip id in its query string. */
export function readerPath(clipId: string): string {
  return `src/pages/reader/index.html?id=${encodeURIComponent(clipId)}`;
}

function toContent(tabId: number) {
  return (e: Envelope) => browser.tabs.sendMessage(tabId, e, { frameId: 0 });
}

/**
 * Makes sure Sift's content script runs in the tab's top frame. Injection is on demand
 * (activeTab + scripting): no content script is declared in the manifest.
 */
export async function ensureContentScript(tabId: number): Promise<Extract<ExtractReply, { kind: 'cannot-clip' }> | null> {
  let url: string | undefined;
  try {
    url = (await browser.tabs.get(tabId)).url;
  } catch {
    return { kind: 'cannot-clip', code: 'no-tab', message: 'That tab is gone. Open the page again and retry.' };
  }
  const fileAccess = await browser.extension.isAllowedFileSchemeAccess();
  const refusal = refuseByUrl(url, fileAccess, BUILD_BROWSER, browser.runtime.getURL(''));
  if (refusal) return { kind: 'cannot-clip', ...refusal };
  // Already injected (an earlier preview on this page)? Then skip re-evaluating the bundle.
  const present = await request(toContent(tabId), 'bg→content:ping', null).then(
    (reply) => reply === 'pong',
    () => false,
  );
  if (present) return null;
  try {
    // injectImmediately: clip what is on screen now instead of waiting for every
    // subresource (a hanging image would otherwise hold the preview back).
    await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [contentScript], injectImmediately: true });
  } catch (err) {
    return { kind: 'cannot-clip', ...refuseByInjectionError(err instanceof Error ? err.message : String(err), url, fileAccess, BUILD_BROWSER) };
  }
  return null;
}

/** `work`, or `late()` when it has not settled within `ms` (the content script may be stuck in a busy page). */
async function withTimeout<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `engine`: the content engine to use; without it the user's saved default, and without that the core's. */
export async function extractFromTab(tabId: number, mode: ClipMode, kind?: PageKind, engine?: ContentEngine): Promise<ExtractReply> {
  const ask = async (): Promise<ExtractReply> => {
    const refused = await ensureContentScript(tabId);
    if (refused) return refused;
    const chosen = engine ?? (await preferredEngine());
    const raw = await request(toContent(tabId), 'bg→content:extract', { mode, ...(kind ? { kind } : {}), ...(chosen ? { engine: chosen } : {}) });
    return extractReplyValidator(raw, 'reply');
  };
  return withTimeout<ExtractReply>(ask(), EXTRACT_TIMEOUT_MS, () => PAGE_BUSY);
}

/** One engine's sample for the compare view; every failure is that engine's own message. */
export async function sampleFromTab(tabId: number, engine: ContentEngine): Promise<EngineSample> {
  const refused = await ensureContentScript(tabId);
  if (refused) return { kind: 'failed', engine, message: refused.message };
  try {
    const notAfter = Date.now() + SAMPLE_TIMEOUT_MS;
    const raw = await withTimeout<unknown>(request(toContent(tabId), 'bg→content:sample-engine', { engine, notAfter }), SAMPLE_TIMEOUT_MS, () => ({
      kind: 'timed-out',
      engine,
      afterMs: SAMPLE_TIMEOUT_MS,
    }));
    return engineSampleValidator(raw, 'reply');
  } catch (err) {
    return { kind: 'failed', engine, message: err instanceof Error ? err.message : String(err) };
  }
}

export async function preview(tabId: number, mode: ClipMode, kind?: PageKind, engine?: ContentEngine): Promise<PreviewReply> {
  const reply = await extractFromTab(tabId, mode, kind, engine);
  const existing = reply.kind === 'clip' ? await findExisting(db(), reply.clip.url, reply.clip.canonicalUrl) : [];
  return { ...reply, existing };
}

/** An address without its fragment: `#section` is the same document. */
function documentOf(url: string): string {
  return url.replace(/#.*$/s, '');
}

/**
 * Whether the clip's page is still open in its tab at Save. A page opened from disk counts
 * as gone as soon as its tab shows anything else, or hides its address: Sift's activeTab
 * grant for the file (which also shows Sift the tab's address) ended with it. Asking the tab
 * to run a script could not tell: where Sift's site access waits for a click, the injection
 * never settles (measured in e2e/clip-file.spec.ts), and the check would call the page busy.
 */
async function pageAtSave(tabId: number, clipUrl: string): Promise<PageState> {
  if (isFileUrl(clipUrl)) {
    const shown = (await browser.tabs.get(tabId).catch(() => null))?.url;
    if (!shown || documentOf(shown) !== documentOf(clipUrl)) return 'gone';
  }
  const refusal = await withTimeout(ensureContentScript(tabId), SAVE_PAGE_CHECK_MS, () => PAGE_BUSY);
  return refusal === null ? 'open' : refusal.code === 'busy' ? 'busy' : 'gone';
}

/** `onImages`: how many of the clip's images are read so far: 0 once the save goes ahead (no copy to ask about), then after each one. */
export async function saveFromTab(req: SaveRequest, onImages: (done: number, total: number) => void = () => undefined): Promise<SaveReply> {
  const started = Date.now();
  // Ask about duplicates before spending time on images.
  if (req.onDuplicate === 'ask') {
    const existing = await findExisting(db(), req.clip.url, req.clip.canonicalUrl);
    if (existing.length > 0) return { kind: 'duplicate', existing };
  }
  // The page may have navigated, the worker restarted or the page got stuck in a script
  // since the preview. If the page is gone or busy, the clip the user saw is still saved;
  // images come from the background alone (a file beside a page that is gone may then be
  // out of reach, and says why: images.ts FILE_PAGE_GONE).
  onImages(0, req.imageUrls.length);
  const page = await pageAtSave(req.tabId, req.clip.url);
  const images = await fetchImages(page === 'open' ? req.tabId : null, req.imageUrls, {}, page, (done) => onImages(done, req.imageUrls.length));
  const outcome = await saveClip(db(), { clip: req.clip, images, onDuplicate: req.onDuplicate, updateId: req.updateId });
  if (outcome.kind === 'duplicate') return outcome;
  // A library open in a tab shows the clip now, not after a reload.
  announceLibraryChange();
  const failed = images.filter((i) => i.blob === null).map((i) => ({ url: i.url, error: i.error ?? 'not saved' }));
  await showOnBadge(req.tabId, failed.length > 0 ? 'warning' : 'saved');
  return {
    kind: 'saved',
    clipId: outcome.clipId,
    updated: outcome.updated,
    imagesSaved: images.length - failed.length,
    imagesFailed: failed,
    readerPath: readerPath(outcome.clipId),
    ms: Date.now() - started,
  };
}

/** The toolbar icon of a tab, for a moment: ✓ saved, ! saved with image warnings, ✕ not saved. */
const BADGES = {
  saved: { text: '✓', color: '#2f855a' },
  warning: { text: '!', color: '#b7791f' },
  failed: { text: '✕', color: '#c53030' },
} as const;

/** A short note on the toolbar icon of that tab (seen even where the page cannot show a toast). */
async function showOnBadge(tabId: number, outcome: keyof typeof BADGES): Promise<void> {
  const { text, color } = BADGES[outcome];
  try {
    await browser.action.setBadgeBackgroundColor({ tabId, color });
    await browser.action.setBadgeText({ tabId, text });
    setTimeout(() => void browser.action.setBadgeText({ tabId, text: '' }).catch(() => undefined), 6_000);
  } catch {
    // The tab closed meanwhile: nothing to confirm on.
  }
}

/** Sift's popup window already open for the page (the clip shortcut was pressed in it: commandTarget.ts). */
export interface AskingWindow {
  windowId: number;
  popupTabId: number;
}

/**
 * Opens the popup UI for a tab in a small window (used when a one-gesture clip needs a
 * question answered); in `asking`, the window already open for that tab, when it is still there.
 */
export async function openPopupWindow(tabId: number, mode: ClipMode, asking?: AskingWindow): Promise<void> {
  const url = browser.runtime.getURL(`popup.html?${new URLSearchParams({ tabId: String(tabId), mode })}`);
  if (asking) {
    try {
      await browser.tabs.update(asking.popupTabId, { url });
      await browser.windows.update(asking.windowId, { focused: true });
      return;
    } catch {
      // Closed meanwhile: a new window, as for any page.
    }
  }
  await browser.windows.create({ url, type: 'popup', width: 420, height: 660 });
}

/** What a one-gesture clip did: saved, found a copy (and asked), failed, or left it to the popup (null). */
export type BackgroundClip = SaveReply | { kind: 'failed'; message: string } | null;

/**
 * One-gesture clip (context menu, keyboard shortcut): extract and save without the popup,
 * confirm with a toast in the page. Whenever the user must decide something (not an
 * article, already saved, cannot clip) the popup opens on the tab instead. `asking`: the
 * shortcut was pressed in Sift's popup window for this tab, which then asks the question
 * (no second window) or, once the page is saved, closes (it asked about a page now clipped).
 */
export async function clipInBackground(tabId: number, mode: ClipMode, asking?: AskingWindow): Promise<BackgroundClip> {
  // A second press while the first clip of this tab is still running (a double click on the
  // menu, the shortcut pressed again because nothing showed yet) would save the page twice
  // or, finding the first copy, open the "already saved" window over it.
  if (clipping.has(tabId)) return null;
  clipping.add(tabId);
  try {
    return await clipTabInBackground(tabId, mode, asking);
  } finally {
    clipping.delete(tabId);
  }
}

/** The toast's image count changes at most this often (each change is read out by a screen reader). */
const PROGRESS_EVERY_MS = 1_000;

/** Tabs with a one-gesture clip under way (only while it runs: nothing to lose if the worker stops). */
const clipping = new Set<number>();

async function clipTabInBackground(tabId: number, mode: ClipMode, asking?: AskingWindow): Promise<BackgroundClip> {
  let title: string | null = null;
  try {
    const reply = await extractFromTab(tabId, mode);
    if (reply.kind !== 'clip') {
      await openPopupWindow(tabId, mode, asking);
      return null;
    }
    title = reply.clip.title;
    const clipTitle = title;
    // Images may take a while (8 s each at most, four at a time): the page says the clip is
    // on its way, and counts them, at most about once a second.
    const imagesTotal = reply.imageUrls.length;
    let lastCount = 0;
    const counted = (imagesDone: number) => {
      if (imagesDone > 0 && (imagesDone === imagesTotal || Date.now() - lastCount < PROGRESS_EVERY_MS)) return;
      lastCount = Date.now();
      void toast(tabId, { kind: 'saving', title: clipTitle, imagesDone, imagesTotal });
    };
    const saved = await saveFromTab({ tabId, clip: reply.clip, imageUrls: reply.imageUrls, onDuplicate: 'ask', updateId: null }, counted);
    if (saved.kind === 'duplicate') {
      await openPopupWindow(tabId, mode, asking);
      return saved;
    }
    if (asking) await browser.windows.remove(asking.windowId).catch(() => undefined);
    const warning = saved.imagesFailed.length > 0 ? `${saved.imagesFailed.length} image(s) could not be saved` : null;
    await toast(tabId, { kind: 'saved', clipId: saved.clipId, title: reply.clip.title, warning });
    return saved;
  } catch (err) {
    // Nobody else would tell: the popup is not open, and the menu or shortcut has no answer.
    const message = saveFailureMessage(err);
    await showOnBadge(tabId, 'failed');
    await toast(tabId, { kind: 'failed', title, message });
    return { kind: 'failed', message };
  }
}

/** A toast in the page; a page that cannot show one (closed, navigated, busy) is left alone. */
async function toast(tabId: number, content: ToastRequest): Promise<void> {
  await request(toContent(tabId), 'bg→content:toast', content).catch(() => undefined);
}

/** Why a save failed, in words a user can act on: a full storage says what to free. */
export function saveFailureMessage(err: unknown): string {
  const names = [err, (err as { inner?: unknown } | null)?.inner].map((e) => (e as { name?: unknown } | null)?.name);
  if (names.includes('QuotaExceededError')) {
    return 'The browser has no room left for Sift’s library. Delete clips you no longer need (and empty the trash) in the library, then clip the page again.';
  }
  return `Nothing was saved: ${err instanceof Error ? err.message : String(err)}`;
}
