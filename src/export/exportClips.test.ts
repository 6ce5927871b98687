// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiftDb } from '../storage/db';
import { saveClip, type ImageInput } from '../storage/saveClip';
import type { ClipData } from '../shared/messages';
import { exportClips } from './exportClips';

// What the reader shows of a clip must be in its note and page exports too.

const product: ClipData = {
  title: 'Audeze LCD-2 Classic Headphones', byline: null, published: null, siteName: 'Headphones.com', lang: 'en', dir: 'ltr',
  url: 'https://headphones.example/products/lcd-2', canonicalUrl: null, excerpt: null, leadImage: null,
  html: '<p>Back-orders will ship as soon as we receive them.</p>', text: 'Back-orders will ship as soon as we receive them.',
  wordCount: 9, readingMinutes: 1, engine: 'auto', pageKind: 'product',
  attributes: [{ attribute: 'Price', value: '799 USD' }, { attribute: 'SKU', value: '100-LC-1017-00' }, { attribute: 'Style', value: 'Over-ear | open-back <b>' }],
};

let db: SiftDb;
let n = 0;
beforeEach(() => {
  db = new SiftDb(`export-clips-${++n}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function save(clip: ClipData): Promise<string> {
  const out = await saveClip(db, { clip, images: [], onDuplicate: 'keep-both', updateId: null });
  if (out.kind !== 'saved') throw new Error('not saved');
  return out.clipId;
}

const text = (blob: Blob) => new Promise<string>((ok) => {
  const r = new FileReader();
  r.onload = () => ok(r.result as string);
  r.readAsText(blob);
});

const bytes = (blob: Blob) => new Promise<Uint8Array>((ok) => {
  const r = new FileReader();
  r.onload = () => ok(new Uint8Array(r.result as ArrayBuffer));
  r.readAsArrayBuffer(blob);
});

describe('exports carry the table the reader shows (wcxb-dev 3026, a product page)', () => {
  it('Markdown: the attributes as a GFM table above the body, cells escaped', async () => {
    const id = await save(product);
    const md = await text((await exportClips(db, 'markdown', [id])).blob);
    expect(md).toContain('| Attribute | Value |\n| --- | --- |\n| Price | 799 USD |\n| SKU | 100-LC-1017-00 |\n| Style | Over-ear \\| open-back <b> |\n\nBack-orders will ship');
  });

  it('HTML: the attributes as a table of text before the body', async () => {
    const id = await save(product);
    const html = await text((await exportClips(db, 'html', [id])).blob);
    expect(html).toContain('<table><thead><tr><th>Attribute</th><th>Value</th></tr></thead><tbody><tr><td>Price</td><td>799 USD</td></tr><tr><td>SKU</td><td>100-LC-1017-00</td></tr><tr><td>Style</td><td>Over-ear | open-back &lt;b&gt;</td></tr></tbody></table><p>Back-orders');
  });

  it('a list page saved as a table: its records, with their column names', async () => {
    const id = await save({ ...product, title: 'Laptops', pageKind: 'list', attributes: undefined, table: { columns: ['Name', 'Price'], rows: [['Aero 14', '$999'], ['Zen 13', '$1,299']] } });
    const md = await text((await exportClips(db, 'markdown', [id])).blob);
    expect(md).toContain('| Name | Price |\n| --- | --- |\n| Aero 14 | $999 |\n| Zen 13 | $1,299 |');
  });

  it('an article has no table added', async () => {
    const id = await save({ ...product, pageKind: 'article', attributes: undefined });
    const md = await text((await exportClips(db, 'markdown', [id])).blob);
    expect(md).not.toContain('|');
  });
});

describe('exports carry the lead image the reader shows above the text', () => {
  // The page's og:image is not in the article body (a hero in the page header): it was
  // stored with the clip but left out of every export.
  const lead = 'https://cdn.example/river/hero.png';
  const article: ClipData = {
    ...product, title: 'When the River Came to Town', pageKind: 'article', attributes: undefined, leadImage: lead,
    html: '<h1>When the River Came to Town</h1><p>The river had been rising for three days.</p>', text: 'The river had been rising for three days.',
  };
  const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  // Node's Blob: jsdom's has no arrayBuffer() or stream(), which the export reads stored images with.
  const stored: ImageInput = { url: lead, blob: new NodeBlob([pngBytes], { type: 'image/png' }) as Blob, mime: 'image/png', bytes: pngBytes.length, width: 1200, height: 630, error: null };

  async function saveWith(clip: ClipData, images: ImageInput[] = [stored]): Promise<string> {
    const out = await saveClip(db, { clip, images, onDuplicate: 'keep-both', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    return out.clipId;
  }

  it('HTML: the stored copy as a data: URI after the title, before the text; the title shows once', async () => {
    const html = await text((await exportClips(db, 'html', [await saveWith(article)])).blob);
    // The file's header states the title; the content's copy of it is dropped, so the image opens the content.
    expect(html).toMatch(/<\/header>\s*(?:<[^>]+>\s*)*<figure><img src="data:image\/png;base64,iVBORwECAw==" alt="" loading="lazy"><\/figure><p>The river/);
    expect(html.match(/<h1>When the River Came to Town<\/h1>/g)).toHaveLength(1);
  });

  it('Markdown ZIP: the image file in assets/ and linked above the text', async () => {
    const id = await saveWith(article);
    const zip = unzipSync(await bytes((await exportClips(db, 'markdown', [id, await save({ ...product, title: 'Other' })])).blob));
    const md = strFromU8(zip['When the River Came to Town.md']!);
    expect(md).toContain('# When the River Came to Town\n\n![](assets/When%20the%20River%20Came%20to%20Town-1.png)\n\nThe river had been rising');
    expect(zip['assets/When the River Came to Town-1.png']).toEqual(pngBytes);
  });

  it('EPUB: the image file in the book and shown after the title', async () => {
    const zip = unzipSync(await bytes((await exportClips(db, 'epub', [await saveWith(article)])).blob));
    const chapter = strFromU8(zip['OEBPS/chapter-1.xhtml']!);
    // The chapter's own heading is the title; the content's copy of it is dropped, so the
    // image opens the content under the meta line and the title shows once.
    expect(chapter).toContain('</p><figure><img src="images/1-1.png" alt="" loading="lazy" /></figure><p>The river');
    expect(chapter.match(/<h1>When the River Came to Town<\/h1>/g)).toHaveLength(1);
    expect(zip['OEBPS/images/1-1.png']).toEqual(pngBytes);
  });

  it('not twice when the content already shows it', async () => {
    const inside = { ...article, html: `<p>The river had been rising.</p><img src="${lead}" alt="The mill">` };
    const md = await text((await exportClips(db, 'markdown', [await saveWith(inside)])).blob);
    expect(md.match(/!\[/g)).toHaveLength(1);
    expect(md).toContain(`![The mill](${lead})`);
  });

  it('no broken image when its copy was not stored: the HTML file keeps only local images', async () => {
    const failed: ImageInput = { ...stored, blob: null, mime: null, bytes: 0, width: null, height: null, error: 'timed out after 8 s' };
    const html = await text((await exportClips(db, 'html', [await saveWith(article, [failed])])).blob);
    expect(html).not.toContain('<img');
  });
});

describe('exported names open on Windows', () => {
  // Clips titled like Windows device names were exported as "CON.md", "aux.md.md" and
  // "assets/CON-1.png"'s note "CON.md": Explorer and `tar` refuse those entries (the name up
  // to the first dot is the device), so the whole Markdown or HTML ZIP failed to unzip.
  const titles = ['CON', 'aux.md', 'Nul. A short story', 'lpt1', 'Notes...'];
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 5, 6]);
  const withImage = (title: string): [ClipData, ImageInput[]] => {
    const url = `https://cdn.example/${encodeURIComponent(title)}.png`;
    const clip: ClipData = { ...product, title, pageKind: 'article', attributes: undefined, html: `<p>Text of ${title}.</p><img src="${url}" alt="">` };
    return [clip, [{ url, blob: new NodeBlob([png], { type: 'image/png' }) as Blob, mime: 'image/png', bytes: png.length, width: 1, height: 1, error: null }]];
  };
  const device = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
  const refused = (path: string) => path.split('/').some((part) => device.test(part.split('.')[0]!.trimEnd()) || /[. ]$/.test(part));

  it.each(['markdown', 'html'] as const)('%s ZIP: no entry is a device name or ends in a dot', async (format) => {
    const ids: string[] = [];
    for (const title of titles) {
      const [clip, images] = withImage(title);
      const out = await saveClip(db, { clip, images, onDuplicate: 'keep-both', updateId: null });
      if (out.kind === 'saved') ids.push(out.clipId);
    }
    const entries = Object.keys(unzipSync(await bytes((await exportClips(db, format, ids)).blob)));
    expect(entries.length).toBeGreaterThanOrEqual(titles.length);
    expect(entries.filter(refused)).toEqual([]);
  });

  it('one clip: the .md and .html file names', async () => {
    const id = await save({ ...product, title: 'PRN' });
    expect((await exportClips(db, 'markdown', [id])).filename).toBe('PRN_.md');
    expect((await exportClips(db, 'html', [id])).filename).toBe('PRN_.html');
  });
});

