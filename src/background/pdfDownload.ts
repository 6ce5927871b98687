import type { PdfDownload } from '../shared/messages';
import { DOWNLOAD_MESSAGES, isPdfUrl } from '../shared/pdfPages';

/**
 * "Download this PDF" on the popup's PDF panel: the background downloads the PDF the tab
 * shows with the browser's downloads API, so the file arrives the way the browser's own
 * download would (the user's cookies for the site, the downloads folder, the downloads list).
 *
 * `downloads` is an optional permission (manifest.json): required, it would add "Manage your
 * downloads" to the install warning for everyone, and an update that adds a warning disables
 * Sift until the user accepts it, all for a button most users never press. The popup asks
 * for it on the first press, in the click's gesture, and sends this request at the same
 * time: if the browser's prompt closes the popup, the background still waits for the answer
 * (`whenPermitted`) and downloads the PDF once it is allowed.
 */

/** The parts of `downloads` this uses (browser.downloads; a fake in unit tests). */
export interface DownloadsApi {
  download(options: { url: string; conflictAction: 'uniquify' }): Promise<number>;
  search(query: { id: number }): Promise<Array<{ state?: string; filename?: string; error?: string }>>;
  onChanged: {
    addListener(listener: (delta: DownloadDelta) => void): void;
    removeListener(listener: (delta: DownloadDelta) => void): void;
  };
}

export interface DownloadDelta {
  id: number;
  state?: { current?: string };
  error?: { current?: string };
  filename?: { current?: string };
}

export interface PdfDownloadEnv {
  /** browser.downloads, read when needed: it appears once the permission is granted. */
  downloads(): DownloadsApi | undefined;
  /** Resolves true once the `downloads` permission is granted (at once if it is), false after `ms`. */
  whenPermitted(ms: number): Promise<boolean>;
}

/** How long the background waits for the user's answer to the browser's permission prompt. */
export const PERMISSION_WAIT_MS = 60_000;
/** How long the popup is kept waiting for the file; past it the answer is `started`. */
export const COMPLETE_WAIT_MS = 15_000;

/** The browser's interrupt reason (the same names in Chromium and Firefox), in the user's words. */
export function interruptReason(error: string | undefined): string {
  switch (error) {
    case 'SERVER_BAD_CONTENT':
      return 'the site no longer has this file';
    case 'SERVER_UNAUTHORIZED':
    case 'SERVER_FORBIDDEN':
    case 'SERVER_CERT_PROBLEM':
      return 'the site refused to send it (you may need to sign in on the site first)';
    case 'USER_CANCELED':
      return 'the download was cancelled';
    case 'FILE_NO_SPACE':
      return 'there is no room on the disk';
    case 'FILE_TOO_LARGE':
      return 'the file is too large for the disk';
    case 'FILE_ACCESS_DENIED':
    case 'FILE_NAME_TOO_LONG':
    case 'FILE_FAILED':
    case 'FILE_BLOCKED':
    case 'FILE_SECURITY_CHECK_FAILED':
    case 'FILE_VIRUS_INFECTED':
      return `the browser could not write the file (${error})`;
    case undefined:
    case '':
      return 'the browser stopped it';
    default:
      return error.startsWith('NETWORK_') ? 'the connection to the site failed' : `the browser stopped it (${error})`;
  }
}

export function downloadFailed(error: string | undefined): Error {
  return new Error(`The PDF was not downloaded: ${interruptReason(error)}.`);
}

/** The address to download, or an error the user can act on. */
export function pdfAddress(url: string | undefined): string {
  if (!url) throw new Error(DOWNLOAD_MESSAGES.notPdf);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(DOWNLOAD_MESSAGES.notPdf);
  }
  if (parsed.protocol === 'file:') throw new Error(DOWNLOAD_MESSAGES.localFile);
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !isPdfUrl(url)) throw new Error(DOWNLOAD_MESSAGES.notPdf);
  return url;
}

/**
 * How often the download is looked up while waiting. The browser's `onChanged` alone is not
 * enough: a change it reports before it has registered the listener (a small file, done in
 * the moment between the first look and the listener) reaches no one, and the popup would
 * wait out the whole `COMPLETE_WAIT_MS` for a file already on disk.
 */
export const POLL_MS = 500;

/** Waits for download `id` to finish: `complete` with its path, `started` after `ms`, or throws its interrupt reason. */
export function waitForDownload(downloads: DownloadsApi, id: number, ms: number): Promise<PdfDownload> {
  return new Promise<PdfDownload>((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      downloads.onChanged.removeListener(onChanged);
      outcome();
    };
    const settle = async (state: string | undefined, error: string | undefined) => {
      if (state === 'interrupted') finish(() => reject(downloadFailed(error)));
      else if (state === 'complete') {
        const [item] = await downloads.search({ id }).catch(() => []);
        finish(() => resolve({ kind: 'complete', filename: item?.filename ?? '' }));
      }
    };
    const onChanged = (delta: DownloadDelta) => {
      if (delta.id === id) void settle(delta.state?.current, delta.error?.current);
    };
    const look = () => {
      if (done) return;
      void downloads.search({ id }).then(
        ([item]) => settle(item?.state, item?.error),
        () => undefined,
      );
    };
    const timer = setTimeout(() => finish(() => resolve({ kind: 'started' })), ms);
    // Listen first, then look, and look again now and then (POLL_MS).
    downloads.onChanged.addListener(onChanged);
    const poll = setInterval(look, POLL_MS);
    look();
  });
}

/** Downloads the PDF at `tabUrl` (the tab's own address, read by the background). */
export async function downloadPdf(tabUrl: string | undefined, env: PdfDownloadEnv, waits = { permission: PERMISSION_WAIT_MS, complete: COMPLETE_WAIT_MS }): Promise<PdfDownload> {
  const url = pdfAddress(tabUrl);
  if (!(await env.whenPermitted(waits.permission))) throw new Error(DOWNLOAD_MESSAGES.notAllowed);
  const downloads = env.downloads();
  if (!downloads) throw new Error(DOWNLOAD_MESSAGES.notAllowed);
  let id: number;
  try {
    id = await downloads.download({ url, conflictAction: 'uniquify' });
  } catch (err) {
    throw new Error(`The PDF was not downloaded: ${err instanceof Error ? err.message : String(err)}.`, { cause: err });
  }
  return waitForDownload(downloads, id, waits.complete);
}
