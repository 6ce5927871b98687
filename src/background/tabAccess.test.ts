import { describe, expect, it } from 'vitest';
import { refuseByInjectionError, refuseByUrl } from './tabAccess';

describe('refuseByUrl', () => {
  it.each([
    ['chrome://settings', 'browser-page'],
    ['chrome-extension://abc/popup.html', 'browser-page'],
    ['about:blank', 'browser-page'],
    ['edge://flags', 'browser-page'],
    ['view-source:https://a.example/', 'browser-page'],
    ['https://chromewebstore.google.com/detail/x', 'store-page'],
    ['https://chrome.google.com/webstore/detail/x', 'store-page'],
    ['https://addons.mozilla.org/en-US/firefox/', 'store-page'],
    ['file:///home/me/a.html', 'file-access'],
  ])('%s → %s', (url, code) => {
    expect(refuseByUrl(url, false)?.code).toBe(code);
  });

  it('names Sift\'s own pages as Sift\'s, not the browser\'s; another extension\'s stay the browser\'s', () => {
    const own = 'chrome-extension://siftsiftsiftsiftsiftsiftsiftsift/';
    expect(refuseByUrl(`${own}src/pages/reader/index.html?id=x`, false, 'chromium', own)).toMatchObject({ code: 'browser-page', message: expect.stringContaining('Sift’s own pages') });
    expect(refuseByUrl('chrome-extension://other/popup.html', false, 'chromium', own)?.message).toContain('browser’s own pages');
  });

  it('lets ordinary pages, files with access, and hidden URLs through', () => {
    expect(refuseByUrl('https://news.example/a', false)).toBeNull();
    expect(refuseByUrl('http://localhost:8080/', false)).toBeNull();
    expect(refuseByUrl('file:///home/me/a.html', true)).toBeNull();
    expect(refuseByUrl(undefined, false)).toBeNull();
  });
});

describe('refuseByInjectionError', () => {
  it('names the PDF viewer, the store and browser pages', () => {
    expect(refuseByInjectionError('Cannot access contents of the page', 'https://a.example/paper.pdf').code).toBe('pdf');
    // A PDF opened from disk is a file already: no "download the PDF" for it.
    const local = refuseByInjectionError('Cannot access contents of the page', 'file:///home/me/paper.pdf');
    expect(local.code).toBe('pdf-file');
    expect(local.message).toContain('on this computer');
    expect(local.message).not.toContain('download');
    expect(refuseByInjectionError('The extensions gallery cannot be scripted.', undefined).code).toBe('store-page');
    expect(refuseByInjectionError('Cannot access a chrome:// URL', undefined).code).toBe('browser-page');
    expect(refuseByInjectionError('Frame with ID 0 is showing error page', undefined)).toEqual({ code: 'error-page', message: 'This page did not load, so there is nothing to clip. Reload it, and clip it once it shows.' });
    expect(refuseByInjectionError('Cannot access contents of url "https://x/". Extension manifest must request permission', 'https://x/').code).toBe('no-access');
    // URL hidden and no file access: could be a local file, so the message names both
    // remedies, and the code lets the popup offer Sift's settings page.
    expect(refuseByInjectionError('Cannot access contents of the page.', undefined, false)).toEqual({ code: 'file-access', message: expect.stringContaining('Allow access to file URLs') });
    expect(refuseByInjectionError('Cannot access contents of the page.', undefined, true).message).not.toContain('file URLs');
  });

  it('a site the browser\'s managed policy blocks says so, and does not send the user to click Sift again', () => {
    const policy = 'This page cannot be scripted due to an ExtensionsSettings policy.';
    for (const [url, fileAccess] of [['https://intranet.example/', true], [undefined, false]] as const) {
      const r = refuseByInjectionError(policy, url, fileAccess);
      expect(r.code).toBe('no-access');
      expect(r.message).toContain('policy');
      expect(r.message).not.toMatch(/Click the Sift button|file URLs/);
    }
  });
});

describe('in the Firefox build', () => {
  const file = 'file:///home/me/Saved/Notes.html';
  // Firefox's extension.isAllowedFileSchemeAccess() answered false whatever the truth (MDN:
  // "Firefox will always return false"; from Firefox 152/153 it reports the add-on's "Access
  // local files on your computer" permission), while the toolbar click's activeTab let Sift
  // run in a file page (Firefox's own test_ext_tabs_executeScript file tests). Refusing on
  // that answer shut every Firefox user out of files, with a message about Chrome's switch.
  it('tries a page opened from disk instead of refusing it on isAllowedFileSchemeAccess()', () => {
    expect(refuseByUrl(file, false, 'firefox')).toBeNull();
    expect(refuseByUrl('about:addons', false, 'firefox')?.code).toBe('browser-page');
  });

  it('a file Sift may not read names Firefox’s own permission, and nothing of Chrome', () => {
    const refusal = refuseByInjectionError('Missing host permission for the tab', file, false, 'firefox');
    expect(refusal.code).toBe('file-access');
    expect(refusal.message).toContain('Access local files on your computer');
    expect(refusal.message).toContain('about:addons');
    expect(refusal.message).not.toMatch(/chrome:|Allow access to file URLs/);
  });

  it('a hidden address hints at Firefox’s permission, not Chrome’s switch', () => {
    const refusal = refuseByInjectionError('Missing host permission for the tab', undefined, false, 'firefox');
    expect(refusal).toEqual({ code: 'file-access', message: expect.stringContaining('Access local files on your computer') });
    expect(refusal.message).not.toMatch(/chrome:|Allow access to file URLs/);
  });

  it('Chromium keeps its switch and its settings page', () => {
    expect(refuseByUrl(file, false, 'chromium')).toEqual({ code: 'file-access', message: expect.stringContaining('chrome://extensions') });
    expect(refuseByUrl(file, false)?.message).toContain('Allow access to file URLs');
  });
});
