/**
 * Scale benchmark for the library (issue 5), in the BUILT e2e extension in headless Chromium:
 *
 *   1. 10,000 clips (realistic length, Zipf-distributed vocabulary) seeded through the
 *      import's own write path (`storeValidated`, in batches of 500, via the e2e build's
 *      `siftTest` hook: same transaction, same library-index middleware as a UI import).
 *      Library open (navigation → first page painted: the page's `sift:library-ready`
 *      mark), median of N opens; search (the page's `sift:search` measure around the
 *      IndexedDB query, as the user types into the box), median of N per query kind:
 *      no hit, rare, common, very common, two words, a 3-letter prefix, a 2-letter word.
 *   2. One UI import (a ZIP backup through the Import button) at --ui-import clips.
 *   3. A fresh profile with 1,000 clips × 2 images (48 KB each): "Export all" as a
 *      Markdown+images ZIP and as a full ZIP backup, JS heap (CDP Performance.getMetrics
 *      JSHeapUsedSize) sampled every 50 ms during the export: peak reported.
 *
 * Run: npm run build:e2e && tsx bench/scale-library.ts [--clips 10000] [--runs 5]
 *      [--ui-import 1000] [--export-clips 1000] [--profile DIR]   (SIFT_E2E_DIST picks another build)
 *
 * --profile DIR keeps the browser profile of part 1 in DIR: the first run seeds it, later
 * runs with the same --clips reuse it (seeding 10,000 clips takes minutes; a planner change
 * only needs a rebuild). Without it every run seeds a fresh temporary profile. Do not combine
 * it with --ui-import (the import would change the reused library).
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { sampleClip } from '../src/storage/librarySamples';
import type { StoredClip, StoredImage } from '../src/storage/schema';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, clipEntryName } from '../src/backup/format';
import { zipfText } from './zipfText';

const args = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : d;
};
const CLIPS = arg('clips', 10_000);
const RUNS = arg('runs', 5);
const UI_IMPORT = arg('ui-import', 1_000);
const EXPORT_CLIPS = arg('export-clips', 1_000);
const DIST = resolve(process.env.SIFT_E2E_DIST ?? 'dist-e2e');
const PROFILE = (() => {
  const i = args.indexOf('--profile');
  return i >= 0 ? resolve(args[i + 1]!) : null;
})();
if (PROFILE && UI_IMPORT > 0) throw new Error('--profile keeps the seeded library for later runs: pass --ui-import 0 with it');
const LIBRARY = 'src/pages/library/index.html';

// ---- data -------------------------------------------------------------------------------

const { rand, word } = zipfText(42);
function paragraph(words: number): string {
  return Array.from({ length: words }, word).join(' ') + '.';
}

type ImageRecord = Omit<StoredImage, 'blob'>;
const T0 = Date.UTC(2020, 0, 1);

/** Clip i of the synthetic library (deterministic given the PRNG's position). */
function generateClip(i: number, imagesPerClip: number, imageBytes: number): { clip: StoredClip; images: ImageRecord[] } {
  const id = `c${String(i).padStart(6, '0')}`;
  const images: ImageRecord[] = Array.from({ length: imagesPerClip }, (_, j) => ({
    id: `${id}-i${j}`, clipId: id, url: `https://img.example.com/${id}/${j}.png`, mime: 'image/png', bytes: imageBytes,
    width: 320, height: 240, status: 'ok', error: null,
  }));
  const paras = Array.from({ length: 6 + Math.floor(rand() * 10) }, () => `<p>${paragraph(40 + Math.floor(rand() * 60))}</p>`);
  for (const im of images) paras.splice(1, 0, `<figure><img src="${im.url}" alt="figure"><figcaption>${paragraph(6)}</figcaption></figure>`);
  const clip = sampleClip({
    id, title: paragraph(5 + Math.floor(rand() * 6)).replace(/\.$/, ''), html: paras.join('\n'),
    savedAt: T0 + i * 3_600_000, tags: rand() < 0.3 ? [['reading', 'work', 'later', 'science'][i % 4]!] : [],
  });
  return { clip, images };
}

/** A ZIP backup of n image-less clips, for the one UI import measured. */
function buildBackup(n: number, offset: number): { zip: Uint8Array; mb: number } {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < n; i++) {
    const { terms: _t, ...clip } = generateClip(offset + i, 0, 0).clip;
    files[clipEntryName(clip.id)] = strToU8(JSON.stringify({ clip, images: [] }));
  }
  files[MANIFEST_NAME] = strToU8(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: new Date().toISOString(), app: 'scale bench', clips: n, images: 0 }));
  const zip = zipSync(files, { level: 1 });
  return { zip, mb: zip.length / 1e6 };
}

// ---- browser ----------------------------------------------------------------------------

