// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from '../storage/db';
import { saveClip } from '../storage/saveClip';
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