describe('EPUB chapters are well-formed XML whatever characters a page held', () => {
  // XML 1.0 allows no C0 control but tab, LF and CR (and never U+FFFE, U+FFFF): an e-reader
  // refuses a chapter holding one. Pages do hold them: Word's soft line break pasted into a
  // CMS is a vertical tab (U+000B).
  it('a vertical tab and other control characters in the text, title and byline', async () => {
    const id = await save({
      ...product, pageKind: undefined, attributes: undefined, title: 'Quarterly\u0001 report', byline: 'Ann\u0008 Lee',
      html: '<p>First line\u000bsecond line, a bell\u0007 and \uffff.</p>', text: 'First line second line',
    });
    const book = unzipSync(await bytes((await exportClips(db, 'epub', [id])).blob));
    for (const name of ['OEBPS/chapter-1.xhtml', 'OEBPS/nav.xhtml', 'OEBPS/content.opf']) {
      const doc = new DOMParser().parseFromString(strFromU8(book[name]!), 'application/xml');
      expect(doc.querySelector('parsererror')?.textContent ?? null, name).toBeNull();
    }
    const chapter = strFromU8(book['OEBPS/chapter-1.xhtml']!);
    expect(chapter).toContain('<title>Quarterly report</title>');
    // The vertical tab separated two lines: it stays a space, the words do not run together.
    expect(chapter).toContain('<p>First line second line, a bell and .</p>');
    expect(chapter).toContain('Ann Lee');
  });
});

