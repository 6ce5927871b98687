import type { BrowserFamily } from '../shared/browserFamily';
import { isFileUrl } from '../shared/clipImages';
import type { CannotClipCode } from '../shared/messages';
import { isPdfUrl, PDF_MESSAGES, pdfRefusal } from '../shared/pdfPages';

/**
 * Which tabs Sift can clip, decided from the URL before trying to inject, so the popup can
 * say why instead of showing a spinner. Browsers refuse scripts in their own pages and in
 * their extension stores; file:// needs the user's permission, which each browser names and
 * places differently:
 * - Chromium: "Allow access to file URLs" on chrome://extensions → Sift → Details, which
 *   `extension.isAllowedFileSchemeAccess()` reports; the popup can open that page.
 * - Firefox: `isAllowedFileSchemeAccess()` always answered false (MDN), although the toolbar
 *   click's activeTab let an extension run in a file page (Firefox's test_ext_tabs_executeScript
 *   file tests); since Firefox made file access opt-in (152/153, pref
 *   extensions.webextensions.fileSchemeAccess.requireOptIn) it reports the add-on's "Access
 *   local files on your computer" permission (about:addons → the add-on → Permissions and
 *   data, off by default). Neither answer says whether injecting will work, so the Firefox
 *   build tries, and names that permission when the file refuses. No extension may open
 *   about:addons (tabs.create refuses privileged about: URLs, MDN), so no button: words only.
 */

export interface Refusal {
  code: CannotClipCode;
  message: string;
}

const BROWSER_SCHEMES = ['chrome:', 'chrome-untrusted:', 'chrome-search:', 'edge:', 'brave:', 'opera:', 'vivaldi:', 'about:', 'devtools:', 'view-source:', 'chrome-extension:', 'moz-extension:', 'resource:', 'javascript:'];

/** Extension stores: browsers block every extension from scripting them. */
const STORE_PAGES = [/^https:\/\/chromewebstore\.google\.com\//, /^https:\/\/chrome\.google\.com\/webstore/, /^https:\/\/addons\.mozilla\.org\//, /^https:\/\/microsoftedge\.microsoft\.com\/addons/];

export const MESSAGES = {
  browserPage: 'This is one of the browser’s own pages. Browsers do not let extensions read them, so there is nothing Sift can clip here.',
  errorPage: 'This page did not load, so there is nothing to clip. Reload it, and clip it once it shows.',
  siftPage: 'This is one of Sift’s own pages (the library, or a clip in the reader): there is nothing new to clip here. Go to the tab of the page you want to clip, then use Sift there.',
  storePage: 'This is the browser’s extension store. Browsers do not let extensions read it, so Sift cannot clip it.',
  pdf: PDF_MESSAGES.web,
  fileAccess: 'This page is a file on this computer, and Sift may not read files yet. To clip it, open Sift’s settings (chrome://extensions → Sift → Details), turn on “Allow access to file URLs”, then click Sift on this page again.',
  noAccess: 'Sift cannot read this page. Click the Sift button in the toolbar on the page itself to give it access, then try again.',
  policy: 'This browser is managed, and its policy does not let extensions read this site, so Sift cannot clip it. Only the browser’s administrator can change that.',
  fileAccessHint: 'If it is a file on this computer, open Sift’s settings (chrome://extensions → Sift → Details) and turn on “Allow access to file URLs”.',
  fileAccessFirefox: 'This page is a file on this computer, and Firefox does not let Sift read it yet. To clip it, open Firefox’s Add-ons Manager (about:addons), choose Sift, turn on “Access local files on your computer” under Permissions and data, then reload this page and click Sift again.',
  fileAccessHintFirefox: 'If it is a file on this computer, allow Sift to “Access local files on your computer” (about:addons → Sift → Permissions and data).',
} as const;

/** The message for a file Sift may not read, naming the browser's own permission. */
function fileAccessRefusal(browser: BrowserFamily): Refusal {
  return { code: 'file-access', message: browser === 'firefox' ? MESSAGES.fileAccessFirefox : MESSAGES.fileAccess };
}

/**
 * A refusal from the URL alone, or null when injecting is worth trying. `fileAccessAllowed`:
 * what `extension.isAllowedFileSchemeAccess()` answered, which decides for files in Chromium
 * only (see above). `extensionOrigin`: Sift's own (`runtime.getURL('')`), whose pages are
 * named as Sift's rather than the browser's (the shortcut pressed in the library or reader).
 */
export function refuseByUrl(url: string | undefined, fileAccessAllowed: boolean, browser: BrowserFamily = 'chromium', extensionOrigin?: string): Refusal | null {
  if (!url) return null; // No permission to see the URL: injecting will tell.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'browser-page', message: MESSAGES.browserPage };
  }
  if (extensionOrigin && url.startsWith(extensionOrigin)) return { code: 'browser-page', message: MESSAGES.siftPage };
  if (BROWSER_SCHEMES.includes(parsed.protocol)) return { code: 'browser-page', message: MESSAGES.browserPage };
  if (STORE_PAGES.some((re) => re.test(url))) return { code: 'store-page', message: MESSAGES.storePage };
  if (parsed.protocol === 'file:' && !fileAccessAllowed && browser === 'chromium') return fileAccessRefusal(browser);
  if (!['http:', 'https:', 'file:'].includes(parsed.protocol)) return { code: 'browser-page', message: MESSAGES.browserPage };
  return null;
}

/**
 * Maps the browser's injection error to a refusal the user can act on. Without access the
 * browser hides the tab's URL, so a local file and a site we were not granted look alike:
 * with file URLs not allowed, the message then names both remedies, and the code is
 * `file-access` so the popup offers the settings page where the switch is.
 */
export function refuseByInjectionError(error: string, url: string | undefined, fileAccessAllowed = true, browser: BrowserFamily = 'chromium'): Refusal {
  const lower = error.toLowerCase();
  if (url && isPdfUrl(url)) return pdfRefusal(url);
  // Firefox refuses a file page as any page ("Missing host permission for the tab").
  if (url && isFileUrl(url)) return fileAccessRefusal(browser);
  if (lower.includes('gallery') || lower.includes('web store')) return { code: 'store-page', message: MESSAGES.storePage };
  if (lower.includes('chrome://') || lower.includes('chrome-extension://') || lower.includes('about:') || lower.includes('edge://')) return { code: 'browser-page', message: MESSAGES.browserPage };
  if (lower.includes('file://') || lower.includes('file url')) return fileAccessRefusal(browser);
  if (lower.includes('error page') || lower.includes('frame with id 0 is showing error page')) {
    return { code: 'error-page', message: MESSAGES.errorPage };
  }
  // Chromium's kPolicyBlockedScripting: the ExtensionsSettings policy's runtime_blocked_hosts
  // (an organization's browser, or Opera's search pages). No click of Sift's can grant it.
  if (lower.includes('extensionssettings policy')) return { code: 'no-access', message: MESSAGES.policy };
  if (!url && !fileAccessAllowed) return { code: 'file-access', message: `${MESSAGES.noAccess} ${browser === 'firefox' ? MESSAGES.fileAccessHintFirefox : MESSAGES.fileAccessHint}` };
  return { code: 'no-access', message: MESSAGES.noAccess };
}
