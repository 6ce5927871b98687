import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * A right-to-left article through the popup and the reader, as the user sees it. Found on
 * readability/rtl-1 (a page with `<html dir="rtl">`): the popup's stats read
 * "words · 1 min read 132" and the reader's byline "min read 1", because the UI's own
 * items ("132 words", "1 min read") were laid out as one run of the clip's right-to-left
 * text. Each item must be its own bidi run: the items follow the clip's direction, the
 * text inside each reads as written.
 */

const para = 'الخط العربي فن عريق ارتبط بالكتابة والعمارة والزخرفة، وتطور عبر القرون إلى أنماط كثيرة مثل النسخ والثلث والديواني والكوفي، ويستخدم اليوم في العناوين والكتب والمساجد.';
const ARABIC_ARTICLE = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>فن الخط العربي وتاريخه</title>
<meta name="author" content="ليلى حسن"></head>
<body><main><article><h1>فن الخط العربي وتاريخه</h1>
${Array.from({ length: 8 }, () => `<p>${para}</p>`).join('\n')}
</article></main></body></html>`;

/**
 * Left edge on screen of the first character of `needle`, found in `root`'s whole text
 * (Preact renders `{n} min read` as two text nodes, so a needle may span nodes).
 */
async function xOf(root: Locator, needle: string): Promise<number> {
  return root.evaluate((el, n) => {
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    let at = nodes.map((t) => t.data).join('').indexOf(n);
    if (at < 0) throw new Error(`"${n}" not in ${el.textContent}`);
    for (const t of nodes) {
      if (at < t.data.length) {
        const range = el.ownerDocument.createRange();
        range.setStart(t, at);
        range.setEnd(t, at + 1);
        return range.getBoundingClientRect().left;
      }
      at -= t.data.length;
    }
    throw new Error('unreachable');
  }, needle);
}

/** The first character of `first` is drawn left of the first of `second`, as in left-to-right text. */
async function readsLeftToRight(root: Locator, first: string, second: string): Promise<void> {
  const [a, b] = [await xOf(root, first), await xOf(root, second)];
  expect(a, `"${first}" (x ${a}) before "${second}" (x ${b}) in "${await root.textContent()}"`).toBeLessThan(b);
}

test('right-to-left clip: the popup stats and the reader byline read "132 words", "1 min read", not "words 132"', async ({ context, server, openPopup, readDb, extensionPage }) => {
  server.setPage('/arabic.html', ARABIC_ARTICLE);
  const page = await context.newPage();
  await page.goto(server.url('/arabic.html'));
  const popup = await openPopup(page);
  const stats = popup.getByTestId('stats');
  await expect(stats).toContainText('min read', { timeout: 15_000 });
  await expect(popup.locator('article.preview')).toHaveAttribute('dir', 'rtl');
  const text = (await stats.textContent()) ?? '';
  const words = /([\d,]+) words/.exec(text)![1]!;
  const minutes = /(\d+) min read/.exec(text)![1]!;
  await readsLeftToRight(stats, `${words} words`, 'words');
  await readsLeftToRight(stats, `${minutes} min read`, 'min read');

  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  const [clip] = (await readDb()).clips;
  const reader = await extensionPage(`src/pages/reader/index.html?id=${encodeURIComponent(String(clip!.id))}`);
  const byline = reader.locator('.article-head .byline');
  await expect(byline).toContainText('min read');
  await expect(reader.locator('article.article')).toHaveAttribute('dir', 'rtl');
  await readsLeftToRight(byline, `${String(clip!.readingMinutes)} min read`, 'min read');
});
