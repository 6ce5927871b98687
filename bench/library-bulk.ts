/**
 * The library's bulk actions at scale, timed through the library page of the BUILT e2e
 * extension in headless Chromium, as a user does them: Select all, then Delete (move to the
 * trash), Undo, Tag, open the Trash view, Restore, Delete forever, Empty trash.
 *
 * The library: --clips realistic articles (html 30–60 KB, text ~20 KB, a Zipf vocabulary
 * of 8,000 words so each clip has ~1,000 distinct search terms, --images images of
 * --image-bytes each), seeded once through the import's write path (the e2e build's
 * `siftTest` hook) into a template profile; every scenario runs on a fresh copy of it.
 *
 * Each step is timed in the page: from the click (a capture listener) to the page showing
 * the result (a predicate checked every frame), with the longest time the page went
 * without painting a frame in between, and the first time a progress bar showed.
 *
 * Run: npm run build:e2e && npx tsx bench/library-bulk.ts [--clips 3000] [--images 3]
 *      [--image-bytes 30000] [--template DIR] [--json out.json] [--quick]
 * --template DIR seeds DIR once (3,000 clips: ~5 minutes) and reuses it on later runs; --quick
 * leaves out Undo and Restore, which take minutes each at 3,000 clips.
 * SIFT_E2E_DIST picks another build (the extension's id, and so its database, follows the
 * build's path: A/B runs copy each build to one fixed path).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sampleClip } from '../src/storage/librarySamples';
import type { StoredClip, StoredImage } from '../src/storage/schema';
import { zipfText } from './zipfText';

const args = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : d;
};
const strArg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : null;
};
const CLIPS = arg('clips', 3000);
const IMAGES = arg('images', 3);
const IMAGE_BYTES = arg('image-bytes', 30_000);
const DIST = resolve(process.env.SIFT_E2E_DIST ?? 'dist-e2e');
const TEMPLATE = strArg('template');
const JSON_OUT = strArg('json');
const QUICK = args.includes('--quick');
const LIBRARY = 'src/pages/library/index.html';

// ---- data -------------------------------------------------------------------------------

const { rand, word } = zipfText(7);
const sentence = (words: number) => {
  const s = Array.from({ length: words }, word).join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
};

type ImageRecord = Omit<StoredImage, 'blob'>;
const T0 = Date.UTC(2022, 0, 1);

/**
 * Clip i: ~20 KB of text in paragraphs whose markup (classes, links, emphasis, figures) brings
 * the html to 30–60 KB, as a news site's article does after the core cleaned it.
 */
function generateClip(i: number): { clip: StoredClip; images: ImageRecord[] } {
  const id = `bulk-${String(i).padStart(5, '0')}`;
  const images: ImageRecord[] = Array.from({ length: IMAGES }, (_, j) => ({
    id: `${id}-i${j}`, clipId: id, url: `https://img.example.com/${id}/${j}.png`, mime: 'image/png', bytes: IMAGE_BYTES,
    width: 640, height: 360, status: 'ok', error: null,
  }));
  const markup = 0.5 + rand() * 1.5; // extra markup per character of text: html 30–60 KB
  const paras: string[] = [];
  let text = 0;
  while (text < 20_000) {
    const sentences = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => sentence(8 + Math.floor(rand() * 14)));
    const plain = sentences.join(' ');
    text += plain.length + 1;
    let html = sentences.map((s, k) => (k === 1 ? `<a href="https://example.org/${id}/ref/${paras.length}?utm_source=feed&amp;utm_medium=web" class="inline-link">${s}</a>` : k === 2 ? `<em>${s}</em>` : s)).join(' ');
    // Wrappers a CMS leaves around runs of text (kept by the core: they hold the text).
    while (html.length < plain.length * (1 + markup)) html = `<span class="c-text__run c-text__run--${paras.length % 7}" data-block="${id}-${paras.length}">${html}</span>`;
    paras.push(`<p class="c-article__paragraph">${html}</p>`);
  }
  images.forEach((im, j) => paras.splice(1 + j * 4, 0, `<figure class="c-figure"><img src="${im.url}" alt="Figure ${j}" width="640" height="360"><figcaption>${sentence(10)}</figcaption></figure>`));
  const html = paras.join('\n');
  const clip = sampleClip({
    id, title: sentence(5 + Math.floor(rand() * 6)).replace(/\.$/, ''), html,
    savedAt: T0 + i * 3_600_000, tags: rand() < 0.3 ? [['reading', 'work', 'later', 'science'][i % 4]!] : [],
  });
  return { clip, images };
}

// ---- browser ----------------------------------------------------------------------------

async function launch(dir: string): Promise<{ context: BrowserContext; id: string }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 900 },
    args: [`--disable-extensions-except=${DIST}`, `--load-extension=${DIST}`, '--no-sandbox', '--disable-gpu',
      '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, id: new URL(worker.url()).host };
}

