import type { RecordTable } from '../core/types';
import './DataTable.css';

/**
 * A clip's structured data as a real table (issue 7): a list page's records or a product's
 * attribute rows. One component for every extension page that shows it (the popup's
 * "Clip as table" preview and the reader), so both render page text the same safe way:
 * every cell is a text node made by Preact, never HTML.
 *
 * The table scrolls inside its own box, never the page around it (a 24-column table must
 * not make the 420 px popup scroll sideways); the box is focusable so a keyboard user can
 * scroll it with the arrow keys.
 */
export interface DataTableProps {
  table: RecordTable;
  /**
   * `columns`: a header row from `table.columns` (records). `rows`: no header row; each
   * row's first cell is its header (attribute → value pairs).
   */
  headers: 'columns' | 'rows';
  /** Show only the first rows, then "and N rows more" (a preview; the clip keeps every row). */
  maxRows?: number;
  caption?: string;
  /** Names the scroll box for assistive technology. */
  label: string;
  /** Extra class on the scroll box, for the page's own look. */
  class?: string;
  /** data-testid of the <table> element (each page's tests name their own). */
  testId?: string;
}

export function rowCount(n: number): string {
  return `${n.toLocaleString()} row${n === 1 ? '' : 's'}`;
}

export function DataTable({ table, headers, maxRows, caption, label, class: className, testId }: DataTableProps) {
  const shown = maxRows === undefined ? table.rows : table.rows.slice(0, maxRows);
  const more = table.rows.length - shown.length;
  return (
    <>
      <div class={`data-table${className ? ` ${className}` : ''}`} role="region" aria-label={label} tabIndex={0}>
        <table data-testid={testId}>
          {caption !== undefined && <caption>{caption}</caption>}
          {headers === 'columns' && (
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={i} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {shown.map((row, r) => (
              <tr key={r}>
                {table.columns.map((_, i) =>
                  headers === 'rows' && i === 0 ? (
                    <th key={i} scope="row">
                      {row[i] ?? ''}
                    </th>
                  ) : (
                    <td key={i}>{row[i] ?? ''}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && <p class="data-table-more muted small">and {rowCount(more)} more</p>}
    </>
  );
}