async function launch(profile: string | null = null): Promise<{ context: BrowserContext; id: string; close: () => Promise<void> }> {
  const dir = profile ?? mkdtempSync(join(tmpdir(), 'sift-scale-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 900 }, acceptDownloads: true,
    args: [`--disable-extensions-except=${DIST}`, `--load-extension=${DIST}`, '--no-sandbox', '--disable-gpu',
      '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--enable-precise-memory-info'],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context, id: new URL(worker.url()).host,
    close: async () => { await context.close(); if (!profile) rmSync(dir, { recursive: true, force: true }); },
  };
}

async function openLibrary(context: BrowserContext, id: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/${LIBRARY}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('sift:library-ready')[0]!.startTime);
  return { page, ms };
}

/** Seeds clips through the e2e build's hook (storeValidated: the import's write path). */
async function seed(page: Page, n: number, imagesPerClip: number, imageBytes: number, onClip?: (c: StoredClip) => void): Promise<number> {
  await page.waitForFunction(() => 'siftTest' in globalThis);
  const t0 = Date.now();
  const BATCH = imagesPerClip > 0 ? 100 : 500;
  let inPage = 0;
  // Pipelined: the next batch is generated in Node while the page writes the previous one.
  let writing: Promise<number> | null = null;
  for (let i = 0; i < n; i += BATCH) {
    const clips: StoredClip[] = [];
    const images: ImageRecord[] = [];
    for (let j = i; j < Math.min(n, i + BATCH); j++) {
      const g = generateClip(j, imagesPerClip, imageBytes);
      onClip?.(g.clip);
      clips.push(g.clip);
      images.push(...g.images);
    }
    if (writing) inPage += await writing;
    writing = page.evaluate(async ([c, im]) => {
      const t = performance.now();
      await (globalThis as unknown as { siftTest: { storeClips(c: unknown, i: unknown): Promise<unknown> } }).siftTest.storeClips(c, im);
      return performance.now() - t;
    }, [clips, images] as const);
  }
  if (writing) inPage += await writing;
  if (process.env.SIFT_SCALE_VERBOSE) console.log(`  (in-page write time ${(inPage / 1000).toFixed(1)} s)`);
  return Date.now() - t0;
}