describe('images stored under a type name browsers accept but no list of types has', () => {
  // Many servers send 'image/jpg' (and some 'image/pjpeg', 'image/x-png'): the browser shows
  // the image and Sift stores it with that type, but the Markdown vault named its file
  // '….bin', which Obsidian and other editors do not show as an image, and the EPUB left it out.
  const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  const photo = 'https://cdn.example/harbour/photo.jpg';
  const clip: ClipData = {
    ...product, title: 'Harbour at Dawn', pageKind: 'article', attributes: undefined,
    html: `<p>The boats came in at six.</p><p><img src="${photo}" alt="Boats"></p>`, text: 'The boats came in at six.',
  };
  const image = (mime: string): ImageInput => ({ url: photo, blob: new NodeBlob([jpegBytes], { type: mime }) as Blob, mime, bytes: jpegBytes.length, width: 800, height: 600, error: null });
  const saveWithImage = async (mime: string) => {
    const out = await saveClip(db, { clip, images: [image(mime)], onDuplicate: 'keep-both', updateId: null });
    if (out.kind !== 'saved') throw new Error('not saved');
    return out.clipId;
  };

  for (const mime of ['image/jpg', 'image/pjpeg']) {
    it(`${mime}: a .jpg file in the Markdown vault, a JPEG in the EPUB`, async () => {
      const id = await saveWithImage(mime);
      const vault = unzipSync(await bytes((await exportClips(db, 'markdown-zip', [id])).blob));
      expect(vault['assets/Harbour at Dawn-1.jpg']).toEqual(jpegBytes);
      expect(strFromU8(vault['Harbour at Dawn.md']!)).toContain('![Boats](assets/Harbour%20at%20Dawn-1.jpg)');
      const book = unzipSync(await bytes((await exportClips(db, 'epub', [id])).blob));
      expect(book['OEBPS/images/1-1.jpg']).toEqual(jpegBytes);
      expect(strFromU8(book['OEBPS/content.opf']!)).toContain('href="images/1-1.jpg" media-type="image/jpeg"');
      expect(strFromU8(book['OEBPS/chapter-1.xhtml']!)).toContain('<img src="images/1-1.jpg" alt="Boats"');
    });
  }
});

