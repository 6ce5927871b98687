import { expect, navigation, saveThenReopen, test } from './fixtures';

declare const siftBackground: {
  runContextMenu: (id: string, tabId: number) => Promise<unknown>;
  runCommand: (command: string) => Promise<unknown>;
};

test('saving an already-saved URL asks: keep both, or update the saved copy', async ({ context, server, openPopup, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));

  let popup = await saveThenReopen(openPopup, page);
  await expect(popup.getByTestId('duplicate')).toContainText('You saved this page on', { timeout: 15_000 });
  await popup.getByRole('button', { name: 'Keep both' }).click();
  await expect(popup.getByTestId('saved')).toContainText('Saved to your library', { timeout: 20_000 });
  await popup.close();
  expect((await readDb()).clips).toHaveLength(2);

  popup = await openPopup(page);
  await popup.getByTestId('title').fill('The River, Revisited');
  await popup.getByRole('button', { name: 'Update saved copy' }).click();
  await expect(popup.getByTestId('saved')).toContainText('Saved copy updated', { timeout: 20_000 });
  const db = await readDb();
  expect(db.clips).toHaveLength(2);
  expect(db.clips.map((c) => c.title).sort()).toEqual(['The River, Revisited', 'When the River Came to Town']);
  // The updated copy has exactly one fresh set of images; nothing is orphaned.
  expect(db.images).toHaveLength(6);
  for (const c of db.clips) expect(db.images.filter((i) => i.clipId === c.id)).toHaveLength(3);
});

test('context menu "Clip selection" saves the selection and confirms with an in-page toast', async ({ context, server, serviceWorker, tabIdOf, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));
  await page.evaluate(() => {
    const p = document.querySelectorAll('article p')[2]!;
    const range = document.createRange();
    range.selectNodeContents(p);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  const tabId = await tabIdOf(page);
  const reply = (await serviceWorker.evaluate((id: number) => siftBackground.runContextMenu('sift-clip-selection', id), tabId)) as { kind: string };
  expect(reply.kind).toBe('saved');
  await expect(page.locator('#sift-toast-host')).toBeAttached();
  const db = await readDb();
  expect(db.clips).toHaveLength(1);
  expect(db.clips[0]!.engine).toBe('selection');
  expect(String(db.clips[0]!.text)).toContain('Paragraph 2 adds its own detail');
  expect(String(db.clips[0]!.text)).not.toContain('Paragraph 3');
});

test('keyboard shortcut "clip-page" saves the active tab without the popup', async ({ context, server, serviceWorker, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));
  await page.bringToFront();
  const reply = (await serviceWorker.evaluate(() => siftBackground.runCommand('clip-page'))) as { kind: string; imagesSaved: number };
  expect(reply).toMatchObject({ kind: 'saved', imagesSaved: 3 });
  const db = await readDb();
  expect(db.clips.map((c) => c.title)).toEqual(['When the River Came to Town']);
});

test('a page that is not an article says so and offers save anyway / selection / full page', async ({ context, server, openPopup, readDb }) => {
  const links = Array.from({ length: 40 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} about the valley</a></li>`).join('');
  server.setPage('/index.html', `<!doctype html><html lang="en"><head><title>Front page</title></head><body>${navigation()}<h1>Latest</h1><ul>${links}</ul>${navigation()}</body></html>`);
  const page = await context.newPage();
  await page.goto(server.url('/index.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('not-article');
  await expect(panel).toContainText('doesn’t look like an article', { timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Save anyway' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Save selection' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Save full page' }).click();
  await expect(popup.getByTestId('title')).toHaveValue('Front page', { timeout: 15_000 });
  await expect(popup.locator('.engine')).toHaveText('Full page');
  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  const db = await readDb();
  expect(db.clips[0]).toMatchObject({ engine: 'fullpage', title: 'Front page' });
  expect(String(db.clips[0]!.text)).toContain('Story number 39');
});

test('closing the page after the preview still saves the clip the user saw', async ({ context, server, openPopup, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));
  const popup = await openPopup(page);
  await expect(popup.getByTestId('title')).toHaveValue('When the River Came to Town', { timeout: 15_000 });
  await page.close();
  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  const db = await readDb();
  expect(db.clips.map((c) => c.title)).toEqual(['When the River Came to Town']);
  // The e2e build's host permission lets the background fetch the images itself.
  expect(db.images.filter((i) => i.status === 'ok')).toHaveLength(3);
});
