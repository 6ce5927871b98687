import type { PageKind, RecordTable } from '../../core/types';
import { PAGE_KINDS, type ClipData } from '../../shared/messages';
import { DataTable, rowCount } from '../../ui/DataTable';

/**
 * Structured pages in the popup (issue 7): the page kind the core guessed, shown in the
 * popup's top bar as a select to override it (the preview re-runs with that kind), and for
 * list and product pages the "Clip as table" preview. Every cell is a text node made by
 * Preact: page text never becomes markup here.
 */

export const KIND_LABELS: Record<PageKind, string> = {
  article: 'Article',
  product: 'Product',
  list: 'List / search results',
  forum: 'Forum thread',
  documentation: 'Documentation',
  other: 'Other',
};

/** The popup is small: a taste of the table; the clip keeps every row. */
const PREVIEW_ROWS = 8;

/** The table a clip would be saved with: a list's records, or a product's attributes as two columns. */
export function tableOf(clip: ClipData): RecordTable | null {
  if (clip.pageKind === 'list' && clip.table && clip.table.rows.length > 0) return clip.table;
  if (clip.pageKind === 'product' && clip.attributes && clip.attributes.length > 0) {
    return { columns: ['Attribute', 'Value'], rows: clip.attributes.map((r) => [r.attribute, r.value]) };
  }
  return null;
}

/**
 * The page kind as the popup's top label: a real <select>, so the user overrides the
 * guess with the keyboard as easily as with the mouse. Article, forum, documentation and
 * other clip the article; product keeps the attribute table; list clips as a table.
 */
export function KindSelect({ kind, onKind, disabled }: { kind: PageKind; onKind: (kind: PageKind) => void; disabled: boolean }) {
  return (
    <select
      class="kind-pill"
      data-testid="page-kind"
      aria-label="Page kind (change it to clip the page another way)"
      title="Page kind: change it to clip the page another way"
      value={kind}
      disabled={disabled}
      onChange={(e) => onKind((e.currentTarget as HTMLSelectElement).value as PageKind)}
    >
      {PAGE_KINDS.map((k) => (
        <option key={k} value={k}>
          {KIND_LABELS[k]}
        </option>
      ))}
    </select>
  );
}

export interface RecordsProps {
  clip: ClipData;
  /** Whether the table goes into the saved clip. */
  asTable: boolean;
  onAsTable: (on: boolean) => void;
  disabled: boolean;
}

/** "Clip as table" for list and product pages; nothing for the other kinds. */
export function Records({ clip, asTable, onAsTable, disabled }: RecordsProps) {
  if (clip.pageKind !== 'list' && clip.pageKind !== 'product') return null;
  const table = tableOf(clip);
  return (
    <section class="records" data-testid="records">
      {table ? (
        <>
          <label class="as-table">
            <input type="checkbox" data-testid="as-table" checked={asTable} disabled={disabled} onChange={(e) => onAsTable((e.currentTarget as HTMLInputElement).checked)} />
            <span>{clip.pageKind === 'list' ? `Clip as table (${rowCount(table.rows.length)})` : `Keep the attribute table (${rowCount(table.rows.length)})`}</span>
          </label>
          {asTable && <TablePreview table={table} />}
        </>
      ) : (
        <p class="muted small" data-testid="no-table">
          {clip.pageKind === 'list' ? 'No repeated records found on this page.' : 'No attribute table found on this page.'}
        </p>
      )}
    </section>
  );
}

/** The "Clip as table" preview: the shared table (src/ui/DataTable.tsx), its first rows. */
export function TablePreview({ table }: { table: RecordTable }) {
  return <DataTable table={table} headers="columns" maxRows={PREVIEW_ROWS} label="Table preview" class="table-preview" testId="table-preview" />;
}
