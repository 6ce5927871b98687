import { test, expect, navigation, prose, type TestServer } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The page kind in the popup (issue 7) on the BUILT extension: the popup's top label is the
 * kind the core's classifier gives the live page (not the clip mode), it is a real select,
 * and overriding it switches between the article clip, the product's attribute table and
 * "Clip as table"; the saved clip records the kind the user chose.
 */

function productHtml(server: Pick<TestServer, 'url'>): string {
  const specs: [string, string][] = [
    ['Brand', 'Northwind'],
    ['Model', 'KX-200'],
    ['Capacity', '1.7 litres'],
    ['Power', '2200 W'],
    ['Material', 'Brushed stainless steel'],
    ['Weight', '1.1 kg'],
    ['Colour', 'Silver'],
    ['Warranty', '2 years'],
  ];
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Northwind KX-200 Electric Kettle',
    brand: { '@type': 'Brand', name: 'Northwind' },
    sku: 'KX-200',
    offers: { '@type': 'Offer', price: '49.99', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Northwind KX-200 Electric Kettle – Northwind Shop</title>
<meta property="og:type" content="product"><script type="application/ld+json">${jsonLd}</script></head><body>
<header><a href="/">Northwind Shop</a>${navigation()}</header>
<main>
  <h1>Northwind KX-200 Electric Kettle</h1>
  <img src="${server.url('/img/480x480.png?c=180,180,190')}" width="480" height="480" alt="The kettle">
  <p class="price">€49.99</p><p class="stock">In stock, ships tomorrow</p>
  <button type="button">Add to cart</button> <button type="button">Buy now</button>
  <h2>Description</h2>
  <p>A quiet kettle that boils a full litre in under three minutes, with a concealed element, a limescale filter you can take out and wash, and a lid that opens at a touch without splashing.</p>
  <h2>Specifications</h2>
  <table class="specs">${specs.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>
</main>
<footer><p>© Northwind Shop</p>${navigation()}</footer></body></html>`;
}

function articlePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Long Winter | The Valley Courier</title>
<meta property="og:type" content="article"><meta property="og:title" content="The Long Winter"></head><body>
<header><a href="/">The Valley Courier</a>${navigation()}</header>
<main><article><h1>The Long Winter</h1><p class="byline">By Ada Lovelace</p>${prose(9, 'winter')}</article></main>
<footer>${navigation()}</footer></body></html>`;
}

function resultsPage(): string {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const n = i + 1;
    return `<li class="result"><h3><a href="/doc/${n}">Flood report ${n}: river levels in district ${n}</a></h3>
<p class="snippet">Measurements from gauge station ${n}, taken every morning during the flood of 1987.</p>
<p class="meta"><span class="date">1987-03-${String(n).padStart(2, '0')}</span> · <span class="size">${100 + n * 7} KB</span></p></li>`;
  }).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Search: flood report – Valley Archive</title></head><body>
<header><a href="/">Valley Archive</a>${navigation()}<form action="/search"><input name="q" value="flood report"><button>Search</button></form></header>
<main><h1>Results for “flood report”</h1><p>12 of 340 results</p><ol class="results">${rows}</ol>
<nav class="pages"><a href="?p=1">1</a> <a href="?p=2">2</a> <a href="?p=2">Next</a></nav></main>
<footer>${navigation()}</footer></body></html>`;
}

async function open(context: BrowserContext, server: TestServer, path: string, html: string): Promise<Page> {
  server.setPage(path, html);
  const page = await context.newPage();
  await page.goto(server.url(path));
  await page.waitForLoadState('load');
  return page;
}

test('the top label is the page kind: article, product and list pages, each with its own clip mode', async ({ context, server, openPopup }) => {
  const article = await openPopup(await open(context, server, '/winter.html', articlePage()));
  const label = article.locator('header').getByTestId('page-kind');
  await expect(label).toHaveValue('article', { timeout: 15_000 });
  await expect(label).toHaveAccessibleName(/Page kind/);
  // An article clips as an article: the opening paragraphs, no table controls.
  await expect(article.locator('.opening')).toContainText('winter');
  await expect(article.getByTestId('records')).toHaveCount(0);

  const product = await openPopup(await open(context, server, '/kettle.html', productHtml(server)));
  await expect(product.locator('header').getByTestId('page-kind')).toHaveValue('product', { timeout: 15_000 });
  await expect(product.getByTestId('records')).toContainText('Keep the attribute table');
  const attributes = product.getByTestId('table-preview');
  await expect(attributes).toContainText('Capacity');
  await expect(attributes).toContainText('1.7 litres');

  // The results page: whatever the core's kind model guesses (its accuracy is the records
  // stage's business), "List" in the top label clips it as a table.
  const list = await openPopup(await open(context, server, '/results.html', resultsPage()));
  const listKind = list.locator('header').getByTestId('page-kind');
  await expect(listKind).toHaveValue(/^(article|product|list|forum|documentation|other)$/, { timeout: 15_000 });
  if ((await listKind.inputValue()) !== 'list') await listKind.selectOption('list');
  await expect(listKind).toHaveValue('list', { timeout: 15_000 });
  await expect(list.getByTestId('records')).toContainText('Clip as table (12 rows)', { timeout: 15_000 });
  await expect(list.getByTestId('table-preview')).toContainText('Flood report 3: river levels in district 3');
});

test('overriding the kind switches the clip mode, and the saved clip records the chosen kind', async ({ context, server, openPopup, readDb }) => {
  // A product page clipped as an article: no attribute table, the description instead.
  const product = await openPopup(await open(context, server, '/kettle.html', productHtml(server)));
  const kind = product.getByTestId('page-kind');
  await expect(kind).toHaveValue('product', { timeout: 15_000 });
  await kind.focus();
  await kind.selectOption('article');
  await expect(product.locator('.popup')).toHaveAttribute('data-phase', 'preview', { timeout: 15_000 });
  await expect(product.getByTestId('page-kind')).toHaveValue('article');
  await expect(product.getByTestId('records')).toHaveCount(0);
  await expect(product.getByTestId('table-preview')).toHaveCount(0);
  await product.getByTestId('save').click();
  await expect(product.getByTestId('saved')).toBeVisible({ timeout: 20_000 });

  // A search-results page: the user says it is a list → "Clip as table" → saved with its table.
  const results = await openPopup(await open(context, server, '/results.html', resultsPage()));
  await expect(results.getByTestId('page-kind')).toHaveValue(/^(article|product|list|forum|documentation|other)$/, { timeout: 15_000 });
  await results.getByTestId('page-kind').selectOption('forum');
  await expect(results.getByTestId('page-kind')).toHaveValue('forum', { timeout: 15_000 });
  await expect(results.getByTestId('records')).toHaveCount(0);
  await results.getByTestId('page-kind').selectOption('list');
  await expect(results.getByTestId('page-kind')).toHaveValue('list', { timeout: 15_000 });
  await expect(results.getByTestId('as-table')).toBeChecked();
  await results.getByTestId('save').click();
  await expect(results.getByTestId('saved')).toBeVisible({ timeout: 20_000 });

  const db = await readDb();
  const byUrl = Object.fromEntries(db.clips.map((c) => [new URL(String(c.url)).pathname, c as { pageKind?: string; attributes?: unknown[]; table?: { rows: string[][] } }]));
  expect(byUrl['/kettle.html']!.pageKind).toBe('article');
  expect(byUrl['/kettle.html']!.attributes).toBeUndefined();
  expect(byUrl['/results.html']!.pageKind).toBe('list');
  expect(byUrl['/results.html']!.table!.rows).toHaveLength(12);
});
