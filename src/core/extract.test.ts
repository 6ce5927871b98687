import { JSDOM } from 'jsdom';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extract, extractResult } from './extract';
import { fakeLayout, prose } from './testPage';

const URL_ = 'https://news.example.com/world/2024/story.html';
function doc(body: string, head = ''): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`, { url: URL_ }).window.document;
}

const nav = `<nav class="top"><ul>${['Home', 'World', 'Business', 'Sport', 'Culture', 'Travel', 'Opinion'].map((s) => `<li><a href="/${s.toLowerCase()}">${s}</a></li>`).join('')}</ul></nav>`;
const related = `<aside class="related"><h3>Related</h3><ul>${[1, 2, 3, 4, 5].map((i) => `<li><a href="/r/${i}">Related story number ${i} about something else</a></li>`).join('')}</ul></aside>`;
const share = `<div class="share"><a href="https://twitter.example/share"><img src="/i/tw.png" data-w="24" data-h="24"></a><a href="https://fb.example/share"><img src="/i/fb.png" data-w="24" data-h="24"></a><a href="mailto:?body=x"><img src="/i/mail.png" data-w="24" data-h="24"></a></div>`;
const footer = `<footer>${['About', 'Contact', 'Privacy', 'Terms', 'Careers', 'Advertise'].map((s) => `<a href="/${s}">${s}</a>`).join(' | ')}</footer>`;

function articlePage(extraInBody = ''): Document {
  return doc(`${nav}<main><article>
    <h1 class="headline">The harbour lantern festival returns</h1>
    <p class="byline">By <a href="/people/ada">Ada Writer</a></p>
    <p>${prose(4, 1)} The festival is run by the <a href="https://harbour.example.org">Harbour Trust</a>, ${prose(3, 2)}</p>
    ${share}
    <p>${prose(5, 3)}</p>
    <figure><img src="photo.jpg" alt="Lanterns" data-w="480" data-h="320"><figcaption>Lanterns over the water.</figcaption></figure>
    ${extraInBody}
    <p>${prose(5, 4)}</p>
  </article>${related}</main>${footer}`, '<title>The harbour lantern festival returns | Example News</title><meta property="og:site_name" content="Example News">');
}

describe('extract: NTA + link blocks on a news page', () => {
  it('states the title once: in its field, not again as the content\'s opening heading', () => {
    const clip = extract(articlePage(), { layout: fakeLayout })!;
    expect(clip.title).toBe('The harbour lantern festival returns');
    expect(clip.html).not.toContain('<h1>');
    expect(clip.text.startsWith('By Ada Writer\n\n')).toBe(true);
    expect(clip.trace.notes).toContain('the opening heading states the title: left to the clip\'s title field');
    // A heading that says something else stays.
    const other = extract(doc(`<article><h1>Lanterns, and the people who light them</h1><p>${prose(6, 1)}</p><p>${prose(6, 2)}</p></article>`, '<title>Harbour news</title>'), { layout: fakeLayout })!;
    expect(other.html.startsWith('<h1>Lanterns, and the people who light them</h1>')).toBe(true);
  });

  it('leaves the author’s box that ends the article to the byline field', () => {
    const box = `<div class="writer"><img src="/i/ada.jpg" alt="Ada Writer" data-w="120" data-h="120"><p><a href="/people/ada">Ada Writer</a></p><p>Ada Writer covers the harbour and its festivals for Example News.</p></div>`;
    const clip = extract(doc(`<main><article><h1>The harbour lantern festival returns</h1><p>${prose(6, 1)}</p><p>${prose(6, 2)}</p>${box}</article></main>`,
      '<title>The harbour lantern festival returns</title><meta name="author" content="Ada Writer">'), { layout: fakeLayout })!;
    expect(clip.byline).toBe('Ada Writer');
    expect(clip.text.endsWith(prose(6, 2))).toBe(true);
    expect(clip.html).not.toContain('ada.jpg');
    // The page names no lead image and the content holds none: the author's photo is not it.
    expect(clip.leadImage).toBeNull();
    expect(clip.trace.notes).toContain('the author\'s box ends the content (name and biography): left to the clip\'s byline field');
  });

  it('keeps the body text and in-text links, drops nav, related list, share bar and footer', () => {
    const clip = extract(articlePage(), { layout: fakeLayout })!;
    expect(clip).not.toBeNull();
    expect(clip.text).toContain(prose(5, 3));
    expect(clip.text).toContain('Harbour Trust');
    expect(clip.html).toContain('<a href="https://harbour.example.org/">Harbour Trust</a>');
    for (const noise of ['Business', 'Related story number', 'Privacy', 'Careers']) expect(clip.text).not.toContain(noise);
    expect(clip.html).not.toContain('tw.png');
    expect(clip.html).toContain('<img src="https://news.example.com/world/2024/photo.jpg" alt="Lanterns" width="480" height="320">');
    expect(clip.text).toContain('Lanterns over the water.');
  });

  it('removes an inline ad link cluster inside a paragraph but keeps the paragraph', () => {
    const ad = `<p>${prose(3, 5)} <span class="promo">Sponsored: <a href="https://ads.example/1">Cheap flights</a> · <a href="https://ads.example/2">Hotel deals</a> · <a href="https://ads.example/3">Car hire</a></span> ${prose(3, 6)}</p>`;
    const result = extractResult(articlePage(ad), { layout: fakeLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { clip } = result;
    expect(clip.text).not.toContain('Cheap flights');
    expect(clip.text).not.toContain('Hotel deals');
    expect(clip.text).toContain(prose(3, 5));
    expect(clip.text).toContain(prose(3, 6));
    const removed = clip.trace.linkBlocks.filter((b) => b.removedFromContent);
    expect(removed.some((b) => b.sample.includes('Cheap flights'))).toBe(true);
    // nav, related and footer clusters are link blocks too (outside the content).
    expect(clip.trace.linkBlocks.length).toBeGreaterThanOrEqual(4);
    expect(clip.trace.lcr).toBeGreaterThan(0.5);
    expect(clip.trace.ccr).toBeGreaterThan(0);
  });

  it('fills metadata and counts', () => {
    const clip = extract(articlePage(), { layout: fakeLayout })!;
    expect(clip.title).toBe('The harbour lantern festival returns');
    expect(clip.siteName).toBe('Example News');
    expect(clip.lang).toBe('en');
    expect(clip.dir).toBe('ltr');
    expect(clip.url).toBe(URL_);
    expect(clip.engine).toBe('nta');
    expect(clip.wordCount).toBeGreaterThan(150);
    expect(clip.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(clip.trace.nodes.some((n) => n.role === 'start')).toBe(true);
    // The share bar (linked 24 px icons) is named by its class: dropped as a boilerplate region.
    expect(clip.trace.nodes.some((n) => n.path.endsWith('div.share') && n.reason === 'boilerplate region: class/id "share"')).toBe(true);
  });

  it('writes clean HTML: no scripts, styles, handlers or classes; text has blank lines between blocks', () => {
    const clip = extract(doc(`<div class="post"><p class="x" style="color:red" onclick="alert(1)">${prose(6)}</p><script>alert(2)</script><style>p{}</style><p>${prose(6, 1)}<iframe src="https://evil.example"></iframe></p></div>`), { layout: fakeLayout })!;
    expect(clip.html).not.toMatch(/class=|style=|onclick|<script|<style|<iframe/);
    expect(clip.text).toBe(`${prose(6)}\n\n${prose(6, 1)}`);
  });

  it('leaves out JSON a page prints as text for its scripts; JSON in code, footnote marks and bracketed prose stay', () => {
    const config = '{"statementLink":"","hideMobile":false,"position":"left","mobile":{"triggerSize":"small"}}';
    const clip = extract(articlePage(`<div id="widget-config">\n  ${config}\n</div>
      <p>The API answers with <code>{"id":12,"name":"Ada"}</code> for one person.</p>
      <pre>[{"id":12},{"id":13}]</pre>
      <p>The tide tables were redrawn in 1911.<sup>[12]</sup></p>
      <p>["a quoted aside in brackets", she wrote] and then went on.</p>`), { layout: fakeLayout })!;
    expect(clip.text).not.toContain('statementLink');
    expect(clip.text).toContain('{"id":12,"name":"Ada"}');
    expect(clip.text).toContain('[{"id":12},{"id":13}]');
    expect(clip.text).toContain('[12]');
    expect(clip.text).toContain('["a quoted aside in brackets", she wrote] and then went on.');
  });

  it('writes no paragraph for text a reader cannot see: zero-width joiners, spaces and marks alone', () => {
    // Page builders put a lone U+200D (or U+200B, U+200C, a direction mark) in spacer
    // paragraphs: the page shows a gap, the clip showed a paragraph of nothing.
    const clip = extract(articlePage(`<p>\u200d</p><div>\u200b</div><p>\u200c \u200c</p><p>\u200e</p><p>\u2060\u00ad</p>
      <p>Family: 👩\u200d👩\u200d👧 and a word\u200bbreak stay.</p>`), { layout: fakeLayout })!;
    expect(clip.text.split('\n\n').filter((b) => !/[^\s\u200b-\u200f\u2060\u00ad]/.test(b))).toEqual([]);
    expect(clip.html).not.toMatch(/<p>[\s\u200b-\u200f\u2060\u00ad]*<\/p>/);
    expect(clip.text).toContain('Family: 👩\u200d👩\u200d👧 and a word\u200bbreak stay.');
  });

  it('never mutates the page', () => {
    const d = articlePage();
    const before = d.documentElement.outerHTML;
    extract(d, { layout: fakeLayout });
    expect(d.documentElement.outerHTML).toBe(before);
  });

  it('refuses with a reason: empty, too large', () => {
    const empty = extractResult(doc('<div></div>'), { layout: fakeLayout });
    expect(empty).toMatchObject({ ok: false, reason: 'empty' });
    const big = extractResult(doc(`<div>${'<span>x</span>'.repeat(200)}</div>`), { layout: fakeLayout, maxElements: 100 });
    expect(big).toMatchObject({ ok: false, reason: 'too-large' });
    expect(extract(doc('<div></div>'), { layout: fakeLayout })).toBeNull();
  });

  it('handles a 5,000-deep page without recursion', () => {
    const depth = 5000;
    // linkedom: jsdom's own tree operations are slow at this depth (the core's time is measured in Chromium).
    const d = parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document;
    let parent: Element = d.body;
    for (let i = 0; i < depth; i++) { const div = d.createElement('div'); parent.appendChild(div); parent = div; }
    const p = d.createElement('p'); p.textContent = prose(10); parent.appendChild(p);
    const clip = extract(d, { layout: fakeLayout });
    expect(clip?.text).toBe(prose(10));
  }, 30_000);

  it('counts CJK words per character', () => {
    const clip = extract(doc(`<article><p>${'北京欢迎你。'.repeat(40)}</p></article>`), { layout: fakeLayout })!;
    expect(clip.wordCount).toBe(200);
  });
});

describe('extract: a region that is a list of links', () => {
  // Every node of such a region types as anchor, so NTA's pruning keeps nothing in it.
  const items = Array.from({ length: 24 }, (_, i) => `<li><a href="/lang/${i}">Programming language number ${i}</a> (${1960 + i})</li>`).join('');
  const listPage = (main: string): Document => doc(`${nav}<div class="page"><div class="content"><h1>List of programming languages</h1><ul>${items}</ul></div></div>${footer}${main}`);

  it('keeps the start node whole when pruning kept nothing readable, and says so', () => {
    const result = extractResult(listPage(''), { layout: fakeLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.clip.text).toContain('Programming language number 0');
    expect(result.clip.text).toContain('Programming language number 23');
    expect(result.clip.text).not.toContain('Careers');
    expect(result.clip.trace.notes).toContain('pruning kept no readable node: the start node is kept whole');
  });

  it('keeps a grid of product cards that is the page’s one region below <body> (typed anchor throughout)', () => {
    const cards = Array.from({ length: 20 }, (_, i) => `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" data-w="200" data-h="200"></a><a href="/p/${i}">Standing desk drawer model ${i}</a><div>$ ${40 + i} +</div></div>`).join('');
    const result = extractResult(doc(`${nav}<main><h1>Accessories</h1><div class="grid">${cards}</div></main>${footer}`), { layout: fakeLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.clip.text).toContain('Standing desk drawer model 19');
    expect(result.clip.text).toContain('$ 59 +');
    expect(result.clip.text).not.toContain('Careers');
  });

  it('writes a link around blocks as a block of its own, and unwraps other inline markup around blocks', () => {
    // Each card is one link around its name and a line (<div>s), its price beside it: the grid
    // is the clip with its links. The link used to open inside a paragraph that the first
    // <div> rolled back, leaving a closing </a> with no opening tag.
    const cards = Array.from({ length: 12 }, (_, i) => `<div class="card"><a href="/p/${i}"><div>Standing desk drawer model ${i}</div><div>Solid oak, with soft-close runners and a lock</div></a><div>$ ${40 + i} +</div></div>`).join('');
    const result = extractResult(doc(`${nav}<main><div class="grid">${cards}</div></main>${footer}`), { layout: fakeLayout });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { html, text } = result.clip;
    expect(html).toContain('<a href="https://news.example.com/p/3"><p>Standing desk drawer model 3</p><p>Solid oak, with soft-close runners and a lock</p></a><p>$ 43 +</p>');
    expect(html.match(/<a /g)?.length).toBe(12);
    expect(html.match(/<\/a>/g)?.length).toBe(12);
    expect(text).toContain('Standing desk drawer model 11\n\nSolid oak, with soft-close runners and a lock\n\n$ 51 +');
    const note = extract(articlePage(`<strong><p>${prose(2, 7)}</p></strong>`), { layout: fakeLayout })!;
    expect(note.html).toContain(`<p>${prose(2, 7)}</p>`);
    expect(note.html).not.toContain('strong');
    // Inside flow content the inline markup stays: a list item's link and a <pre>'s <code>.
    const flow = extract(articlePage(`<ul><li><a href="/kit"><div>The lantern kit</div><div>$ 12</div></a></li></ul><pre><code><div>import os</div><div>print(os.name)</div></code></pre>`), { layout: fakeLayout })!;
    expect(flow.html).toContain('<li><a href="https://news.example.com/kit">The lantern kit $ 12</a></li>');
    expect(flow.html).toContain('<pre><code>import os\nprint(os.name)</code></pre>');
  });

  it('keeps the words on either side of a block boundary apart inside flow content', () => {
    // Minified markup has no whitespace between blocks; inside a list item or a cell the blocks
    // are not written, so their texts used to run together ("The lantern kit$ 12").
    const items = `<ul><li><div>The lantern kit</div><div>$ 12</div></li><li><div><a href="/a">Paper</a></div><a href="/b">Wire</a><div>Glue</div>tape</li><li><div>Alone</div></li></ul>`;
    const c = extract(articlePage(items), { layout: fakeLayout })!;
    expect(c.html).toContain('<li>The lantern kit $ 12</li>');
    expect(c.html).toContain('<li><a href="https://news.example.com/a">Paper</a> <a href="https://news.example.com/b">Wire</a> Glue tape</li>');
    expect(c.html).toContain('<li>Alone</li>');
    expect(c.text).toContain('The lantern kit\n\n$ 12');
  });

  it('keeps links written one right after another apart, in the html and the text', () => {
    // Tag chips and menu entries with no space between them: `<a>Mobile</a><a>Web</a>`
    // (pairs far apart, so no link block takes them).
    const chips = `<p>${prose(4, 7)} Filed under <a href="/t/1">Lantern making</a><a href="/t/2">Harbour life</a> for now. ${prose(4, 8)}</p>
      <p>See <span><a href="/t/3">Winter</a></span><a href="/t/4">Paper</a>, ${prose(4, 9)}</p>
      <pre><code>let input = <a href="/std">std</a><a href="/std/io">::io</a>::stdin();</code></pre><p>${prose(4, 10)}</p>`;
    const c = extract(articlePage(chips), { layout: fakeLayout })!;
    expect(c.html).toContain('Filed under <a href="https://news.example.com/t/1">Lantern making</a> <a href="https://news.example.com/t/2">Harbour life</a> for now.');
    expect(c.html).toContain('See <a href="https://news.example.com/t/3">Winter</a> <a href="https://news.example.com/t/4">Paper</a>, ');
    expect(c.text).toContain('Filed under Lantern making Harbour life for now.');
    expect(c.text).toContain('See Winter Paper, ');
    // Code is written as it is.
    expect(c.text).toContain('let input = std::io::stdin();');
  });

  it('still refuses a page whose only text is its footer of links', () => {
    const groups = ['Help', 'Sites', 'Categories', 'Group'].map((g, k) => `<div><h3>${g}</h3><p>${Array.from({ length: 8 }, (_, i) => `<a href="/f/${k}/${i}">Footer link ${k} ${i}</a>`).join(', ')}</p></div>`).join('');
    expect(extractResult(doc(`<div id="root"></div><footer>${groups}</footer>`), { layout: fakeLayout })).toMatchObject({ ok: false, reason: 'not-article' });
  });

  it("refuses a page whose only prose is the page's footer, and clips an article's own footer", () => {
    // A shop's category that rendered no products: short links in the page, prose only in the footer.
    const grid = `<main><h1>Down jackets</h1><div class="grid">${Array.from({ length: 12 }, (_, i) => `<a href="/p/${i}">Jacket ${i}</a>`).join(' ')}</div></main>`;
    const footer = (open: string, close: string) => `${open}<div class="wrap"><div class="newsletter"><h3>Subscribe</h3><p>${prose(3, 4)}</p></div><p>© 2026 Harbour Outfitters. ${prose(1, 5)}</p></div>${close}`;
    const pageFooter = extractResult(doc(`${grid}${footer('<footer>', '</footer>')}`), { layout: fakeLayout });
    expect(pageFooter).toMatchObject({ ok: false, reason: 'not-article' });
    const contentinfo = extractResult(doc(`${grid}${footer('<div class="bottom" role="contentinfo">', '</div>')}`), { layout: fakeLayout });
    expect(contentinfo).toMatchObject({ ok: false, reason: 'not-article' });
    // The same footer inside an <article> is that article's, and its text is clipped.
    const own = extractResult(doc(`<article>${footer('<footer>', '</footer>')}</article>`), { layout: fakeLayout });
    expect(own.ok && own.clip.text).toContain(prose(3, 4));
  });

  it('still refuses a page whose only region is the page itself', () => {
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/x/${i}">Link ${i}</a>`).join(' ');
    expect(extractResult(doc(links), { layout: fakeLayout })).toMatchObject({ ok: false, reason: 'not-article' });
  });
});

