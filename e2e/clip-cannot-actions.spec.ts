import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'webextension-polyfill';
import { articleHtml, expect, keepPageBusy, prose, test } from './fixtures';

declare const chrome: Browser;
declare const siftBackground: { runContextMenu: (id: string, tabId: number) => Promise<unknown> };

/**
 * The pages Sift can never clip were a dead end: a PDF said "download the PDF to keep it" and
 * offered no download; the browser's own pages offered nothing at all. Now a PDF has "Download
 * this PDF" (the browser's downloads, through the background) and "Open library"; a browser
 * page has "Open library". All from the keyboard, the main control focused on opening.
 *
 * A page too large to clip whole, an empty page and one that did not answer in time were dead
 * ends too: the first now offers "Save selection" (or says how to select the part to keep), the
 * others "Try again"; a tab showing a file, where trying again cannot help, offers nothing.
 */

/** A real one-page PDF ("Quarterly report"), with a correct cross-reference table. */
function makePdf(): Buffer {
  const text = 'BT /F1 18 Tf 40 150 Td (Quarterly report) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const PDF = makePdf();

/**
 * Serves `/report.pdf` always, and `/gone.pdf` once (to the PDF viewer): any later request
 * gets HTTP 404, as when a site takes a file down while it is open.
 */
async function pdfServer(): Promise<{ url: (path: string) => string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  let goneServed = false;
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const ok = req.url === '/report.pdf' || (req.url === '/gone.pdf' && !goneServed);
    if (req.url === '/gone.pdf') goneServed = true;
    if (!ok) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length, 'cache-control': 'no-store' });
    res.end(PDF);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://localhost:${port}${path}`,
    requests,
    close: () => new Promise<void>((done) => { server.closeAllConnections(); server.close(() => done()); }),
  };
}

const focusedTestId = (popup: Page) => popup.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName);

test('a PDF: "Download this PDF" is focused, Enter downloads the PDF the tab shows, and the popup says where it went', async ({ context, openPopup, serviceWorker }) => {
  const pdf = await pdfServer();
  try {
    const page = await context.newPage();
    await page.goto(pdf.url('/report.pdf'));
    const popup = await openPopup(page);
    const panel = popup.getByTestId('cannot-clip');
    await expect(panel).toContainText('PDF', { timeout: 10_000 });
    const download = popup.getByTestId('download-pdf');
    await expect(download).toBeFocused();
    await expect(download).toHaveAccessibleName('Download this PDF');
    await expect(download).toHaveAccessibleDescription(/^Sift can’t clip this page This is a PDF shown by the browser’s PDF viewer/);

    await popup.keyboard.press('Enter');
    // The browser's own download record: complete, from the tab's address, all the bytes. (If
    // it is not, the failure shows the record as it stands: received bytes, danger, error.)
    const record = () => serviceWorker.evaluate(async (url: string) => (await chrome.downloads.search({ url })).map((d) => ({ state: d.state, filename: d.filename, bytes: d.totalBytes, received: d.bytesReceived, danger: d.danger, paused: d.paused, error: d.error ?? null })), pdf.url('/report.pdf'));
    await expect.poll(record, { timeout: 15_000 }).toEqual([expect.objectContaining({ state: 'complete', bytes: PDF.length, error: null })]);
    const items = await record();
    const status = popup.getByTestId('pdf-status');
    await expect(status).toHaveAttribute('data-state', 'done', { timeout: 5_000 });
    const onDisk = readFileSync(items[0]!.filename);
    expect(onDisk.equals(PDF)).toBe(true);
    const name = items[0]!.filename.split('/').pop()!;
    await expect(status).toHaveText(`Downloaded: ${name} is in your downloads.`);
    // The focus stayed on the button, and its description now says where the file went.
    await expect(download).toBeFocused();
    await expect(download).toHaveAccessibleDescription(new RegExp(`Downloaded: ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in your downloads\\.$`));
  } finally {
    await pdf.close();
  }
});

test('a PDF the site no longer serves: the popup says why the download failed, and the button tries again', async ({ context, openPopup, serviceWorker }) => {
  const pdf = await pdfServer();
  try {
    const page = await context.newPage();
    await page.goto(pdf.url('/gone.pdf'));
    const popup = await openPopup(page);
    const download = popup.getByTestId('download-pdf');
    await expect(download).toBeFocused({ timeout: 10_000 });
    await popup.keyboard.press('Space');
    const status = popup.getByTestId('pdf-status');
    await expect(status).toHaveText('The PDF was not downloaded: the site no longer has this file.', { timeout: 15_000 });
    await expect(status).toHaveAttribute('data-state', 'failed');
    await expect(download).toHaveText('Try the download again');
    await expect(download).toBeFocused();
    const items = await serviceWorker.evaluate(async (url: string) => (await chrome.downloads.search({ url })).map((d) => d.state), pdf.url('/gone.pdf'));
    expect(items).toEqual(['interrupted']);
  } finally {
    await pdf.close();
  }
});