describe('an EPUB of one clip is that clip\'s book', () => {
  // Every one-clip EPUB was titled "Sift clip" by "Sift" and named "Sift <date>.epub": sent
  // to an e-reader one article at a time, the library there listed them all alike.
  it('its title, author and language in the book, its title as the file name', async () => {
    const id = await save({ ...product, title: 'Harbour at Dawn: a Day with the Boats', byline: 'Ines Moreau', lang: 'fr', pageKind: undefined, attributes: undefined });
    const out = await exportClips(db, 'epub', [id]);
    expect(out.filename).toBe('Harbour at Dawn a Day with the Boats.epub');
    const opf = strFromU8(unzipSync(await bytes(out.blob))['OEBPS/content.opf']!);
    expect(opf).toContain('<dc:title>Harbour at Dawn: a Day with the Boats</dc:title>');
    expect(opf).toContain('<dc:creator>Ines Moreau</dc:creator>');
    expect(opf).toContain('<dc:language>fr</dc:language>');
  });

  it('several clips stay a Sift collection', async () => {
    const ids = [await save({ ...product, title: 'One' }), await save({ ...product, title: 'Two' })];
    const out = await exportClips(db, 'epub', ids);
    expect(out.filename).toMatch(/^Sift \d{4}-\d\d-\d\d\.epub$/);
    const opf = strFromU8(unzipSync(await bytes(out.blob))['OEBPS/content.opf']!);
    expect(opf).toContain('<dc:title>Sift: 2 clips</dc:title>');
    expect(opf).toContain('<dc:creator>Sift</dc:creator>');
  });
});

describe('exports build the clip in an inert document, never the page\'s', () => {
  // The library's exports made each clip's body a <div> of the library page's document: every
  // <img> the Markdown kept at its original address (not stored) started loading from that
  // site the moment it joined the <div> (blocked by the page's CSP, with a console error each;
  // e2e/export-offline.spec.ts watches the real browser). Nothing of the clip may be made in,
  // or moved into, the page's document.
  const remote = 'https://cdn.example/harbour/unsaved.png';
  const clip: ClipData = {
    ...product, title: 'Harbour at Dawn', leadImage: 'https://cdn.example/harbour/lead.png',
    html: `<h1>Harbour at Dawn</h1><p>The boats came in at six.</p><p><img src="${remote}" alt="Boats"></p>`, text: 'The boats came in at six.',
  };

  it.each(['markdown', 'markdown-zip', 'html', 'epub'] as const)('%s', async (format) => {
    const id = await save(clip);
    const calls = (['createElement', 'createElementNS', 'createDocumentFragment', 'importNode', 'adoptNode'] as const).map((name) => vi.spyOn(document, name));
    try {
      const out = await exportClips(db, format, [id]);
      expect(out.blob.size).toBeGreaterThan(0);
      for (const spy of calls) expect(spy, spy.getMockName()).not.toHaveBeenCalled();
    } finally {
      for (const spy of calls) spy.mockRestore();
    }
  });

  it('the Markdown note still links the image it has no copy of, at its address', async () => {
    const md = await text((await exportClips(db, 'markdown', [await save(clip)])).blob);
    expect(md).toContain(`![Boats](${remote})`);
    expect(md).toContain('| Price | 799 USD |');
  });
});
