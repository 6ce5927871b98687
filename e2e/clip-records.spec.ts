import { test, expect, navigation, type TestServer } from './fixtures';
import { READER, exportThroughUi, openLibrary } from './library-helpers';

/**
 * Structured pages (issue 7) on the BUILT extension: a shop's search-results grid is
 * recognised as a list in the live page, the popup previews its records as a table, and
 * the saved clip holds that table in IndexedDB.
 */

const PRODUCTS: [name: string, price: string, rating: string, stock: string][] = [
  ['Aero 14 Ultrabook, 16 GB, 512 GB SSD', '$999.00', '4.6 out of 5 stars', 'In stock'],
  ['Zen 13 OLED Laptop, 8 GB, 256 GB SSD', '$749.99', '4.3 out of 5 stars', 'Only 3 left'],
  ['Vector 15 Gaming Laptop, RTX 4060', '$1,299.00', '4.7 out of 5 stars', 'In stock'],
  ['Pico 11 Chromebook, 4 GB, 64 GB eMMC', '$229.00', '3.9 out of 5 stars', 'In stock'],
  ['Atlas 16 Workstation, 32 GB, 1 TB SSD', '$2,149.00', '4.8 out of 5 stars', 'Ships in 2 weeks'],
  ['Swift 14 Air, 16 GB, 1 TB SSD', '$1,099.00', '4.5 out of 5 stars', 'In stock'],
  ['Nomad 13 2-in-1 Convertible', '$849.00', '4.1 out of 5 stars', 'Only 1 left'],
  ['Forge 17 Creator Laptop, RTX 4070', '$1,899.00', '4.4 out of 5 stars', 'In stock'],
  ['Lumen 14 Business Laptop, vPro', '$1,179.00', '4.2 out of 5 stars', 'In stock'],
  ['Breeze 15 Everyday Laptop, 8 GB', '$549.00', '4.0 out of 5 stars', 'In stock'],
];

function productGridHtml(server: Pick<TestServer, 'url'>): string {
  const cards = PRODUCTS.map(
    ([name, price, rating, stock], i) => `
    <li class="product-card">
      <a class="thumb" href="/p/${i + 1}"><img src="${server.url(`/img/220x160.png?c=${40 + i * 15},110,170`)}" width="220" height="160" alt=""></a>
      <h2 class="product-title"><a href="/p/${i + 1}">${name}</a></h2>
      <div class="price"><span class="amount">${price}</span></div>
      <div class="rating" aria-label="${rating}">${rating}</div>
      <p class="availability">${stock}</p>
      <button type="button">Add to cart</button>
    </li>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Laptops – Search results – Northwind Electronics</title>
<style>
  .grid { display: grid; grid-template-columns: repeat(3, 240px); gap: 16px; list-style: none; padding: 0; }
  .product-card { border: 1px solid #ddd; padding: 10px; }
  .product-title { font-size: 15px; margin: 6px 0; }
  aside { float: left; width: 180px; }
</style></head>
<body>
<header><a href="/">Northwind Electronics</a>${navigation()}<form action="/search"><input name="q" value="laptop"><button>Search</button></form></header>
<aside><h3>Filter</h3><ul><li><a href="?brand=aero">Aero</a></li><li><a href="?brand=zen">Zen</a></li><li><a href="?price=0-500">Under $500</a></li><li><a href="?price=500-1000">$500 to $1,000</a></li></ul></aside>
<main>
  <h1>Laptops</h1>
  <p class="count">Showing 1–${PRODUCTS.length} of 214 results for “laptop”</p>
  <ul class="grid">${cards}
  </ul>
  <nav class="pages"><a href="?page=1">1</a> <a href="?page=2">2</a> <a href="?page=3">3</a> <a href="?page=2">Next</a></nav>
</main>
<footer><p>© 2026 Northwind Electronics. Prices include VAT.</p>${navigation()}</footer>
</body></html>`;
}

test('a product grid previews as a list table and is saved with its table', async ({ context, server, openPopup, readDb }) => {
  server.setPage('/laptops.html', productGridHtml(server));
  const page = await context.newPage();
  await page.goto(server.url('/laptops.html'));
  await page.waitForLoadState('load');

  const popup = await openPopup(page);
  await expect(popup.getByTestId('page-kind')).toHaveValue('list', { timeout: 15_000 });
  const preview = popup.getByTestId('table-preview');
  await expect(preview).toBeVisible();
  await expect(popup.getByTestId('as-table')).toBeChecked();
  await expect(popup.getByTestId('records')).toContainText(`Clip as table (${PRODUCTS.length} rows)`);
  // Every product name and price is a cell of the preview (it shows the first rows).
  await expect(preview.locator('tbody tr')).toHaveCount(8);
  await expect(preview.locator('tbody')).toContainText('Aero 14 Ultrabook');
  await expect(preview.locator('tbody')).toContainText('$749.99');
  expect(await preview.locator('img, script, a').count()).toBe(0);

  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });

  const db = await readDb();
  expect(db.clips).toHaveLength(1);
  const stored = db.clips[0] as { pageKind?: string; table?: { columns: string[]; rows: string[][] } };
  expect(stored.pageKind).toBe('list');
  const table = stored.table!;
  expect(table.rows).toHaveLength(PRODUCTS.length);
  for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
  // Each product is one row holding its own name and price.
  for (const [name, price] of PRODUCTS) {
    const row = table.rows.find((r) => r.some((cell) => cell.includes(name)));
    expect(row, name).toBeDefined();
    expect(row!.some((cell) => cell.includes(price)), `${name} → ${price}`).toBe(true);
  }
});

test('the saved table shows in the reader as text cells and exports as CSV from the library', async ({ context, server, extensionId, openPopup, readDb }) => {
  server.setPage('/laptops.html', productGridHtml(server));
  const page = await context.newPage();
  await page.goto(server.url('/laptops.html'));
  const popup = await openPopup(page);
  await expect(popup.getByTestId('table-preview')).toBeVisible({ timeout: 15_000 });
  await popup.getByTestId('save').click();
  await expect(popup.getByTestId('saved')).toBeVisible({ timeout: 20_000 });
  const [clip] = (await readDb()).clips;

  const reader = await context.newPage();
  await reader.goto(`chrome-extension://${extensionId}/${READER}?id=${encodeURIComponent(String(clip!.id))}`);
  const table = reader.getByTestId('clip-table');
  await expect(table.locator('tbody tr')).toHaveCount(PRODUCTS.length);
  await expect(table.locator('thead th').first()).toBeVisible();
  await expect(table).toContainText('Vector 15 Gaming Laptop, RTX 4060');
  await expect(table).toContainText('$2,149.00');
  expect(await table.locator('img, a, script').count()).toBe(0);

  const library = await openLibrary(context, extensionId);
  const { name, bytes } = await exportThroughUi(library, 'csv');
  expect(name).toMatch(/\.csv$/);
  const csv = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(PRODUCTS.length + 1);
  // A price with a comma is quoted, as RFC 4180 asks.
  expect(csv).toContain('"$1,299.00"');
  expect(csv).toContain('Aero 14 Ultrabook');
});
