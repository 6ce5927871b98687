import { articleHtml, expect, test } from './fixtures';

/**
 * A clip with more images than Sift keeps (MAX_IMAGES_PER_CLIP, 200). Found by hand on a
 * 300-photo page: the popup said "Saving with 200 images…", then "200 images kept offline"
 * and nothing else, while the reader silently left out every photo past the 200th (it
 * removes images it has no bytes for). The saved panel now says how many were left out.
 */

const MAX_IMAGES_PER_CLIP = 200;

test('images past the per-clip cap are reported as left out, not silently dropped', async ({ context, server, openPopup, readDb }) => {
  // 225 distinct article images: the fixture's three and 222 photos.
  const photos = Array.from({ length: 222 }, (_, i) => `<p><img src="${server.url(`/img/${400 + i}x240.png`)}" width="${400 + i}" height="240" alt="Photo ${i + 1}"></p>`).join('\n');
  server.setPage('/gallery.html', articleHtml(server, { title: 'The Flood in 225 Pictures', extraBody: photos }));
  const page = await context.newPage();
  await page.goto(server.url('/gallery.html'));
  await page.waitForLoadState('load');
  const popup = await openPopup(page);
  await expect(popup.getByTestId('title')).toHaveValue('The Flood in 225 Pictures', { timeout: 15_000 });
  // Enter saves once Save holds the focus (it takes it as the preview settles): pressed before
  // that, on a loaded machine, the key went to the page's body and nothing was saved.
  await expect(popup.getByTestId('save')).toBeFocused();

  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 60_000 });
  await expect(popup.getByTestId('saved-summary')).toContainText(`${MAX_IMAGES_PER_CLIP} images kept offline`);
  const db = await readDb();
  const [clip] = db.clips;
  const inClip = new Set(Array.from(String(clip!.html).matchAll(/<img[^>]+src="([^"]+)"/g), (m) => m[1]!.replace(/&amp;/g, '&')));
  const leftOut = inClip.size - db.images.length;
  expect(db.images).toHaveLength(MAX_IMAGES_PER_CLIP);
  expect(leftOut).toBeGreaterThan(0);
  const note = popup.getByTestId('images-left-out');
  await expect(note).toContainText(`${leftOut} more image${leftOut === 1 ? ' was' : 's were'} not saved`);
  await expect(note).toContainText(`at most ${MAX_IMAGES_PER_CLIP} images`);
});
