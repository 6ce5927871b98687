/**
 * Measures the core's budgets (issue 2) in headless Chromium on this machine:
 *   normal article: a few ms · 200,000 elements: < 2 s · 5,000 deep: < 1 s ·
 *   over the hard size limit: refused in well under a second.
 * `npx tsx scripts/core-budgets.ts` — prints one line per case, cold (first call in a fresh
 * page, as the benchmark and the extension run it) and warm (median of 5 more).
 * Exits 1 when a budget is missed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildCore, CORE_IIFE_PATH } from './build-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Case { name: string; budgetMs: number; setup: (page: Page) => Promise<void>; expectOk: boolean }

export const para = 'The harbour lantern festival returns this winter, organised by volunteers who rebuilt it from old notebooks. ';

/** The budget's big page (body markup): also used by scripts/big-page-ab.ts. */
export function bigPage(elements: number): string {
  // A realistic mix: sections of paragraphs with inline links and emphasis, plus nav lists.
  const parts: string[] = ['<nav><ul>', ...Array.from({ length: 50 }, (_, i) => `<li><a href="/n${i}">Nav ${i}</a></li>`), '</ul></nav><main>'];
  let count = 150;
  let i = 0;
  while (count < elements) {
    parts.push(`<section><h2>Part ${i}</h2><p>${para}<a href="/x${i}">link</a> and <em>emphasis</em> ${para}</p><p>${para}<span>${para}</span></p><ul><li><a href="/r${i}a">Related a</a></li><li><a href="/r${i}b">Related b</a></li></ul></section>`);
    count += 12;
    i++;
  }
  parts.push('</main>');
  return parts.join('');
}

const cases: Case[] = [
  { name: 'normal article (samples/article.html)', budgetMs: 10, expectOk: true, setup: async (page) => { await page.goto(pathToFileURL(join(root, 'samples', 'article.html')).href); } },
  { name: '200,000-element page', budgetMs: 2000, expectOk: true, setup: (page) => serve(page, bigPage(200_000)) },
  { name: '5,000-deep page', budgetMs: 1000, expectOk: true, setup: (page) => serve(page, `${'<div>'.repeat(5000)}<p>${para.repeat(5)}</p>${'</div>'.repeat(5000)}`) },
  { name: 'over the size limit (450,000 elements)', budgetMs: 300, expectOk: false, setup: (page) => serve(page, '<i></i>'.repeat(450_000)) },
];

/** Serve a generated body from a fake origin; parsing and first layout are not on the clock. */
export async function serve(page: Page, body: string): Promise<void> {
  const html = `<!doctype html><html><head><title>Budget page</title></head><body>${body}</body></html>`;
  await page.route('http://budget.test/**', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://budget.test/page.html', { waitUntil: 'domcontentloaded', timeout: 300_000 });
}

async function main(): Promise<void> {
  if (!existsSync(CORE_IIFE_PATH) || process.argv.includes('--build')) await buildCore();
  const core = readFileSync(CORE_IIFE_PATH, 'utf8');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'] });
  let failed = 0;
  try {
    for (const c of cases) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await c.setup(page);
      page.setDefaultTimeout(300_000);
      const elements = await page.evaluate(() => { document.documentElement.getBoundingClientRect(); return document.getElementsByTagName('*').length; });
      await page.evaluate(core);
      const r = await page.evaluate(() => {
        const sift = (globalThis as unknown as { Sift: { extractResult(d: Document): { ok: boolean; reason?: string } } }).Sift;
        let t = performance.now();
        const first = sift.extractResult(document);
        const cold = performance.now() - t;
        const warm: number[] = [];
        for (let i = 0; i < 5; i++) { t = performance.now(); sift.extractResult(document); warm.push(performance.now() - t); }
        warm.sort((a, b) => a - b);
        return { ok: first.ok, reason: first.reason ?? null, cold, warm: warm[2]! };
      });
      const pass = r.cold <= c.budgetMs && r.ok === c.expectOk;
      if (!pass) failed++;
      console.log(`${pass ? 'ok  ' : 'MISS'} ${c.name.padEnd(40)} ${String(elements).padStart(7)} el  cold ${r.cold.toFixed(1).padStart(7)} ms  warm ${r.warm.toFixed(1).padStart(7)} ms  budget ${c.budgetMs} ms  ${r.ok ? 'clipped' : `refused: ${r.reason}`}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
