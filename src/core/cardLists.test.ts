import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { fakeLayout, prose } from './testPage';

function page(body: string, url = 'https://example.com/topics/harbour/'): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>Harbour news</title></head><body>${body}</body></html>`, { url }).window.document;
}

function clip(d: Document) {
  const r = extractResult(d, { layout: fakeLayout });
  if (!r.ok) throw new Error(r.message);
  return r.clip;
}

/** A card as listing pages write it: one link around the title and the story's first lines. */
function cardLink(n: number): string {
  return `<div class="card"><a href="/stories/harbour-story-${n}/"><h2>Harbour story number ${n}</h2><p>${prose(1, n)}</p></a></div>`;
}

const nav = `<header><nav><a href="/">Home</a> <a href="/topics/">Topics</a> <a href="/about/">About</a></nav></header>`;
const intro = `<section class="intro"><h1>Harbour news</h1><p>Stay up to date with the harbour's news and reporting.</p></section>`;

describe('lists of card links', () => {
  it('a topic page whose stories are card links clips the intro and the cards, not the intro alone', () => {
    const d = page(`${nav}<main>${intro}<section class="stories"><div class="grid">${[1, 2, 3, 4, 5].map(cardLink).join('')}</div></section></main>`);
    const c = clip(d);
    expect(c.text).toContain("Stay up to date with the harbour's news");
    for (const n of [1, 2, 3, 4, 5]) expect(c.text).toContain(`Harbour story number ${n}`);
    expect(c.text).toContain(prose(1, 4));
    expect(c.text).not.toContain('About');
    expect(c.html).toContain('href="https://example.com/stories/harbour-story-2/"');
    expect(c.trace.notes.some((n) => /a list of card links holding \d+ joined it/.test(n))).toBe(true);
  });

  it("keeps the cards at an address that ends in a slug, where cards linking to the site's posts would be a teaser list", () => {
    const d = page(`${nav}<main>${intro}<section class="stories"><div class="grid">${[1, 2, 3, 4, 5].map(cardLink).join('')}</div></section></main>`, 'https://example.com/stories/all-harbour-news-stories/');
    const c = clip(d);
    for (const n of [1, 2, 3, 4, 5]) expect(c.text).toContain(`Harbour story number ${n}`);
    expect(c.trace.notes.some((n) => n.startsWith('teaser list'))).toBe(false);
  });

  it('cards whose title and excerpt are linked apart count by their linked paragraphs; a linked paragraph inside prose does not', () => {
    const card = (n: number) => `<article class="list-item"><h2><a href="/stories/harbour-story-${n}/">Harbour story number ${n}</a></h2><p><a href="/stories/harbour-story-${n}/">${prose(1, n)}</a></p></article>`;
    const c = clip(page(`${nav}<main>${intro}<div class="list">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>`));
    for (const n of [1, 2, 3, 4, 5]) expect(c.text).toContain(`Harbour story number ${n}`);
    expect(c.text).toContain(prose(1, 3));
    expect(c.trace.notes.some((n) => /a list of card links holding \d+ joined it/.test(n))).toBe(true);
    // The same linked paragraphs with text of their own beside the link are prose, not cards.
    const prosy = (n: number) => `<article class="list-item"><h2><a href="/stories/harbour-story-${n}/">Harbour story number ${n}</a></h2><p>Read: <a href="/stories/harbour-story-${n}/">${prose(1, n)}</a></p></article>`;
    const p = clip(page(`${nav}<main>${intro}<div class="list">${[1, 2, 3, 4, 5].map(prosy).join('')}</div></main>`));
    expect(p.trace.notes.some((n) => n.includes('card links'))).toBe(false);
  });

  it('an article keeps the related stories under it out, though they are card links too', () => {
    const d = page(`${nav}<main><article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p><p>${prose(5, 2)}</p></article>
      <aside class="related">${[1, 2, 3, 4, 5].map(cardLink).join('')}</aside></main>`);
    const c = clip(d);
    expect(c.text).toContain(prose(5, 2));
    expect(c.text).not.toContain('Harbour story number');
  });

  it('links without blocks inside (a menu, linked titles) are not cards, and two cards are not a list', () => {
    const titles = [1, 2, 3, 4, 5, 6].map((n) => `<li><a href="/stories/harbour-story-${n}/"><strong>Harbour story number ${n}</strong>: ${prose(1, n)}</a></li>`).join('');
    const c = clip(page(`${nav}<main>${intro}<ul class="stories">${titles}</ul></main>`));
    expect(c.trace.notes.some((n) => n.includes('card links'))).toBe(false);
    const two = clip(page(`${nav}<main>${intro}<section class="stories">${[1, 2].map(cardLink).join('')}</section></main>`));
    expect(two.trace.notes.some((n) => n.includes('card links'))).toBe(false);
    expect(two.text).not.toContain('Harbour story number');
  });

  it('cards that do not outweigh the start node three times, or are a small part of their box, are left alone', () => {
    // An intro of ~480 characters over three cards of ~100 each.
    const longIntro = `<section class="intro"><h1>Harbour news</h1><p>${prose(5, 2)}</p></section>`;
    const few = clip(page(`${nav}<main>${longIntro}<section class="stories">${[1, 2, 3].map(cardLink).join('')}</section></main>`));
    expect(few.trace.notes.some((n) => n.includes('card links'))).toBe(false);
    // Cards between far more link text of other kinds in one box (rows of plain links).
    const links = (k: number) => `<p>${Array.from({ length: 12 }, (_, i) => `<a href="/x/${k}/${i}">Another harbour link number ${i}</a>`).join(' ')}</p>`;
    const box = `<div class="box">${[1, 2, 3].map((n) => cardLink(n) + links(n)).join('')}</div>`;
    const mixed = clip(page(`${nav}<main>${intro}${box}</main>`));
    expect(mixed.trace.notes.some((n) => n.includes('card links'))).toBe(false);
  });
});
