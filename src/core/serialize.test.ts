import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { countWords, readingMinutes, serialize } from './serialize';
import { computeStats } from './stats';
import { fakeLayout } from './testPage';

/** Serializes `kept` (CSS selectors) of a page, as extract does after selection. */
function serializeKept(body: string, keptSelectors: string[]): { html: string; text: string } {
  const doc = new JSDOM(`<!doctype html><html><body>${body}</body></html>`).window.document;
  const stats = computeStats(doc, fakeLayout)!;
  const kept = new Set<Node>(keptSelectors.map((sel) => doc.querySelector(sel)!));
  const out = serialize({ root: doc.body, kept, removed: new Set(), stats, layout: fakeLayout, baseUrl: 'https://example.org/', minImageWidth: 100 });
  return { html: out.html, text: out.text };
}

describe('serialize: lists whose items are kept without the list', () => {
  // Pruning can keep a list's text items and drop the rest without keeping the list: its
  // items were written as <li> outside any list (about one clip in ten of wcxb-dev's).
  it('writes the list around the kept items, and nothing of the dropped ones', () => {
    const out = serializeKept('<p id="a">Before the list.</p><ul class="x"><li id="one">One item</li><li><a href="/menu">Menu</a></li><li id="three">Third item</li></ul>',
      ['#a', '#one', '#three']);
    expect(out.html).toBe('<p>Before the list.</p><ul><li>One item</li><li>Third item</li></ul>');
    expect(out.text).toBe('Before the list.\n\nOne item\n\nThird item');
  });

  it('keeps an ordered list\'s start, and wraps an item kept only deeper down', () => {
    const out = serializeKept('<ol start="4"><li id="four">Fourth step</li><li><span>x</span><p id="deep">Fifth, in a paragraph</p></li></ol>',
      ['#four', '#deep']);
    expect(out.html).toBe('<ol start="4"><li>Fourth step</li><li><p>Fifth, in a paragraph</p></li></ol>');
    expect(out.text).toBe('Fourth step\n\nFifth, in a paragraph');
  });

  it('writes no list when no item of it is kept itself', () => {
    const out = serializeKept('<ul><li><div><p id="deep">Only a paragraph inside</p></div></li><li>Dropped</li></ul>', ['#deep']);
    expect(out.html).toBe('<p>Only a paragraph inside</p>');
  });
});

/**
 * The character loop countWords used before it became two native regex replaces: the
 * reference the regex version must agree with, code unit for code unit.
 */
function countWordsByLoop(text: string): { words: number; cjk: number } {
  const isCjk = (c: number): boolean => (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xac00 && c <= 0xd7af);
  let words = 0;
  let cjk = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let separator: boolean;
    if (c < 128) separator = !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95);
    else if (isCjk(c)) { cjk++; inWord = false; continue; }
    else separator = c === 160 || (c >= 0x2000 && c <= 0x206f) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xff01 && c <= 0xff0f);
    if (separator) inWord = false;
    else if (!inWord) { words++; inWord = true; }
  }
  return { words, cjk };
}