test('a PDF: Tab reaches "Open library", and Space there opens the library', async ({ context, openPopup, extensionId }) => {
  const pdf = await pdfServer();
  try {
    const page = await context.newPage();
    await page.goto(pdf.url('/report.pdf'));
    const popup = await openPopup(page);
    await expect(popup.getByTestId('download-pdf')).toBeFocused({ timeout: 10_000 });
    await popup.keyboard.press('Tab');
    expect(await focusedTestId(popup)).toBe('open-library');
    const opened = context.waitForEvent('page', (p) => p.url().startsWith(`chrome-extension://${extensionId}/src/pages/library/index.html`));
    // The popup closes itself once the library is open (the press may not see its own end).
    const [library] = await Promise.all([opened, popup.keyboard.press('Space').catch(() => undefined)]);
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(library.locator('body')).toBeVisible();
    expect(pdf.requests.filter((r) => r === '/report.pdf')).toHaveLength(1); // nothing downloaded
  } finally {
    await pdf.close();
  }
});

test('a browser page: "Open library" takes the focus and Enter opens the library', async ({ context, openPopup, extensionId }) => {
  const page = await context.newPage();
  await page.goto('chrome://version');
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('browser’s own pages', { timeout: 5_000 });
  const library = popup.getByTestId('open-library');
  await expect(library).toBeFocused();
  await expect(library).toHaveAccessibleDescription(/^Sift can’t clip this page This is one of the browser’s own pages/);
  await expect(popup.getByTestId('download-pdf')).toHaveCount(0);
  const opened = context.waitForEvent('page', (p) => p.url().startsWith(`chrome-extension://${extensionId}/src/pages/library/index.html`));
  const [libraryPage] = await Promise.all([opened, popup.keyboard.press('Enter').catch(() => undefined)]);
  await expect(libraryPage.locator('body')).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
});

