import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { fakeLayout, prose } from './testPage';

function page(body: string, url = 'https://example.com/blog/the-harbour-lantern-festival-returns/'): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A story</title></head><body>${body}</body></html>`, { url }).window.document;
}

function clip(d: Document) {
  const r = extractResult(d, { layout: fakeLayout });
  if (!r.ok) throw new Error(r.message);
  return r.clip;
}

const post = `<h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p><h2>On the water</h2><p>${prose(5, 2)}</p><p>${prose(4, 3)}</p>`;

/** A card as blogs write them: a picture, a category, the linked title and an excerpt. */
function card(n: number, href = `/blog/another-harbour-story-${n}/`, excerpt = 'Every January, the harbour promises itself that this year will be different. The boats will be...'): string {
  return `<div class="card"><figure><a href="${href}"><img src="/img/${n}.jpg" width="300" height="200"></a></figure>
    <div class="tag"><h5>Harbour news</h5></div>
    <div class="info"><h2><a href="${href}">Another story from the harbour, number ${n}</a></h2><p>${excerpt}</p></div></div>`;
}

describe('teaser lists', () => {
  it("the site's other posts under the article, as cards with linked titles, are dropped with their label", () => {
    // The post in a plain <div>: an <article> holding most of the text would itself be the
    // start node (nodeTypes.ts markedMain), leaving the cards outside the selection.
    const d = page(`<main><div class="post">${post}</div>
      <section class="more"><div class="row"><div class="col"><h2>Tap into the latest insights from our crew</h2></div>
      <div class="list">${card(1)}${card(2)}${card(3)}${card(4)}</div></div></section></main>`);
    const c = clip(d);
    expect(c.text).toContain(prose(4, 3));
    expect(c.text).not.toContain('Another story from the harbour');
    expect(c.text).not.toContain('Every January');
    expect(c.text).not.toContain('Tap into the latest insights');
    expect(c.trace.notes.some((n) => /^teaser list <section> dropped: 4 cards/.test(n))).toBe(true);
  });

  it('a sidebar list whose titles are bold links, not headings, is dropped too; a heading around a bold title is one title', () => {
    const bold = (n: number) => `<li><strong><a href="/blog/another-harbour-story-${n}/">Another story from the harbour, number ${n}</a></strong><p>Did you know that the tide turns twice a day at...</p></li>`;
    const nested = (n: number) => `<div class="card"><h3><b><a href="/blog/a-nested-harbour-story-${n}/">A nested harbour story, number ${n}</a></b></h3><p>The boats will be...</p></div>`;
    const d = page(`<main><div class="col-1"><article>${post}</article></div>
      <div class="col-2"><div class="blog-list"><h5>Popular</h5><ul>${bold(1)}${bold(2)}${bold(3)}${bold(4)}</ul></div>
      <div class="more">${nested(1)}${nested(2)}${nested(3)}</div></div></main>`);
    const c = clip(d);
    expect(c.text).toContain(prose(4, 3));
    expect(c.text).not.toContain('Another story from the harbour');
    expect(c.text).not.toContain('Popular');
    expect(c.text).not.toContain('A nested harbour story');
  });

  it("an article's list of picks with bold linked leads stays, as do bold links inside its sentences", () => {
    const pick = (n: number) => `<li><strong><a href="/blog/another-harbour-story-${n}/">Another story from the harbour, number ${n}</a></strong> ($24 at the shop): a lantern that lasts.</li>`;
    const inText = (n: number) => `<li>${prose(2, n)} <a href="/blog/a-linked-harbour-story-${n}/"><strong>A linked harbour story, number ${n}</strong></a> is worth a read.</li>`;
    const d = page(`<main><article>${post}<ul>${[1, 2, 3].map(inText).join('')}</ul><ul class="picks">${[1, 2, 3, 4].map(pick).join('')}</ul><p>${prose(5, 6)}</p></article></main>`);
    const c = clip(d);
    expect(c.text).toContain('Another story from the harbour, number 3');
    expect(c.text).toContain('A linked harbour story, number 2');
  });

  it('a card that shows its linked title twice (over the picture and under it) is one card', () => {
    const product = (n: number) => {
      const title = `<h3 class="card__heading"><a href="/products/harbour-lantern-kit-${n}">Harbour lantern kit, size ${n}</a></h3>`;
      return `<li class="grid__item"><div class="card"><div class="card__inner"><img src="/p/${n}.jpg" width="300" height="300">${title}</div>
        <div class="card__content">${title}<p>4.9 / 5.0 (169)</p><div class="price">Regular price $49.99 USD Sale price $39.99 USD</div></div></div></li>`;
    };
    const d = page(`<main><article>${post}<div class="collection"><h2>Essentials for happy lanterns:</h2>
      <ul class="product-grid">${[1, 2, 3, 4].map(product).join('')}</ul></div></article></main>`);
    const c = clip(d);
    expect(c.text).toContain(prose(4, 3));
    expect(c.text).not.toContain('Harbour lantern kit');
    expect(c.text).not.toContain('Essentials for happy lanterns');
  });

  it("on a page whose address is not a post's (a product's, a hub's), linked cards are the content", () => {
    const cards = `<div class="list">${card(1)}${card(2)}${card(3)}${card(4)}</div>`;
    const d = page(`<main><div class="post">${post}</div>${cards}</main>`, 'https://example.com/products/marketing');
    expect(clip(d).text).toContain('Another story from the harbour, number 3');
  });

  it("a hub's cards for the pages below it stay", () => {
    const below = [1, 2, 3, 4].map((n) => card(n, `/docs/write-harbour-workflows/step-number-${n}`)).join('');
    const d = page(`<main><article>${post}<div class="list">${below}</div></article></main>`, 'https://example.com/docs/write-harbour-workflows');
    expect(clip(d).text).toContain('Another story from the harbour, number 3');
  });

  it("a round-up linking mostly to other sites stays, though a few of its entries are the site's own", () => {
    const mixed = [1, 2, 3, 4, 5, 6, 7].map((n) => card(n, n <= 3 ? undefined : `https://maker-${n}.example.org/a-wooden-plant-stand/`)).join('');
    const d = page(`<main><article>${post}<div class="roundup">${mixed}</div></article></main>`);
    expect(clip(d).text).toContain('Another story from the harbour, number 2');
  });

  it('two cards are not a list', () => {
    const d = page(`<main><div class="post">${post}</div><div class="list">${card(1)}${card(2)}</div></main>`);
    expect(clip(d).text).toContain('Another story from the harbour, number 2');
  });

  it("a list of other sites' pages is the article's content (a \"best tools\" post), and stays", () => {
    const tools = [1, 2, 3, 4].map((n) => card(n, `https://tool-${n}.example.org/`)).join('');
    const d = page(`<main><article>${post}<div class="tools">${tools}</div></article></main>`);
    expect(clip(d).text).toContain('Another story from the harbour, number 3');
  });

  it('headings that link to their own section (a table of contents target) are not teasers', () => {
    const sections = [1, 2, 3, 4].map((n) => `<section><h2><a href="#part-${n}">Part ${n} of the harbour story</a></h2><p>${prose(2, n)}</p></section>`).join('');
    const d = page(`<main><article>${post}<div>${sections}</div></article></main>`);
    expect(clip(d).text).toContain('Part 3 of the harbour story');
  });

  it("an article's own linked headings, bare in its text, are not cards", () => {
    const part = (n: number) => `<h3><a href="/blog/another-harbour-story-${n}/">Another story from the harbour, number ${n}</a></h3><p>${prose(2, n)}</p>`;
    const d = page(`<main><article>${post}<p>${prose(8, 4)}</p><p>${prose(8, 5)}</p><div class="guides">${part(1)}${part(2)}${part(3)}</div></article></main>`);
    expect(clip(d).text).toContain('Another story from the harbour, number 2');
  });

  it('cards longer than an excerpt are entries of the article, and stay', () => {
    const long = [1, 2, 3].map((n) => card(n, undefined, prose(6, n))).join('');
    const d = page(`<main><article>${post}<p>${prose(8, 4)}</p><p>${prose(8, 5)}</p><div class="entries">${long}</div></article></main>`);
    expect(clip(d).text).toContain('Another story from the harbour, number 2');
  });

  it('a page that is the list (a blog index) keeps it: the list is most of the selection', () => {
    const cards = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => card(n)).join('');
    const d = page(`<main><h1>The harbour blog</h1><div class="list">${cards}</div></main>`, 'https://example.com/blog/all-the-harbour-stories/');
    expect(clip(d).text).toContain('Another story from the harbour, number 5');
  });
});