describe('countWords', () => {
  it('counts Latin words, CJK characters one by one, and splits on punctuation', () => {
    expect(countWords('Hello, world! It’s 2024.')).toEqual({ words: 5, cjk: 0 });
    expect(countWords('日本語のテキスト')).toEqual({ words: 0, cjk: 8 });
    expect(countWords('Sift清理网页abc')).toEqual({ words: 2, cjk: 4 });
    expect(countWords('')).toEqual({ words: 0, cjk: 0 });
    expect(countWords('a\u00a0b\u2014c\u3001d\uff0ce')).toEqual({ words: 5, cjk: 0 });
  });

  it('agrees with the character loop on every boundary class and on random mixes', () => {
    // Code units at and around every boundary of the word-break classes, surrogates, C1 controls.
    const edges = [0, 9, 10, 32, 47, 48, 57, 58, 64, 65, 90, 91, 94, 95, 96, 97, 122, 123, 127, 128, 159, 160, 161, 255,
      0x1fff, 0x2000, 0x200b, 0x2014, 0x206f, 0x2070, 0x2fff, 0x3000, 0x3001, 0x303f, 0x3040, 0x30ff, 0x3100, 0x33ff, 0x3400,
      0x4dbf, 0x4dc0, 0x4dff, 0x4e00, 0x9fff, 0xa000, 0xabff, 0xac00, 0xd7af, 0xd7b0, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000,
      0xf8ff, 0xf900, 0xfaff, 0xfb00, 0xff00, 0xff01, 0xff0c, 0xff0f, 0xff10, 0xff21, 0xfffd, 0xffff];
    for (const c of edges) {
      for (const s of [String.fromCharCode(c), `a${String.fromCharCode(c)}b`, `${String.fromCharCode(c)}${String.fromCharCode(c)}x`]) {
        expect(countWords(s), `U+${c.toString(16)} in ${JSON.stringify(s)}`).toEqual(countWordsByLoop(s));
      }
    }
    let seed = 12345;
    const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const pool = [...'abcXYZ_09 ,.;:!?-\'"()\t\n', '\u00a0', '\u00e9', '\u2019', '\u2014', '\u3002', '中', '文', 'カ', '한', '\uff01', '\ud83d\ude00', 'ß', 'ж'];
    for (let k = 0; k < 500; k++) {
      let s = '';
      const len = rand(60);
      for (let i = 0; i < len; i++) s += pool[rand(pool.length)];
      expect(countWords(s), JSON.stringify(s)).toEqual(countWordsByLoop(s));
    }
  });

  it('counts long texts in slices exactly (slices end before a newline)', () => {
    // countWords slices texts longer than 32,768 code units at the next newline.
    let seed = 777;
    const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const pool = ['word', 'x', ' ', ' ', ', ', '\n', '\n\n', '中文', 'é', '\u2014', '2024', 'it’s'];
    const texts = [
      'a'.repeat(100_000), // one word, no newline to slice at
      `${'ab '.repeat(10_922)}a\nb${'c'.repeat(40_000)}\n d`, // a newline right at the slice size
      `\n${'w '.repeat(70_000)}\n`,
      'x\n'.repeat(60_000),
    ];
    for (let k = 0; k < 6; k++) {
      let s = '';
      while (s.length < 120_000) s += pool[rand(pool.length)];
      texts.push(s);
    }
    for (const s of texts) expect(countWords(s)).toEqual(countWordsByLoop(s));
  });

  it('reading time: at least a minute for any text, none for none', () => {
    expect(readingMinutes(0, 0)).toBe(0);
    expect(readingMinutes(10, 0)).toBe(1);
    expect(readingMinutes(2300, 0)).toBe(10);
  });
});

