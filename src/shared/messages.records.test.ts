import { describe, expect, it } from 'vitest';
import { capRecords } from '../content/records';
import {
  extractReplyValidator,
  MAX_RECORD_CELL_CHARS,
  MAX_RECORD_COLUMNS,
  MAX_RECORD_NAME_CHARS,
  MAX_RECORD_ROWS,
  requestValidators,
  toClipData,
  type ClipData,
} from './messages';

// Issue 7: the structured-page fields a content script (inside a hostile page) may send.

const base: ClipData = {
  title: 'Laptops', byline: null, published: null, siteName: null, lang: null, dir: null, url: 'https://shop.example/laptops', canonicalUrl: null,
  excerpt: null, leadImage: null, html: '<p>x</p>', text: 'x', wordCount: 1, readingMinutes: 1, engine: 'nta',
};
const table = { columns: ['Name', 'Price'], rows: [['Aero 14', '$999'], ['Zen 13', '$1,299']] };
const attributes = [{ attribute: 'Brand', value: 'Acme' }, { attribute: 'Weight', value: '1.2 kg' }];

const reply = (clip: unknown) => ({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false });
const validateClip = (clip: unknown) => extractReplyValidator(reply(clip), 'reply');
const validateSave = (clip: unknown) => requestValidators['ui→bg:save']({ tabId: 1, clip, imageUrls: [], onDuplicate: 'ask', updateId: null }, 'payload');

describe('structured-page fields of ClipData', () => {
  it('accepts a clip without them, and one with pageKind, attributes and table, unchanged', () => {
    expect(validateClip(base)).toEqual(reply(base));
    const full = { ...base, pageKind: 'list', attributes, table };
    expect(validateClip(full)).toEqual(reply(full));
    expect(validateSave(full).clip).toEqual(full);
  });

  it('accepts the limits exactly', () => {
    const columns = Array.from({ length: MAX_RECORD_COLUMNS }, (_, i) => `c${i}`.padEnd(MAX_RECORD_NAME_CHARS, 'x'));
    const row = columns.map(() => 'v'.repeat(MAX_RECORD_CELL_CHARS));
    const big = { columns, rows: Array.from({ length: MAX_RECORD_ROWS }, () => row) };
    expect(() => validateClip({ ...base, table: big })).not.toThrow();
  });

  it.each([
    ['an unknown page kind', { pageKind: 'blog' }, 'reply.clip.pageKind'],
    ['a null page kind', { pageKind: null }, 'reply.clip.pageKind'],
    ['attributes as an object', { attributes: { Brand: 'Acme' } }, 'reply.clip.attributes: expected array'],
    ['an attribute value that is not a string', { attributes: [{ attribute: 'Price', value: 999 }] }, 'reply.clip.attributes[0].value: expected string'],
    ['an attribute row with an extra field', { attributes: [{ attribute: 'a', value: 'b', html: '<b>' }] }, 'reply.clip.attributes[0].html: expected no such field'],
    ['too many attribute rows', { attributes: Array.from({ length: MAX_RECORD_ROWS + 1 }, () => ({ attribute: 'a', value: 'b' })) }, 'array of at most 1000 items'],
    ['an overlong attribute name', { attributes: [{ attribute: 'a'.repeat(MAX_RECORD_NAME_CHARS + 1), value: 'b' }] }, 'reply.clip.attributes[0].attribute: expected string of at most'],
    ['an overlong cell', { table: { columns: ['a'], rows: [['x'.repeat(MAX_RECORD_CELL_CHARS + 1)]] } }, 'reply.clip.table.rows[0][0]'],
    ['too many rows', { table: { columns: ['a'], rows: Array.from({ length: MAX_RECORD_ROWS + 1 }, () => ['x']) } }, 'reply.clip.table.rows: expected array of at most 1000'],
    ['too many columns', { table: { columns: Array.from({ length: MAX_RECORD_COLUMNS + 1 }, () => 'c'), rows: [] } }, 'reply.clip.table.columns: expected array of at most 24'],
    ['a ragged row', { table: { columns: ['a', 'b'], rows: [['1', '2'], ['3']] } }, 'reply.clip.table.rows[1]: expected 2 cells'],
    ['a cell that is an object', { table: { columns: ['a'], rows: [[{ toString: 'x' }]] } }, 'reply.clip.table.rows[0][0]: expected string'],
    ['a table without rows', { table: { columns: ['a'] } }, 'reply.clip.table.rows: expected array'],
    ['a table with an extra field', { table: { ...table, html: '<table>' } }, 'reply.clip.table.html: expected no such field'],
  ])('rejects %s', (_label, extra, error) => {
    expect(() => validateClip({ ...base, ...extra })).toThrow(error);
    expect(() => validateSave({ ...base, ...extra })).toThrow();
  });

  it('the preview and extract requests accept a known kind only', () => {
    expect(requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article', kind: 'product' }, 'payload')).toEqual({ tabId: 1, mode: 'article', kind: 'product' });
    expect(requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article' }, 'payload')).toEqual({ tabId: 1, mode: 'article' });
    expect(() => requestValidators['bg→content:extract']({ mode: 'article', kind: 'spreadsheet' }, 'payload')).toThrow('payload.kind');
  });

  it('toClipData keeps present record fields and does not invent absent ones', () => {
    const withTrace = { ...base, pageKind: 'product' as const, attributes, trace: { engine: 'nta' } };
    const data = toClipData(withTrace as ClipData);
    expect(data).toEqual({ ...base, pageKind: 'product', attributes });
    expect('table' in data).toBe(false);
  });
});

describe('capRecords (content script, before sending)', () => {
  it('trims an oversized table and attribute list so the receiver accepts it', () => {
    const wide = Array.from({ length: 30 }, (_, i) => `col ${i}`);
    const huge = {
      ...base,
      pageKind: 'list' as const,
      table: { columns: wide, rows: Array.from({ length: 1_500 }, (_, r) => wide.map((_, c) => (c === 0 ? 'y'.repeat(5_000) : `${r}:${c}`))) },
      attributes: Array.from({ length: 1_200 }, (_, i) => ({ attribute: 'k'.repeat(300), value: `v${i}` })),
    };
    expect(() => validateClip(huge)).toThrow();
    const capped = capRecords(huge);
    expect(capped.table?.columns).toHaveLength(MAX_RECORD_COLUMNS);
    expect(capped.table?.rows).toHaveLength(MAX_RECORD_ROWS);
    expect(capped.table?.rows[0]?.[0]).toHaveLength(MAX_RECORD_CELL_CHARS);
    expect(capped.table?.rows[7]?.[3]).toBe('7:3');
    expect(capped.attributes).toHaveLength(MAX_RECORD_ROWS);
    expect(() => validateClip(capped)).not.toThrow();
  });

  it('pads short rows and drops empty tables and attribute lists', () => {
    expect(capRecords({ ...base, table: { columns: ['a', 'b'], rows: [['1']] } }).table).toEqual({ columns: ['a', 'b'], rows: [['1', '']] });
    const empty = capRecords({ ...base, pageKind: 'other', table: { columns: ['a'], rows: [] }, attributes: [] });
    expect(empty).toEqual({ ...base, pageKind: 'other' });
  });
});
