/**
 * `npm run clip -- [file-or-url] [--format md|html|json|text] [--engine nta|…] [--timeout ms]`
 *
 * Loads the page in headless Chromium (Debian's /usr/bin/chromium), injects the IIFE core
 * (build/sift-core.iife.js, rebuilt when missing or older than src/core) and prints the
 * clip. With no argument it clips the sample article bundled in samples/. A gzipped page
 * (`page.html.gz`, as ../shared/bench-data stores them) is unpacked first: Chromium would
 * download it rather than show it.
 * Exit codes: 0 clipped, 2 no article (the reason is printed), 1 usage or load error.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { ExtractResult } from '../src/core/types';
import { buildCore, CORE_IIFE_PATH } from './build-core';
import { FORMATS, render, type Format } from './clipFormat';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE = join(root, 'samples', 'article.html');

function usage(message?: string): never {
  if (message) console.error(`clip: ${message}`);
  console.error('usage: npm run clip -- [file-or-url] [--format md|html|json|text] [--engine nta] [--timeout ms]');
  process.exit(1);
}

function parseArgs(argv: string[]): { target: string; format: Format; engine?: string; timeout: number } {
  let target: string | undefined;
  let format: Format = 'md';
  let engine: string | undefined;
  let timeout = 30_000;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => argv[++i] ?? usage(`${a} needs a value`);
    if (a === '--format' || a === '-f') {
      const f = value();
      if (!(FORMATS as readonly string[]).includes(f)) usage(`unknown format "${f}"`);
      format = f as Format;
    } else if (a.startsWith('--format=')) {
      const f = a.slice(9);
      if (!(FORMATS as readonly string[]).includes(f)) usage(`unknown format "${f}"`);
      format = f as Format;
    } else if (a === '--engine') engine = value();
    else if (a === '--timeout') {
      const v = value();
      timeout = Number(v);
      if (!Number.isInteger(timeout) || timeout <= 0) usage(`--timeout takes milliseconds (a whole number above 0), not "${v}"`);
    }
    else if (a === '--help' || a === '-h') usage();
    else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else if (target) usage('one page at a time');
    else target = a;
  }
  return { target: target ?? SAMPLE, format, ...(engine ? { engine } : {}), timeout };
}

/** What the browser opens, the address the clip names, and what to delete afterwards. */
interface Target {
  url: string;
  baseUrl?: string;
  cleanup?: () => void;
}

function toTarget(target: string): Target {
  if (/^(https?|file):\/\//i.test(target)) return { url: target };
  const path = resolve(target);
  if (!existsSync(path)) usage(`no such file: ${target}`);
  if (!path.toLowerCase().endsWith('.gz')) return { url: pathToFileURL(path).href };
  let bytes: Buffer;
  try {
    bytes = gunzipSync(readFileSync(path));
  } catch (e) {
    usage(`${target} is not a gzip file that can be unpacked (${(e as Error).message})`);
  }
  // The bytes as they are: Chromium reads the page's own <meta charset>, as with any file.
  const dir = mkdtempSync(join(tmpdir(), 'sift-clip-'));
  const unpacked = join(dir, basename(path).slice(0, -3) || 'page.html');
  writeFileSync(unpacked, bytes);
  return { url: pathToFileURL(unpacked).href, baseUrl: pathToFileURL(path).href, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The newest modification time under a folder (the core's sources). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

async function coreSource(): Promise<string> {
  const stale = !existsSync(CORE_IIFE_PATH) || statSync(CORE_IIFE_PATH).mtimeMs < newestMtime(join(root, 'src', 'core'));
  if (stale) await buildCore();
  return readFileSync(CORE_IIFE_PATH, 'utf8');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const target = toTarget(args.target);
  try {
    await clip(args, target);
  } finally {
    target.cleanup?.();
  }
}

async function clip(args: ReturnType<typeof parseArgs>, { url, baseUrl }: Target): Promise<void> {
  const source = await coreSource();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--allow-file-access-from-files'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(url, { waitUntil: 'load', timeout: args.timeout });
    } catch (e) {
      const message = (e as Error).message;
      // Playwright's words when the address is a file the browser saves rather than shows.
      if (/Download is starting/i.test(message)) throw new Error(`${url} is not a page the browser shows: it would download it (a PDF, an archive or another file), so there is nothing to clip`, { cause: e });
      // A page that never fires 'load' (a hanging ad) is still clipped if it got as far as its DOM.
      if (page.url() === 'about:blank') {
        // "page.goto: net::ERR_NAME_NOT_RESOLVED at https://…" and a call log: the browser's reason alone.
        const reason = message.split('\n')[0]!.replace(/^page\.goto: /, '').replace(/ at \S+$/, '');
        throw new Error(`could not load ${url} (${reason})`, { cause: e });
      }
      console.error(`clip: page did not finish loading (${message.split('\n')[0]}); clipping what is there`);
    }
    // evaluate, not addScriptTag: a page's Content-Security-Policy cannot block it.
    await page.evaluate(source);
    const options = { ...(args.engine ? { engine: args.engine } : {}), ...(baseUrl ? { baseUrl } : {}) };
    const result = (await page.evaluate((o) => {
      const sift = (globalThis as unknown as { Sift: { extractResult(d: Document, o?: object): unknown } }).Sift;
      return sift.extractResult(document, o);
    }, options)) as ExtractResult;
    if (!result.ok) {
      console.error(`clip: no article (${result.reason}): ${result.message}`);
      process.exitCode = 2;
      return;
    }
    // An unpacked page's clip names the file the user gave, not the temporary copy.
    const clip = baseUrl ? { ...result.clip, url: baseUrl } : result.clip;
    process.stdout.write(render(clip, args.format));
    console.error(`clip: ${clip.wordCount} words, ${clip.trace.ms.toFixed(1)} ms in page (${clip.engine})`);
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  console.error(`clip: ${(e as Error).message ?? String(e)}`);
  process.exit(1);
});
