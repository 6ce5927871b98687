import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { REPEAT_MAX_READ_CHARS } from './rules';
import { fakeLayout, prose } from './testPage';

function page(body: string): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A story</title></head><body>${body}</body></html>`, { url: 'https://example.com/story' }).window.document;
}

function clip(d: Document) {
  const r = extractResult(d, { layout: fakeLayout });
  if (!r.ok) throw new Error(r.message);
  return r.clip;
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const post = `<p>${prose(5, 1)}</p><p>${prose(5, 2)}</p><p>${prose(4, 3)}</p>`;

describe('repeated regions', () => {
  it('a post held twice (two templates of one page) is clipped once, in its first copy', () => {
    const d = page(`<main>
      <div class="layout-desktop"><h1>The harbour lantern festival returns</h1><div class="rich-text">${post}</div></div>
      <div class="layout-mobile"><h1>The harbour lantern festival returns</h1><div class="post-body">${post}</div></div>
    </main>`);
    const c = clip(d);
    expect(occurrences(c.text, prose(5, 2))).toBe(1);
    expect(occurrences(c.text, prose(4, 3))).toBe(1);
    expect(c.trace.notes.some((n) => /^repeated region <div> dropped/.test(n))).toBe(true);
    // The first copy is the one kept: the text still opens with the title and the post.
    expect(c.text.indexOf(prose(5, 1))).toBeLessThan(c.text.indexOf(prose(4, 3)));
  });

  it('paragraphs a page repeats on purpose stay (a refrain, the same note twice)', () => {
    const line = 'And the lanterns drift out past the breakwater, one for every boat that did not come home, while the harbour sings the old song again.';
    const refrain = `<p>${line}</p>`;
    const d = page(`<article><h1>A song</h1>${refrain}<p>${prose(4, 1)}</p>${refrain}<p>${prose(4, 2)}</p>${refrain}</article>`);
    expect(occurrences(clip(d).text, line)).toBe(3);
  });

  it('paragraphs written as <div>s are paragraphs: repeated, they stay', () => {
    const line = 'Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod incididunt ut labore et dolore magna aliqua, quis nostrud exercitation.';
    const d = page(`<article><div>${line}</div><div>${line}</div></article>`);
    expect(occurrences(clip(d).text, line)).toBe(2);
  });

  it('a quoted post in a reply stays (quotes are repeatable)', () => {
    const quoted = prose(3, 4);
    const d = page(`<div class="thread">
      <div class="post"><p>${quoted}</p><p>${prose(4, 1)}</p></div>
      <div class="post"><blockquote><p>${quoted}</p></blockquote><p>${prose(4, 2)}</p></div>
    </div>`);
    expect(occurrences(clip(d).text, quoted)).toBe(2);
  });

  it('short repeated containers are left alone (a "Share" box under each section)', () => {
    const box = '<div class="cta"><p>Get the harbour newsletter every week.</p></div>';
    const d = page(`<article><h1>A story</h1><p>${prose(5, 1)}</p>${box}<p>${prose(5, 2)}</p>${box}</article>`);
    expect(occurrences(clip(d).text, 'Get the harbour newsletter every week.')).toBe(2);
  });

  it('a wrapper with one child is not a copy of that child', () => {
    const d = page(`<article><div class="outer"><div class="inner">${post}</div></div></article>`);
    const c = clip(d);
    expect(occurrences(c.text, prose(5, 2))).toBe(1);
    expect(c.trace.notes.some((n) => n.startsWith('repeated region'))).toBe(false);
  });

  it('many copies of one block: every copy after the first goes, each noted once', () => {
    const card = `<div class="card"><h3>Harbour lanterns</h3><p>${prose(2, 7)}</p></div>`;
    const d = page(`<article><h1>A story</h1><p>${prose(5, 1)}</p><div class="grid">${card.repeat(40)}</div><p>${prose(5, 2)}</p></article>`);
    const c = clip(d);
    expect(occurrences(c.text, prose(2, 7))).toBe(1);
    expect(c.trace.notes.filter((n) => n.startsWith('repeated region')).length).toBe(39);
    expect(c.text).toContain(prose(5, 2));
  });

  it('stops comparing, with a note, past the text it may read (a generated page of equal blocks)', () => {
    const block = `<section><p>${'lantern '.repeat(2_000)}</p><p>${'harbour '.repeat(2_000)}</p></section>`;
    const copies = Math.ceil(REPEAT_MAX_READ_CHARS / 26_000) + 5;
    const d = page(`<article><h1>A story</h1>${block.repeat(copies)}</article>`);
    const c = clip(d);
    expect(c.trace.notes).toContain('repeated regions: too much text to compare, stopped');
    expect(occurrences(c.text, 'lantern lantern')).toBeGreaterThan(0);
  });
});
