import { articleHtml, expect, test } from './fixtures';

/**
 * A page served with `Content-Security-Policy: sandbox` (user-content hosts serve HTML this
 * way). Its document has an opaque origin, so to the page even its own site's images are
 * cross-origin. Found by hand: the popup showed no lead image, and Save kept 1 of 2 images
 * with "localhost/…/800x400.png: the image could not be downloaded": Sift judged
 * same-origin from the address, so a failed read was not handed to the background, which
 * may fetch the tab's own site.
 */

test('a sandboxed page: the lead image shows and every image is saved', async ({ context, server, openPopup, readDb }) => {
  await context.route(/\/sandboxed\.html$/, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': 'sandbox' }, body: articleHtml(server, { title: 'Served in a Sandbox' }) }),
  );
  const page = await context.newPage();
  await page.goto(server.url('/sandboxed.html'));
  expect(await page.evaluate(() => self.origin)).toBe('null'); // the page really is sandboxed
  const popup = await openPopup(page);
  await expect(popup.getByTestId('title')).toHaveValue('Served in a Sandbox', { timeout: 15_000 });
  await expect(popup.locator('.lead img')).toBeVisible({ timeout: 10_000 });
  await expect(popup.getByTestId('save')).toBeFocused();

  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 30_000 });
  await expect(popup.getByTestId('image-warning')).toHaveCount(0);
  const db = await readDb();
  expect(db.images.length).toBeGreaterThan(0);
  expect(db.images.filter((i) => i.status !== 'ok').map((i) => `${String(i.url)}: ${String(i.error)}`)).toEqual([]);
  const lead = db.images.find((i) => String(i.url).includes('/img/800x400.png'));
  expect(lead?.pngWidth).toBe(800);
});
