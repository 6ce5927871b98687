import { unzipSync, strFromU8 } from 'fflate';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { backupFiles, fixtureClip, zipFiles } from '../src/backup/fixtures';
import { READER, exportThroughUi, importThroughUi, openLibrary } from './library-helpers';
import { findExecutableMarkup, installXssDetector, loadXssCorpus, rawInnerHtmlControl, readXssHits, resetXssHits, type XssFixture } from './xss-harness';

/**
 * DOMPurify's 223 fixtures stored as clip HTML (through a backup import, the real path),
 * rendered in the reader and in exported self-contained HTML files: nothing may run and no
 * executable markup may remain. The raw-innerHTML positive control proves the detector works.
 *
 * Three tests, each on a fresh profile and with its own time limit. Together they made 446
 * page loads in one 600 s test (161 s here), which a CI machine ~3.7 times slower would not
 * finish; apart, the reader (60 s here) and the export (36 s) each have 10 times their time.
 */
test('XSS corpus: the detector sees the payloads run under raw innerHTML (positive control)', async ({ context, server }) => {
  test.setTimeout(180_000); // 223 payloads, ~14 s here
  const corpus = await loadXssCorpus();
  expect(corpus.length).toBe(223);
  await context.addInitScript(installXssDetector);
  server.setPage('/scratch.html', '<!doctype html><html><body><div id="host"></div></body></html>');
  const scratch = await context.newPage();
  await scratch.goto(server.url('/scratch.html'));
  const control = await rawInnerHtmlControl(scratch, corpus.map((f) => f.payload));
  console.log(`positive control: ${control.fired} payloads ran code, ${control.structural} left executable markup (raw innerHTML)`);
  expect(control.fired).toBeGreaterThan(0);
  expect(control.structural).toBeGreaterThan(100);
});

/** Every payload as a clip, imported through the library's UI from a backup ZIP. */
async function importCorpus(context: BrowserContext, extensionId: string): Promise<{ corpus: XssFixture[]; lib: Page }> {
  const corpus = await loadXssCorpus();
  expect(corpus.length).toBe(223);
  await context.addInitScript(installXssDetector);
  const clips = [];
  for (const [i, f] of corpus.entries()) {
    clips.push(await fixtureClip(clipId(i), `XSS fixture ${i}`, f.payload, [], { savedAt: 1_000_000 + i }));
  }
  const lib = await openLibrary(context, extensionId);
  expect(await importThroughUi(lib, 'xss.zip', zipFiles(backupFiles(clips)))).toContain(`Imported ${corpus.length} clips`);
  return { corpus, lib };
}

const clipId = (i: number): string => `xss-${String(i).padStart(3, '0')}`;

test('XSS corpus: the reader executes nothing and keeps no executable markup', async ({ context, extensionId, server }) => {
  test.setTimeout(600_000);
  const { corpus } = await importCorpus(context, extensionId);
  const external: string[] = [];
  context.on('request', (r) => { if (/^https?:/.test(r.url()) && !r.url().startsWith(server.origin)) external.push(r.url()); });

  const reader = await context.newPage();
  const failures: string[] = [];
  const pageErrors: string[] = [];
  const blockedInReader: string[] = [];
  reader.on('pageerror', (e) => pageErrors.push(e.message));
  for (const [i] of corpus.entries()) {
    const id = clipId(i);
    await reader.goto(`chrome-extension://${extensionId}/${READER}?id=${id}`);
    await reader.locator('article.article').waitFor();
    await reader.waitForTimeout(40); // deferred handlers (ontoggle, onfocus, onload) get their chance
    const hits = await readXssHits(reader);
    const markup = await reader.evaluate(findExecutableMarkup, { selector: 'article .content' });
    if (hits.calls.length || markup.length) failures.push(`reader ${id}: ${[...hits.calls, ...markup].join('; ')}`);
    // Chrome reports inline handlers/styles it meets while DOMPurify parses the payload in an
    // inert document (the page CSP is inherited and blocks them): blocked, never run. Counted
    // and reported; a *rendered* handler would also show up in `markup` above.
    if (hits.csp.length) blockedInReader.push(`${id}: ${hits.csp.join('; ')}`);
  }
  // The reader's own page never reaches the network for any payload.
  expect(external).toEqual([]);
  console.log(`reader: ${blockedInReader.length} payloads had inline code blocked by the page CSP during sanitizing`);
  if (pageErrors.length) console.log(`reader page errors (not executions): ${[...new Set(pageErrors)].join(' | ')}`);

  expect(failures).toEqual([]);
});

test('XSS corpus: exported self-contained HTML executes nothing and keeps no executable markup', async ({ context, extensionId, server }) => {
  test.setTimeout(600_000);
  const { corpus, lib } = await importCorpus(context, extensionId);
  const failures: string[] = [];
  // Export every payload clip as self-contained HTML and open each file.
  await lib.bringToFront();
  await lib.reload();
  await lib.waitForSelector('body[data-ready="true"]');
  await lib.locator('[data-testid="clip-row"] input[type=checkbox]').first().click();
  await lib.getByRole('button', { name: 'Select all' }).click();
  await expect(lib.locator('.selection-bar strong')).toHaveText(`All ${corpus.length} clips selected`);
  const zip = await exportThroughUi(lib, 'html');
  const files = Object.entries(unzipSync(new Uint8Array(zip.bytes)));
  expect(files).toHaveLength(corpus.length);
  const viewer = await context.newPage();
  for (const [name, bytes] of files) {
    const path = `/export/${encodeURIComponent(name)}`;
    server.setPage(path, strFromU8(bytes));
    await viewer.goto(server.url(path));
    await viewer.waitForTimeout(20);
    const hits = await readXssHits(viewer);
    const markup = await viewer.evaluate(findExecutableMarkup, { selector: 'article', allowDataImages: true });
    // The whole document too: nothing executable outside the article either.
    const scripts = await viewer.locator('script, iframe, object, embed, base').count();
    if (hits.calls.length || hits.csp.length || markup.length || scripts) failures.push(`export ${name}: ${[...hits.calls, ...hits.csp, ...markup].join('; ')} ${scripts ? `${scripts} executable elements` : ''}`);
    await resetXssHits(viewer);
  }
  expect(failures).toEqual([]);
});
