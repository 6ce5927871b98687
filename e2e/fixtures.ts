/**
 * Playwright fixtures shared by every extension test (clip-*, reader-*, library-*, …).
 *
 * - `context`: a persistent Chromium context with the BUILT test extension (dist-e2e/,
 *   `npm run build:e2e`) loaded; a fresh profile per test, so IndexedDB starts empty.
 * - `extensionId`, `serviceWorker`: read from the running background service worker.
 * - `server` (one per worker): a localhost static server with test pages and real PNG
 *   images of known sizes, on two origins (`http://localhost:P` for pages,
 *   `http://127.0.0.1:P` as a cross-origin image host).
 * - `openPopup(page)`: the automation entry `popup.html?tabId=N` on that page's tab,
 *   exactly what the toolbar button opens.
 * - `extensionPage(path)`: any extension page, e.g. `src/pages/reader/index.html?id=…`.
 * - `readDb(page)`, `stopServiceWorker()`: inspect IndexedDB from an extension page and
 *   simulate the service worker being killed (CDP `ServiceWorker.stopAllWorkers`).
 */
import { test as base, chromium, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'webextension-polyfill';
import { encodePng } from '../scripts/png';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** `chrome.*` inside `evaluate` callbacks (they run in the extension, not in Node). */
declare const chrome: Browser;

/** The e2e build: the shipped manifest plus host permissions for this test server. */
export const EXTENSION_DIR = resolve(process.env.SIFT_E2E_DIST ?? 'dist-e2e');

/**
 * Where a test writes a screenshot the README shows (`docs/popup.png`, …): under
 * `test-results/docs/` on an ordinary run, so that running the tests leaves the working tree
 * as it was; into `docs/` itself with `SIFT_DOC_SCREENSHOTS=1` (`npm run docs:screenshots`).
 */
export function docScreenshot(name: string): string {
  return join(process.env.SIFT_DOC_SCREENSHOTS === '1' ? 'docs' : join('test-results', 'docs'), name);
}

// ---------------------------------------------------------------------------------------
// Real PNG images of known sizes

/**
 * An RGB PNG of exactly `width`×`height` with a diagonal gradient in `rgb`, so each image
 * has real, distinct bytes (and a known size the tests can check after saving).
 */
export function makePng(width: number, height: number, rgb: [number, number, number] = [40, 120, 200]): Buffer {
  return encodePng(width, height, 'rgb', (x, y) => {
    const shade = ((x + y) % 64) - 32;
    return rgb.map((v) => Math.max(0, Math.min(255, v + shade)));
  });
}

// ---------------------------------------------------------------------------------------
// The test server

export interface TestServer {
  port: number;
  /** Page origin, e.g. `http://localhost:41234`. */
  origin: string;
  /** A second origin on the same server, for cross-origin images. */
  crossOrigin: string;
  /** Absolute URL on the page origin. */
  url(path: string): string;
  /** Absolute URL on the cross origin. */
  crossUrl(path: string): string;
  /** Serves `html` at `path` (on both origins) until the server closes. */
  setPage(path: string, html: string): void;
  /** Requests seen so far (path + query), for asserting what was fetched. */
  requests: string[];
}

/**
 * Routes:
 * - pages registered with `setPage` (and the built-in `/article.html`, see ARTICLE_HTML);
 * - `/img/<w>x<h>.png?c=r,g,b` a real PNG of that size, no CORS headers (an ordinary
 *   cross-origin image: the page may show it but not read it);
 * - `/cors-img/<w>x<h>.png` the same with `Access-Control-Allow-Origin: *` (a typical CDN);
 * - `/hang/…` never answers (an image server that hangs);
 * - `/slow/<ms>/<w>x<h>.png` answers after a delay.
 */
async function startServer(): Promise<{ server: TestServer; close: () => Promise<void> }> {
  const pages = new Map<string, string>();
  const sockets = new Set<Socket>();
  const requests: string[] = [];

  function sendPng(res: ServerResponse, spec: string, query: URLSearchParams, cors: boolean): void {
    const m = /^(\d+)x(\d+)\.png$/.exec(spec);
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const colour = (query.get('c') ?? '40,120,200').split(',').map(Number) as [number, number, number];
    const png = makePng(Number(m[1]), Number(m[2]), colour);
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': 'public, max-age=3600',
      ...(cors ? { 'access-control-allow-origin': '*' } : {}),
    });
    res.end(png);
  }

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const path = url.pathname;
    if (pages.has(path)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(pages.get(path));
      return;
    }
    if (path.startsWith('/img/')) return sendPng(res, path.slice(5), url.searchParams, false);
    if (path.startsWith('/cors-img/')) return sendPng(res, path.slice(10), url.searchParams, true);
    if (path.startsWith('/hang/')) return; // never answer; the socket is destroyed on close
    const slow = /^\/slow\/(\d+)\/(.+)$/.exec(path);
    if (slow) {
      setTimeout(() => sendPng(res, slow[2]!, url.searchParams, true), Number(slow[1]));
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  // Listen on IPv4 loopback; "localhost" resolves to it in Chromium too.
  const port = (http.address() as AddressInfo).port;
  const origin = `http://localhost:${port}`;
  const crossOrigin = `http://127.0.0.1:${port}`;
  const server: TestServer = {
    port,
    origin,
    crossOrigin,
    url: (p) => origin + p,
    crossUrl: (p) => crossOrigin + p,
    setPage: (p, html) => void pages.set(p, html),
    requests,
  };
  server.setPage('/article.html', articleHtml(server));
  return {
    server,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}

/** Paragraphs of plausible article prose (the core needs real text density to find the article). */
export function prose(paragraphs: number, topic = 'river'): string {
  const sentences = [
    `The ${topic} had been rising for three days before anyone in the valley took the warnings seriously.`,
    'Engineers from the regional authority walked the embankments each morning, measuring the seepage with plain wooden stakes.',
    'By the end of the week the old mill, which had stood since the eighteenth century, was standing in water up to its first windows.',
    'Residents remember the sound more than the sight: a low, constant roar that carried all the way to the railway station.',
    'Nobody was hurt, but the clean-up took the rest of the year and changed how the town thinks about its own geography.',
  ];
  const out: string[] = [];
  for (let i = 0; i < paragraphs; i++) {
    out.push(`<p>${sentences.slice(i % 2, (i % 2) + 4).join(' ')} Paragraph ${i + 1} adds its own detail about the ${topic}, the people who lived beside it and the decisions they made.</p>`);
  }
  return out.join('\n');
}

/** Navigation with many links: the link-block noise the core must strip. */
export function navigation(): string {
  const links = ['Home', 'World', 'Politics', 'Business', 'Science', 'Culture', 'Sport', 'Opinion']
    .map((t) => `<li><a href="/section/${t.toLowerCase()}">${t}</a></li>`)
    .join('');
  return `<nav><ul>${links}</ul></nav>`;
}

/**
 * The standard test article: title, byline, date, a 32 px icon (must be dropped by the
 * 100 px rule), an 800×400 lead image from the page origin, a 640×360 cross-origin image
 * with CORS headers and a 600×300 cross-origin image without them.
 */
export function articleHtml(server: Pick<TestServer, 'url' | 'crossUrl'>, opts: { title?: string; extraBody?: string } = {}): string {
  const title = opts.title ?? 'When the River Came to Town';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${title} | The Valley Courier</title>
<meta property="og:title" content="${title}">
<meta property="og:site_name" content="The Valley Courier">
<meta name="author" content="Ada Lovelace">
<meta property="article:published_time" content="2024-03-05T09:30:00Z">
<link rel="canonical" href="${server.url('/article.html')}">
</head><body>
<header><img src="${server.url('/img/32x32.png?c=200,40,40')}" width="32" height="32" alt="Courier logo" id="site-icon"> The Valley Courier ${navigation()}</header>
<main><article>
<h1>${title}</h1>
<p class="byline">By Ada Lovelace · 5 March 2024</p>
<img src="${server.url('/img/800x400.png?c=30,90,160')}" width="800" height="400" alt="The flooded mill">
${prose(4)}
<figure><img src="${server.crossUrl('/cors-img/640x360.png?c=60,160,90')}" width="640" height="360" alt="Embankment stakes"><figcaption>Stakes on the embankment.</figcaption></figure>
${prose(3, 'flood')}
<img src="${server.crossUrl('/img/600x300.png?c=160,120,40')}" width="600" height="300" alt="The station">
${prose(3, 'station')}
${opts.extraBody ?? ''}
</article></main>
<footer>${navigation()}<p>© The Valley Courier</p></footer>
</body></html>`;
}

/**
 * Blocks the page's main thread for `ms`, starting after the current task (a runaway page
 * script): the content script shares that thread and cannot answer until it ends.
 */
export async function keepPageBusy(page: Page, ms: number): Promise<void> {
  await page.evaluate((busyMs) => {
    setTimeout(() => {
      const end = performance.now() + busyMs;
      while (performance.now() < end) {
        /* busy */
      }
    }, 0);
  }, ms);
}

/** WCAG 2 colour math for the contrast tests (installColourMath). Colours are [r, g, b, alpha?], 0-255. */
export interface ColourMath {
  /** A computed colour (`rgb()`, `rgba()`, `color(srgb …)`) as [r, g, b, alpha]. */
  parse(c: string): number[];
  /** `top` (with its alpha) painted over the opaque `under`. */
  over(top: number[], under: number[]): number[];
  /** Relative luminance of an opaque colour. */
  lum(c: number[]): number;
  /** Contrast ratio of two luminances. */
  ratio(a: number, b: number): number;
  /** What is painted behind an element: its own and its ancestors' background colours, composed (opaque). */
  behind(el: Element | null): number[];
}

/**
 * Installs ColourMath in the page as `globalThis.__colour`: a `page.evaluate` callback runs in
 * the page and cannot use functions from the test's own scope.
 */
export async function installColourMath(page: Page): Promise<void> {
  await page.evaluate(() => {
    const parse = (c: string): number[] => {
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/.exec(c);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const rgb = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(c);
      if (!rgb) throw new Error(`colour ${c}`);
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => { const x = v / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const behind = (el: Element | null): number[] => {
      if (!el) return [255, 255, 255];
      const bg = parse(getComputedStyle(el).backgroundColor);
      return bg[3] === 1 ? bg.slice(0, 3) : over(bg, behind(el.parentElement));
    };
    (globalThis as unknown as { __colour: ColourMath }).__colour = { parse, over, lum, ratio, behind };
  });
}

/**
 * Saves `page` from a popup, closes it and opens a new one on the same page: the popup of a
 * page already in the library (it shows the "You saved this page" choices).
 */
export async function saveThenReopen(openPopup: ExtensionFixtures['openPopup'], page: Page): Promise<Page> {
  const first = await openPopup(page);
  await first.getByTestId('save').click();
  await expect(first.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  await first.close();
  return openPopup(page);
}

// ---------------------------------------------------------------------------------------
// Fixtures

export interface DbSnapshot {
  clips: Array<Record<string, unknown>>;
  images: Array<Record<string, unknown> & { blobSize: number | null; blobType: string | null; pngWidth: number | null; pngHeight: number | null }>;
}

export interface ExtensionFixtures {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens the popup for `target`'s tab via the automation entry; `mode` picks a clip mode. */
  openPopup: (target: Page, query?: Record<string, string>) => Promise<Page>;
  /** Chrome's tab id of a page (looked up by its URL through the service worker). */
  tabIdOf: (target: Page) => Promise<number>;
  /** Opens an extension page by its path in dist, e.g. `src/pages/reader/index.html?id=…`. */
  extensionPage: (path: string) => Promise<Page>;
  /** Reads every clip and image record (with Blob sizes and PNG dimensions) from IndexedDB. */
  readDb: (page?: Page) => Promise<DbSnapshot>;
  /** Kills every service worker (CDP), as Chrome does when the worker idles. */
  stopServiceWorker: () => Promise<void>;
}

/**
 * SIFT_E2E_CPU_THROTTLE=N runs every page's renderer N times slower (CDP CPU throttling), to
 * find tests that pass only because the machine is fast: a key pressed before its handler
 * is ready, a check made before the write it needs. Off (1) by default and in CI.
 */
const CPU_THROTTLE = Number(process.env.SIFT_E2E_CPU_THROTTLE ?? 1);

async function slowDown(context: BrowserContext): Promise<void> {
  if (!(CPU_THROTTLE > 1)) return;
  const slow = async (page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  };
  context.on('page', (page) => void slow(page).catch(() => undefined));
  await Promise.all(context.pages().map((page) => slow(page).catch(() => undefined)));
}

/** A running Chromium with the built extension loaded in an empty profile of its own. */
export interface ExtensionProfile {
  context: BrowserContext;
  /** Closes the browser and deletes its profile directory. */
  close: () => Promise<void>;
}

/** Launches Chromium with the e2e build loaded, in a new, empty profile directory. */
export async function launchExtensionProfile(prefix = 'sift-e2e-'): Promise<ExtensionProfile> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No built extension at ${EXTENSION_DIR}: run \`npm run build:e2e\` first.`);
  }
  const userDataDir = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
    args: [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`, ...CHROMIUM_ARGS],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every visible text on the page whose contrast with what is painted behind it is under
 * `min` (WCAG 2: 4.5:1 for text), as "tag.class \"text\" ratio" lines. An element counts when
 * it holds text of its own; disabled controls are exempt, as WCAG exempts them, and so is
 * what the page marks decorative (`aria-hidden`: a separator dot, a logo letter). Needs
 * installColourMath.
 */
export async function lowContrastTexts(page: Page, min = 4.5): Promise<string[]> {
  return page.evaluate((limit) => {
    const { parse, over, lum, ratio, behind } = (globalThis as unknown as { __colour: ColourMath }).__colour;
    const low = new Set<string>();
    for (const el of document.querySelectorAll('body *')) {
      if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (el.closest(':disabled, [aria-disabled="true"], [aria-hidden="true"]')) continue;
      const back = behind(el);
      const r = ratio(lum(over(parse(getComputedStyle(el).color), back)), lum(back));
      if (r < limit) low.add(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent!.trim().slice(0, 24)}" ${r.toFixed(2)}`);
    }
    return [...low];
  }, min);
}

