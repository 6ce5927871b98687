import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from '../storage/db';
import { saveClip } from '../storage/saveClip';
import type { ClipData } from '../shared/messages';
import { NO_TABLE_MESSAGE, clipTable, exportTables, exportTablesCsv } from './tables';

// Issue 7: "Tables as CSV" from the library, through the core's CSV exporter.

const base: ClipData = {
  title: 'Laptops', byline: null, published: null, siteName: null, lang: 'en', dir: 'ltr', url: 'https://shop.example/laptops', canonicalUrl: null,
  excerpt: null, leadImage: null, html: '<p>x</p>', text: 'x', wordCount: 1, readingMinutes: 1, engine: 'nta',
};
const table = { columns: ['Name', 'Price'], rows: [['Aero 14, 16 GB', '$999'], ['=cmd|calc', 'Zoë']] };

let db: SiftDb;
let n = 0;
beforeEach(() => {
  db = new SiftDb(`tables-${++n}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function save(clip: ClipData, url = clip.url): Promise<string> {
  const out = await saveClip(db, { clip: { ...clip, url }, images: [], onDuplicate: 'keep-both', updateId: null });
  if (out.kind !== 'saved') throw new Error('not saved');
  return out.clipId;
}

describe('exportTablesCsv', () => {
  it('one clip with a table → one RFC 4180 .csv with a BOM, formula cells defused', async () => {
    const id = await save({ ...base, pageKind: 'list', table });
    const out = await exportTablesCsv(db, [id]);
    expect(out.filename).toMatch(/^laptops.*\.csv$/i);
    const bytes = new Uint8Array(await out.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Name,Price\r\n"Aero 14, 16 GB",$999\r\n\'=cmd|calc,Zoë\r\n');
  });

  it('a product clip exports its attribute rows as two columns; articles are skipped', async () => {
    const product = await save({ ...base, title: 'Aero 14', pageKind: 'product', attributes: [{ attribute: 'Brand', value: 'Acme' }] }, 'https://shop.example/aero');
    const article = await save({ ...base, title: 'Review' }, 'https://news.example/review');
    const out = await exportTablesCsv(db, [product, article]);
    expect(out.filename).toMatch(/\.csv$/);
    expect((await out.blob.text()).replace(/^\uFEFF/, '')).toBe('Attribute,Value\r\nBrand,Acme\r\n');
  });

  it('several clips with tables → a ZIP of .csv files', async () => {
    const a = await save({ ...base, pageKind: 'list', table }, 'https://shop.example/a');
    const b = await save({ ...base, pageKind: 'list', table }, 'https://shop.example/b');
    const out = await exportTablesCsv(db, [a, b]);
    expect(out.filename).toMatch(/\.zip$/);
    const head = new Uint8Array(await out.blob.slice(0, 2).arrayBuffer());
    expect([...head]).toEqual([0x50, 0x4b]);
  });

  it('says plainly when none of the clips has a table', async () => {
    const id = await save(base);
    await expect(exportTablesCsv(db, [id])).rejects.toThrow(NO_TABLE_MESSAGE);
  });

  it('clipTable prefers the record table, falls back to attributes, else null', () => {
    expect(clipTable({ table, attributes: [{ attribute: 'a', value: 'b' }] })).toBe(table);
    expect(clipTable({ attributes: [{ attribute: 'a', value: 'b' }] })).toEqual({ columns: ['Attribute', 'Value'], rows: [['a', 'b']] });
    expect(clipTable({ table: { columns: ['a'], rows: [] } })).toBeNull();
  });
});

describe('exportTables as JSON and Markdown', () => {
  it('JSON: one object per row; Markdown: a GFM table under an escaped title, page text never markup', async () => {
    const id = await save({ ...base, title: 'Laptops <b>*sale*</b>', pageKind: 'list', table: { columns: ['Name', 'Price'], rows: [['Aero | 14', '<img src=x onerror=alert(1)>']] } });
    const json = await exportTables(db, [id], 'json');
    expect(json.filename).toMatch(/\.json$/);
    expect(JSON.parse(await json.blob.text())).toEqual([{ Name: 'Aero | 14', Price: '<img src=x onerror=alert(1)>' }]);
    const md = await exportTables(db, [id], 'md');
    expect(md.filename).toMatch(/\.md$/);
    expect(await md.blob.text()).toBe(
      '# Laptops \\<b\\>\\*sale\\*\\</b\\>\n\nSource: <https://shop.example/laptops>\n\n| Name | Price |\n| --- | --- |\n| Aero \\| 14 | &lt;img src=x onerror=alert(1)> |\n');
  });
});
