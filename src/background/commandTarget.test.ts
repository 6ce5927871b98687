import { describe, expect, it } from 'vitest';
import { commandTarget } from './commandTarget';

const ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';

describe('commandTarget: what the clip shortcut acts on', () => {
  it('an ordinary page: its tab', () => {
    expect(commandTarget({ id: 7, url: 'https://news.example/a', windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 7 });
    // Without the permission to see the address (most sites, before activeTab): still its tab.
    expect(commandTarget({ id: 7, windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 7 });
  });

  // The shortcut pressed in the window a one-gesture clip opened clipped that window itself,
  // and opened a second window about the first.
  it('Sift\'s popup window: the page it was opened for, asking in the same window', () => {
    expect(commandTarget({ id: 12, url: `${ORIGIN}popup.html?tabId=7&mode=article`, windowId: 3 }, ORIGIN))
      .toEqual({ kind: 'popup-window', tabId: 7, popupTabId: 12, windowId: 3 });
    expect(commandTarget({ id: 12, url: `${ORIGIN}popup.html?mode=selection&tabId=7`, windowId: 3 }, ORIGIN))
      .toMatchObject({ kind: 'popup-window', tabId: 7 });
  });

  it('Sift\'s library and reader, another extension\'s popup, a popup naming no page: that tab (refused with its own message)', () => {
    expect(commandTarget({ id: 5, url: `${ORIGIN}src/pages/library/index.html`, windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 5 });
    expect(commandTarget({ id: 5, url: `${ORIGIN}src/pages/reader/index.html?id=x`, windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 5 });
    expect(commandTarget({ id: 5, url: 'chrome-extension://otherextensionidotherextensionid/popup.html?tabId=7', windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 5 });
    expect(commandTarget({ id: 5, url: `${ORIGIN}popup.html?tabId=abc`, windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 5 });
    expect(commandTarget({ id: 5, url: `${ORIGIN}popup.html?tabId=5`, windowId: 1 }, ORIGIN)).toEqual({ kind: 'tab', tabId: 5 });
  });

  it('no tab, or a tab without an id (devtools): nothing', () => {
    expect(commandTarget(undefined, ORIGIN)).toBeNull();
    expect(commandTarget({ url: 'https://news.example/a' }, ORIGIN)).toBeNull();
    expect(commandTarget({ id: -1 }, ORIGIN)).toBeNull();
  });
});