async function openLibrary(context: BrowserContext, id: string): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`chrome-extension://${id}/${LIBRARY}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 300_000 });
  // Delete forever and Empty trash ask first; the bench says yes without a dialog in the way.
  await page.evaluate(() => { window.confirm = () => true; });
  return page;
}

async function seedTemplate(dir: string): Promise<void> {
  const { context, id } = await launch(dir);
  const page = await openLibrary(context, id);
  await page.waitForFunction(() => 'siftTest' in globalThis);
  const t0 = Date.now();
  const BATCH = 50;
  let html = 0;
  let text = 0;
  let terms = 0;
  let writing: Promise<unknown> | null = null;
  for (let i = 0; i < CLIPS; i += BATCH) {
    const clips: StoredClip[] = [];
    const images: ImageRecord[] = [];
    for (let j = i; j < Math.min(CLIPS, i + BATCH); j++) {
      const g = generateClip(j);
      html += g.clip.html.length;
      text += g.clip.text.length;
      terms += g.clip.terms.length;
      clips.push(g.clip);
      images.push(...g.images);
    }
    if (writing) await writing;
    writing = page.evaluate(([c, im]) => (globalThis as unknown as { siftTest: { storeClips(c: unknown, i: unknown): Promise<unknown> } }).siftTest.storeClips(c, im), [clips, images] as const);
  }
  if (writing) await writing;
  console.log(`seeded ${CLIPS} clips in ${((Date.now() - t0) / 1000).toFixed(0)} s: html ${(html / CLIPS / 1000).toFixed(1)} KB, text ${(text / CLIPS / 1000).toFixed(1)} KB, ${(terms / CLIPS).toFixed(0)} terms, ${IMAGES} × ${IMAGE_BYTES} B images per clip`);
  await context.close();
}

interface Timing { step: string; ms: number; longestFrameGap: number; firstProgressMs: number | null; note?: string }
const results: Timing[] = [];

/**
 * Runs `act` (a click) and waits until `done` (a predicate source, checked every frame in the
 * page) holds; timed in the page from the click's capture to the first frame that sees it done.
 */
async function timed(page: Page, step: string, act: () => Promise<void>, done: string, note?: string): Promise<Timing> {
  // A string, not a function: tsx names inner functions with a helper the page lacks.
  await page.evaluate(`(() => {
    const w = window;
    w.__t0 = null; w.__t1 = null; w.__gap = 0; w.__progress = null;
    w.__run = (w.__run ?? 0) + 1;
    const run = w.__run;
    const start = () => { if (w.__t0 === null) w.__t0 = performance.now(); };
    document.addEventListener('click', start, { capture: true, once: true });
    document.addEventListener('submit', start, { capture: true, once: true });
    let last = performance.now();
    const frame = () => {
      if (w.__run !== run || w.__t1 !== null) return;
      const now = performance.now();
      if (w.__t0 !== null) {
        w.__gap = Math.max(w.__gap, now - last);
        if (w.__progress === null && document.querySelector('[data-testid="progress"]')) w.__progress = now - w.__t0;
      }
      last = now;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  await act();
  // The predicate is installed by evaluate (which the page's CSP allows) and called by the
  // poll: waitForFunction with a string would eval it in the page, which the CSP forbids.
  await page.evaluate(`window.__done = () => (${done});`);
  await page.waitForFunction(() => {
    const w = window as unknown as { __t0: number | null; __t1: number | null; __done: () => boolean };
    if (w.__t0 === null || !w.__done()) return false;
    if (w.__t1 === null) w.__t1 = performance.now();
    return true;
  }, null, { polling: 'raf', timeout: 900_000 });
  const r = await page.evaluate(() => {
    const w = window as unknown as Record<string, number | null>;
    return { ms: w.__t1! - w.__t0!, gap: w.__gap!, progress: w.__progress ?? null };
  });
  const t: Timing = { step, ms: Math.round(r.ms), longestFrameGap: Math.round(r.gap), firstProgressMs: r.progress === null ? null : Math.round(r.progress), note };
  results.push(t);
  console.log(`  ${step.padEnd(44)} ${String(t.ms).padStart(7)} ms   longest frame gap ${String(t.longestFrameGap).padStart(6)} ms   progress ${t.firstProgressMs === null ? '—' : `after ${t.firstProgressMs} ms`}${note ? `   (${note})` : ''}`);
  return t;
}

const textOf = (sel: string) => `(document.querySelector('${sel}')?.textContent ?? '')`;
const N = CLIPS.toLocaleString('en-US');

async function selectAll(page: Page, label: RegExp): Promise<void> {
  await page.locator('[data-testid="clip-row"] input[type=checkbox]').first().click();
  const bar = page.getByRole('region', { name: 'Selection' });
  await timed(page, 'Select all', () => bar.getByRole('button', { name: 'Select all' }).click(), `/^All /.test(${textOf('.selection-bar strong')})`);
  await bar.locator('strong').filter({ hasText: label }).waitFor();
}

async function openTrash(page: Page, step = 'open the Trash view'): Promise<void> {
  await timed(page, step, () => page.locator('.views button', { hasText: 'Trash' }).click(),
    `${textOf('.list-head h1')}.startsWith('Trash') && document.querySelectorAll('[data-testid="clip-row"]').length > 0`);
}

async function openAll(page: Page): Promise<void> {
  await timed(page, 'open All clips', () => page.locator('.views button', { hasText: 'All clips' }).click(),
    `${textOf('.list-head h1')}.startsWith('All clips') && document.querySelectorAll('[data-testid="clip-row"]').length > 0`);
}

async function trashAll(page: Page, step: string): Promise<void> {
  await selectAll(page, /All .* clips selected/);
  await timed(page, step, () => page.getByTestId('delete-selected').click(),
    `${textOf('[data-testid="toast"]')}.includes('to the trash') || ${textOf('[data-testid="notice"]')} !== ''`);
}

/**
 * Scenario A: Delete, Undo, Tag, Delete again, the Trash view (clicked, then after a reload),
 * Restore, Delete a third time, Delete forever. `quick` leaves out Undo and Restore (minutes
 * each: every restored clip's words are indexed again) and the third Delete they need.
 */
async function scenarioA(dir: string, quick: boolean): Promise<void> {
  const { context, id } = await launch(dir);
  const page = await openLibrary(context, id);
  await page.getByTestId('total').filter({ hasText: N }).waitFor();
  if (!quick) {
    await trashAll(page, `Delete ${N} (move to trash)`);
    console.log(`    toast: ${await page.getByTestId('toast').textContent().catch(() => '')}`);
    await timed(page, 'Undo', () => page.getByTestId('undo').click(), `${textOf('[data-testid="count-trash"]')} === '0' && ${textOf('[data-testid="count-live"]')} === '${CLIPS}'`);
  }

  await selectAll(page, /All .* clips selected/);
  await page.getByLabel('Tag selected clips').fill('bulk');
  await timed(page, `Tag ${N} (add #bulk)`, () => page.locator('.bulk-tag button[type=submit]').click(),
    `[...document.querySelectorAll('.tag-list button')].some((b) => b.textContent.trim() === '#bulk') || ${textOf('[data-testid="notice"]')} !== ''`);
  await page.getByRole('button', { name: 'Clear', exact: true }).click().catch(() => undefined);

  await trashAll(page, quick ? `Delete ${N} (move to trash)` : `Delete ${N} again`);
  await page.waitForTimeout(500);
  await openTrash(page, `open the Trash view (${N} in the trash)`);
  // Opened afresh on the Trash view: a reload, then the click.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await page.evaluate(() => { window.confirm = () => true; });
  await openTrash(page, 'open the Trash view after a reload');
  await selectAll(page, /All .* clips in the trash selected/);
  if (!quick) {
    await timed(page, `Restore ${N}`, () => page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Restore' }).click(),
      `${textOf('[data-testid="toast"]')}.includes('Restored') || ${textOf('[data-testid="notice"]')} !== ''`);
    await openAll(page);
    await trashAll(page, `Delete ${N} a third time`);
    await page.waitForTimeout(500);
    await openTrash(page);
    await selectAll(page, /All .* clips in the trash selected/);
  }
  await timed(page, `Delete forever ${N}`, () => page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Delete forever' }).click(),
    `${textOf('[data-testid="total"]')} === '0' || ${textOf('[data-testid="notice"]')} !== ''`);
  await context.close();
}

async function scenarioB(dir: string): Promise<void> {
  const { context, id } = await launch(dir);
  const page = await openLibrary(context, id);
  await page.getByTestId('total').filter({ hasText: N }).waitFor();
  await trashAll(page, `Delete ${N} (before Empty trash)`);
  await page.waitForTimeout(500);
  await openTrash(page);
  await timed(page, `Empty trash (${N})`, () => page.getByRole('button', { name: 'Empty trash' }).click(),
    `${textOf('[data-testid="total"]')} === '0' || ${textOf('[data-testid="notice"]')} !== ''`);
  await context.close();
}

async function main(): Promise<void> {
  const template = TEMPLATE ? resolve(TEMPLATE) : mkdtempSync(join(tmpdir(), 'sift-bulk-template-'));
  if (!existsSync(join(template, 'Default'))) await seedTemplate(template);
  else console.log(`reusing the seeded profile in ${template}`);
  for (const [name, run] of [[QUICK ? 'A (quick)' : 'A', (dir: string) => scenarioA(dir, QUICK)], ['B', scenarioB]] as const) {
    const dir = mkdtempSync(join(tmpdir(), `sift-bulk-${name[0]}-`));
    cpSync(template, dir, { recursive: true });
    for (const f of ['SingletonLock', 'SingletonCookie', 'SingletonSocket']) rmSync(join(dir, f), { force: true });
    console.log(`scenario ${name}:`);
    try { await run(dir); } finally { rmSync(dir, { recursive: true, force: true }); }
  }
  if (!TEMPLATE) rmSync(template, { recursive: true, force: true });
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ clips: CLIPS, images: IMAGES, imageBytes: IMAGE_BYTES, results }, null, 2));
}

await main();
