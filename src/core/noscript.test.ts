import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { appShellDocument } from './noscript';
import { fakeLayout, prose } from './testPage';

const URL_ = 'https://forum.example.org/t/which-telescope-first/1555';

/** A browser running scripts keeps a <noscript>'s markup as one text node (jsdom does so with scripting on). */
function page(body: string, head = ''): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>Which telescope first? - Example Forum</title>${head}</head><body>${body}</body></html>`, { url: URL_, runScripts: 'dangerously' }).window.document;
}

const header = `<header><a href="/">Example Forum</a> <a href="/latest">Latest</a> <a href="/top">Top</a> <a href="/login">Log in</a></header>`;
const splash = '<section id="d-splash"><div class="dots"></div></section>';
const thread = `<div id="main-outlet"><h1><a href="/t/which-telescope-first/1555">Which telescope first?</a></h1>
  <div class="topic-body crawler-post"><span class="creator"><a href="/u/vega">vega</a></span><div class="post">${[1, 2, 3].map((i) => `<p>${prose(3, i)}</p>`).join('')}</div></div>
</div>`;

describe('app shells: content waiting in a <noscript> for scripts that never ran', () => {
  it('clips the thread a Discourse-style page keeps in its <noscript> when the rendered page holds less text', () => {
    const doc = page(`${header}${splash}<noscript data-path="/t/which-telescope-first/1555">${thread}</noscript>`);
    const result = extractResult(doc, { layout: fakeLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const i of [1, 2, 3]) expect(result.clip.text).toContain(prose(3, i));
    expect(result.clip.title).toBe('Which telescope first?');
    expect(result.clip.url).toBe(URL_);
    expect(result.clip.trace.notes.join(' ')).toContain('<noscript>');
    expect(doc.querySelector('noscript')!.childNodes.length).toBe(1); // the live page is untouched
  });

  it('leaves a rendered page alone: a notice or a tracking pixel in its <noscript> is not the page', () => {
    const notice = '<noscript><p>This site works best with JavaScript enabled. Please enable JavaScript in your browser settings to see comments, maps and the newsletter form.</p><img src="/pixel.gif" width="1" height="1"></noscript>';
    const doc = page(`${header}<main><article><h1>Which telescope first?</h1>${[1, 2, 3, 4].map((i) => `<p>${prose(3, i)}</p>`).join('')}</article></main>${notice}`);
    expect(appShellDocument(doc, 2000)).toBeNull();
    const result = extractResult(doc, { layout: fakeLayout });
    expect(result.ok && result.clip.text).toContain(prose(3, 4));
    expect(result.ok && result.clip.text).not.toContain('JavaScript');
    expect(result.ok && result.clip.trace.notes.join(' ')).not.toContain('<noscript>');
  });

  it('does not trade rendered text for a shorter <noscript> copy', () => {
    const doc = page(`${header}<main>${thread}${[4, 5, 6].map((i) => `<p>${prose(3, i)}</p>`).join('')}</main><noscript>${thread}</noscript>`);
    const result = extractResult(doc, { layout: fakeLayout });
    expect(result.ok && result.clip.text).toContain(prose(3, 6));
    expect(result.ok && result.clip.trace.notes.join(' ')).not.toContain('<noscript>');
  });

  it('counts only what a reader would see of the <noscript>: not its styles, nor the page head (aztecplumbing.net, wcxb-dev 0320)', () => {
    // A tracking pixel's <noscript> in the head, then JSON-LD: re-parsed as markup, the pixel
    // would end the head and put the JSON in the body. The body's <noscript> is a menu with
    // its own long <style>, longer as markup than the rendered article.
    const head = `<noscript><img src="https://px.example/tr?id=1" width="1" height="1"></noscript><script type="application/ld+json">{"description": "${prose(30, 9)}"}</script>`;
    const menu = `<noscript><style>${'.menu-item a { color: #036; padding: 4px 8px; }\n'.repeat(80)}</style><ul>${['Plumbing', 'Drains', 'Water heaters', 'Contact'].map((s) => `<li><a href="/${s}">${s}</a></li>`).join('')}</ul></noscript>`;
    const doc = page(`${header}${menu}<main><article><h1>Plumbing maintenance tips</h1>${[1, 2, 3].map((i) => `<p>${prose(2, i)}</p>`).join('')}</article></main>`, head);
    expect(appShellDocument(doc, 700)).toBeNull();
    const result = extractResult(doc, { layout: fakeLayout });
    expect(result.ok && result.clip.text).toContain(prose(2, 3));
    expect(result.ok && result.clip.trace.notes.join(' ')).not.toContain('<noscript>');
  });

  it('does not parse a <noscript> whose markup, tags taken out, holds too little text; parses one whose tags are text', () => {
    const parses = (doc: Document): (() => number) => {
      const win = doc.defaultView as unknown as { DOMParser: typeof DOMParser };
      let count = 0;
      const Real = win.DOMParser;
      win.DOMParser = class extends Real {
        override parseFromString(markup: string, type: DOMParserSupportedType): Document {
          count++;
          return super.parseFromString(markup, type);
        }
      };
      return () => count;
    };
    // Lazy images' fallbacks (wcxb-dev 0002): long as markup, all attributes.
    const images = `<noscript>${Array.from({ length: 40 }, (_, i) => `<img src="https://cdn.example.com/uploads/2025/photo-${i}.jpg" srcset="https://cdn.example.com/uploads/2025/photo-${i}-300.jpg 300w, https://cdn.example.com/uploads/2025/photo-${i}-1024.jpg 1024w" alt="">`).join('')}</noscript>`;
    const rendered = `${header}<main><article><h1>Which telescope first?</h1><p>${prose(3, 1)}</p></article></main>`;
    const plain = page(`${rendered}${images}`);
    const plainParses = parses(plain);
    expect(appShellDocument(plain, 400)).toBeNull();
    expect(plainParses()).toBe(0);
    // In a <textarea> the parser keeps `<b>` as text: the cut must not count it out.
    const quoted = page(`${rendered}<noscript><textarea>${'<b>lens</b> '.repeat(60)}</textarea></noscript>`);
    const quotedParses = parses(quoted);
    expect(appShellDocument(quoted, 400)).not.toBeNull();
    expect(quotedParses()).toBe(1);
  });
});
