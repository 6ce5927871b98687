// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Messages from '../shared/messages';
import { MAX_CLIP_HTML_CHARS, MAX_PAGE_ELEMENTS } from '../shared/messages';
import { extractFromPage, fewWordsMessage } from './extract';
import { refuseBeforeExtract } from './pageChecks';

/**
 * The refusals the popup turns into a remedy: a page too large to clip whole still has its
 * selection clipped, and a page that may only be loading says that trying again may help.
 */

/**
 * Small limits: jsdom takes tens of seconds to build a 60,000-element page on a busy
 * machine. The rules are the same; e2e/clip-cannot-actions.spec.ts runs the real limits.
 */
vi.mock('../shared/messages', async (importOriginal) => ({
  ...(await importOriginal<typeof Messages>()),
  MAX_PAGE_ELEMENTS: 2_000,
  MAX_CLIP_HTML_CHARS: 64 * 1024,
}));

/** A page of `cells` elements over the limit, with one short paragraph (#picked) to select. */
function giantPage(extraElements = 200): void {
  document.title = 'The Whole Specification';
  const cells = '<div><span>cell</span></div>'.repeat((MAX_PAGE_ELEMENTS + extraElements) / 2);
  document.body.innerHTML = `<h1>The Whole Specification</h1><p id="picked">The part the reader wants to keep: section 4.2, on parsing tables.</p>${cells}`;
}

function select(el: Element): void {
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

afterEach(() => {
  document.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('a page over MAX_PAGE_ELEMENTS', () => {
  it('is refused whole, saying whether there is a selection to clip instead', () => {
    giantPage();
    expect(refuseBeforeExtract(document)).toMatchObject({ kind: 'cannot-clip', code: 'too-large', hasSelection: false });
    expect(extractFromPage(document, 'article')).toMatchObject({ code: 'too-large', hasSelection: false });
    select(document.getElementById('picked')!);
    expect(extractFromPage(document, 'article')).toMatchObject({ code: 'too-large', hasSelection: true });
    expect(extractFromPage(document, 'fullpage')).toMatchObject({ code: 'too-large', hasSelection: true });
  });

  it('clips a selection within the limits (the selection, not the page, is what is clipped)', () => {
    giantPage();
    select(document.getElementById('picked')!);
    const reply = extractFromPage(document, 'selection');
    expect(reply.kind).toBe('clip');
    if (reply.kind !== 'clip') return;
    expect(reply.clip.engine).toBe('selection');
    expect(reply.clip.text).toBe('The part the reader wants to keep: section 4.2, on parsing tables.');
    expect(reply.clip.html).not.toContain('cell');
  });

  // A page of 50 MB of text: reading the body's text before the selection took 150-970 ms
  // in Chromium, for a clip of one paragraph (< 5 ms).
  it('a selection clip reads the selection, never the whole body\'s text', () => {
    giantPage();
    select(document.getElementById('picked')!);
    const read = vi.spyOn(document.body, 'textContent', 'get');
    const reply = extractFromPage(document, 'selection');
    expect(reply).toMatchObject({ kind: 'clip', clip: { engine: 'selection' } });
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });

  it('with nothing selected, selection mode says so (not "too large")', () => {
    giantPage();
    expect(extractFromPage(document, 'selection')).toMatchObject({ kind: 'not-article', hasSelection: false });
  });
});

describe('a selection over MAX_CLIP_HTML_CHARS', () => {
  it('is refused with the selection’s own size, and no selection offered again', () => {
    document.body.innerHTML = '<p id="picked"></p>';
    const picked = document.getElementById('picked')!;
    picked.textContent = 'word '.repeat(MAX_CLIP_HTML_CHARS / 5 + 100);
    select(picked);
    const reply = extractFromPage(document, 'selection');
    expect(reply).toMatchObject({ kind: 'cannot-clip', code: 'too-large' });
    if (reply.kind !== 'cannot-clip') return;
    expect(reply.message).toMatch(/^The selection is too large to clip: 0\.1 MB of HTML, the limit is 0\.0625 MB\. Select a smaller part/);
    expect(reply.hasSelection).toBeUndefined();
  });
});

describe('pages that may still be loading', () => {
  it('an empty page: trying again may help', () => {
    document.body.innerHTML = '  ';
    expect(refuseBeforeExtract(document)).toMatchObject({ code: 'empty', retry: true });
    expect(extractFromPage(document, 'article')).toMatchObject({ code: 'empty', retry: true });
  });

  it('a page whose only text is in a script (nothing visible yet): the core’s "empty", and trying again may help', () => {
    document.body.innerHTML = '<script>window.app = { booting: true };</script>';
    expect(refuseBeforeExtract(document)).toBeNull();
    expect(extractFromPage(document, 'article')).toMatchObject({ kind: 'cannot-clip', code: 'empty', retry: true });
  });

  it('a tab showing a file, or a frameset: no retry (the page will not change)', () => {
    const svg = new DOMParser().parseFromString('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>', 'image/svg+xml');
    const file = refuseBeforeExtract(svg);
    expect(file).toMatchObject({ code: 'empty', message: expect.stringContaining('This tab shows a file (image/svg+xml)') });
    expect(file?.retry).toBeUndefined();
    const frames = new DOMParser().parseFromString('<html><frameset cols="50%,50%"><frame src="a.html"><frame src="b.html"></frameset></html>', 'text/html');
    const framed = refuseBeforeExtract(frames);
    expect(framed).toMatchObject({ code: 'empty', message: expect.stringContaining('frames') });
    expect(framed?.retry).toBeUndefined();
  });
});

describe('a page of links only', () => {
  it('is not an article, and the reason counts the words of running text found', () => {
    document.title = 'Front page';
    const links = Array.from({ length: 12 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} of the day</a></li>`).join('');
    document.body.innerHTML = `<h1>Front page</h1><ul>${links}</ul>`;
    const reply = extractFromPage(document, 'article');
    expect(reply.kind).toBe('not-article');
    if (reply.kind !== 'not-article') return;
    // Auto's clip is NTA's, the heading and the links: two words of running text.
    expect(reply.message).toMatch(/^Sift found only 2 words of running text here; this looks like a list of links or an app, not an article\./);
  });
  it('words the count as English: none, one word, words', () => {
    expect(fewWordsMessage(0)).toBe('Sift found no running text here; this looks like a list of links or an app, not an article.');
    expect(fewWordsMessage(1)).toMatch(/^Sift found only 1 word of running text here;/);
    expect(fewWordsMessage(7)).toMatch(/^Sift found only 7 words of running text here;/);
  });
});
