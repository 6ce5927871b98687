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
    const d = page(`<main><article>${post}</article>
      <section class="more"><div class="row"><div class="col"><h2>Tap into the latest insights from our crew</h2></div>
      <div class="list">${card(1)}${card(2)}${card(3)}${card(4)}</div></div></section></main>`);
    const c = clip(d);
    expect(c.text).toContain(prose(4, 3));
    expect(c.text).not.toContain('Another story from the harbour');
    expect(c.text).not.toContain('Every January');
    expect(c.text).not.toContain('Tap into the latest insights');
    expect(c.trace.notes.some((n) => /^teaser list <section> dropped: 4 cards/.test(n))).toBe(true);
  });

  it("on a page whose address is not a post's (a product's, a hub's), linked cards are the content", () => {
    const cards = `<div class="list">${card(1)}${card(2)}${card(3)}${card(4)}</div>`;
    const d = page(`<main><article>${post}</article>${cards}</main>`, 'https://example.com/products/marketing');
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
    const d = page(`<main><article>${post}</article><div class="list">${card(1)}${card(2)}</div></main>`);
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
