import { attributesToTable, tableToCsv } from '../core/records/export';
import type { RecordTable } from '../core/types';
import type { SiftDb } from '../storage/db';
import type { StoredClip } from '../storage/schema';
import { clipBatches } from '../backup/write';
import { NameAllocator, dateStamp, slugify } from './names';
import { ZipStream } from './zipStream';
import type { ExportOutput, ExportProgress } from './exportClips';

/**
 * CSV export of structured clips (issue 7): a list page's record table, or a product's
 * attribute rows as two columns, through the core's pure exporters (CSV-injection safe).
 */

/** The table a clip carries: its records, else its attributes; null for an article. */
export function clipTable(clip: Pick<StoredClip, 'table' | 'attributes'>): RecordTable | null {
  if (clip.table && clip.table.rows.length > 0) return clip.table;
  if (clip.attributes && clip.attributes.length > 0) return attributesToTable(clip.attributes);
  return null;
}

/** A byte-order mark, so spreadsheet apps read the UTF-8 (accents, CJK, emoji) as UTF-8. */
const BOM = '\uFEFF';

export const NO_TABLE_MESSAGE = 'None of these clips has a table. CSV export is for list and product pages saved with "Clip as table".';

/** One .csv for one clip with a table; a ZIP of .csv files for several. Clips without a table are skipped. */
export async function exportTablesCsv(db: SiftDb, ids: string[], onProgress: ExportProgress = () => undefined): Promise<ExportOutput> {
  const files: { name: string; csv: string }[] = [];
  const names = new NameAllocator();
  let done = 0;
  for await (const batch of clipBatches(db, ids)) {
    for (const { clip } of batch) {
      const table = clipTable(clip);
      if (table) files.push({ name: names.take(slugify(clip.title), '.csv'), csv: BOM + tableToCsv(table) });
      onProgress(++done, ids.length, 'Exporting');
    }
  }
  const [only] = files;
  if (!only) throw new Error(NO_TABLE_MESSAGE);
  if (files.length === 1) return { blob: new Blob([only.csv], { type: 'text/csv;charset=utf-8' }), filename: only.name };
  const zip = new ZipStream();
  for (const f of files) zip.addText(f.name, f.csv);
  return { blob: await zip.finish(), filename: `Sift tables ${dateStamp()}.zip` };
}
