// @vitest-environment jsdom
/**
 * Stage-by-stage tests of the structured-pages module on small hand-written pages.
 * jsdom has no layout: a probe that trusts `hidden`/inline styles stands in for it.
 */
import { describe, expect, it } from 'vitest';
import { extract } from '../extract';
import { computeStats } from '../stats';
import type { LayoutProbe } from '../types';
import { extractAttributes, splitKeyValue } from './attributes';
import { mineRegionInSequence } from './dataRegion';
import { type DomIndex, buildDomIndex, childIndices } from './domIndex';
import { extractRecords } from './index';
import { KIND_MODEL } from './kindModel';
import { classifyPageKind, collectSignals, kindFeatures } from './pageKind';
import { findRepeatedSiblings } from './recordMining';
import { simpleTreeMatch } from './schema';

const probe: LayoutProbe = {
  isRendered: (el) => !el.hasAttribute('hidden') && !/display\s*:\s*none/u.test(el.getAttribute('style') ?? ''),
  renderedWidth: () => null,
  renderedHeight: () => null,
};

function page(body: string, head = '', url = 'https://shop.example/'): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = `<base href="${url}">${head}`;
  doc.body.innerHTML = body;
  Object.defineProperty(doc, 'URL', { value: url });
  return doc;
}

function index(doc: Document): DomIndex {
  return buildDomIndex(computeStats(doc, probe)!);
}

const NAV = '<nav><ul><li><a href="/a">Home</a></li><li><a href="/b">Shop</a></li><li><a href="/c">About</a></li><li><a href="/d">Contact</a></li></ul></nav>';
const FOOTER = '<footer><p>© Example shop. <a href="/terms">Terms</a> · <a href="/privacy">Privacy</a></p></footer>';

const PRODUCT = `${NAV}
<main><h1>Trail 25 Pack</h1><p>A light day pack for long hikes. It carries water and snacks, and it fits most torsos.</p>
<span class="price">$79.95</span><button>Add to cart</button>
<section id="specs"><h2>Technical specs</h2><table>
<tr><th>Brand</th><td>Trailco</td></tr>
<tr><th>Weight</th><td>1 lb. 13 oz.</td></tr>
<tr><th>Gear Capacity (L)</th><td>25 liters</td></tr>
<tr><th>Frame Type</th><td>Internal Frame</td></tr>
<tr><th>Color</th><td>Blue</td></tr>
</table>
<ul><li><b>Material:</b> Ripstop nylon</li><li>Hipbelt: Yes</li><li>产地：中国</li></ul></section></main>${FOOTER}`;

const GRID_CARD = (name: string, price: string, i: number): string =>
  `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""><h3 class="card-title">${name}</h3></a>` +
  `<span class="visually-hidden">Regular price</span><span class="price">${price}</span><span class="fit">regular fit</span></div>`;
const LIST = `${NAV}<main><h1>All T-shirts</h1><p>12 products</p><div class="grid">${[
  ['Arrival Tee', '$22'], ['Crest Tee', '$24'], ['Power Tee', '$36'], ['Vital Tank', '$28'], ['Legacy Tank', '$30'], ['Element Tee', '$34'],
].map(([n, p], i) => GRID_CARD(n!, p!, i)).join('')}</div></main>${FOOTER}`;

describe('buildDomIndex (one iterative pass)', () => {
  it('keeps document order, subtree sizes, own text, and drops screen-reader-only text', () => {
    const doc = page('<div><p>Hello <b>bold</b> world</p><span class="sr-only">Regular price</span><script>x()</script></div>');
    const ix = index(doc);
    expect(ix.nodes.map((n) => n.tagName)).toEqual(['BODY', 'DIV', 'P', 'B', 'SPAN']);
    expect(ix.size[1]).toBe(4);
    expect(ix.ownText[2]).toBe('Hello world');
    expect(ix.ownText[4]).toBe('');
    expect(ix.leafCount[0]).toBe(2);
    expect(childIndices(ix, 1)).toEqual([2, 4]);
  });

  it('walks a 3,000-deep page without recursion', { timeout: 60_000 }, () => {
    const doc = page('');
    // Built from the inside out: appending under a detached node is O(1) in jsdom, while
    // appending 3,000 times at the bottom of a live chain costs O(depth) each (37 s here).
    let el: Element = doc.createElement('div');
    el.textContent = 'deep text: value';
    for (let i = 1; i < 3000; i++) { const d = doc.createElement('div'); d.appendChild(el); el = d; }
    doc.body.appendChild(el);
    const r = extractRecords(doc, { layout: probe, kind: 'product' });
    expect(r.trace.elements).toBe(3001);
  });
});

