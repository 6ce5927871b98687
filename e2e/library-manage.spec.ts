import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { backupFiles, zipFiles } from '../src/backup/fixtures';
import { fingerprint, importThroughUi, openLibrary } from './library-helpers';
import { articleClips } from './library-sample';

const titles = (page: Page) => page.locator('[data-testid="clip-row"] .row-title').allTextContents();

test.describe('library', () => {
  test.beforeEach(async ({ context, extensionId }) => {
    const lib = await openLibrary(context, extensionId);
    await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(await articleClips())));
    await lib.close();
  });

  test('lists newest first, shows storage, and finds a clip by a word in its body', async ({ context, extensionId }) => {
    const page = await openLibrary(context, extensionId);
    expect(await titles(page)).toEqual([
      'The Measure of a Line: Why Reading Width Still Matters',
      'Rivers Remember: How Floodplains Shape the Towns Beside Them',
      'فن الخط العربي وتاريخه',
      '汉字排版的基本原则',
      'Ten Weeknight Dinners That Take 20 Minutes 🍜',
    ]);
    await expect(page.getByTestId('storage')).toContainText(/used/);
    await page.screenshot({ path: 'docs/library.png' });
    // "seepage" appears only in the body of the rivers clip, never in a title.
    await page.getByTestId('search').fill('seepage');
    await expect.poll(() => titles(page)).toEqual(['Rivers Remember: How Floodplains Shape the Towns Beside Them']);
    await page.getByTestId('search').fill('chilli oil');
    await expect.poll(() => titles(page)).toEqual(['Ten Weeknight Dinners That Take 20 Minutes 🍜']);
    await page.getByTestId('search').fill('方块字');
    await expect.poll(() => titles(page)).toEqual(['汉字排版的基本原则']);
    await page.getByTestId('search').fill('الثلث');
    await expect.poll(() => titles(page)).toEqual(['فن الخط العربي وتاريخه']);
    await page.getByTestId('search').fill('nonexistentword');
    await expect(page.locator('.empty')).toContainText('No clip matches');
    // Keyboard: Escape clears, / focuses the search box again.
    await page.keyboard.press('Escape');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(5);
    await page.keyboard.press('/');
    await expect(page.getByTestId('search')).toBeFocused();
  });

  test('delete moves to the trash and undo brings it back; restore from the trash view', async ({ context, extensionId }) => {
    const page = await openLibrary(context, extensionId);
    const row = page.locator('[data-testid="clip-row"]', { hasText: 'Rivers Remember' });
    await row.hover();
    await row.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByTestId('toast')).toContainText('Moved 1 clip to the trash');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(4);
    await expect(page.getByTestId('count-trash')).toHaveText('1');
    await page.getByTestId('undo').click();
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(5);
    await expect(page.getByTestId('count-trash')).toHaveText('0');
    const fp = await fingerprint(page);
    expect(fp.clips.every((c) => c.deletedAt === null)).toBe(true);

    // Multi-select two rows (the second with shift for a range), delete, then Ctrl+Z.
    await page.locator('[data-testid="clip-row"] input[type=checkbox]').nth(0).click();
    await page.locator('[data-testid="clip-row"] input[type=checkbox]').nth(2).click({ modifiers: ['Shift'] });
    await expect(page.locator('.selection-bar')).toContainText('3 selected');
    await page.getByTestId('delete-selected').click();
    await expect(page.getByTestId('toast')).toContainText('Moved 3 clips');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(2);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(5);

    // Trash view: delete one, restore it from there.
    const row2 = page.locator('[data-testid="clip-row"]', { hasText: '🍜' });
    await row2.hover();
    await row2.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('button', { name: /^Trash/ }).click();
    await expect.poll(() => titles(page)).toEqual(['Ten Weeknight Dinners That Take 20 Minutes 🍜']);
    await expect(page.locator('.list-head')).toContainText('30 days');
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => titles(page)).toEqual([]);
    await page.getByRole('button', { name: /^All clips/ }).click();
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(5);
  });

  test('tags: add, filter, remove; bulk tag a selection', async ({ context, extensionId }) => {
    const page = await openLibrary(context, extensionId);
    const row = page.locator('[data-testid="clip-row"]', { hasText: 'Rivers Remember' });
    await row.hover();
    await row.getByRole('button', { name: '+ tag' }).click();
    await row.getByRole('textbox', { name: 'New tag' }).fill('to read');
    await row.getByRole('textbox', { name: 'New tag' }).press('Enter');
    await expect(row.locator('.chip')).toHaveText(['#climate×', '#to read×']);
    await page.locator('.tag-list').getByRole('button', { name: '#to read' }).click();
    await expect.poll(() => titles(page)).toEqual(['Rivers Remember: How Floodplains Shape the Towns Beside Them']);
    await page.getByRole('button', { name: 'Clear tag filter' }).click();
    await page.locator('.tag-list').getByRole('button', { name: '#typography' }).click();
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(3);
    await page.getByRole('button', { name: 'Clear tag filter' }).click();

    await row.getByRole('button', { name: 'Remove tag to read' }).click();
    await expect(row.locator('.chip')).toHaveText(['#climate×']);
    await expect(page.locator('.tag-list').getByRole('button', { name: '#to read' })).toHaveCount(0);

    await page.locator('[data-testid="clip-row"] input[type=checkbox]').nth(3).click();
    await page.locator('[data-testid="clip-row"] input[type=checkbox]').nth(4).click();
    await page.getByRole('textbox', { name: 'Tag selected clips' }).fill('Weekend');
    await page.getByRole('button', { name: 'Tag', exact: true }).click();
    await page.locator('.tag-list').getByRole('button', { name: '#Weekend' }).click();
    await expect.poll(() => titles(page)).toEqual(['汉字排版的基本原则', 'Ten Weeknight Dinners That Take 20 Minutes 🍜']);
    const fp = await fingerprint(page);
    expect(fp.clips.find((c) => c.id === 'clip-recipes')!.tags).toEqual(['cooking', 'Weekend']);
  });

  test('keyboard: j/k move between rows, x selects, Enter opens the reader', async ({ context, extensionId }) => {
    const page = await openLibrary(context, extensionId);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect(page.locator('[data-testid="clip-row"]').nth(1)).toBeFocused();
    await page.keyboard.press('x');
    await expect(page.locator('.selection-bar')).toContainText('1 selected');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/reader\/index\.html\?id=clip-typography/);
  });
});
