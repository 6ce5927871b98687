import { articleHtml, expect, test } from './fixtures';

/**
 * Keyboard and screen-reader users after pressing Save in the popup. The Save button was
 * disabled while the clip was saved and then removed: the focus fell to the popup's body,
 * so a screen reader said nothing about the save, and Tab started again from the top.
 * Now the focus stays on Save while it saves and then lands on "Open in reader", whose
 * description is the confirmation ("Saved to your library", the title, images kept).
 */

test('Save from the keyboard: the focus stays on Save while saving, then lands on "Open in reader", described by the confirmation', async ({ context, server, openPopup, readDb }) => {
  // An image that takes 1.5 s to arrive keeps the save running long enough to look at it.
  server.setPage('/slow-article.html', articleHtml(server, {
    title: 'The Slow Photograph',
    extraBody: `<img src="${server.crossUrl('/slow/1500/700x400.png?c=90,60,30')}" width="700" height="400" alt="A slow photograph">`,
  }));
  const page = await context.newPage();
  await page.goto(server.url('/slow-article.html'));
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

  // Saved: the focus is on the next thing to do, and what it says is the confirmation.
  const open = popup.getByTestId('open-reader');
  await expect(open).toBeFocused();
  expect(await focused()).toBe('open-reader');
  await expect(open).toHaveAccessibleName('Open in reader');
  await expect(open).toHaveAccessibleDescription(/Saved to your library.*The Slow Photograph.*4 images kept offline/);

  // Enter from there opens the reader on the clip.
  const [reader] = await Promise.all([context.waitForEvent('page'), popup.keyboard.press('Enter')]);
  await reader.waitForLoadState('domcontentloaded');
  await expect(reader.locator('h1.title')).toHaveText('The Slow Photograph');
  // Saved once: the Enter pressed while saving did not start a second save.
  expect((await readDb()).clips.map((c) => c.title)).toEqual(['The Slow Photograph']);
});