describe('attributes: WVC weights + Viterbi walk (SPEC §3 step 4)', () => {
  it('splits "Key: value" leaves, not times or URLs', () => {
    expect(splitKeyValue('Brand: GUSILOR')).toEqual({ key: 'Brand', value: 'GUSILOR' });
    expect(splitKeyValue('产地：中国')).toEqual({ key: '产地', value: '中国' });
    expect(splitKeyValue('Weight:')).toEqual({ key: 'Weight', value: '' });
    expect(splitKeyValue('Opens at 10:30')).toBeNull();
    expect(splitKeyValue('see https://example.com')).toBeNull();
  });

  it('walks from <body> to the spec section and reads its pairs, not the navigation', () => {
    const ix = index(page(PRODUCT));
    const { rows, trace } = extractAttributes(ix);
    expect(ix.nodes[trace.region]!.id).toBe('specs');
    // δ rises along the path, then stops.
    for (let i = 1; i < trace.weights.length; i++) expect(trace.weights[i]!).toBeGreaterThanOrEqual(trace.weights[i - 1]!);
    expect(rows).toEqual([
      { attribute: 'Brand', value: 'Trailco' },
      { attribute: 'Weight', value: '1 lb. 13 oz.' },
      { attribute: 'Gear Capacity (L)', value: '25 liters' },
      { attribute: 'Frame Type', value: 'Internal Frame' },
      { attribute: 'Color', value: 'Blue' },
      { attribute: 'Material', value: 'Ripstop nylon' },
      { attribute: 'Hipbelt', value: 'Yes' },
      { attribute: '产地', value: '中国' },
    ]);
  });

  it('drops rows that are not the product’s attributes: prose bullets, teaser titles, reviewer profiles, footer, duplicates', () => {
    const bullets = '<li>Waterproof: With IPX4-level protection, the earphones defend against sweat. They last for years, even in heavy rain on long runs.</li>';
    const review = (n: number): string => `<div class="review"><span>Age:</span><span>35–44</span><span>Location:</span><span>City ${n}</span><p>Great pack, I use it every weekend and it holds up.</p></div>`;
    const doc = page(`${NAV}<main><h1>Trail 25</h1><section id="specs"><table>
      <tr><th>Brand</th><td>Trailco</td></tr><tr><th>Weight</th><td>1 lb.</td></tr><tr><th>Color</th><td>Blue</td></tr><tr><th>Color</th><td>Blue</td></tr>
      <tr><th>Price (€)</th><td>*</td></tr></table><ul>${bullets}</ul>
      <h3>Trail 25: a pack for long days</h3><a href="/guide">Size guide: how to choose</a>
      <div class="reviews">${[1, 2, 3].map(review).join('')}</div></section></main>
      <footer><p>Tel: 03 59 55 40 40</p><p>Shipping: worldwide</p></footer>`);
    const dropped: Record<string, number> = {};
    const { rows } = extractAttributes(index(doc), dropped);
    expect(rows).toEqual([
      { attribute: 'Brand', value: 'Trailco' },
      { attribute: 'Weight', value: '1 lb.' },
      { attribute: 'Color', value: 'Blue' },
    ]);
    expect(dropped['duplicate']).toBe(1);
    expect(dropped['no value']).toBe(1);
    expect(dropped['prose value']).toBe(1);
    expect(dropped['title']).toBeGreaterThanOrEqual(1);
    expect(dropped['user content']).toBeGreaterThanOrEqual(6);
  });

  it('finds nothing on a page without attribute records', () => {
    const ix = index(page(`${NAV}<article><p>Just prose. Nothing else, really.</p><p>More prose here.</p></article>`));
    expect(extractAttributes(ix).rows).toEqual([]);
  });
});

describe('data region mining (SPEC §4 step 1)', () => {
  it('reproduces the paper’s worked example: h = 9, region {7,8,7,6,8,7,6,8,7,6}', () => {
    const S = [6, 7, 8, 7, 6, 9, 7, 8, 7, 6, 8, 7, 6, 8, 7, 6, 9, 8];
    const region = mineRegionInSequence(S)!;
    expect(region.threshold).toBe(9);
    expect(S.slice(region.start, region.end)).toEqual([7, 8, 7, 6, 8, 7, 6, 8, 7, 6]);
  });
});

describe('simple tree matching (Yang 1991)', () => {
  it('counts the maximum matching of two small trees', () => {
    const doc = page('<div id="a"><h3>x</h3><span>1</span><span>2</span></div><div id="b"><h3>y</h3><em>e</em><span>3</span></div>');
    const ix = index(doc);
    const a = ix.indexOf.get(doc.getElementById('a')!)!;
    const b = ix.indexOf.get(doc.getElementById('b')!)!;
    const pairs = simpleTreeMatch(ix, a, b);
    // roots + h3 + one span
    expect(pairs.length).toBe(3);
    expect(pairs.map(([x, y]) => `${ix.nodes[x]!.tagName}-${ix.nodes[y]!.tagName}`).sort()).toEqual(['DIV-DIV', 'H3-H3', 'SPAN-SPAN']);
  });
});

