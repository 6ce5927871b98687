import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test, expect, type TestServer, docScreenshot } from './fixtures';
import type { Page } from '@playwright/test';
import { DEFAULT_ENGINE } from '../src/shared/messages';

/**
 * Choosing the engine (issue 6) on the BUILT extension: the popup's engine select re-runs
 * the preview with that engine of the real core in the live page, the compare view shows
 * every engine side by side, a save with a non-default engine stores that engine in
 * IndexedDB, and the choice is remembered for the next popup (storage.local).
 *
 * What each engine should find is read from the core itself (build/sift-core.iife.js run in
 * a second tab on the same page), so the test holds whatever the engines' owners change.
 */

const ENGINES = ['auto', 'nta', 'vsse', 'classifier'] as const;
type Engine = (typeof ENGINES)[number];
const CORE_IIFE = resolve('build/sift-core.iife.js');
/** The popup's budget for a whole comparison and the background's cap per engine (src/popup/App.tsx, src/shared/messages.ts). */
const COMPARE_BUDGET_MS = 16_000;
const SAMPLE_TIMEOUT_MS = 8_000;

declare const Sift: { extract: (doc: Document, options: Record<string, unknown>) => { title: string; wordCount: number; engine: string; text: string } | null };

interface Expected {
  title: string;
  wordCount: number;
  text: string;
}

/** Each engine's clip of `url`, from the core's IIFE in its own tab (the popup's tab stays untouched). */
async function coreOutputs(page: Page, url: string): Promise<Record<Engine, Expected | null>> {
  const probe = await page.context().newPage();
  await probe.goto(url);
  await probe.addScriptTag({ content: readFileSync(CORE_IIFE, 'utf8') });
  const out = await probe.evaluate((engines) => {
    const result: Record<string, { title: string; wordCount: number; text: string } | null> = {};
    for (const engine of engines) {
      const clip = Sift.extract(document, { engine, trace: false });
      result[engine] = clip ? { title: clip.title, wordCount: clip.wordCount, text: clip.text } : null;
    }
    return result;
  }, [...ENGINES]);
  await probe.close();
  return out as Record<Engine, Expected | null>;
}

/**
 * An article whose engines disagree: the story, then a long reader-comment thread and a
 * related-stories rail with summaries — text a whole-page engine and a node classifier
 * judge differently.
 */
