import type { BrowserContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { test, expect } from './fixtures';
import { backupFiles, zipFiles } from '../src/backup/fixtures';
import { READER, exportThroughUi, importThroughUi, openLibrary } from './library-helpers';
import { articleClips } from './library-sample';

/**
 * The clips' images live in IndexedDB: showing or exporting a clip asks nothing of the sites
 * it came from. The exports built each clip's body in the library page's own document, where
 * every <img> the Markdown keeps at its original address (one not stored) started loading at
 * once: the page's CSP refused each with a console error ("Loading the image
 * 'https://cdn.example.org/measure/missing-chart.png' violates … img-src"), and without that
 * CSP the site would have learnt that the clip was opened. The Markdown ZIP's relative
 * `assets/…` paths failed the same way against the extension's own files.
 */
const IMAGE_HOST = 'cdn.example.org';

/** Every request that leaves the extension, and every console error, of every page in the context. */
function watch(context: BrowserContext): { requests: string[]; errors: string[]; page: (p: Page) => void } {
  const requests: string[] = [];
  const errors: string[] = [];
  context.on('request', (r) => {
    if (!/^(chrome-extension|blob|data):/.test(r.url())) requests.push(r.url());
  });
  const page = (p: Page) => p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  context.on('page', page);
  for (const p of context.pages()) page(p);
  return { requests, errors, page };
}

test.describe('showing and exporting clips load nothing from their sites', () => {
  test.beforeEach(async ({ context, extensionId }) => {
    const lib = await openLibrary(context, extensionId);
    expect(await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(await articleClips())))).toContain('Imported 5 clips with 2 images');
    await lib.close();
  });

  test('the reader and every note, page and book export: no request to the image host, no console error', async ({ context, extensionId }) => {
    const seen = watch(context);
    // The reader: the stored hero from its Blob, the unsaved chart removed.
    const reader = await context.newPage();
    for (const id of ['clip-typography', 'clip-rivers']) {
      await reader.goto(`chrome-extension://${extensionId}/${READER}?id=${id}`);
      await expect(reader.locator('.content img').first()).toHaveAttribute('src', /^blob:chrome-extension:/);
    }
    await expect(reader.locator('.content img')).toHaveCount(1);

    const lib = await openLibrary(context, extensionId);
    const files = async (format: string) => {
      const { name, bytes } = await exportThroughUi(lib, format);
      if (!/\.(zip|epub)$/.test(name)) return { [name]: bytes.toString('utf8') };
      return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([n, b]) => [n, /\.(png|jpe?g)$/.test(n) ? `${b.length} bytes` : strFromU8(b)]));
    };
    // All five clips: a Markdown vault, HTML pages, a book.
    const vault = await files('markdown-zip');
    expect(vault['The Measure of a Line Why Reading Width Still Matters.md']).toContain('![A page of set type](assets/The%20Measure%20of%20a%20Line%20Why%20Reading%20Width%20Still%20Matters-1.png)');
    // What has no stored copy keeps its address in a note (a link, not something loaded).
    expect(vault['The Measure of a Line Why Reading Width Still Matters.md']).toContain('![A chart that was never saved](https://cdn.example.org/measure/missing-chart.png)');
    expect(Object.keys(await files('html'))).toHaveLength(5);
    expect(Object.keys(await files('epub'))).toContain('OEBPS/images/1-1.png');
    // One clip: a single note (every image at its address), page and book.
    await lib.locator('[data-testid="clip-row"]').first().locator('input[type=checkbox]').check();
    await expect(lib.locator('.selection-bar')).toContainText('1 selected');
    const note = Object.values(await files('markdown'))[0]!;
    expect(note).toContain('![A page of set type](https://cdn.example.org/measure/hero.png)');
    expect(Object.values(await files('html'))[0]).toContain('<img src="data:image/png;base64,');
    await files('epub');

    // Anything loading late (an image the page dropped) would still report.
    await lib.waitForTimeout(500);
    expect(seen.requests.filter((u) => u.includes(IMAGE_HOST))).toEqual([]);
    expect(seen.requests).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
