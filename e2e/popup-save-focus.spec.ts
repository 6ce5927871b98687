import { articleHtml, expect, test } from './fixtures';

/**
 * Keyboard and screen-reader users after pressing Save in the popup. The Save button was
 * disabled while the clip was saved and then removed: the focus fell to the popup's body,
 * so a screen reader said nothing about the save, and Tab started again from the top.
 * Now the focus stays on Save while it saves and then lands on "Open in reader", whose
 * description is the confirmation ("Saved to your library", the title, images kept).
 */

test('Save from the keyboard: the focus stays on Save while saving, then lands on "Open in reader", described by the confirmation', async ({ context, server, openPopup, readDb }) => {
  // An image that never arrives keeps the save running until the image time limit
  // (IMAGE_TIMEOUT_MS), long enough to look at it. (A merely slow one was often in the
  // browser's cache by the time Save was pressed: the save then took 0.1 s.)
  server.setPage('/slow-article.html', articleHtml(server, {
    title: 'The Slow Photograph',
    extraBody: `<img src="${server.url('/hang/slow-photo.png')}" width="700" height="400" alt="A slow photograph">`,
  }));
  const page = await context.newPage();
  // The page's own load event never fires (the image hangs): do not wait for it.
  await page.goto(server.url('/slow-article.html'), { waitUntil: 'domcontentloaded' });
  const popup = await openPopup(page);
  await expect(popup.getByTestId('title')).toHaveValue('The Slow Photograph', { timeout: 15_000 });
  const focused = () => popup.evaluate(() => {
    const el = document.activeElement;
    return el === document.body || el === null ? 'body' : (el as HTMLElement).dataset.testid ?? el.textContent?.trim() ?? el.tagName;
  });

  const save = popup.getByTestId('save');
  await expect(save).toBeFocused();
  await popup.keyboard.press('Enter');
  // Saving: the button says so, is not pressable again, and keeps the focus.
  await expect(save).toHaveText(/Saving/);
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  expect(await focused()).toBe('save');
  await popup.keyboard.press('Enter'); // a second press while saving does nothing
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  await expect(popup.getByTestId('image-warning')).toContainText('1 image could not be saved');

  // Saved: the focus is on the next thing to do, and what it says is the confirmation.
  const open = popup.getByTestId('open-reader');
  await expect(open).toBeFocused();
  expect(await focused()).toBe('open-reader');
  await expect(open).toHaveAccessibleName('Open in reader');
  await expect(open).toHaveAccessibleDescription(/Saved to your library.*The Slow Photograph.*3 images kept offline/);

  // Enter from there opens the reader on the clip.
  const [reader] = await Promise.all([context.waitForEvent('page'), popup.keyboard.press('Enter')]);
  await reader.waitForLoadState('domcontentloaded');
  await expect(reader.locator('h1.title')).toHaveText('The Slow Photograph');
  // Saved once: the Enter pressed while saving did not start a second save.
  expect((await readDb()).clips.map((c) => c.title)).toEqual(['The Slow Photograph']);
});
