import type { Browser } from 'webextension-polyfill';
import { expect, prose, test } from './fixtures';

declare const chrome: Browser;

/**
 * Pages whose own attributes exceed what Sift's messages carry. Found by hand on localhost
 * pages: a <title> of 3,000 characters, og:site_name of 5,000, a 25,000-character
 * description, `<html lang>` of 80 characters or an address of 9,000 (state in the query)
 * each made the page impossible to clip: "Something went wrong — reply.clip.title: expected
 * string of at most 2000 characters", and Try again failed the same way. The content script
 * now cuts those fields to the limits (src/content/clipLimits.ts).
 */

const LONG_TITLE = 'Flood Diary '.repeat(250).trim(); // 2,999 characters

function hostilePage(): string {
  return `<!doctype html><html lang="en-${'abcdefgh-'.repeat(8)}x"><head><meta charset="utf-8">
<title>${LONG_TITLE}</title>
<meta property="og:site_name" content="${'Valley Courier '.repeat(350)}">
<meta name="description" content="${'The river rose. '.repeat(1_600)}">
<meta name="author" content="Ada Lovelace">
</head><body><main><article><h1>${LONG_TITLE}</h1>
${prose(8)}
</article></main></body></html>`;
}

test('a page with an over-long title, site name, description, language tag and address is previewed and saved, its fields cut', async ({ context, server, openPopup, readDb }) => {
  server.setPage('/hostile-fields.html', hostilePage());
  const query = `?${'state=abc&'.repeat(900)}`; // 9,000 characters
  const page = await context.newPage();
  await page.goto(server.url(`/hostile-fields.html${query}`));
  const popup = await openPopup(page);
  await expect(popup.locator('.popup')).toHaveAttribute('data-phase', 'preview', { timeout: 15_000 });
  await expect(popup.getByTestId('error')).toHaveCount(0);
  const title = await popup.getByTestId('title').inputValue();
  expect(title.startsWith('Flood Diary Flood Diary')).toBe(true);
  expect(title.length).toBeLessThanOrEqual(2_000);
  expect(title.endsWith('…')).toBe(true);
  await expect(popup.getByTestId('meta')).toContainText('Ada Lovelace');

  await expect(popup.getByTestId('save')).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 15_000 });
  const [clip] = (await readDb()).clips;
  expect(clip!.title).toBe(title);
  expect(clip!.lang).toBe('en');
  expect(String(clip!.siteName).length).toBeLessThanOrEqual(4_000);
  expect(String(clip!.excerpt).length).toBeLessThanOrEqual(20_000);
  // The address without its over-long query: the page, not somewhere else.
  expect(clip!.url).toBe(server.url('/hostile-fields.html'));
});

test('the keyboard shortcut saves such a page too instead of failing silently', async ({ context, server, serviceWorker, readDb }) => {
  server.setPage('/hostile-shortcut.html', hostilePage());
  const page = await context.newPage();
  await page.goto(server.url('/hostile-shortcut.html'));
  await page.bringToFront();
  const outcome = await serviceWorker.evaluate(async () => {
    const bg = (globalThis as unknown as { siftBackground: { runCommand: (c: string) => Promise<unknown> } }).siftBackground;
    try {
      const saved = (await bg.runCommand('clip-page')) as { kind?: string } | null;
      return saved?.kind ?? 'nothing';
    } catch (err) {
      return `threw: ${err instanceof Error ? err.message : String(err)}`;
    }
  });
  expect(outcome).toBe('saved');
  const db = await readDb();
  expect(db.clips).toHaveLength(1);
  expect(String(db.clips[0]!.title).startsWith('Flood Diary')).toBe(true);
  // The popup never opened for it: the shortcut is one gesture.
  expect(await serviceWorker.evaluate(async () => (await chrome.tabs.query({})).filter((t) => (t.url ?? '').includes('popup.html')).length)).toBe(0);
});

test('a page-size frame with an over-long address: the answer quotes it shortened instead of failing', async ({ context, server, openPopup }) => {
  server.setPage('/long-frame.html', `<!doctype html><title>Long frame</title><body><p>Inside the frame</p></body>`);
  const src = `/long-frame.html?${'session=0123456789&'.repeat(300)}`; // 5,700 characters
  server.setPage('/long-frame-shell.html', `<!doctype html><html><head><title>Shell</title></head><body style="margin:0"><nav><a href="/">Home</a></nav><iframe src="${src}" style="border:0;width:100%;height:2400px"></iframe></body></html>`);
  const page = await context.newPage();
  await page.goto(server.url('/long-frame-shell.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('not-article');
  await expect(panel).toBeVisible({ timeout: 10_000 });
  await expect(panel).toContainText(`frame showing ${server.url('/long-frame.html')}`);
});