describe('records → table (SPEC §4 steps 2–3)', () => {
  it('turns a product grid into one row per card with title, price and link columns', () => {
    const doc = page(LIST, '', 'https://shop.example/collections/tees');
    const r = extractRecords(doc, { layout: probe });
    expect(r.pageKind).toBe('list');
    const t = r.table!;
    expect(t.rows.length).toBe(6);
    const col = (name: string): number => t.columns.indexOf(name);
    expect(col('Title')).toBeGreaterThanOrEqual(0);
    expect(col('Price')).toBeGreaterThanOrEqual(0);
    expect(t.rows.map((row) => row[col('Title')])).toEqual(['Arrival Tee', 'Crest Tee', 'Power Tee', 'Vital Tank', 'Legacy Tank', 'Element Tee']);
    expect(t.rows[2]![col('Price')]).toBe('$36');
    expect(t.rows[0]![col('Link')]).toBe('https://shop.example/p/0');
    // Screen-reader labels and constant columns are not data.
    expect(t.rows.flat()).not.toContain('Regular price');
    expect(t.columns).not.toContain('Fit');
  });

  it('finds the grid as the repeated sibling group, not the menu of one-leaf links', () => {
    const ix = index(page(LIST));
    const g = findRepeatedSiblings(ix)!;
    expect(ix.nodes[g.parent]!.className).toBe('grid');
    expect(g.members.length).toBe(6);
  });
});

describe('page kind (named rules over cheap signals)', () => {
  const kindOf = (doc: Document): string => {
    const ix = index(doc);
    return classifyPageKind(collectSignals(doc, ix, findRepeatedSiblings(ix), null)).kind;
  };
  it('product: JSON-LD Product, buy button, one price', () => {
    const head = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail 25","offers":{"price":"79.95","priceCurrency":"USD"}}</script>';
    expect(kindOf(page(PRODUCT, head, 'https://shop.example/products/trail-25'))).toBe('product');
  });
  it('list: priced repeated records', () => {
    expect(kindOf(page(LIST, '', 'https://shop.example/collections/tees'))).toBe('list');
  });
  it('article: schema Article and prose', () => {
    const prose = '<p>' + 'The council met on Tuesday to discuss the new bridge, and most members agreed that the plan needs more money. '.repeat(4) + '</p>';
    const head = '<meta property="og:type" content="article"><script type="application/ld+json">{"@graph":[{"@type":"NewsArticle","headline":"Bridge"}]}</script>';
    expect(kindOf(page(`${NAV}<article><h1>Bridge</h1>${prose.repeat(5)}</article>${FOOTER}`, head, 'https://news.example/2024/bridge'))).toBe('article');
  });
  it('forum: DiscussionForumPosting and forum words', () => {
    const post = (n: number): string => `<div class="post"><a href="/u/${n}">user${n}</a><span>Joined 2020</span><p>I think the answer is to restart it. Did that help?</p><a href="#">Reply</a><a href="#">Quote</a></div>`;
    const head = '<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Help"}</script>';
    expect(kindOf(page(`${NAV}<h1>Help with my router</h1>${[1, 2, 3, 4, 5].map(post).join('')}`, head, 'https://forum.example/t/help/1'))).toBe('forum');
  });
  it('documentation: docs host and code blocks', () => {
    const code = '<pre><code>npm install thing</code></pre><p>Then call it.</p>';
    expect(kindOf(page(`${NAV}<main><h1>Install</h1>${code.repeat(4)}</main>`, '', 'https://docs.example.org/install'))).toBe('documentation');
  });
  it('the shipped model has a weight column for every feature kindFeatures() computes, and no other', () => {
    const ix = index(page(LIST));
    const { names } = kindFeatures(collectSignals(page(LIST), ix, findRepeatedSiblings(ix), null));
    expect([...KIND_MODEL.features]).toEqual(names);
    expect(KIND_MODEL.weights.every((w) => w.length === names.length)).toBe(true);
  });
  it('a user override wins over the classifier', () => {
    expect(extractRecords(page(LIST), { layout: probe, kind: 'product' }).pageKind).toBe('product');
  });
});

describe('pipeline hook: extract(doc, { records })', () => {
  it('fills Clip.pageKind and attributes from the same walk, only when asked', () => {
    const doc = page(PRODUCT, '', 'https://shop.example/products/trail-25');
    const plain = extract(doc, { layout: probe })!;
    expect(plain.pageKind).toBeUndefined();
    const clip = extract(doc, { layout: probe, records: 'product' })!;
    expect(clip.pageKind).toBe('product');
    expect(clip.attributes?.[0]).toEqual({ attribute: 'Brand', value: 'Trailco' });
    expect(clip.table).toBeUndefined();
  });
});

describe('the live document is only read', () => {
  it('extractRecords leaves the DOM byte-identical', () => {
    const doc = page(PRODUCT + LIST);
    const before = doc.documentElement.outerHTML;
    extractRecords(doc, { layout: probe, kind: 'product' });
    extractRecords(doc, { layout: probe, kind: 'list' });
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});