function discussedArticle(server: Pick<TestServer, 'url'>): string {
  const comment = (i: number) =>
    `<li class="comment"><p class="who"><a href="/u/${i}">reader${i}</a> · ${i} hours ago</p><p>I grew up near that mill and remember the water line on the wall, comment number ${i}; the town never talked about it much afterwards.</p><p><a href="/reply/${i}">Reply</a> <a href="/report/${i}">Report</a></p></li>`;
  const related = (i: number) => `<li><a href="/story/${i}"><h3>Related story ${i}: the valley after the flood</h3></a><p>A short summary of related story ${i} about rebuilding bridges and roads.</p></li>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Mill Under Water | The Valley Courier</title>
<meta property="og:title" content="The Mill Under Water"><meta property="og:type" content="article"></head><body>
<header><a href="/">The Valley Courier</a><nav><a href="/a">World</a> <a href="/b">Politics</a> <a href="/c">Science</a> <a href="/d">Sport</a></nav></header>
<main><article><h1>The Mill Under Water</h1><p class="byline">By Grace Hopper</p>
<img src="${server.url('/img/700x350.png?c=50,100,150')}" width="700" height="350" alt="The mill">
${Array.from({ length: 6 }, (_, i) => `<p>The water reached the mill's first windows on the third morning, paragraph ${i + 1} says, and the engineers measured the seepage with plain wooden stakes while the families upstream moved their furniture to the upper floors and waited for the river to turn.</p>`).join('\n')}
</article>
<section class="comments"><h2>42 comments</h2><ol>${Array.from({ length: 14 }, (_, i) => comment(i + 1)).join('')}</ol></section>
<aside class="related"><h2>Related</h2><ul>${Array.from({ length: 8 }, (_, i) => related(i + 1)).join('')}</ul></aside>
</main><footer><p>© The Valley Courier</p></footer></body></html>`;
}

async function previewWords(popup: Page): Promise<number> {
  const stats = (await popup.getByTestId('stats').textContent()) ?? '';
  return Number(/([\d,]+) words/.exec(stats)?.[1]?.replace(/,/g, '') ?? NaN);
}

test('switching the engine re-runs the preview with that engine of the real core; the compare view shows all engines side by side', async ({ context, server, openPopup }) => {
  server.setPage('/discussed.html', discussedArticle(server));
  const page = await context.newPage();
  await page.goto(server.url('/discussed.html'));
  await page.waitForLoadState('load');
  const expected = await coreOutputs(page, server.url('/discussed.html'));
  console.log(`core word counts on the fixture: ${ENGINES.map((e) => `${e} ${expected[e]?.wordCount ?? 'none'}`).join(', ')}`);

  const popup = await openPopup(page);
  const select = popup.getByTestId('engine');
  await expect(popup.getByTestId('title')).toHaveValue('The Mill Under Water', { timeout: 15_000 });
  // The initial value is the extension's default (no preference saved yet in this fresh profile).
  const initial = (await select.inputValue()) as Engine;
  expect(initial).toBe(DEFAULT_ENGINE);
  await expect(select).toHaveAccessibleName(/Engine/);
  expect(await previewWords(popup)).toBe(expected[initial]!.wordCount);

  // Every engine in turn: the preview is that engine's clip, word for word count.
  for (const engine of ENGINES.filter((e) => e !== initial)) {
    await select.selectOption(engine);
    await expect(popup.locator('.popup')).toHaveAttribute('data-phase', 'preview', { timeout: 15_000 });
    await expect(select).toHaveValue(engine);
    await expect.poll(() => previewWords(popup)).toBe(expected[engine]!.wordCount);
  }

  // Compare: one column per engine, filled as the engines answer.
  await popup.keyboard.press('Escape');
  const started = Date.now();
  await popup.getByTestId('compare-open').click();
  const progress = popup.getByTestId('compare-progress');
  await expect(progress).toContainText('4 engines compared', { timeout: 40_000 });
  const wall = Date.now() - started;
  console.log(`compare view on the fixture: ${wall} ms click → all four columns (${await progress.textContent()})`);
  for (const engine of ENGINES) {
    const column = popup.getByTestId(`column-${engine}`);
    await expect(column.getByTestId('engine-title')).toHaveText(expected[engine]!.title);
    await expect(column.getByTestId('engine-words')).toHaveText(`${expected[engine]!.wordCount.toLocaleString('en')} words`);
    await expect(column.getByTestId('engine-ms')).toHaveText(/^\d+ ms$/);
    await expect(column.getByTestId('agreement').locator('li')).toHaveCount(3);
    // The opening is the engine's own text, sanitized: no images, scripts or handlers.
    const blocks = await column.locator('.col-opening > *').allTextContents();
    expect(blocks.join(' ').length).toBeGreaterThan(40);
    for (const block of blocks) expect(expected[engine]!.text).toContain(block.trim());
    expect(await column.locator('img, script, [onerror]').count()).toBe(0);
  }
  await popup.locator('.popup').screenshot({ path: docScreenshot('popup-compare.png') });

  // Pick VSSE there: the preview comes back with VSSE's clip.
  await popup.getByTestId('use-vsse').click();
  await expect(popup.getByTestId('compare')).toHaveCount(0);
  await expect(select).toHaveValue('vsse', { timeout: 15_000 });
  await expect.poll(() => previewWords(popup)).toBe(expected.vsse!.wordCount);

  // Keyboard: the arrow key on the focused select moves to the next engine (Classifier);
  // focus stays on the select while the new preview loads.
  await select.focus();
  await popup.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('classifier');
  await expect(popup.locator('.popup')).toHaveAttribute('data-phase', 'preview', { timeout: 15_000 });
  await expect.poll(() => previewWords(popup)).toBe(expected.classifier!.wordCount);
  await expect(select).toBeFocused();
});

test('a save with a non-default engine stores that engine; the choice is remembered for the next popup and the shortcut', async ({ context, server, serviceWorker, openPopup, readDb }) => {
  const page = await context.newPage();
  await page.goto(server.url('/article.html'));
  await page.waitForLoadState('load');
  const expected = await coreOutputs(page, server.url('/article.html'));

  let popup = await openPopup(page);
  const initial = (await popup.getByTestId('engine').inputValue()) as Engine;
  const chosen: Engine = initial === 'classifier' ? 'vsse' : 'classifier';
  await popup.getByTestId('engine').selectOption(chosen);
  await expect(popup.locator('.popup')).toHaveAttribute('data-phase', 'preview', { timeout: 15_000 });
  await expect.poll(() => previewWords(popup)).toBe(expected[chosen]!.wordCount);
  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  let db = await readDb();
  expect(db.clips).toHaveLength(1);
  expect(db.clips[0]!.engine).toBe(chosen);
  expect(db.clips[0]!.wordCount).toBe(expected[chosen]!.wordCount);
  await popup.close();

  // A new popup (and a restarted worker) starts with the remembered engine.
  const stored = await serviceWorker.evaluate(() => chrome.storage.local.get('preferredEngine'));
  expect(stored).toEqual({ preferredEngine: chosen });
  popup = await openPopup(page);
  await expect(popup.getByTestId('engine')).toHaveValue(chosen, { timeout: 15_000 });
  expect(await previewWords(popup)).toBe(expected[chosen]!.wordCount);
  await popup.close();

  // The one-gesture clip (keyboard shortcut) on another page uses it too.
  server.setPage('/second.html', discussedArticle(server));
  const second = await context.newPage();
  await second.goto(server.url('/second.html'));
  await second.bringToFront();
  const reply = (await serviceWorker.evaluate(() => (globalThis as unknown as { siftBackground: { runCommand: (c: string) => Promise<unknown> } }).siftBackground.runCommand('clip-page'))) as { kind: string };
  expect(reply.kind).toBe('saved');
  db = await readDb();
  const byTitle = Object.fromEntries(db.clips.map((c) => [String(c.title), c.engine]));
  expect(byTitle).toEqual({ 'When the River Came to Town': chosen, 'The Mill Under Water': chosen });
});

declare const chrome: { storage: { local: { get: (key: string) => Promise<Record<string, unknown>> } } };

/**
 * The compare view on real article pages (wcxb-dev, the benchmark's pages: served from
 * localhost, without their network resources): every column fills — a sample or the
 * engine's own message — within the comparison's time budget, and the time is logged for
 * the README. Three pages keep the run short on a shared machine.
 */
const BENCH_PAGES = resolve('../shared/bench-data/wcxb-dev/pages');
const REAL_ARTICLES = ['0001', '0004', '0005'];

test('compare view on real article pages: all engines answer within the budget', async ({ context, server, openPopup }) => {
  test.skip(!existsSync(BENCH_PAGES), `no benchmark pages at ${BENCH_PAGES}`);
  const timings: string[] = [];
  for (const id of REAL_ARTICLES) {
    server.setPage(`/real-${id}.html`, gunzipSync(readFileSync(join(BENCH_PAGES, `${id}.html.gz`))).toString('utf8'));
    const page = await context.newPage();
    await page.goto(server.url(`/real-${id}.html`), { waitUntil: 'domcontentloaded' });
    const popup = await openPopup(page);
    await expect(popup.locator('.popup')).not.toHaveAttribute('data-phase', 'loading', { timeout: 20_000 });
    const started = Date.now();
    await popup.getByTestId('compare-open').click();
    const progress = popup.getByTestId('compare-progress');
    await expect(progress).toContainText('4 engines compared', { timeout: 40_000 });
    const wall = Date.now() - started;
    const inPopup = Number(/in ([\d,]+) ms/.exec((await progress.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(inPopup).toBeLessThan(COMPARE_BUDGET_MS + SAMPLE_TIMEOUT_MS);
    const perEngine: string[] = [];
    for (const engine of ENGINES) {
      const column = popup.getByTestId(`column-${engine}`);
      const ms = column.getByTestId('engine-ms');
      const failed = column.getByTestId('engine-error');
      await expect(ms.or(failed)).toBeVisible();
      perEngine.push(`${engine} ${(await ms.count()) > 0 ? await ms.textContent() : 'failed'}`);
    }
    timings.push(`${id}: ${inPopup} ms in the popup (${wall} ms click → done as the test sees it); ${perEngine.join(', ')}`);
    await popup.close();
    await page.close();
  }
  console.log(`compare view on real articles:\n  ${timings.join('\n  ')}`);
});
