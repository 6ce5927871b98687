import type { AttributeRow, RecordTable } from '../core/types';
import { MAX_RECORD_CELL_CHARS, MAX_RECORD_COLUMNS, MAX_RECORD_NAME_CHARS, MAX_RECORD_ROWS, type ClipData } from '../shared/messages';

/**
 * Trims the core's structured-page output to the protocol's limits before it leaves the
 * page (issue 7). The receiving side rejects anything larger outright, so an unusually long
 * cell or a huge list must be cut here, where cutting loses a little, rather than there,
 * where it would lose the whole clip.
 */

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function capAttributes(rows: readonly AttributeRow[]): AttributeRow[] {
  return rows.slice(0, MAX_RECORD_ROWS).map((r) => ({ attribute: cut(r.attribute, MAX_RECORD_NAME_CHARS), value: cut(r.value, MAX_RECORD_CELL_CHARS) }));
}

/** Every row gets exactly one cell per kept column (the RecordTable contract). */
export function capTable(table: RecordTable): RecordTable {
  const columns = table.columns.slice(0, MAX_RECORD_COLUMNS).map((c) => cut(c, MAX_RECORD_NAME_CHARS));
  const rows = table.rows.slice(0, MAX_RECORD_ROWS).map((row) => columns.map((_, i) => cut(row[i] ?? '', MAX_RECORD_CELL_CHARS)));
  return { columns, rows };
}

/** The clip with its structured-page fields trimmed; empty attribute lists and tables are dropped. */
export function capRecords(clip: ClipData): ClipData {
  const out: ClipData = { ...clip };
  delete out.attributes;
  delete out.table;
  if (clip.attributes && clip.attributes.length > 0) out.attributes = capAttributes(clip.attributes);
  if (clip.table && clip.table.columns.length > 0 && clip.table.rows.length > 0) out.table = capTable(clip.table);
  return out;
}

/** Whether the clip carries structured data worth keeping even when it has little running text. */
export function hasRecords(clip: ClipData): boolean {
  return (clip.table?.rows.length ?? 0) > 0 || (clip.attributes?.length ?? 0) > 0;
}
