// @vitest-environment jsdom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ClipTable } from '../pages/reader/components/ClipTable';
import { DataTable } from './DataTable';

/** The shared table (popup preview + reader): text cells only, header modes, row cap. */

let host: HTMLElement;
function mount(node: preact.ComponentChild): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  render(node, host);
  return host;
}
afterEach(() => {
  render(null, host);
  host.remove();
});

const table = {
  columns: ['Name', 'Price'],
  rows: Array.from({ length: 12 }, (_, i) => [`Item ${i + 1} <img src=x onerror="alert(1)">`, `$${i}.00`]),
};

describe('DataTable', () => {
  it('records: a header row, page text as text cells, the first rows then the count of the rest', () => {
    const root = mount(<DataTable table={table} headers="columns" maxRows={8} label="Preview" testId="t" />);
    const el = root.querySelector('[data-testid="t"]') as HTMLTableElement;
    expect([...el.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([['Name', 'col'], ['Price', 'col']]);
    expect(el.querySelectorAll('tbody tr')).toHaveLength(8);
    expect(el.querySelector('td')?.textContent).toBe('Item 1 <img src=x onerror="alert(1)">');
    expect(el.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('and 4 rows more');
    // The scroll box is named and reachable by keyboard (arrow keys scroll a wide table).
    const box = root.querySelector('.data-table') as HTMLElement;
    expect(box.getAttribute('role')).toBe('region');
    expect(box.getAttribute('aria-label')).toBe('Preview');
    expect(box.tabIndex).toBe(0);
  });

  it('attributes: no header row, each row headed by its first cell; no cap shows every row', () => {
    const root = mount(<DataTable table={{ columns: ['Attribute', 'Value'], rows: [['Brand', 'Acme'], ['Weight', '1.2 kg']] }} headers="rows" label="Attributes" />);
    expect(root.querySelector('thead')).toBeNull();
    const rows = [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => `${c.tagName}:${c.textContent}`));
    expect(rows).toEqual([['TH:Brand', 'TD:Acme'], ['TH:Weight', 'TD:1.2 kg']]);
    expect(root.textContent).not.toContain('more');
  });

  it('the reader\'s ClipTable renders through it: records with a caption and every row; attributes as row headers', () => {
    let root = mount(<ClipTable clip={{ table, pageKind: 'list' }} />);
    const section = root.querySelector('[data-testid="clip-table"]')!;
    expect(section.querySelector('.data-table caption')?.textContent).toBe('12 records');
    expect(section.querySelectorAll('tbody tr')).toHaveLength(12);
    render(null, host);
    host.remove();
    root = mount(<ClipTable clip={{ attributes: [{ attribute: 'Capacity', value: '1.7 litres' }], pageKind: 'product' }} />);
    const attrs = root.querySelector('[data-testid="clip-attributes"] .data-table')!;
    expect(attrs.querySelector('th[scope="row"]')?.textContent).toBe('Capacity');
    expect(attrs.querySelector('td')?.textContent).toBe('1.7 litres');
  });
});
