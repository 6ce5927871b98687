import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { composeStreamedPage } from './streamed';
import { fakeLayout, prose } from './testPage';
import type { LayoutProbe } from './types';

const URL_ = 'https://blog.example.com/articles/full-ev-guide';

function page(body: string): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A guide to electric cars | Example</title></head><body>${body}</body></html>`, { url: URL_ }).window.document;
}

/** The page's stylesheet, as a layout: `.collapsed` (a folded mobile menu) is not rendered. */
const styledLayout: LayoutProbe = { ...fakeLayout, isRendered: (el) => fakeLayout.isRendered(el) && !el.classList.contains('collapsed') };

const header = `<header><a href="/">Example</a> <a href="/articles">Articles</a> <a href="/about">About</a>
  <div class="collapsed"><p>${prose(6, 40)}</p></div></header>`;
const footer = '<footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/contact">Contact</a></footer>';

describe('streamed pages: segments React streamed but no script moved into place', () => {
  // As Next.js streams an article (recharged.com, wcxb-dev 4053; lesswrong.com, 0384): the
  // boundary's skeleton in place, the article in a hidden segment after the footer, one of its
  // parts in a segment of its own.
  const streamedArticle = `${header}<!--$?--><template id="B:0"></template><main class="animate-pulse"><p>Loading article…</p></main><!--/$-->${footer}
    <div hidden id="S:0"><main><article><h1>A guide to electric cars</h1><p>${prose(4, 1)}</p><template id="P:1"></template><p>${prose(4, 3)}</p></article></main></div>
    <div hidden id="S:1"><p>${prose(4, 2)}</p></div>`;

  it('clips the page as its scripts would have composed it: each segment in its placeholder, the fallback gone', () => {
    const doc = page(streamedArticle);
    const result = extractResult(doc, { layout: styledLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const text = result.clip.text;
    const at = [1, 2, 3].map((i) => text.indexOf(prose(4, i)));
    expect(at.every((k) => k >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((x, y) => x - y)); // in reading order
    expect(text).not.toContain('Loading article');
    expect(text).not.toContain(prose(6, 40)); // the page's own layout still hides its folded menu
    expect(result.clip.url).toBe(URL_);
    expect(result.clip.trace.notes.join(' ')).toContain('streamed parts');
    // The live page is untouched.
    expect(doc.getElementById('S:0')?.hasAttribute('hidden')).toBe(true);
    expect(doc.getElementById('B:0')).not.toBeNull();
    expect(doc.body.textContent).toContain('Loading article');
  });

  it('keeps the fallback when the page lost the comments that delimit it, and places the segment all the same', () => {
    const doc = page(streamedArticle.replace('<!--$?-->', '').replace('<!--/$-->', ''));
    const result = extractResult(doc, { layout: styledLayout });
    expect(result.ok && result.clip.text).toContain(prose(4, 2));
  });

  it('leaves a page alone whose segments hold no more than a sign-in button, or were already placed', () => {
    const article = `<main><article><h1>A guide to electric cars</h1>${[1, 2, 3].map((i) => `<p>${prose(3, i)}</p>`).join('')}</article></main>`;
    const small = page(`${header}<!--$?--><template id="B:0"></template><!--/$-->${article}${footer}<div hidden id="S:0"><a href="/login">Sign in</a></div>`);
    expect(composeStreamedPage(small, styledLayout)).toBeNull();
    const placed = page(`${header}${article}${footer}<template id="B:0"></template>`);
    expect(composeStreamedPage(placed, styledLayout)).toBeNull();
    const result = extractResult(small, { layout: styledLayout });
    expect(result.ok && result.clip.text).toContain(prose(3, 3));
    expect(result.ok && result.clip.trace.notes.join(' ')).not.toContain('streamed parts');
  });
});
