/**
 * Pure exporters for record tables and attribute tables (used by the export code and the
 * popup preview). No DOM: plain strings in, plain strings out.
 */
import type { AttributeRow } from './attributes';
import type { RecordTable } from './schema';

/** Cells that a spreadsheet would run as a formula are prefixed with `'` (CSV injection, OWASP). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/u.test(value) ? `'${value}` : value;
  return /[",\r\n]/u.test(safe) ? `"${safe.replace(/"/gu, '""')}"` : safe;
}

/** RFC 4180 CSV with CRLF line ends and a header row. */
export function tableToCsv(table: RecordTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** One JSON object per row, keyed by column name. */
export function tableToJson(table: RecordTable): string {
  const objects = table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i] ?? ''])));
  return JSON.stringify(objects, null, 2);
}

function mdCell(value: string): string {
  // `<` first, so the <br> we add for line breaks stays a tag and page text never becomes one.
  return value.replace(/\\/gu, '\\\\').replace(/\|/gu, '\\|').replace(/</gu, '&lt;').replace(/\r?\n/gu, '<br>').trim();
}

/** A GitHub-flavoured Markdown table. */
export function tableToMarkdown(table: RecordTable): string {
  if (table.columns.length === 0) return '';
  const header = `| ${table.columns.map(mdCell).join(' | ')} |`;
  const rule = `| ${table.columns.map(() => '---').join(' | ')} |`;
  const body = table.rows.map((row) => `| ${table.columns.map((_, i) => mdCell(row[i] ?? '')).join(' | ')} |`);
  return [header, rule, ...body].join('\n') + '\n';
}

/** Attribute rows as a two-column table, so every exporter above also serves product pages. */
export function attributesToTable(rows: readonly AttributeRow[]): RecordTable {
  return { columns: ['Attribute', 'Value'], rows: rows.map((r) => [r.attribute, r.value]) };
}
