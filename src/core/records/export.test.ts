import { describe, expect, it } from 'vitest';
import { attributesToTable, tableToCsv, tableToJson, tableToMarkdown } from './export';

const table = { columns: ['Title', 'Price', 'Note'], rows: [['Tee, "classic"', '$22', '=HYPERLINK("x")'], ['Tank | slim', '$24', 'line1\nline2']] };

describe('exporters', () => {
  it('CSV: RFC 4180 quoting, CRLF, formula cells neutralised', () => {
    expect(tableToCsv(table)).toBe('Title,Price,Note\r\n"Tee, ""classic""",$22,"\'=HYPERLINK(""x"")"\r\nTank | slim,$24,"line1\nline2"\r\n');
  });
  it('JSON: one object per row keyed by column', () => {
    expect(JSON.parse(tableToJson(table))).toEqual([
      { Title: 'Tee, "classic"', Price: '$22', Note: '=HYPERLINK("x")' },
      { Title: 'Tank | slim', Price: '$24', Note: 'line1\nline2' },
    ]);
  });
  it('Markdown: pipes escaped, newlines as <br>, HTML not live', () => {
    expect(tableToMarkdown({ columns: ['A', 'B'], rows: [['x | y', 'a\nb'], ['<script>', '']] })).toBe(
      '| A | B |\n| --- | --- |\n| x \\| y | a<br>b |\n| &lt;script> |  |\n');
    expect(tableToMarkdown({ columns: [], rows: [] })).toBe('');
  });
  it('attribute rows become a two-column table', () => {
    expect(attributesToTable([{ attribute: 'Brand', value: 'X' }])).toEqual({ columns: ['Attribute', 'Value'], rows: [['Brand', 'X']] });
  });
});
