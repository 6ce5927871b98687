import { unzipSync, strFromU8 } from 'fflate';
import { createHash } from 'node:crypto';
import { test, expect, makePng } from './fixtures';
import { backupFiles, fixtureClip, hostileBackups, validLibrary, zipFiles } from '../src/backup/fixtures';
import { exportThroughUi, fingerprint, importThroughUi, launchFreshProfile, openLibrary, watchProgressFrames } from './library-helpers';
import { articleClips } from './library-sample';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

test('export a ZIP backup, import it into a fresh profile: identical clips and image hashes', async ({ context, extensionId }) => {
  test.setTimeout(120_000);
  const lib = await openLibrary(context, extensionId);
  await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles([...(await articleClips()), ...(await validLibrary())])));
  // Change things after the seed so the export carries real edits (tags, trash).
  const row = lib.locator('[data-testid="clip-row"]', { hasText: 'Rivers Remember' });
  await row.hover();
  await row.getByRole('button', { name: '+ tag' }).click();
  await row.getByRole('textbox', { name: 'New tag' }).fill('flood ☔');
  await row.getByRole('textbox', { name: 'New tag' }).press('Enter');
  await expect(row.locator('.chip')).toHaveCount(2);
  const original = await fingerprint(lib);
  expect(original.clips).toHaveLength(8);
  expect(original.images.filter((i) => i.sha256)).toHaveLength(3);

  for (const format of ['backup-zip', 'backup-json'] as const) {
    const file = await exportThroughUi(lib, format);
    expect(file.name).toMatch(format === 'backup-zip' ? /^sift-backup-\d{4}-\d\d-\d\d\.zip$/ : /\.json$/);
    const fresh = await launchFreshProfile();
    try {
      const page = await openLibrary(fresh.context, fresh.extensionId);
      expect(await importThroughUi(page, file.name, file.bytes)).toContain('Imported 8 clips with 3 images');
      const copy = await fingerprint(page);
      // Settings are per-profile (reader preferences), not part of a backup.
      expect({ ...copy, settings: [] }).toEqual({ ...original, settings: [] });
      // Importing the same backup again adds nothing and changes nothing.
      expect(await importThroughUi(page, file.name, file.bytes)).toContain('8 were already in the library');
      expect(await fingerprint(page)).toEqual(copy);
    } finally {
      await fresh.close();
    }
  }
});

test('each hostile or broken backup is refused with a clear message and changes nothing', async ({ context, extensionId }) => {
  test.setTimeout(180_000);
  const lib = await openLibrary(context, extensionId);
  await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(await articleClips())));
  const before = await fingerprint(lib);
  for (const h of await hostileBackups()) {
    const text = await importThroughUi(lib, `${h.name}.zip`, h.bytes);
    expect(text, h.name).toMatch(/^Import refused: /);
    expect(text, h.name).toMatch(h.expect);
    expect(text, h.name).toContain('Nothing was changed.');
    expect(await fingerprint(lib), h.name).toEqual(before);
    // Dismiss so the next notice is a new one.
    await lib.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();
  }
  expect(await lib.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
});