async function importThroughUi(page: Page, zip: Uint8Array): Promise<{ ms: number; notice: string }> {
  // Through a file on disk: sending tens of MB over the DevTools protocol is slower than the import.
  const file = join(tmpdir(), `sift-scale-${process.pid}-${zip.length}.zip`);
  writeFileSync(file, zip);
  const t0 = Date.now();
  await page.getByTestId('import-input').setInputFiles(file, { timeout: 300_000 });
  await page.getByTestId('notice').waitFor({ timeout: 900_000 });
  const ms = Date.now() - t0;
  rmSync(file, { force: true });
  return { ms, notice: (await page.getByTestId('notice').textContent()) ?? '' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => n.toFixed(1);

/** Picks query words by document frequency in the generated library. */
function pickQueries(df: Map<string, number>, n: number): { kind: string; q: string }[] {
  const byDfAll = [...df.entries()].sort((a, b) => b[1] - a[1]);
  const byDf = byDfAll.filter(([w]) => w.length >= 3);
  const near = (target: number) => byDf.reduce((best, e) => (Math.abs(e[1] - target) < Math.abs(best[1] - target) ? e : best))[0];
  const veryCommon = byDf[0]![0];
  const common = near(n * 0.2);
  const rare = near(12);
  return [
    { kind: 'no hit', q: 'zzqxnothing' },
    { kind: 'rare', q: rare },
    { kind: 'common', q: common },
    { kind: 'very common', q: veryCommon },
    { kind: 'two common words', q: `${veryCommon} ${common}` },
    { kind: 'rare + very common', q: `${rare} ${veryCommon}` },
    { kind: '3-letter prefix', q: common.slice(0, 3) },
    // Words under 3 letters are never prefixes: one exact word, whose total is a native count.
    { kind: 'very common 2-letter word', q: byDfAll.find(([w]) => w.length < 3)![0] },
  ];
}

async function searchOnce(page: Page, q: string): Promise<{ duration: number; hits: number; strategy: string }> {
  await page.getByTestId('search').fill('');
  await page.waitForFunction(() => document.querySelector('[data-testid="search"]') !== null);
  await page.evaluate(() => performance.clearMeasures('sift:search'));
  await page.getByTestId('search').fill(q);
  await page.waitForFunction((qq) => performance.getEntriesByName('sift:search').some((e) => (e as PerformanceMeasure).detail?.query === qq), q, { timeout: 30_000 });
  return page.evaluate((qq) => {
    const e = performance.getEntriesByName('sift:search').map((x) => x as PerformanceMeasure).find((x) => x.detail?.query === qq)!;
    const d = e.detail as { hits: number; strategy: string };
    return { duration: e.duration, hits: d.hits, strategy: d.strategy };
  }, q);
}

async function scaleLibrary(): Promise<void> {
  const b = await launch(PROFILE);
  try {
    const first = await openLibrary(b.context, b.id);
    const df = new Map<string, number>();
    const countTerms = (c: StoredClip) => { for (const t of c.terms) df.set(t, (df.get(t) ?? 0) + 1); };
    const marker = PROFILE ? join(PROFILE, 'sift-scale-seeded.json') : null;
    const seeded = marker && existsSync(marker) ? (JSON.parse(readFileSync(marker, 'utf8')) as { clips: number }).clips : null;
    if (seeded !== null) {
      if (seeded !== CLIPS) throw new Error(`--profile ${PROFILE} holds ${seeded} clips, not ${CLIPS}: use another directory`);
      // The same deterministic clips as the seeding run, generated only to know word frequencies.
      for (let i = 0; i < CLIPS; i++) countTerms(generateClip(i, 0, 0).clip);
      console.log(`reusing the ${CLIPS}-clip profile in ${PROFILE}`);
    } else {
      const seedMs = await seed(first.page, CLIPS, 0, 0, countTerms);
      console.log(`seeded ${CLIPS} clips through storeValidated (batches of 500) in ${(seedMs / 1000).toFixed(1)} s`);
      if (marker) writeFileSync(marker, JSON.stringify({ clips: CLIPS }));
    }
    await first.page.close();
    const opens: number[] = [];
    const lists: number[] = [];
    let page: Page | null = null;
    for (let i = 0; i < RUNS; i++) {
      if (page) await page.close();
      const o = await openLibrary(b.context, b.id);
      opens.push(o.ms);
      lists.push(await o.page.evaluate(() => performance.getEntriesByName('sift:list')[0]?.duration ?? -1));
      page = o.page;
    }
    const total = await page!.getByTestId('total').textContent();
    console.log(`\n| library open (${total} clips), navigation → first page painted | median ${fmt(median(opens))} ms | runs ${opens.map(fmt).join(', ')} | first-page query median ${fmt(median(lists))} ms | budget 300 ms |`);
    console.log(`\n| query kind | query | hits | strategy | search ms (median of ${RUNS}) | runs |\n|---|---|---|---|---|---|`);
    for (const { kind, q } of pickQueries(df, CLIPS)) {
      const runs: { duration: number; hits: number; strategy: string }[] = [];
      for (let r = 0; r < RUNS; r++) {
        try {
          runs.push(await searchOnce(page!, q));
        } catch {
          runs.push({ duration: Number.NaN, hits: -1, strategy: 'timeout (30 s)' });
        }
      }
      console.log(`| ${kind} | \`${q}\` | ${runs[0]!.hits} | ${runs[0]!.strategy} | ${fmt(median(runs.map((x) => x.duration)))} | ${runs.map((x) => fmt(x.duration)).join(', ')} |`);
    }
    if (UI_IMPORT > 0) {
      const { zip, mb } = buildBackup(UI_IMPORT, CLIPS);
      const imp = await importThroughUi(page!, zip);
      console.log(`\nUI import of ${UI_IMPORT} more clips (${mb.toFixed(1)} MB ZIP) into the ${CLIPS}-clip library: ${(imp.ms / 1000).toFixed(1)} s — ${imp.notice.trim()}`);
    }
  } finally {
    await b.close();
  }
}

async function heapSampler(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  let peak = 0;
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  };
  const base = await read();
  let running = true;
  const loop = (async () => { while (running) { peak = Math.max(peak, await read()); await new Promise((r) => setTimeout(r, 50)); } })();
  return { base, stop: async () => { running = false; await loop; await cdp.detach(); return peak; } };
}

async function scaleExport(): Promise<void> {
  const imagesPerClip = 2;
  const imageBytes = 48 * 1024;
  const b = await launch();
  try {
    const { page: seeder } = await openLibrary(b.context, b.id);
    const ms = await seed(seeder, EXPORT_CLIPS, imagesPerClip, imageBytes);
    console.log(`\nseeded ${EXPORT_CLIPS} clips × ${imagesPerClip} images (${imageBytes / 1024} KB each) in ${(ms / 1000).toFixed(1)} s`);
    await seeder.close();
    const { page } = await openLibrary(b.context, b.id);
    console.log('\n| export | clips | file MB | seconds | JS heap before MB | JS heap peak MB |\n|---|---|---|---|---|---|');
    for (const format of ['markdown-zip', 'backup-zip'] as const) {
      await page.getByTestId('export-format').selectOption(format);
      const sampler = await heapSampler(page);
      const t0 = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 900_000 }), page.getByTestId('export-button').click()]);
      const path = await download.path();
      const secs = (Date.now() - t0) / 1000;
      const peak = await sampler.stop();
      const size = statSync(path).size;
      console.log(`| ${format} | ${EXPORT_CLIPS} | ${(size / 1e6).toFixed(1)} | ${secs.toFixed(1)} | ${(sampler.base / 1e6).toFixed(1)} | ${(peak / 1e6).toFixed(1)} |`);
    }
  } finally {
    await b.close();
  }
}

if (CLIPS > 0) await scaleLibrary();
if (EXPORT_CLIPS > 0) await scaleExport();