describe('serialize: table rows and cells kept without the table', () => {
  // A <tr> or <td> outside a table is dropped by the HTML parser that shows the clip: the
  // cells' words ran together (3 of 250 sampled wcxb-dev clips, comparison and course tables).
  it('writes the table, its section and its rows around two or more rows of kept cells', () => {
    const out = serializeKept('<table class="t"><tr><td id="a">Google</td><td id="b">450 courses</td></tr><tr><td id="c">Harvard</td><td id="d">10 courses</td></tr><tr><td>Ad</td><td>Ad</td></tr></table>',
      ['#a', '#b', '#c', '#d']);
    expect(out.html).toBe('<table><tbody><tr><td>Google</td><td>450 courses</td></tr><tr><td>Harvard</td><td>10 courses</td></tr></tbody></table>');
    expect(out.text).toBe('Google\n\n450 courses\n\nHarvard\n\n10 courses');
  });

  it('writes the table around a kept head and body', () => {
    const out = serializeKept('<table><thead id="h"><tr><th>Matchup</th><th>Result</th></tr></thead><tbody id="b"><tr><td>Seattle</td><td>29-13</td></tr></tbody></table>', ['#h', '#b']);
    expect(out.html).toBe('<table><thead><tr><th>Matchup</th><th>Result</th></tr></thead><tbody><tr><td>Seattle</td><td>29-13</td></tr></tbody></table>');
  });

  // Factorio's progress table: a header row, then rows of a name and 20 px check icons, which
  // the icon rule drops; each row keeps its one name cell (Readability's keep-tabular-data).
  // Its header row's empty corner cell stays, or each header would stand over the wrong column;
  // a row of nothing but empty cells goes.
  it('writes the table around a kept row and rows of one kept cell each', () => {
    const icon = '<td><img src="/ok.png" width="20"></td>';
    const out = serializeKept(`<table><tr id="h"><td></td><td>UX draft</td><td>UX review</td></tr><tr><td id="a">Load map</td>${icon}${icon}</tr><tr><td id="b">Save map</td>${icon}${icon}</tr><tr id="e"><td></td><td> </td></tr></table>`,
      ['#h', '#a', '#b', '#e']);
    expect(out.html).toBe('<table><tbody><tr><td></td><td>UX draft</td><td>UX review</td></tr><tr><td>Load map</td></tr><tr><td>Save map</td></tr></tbody></table>');
  });

  it('does not rebuild a layout table around the one cell or row that holds the article', () => {
    const cell = serializeKept(`<table><tr><td><a href="/a">Home</a></td><td id="main"><p>${'The article itself. '.repeat(5)}</p></td></tr></table>`, ['#main']);
    expect(cell.html).not.toContain('<table');
    const row = serializeKept(`<table><tr id="r"><td><p>${'The article itself. '.repeat(5)}</p></td></tr><tr><td><a href="/a">Home</a></td></tr></table>`, ['#r']);
    expect(row.html).not.toContain('<table');
  });
});

describe('serialize: what sets words apart in the HTML as in the text', () => {
  // An element that holds only a space (`Collins<strong>&nbsp;</strong>in`, a page builder's
  // habit) was rolled back with its space: the text read "Collins in", the reader "Collinsin"
  // (8 of 250 sampled wcxb-dev clips).
  it('keeps the space or line break of an empty inline element', () => {
    const out = serializeKept('<p id="p">Patricia Hill Collins<strong>&nbsp;</strong><span>in</span><strong> </strong><em>Black Feminist Thought</em> and<b><br></b>more</p>', ['#p']);
    expect(out.html).toBe('<p>Patricia Hill Collins in <em>Black Feminist Thought</em> and<br>more</p>');
    expect(out.text).toBe('Patricia Hill Collins in Black Feminist Thought and more');
  });

  it('drops an empty inline element with nothing in it, and an empty paragraph whole', () => {
    const out = serializeKept('<div id="d"><p>One<em></em>word</p><p> <b> </b> </p><p>Two</p></div>', ['#d']);
    expect(out.html).toBe('<p>Oneword</p><p>Two</p>');
  });

  // The layout says the date is drawn apart (a block, a flex gap): a space in text and HTML.
  it('sets apart the words of two elements drawn apart, and only after a word of two or more letters', () => {
    const out = serializeKept('<p id="p">By <a href="/ada">Ada Lantern</a><time data-apart>Updated 4 March</time></p><p id="q"><span>T</span><span data-apart>here</span> was<b>n</b><i data-apart>.</i></p>', ['#p', '#q']);
    expect(out.html).toBe('<p>By <a href="https://example.org/ada">Ada Lantern</a> <time>Updated 4 March</time></p><p>There was<b>n</b><i>.</i></p>');
    expect(out.text).toBe('By Ada Lantern Updated 4 March\n\nThere wasn.');
  });

  // Answers folded in a closed <details> are clipped as content; the reader shows them.
  it('writes a disclosure open', () => {
    const out = serializeKept('<details id="q"><summary>Is it free?</summary><p>Yes, for everyone.</p></details>', ['#q']);
    expect(out.html).toBe('<details open><summary>Is it free?</summary><p>Yes, for everyone.</p></details>');
  });
});
