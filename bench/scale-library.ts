/**
 * Scale benchmark for the library (issue 5), in the BUILT extension in headless Chromium:
 *
 *   1. 10,000 clips (realistic length, Zipf-distributed vocabulary) imported through the
 *      library's own import button; library open time (navigation → first page painted,
 *      the page's `sift:library-ready` mark), median of 5 opens; search time per query
 *      (the page's `sift:search` measure around the IndexedDB query).
 *   2. A fresh profile with 1,000 clips × 2 images: "Export all" as a Markdown+images ZIP
 *      and a full ZIP backup, with the JS heap sampled every 50 ms over CDP (peak reported).
 *
 * Run: npm run build:e2e && tsx bench/scale-library.ts [--clips 10000] [--export-clips 1000]
 * (SIFT_E2E_DIST picks another build directory.)
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { createHash, randomBytes } from 'node:crypto';
import { sampleClip } from '../src/storage/librarySamples';
import { BACKUP_FORMAT, BACKUP_VERSION, MANIFEST_NAME, clipEntryName, imageEntryName } from '../src/backup/format';

const args = process.argv.slice(2);
const arg = (name: string, d: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : d;
};
const CLIPS = arg('clips', 10_000);
const EXPORT_CLIPS = arg('export-clips', 1_000);
const DIST = resolve(process.env.SIFT_E2E_DIST ?? 'dist-e2e');
const LIBRARY = 'src/pages/library/index.html';

// ---- data -------------------------------------------------------------------------------

/** Deterministic PRNG so every run measures the same library. */
function rng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const rand = rng(42);
const SYL = ['ka', 'lo', 'mi', 'ren', 'tas', 'vel', 'or', 'in', 'qu', 'es', 'an', 'ti', 'sor', 'bel', 'dra', 'fen', 'gul', 'hem', 'jor', 'nis'];
/** 8,000 words; word k is drawn with probability ∝ 1/(k+1) (Zipf), as in natural text. */
const VOCAB = Array.from({ length: 8000 }, (_, k) => {
  let w = '';
  let n = k + 1;
  do { w += SYL[n % SYL.length]; n = Math.floor(n / SYL.length); } while (n > 0);
  return w;
});
const CUMULATIVE: number[] = [];
VOCAB.reduce((s, _, k) => { const t = s + 1 / (k + 1); CUMULATIVE.push(t); return t; }, 0);
function word(): string {
  const r = rand() * CUMULATIVE[CUMULATIVE.length - 1]!;
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (CUMULATIVE[mid]! < r) lo = mid + 1; else hi = mid; }
  return VOCAB[lo]!;
}
function paragraph(words: number): string {
  return Array.from({ length: words }, word).join(' ') + '.';
}

interface Img { id: string; url: string; bytes: Uint8Array }

function buildBackup(n: number, imagesPerClip: number, imageBytes: number): { zip: Uint8Array; mb: number } {
  const files: Record<string, Uint8Array> = {};
  let images = 0;
  const t0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    const id = `c${String(i).padStart(6, '0')}`;
    const imgs: Img[] = [];
    for (let j = 0; j < imagesPerClip; j++) {
      const bytes = new Uint8Array(imageBytes);
      bytes.set(randomBytes(imageBytes));
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
      imgs.push({ id: `${id}-i${j}`, url: `https://img.example.com/${id}/${j}.png`, bytes });
    }
    const paras = Array.from({ length: 6 + Math.floor(rand() * 10) }, () => `<p>${paragraph(40 + Math.floor(rand() * 60))}</p>`);
    for (const im of imgs) paras.splice(1, 0, `<figure><img src="${im.url}" alt="figure"><figcaption>${paragraph(6)}</figcaption></figure>`);
    const { terms: _t, ...clip } = sampleClip({
      id, title: `${paragraph(5 + Math.floor(rand() * 6))}`.replace(/\.$/, ''), html: paras.join('\n'),
      savedAt: t0 + i * 3_600_000, terms: [], tags: rand() < 0.3 ? [['reading', 'work', 'later', 'science'][i % 4]!] : [],
    });
    const records = [];
    for (const im of imgs) {
      files[imageEntryName(im.id)] = im.bytes;
      records.push({ id: im.id, clipId: id, url: im.url, mime: 'image/png', bytes: im.bytes.length, width: 320, height: 240, status: 'ok', error: null,
        sha256: createHash('sha256').update(im.bytes).digest('hex'), file: imageEntryName(im.id) });
      images++;
    }
    files[clipEntryName(id)] = strToU8(JSON.stringify({ clip, images: records }));
  }
  files[MANIFEST_NAME] = strToU8(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt: new Date().toISOString(), app: 'scale bench', clips: n, images }));
  const zip = zipSync(files, { level: 1 });
  return { zip, mb: zip.length / 1e6 };
}