test('a PDF opened from this computer: no download (it is a file already), "Open library" takes the focus', async ({ context, openPopup }) => {
  const dir = mkdtempSync(join(tmpdir(), 'sift-local-pdf-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, PDF);
  const page = await context.newPage();
  await page.goto(pathToFileURL(file).href);
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This is a PDF file on this computer', { timeout: 10_000 });
  await expect(panel).not.toContainText('download the PDF');
  await expect(popup.getByTestId('download-pdf')).toHaveCount(0);
  await expect(popup.getByTestId('open-library')).toBeFocused();
});

/** The real limit (src/shared/messages.ts MAX_PAGE_ELEMENTS). */
const MAX_PAGE_ELEMENTS = 60_000;
const PICKED = 'Section 4.2 says how a parser builds a table from rows that disagree about their number of cells.';

/** A single-page specification of 70,000 elements (over the limit) with one section (#picked) worth keeping. */
function giantPage(): string {
  const cells = '<div><span>cell</span></div>'.repeat(35_000);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Whole Specification</title></head><body>
<h1>The Whole Specification</h1><section id="picked"><h2>4.2 Tables</h2><p>${PICKED}</p></section>${cells}</body></html>`;
}

async function selectPicked(page: Page): Promise<void> {
  await page.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('picked')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
}

test('a page too large to clip whole, with a selection: "Save selection" is focused, and Enter previews and saves just the selection', async ({ context, server, openPopup, readDb }) => {
  server.setPage('/spec.html', giantPage());
  const page = await context.newPage();
  await page.goto(server.url('/spec.html'));
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(MAX_PAGE_ELEMENTS);
  await selectPicked(page);
  const started = Date.now();
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This page is too large to clip: 70,0', { timeout: 10_000 });
  console.log(`page too large: refused after ${Date.now() - started} ms`);
  const save = popup.getByTestId('save-selection');
  await expect(save).toBeFocused();
  await expect(save).toHaveAccessibleName('Save selection');
  await expect(save).toHaveAccessibleDescription(/^Sift can’t clip this page This page is too large to clip: 70,0\d\d elements, the limit is 60,000\.$/);
  await expect(popup.getByTestId('cannot-hint')).toHaveCount(0);

  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('title')).toHaveValue('The Whole Specification', { timeout: 15_000 });
  await expect(popup.getByTestId('clip-mode')).toHaveText('Selection');
  await expect(popup.getByTestId('save')).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  const db = await readDb();
  expect(db.clips).toHaveLength(1);
  expect(db.clips[0]!.engine).toBe('selection');
  expect(String(db.clips[0]!.text)).toContain(PICKED);
  expect(String(db.clips[0]!.text)).not.toMatch(/\bcell\b/); // none of the page's 70,000 other elements
});

test('a page too large to clip whole, nothing selected: the panel says how to keep part of it, the heading focused', async ({ context, server, openPopup }) => {
  server.setPage('/spec-unselected.html', giantPage());
  const page = await context.newPage();
  await page.goto(server.url('/spec-unselected.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This page is too large to clip', { timeout: 10_000 });
  const hint = popup.getByTestId('cannot-hint');
  await expect(hint).toHaveText('To keep part of it, select that part on the page, then open Sift again, or right-click the selection and choose “Clip selection”.');
  const heading = panel.getByRole('heading', { name: 'Sift can’t clip this page' });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAccessibleDescription(/^This page is too large to clip: 70,0\d\d elements, the limit is 60,000\. To keep part of it, select that part/);
  await expect(panel.getByRole('button')).toHaveCount(0);
});

test('context menu "Clip selection" on a page too large to clip whole saves the selection in one gesture', async ({ context, server, serviceWorker, tabIdOf, readDb }) => {
  server.setPage('/spec-menu.html', giantPage());
  const page = await context.newPage();
  await page.goto(server.url('/spec-menu.html'));
  await selectPicked(page);
  const tabId = await tabIdOf(page);
  const reply = (await serviceWorker.evaluate((id: number) => siftBackground.runContextMenu('sift-clip-selection', id), tabId)) as { kind: string } | null;
  expect(reply?.kind).toBe('saved');
  await expect(page.locator('#sift-toast-host')).toBeAttached();
  const db = await readDb();
  expect(db.clips.map((c) => [c.engine, String(c.text)])).toEqual([['selection', expect.stringContaining(PICKED)]]);
});

test('an empty page that fills in later: "Try again" is focused, and Enter clips what the page shows now', async ({ context, server, openPopup }) => {
  server.setPage('/later.html', '<!doctype html><html lang="en"><head><title>Arriving Later</title></head><body> </body></html>');
  const page = await context.newPage();
  await page.goto(server.url('/later.html'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This page is empty', { timeout: 10_000 });
  const retry = popup.getByTestId('try-again');
  await expect(retry).toBeFocused();
  await expect(retry).toHaveAccessibleDescription('Sift can’t clip this page This page is empty: there is no text or image to clip.');

  // The page's scripts render the article (as a single-page app does once its data arrives).
  await page.evaluate((html) => {
    document.body.innerHTML = html;
  }, `<article><h1>Arriving Later</h1>${prose(6)}</article>`);
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('title')).toHaveValue('Arriving Later', { timeout: 15_000 });
  await expect(popup.getByTestId('save')).toBeFocused();
});

test('a page that did not answer in time: "Try again" is focused, and once the page is free it clips it', async ({ context, server, openPopup }) => {
  const busyMs = 20_000;
  test.setTimeout(busyMs + 40_000);
  server.setPage('/busy-retry.html', articleHtml(server, { title: 'Busy, Then Free' }));
  const page = await context.newPage();
  await page.goto(server.url('/busy-retry.html'));
  await keepPageBusy(page, busyMs);
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('did not answer within 15 s', { timeout: 25_000 });
  const retry = popup.getByTestId('try-again');
  await expect(retry).toBeFocused();
  await expect(retry).toHaveAccessibleDescription(/^Sift can’t clip this page The page did not answer within 15 s/);

  await page.evaluate(() => 1, undefined); // answers once the page's script has ended
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('title')).toHaveValue('Busy, Then Free', { timeout: 15_000 });
});

test('a tab showing a file (an image): no "Try again", which could not help', async ({ context, server, openPopup }) => {
  const page = await context.newPage();
  await page.goto(server.url('/img/400x300.png'));
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This tab shows a file (image/png)', { timeout: 10_000 });
  await expect(panel.getByRole('heading', { name: 'Sift can’t clip this page' })).toBeFocused();
  await expect(panel.getByRole('button')).toHaveCount(0);
});

// The browser's error page (here a refused connection) was refused like an empty page, with
// nothing to do but close Sift, reload the tab by hand and open Sift again.
test('a page that did not load: "Reload page" is focused, and once the site answers, Enter reloads the tab and previews the page', async ({ context, openPopup, tabIdOf }) => {
  // A port nobody listens on yet: the navigation fails, and the tab shows the error page.
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Back Online</title></head><body><article><h1>Back Online</h1>${prose(6)}</article></body></html>`);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const port = (site.address() as AddressInfo).port;
  await new Promise<void>((done) => site.close(() => done()));
  const url = `http://localhost:${port}/back-online.html`;
  const page = await context.newPage();
  await expect(page.goto(url)).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
  await tabIdOf(page);
  const popup = await openPopup(page);
  const panel = popup.getByTestId('cannot-clip');
  await expect(panel).toContainText('This page did not load, so there is nothing to clip.', { timeout: 10_000 });
  await expect(popup.getByTestId('try-again')).toHaveCount(0);
  const reload = popup.getByTestId('reload-page');
  await expect(reload).toBeFocused();
  await expect(reload).toHaveAccessibleDescription('Sift can’t clip this page This page did not load, so there is nothing to clip. Reload it, and clip it once it shows.');

  // The site is back: Reload page reloads the tab, and the popup previews what it shows.
  await new Promise<void>((done) => site.listen(port, '127.0.0.1', done));
  try {
    await popup.keyboard.press('Enter');
    await expect(popup.getByTestId('title')).toHaveValue('Back Online', { timeout: 20_000 });
    await expect(popup.getByTestId('save')).toBeFocused();
    await expect(page.locator('h1')).toHaveText('Back Online');
  } finally {
    site.closeAllConnections();
    await new Promise<void>((done) => site.close(() => done()));
  }
});
