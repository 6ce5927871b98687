import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The "·" between the popup's meta items (byline · site · date) and stats items (words · min
 * read) sits between the items in a right-to-left clip too. Found by hand on an Arabic
 * article: the popup read "· 3 min read685 words" and "· localhostأحمد علي": each item is its
 * own bidi run (unicode-bidi: plaintext, see clip-rtl.spec.ts), and the separator was that
 * run's ::before, so in a left-to-right item ("3 min read") inside the right-to-left clip it
 * was drawn at the item's far left, and the two items touched.
 */

const para = 'كان النهر يرتفع منذ ثلاثة أيام قبل أن يأخذ أي شخص في الوادي التحذيرات على محمل الجد، وسار المهندسون على السدود كل صباح.';
const article = (lang: string, dir: 'rtl' | 'ltr', title: string, author: string, text: string) => `<!doctype html>
<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${title}</title><meta name="author" content="${author}"></head>
<body><main><article><h1>${title}</h1>
${Array.from({ length: 8 }, () => `<p>${text}</p>`).join('\n')}
</article></main></body></html>`;

interface Box {
  text: string;
  left: number;
  right: number;
}

/** `root`'s child elements in document order: each one's text and the horizontal extent of its glyphs. */
async function boxes(root: Locator): Promise<Box[]> {
  return root.evaluate((el) => {
    const out: { text: string; left: number; right: number }[] = [];
    for (const child of Array.from(el.children)) {
      const range = el.ownerDocument.createRange();
      range.selectNodeContents(child);
      const rect = range.getBoundingClientRect();
      const text = (child.textContent ?? '').trim();
      out.push({ text, left: rect.left, right: rect.right });
    }
    return out;
  });
}

/**
 * Neighbouring items never touch on screen (the bug: "3 min read685 words"), and each gap
 * holds its "·", a separator element of its own (a ::before of the item cannot be placed
 * between two bidi runs).
 */
async function separatorsBetween(root: Locator): Promise<void> {
  const all = await boxes(root);
  const items = all.filter((b) => b.text !== '·');
  const seps = all.filter((b) => b.text === '·');
  const described = JSON.stringify(all.map((b) => [b.text, Math.round(b.left), Math.round(b.right)]));
  expect(items.length, described).toBeGreaterThanOrEqual(2);
  const gaps = items.slice(1).map((b, i) => {
    const a = items[i]!;
    // The gap between the two items, whichever side each is drawn on.
    return { a, b, left: Math.min(a.right, b.right), right: Math.max(a.left, b.left) };
  });
  for (const { a, b, left, right } of gaps) expect(right - left, `"${a.text}" and "${b.text}" keep a gap: ${described}`).toBeGreaterThan(8);
  expect(seps.length, `one separator per gap: ${described}`).toBe(gaps.length);
  for (const [i, { left: gapLeft, right: gapRight }] of gaps.entries()) {
    const sep = seps[i]!;
    expect(sep.left, `separator ${i + 1} inside the gap: ${described}`).toBeGreaterThanOrEqual(gapLeft);
    expect(sep.right, `separator ${i + 1} inside the gap: ${described}`).toBeLessThanOrEqual(gapRight);
  }
}

for (const c of [
  { name: 'right-to-left', lang: 'ar', dir: 'rtl' as const, title: 'عندما جاء النهر إلى المدينة', author: 'أحمد علي', text: para },
  { name: 'left-to-right', lang: 'en', dir: 'ltr' as const, title: 'When the River Came', author: 'Ada Lovelace', text: 'The river had been rising for three days before anyone in the valley took the warnings seriously, and the engineers walked the embankments.' },
]) {
  test(`${c.name} clip: each "·" of the popup's meta and stats lies between two items`, async ({ context, server, openPopup }) => {
    server.setPage(`/sep-${c.lang}.html`, article(c.lang, c.dir, c.title, c.author, c.text));
    const page = await context.newPage();
    await page.goto(server.url(`/sep-${c.lang}.html`));
    const popup = await openPopup(page);
    await expect(popup.getByTestId('stats')).toContainText('min read', { timeout: 15_000 });
    await expect(popup.locator('article.preview')).toHaveAttribute('dir', c.dir);
    await expect(popup.getByTestId('meta')).toContainText(c.author);
    await separatorsBetween(popup.getByTestId('stats'));
    await separatorsBetween(popup.getByTestId('meta'));
  });
}
