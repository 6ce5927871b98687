import type { StoredClip } from '../../../storage/schema';
import { DataTable } from '../../../ui/DataTable';

/**
 * A clip's structured data in the reader (issue 7): a list page's records or a product's
 * attribute rows, as a real table: the shared DataTable (src/ui/), the same component the
 * popup's "Clip as table" preview uses, here with every row.
 */
export function ClipTable({ clip }: { clip: Pick<StoredClip, 'table' | 'attributes' | 'pageKind'> }) {
  if (clip.table && clip.table.rows.length > 0) {
    const { rows } = clip.table;
    return (
      <section class="clip-table" data-testid="clip-table" aria-label="Records">
        <DataTable table={clip.table} headers="columns" caption={`${rows.length.toLocaleString()} record${rows.length === 1 ? '' : 's'}`} label="Records table" class="clip-table-scroll" />
      </section>
    );
  }
  if (clip.attributes && clip.attributes.length > 0) {
    const table = { columns: ['Attribute', 'Value'], rows: clip.attributes.map((r) => [r.attribute, r.value]) };
    return (
      <section class="clip-table" data-testid="clip-attributes" aria-label="Attributes">
        <DataTable table={table} headers="rows" label="Attributes table" class="clip-table-scroll" />
      </section>
    );
  }
  return null;
}
