import type { Page } from '@playwright/test';
import { articleHtml, expect, test } from './fixtures';

declare const siftBackground: { runContextMenu: (id: string, tabId: number) => Promise<unknown> };

/**
 * Text selected inside a <textarea> or text <input> (a draft, a code box, a pasted quote).
 * Found by hand: the browser offers "Clip selection" for it (its selection context includes
 * text fields), yet Sift answered "Nothing is selected on the page. Select some text first"
 * and kept "Save selection" disabled. The document's selection is collapsed at a text
 * field; the field's own selectionStart/End hold what the user selected.
 */

const NOTE = 'Field notes from the embankment: seepage at stake 14 doubled overnight.\n\nThe mill race is two feet above its mark; the sluice keeper wants sandbags by noon.';

function pageWithField(server: { url: (p: string) => string; crossUrl: (p: string) => string }): string {
  return articleHtml(server, { title: 'Notes Beside the Article', extraBody: `<label>Your notes <textarea id="notes" rows="6" cols="70">Draft. ${NOTE} End of draft.</textarea></label>` });
}

/** Focuses the textarea and selects NOTE in it, as a user dragging over the text does. */
async function selectNote(page: Page): Promise<void> {
  await page.evaluate((note) => {
    const field = document.getElementById('notes') as HTMLTextAreaElement;
    field.focus();
    const start = field.value.indexOf(note);
    field.setSelectionRange(start, start + note.length);
  }, NOTE);
}

test('a selection inside a textarea is clipped from the popup: preview, save, stored as written', async ({ context, server, openPopup, readDb }) => {
  server.setPage('/field.html', pageWithField(server));
  const page = await context.newPage();
  await page.goto(server.url('/field.html'));
  await selectNote(page);
  const popup = await openPopup(page, { mode: 'selection' });
  await expect(popup.getByTestId('clip-mode')).toHaveText('Selection', { timeout: 15_000 });
  await expect(popup.locator('.opening')).toContainText('seepage at stake 14 doubled overnight');
  await expect(popup.getByTestId('stats')).toContainText('words');
  await expect(popup.getByTestId('save')).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 15_000 });
  const [clip] = (await readDb()).clips;
  expect(clip!.engine).toBe('selection');
  expect(clip!.text).toBe(NOTE);
  // Two paragraphs, as typed; the text reaches the HTML as text, never as markup.
  expect(String(clip!.html)).toContain('<p>Field notes from the embankment: seepage at stake 14 doubled overnight.</p>');
  expect(String(clip!.html)).not.toContain('Draft.');
});

test('the article popup offers "selection" for a textarea selection, and the context menu clips it in one gesture', async ({ context, server, serviceWorker, tabIdOf, openPopup, readDb }) => {
  server.setPage('/field-menu.html', pageWithField(server));
  const page = await context.newPage();
  await page.goto(server.url('/field-menu.html'));
  await selectNote(page);
  const popup = await openPopup(page);
  await expect(popup.getByTestId('title')).toHaveValue('Notes Beside the Article', { timeout: 15_000 });
  await expect(popup.getByRole('button', { name: 'selection' })).toBeEnabled();
  await popup.close();

  await page.bringToFront();
  await selectNote(page);
  const tabId = await tabIdOf(page);
  const reply = (await serviceWorker.evaluate((id: number) => siftBackground.runContextMenu('sift-clip-selection', id), tabId)) as { kind: string } | null;
  expect(reply?.kind).toBe('saved');
  const db = await readDb();
  expect(db.clips.map((c) => c.text)).toEqual([NOTE]);
});
