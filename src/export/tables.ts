import { attributesToTable, tableToCsv, tableToJson, tableToMarkdown } from '../core/records/export';
import type { RecordTable } from '../core/types';
import type { SiftDb } from '../storage/db';
import type { StoredClip } from '../storage/schema';
import { clipBatches } from '../backup/write';
import { NameAllocator, dateStamp, slugify } from './names';
import { ZipStream } from './zipStream';
import type { ExportOutput, ExportProgress } from './exportClips';

/**
 * Table export of structured clips (issue 7): a list page's record table, or a product's
 * attribute rows as two columns, as CSV, JSON or a Markdown table, through the core's pure
 * exporters (CSV-injection safe; Markdown cells escaped so page text never becomes markup).
 */

/** The table a clip carries: its records, else its attributes; null for an article. */
export function clipTable(clip: Pick<StoredClip, 'table' | 'attributes'>): RecordTable | null {
  if (clip.table && clip.table.rows.length > 0) return clip.table;
  if (clip.attributes && clip.attributes.length > 0) return attributesToTable(clip.attributes);
  return null;
}

/**
 * The clip's table as a <table> of plain text (built node by node: page text never becomes
 * markup), for the note, page and book exports: the reader shows it above the body, and a
 * product's price, SKU or availability often exist only there (wcxb-dev 3026: the Markdown
 * and HTML files had none of the attributes the reader showed).
 */
export function clipTableElement(clip: Pick<StoredClip, 'table' | 'attributes'>, doc: Document): HTMLTableElement | null {
  const table = clipTable(clip);
  if (!table || table.columns.length === 0) return null;
  const el = doc.createElement('table');
  const row = (cells: readonly string[], tag: 'th' | 'td') => {
    const tr = doc.createElement('tr');
    for (let i = 0; i < table.columns.length; i++) {
      const cell = doc.createElement(tag);
      cell.textContent = cells[i] ?? '';
      tr.append(cell);
    }
    return tr;
  };
  const head = doc.createElement('thead');
  head.append(row(table.columns, 'th'));
  const body = doc.createElement('tbody');
  for (const r of table.rows) body.append(row(r, 'td'));
  el.append(head, body);
  return el;
}

/** A byte-order mark, so spreadsheet apps read the UTF-8 (accents, CJK, emoji) as UTF-8. */
const BOM = '\uFEFF';

export type TableFormat = 'csv' | 'json' | 'md';

export const NO_TABLE_MESSAGE = 'None of these clips has a table. Table export is for list and product pages saved with "Clip as table".';

const TABLE_FILES: Record<TableFormat, { ext: string; mime: string; render: (table: RecordTable, clip: StoredClip) => string }> = {
  csv: { ext: '.csv', mime: 'text/csv;charset=utf-8', render: (t) => BOM + tableToCsv(t) },
  json: { ext: '.json', mime: 'application/json;charset=utf-8', render: (t) => `${tableToJson(t)}\n` },
  md: {
    ext: '.md', mime: 'text/markdown;charset=utf-8',
    // A title and the source above the table; the title is escaped like a cell (a page's
    // title could hold Markdown or HTML).
    render: (t, clip) => `# ${mdText(clip.title)}\n\nSource: <${safeUrl(clip.url)}>\n\n${tableToMarkdown(t)}`,
  },
};

function safeUrl(url: string): string {
  try {
    return encodeURI(url);
  } catch {
    return ''; // a lone surrogate: no link rather than a broken file
  }
}

function mdText(s: string): string {
  return s.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\s+/g, ' ').trim();
}

/** One file for one clip with a table; a ZIP of files for several. Clips without a table are skipped. */
export async function exportTables(db: SiftDb, ids: string[], format: TableFormat, onProgress: ExportProgress = () => undefined): Promise<ExportOutput> {
  const kind = TABLE_FILES[format];
  const files: { name: string; text: string }[] = [];
  const names = new NameAllocator();
  let done = 0;
  for await (const batch of clipBatches(db, ids)) {
    for (const { clip } of batch) {
      const table = clipTable(clip);
      if (table) files.push({ name: names.take(slugify(clip.title), kind.ext), text: kind.render(table, clip) });
      onProgress(++done, ids.length, 'Exporting');
    }
  }
  const [only] = files;
  if (!only) throw new Error(NO_TABLE_MESSAGE);
  if (files.length === 1) return { blob: new Blob([only.text], { type: kind.mime }), filename: only.name };
  const zip = new ZipStream();
  for (const f of files) zip.addText(f.name, f.text);
  return { blob: await zip.finish(), filename: `Sift tables ${dateStamp()}.zip` };
}

/** CSV export (the first table format; kept for callers and tests). */
export function exportTablesCsv(db: SiftDb, ids: string[], onProgress?: ExportProgress): Promise<ExportOutput> {
  return exportTables(db, ids, 'csv', onProgress);
}
