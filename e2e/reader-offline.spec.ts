import { articleHtml, installColourMath, test, expect, type ColourMath, docScreenshot } from './fixtures';
import { backupFiles, zipFiles } from '../src/backup/fixtures';
import { READER, importThroughUi, openLibrary } from './library-helpers';
import { articleClips } from './library-sample';

test.describe('reader', () => {
  test.beforeEach(async ({ context, extensionId }) => {
    const lib = await openLibrary(context, extensionId);
    expect(await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(await articleClips())))).toContain('Imported 5 clips with 2 images');
    await lib.close();
  });

  test('renders a clip offline with zero network requests; images come from stored Blobs', async ({ context, extensionId }) => {
    const external: string[] = [];
    context.on('request', (r) => {
      if (!/^(chrome-extension|blob|data):/.test(r.url())) external.push(r.url());
    });
    await context.setOffline(true);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('h1.title')).toHaveText('The Measure of a Line: Why Reading Width Still Matters');
    const imgs = page.locator('.content img');
    await expect(imgs).toHaveCount(1); // the stored hero; the unsaved chart is removed
    expect(await imgs.first().getAttribute('src')).toMatch(/^blob:chrome-extension:/);
    await expect.poll(() => imgs.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(960);
    await expect(page.locator('.content video')).toHaveCount(0);
    await expect(page.locator('.content a', { hasText: 'Video (opens the original)' })).toHaveCount(1);
    await expect(page.locator('.content table th')).toHaveCount(3);
    await expect(page.getByTestId('original-link')).toHaveAttribute('href', 'https://readingroom.example.org/measure-of-a-line');
    await page.waitForTimeout(500);
    expect(external).toEqual([]);
    await context.setOffline(false);
    await page.screenshot({ path: docScreenshot('reader-light.png') });
  });

  // The page's og:image is a hero the article body never shows: it was saved with the clip
  // but the reader left it out. Now it shows above the text, from the stored copy, with
  // the page gone and the network off.
  test('a lead image the text does not hold is saved and shown above the text, offline', async ({ context, extensionId, server, openPopup, readDb }) => {
    const hero = server.crossUrl('/cors-img/1200x630.png?c=200,80,60');
    server.setPage('/og-hero.html', articleHtml(server, { title: 'The Mill After the Flood' }).replace('</head>', `<meta property="og:image" content="${hero}">\n</head>`));
    const page = await context.newPage();
    await page.goto(server.url('/og-hero.html'));
    const popup = await openPopup(page);
    await expect(popup.getByTestId('title')).toHaveValue('The Mill After the Flood', { timeout: 15_000 });
    await popup.getByTestId('save').click();
    await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
    const db = await readDb();
    const clip = db.clips.find((c) => c.title === 'The Mill After the Flood')!;
    expect(clip.leadImage).toBe(hero);
    expect(String(clip.html)).not.toContain('1200x630');
    expect(db.images.find((i) => i.url === hero)).toMatchObject({ status: 'ok', pngWidth: 1200, pngHeight: 630 });
    await page.close();
    await popup.close();

    await context.setOffline(true);
    const reader = await context.newPage();
    await reader.goto(`chrome-extension://${extensionId}/${READER}?id=${encodeURIComponent(String(clip.id))}`);
    const lead = reader.locator('.content img').first();
    await expect.poll(() => lead.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1200);
    expect(await lead.getAttribute('src')).toMatch(/^blob:chrome-extension:/);
    // Above the text: before the first paragraph of the article.
    const above = await lead.evaluate((img) => {
      const firstText = [...document.querySelectorAll('.content p')].find((p) => p.textContent?.includes('rising for three days'))!;
      return img.getBoundingClientRect().bottom <= firstText.getBoundingClientRect().top;
    });
    expect(above).toBe(true);
    // The content's own images are all still there (800×400, 640×360, 600×300), the hero once.
    await expect(reader.locator('.content img')).toHaveCount(4);
    await context.setOffline(false);
  });

  test('theme, font, size, width and line height persist across reloads and clips', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('h1.title')).toBeVisible();
    await page.getByRole('button', { name: 'Typography settings' }).click();
    await page.locator('label.swatch-sepia').click();
    await page.locator('label.font-sans').click();
    await page.getByRole('button', { name: 'Increase size' }).click();
    await page.getByRole('button', { name: 'Increase size' }).click();
    await page.getByRole('button', { name: 'Decrease line width' }).click();
    await page.getByRole('button', { name: 'Increase line height' }).click();
    await expect(page.getByTestId('size')).toHaveText('21px');
    await page.screenshot({ path: docScreenshot('reader-typography.png') });
    await page.reload();
    await expect(page.locator('h1.title')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'sepia');
    await expect(page.locator('html')).toHaveAttribute('data-font', 'sans');
    await expect.poll(() => page.locator('.content').evaluate((el) => getComputedStyle(el).fontSize)).toBe('21px');
    await expect.poll(() => page.locator('.content').evaluate((el) => getComputedStyle(el).lineHeight)).toBe('35.7px');
    // Another clip opens with the same preferences; the keyboard changes them too.
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-rivers`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'sepia');
    await page.keyboard.press('t');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('-');
    await expect.poll(() => page.locator('.content').evaluate((el) => getComputedStyle(el).fontSize)).toBe('20px');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => page.locator('.content').evaluate((el) => getComputedStyle(el).fontSize)).toBe('20px');
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('.content img')).toHaveCount(1);
    await page.screenshot({ path: docScreenshot('reader-dark.png') });
  });

  // In the Dark theme the site name above the title (the accent colour) was 3.5:1 on the page,
  // in Sepia 4.4:1: the light theme's orange was kept on both backgrounds.
  test('every theme keeps the reader\'s text readable: contrast of at least 4.5:1', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('h1.title')).toBeVisible();
    await installColourMath(page);
    const measure = () => page.evaluate(() => {
      const { parse, over, lum, ratio, behind } = (globalThis as unknown as { __colour: ColourMath }).__colour;
      const out: Record<string, number> = {};
      for (const sel of ['.kicker', 'h1.title', '.byline', '.content p', '.content a', '.content blockquote', '.content figcaption', '.content code', '.article-foot', '.article-foot a', '.article-foot .tag', '.pager a']) {
        const el = document.querySelector(sel);
        if (!el) continue;
        const back = behind(el);
        const fg = parse(getComputedStyle(el).color);
        const a = lum(over(fg, back));
        const b = lum(back);
        out[sel] = Math.round(ratio(a, b) * 100) / 100;
      }
      return out;
    });
    const low: string[] = [];
    for (const theme of ['light', 'sepia', 'dark']) {
      for (let i = 0; i < 4 && (await page.locator('html').getAttribute('data-theme')) !== theme; i++) await page.keyboard.press('t');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const ratios = await measure();
      expect(Object.keys(ratios).length, theme).toBeGreaterThanOrEqual(10);
      for (const [sel, r] of Object.entries(ratios)) if (r < 4.5) low.push(`${theme} ${sel} ${r}`);
    }
    // Auto follows a dark system.
    for (let i = 0; i < 4 && (await page.locator('html').getAttribute('data-theme')) !== 'system'; i++) await page.keyboard.press('t');
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [sel, r] of Object.entries(await measure())) if (r < 4.5) low.push(`system-dark ${sel} ${r}`);
    expect(low).toEqual([]);
  });

  // The Auto swatch's label was grey #777 on a half-light, half-dark swatch: 4.4:1 on the
  // light half and 4.0:1 on the dark one. Every label in the typography panel is measured in
  // every theme, against each colour of a gradient behind it (the worst one counts).
  test('typography panel: every theme swatch and label has a contrast of at least 4.5:1 in every theme', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('h1.title')).toBeVisible();
    await page.getByRole('button', { name: 'Typography settings' }).click();
    const panel = page.getByRole('group', { name: 'Typography' });
    await expect(panel).toBeVisible();
    await installColourMath(page);
    const measure = () => page.evaluate(() => {
      const { parse, over, lum, ratio } = (globalThis as unknown as { __colour: ColourMath }).__colour;
      // Every colour that may be painted behind an element: its own background (each stop of
      // a gradient) over its ancestors'.
      const behind = (el: Element | null): number[][] => {
        if (!el) return [[255, 255, 255]];
        const style = getComputedStyle(el);
        const stops = style.backgroundImage === 'none' ? [] : [...style.backgroundImage.matchAll(/(?:rgba?|color)\([^)]*\)/g)].map((m) => parse(m[0]));
        const layers = stops.length > 0 ? stops : [parse(style.backgroundColor)];
        return layers.flatMap((bg) => (bg[3] === 1 ? [bg.slice(0, 3)] : behind(el.parentElement).map((under) => over(bg, under))));
      };
      const out: Record<string, number> = {};
      const labelled = [...document.querySelectorAll('#typography .seg label > span, #typography legend, #typography .stepper-label, #typography output')];
      for (const el of labelled) {
        const fg = parse(getComputedStyle(el).color);
        const worst = Math.min(...behind(el).map((back) => ratio(lum(over(fg, back)), lum(back))));
        out[el.textContent!.trim()] = Math.round(worst * 100) / 100;
      }
      return out;
    });
    const low: string[] = [];
    const themes = [['light', 'Light'], ['sepia', 'Sepia'], ['dark', 'Dark'], ['system', 'Auto']] as const;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [theme, label] of themes) {
        await panel.getByRole('radio', { name: label }).check();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const ratios = await measure();
        // The four swatches, three fonts, two legends, three steppers and their values.
        expect(Object.keys(ratios), `${theme} on a ${scheme} system`).toEqual(expect.arrayContaining(['Auto', 'Light', 'Sepia', 'Dark', 'Serif', 'Sans', 'Mono', 'Theme', 'Font', 'Size']));
        for (const [text, r] of Object.entries(ratios)) if (r < 4.5) low.push(`${theme} (${scheme} system): "${text}" ${r}`);
      }
    }
    expect(low).toEqual([]);
  });

  test('keyboard: n/p move between clips, l returns to the library', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('.pager')).toBeVisible();
    await page.keyboard.press('n');
    await expect(page.locator('h1.title')).toHaveText(/Rivers Remember/);
    await page.keyboard.press('p');
    await expect(page.locator('h1.title')).toHaveText(/Measure of a Line/);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('l');
    await expect(page).toHaveURL(/library\/index\.html/);
  });

  // The ? panel opened without taking focus: a screen reader did not say it had opened, Tab
  // went on through the page behind it, and after Esc or Close the focus was on the page's
  // body instead of the control the user had been on.
  test('keyboard shortcuts (?): a dialog that takes focus, keeps Tab inside, and gives focus back on Esc and Close', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('.pager')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"], dialog'));
    const typography = page.getByRole('button', { name: 'Typography settings' });

    // From a toolbar button: ? opens the dialog with the focus in it.
    await typography.focus();
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    // Tab and Shift+Tab stay in the dialog (the page behind is inert while it is open).
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), key).toBe(true);
    }
    // Esc closes it (and only it: the reader stays) and the focus is back on the button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(typography).toBeFocused();
    expect(page.url()).toContain('id=clip-typography');

    // The Close button does the same, from a link in the article.
    const original = page.getByRole('link', { name: 'Read the original' });
    await original.focus();
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(original).toBeFocused();
    // A click outside it (on the dimmed page) closes it too; the page behind is not clicked.
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(dialog).toBeHidden();
    await expect(original).toBeFocused();

    // ? again closes it too; opened with nothing focused, closing leaves nothing focused, and
    // the next Esc goes back to the library as before.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('?');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/library\/index\.html/);
  });

  // The reader's keys still acted on the page behind the open shortcuts dialog (j scrolled it,
  // t changed its theme, o opened the original, l left for the library), and the dialog could
  // be found only by pressing ?, which nothing on screen mentioned.
  test('keyboard shortcuts: no reader key acts behind the open dialog; a toolbar button opens it and gets the focus back', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 480 }); // the clip is longer than the window
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('.pager')).toBeAttached();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog'));
    const state = () => page.evaluate(() => {
      const root = document.documentElement;
      return {
        url: location.href, scrollY: Math.round(scrollY), theme: root.dataset.theme ?? '', size: root.style.getPropertyValue('--reader-size'),
        width: root.style.getPropertyValue('--reader-width'), panel: document.getElementById('typography') !== null,
      };
    });
    const before = await state();
    const tabs = context.pages().length;

    await page.keyboard.press('?');
    await expect(dialog).toBeVisible();
    for (const key of ['j', 'j', 'k', 't', '+', '-', ']', '[', 'a', 'o', 'n', 'p', 'l']) await page.keyboard.press(key);
    await page.waitForTimeout(300); // time for what a key would have started (a navigation, a tab)
    expect(await state()).toEqual(before);
    expect(context.pages()).toHaveLength(tabs);
    await expect(dialog).toBeVisible();
    expect(await focusInDialog()).toBe(true);
    // Esc closes it; then the keys act on the reader again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('j');
    await expect.poll(async () => (await state()).scrollY).toBeGreaterThan(before.scrollY);

    // A visible button in the toolbar, reached with Tab, opens the same dialog.
    const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(button).toHaveAttribute('aria-keyshortcuts', '?');
    await page.getByRole('button', { name: 'Print' }).focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // From the mouse too, and Close gives the focus back to it.
    await button.click();
    await expect(dialog).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  // The reader stopped its own keys behind the open dialog, but the browser's scroll keys
  // still moved the article behind it: a modal <dialog> makes the page inert, yet Chromium
  // scrolls the document from a key pressed on the dialog's button (PageDown, arrows, Home,
  // End) or on its text (Space), and a dialog that scrolls hands the scroll on to the page
  // once it reaches its end.
  test('keyboard shortcuts: the browser’s scroll keys do not move the article behind the open dialog, and still scroll a dialog that overflows', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 480 }); // the clip is longer than the window
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('.pager')).toBeAttached();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const pageY = () => page.evaluate(() => Math.round(window.scrollY));
    // Midway down, so keys in either direction could move it.
    await page.evaluate(() => scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
    const middle = await pageY();
    expect(middle).toBeGreaterThan(100);
    const settle = () => page.waitForTimeout(250); // keyboard scrolls are animated

    const column = () => page.locator('.content').evaluate((el) => { const r = el.getBoundingClientRect(); return [r.left, r.width, r.top]; });
    const still = await column();

    // The focus on Close (where opening puts it): Space and Enter would press it.
    await page.keyboard.press('?');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    // Held still, the page does not shift either (where a scroll bar takes room its gutter is
    // kept; Playwright's headless Chromium hides scroll bars, so that case is not seen here).
    expect(await column()).toEqual(still);
    for (const key of ['PageDown', 'ArrowDown', 'End', 'PageUp', 'ArrowUp', 'Home']) {
      await page.keyboard.press(key);
      await settle();
      expect.soft(await pageY(), key).toBe(middle);
    }
    // The focus on nothing (a click on the dialog's heading).
    await dialog.getByRole('heading').click();
    await expect(dialog).toBeVisible();
    for (const key of ['Space', 'PageDown', 'ArrowDown', 'End', 'Shift+Space', 'PageUp', 'Home']) {
      await page.keyboard.press(key);
      await settle();
      expect.soft(await pageY(), `${key} on the dialog's text`).toBe(middle);
    }
    // Nor does the wheel over the dimmed page.
    await page.mouse.move(40, 300);
    await page.mouse.wheel(0, 400);
    await settle();
    expect.soft(await pageY(), 'wheel').toBe(middle);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Closed, the browser's keys scroll the article again.
    await page.locator('h1.title').click();
    const closed = await pageY();
    await page.keyboard.press('PageDown');
    await expect.poll(pageY).toBeGreaterThan(closed);
    await settle();

    // A window too short for the whole list: the dialog scrolls (the focus on Close, at its
    // end, brings it to the bottom) with the keys, and the page behind it still does not.
    await page.setViewportSize({ width: 1280, height: 200 });
    await expect.poll(() => page.evaluate(() => innerHeight)).toBe(200);
    await page.evaluate(() => scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
    await settle();
    const before = await pageY();
    await page.keyboard.press('?');
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    const box = () => dialog.evaluate((d) => ({ top: Math.round(d.scrollTop), max: d.scrollHeight - d.clientHeight }));
    expect((await box()).max).toBeGreaterThan(40);
    await expect.poll(async () => { const b = await box(); return b.top >= b.max - 1; }).toBe(true);
    for (const key of ['ArrowUp', 'PageUp', 'Home']) {
      const top = (await box()).top;
      await page.keyboard.press(key);
      // The dialog moves: polled, as a loaded machine may not start the animated scroll within
      // a fixed wait; then the wait, so the page behind has had the time to move if it would.
      await expect.poll(async () => (await box()).top, { message: key }).toBeLessThan(top);
      await settle();
      expect.soft(await pageY(), key).toBe(before);
    }
    await expect.poll(async () => (await box()).top).toBe(0);
    await page.keyboard.press('PageUp'); // at its top: nothing is handed on to the page
    await settle();
    expect.soft(await pageY(), 'PageUp at the dialog’s top').toBe(before);
    await page.keyboard.press('End');
    await expect.poll(async () => { const b = await box(); return b.top >= b.max - 1; }).toBe(true);
    await page.keyboard.press('ArrowDown'); // at its end
    await page.keyboard.press('PageDown');
    await settle();
    expect.soft(await pageY(), 'ArrowDown, PageDown at the dialog’s end').toBe(before);
  });

  // Esc did nothing from the panel's theme and font choices (radio buttons: the key handler
  // ignored every key in a form field), and from its size buttons it closed the panel with
  // the focus dropped on the page's body.
  test('typography panel: Esc closes it from any control in it and gives the focus back to its button', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-typography`);
    await expect(page.locator('h1.title')).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Typography settings' });
    const panel = page.getByRole('group', { name: 'Typography' });
    for (const control of [panel.getByRole('radio', { name: 'Sepia' }), panel.getByRole('radio', { name: 'Mono' }), panel.getByRole('button', { name: 'Increase size' })]) {
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(panel).toBeVisible();
      await control.focus();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(toggle).toBeFocused();
      expect(page.url()).toContain('id=clip-typography');
    }
    // a (the panel's own key) from inside it does the same.
    await page.keyboard.press('a');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Decrease line width' }).focus();
    await page.keyboard.press('a');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('RTL and CJK clips render with their direction and language', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-arabic`);
    const article = page.locator('article.article');
    await expect(article).toHaveAttribute('dir', 'rtl');
    await expect(article).toHaveAttribute('lang', 'ar');
    expect(await page.locator('.content').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // Right-aligned: the paragraph's text starts at the right edge of the column.
    const box = await page.locator('.content p').first().evaluate((p) => {
      const r = document.createRange();
      r.selectNodeContents(p);
      const rects = r.getClientRects();
      return { textRight: rects[0]!.right, blockRight: p.getBoundingClientRect().right };
    });
    expect(Math.abs(box.blockRight - box.textRight)).toBeLessThan(4);
    await page.screenshot({ path: docScreenshot('reader-rtl.png') });

    await page.goto(`chrome-extension://${extensionId}/${READER}?id=clip-chinese`);
    await expect(page.locator('article.article')).toHaveAttribute('lang', 'zh');
    await expect(page.locator('.content')).toContainText('汉字是方块字');
    // CJK text wraps inside the column (no overflow from a missing word break).
    const overflow = await page.locator('.content').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  // A page with no title is saved under its address, one unbroken word: at a phone's width the
  // reader's heading ran off the right edge of the window and the page scrolled sideways.
  test('a title without spaces (an untitled page\'s address) wraps inside a narrow window', async ({ context, extensionId, server, openPopup, readDb }) => {
    const path = '/notes/2024/an-untitled-page-saved-from-a-very-long-address-with-no-spaces-at-all.html';
    server.setPage(path, articleHtml(server).replace(/<title>.*?<\/title>|<meta property="og:title"[^>]*>|<h1>.*?<\/h1>/g, ''));
    const page = await context.newPage();
    await page.goto(server.url(path));
    const popup = await openPopup(page);
    await expect(popup.getByTestId('stats')).toContainText('words', { timeout: 15_000 });
    await popup.getByTestId('save').click();
    await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
    const clip = (await readDb()).clips.find((c) => c.url === server.url(path))!;
    expect(clip.title).toBe(server.url(path));
    const reader = await context.newPage();
    await reader.setViewportSize({ width: 390, height: 800 });
    await reader.goto(`chrome-extension://${extensionId}/${READER}?id=${encodeURIComponent(String(clip.id))}`);
    await expect(reader.locator('h1.title')).toHaveText(server.url(path));
    const title = await reader.locator('h1.title').evaluate((h) => ({ right: h.getBoundingClientRect().right, scroll: h.scrollWidth - h.clientWidth }));
    expect(title.scroll).toBeLessThanOrEqual(0);
    expect(title.right).toBeLessThanOrEqual(390);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('a missing clip shows a clear message', async ({ context, extensionId }) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${READER}?id=nope`);
    await expect(page.getByRole('alert')).toContainText('Clip not found');
  });
});
