import browser from 'webextension-polyfill';
import { dispatch, IMAGE_TIMEOUT_MS, type ClipMode, type Handlers } from '../shared/messages';
import { isFileUrl } from '../shared/clipImages';
import { bytesToBase64 } from '../shared/imageBytes';
import { clipInBackground, preview, readerPath, sampleFromTab, saveFromTab } from './clipper';
import { commandTarget } from './commandTarget';
import { setPreferredEngine } from './enginePreference';
import { fetchOneImage } from './images';
import { downloadPdf, type DownloadsApi } from './pdfDownload';

/**
 * The background service worker. Every listener is registered at the top level, so a
 * worker woken by an event (message, menu click, shortcut) finds its handler; it keeps no
 * state between events (Chrome stops idle workers, see the e2e test that kills it).
 */

const self = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('') };

/** The preview shows the lead image small; a few MB and seconds is plenty for a thumbnail. */
const PREVIEW_IMAGE_BYTES = 4 * 1024 * 1024;

async function openReader(clipId: string): Promise<null> {
  await browser.tabs.create({ url: browser.runtime.getURL(readerPath(clipId)) });
  return null;
}

/** The library: the user's saved clips (vite.config.ts lists the page). */
const LIBRARY_PATH = 'src/pages/library/index.html';

async function openLibrary(): Promise<null> {
  await browser.tabs.create({ url: browser.runtime.getURL(LIBRARY_PATH) });
  return null;
}

/**
 * Resolves true once Sift holds the optional `downloads` permission: at once, or when the
 * user allows it in the prompt the popup opened (which may have closed the popup meanwhile).
 */
async function whenDownloadsPermitted(ms: number): Promise<boolean> {
  const wanted = { permissions: ['downloads' as const] };
  if (await browser.permissions.contains(wanted)) return true;
  return new Promise<boolean>((resolve) => {
    const onAdded = (added: browser.Permissions.Permissions) => {
      if (!added.permissions?.includes('downloads')) return;
      clearTimeout(timer);
      browser.permissions.onAdded.removeListener(onAdded);
      resolve(true);
    };
    const timer = setTimeout(() => {
      browser.permissions.onAdded.removeListener(onAdded);
      resolve(false);
    }, ms);
    browser.permissions.onAdded.addListener(onAdded);
  });
}

/** A reloaded page has this long to load before the popup asks it again anyway (it then says what it finds). */
const RELOAD_WAIT_MS = 15_000;

/** Reloads a tab (a page that did not load: the popup's "Reload page") and resolves once it has loaded again. */
async function reloadTab(tabId: number): Promise<null> {
  let onUpdated: ((id: number, change: browser.Tabs.OnUpdatedChangeInfoType) => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loaded = new Promise<void>((resolve) => {
    onUpdated = (id, change) => {
      if (id === tabId && change.status === 'complete') resolve();
    };
    timer = setTimeout(resolve, RELOAD_WAIT_MS);
    browser.tabs.onUpdated.addListener(onUpdated);
  });
  try {
    await browser.tabs.reload(tabId);
    await loaded;
  } finally {
    clearTimeout(timer);
    if (onUpdated) browser.tabs.onUpdated.removeListener(onUpdated);
  }
  return null;
}

const handlers: Handlers<
  | 'ui→bg:preview' | 'ui→bg:sample-engine' | 'ui→bg:set-engine' | 'ui→bg:save' | 'ui→bg:image-preview' | 'ui→bg:open-reader'
  | 'ui→bg:open-library' | 'ui→bg:download-pdf' | 'ui→bg:reload-tab' | 'content→bg:open-reader'
> = {
  'ui→bg:preview': ({ tabId, mode, kind, engine }) => preview(tabId, mode, kind, engine),
  'ui→bg:sample-engine': ({ tabId, engine }) => sampleFromTab(tabId, engine),
  'ui→bg:set-engine': ({ engine }) => setPreferredEngine(engine),
  'ui→bg:save': (req) => saveFromTab(req),
  'ui→bg:image-preview': async ({ tabId, url }) => {
    // A file on this computer only for a tab that shows a page opened from disk (the rule
    // the save's validator applies: messages.ts localFilesOnlyForFiles).
    if (isFileUrl(url) && !isFileUrl((await browser.tabs.get(tabId).catch(() => null))?.url ?? '')) return { dataUrl: null };
    const image = await fetchOneImage(tabId, url, { maxBytes: PREVIEW_IMAGE_BYTES, timeoutMs: Math.min(3_000, IMAGE_TIMEOUT_MS) });
    if (!image.blob) return { dataUrl: null };
    return { dataUrl: `data:${image.mime};base64,${bytesToBase64(new Uint8Array(await image.blob.arrayBuffer()))}` };
  },
  'ui→bg:open-reader': ({ clipId }) => openReader(clipId),
  'ui→bg:open-library': () => openLibrary(),
  // The address comes from the tab, never from the popup: only the PDF on screen is fetched.
  'ui→bg:download-pdf': async ({ tabId }) => {
    const tab = await browser.tabs.get(tabId).catch(() => null);
    return downloadPdf(tab?.url, {
      // Undefined until the permission is granted (browser.downloads appears with it).
      downloads: () => (browser as { downloads?: DownloadsApi }).downloads,
      whenPermitted: whenDownloadsPermitted,
    });
  },
  'ui→bg:reload-tab': ({ tabId }) => reloadTab(tabId),
  // The toast's button: only from the content script of a tab we clipped.
  'content→bg:open-reader': ({ clipId }) => openReader(clipId),
};

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => dispatch(handlers, message, sender, self));

// ---- Context menu and keyboard shortcut: one-gesture clips --------------------------------

const MENU_CLIP_PAGE = 'sift-clip-page';
const MENU_CLIP_SELECTION = 'sift-clip-selection';

browser.runtime.onInstalled.addListener(async () => {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_CLIP_PAGE, title: 'Clip page', contexts: ['page', 'image', 'link'] });
  browser.contextMenus.create({ id: MENU_CLIP_SELECTION, title: 'Clip selection', contexts: ['selection'] });
});

async function runContextMenu(menuItemId: string | number, tabId: number | undefined): Promise<unknown> {
  if (tabId === undefined || tabId < 0) return null;
  const mode: ClipMode = menuItemId === MENU_CLIP_SELECTION ? 'selection' : 'article';
  return clipInBackground(tabId, mode);
}

async function runCommand(command: string): Promise<unknown> {
  if (command !== 'clip-page') return null;
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  // Pressed in Sift's own popup window: the page that window is about (commandTarget.ts).
  const target = commandTarget(tab, self.extensionOrigin);
  if (!target) return null;
  if (target.kind === 'tab') return clipInBackground(target.tabId, 'article');
  return clipInBackground(target.tabId, 'article', { windowId: target.windowId, popupTabId: target.popupTabId });
}

browser.contextMenus.onClicked.addListener((info, tab) => void runContextMenu(info.menuItemId, tab?.id));
browser.commands.onCommand.addListener((command) => void runCommand(command));

// Tests cannot click menus or press shortcuts (TOOLCHAIN.md); they call these through
// serviceWorker.evaluate. Only this extension's own contexts can reach the worker's global.
Object.assign(globalThis, { siftBackground: { runContextMenu, runCommand } });
