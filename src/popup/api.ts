import browser from 'webextension-polyfill';
import type { PageKind } from '../core/types';
import { BUILD_BROWSER } from '../shared/browserFamily';
import { request, type ClipData, type ClipMode, type ContentEngine, type EngineSample, type Envelope, type OnDuplicate, type PdfDownload, type PreviewReply, type SaveReply } from '../shared/messages';
import { DOWNLOAD_MESSAGES } from '../shared/pdfPages';

/**
 * Everything the popup UI may ask of the extension. Components receive it (or single
 * actions from it) through props and never touch browser.* themselves (STYLE.md, 7).
 */
/**
 * What the user chose in the popup for the next preview. `kind`: the page-kind override
 * (issue 7); without it the core guesses. `engine`: the content engine (issue 6); without
 * it the background uses the saved default, then the core's.
 */
export interface PreviewChoice {
  kind?: PageKind | undefined;
  engine?: ContentEngine | undefined;
}

export interface PopupApi {
  preview(mode: ClipMode, choice?: PreviewChoice): Promise<PreviewReply>;
  /** One engine's output on the page, for the compare view. */
  sampleEngine(engine: ContentEngine): Promise<EngineSample>;
  /** Remembers the engine as the user's default (storage.local, through the background). */
  setEngine(engine: ContentEngine): Promise<void>;
  /** The lead image as a data: URL (extension pages load no remote images, see the CSP). */
  imagePreview(url: string): Promise<string | null>;
  save(clip: ClipData, imageUrls: string[], onDuplicate: OnDuplicate, updateId: string | null): Promise<SaveReply>;
  openReader(clipId: string): Promise<void>;
  /** Opens the library (the user's saved clips) in a new tab. */
  openLibrary(): Promise<void>;
  /**
   * Downloads the PDF the tab shows (the PDF panel), asking for the `downloads` permission
   * first if Sift does not hold it yet; rejects with the reason when it fails.
   */
  downloadPdf(): Promise<PdfDownload>;
  /** Reloads the tab (a page that did not load); resolves once it has loaded again. */
  reloadTab(): Promise<void>;
  /** Asks the browser to keep Sift's storage under pressure (navigator.storage.persist). */
  persistStorage(): Promise<boolean>;
  /** Asks for the optional permission to read images from every site (cross-origin images). */
  allowImagesFromAllSites(): Promise<boolean>;
  /**
   * Opens Sift's own page in the browser's extension settings (where "Allow access to file
   * URLs" is), or null where no extension may open it (Firefox's about:addons).
   */
  openExtensionSettings: (() => Promise<void>) | null;
  close(): void;
}

const send = (e: Envelope) => browser.runtime.sendMessage(e);

/** The toolbar popup's tab: ?tabId=N (automation, context menu window) or the active tab. */
export async function resolveTabId(search: string): Promise<number | null> {
  const fromQuery = new URLSearchParams(search).get('tabId');
  if (fromQuery !== null) return /^\d+$/.test(fromQuery) ? Number(fromQuery) : null;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

export function browserPopupApi(tabId: number): PopupApi {
  return {
    preview: (mode, choice = {}) =>
      request(send, 'ui→bg:preview', { tabId, mode, ...(choice.kind ? { kind: choice.kind } : {}), ...(choice.engine ? { engine: choice.engine } : {}) }),
    sampleEngine: (engine) => request(send, 'ui→bg:sample-engine', { tabId, engine }),
    setEngine: async (engine) => {
      await request(send, 'ui→bg:set-engine', { engine });
    },
    imagePreview: async (url) => (await request(send, 'ui→bg:image-preview', { tabId, url })).dataUrl,
    save: (clip, imageUrls, onDuplicate, updateId) => request(send, 'ui→bg:save', { tabId, clip, imageUrls, onDuplicate, updateId }),
    openReader: async (clipId) => {
      await request(send, 'ui→bg:open-reader', { clipId });
    },
    openLibrary: async () => {
      await request(send, 'ui→bg:open-library', null);
    },
    reloadTab: async () => {
      await request(send, 'ui→bg:reload-tab', { tabId });
    },
    downloadPdf: async () => {
      // Both before any await: the prompt needs the click's gesture (Firefox requires the call
      // in the handler itself), and the request reaches the background even if the prompt
      // closes the popup; the background waits for the answer (background/pdfDownload.ts).
      const permitted = browser.permissions.request({ permissions: ['downloads'] });
      const download = request(send, 'ui→bg:download-pdf', { tabId });
      if (!(await permitted.catch(() => false))) {
        download.catch(() => undefined);
        throw new Error(DOWNLOAD_MESSAGES.notAllowed);
      }
      return download;
    },
    persistStorage: async () => {
      try {
        return (await navigator.storage.persisted()) || (await navigator.storage.persist());
      } catch {
        return false;
      }
    },
    allowImagesFromAllSites: () => browser.permissions.request({ origins: ['<all_urls>'] }),
    // Firefox: about:addons is privileged, tabs.create refuses it (background/tabAccess.ts).
    openExtensionSettings:
      BUILD_BROWSER === 'firefox'
        ? null
        : async () => {
            await browser.tabs.create({ url: `chrome://extensions/?id=${browser.runtime.id}` });
          },
    close: () => window.close(),
  };
}
