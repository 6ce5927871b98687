import type { StoredClip } from '../../../storage/schema';

/**
 * A clip's structured data in the reader (issue 7): a list page's records or a product's
 * attribute rows, as a real table. Cells are text nodes made by Preact, never HTML: the
 * page's text cannot become markup here.
 */
export function ClipTable({ clip }: { clip: Pick<StoredClip, 'table' | 'attributes' | 'pageKind'> }) {
  if (clip.table && clip.table.rows.length > 0) {
    const { columns, rows } = clip.table;
    return (
      <section class="clip-table" data-testid="clip-table" aria-label="Records">
        <div class="clip-table-scroll">
          <table>
            <caption>{`${rows.length.toLocaleString()} record${rows.length === 1 ? '' : 's'}`}</caption>
            <thead>
              <tr>{columns.map((c, i) => <th key={i} scope="col">{c}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>{columns.map((_, i) => <td key={i}>{row[i] ?? ''}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    );
  }
  if (clip.attributes && clip.attributes.length > 0) {
    return (
      <section class="clip-table" data-testid="clip-attributes" aria-label="Attributes">
        <table>
          <tbody>
            {clip.attributes.map((row, r) => (
              <tr key={r}>
                <th scope="row">{row.attribute}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    );
  }
  return null;
}
