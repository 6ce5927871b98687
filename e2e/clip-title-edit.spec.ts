import { expect, test } from './fixtures';

/**
 * The editable title in the popup, as a user pastes into it. Found by hand: pasting a long
 * text (2,500 characters: a paragraph copied by mistake) into the title and pressing Enter
 * showed "Something went wrong — payload.clip.title: expected string of at most 2000
 * characters" and Try again threw the edit away. The field now takes at most what a title
 * may hold, so the paste is cut where the user can see it and the save goes through.
 */

/** What the protocol accepts as a title (src/shared/messages.ts CLIP_FIELD_LIMITS). */
const MAX_TITLE_CHARS = 2_000;

test('a long paste into the title is cut to what a title may hold, and Enter saves it', async ({ context, server, openPopup, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));
  const popup = await openPopup(page);
  const title = popup.getByTestId('title');
  await expect(title).toHaveValue('When the River Came to Town', { timeout: 15_000 });

  await title.focus();
  await popup.keyboard.press('Control+A');
  await popup.keyboard.insertText('Pasted paragraph. '.repeat(139)); // 2,502 characters
  const shown = await title.inputValue();
  expect(shown.length).toBe(MAX_TITLE_CHARS);
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 15_000 });
  await expect(popup.getByTestId('error')).toHaveCount(0);
  const [clip] = (await readDb()).clips;
  expect(clip!.title).toBe(shown.trim());
});