// ---- browser ----------------------------------------------------------------------------

async function launch(): Promise<{ context: BrowserContext; id: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sift-scale-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 900 }, acceptDownloads: true,
    args: [`--disable-extensions-except=${DIST}`, `--load-extension=${DIST}`, '--no-sandbox', '--disable-gpu',
      '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--enable-precise-memory-info'],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, id: new URL(worker.url()).host, close: async () => { await context.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function openLibrary(context: BrowserContext, id: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/${LIBRARY}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('sift:library-ready')[0]!.startTime);
  return { page, ms };
}

async function importBackup(page: Page, zip: Uint8Array): Promise<{ ms: number; notice: string }> {
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

async function scaleLibrary(): Promise<void> {
  const t0 = Date.now();
  const { zip, mb } = buildBackup(CLIPS, 0, 0);
  console.log(`built ${CLIPS} clips as a ${mb.toFixed(1)} MB backup in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const b = await launch();
  try {
    const first = await openLibrary(b.context, b.id);
    const imp = await importBackup(first.page, zip);
    console.log(`import through the UI: ${(imp.ms / 1000).toFixed(1)} s — ${imp.notice.trim()}`);
    await first.page.close();
    const opens: number[] = [];
    let page: Page | null = null;
    for (let i = 0; i < 5; i++) {
      if (page) await page.close();
      const o = await openLibrary(b.context, b.id);
      opens.push(o.ms);
      page = o.page;
    }
    const total = await page!.getByTestId('total').textContent();
    const listMs = await page!.evaluate(() => performance.getEntriesByName('sift:list')[0]?.duration ?? -1);
    console.log(`\n| library open (${total} clips) | median ${fmt(median(opens))} ms | runs ${opens.map(fmt).join(', ')} | first-page query ${fmt(listMs)} ms | budget 300 ms |`);
    // Queries: the most common word, a mid-frequency word, a rare word, two words, a prefix.
    const queries = [VOCAB[0]!, VOCAB[60]!, VOCAB[3000]!, `${VOCAB[5]!} ${VOCAB[40]!}`, VOCAB[200]!.slice(0, 3), 'nothingmatchesthis'];
    console.log('\n| query | hits | search ms (median of 3) |\n|---|---|---|');
    for (const q of queries) {
      const times: number[] = [];
      let hits = 0;
      for (let r = 0; r < 3; r++) {
        await page!.evaluate(() => performance.clearMeasures('sift:search'));
        await page!.getByTestId('search').fill('');
        await page!.getByTestId('search').fill(q);
        await page!.waitForFunction((qq) => performance.getEntriesByName('sift:search').some((e) => (e as PerformanceMeasure).detail?.query === qq), q, { timeout: 30_000 });
        const m = await page!.evaluate((qq) => {
          const e = performance.getEntriesByName('sift:search').map((x) => x as PerformanceMeasure).find((x) => x.detail?.query === qq)!;
          return { duration: e.duration, hits: (e.detail as { hits: number }).hits };
        }, q);
        times.push(m.duration);
        hits = m.hits;
      }
      console.log(`| \`${q}\` | ${hits} | ${fmt(median(times))} |`);
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
  const { zip, mb } = buildBackup(EXPORT_CLIPS, imagesPerClip, imageBytes);
  console.log(`\nbuilt ${EXPORT_CLIPS} clips × ${imagesPerClip} images (${imageBytes / 1024} KB each) as a ${mb.toFixed(1)} MB backup`);
  const b = await launch();
  try {
    const { page } = await openLibrary(b.context, b.id);
    const imp = await importBackup(page, zip);
    console.log(`import through the UI: ${(imp.ms / 1000).toFixed(1)} s — ${imp.notice.trim()}`);
    console.log('\n| export | clips | file MB | seconds | JS heap before MB | JS heap peak MB |\n|---|---|---|---|---|---|');
    for (const format of ['markdown-zip', 'backup-zip'] as const) {
      await page.getByTestId('export-format').selectOption(format);
      await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
      const sampler = await heapSampler(page);
      const t0 = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 900_000 }), page.getByTestId('export-button').click()]);
      const path = await download.path();
      const secs = (Date.now() - t0) / 1000;
      const peak = await sampler.stop();
      const size = statSync(path).size;
      void readFileSync;
      console.log(`| ${format} | ${EXPORT_CLIPS} | ${(size / 1e6).toFixed(1)} | ${secs.toFixed(1)} | ${(sampler.base / 1e6).toFixed(1)} | ${(peak / 1e6).toFixed(1)} |`);
    }
  } finally {
    await b.close();
  }
}

await scaleLibrary();
if (EXPORT_CLIPS > 0) await scaleExport();
