import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { jsonLdObjects, jsonLdTypes, shortType } from './jsonLd';

const page = (head: string) => new JSDOM(`<!doctype html><html><head>${head}</head><body></body></html>`, { url: 'https://site.example/' }).window.document;
const ld = (json: string, type = 'application/ld+json') => `<script type="${type}">${json}</script>`;

describe('jsonLd', () => {
  it('flattens arrays and @graph across blocks, skipping invalid ones', () => {
    const d = page(ld('{ not json') + ld('<!-- {"@type":"WebSite","name":"S"} -->') + ld('{"@graph":[{"@type":"Organization"},{"@type":"NewsArticle"}]}', 'Application/LD+JSON') + ld('null') + ld('[1, "x", {"@type":"Product"}]'));
    const types = jsonLdObjects(d).map((o) => o['@type'] ?? '(graph)');
    // Blocks in document order; inside a block the last array item comes first (metadata.ts's order).
    expect(types).toEqual(['WebSite', '(graph)', 'NewsArticle', 'Organization', 'Product']);
  });

  it('stays bounded on hostile input: a 110,000-item array, 10,000-deep nesting, an oversized block', () => {
    const huge = `[${Array.from({ length: 110_000 }, () => '{"@type":"Thing"}').join(',')}]`;
    const deep = `${'{"mainEntity":'.repeat(10_000)}{"@type":"Product"}${'}'.repeat(10_000)}`;
    expect(jsonLdObjects(page(ld(huge))).length).toBe(200);
    const nested = page(ld(deep));
    expect(jsonLdObjects(nested).length).toBe(1);
    // The walk into mainEntity stops at its visit budget instead of recursing 10,000 deep.
    expect(jsonLdTypes(nested).has('product')).toBe(false);
    const oversized = `{"@type":"Product","pad":"${'x'.repeat(2_000_001)}"}`;
    expect(jsonLdObjects(page(ld(oversized))).length).toBe(0);
  });

  it('reads nested entity types and microdata-style URLs as short names', () => {
    const d = page(ld('{"@type":"WebPage","mainEntity":{"@type":"https://schema.org/Product","offers":{"@type":"Offer"}}}'));
    expect([...jsonLdTypes(d)].sort()).toEqual(['product', 'webpage']);
    expect(shortType('http://schema.org/ItemList')).toBe('itemlist');
  });

  it('re-reads a block whose text changed (live pages rewrite them), and reuses the parse otherwise', () => {
    const d = page(ld('{"@type":"Article"}'));
    const first = jsonLdObjects(d)[0];
    expect(jsonLdObjects(d)[0]).toBe(first);
    d.querySelector('script')!.textContent = '{"@type":"Product"}';
    expect(jsonLdObjects(d)[0]?.['@type']).toBe('Product');
  });
});
