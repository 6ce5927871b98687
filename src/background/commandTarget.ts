/**
 * What the clip shortcut acts on. It clips the active tab of the last focused window, and
 * that window may be one of Sift's own: the 420 px window a one-gesture clip opens to ask a
 * question (openPopupWindow), or the library or reader in a tab. Pressed there, it clipped
 * Sift's own page: a second popup window opened over the first, about the first, saying
 * "This is one of the browser's own pages".
 *
 * - Sift's popup window (`popup.html?tabId=N`): the page it was opened for, tab N; a question
 *   is asked in that same window instead of a new one.
 * - Any other tab, Sift's library and reader included: that tab (Sift's own pages are then
 *   refused with a message that names them: tabAccess.ts MESSAGES.siftPage).
 */

/** The fields of a tab this needs (browser.Tabs.Tab has them). */
export interface TabLike {
  id?: number;
  url?: string;
  windowId?: number;
}

export type CommandTarget =
  | { kind: 'tab'; tabId: number }
  /** Sift's popup window for the page in tab `tabId`: `popupTabId` in window `windowId`. */
  | { kind: 'popup-window'; tabId: number; popupTabId: number; windowId: number };

/** The popup page, as openPopupWindow opens it (`extensionOrigin` ends with a slash). */
const POPUP_PAGE = 'popup.html';

export function commandTarget(tab: TabLike | undefined, extensionOrigin: string): CommandTarget | null {
  if (tab?.id === undefined || tab.id < 0) return null;
  const url = tab.url ?? '';
  if (tab.windowId !== undefined && url.startsWith(`${extensionOrigin}${POPUP_PAGE}?`)) {
    const forTab = new URL(url).searchParams.get('tabId') ?? '';
    if (/^\d+$/.test(forTab) && Number(forTab) !== tab.id) {
      return { kind: 'popup-window', tabId: Number(forTab), popupTabId: tab.id, windowId: tab.windowId };
    }
  }
  return { kind: 'tab', tabId: tab.id };
}