test('exports: Markdown vault ZIP, self-contained HTML, EPUB, single Markdown', async ({ context, extensionId }) => {
  test.setTimeout(120_000);
  const lib = await openLibrary(context, extensionId);
  const clips = await articleClips();
  await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(clips)));
  const hero = clips[0]!.bytes.get('img-hero')!;

  // Everything as an Obsidian-style vault: notes at the top, images in assets/, relative links.
  const vault = await exportThroughUi(lib, 'markdown-zip');
  expect(vault.name).toMatch(/^Sift \d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(vault.bytes));
  const names = Object.keys(files).sort();
  expect(names).toContain('The Measure of a Line Why Reading Width Still Matters.md');
  expect(names).toContain('汉字排版的基本原则.md');
  expect(names).toContain('فن الخط العربي وتاريخه.md');
  const md = strFromU8(files['The Measure of a Line Why Reading Width Still Matters.md']!);
  expect(md).toMatch(/^---\ntitle: "The Measure of a Line: Why Reading Width Still Matters"\nurl: "https:\/\/readingroom\.example\.org\/measure-of-a-line"\nauthor: "Mara Lindqvist"\npublished: "2026-10-02"\nsaved: "2026-11-20T09:00:00\.000Z"\ntags: \["typography", "design"\]\n---\n/);
  expect(md).toContain('| Measure | Leading | Feels |\n| --- | --- | --- |');
  expect(md).toContain('```\n.article {\n  max-width: 66ch;');
  const link = /!\[A page of set type\]\((assets\/[^)]+)\)/.exec(md)![1]!;
  const assetName = decodeURI(link);
  expect(sha(files[assetName]!)).toBe(sha(hero));
  // An image Sift has no bytes for stays a remote link in Markdown (the note still shows it online).
  expect(md).toContain('![A chart that was never saved](https://cdn.example.org/measure/missing-chart.png)');

  // Self-contained HTML of a selection of one clip.
  await lib.locator('[data-testid="clip-row"] input[type=checkbox]').first().click();
  const html = await exportThroughUi(lib, 'html');
  expect(html.name).toBe('The Measure of a Line Why Reading Width Still Matters.html');
  const text = html.bytes.toString('utf8');
  expect(text).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;`);
  expect(text).toContain(`src="data:image/png;base64,${Buffer.from(hero).toString('base64')}"`);
  expect(text).not.toMatch(/<script|https:\/\/cdn\.example\.org\/measure\/hero\.png/);
  // Opened from disk, the file renders its image offline and requests nothing.
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith('data:')) requests.push(r.url()); });
  await page.setContent(text);
  await expect.poll(() => page.locator('article img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(960);
  expect(requests).toEqual([]);
  await page.close();

  // Single Markdown file.
  const single = await exportThroughUi(lib, 'markdown');
  expect(single.name).toBe('The Measure of a Line Why Reading Width Still Matters.md');
  expect(single.bytes.toString('utf8')).toContain('# The Measure of a Line');

  // EPUB of two selected clips: mimetype first and stored, XHTML chapters, images.
  await lib.locator('[data-testid="clip-row"] input[type=checkbox]').nth(3).click();
  const epub = await exportThroughUi(lib, 'epub');
  expect(epub.bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
  expect(epub.bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
  const book = unzipSync(new Uint8Array(epub.bytes));
  expect(Object.keys(book).sort()).toEqual(['META-INF/container.xml', 'OEBPS/chapter-1.xhtml', 'OEBPS/chapter-2.xhtml', 'OEBPS/content.opf', 'OEBPS/images/1-1.png', 'OEBPS/nav.xhtml', 'OEBPS/style.css', 'mimetype']);
  const ch1 = strFromU8(book['OEBPS/chapter-1.xhtml']!);
  expect(ch1).toContain('<img src="images/1-1.png"');
  expect(sha(book['OEBPS/images/1-1.png']!)).toBe(sha(hero));
  // Well-formed XML: the browser's XML parser accepts every chapter.
  for (const name of ['OEBPS/chapter-1.xhtml', 'OEBPS/chapter-2.xhtml', 'OEBPS/content.opf', 'OEBPS/nav.xhtml']) {
    const err = await lib.evaluate((x) => new DOMParser().parseFromString(x, 'application/xml').querySelector('parsererror')?.textContent ?? null, strFromU8(book[name]!));
    expect(err, name).toBeNull();
  }
  expect(strFromU8(book['OEBPS/chapter-2.xhtml']!)).toContain('汉字是方块字');
});

test('a big import shows its progress to the end, writing included, and the page keeps painting', async ({ context, extensionId }) => {
  test.setTimeout(180_000);
  const lib = await openLibrary(context, extensionId);
  const image = makePng(40, 40);
  const text = `<p>${'Some words of an article about rivers and the towns beside them. '.repeat(150)}</p>`;
  const clips = [];
  for (let i = 0; i < 2500; i++) {
    clips.push(await fixtureClip(`big-${i}`, `Clip number ${i}`, `${text}<img src="https://img.example/${i}.png">`,
      [{ id: `big-${i}-img`, url: `https://img.example/${i}.png`, bytes: image, mime: 'image/png' }], { savedAt: 1000 + i }));
  }
  // Every progress text the page shows, and the longest time it went without painting a
  // frame while the progress was up.
  const longestFrame = await watchProgressFrames(lib);
  await lib.evaluate(() => {
    const w = window as unknown as { shown: string[] };
    w.shown = [];
    new MutationObserver(() => {
      const label = document.querySelector('[data-testid="progress"]')?.textContent;
      if (label && label !== w.shown.at(-1)) w.shown.push(label);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const notice = await importThroughUi(lib, 'big.zip', zipFiles(backupFiles(clips)));
  expect(notice).toContain('Imported 2500 clips with 2500 images from big.zip.');
  const shown = await lib.evaluate(() => (window as unknown as { shown: string[] }).shown);
  // The checks and then the write are reported as they go...
  // (Counts are written as the page's language writes numbers: "1,200 / 5,000".)
  expect(shown.some((s) => /^Checking clips… [1-9][\d,]* \/ 5,000$/.test(s))).toBe(true);
  const writing = shown.filter((s) => s.startsWith('Adding to the library… '));
  expect(writing.some((s) => /… [1-9][\d,]* \/ 2,500$/.test(s) && !s.includes('2,500 / 2,500'))).toBe(true);
  expect(shown.indexOf(writing[0]!)).toBeGreaterThan(shown.findLastIndex((s) => s.startsWith('Checking')));
  // ...and painted: the checks only awaited resolved promises and the write was one bulkAdd
  // of every clip, so the page froze for seconds (8 s here) with its bar never drawn. Timed
  // from the file's arrival (watchProgressFrames), the import's longest gap is ~0.3 s here.
  expect(await longestFrame()).toBeLessThan(1500);
});

test('an import that runs out of room says so, says what to do, and changes nothing', async ({ context, extensionId }) => {
  const lib = await openLibrary(context, extensionId);
  await importThroughUi(lib, 'seed.zip', zipFiles(backupFiles(await articleClips())));
  const before = await fingerprint(lib);
  // The disk fills up while the images are written.
  await lib.evaluate(() => {
    for (const method of ['add', 'put'] as const) {
      const original = IDBObjectStore.prototype[method] as (this: IDBObjectStore, ...args: unknown[]) => IDBRequest;
      (IDBObjectStore.prototype as unknown as Record<string, unknown>)[method] = function (this: IDBObjectStore, ...args: unknown[]) {
        if (this.name === 'images') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  const text = await importThroughUi(lib, 'more.zip', zipFiles(backupFiles(await validLibrary())));
  expect(text).toContain('Import failed: there is no room to store this backup (the disk, or the browser\'s storage for Sift, is full). Nothing was changed: free some space, then import it again.');
  expect(await fingerprint(lib)).toEqual(before);
});