export const test = base.extend<ExtensionFixtures, { server: TestServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, close } = await startServer();
      await use(server);
      await close();
    },
    { scope: 'worker' },
  ],

  // A launch costs ~1.5 s of each test. Launching the next test's browser while a test runs
  // was tried: on this 2-core machine the launch is CPU work the running test then waits for
  // (four spec files, two runs each way: 268 and 267 s without, 274 and 259 s with).
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const { context, close } = await launchExtensionProfile();
    await slowDown(context);
    await use(context);
    await close();
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  tabIdOf: async ({ context }, use) => {
    await use(async (target) => {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const url = target.url();
      // By URL where the extension may see it (the e2e build's test hosts)...
      const byUrl = await worker.evaluate(async (u: string) => {
        const tabs = await chrome.tabs.query({});
        const hit = tabs.filter((t) => t.url === u || t.pendingUrl === u);
        return hit.length > 0 ? (hit[hit.length - 1]!.id ?? null) : null;
      }, url);
      if (byUrl !== null) return byUrl;
      // ...otherwise (chrome:// pages hide their URL) as the active tab after focusing it.
      await target.bringToFront();
      const active = await worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        return tab?.id ?? null;
      });
      if (active === null) throw new Error(`no tab for ${url}`);
      return active;
    });
  },

  openPopup: async ({ context, extensionId, tabIdOf }, use) => {
    await use(async (target, query = {}) => {
      const tabId = await tabIdOf(target);
      const params = new URLSearchParams({ tabId: String(tabId), ...query });
      const popup = await context.newPage();
      // A popup-sized viewport, so layout and screenshots match the toolbar popup.
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`chrome-extension://${extensionId}/popup.html?${params}`);
      return popup;
    });
  },

  extensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path.replace(/^\//, '')}`);
      return page;
    });
  },

  readDb: async ({ context, extensionId }, use) => {
    await use(async (page) => {
      const reader = page ?? (await context.newPage());
      if (!reader.url().startsWith(`chrome-extension://${extensionId}/`)) {
        await reader.goto(`chrome-extension://${extensionId}/popup.html?inspect=1`);
      }
      const snapshot = await reader.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const open = indexedDB.open('sift');
          open.onsuccess = () => ok(open.result);
          open.onerror = () => fail(open.error);
        });
        const all = (store: string) =>
          new Promise<Array<Record<string, unknown>>>((ok, fail) => {
            if (!db.objectStoreNames.contains(store)) return ok([]);
            const req = db.transaction(store).objectStore(store).getAll();
            req.onsuccess = () => ok(req.result as Array<Record<string, unknown>>);
            req.onerror = () => fail(req.error);
          });
        const clips = await all('clips');
        const images = [];
        for (const img of await all('images')) {
          const blob = img.blob instanceof Blob ? img.blob : null;
          let pngWidth: number | null = null;
          let pngHeight: number | null = null;
          if (blob && blob.type === 'image/png') {
            // Width and height straight from the stored bytes' IHDR chunk: proves real bytes.
            const head = new DataView(await blob.slice(0, 24).arrayBuffer());
            pngWidth = head.getUint32(16);
            pngHeight = head.getUint32(20);
          }
          const { blob: _drop, ...rest } = img;
          images.push({ ...rest, blobSize: blob?.size ?? null, blobType: blob?.type ?? null, pngWidth, pngHeight });
        }
        db.close();
        return { clips, images };
      });
      if (!page) await reader.close();
      return snapshot;
    });
  },

  stopServiceWorker: async ({ context }, use) => {
    await use(async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    });
  },
});

export { expect };