describe('extract: the label of a removed link block', () => {
  const tags = (label: string) => `<p>${label} ${['tagone', 'tagtwo', 'tagthree', 'tagfour', 'tagfive', 'tagsix'].map((t) => `<a href="/tag/${t}">${t}</a>`).join(' ')}</p>`;
  it('goes with the block when it is a short colon label, stays otherwise', () => {
    const withColon = extract(articlePage(tags('Filed under:')), { layout: fakeLayout })!;
    expect(withColon.trace.linkBlocks.some((b) => b.removedFromContent && b.links === 6)).toBe(true);
    expect(withColon.text).not.toContain('Filed under');
    expect(withColon.text).not.toContain('tagsix');
    const noColon = extract(articlePage(tags('Filed under')), { layout: fakeLayout })!;
    expect(noColon.text).toContain('Filed under');
    expect(noColon.text).not.toContain('tagsix');
  });
});

describe('extract: a link block that runs from navigation into the content', () => {
  // MDN's shape: an on-page table of contents (an <aside>, dropped as boilerplate) right
  // before a reference list whose every link has its own short description. The scan sees
  // one block (no gap reaches d_t), dense with links because of the contents list; the
  // part in the content is a described list, mostly text.
  const members = ['binaryType', 'bufferedAmount', 'extensions', 'protocol', 'readyState', 'url'];
  const toc = `<aside class="toc"><h2>In this article</h2><ul>${Array.from({ length: 24 }, (_, i) => `<li><a href="#s${i}">Section heading number ${i}</a></li>`).join('')}</ul></aside>`;
  // Its headings are links to themselves, and a "See also" list closes it.
  const section = (title: string, names: string[]) => `<h2><a href="#${title.replace(/ /g, '_')}">${title}</a></h2><dl>${names.map((m) => `<dt><a href="/api/Socket/${m}">Socket.${m}</a></dt><dd>The ${m} value the open connection reports.</dd>`).join('')}</dl>`;
  const reference = `${section('Instance properties', members)}${section('Instance methods', ['close', 'send', 'ping'])}<h2><a href="#See_also">See also</a></h2><ul>${['Writing clients', 'Writing servers', 'The protocol'].map((t) => `<li><a href="/guide/${t.length}">${t}</a></li>`).join('')}</ul>`;
  const page = () => doc(`${nav}<main><article><h1>The Socket interface</h1><p>${prose(6, 1)}</p>${toc}${reference}<p>${prose(5, 2)}</p></article></main>${footer}`);

  it('keeps the described list: the block is judged on the part it would remove', () => {
    const clip = extract(page(), { layout: fakeLayout })!;
    expect(clip.text).toContain('Socket.bufferedAmount');
    expect(clip.text).toContain('The readyState value the open connection reports.');
    expect(clip.text).toContain('The send value the open connection reports.');
    expect(clip.text).not.toContain('Section heading number');
    // One block from the contents to the end of "See also", left in the content.
    expect(clip.trace.linkBlocks.some((b) => !b.removedFromContent && b.links > 24 + 9)).toBe(true);
  });

  it('still removes a tag cloud in the content that the same navigation runs into', () => {
    const tags = `<p>${['tagone', 'tagtwo', 'tagthree', 'tagfour', 'tagfive', 'tagsix'].map((t) => `<a href="/tag/${t}">${t}</a>`).join(' ')}</p>`;
    const d = doc(`${nav}<main><article><h1>The Socket interface</h1><p>${prose(6, 1)}</p>${toc}${tags}<p>${prose(5, 2)}</p></article></main>${footer}`);
    const clip = extract(d, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(5, 2));
    expect(clip.text).not.toContain('tagfour');
    expect(clip.trace.linkBlocks.some((b) => b.removedFromContent && b.links > 24)).toBe(true);
  });

  it('still removes a list whose links carry prices and stock, not sentences', () => {
    const shop = `<ul>${['Kettle grill', 'Charcoal smoker', 'Table grill', 'Kamado grill'].map((t, i) => `<li><a href="/p/${i}">${t} in stainless steel</a> ${149 + i},00 € <span>In stock</span> <a href="/brand/${i}">Brand</a></li>`).join('')}</ul>`;
    const d = doc(`${nav}<main><article><h1>The Socket interface</h1><p>${prose(6, 1)}</p>${toc}${shop}<p>${prose(5, 2)}</p></article></main>${footer}`);
    const clip = extract(d, { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(5, 2));
    expect(clip.text).not.toContain('Charcoal smoker');
    expect(clip.trace.linkBlocks.some((b) => b.removedFromContent && b.links > 24)).toBe(true);
  });
});

describe('extract: a heading’s own anchor next to a link cluster', () => {
  // mdBook's shape: a menu bar of icon links in the page's column, then the chapter, whose
  // every heading is a link to itself. No text between the icons and the first heading's
  // link: the scan sees one block of icons and heading, dense with links.
  const icon = (name: string) => `<a href="/${name}.html" title="${name}"><img src="/i/${name}.svg" alt="" data-w="24" data-h="24"></a>`;
  const heading = (level: string, id: string, text: string) => `<${level} id="${id}"><a class="header" href="#${id}">${text}</a></${level}>`;
  const chapter = (afterFirstHeading: string) => doc(`${nav}<div class="page"><div class="menu-bar">${['print', 'github', 'edit'].map(icon).join('')}</div>
    <main>${heading('h2', 'what-is-ownership', 'What Is Ownership?')}${afterFirstHeading}
    ${heading('h3', 'the-stack', 'The Stack and the Heap')}<p>${prose(5, 3)}</p></main></div>${footer}`);

  it('keeps the heading that the block ends with, and still drops the icons', () => {
    const clip = extract(chapter(`<p>${prose(6, 1)}</p><p>${prose(5, 2)}</p>`), { layout: fakeLayout })!;
    expect(clip.text.split('\n\n').slice(0, 2)).toEqual(['What Is Ownership?', prose(6, 1)]);
    expect(clip.html).toContain('What Is Ownership?</h2>');
    expect(clip.html).not.toContain('github');
  });

  it('removes a heading that labels the links after it with them', () => {
    const seeAlso = `<p>${prose(6, 1)}</p><p>${prose(5, 2)}</p>${heading('h2', 'see-also', 'See also')}<ul>${['Borrowing', 'Slices', 'Lifetimes', 'Smart pointers'].map((t) => `<li><a href="/${t.length}.html">${t}</a></li>`).join('')}</ul>`;
    const clip = extract(chapter(seeAlso), { layout: fakeLayout })!;
    expect(clip.text).toContain('What Is Ownership?');
    expect(clip.text).not.toContain('See also');
    expect(clip.text).not.toContain('Lifetimes');
    expect(clip.text).toContain(prose(5, 3));
  });
});

describe('code blocks', () => {
  it('drops the unselectable line numbers a code viewer draws beside each line, and nothing else; each line <div> is a line', () => {
    const row = (n: number, code: string) => `<div><span class="ln" style="user-select: none">${n}</span><div>${code}</div></div>`;
    const d = doc(`<article><h1>Sending a message</h1><p>${prose(6)}</p>
      <pre>${row(1, '# Download the helper library')}${row(2, 'import os')}${row(10, 'client = Client(sid, token)')}</pre>
      <pre><span style="user-select: none">$ </span>npm install <span>2</span></pre><p>${prose(6, 1)}</p></article>`);
    const clip = extract(d, { layout: fakeLayout })!;
    expect(clip.html).toContain('# Download the helper library');
    expect(clip.html).not.toMatch(/\d\s*(?:# Download|import os|client =)/);
    // Each line of the viewer (a <div>) is a line of the code.
    expect(clip.html).toContain('<pre># Download the helper library\nimport os\nclient = Client(sid, token)</pre>');
    // Only a number alone is a line number: the prompt stays, as does a selectable 2.
    expect(clip.html).toContain('<pre>$ npm install 2</pre>');
  });

  it('keeps a code block\'s lines and indentation in the plain text too', () => {
    const d = doc(`<article><h1>Greeting people</h1><p>${prose(6)}</p><pre><code>def greet(name):\n    print(name)\n\ngreet("Ada")\n</code></pre><p>${prose(6, 1)}</p></article>`);
    const clip = extract(d, { layout: fakeLayout })!;
    expect(clip.text).toContain('\n\ndef greet(name):\n    print(name)\n\ngreet("Ada")\n\n');
  });

  // The three common generators' markup for a listing with line numbers in a table (trimmed).
  const numbers = (from: number, n: number, each: (k: number) => string = String) => Array.from({ length: n }, (_, i) => each(from + i)).join('\n');
  const code = 'def greet(name):\n    print(name)\n\ngreet("Ada")';
  const listings: Record<string, string> = {
    pygments: `<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>${numbers(1, 4, (k) => `<span class="normal">${k}</span>`)}</pre></div></td><td class="code"><div class="highlight"><pre>${code}</pre></div></td></tr></table>`,
    rouge: `<table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">${numbers(12, 4)}\n</pre></td><td class="rouge-code"><pre>${code}</pre></td></tr></tbody></table>`,
    hugo: `<div class="highlight"><div class="chroma"><table class="lntable"><tr><td class="lntd"><pre class="chroma"><code>${numbers(1, 4, (k) => `<span class="lnt">${k}\n</span>`)}</code></pre></td><td class="lntd"><pre class="chroma"><code class="language-python">${code}</code></pre></td></tr></table></div></div>`,
  };
  for (const [generator, listing] of Object.entries(listings)) {
    it(`drops the line-number gutter of a ${generator} listing laid out as a table`, () => {
      const d = doc(`<article><h1>Greeting people</h1><p>${prose(6)}</p>${listing}<p>${prose(6, 1)}</p></article>`);
      const clip = extract(d, { layout: fakeLayout })!;
      expect(clip.text).toContain(code);
      // No block of bare numbers before the code, in the text or the HTML.
      expect(clip.text).not.toMatch(/(?:^|\n\n)\d+(?:\s+\d+)+(?:\n\n|$)/);
      expect(clip.html).not.toMatch(/<td>(?:<[^>]+>)*\d/);
      expect(clip.html).toContain('print(name)');
    });
  }

  it('keeps the number column of a data table, and a gutter whose numbers do not run on', () => {
    const ranked = `<table><tr><td>1</td><td>Ada</td></tr><tr><td>2</td><td>Grace</td></tr><tr><td>3</td><td>Edsger</td></tr></table>`;
    const notAGutter = `<table><tr><td><pre>10\n20\n30</pre></td><td><pre>${code}</pre></td></tr></table>`;
    const d = doc(`<article><h1>Ranking</h1><p>${prose(6)}</p>${ranked}${notAGutter}<p>${prose(6, 1)}</p></article>`);
    const clip = extract(d, { layout: fakeLayout })!;
    expect(clip.html).toContain('<td>1</td><td>Ada</td>');
    expect(clip.html).toContain('<pre>10\n20\n30</pre>');
  });
});

describe('extract: a page whose stylesheet hides the article until scripts run', () => {
  // jsdom lays nothing out: a stand-in for Chromium's checkVisibility on a page whose
  // stylesheet says `.js-reveal { display: none }` until a script (never run) removes the
  // class. The markup alone shows it (layout.markupVisibility).
  function styledDoc(body: string): Document {
    const { window } = new JSDOM(`<!doctype html><html lang="en"><head></head><body>${body}</body></html>`, { url: URL_ });
    window.Element.prototype.checkVisibility = function (this: Element) {
      return this.closest('.js-reveal, [hidden], [style*="display:none"]') === null;
    };
    return window.document;
  }
  const header = (sentences: number) => `<header><h1>Harbour lantern festival</h1><p>${prose(sentences, 7)}</p></header>`;
  const hidden = (sentences: number) => `<div class="js-reveal"><article><h2>The festival returns</h2><p>${prose(sentences, 1)}</p><p>${prose(sentences, 2)}</p></article></div>`;
  const chars = (s: string) => s.replace(/\s+/g, '').length;
  const note = (result: ReturnType<typeof extractResult>) => (result.ok ? result.clip.trace.notes.join(' ') : '');

  it('reads the page by its markup when it renders a header of a few hundred characters and hides an article of thousands (Sweetwater, Nike)', () => {
    expect(chars(prose(4, 7))).toBeLessThan(400);
    const result = extractResult(styledDoc(`${header(4)}${hidden(30)}`));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.clip.text).toContain(prose(30, 1));
    expect(result.clip.text).toContain(prose(30, 2));
    expect(note(result)).toContain('visibility judged by the markup alone');
  });

  it('leaves a short page alone when its markup holds no more text', () => {
    const result = extractResult(styledDoc(`${header(4)}<p hidden>HIDDEN-ATTRIBUTE</p>`));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.clip.text).toContain(prose(4, 7));
    expect(result.clip.text).not.toContain('HIDDEN-ATTRIBUTE');
    expect(note(result)).not.toContain('markup alone');
  });

  it('needs the markup to hold at least twice the rendered text', () => {
    // Rendered: a title and 8 sentences; hidden: 6 sentences (markup ~1.75×: no), then 10 (~2.25×: yes).
    const below = extractResult(styledDoc(`${header(8)}${hidden(3)}`));
    expect(below.ok && below.clip.text).not.toContain(prose(3, 1));
    expect(note(below)).not.toContain('markup alone');
    const above = extractResult(styledDoc(`${header(8)}${hidden(5)}`));
    expect(above.ok && above.clip.text).toContain(prose(5, 1));
    expect(note(above)).toContain('visibility judged by the markup alone');
  });

  it('trusts a page that renders 1,000 characters or more, whatever its markup hides', () => {
    expect(chars(prose(16, 7))).toBeGreaterThan(1000);
    const result = extractResult(styledDoc(`${header(16)}${hidden(30)}`));
    expect(result.ok && result.clip.text).toContain(prose(16, 7));
    expect(result.ok && result.clip.text).not.toContain(prose(30, 1));
    expect(note(result)).not.toContain('markup alone');
  });

  it('still reads a page that renders nothing by its markup', () => {
    const result = extractResult(styledDoc(hidden(10)));
    expect(result.ok && result.clip.text).toContain(prose(10, 1));
    expect(note(result)).toContain('nothing readable is rendered');
  });
});

describe('extract: a selection that its link blocks would mostly empty', () => {
  // A blog's index (Spotify's engineering blog has this shape): each card a linked title, a
  // line of teaser and three linked tags. No gap reaches d_t, so the cards are one link block;
  // each card's teaser is as long as its link text (non-space characters), so the block is
  // just dense enough to be noise (0.5) while each card still types as text; and one gap in
  // four holds a sentence, too few for a described list.
  const tags = ['Machine learning', 'Developer tools', 'Mobile'];
  const nonSpace = (t: string) => t.replace(/\s+/g, '').length;
  const teaser = (n: number, chars: number) => {
    const words = `We peek under the hood at the tooling number ${n} ${prose(2, n)}`.split(' ');
    let out = '';
    while (nonSpace(`${out} ${words[0]!}...`) <= chars) out = `${out} ${words.shift()!}`.trim();
    return `${out}${'s'.repeat(chars - nonSpace(`${out}...`))}...`;
  };
  // Far enough from the navigation (over d_t words) that its block ends before the index.
  const letter = `<div class="newsletter"><p>${prose(4, 3)}</p></div>`;
  const card = (n: number) => {
    const title = `How we release the harbour app, part ${n}`;
    return `<div class="post-card"><a href="/2026/post-${n}"><h3>${title}</h3></a>
      <div class="description">${teaser(n, nonSpace(title + tags.join('')))}</div>
      <div class="tags">${tags.map((t) => `<a class="tag" href="/category/${t.length}">${t}</a>`).join('')}</div></div>`;
  };
  const index = (cards: number) => doc(`${nav}${letter}<main class="blog"><section class="banner"><h1>Engineering</h1><p>Read about the harbour behind the music.</p></section>
    <section class="posts">${Array.from({ length: cards }, (_, i) => card(i + 1)).join('')}</section></main>${footer}`);

  it("keeps the cards when removing the block would take most of the selection's text, and says why", () => {
    const clip = extract(index(8), { layout: fakeLayout })!;
    expect(clip.text).toContain('Read about the harbour behind the music.');
    for (const n of [1, 5, 8]) {
      expect(clip.text).toContain(`How we release the harbour app, part ${n}`);
      expect(clip.text).toContain(`We peek under the hood at the tooling number ${n}`);
    }
    expect(clip.html).toContain('<a href="https://news.example.com/2026/post-3">');
    expect(clip.text).not.toContain('Careers');
    expect(clip.trace.notes.some((n) => /^link blocks would have taken \d+ % of the selection's text/.test(n))).toBe(true);
    expect(clip.trace.linkBlocks.some((b) => b.links >= 8 * 4 && !b.removedFromContent)).toBe(true);
  });

  it('Auto sees the same list in NTA’s selection and returns it', () => {
    const nta = extract(index(8), { layout: fakeLayout })!;
    const auto = extract(index(8), { layout: fakeLayout, engine: 'auto' })!;
    expect(auto.trace.notes).toContain("auto: link blocks would take most of NTA's selection, a list of links: classifier and combiner skipped");
    expect(auto.text).toBe(nta.text);
    expect(auto.html).toBe(nta.html);
    expect(auto.trace.notes.filter((n) => n.startsWith('link blocks would have taken'))).toHaveLength(1);
  });

  it('still removes a cluster that holds about half of an article', () => {
    // A shop list in the article, 20 items of ~35 non-space characters (name, price, brand),
    // between two paragraphs of ~290: the block is over half of the text, under 0.7.
    const items = ['Kettle', 'Charcoal smoker', 'Table', 'Kamado', 'Pellet', 'Gas', 'Pizza oven', 'Rotisserie', 'Griddle', 'Brazier'].flatMap((t) => [`${t} grill`, `${t} grill XL`]);
    const shop = `<ul>${items.map((t, i) => `<li><a href="/p/${i}">${t} in stainless steel</a> ${149 + i},00 € <a href="/brand/${i}">Brand</a></li>`).join('')}</ul>`;
    const clip = extract(doc(`${nav}<main><article><h1>The harbour grill festival returns</h1><p>${prose(4, 1)}</p>${shop}<p>${prose(4, 2)}</p></article></main>${footer}`), { layout: fakeLayout })!;
    expect(clip.text).toContain(prose(4, 2));
    expect(clip.text).not.toContain('Charcoal smoker');
    expect(clip.trace.notes.some((n) => n.startsWith('link blocks would have taken'))).toBe(false);
  });
});
