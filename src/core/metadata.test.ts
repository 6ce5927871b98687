import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { agrees, bylineText, decodeReferences, extractMetadata, holdsHalfTheText, isoUtc, MARKED_SELECTORS, markedElements, normalizeDate, parseDateText, stripSiteSuffix } from './metadata';

const page = (head: string, body = '', attrs = 'lang="en"') =>
  new JSDOM(`<!doctype html><html ${attrs}><head>${head}</head><body>${body}</body></html>`, { url: 'https://site.example/a/story' }).window.document;

/** The metadata of a page whose content root (the engine's selection) is its #root. */
const withRoot = (body: string) => { const d = page('<title>T</title>', body); return extractMetadata(d, d.URL, d.getElementById('root')); };

describe('metadata', () => {
  it('prefers JSON-LD, then OpenGraph', () => {
    const d = page(`<title>Ignored | Site</title><meta property="og:title" content="OG title"><meta property="og:image" content="/lead.jpg">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"The Site"},{"@type":"NewsArticle","headline":"LD headline","author":[{"@type":"Person","name":"Ada Writer"},{"@type":"Person","name":"Bo Editor"}],"datePublished":"2024-03-08T10:00:00+01:00","publisher":{"@type":"Organization","name":"The Site"}}]}</script>`);
    const m = extractMetadata(d, d.URL);
    expect(m.title).toBe('LD headline');
    expect(m.byline).toBe('Ada Writer, Bo Editor');
    expect(m.published).toBe('2024-03-08T10:00:00+01:00');
    expect(m.siteName).toBe('The Site');
    expect(m.leadImage).toBe('https://site.example/lead.jpg');
  });

  it('strips the site suffix from the title and reads the DOM when meta is missing', () => {
    const d = page('<title>How rivers shape cities - The Daily Example</title><link rel="canonical" href="/canon">',
      '<h1>How rivers shape cities</h1><span class="byline">By Cy Author</span><time datetime="2023-01-02">Jan 2</time>', 'lang="ar" dir="rtl"');
    const m = extractMetadata(d, d.URL);
    expect(m.title).toBe('How rivers shape cities');
    expect(m.byline).toBe('Cy Author');
    expect(m.published).toBe('2023-01-02');
    expect(m.canonicalUrl).toBe('https://site.example/canon');
    expect(m.lang).toBe('ar');
    expect(m.dir).toBe('rtl');
  });

  // `npm run clip` of samples/article.html was reported to give the byline
  // "file:///people/mara-quinlan", the author link's address. A byline is a name: an author
  // given as an address (absolute, root-relative or file:, in JSON-LD or a meta tag) is passed
  // over for the next source that names the author.
  it('a byline is a name, never an address: an author given as one falls back to a source that names them', () => {
    const byLink = '<p class="byline">By <a rel="author" href="/people/mara-quinlan">Mara Quinlan</a></p>';
    const ld = (author: string) => `<script type="application/ld+json">{"@type":"NewsArticle","headline":"H","author":${author}}</script>`;
    const byline = (head: string, body = byLink) => { const d = page(head, body); return extractMetadata(d, 'file:///work/samples/article.html').byline; };
    expect(byline(ld('"file:///people/mara-quinlan"'))).toBe('Mara Quinlan');
    expect(byline(ld('"/people/mara-quinlan"'))).toBe('Mara Quinlan');
    expect(byline(ld('{"@type":"Person","name":"https://site.example/people/mara-quinlan"}'))).toBe('Mara Quinlan');
    expect(byline(ld('[{"@type":"Person","name":"//site.example/people/bo"},{"@type":"Person","name":"Ada Writer"}]'))).toBe('Ada Writer');
    expect(byline('<meta name="author" content="file:///people/mara-quinlan">')).toBe('Mara Quinlan');
    expect(byline('<meta name="author" content="www.site.example/people/mara-quinlan">')).toBe('Mara Quinlan');
    expect(byline('', '<p class="byline">By <a rel="author" href="/people/mara-quinlan">file:///people/mara-quinlan</a></p>')).toBeNull();
    // The sample itself: its JSON-LD names the author.
    const sample = new JSDOM(readFileSync(new URL('../../samples/article.html', import.meta.url), 'utf8'), { url: 'file:///work/samples/article.html' }).window.document;
    expect(extractMetadata(sample, sample.URL).byline).toBe('Mara Quinlan');
  });

  it('decodes character references CMSs leave in JSON-LD and meta values, never in the page\'s text', () => {
    const d = page(`<meta property="og:site_name" content="Cats &amp;amp; Dogs"><script type="application/ld+json">{"@type":"BlogPosting","headline":"Tom &#038; Jerry &lt;3 &#x2014; a &bogus; review","author":{"@type":"Person","name":"Maria &amp; Katerina"}}</script>`,
      '<h1>Tom &amp;amp; Jerry</h1>');
    const m = extractMetadata(d, d.URL);
    expect(m.title).toBe('Tom & Jerry <3 — a &bogus; review');
    expect(m.byline).toBe('Maria & Katerina');
    expect(m.siteName).toBe('Cats & Dogs');
    expect(decodeReferences('&#0; &#xD800; &#1114112; AT&T')).toBe('&#0; &#xD800; &#1114112; AT&T');
    // A heading that shows "&amp;" says "&amp;".
    const h = page('<title>Escaping &amp;amp; in HTML</title>', '<h1>Escaping &amp;amp; in HTML</h1>');
    expect(extractMetadata(h, h.URL).title).toBe('Escaping &amp; in HTML');
  });

  it('a byline in an element marked author or byline anywhere: the name without its label and date', () => {
    const byline = (body: string) => withRoot(body).byline;
    expect(byline('<div class="post-meta-author">Written by Scott Pletcher</div><div id="root"><p>Text.</p></div>')).toBe('Scott Pletcher');
    expect(byline('<div id="root"><div class="td-post-author-name">By Summer Swann - June 12, 2025</div><p>Text.</p></div>')).toBe('Summer Swann');
    expect(byline('<p id="article-author-line">Posted by msmash on Friday January 12, 2024 @11:40AM</p><div id="root"><p>Text.</p></div>')).toBe('msmash');
    expect(byline('<div class="author-card">Haley Hoekstra • March 12, 2025</div><div id="root"><p>Text.</p></div>')).toBe('Haley Hoekstra');
    // A reading time beside the name goes, even run into it by a block boundary.
    expect(byline('<div class="_authorDetails_1r0t"><a href="/blog/author/brianbecker">Brian Becker</a><div>7 min read</div></div><div id="root"><p>Text.</p></div>')).toBe('Brian Becker');
    expect(byline('<div class="byline">Ann Lee · 12 minute read</div><div id="root"><p>Text.</p></div>')).toBe('Ann Lee');
    // A weekday without a digit, in any case, goes too (the one date form without a digit).
    expect(byline('<div class="author-line">By Ada Writer On Tuesday</div><div id="root"><p>Text.</p></div>')).toBe('Ada Writer');
    // The content root's own first; a name is short.
    expect(byline('<div class="author-widget">Ann Side</div><div id="root"><span class="AuthorName">Bea Main</span><p>Text.</p></div>')).toBe('Bea Main');
    expect(byline(`<div class="about-author">${'A long biography of the writer and her many books. '.repeat(3)}</div><div id="root"><p>Text.</p></div>`)).toBeNull();
    // What is marked "author" but is no byline: a comment form's field, a footer, a bare label, a date.
    expect(byline('<div id="root"><p>Text.</p></div><form><p class="comment-form-author"><label for="a">Name *</label><input id="a"></p></form>')).toBeNull();
    expect(byline('<div id="root"><p>Text.</p></div><footer><span class="site-author">© 2025 The University</span></footer>')).toBeNull();
    expect(byline('<div id="root"><span class="byline-label">By</span><span class="author-date">March 3, 2024</span><p>Text.</p></div>')).toBeNull();
    // Names that hold a weekday's or a month's letters stay whole.
    expect(byline('<div id="root"><span class="author">By Simon Friedman</span><p>Text.</p></div>')).toBe('Simon Friedman');
    expect(byline('<div id="root"><span class="authors">Monica Sunil, Mayank Marchetti</span><p>Text.</p></div>')).toBe('Monica Sunil, Mayank Marchetti');
  });

  it('a marked byline is not someone else\'s name on the page, a control or a word that only contains "author"', () => {
    const byline = (body: string) => withRoot(body).byline;
    // Whoever wrote a review, a testimonial, a comment or a quotation.
    expect(byline('<div id="root"><p>Text.</p></div><div class="review-card"><span class="review-author">Lance S.</span></div>')).toBeNull();
    expect(byline('<div id="root"><p>Text.</p></div><div class="testimonials"><p class="name-author">Bruce Henry</p></div>')).toBeNull();
    expect(byline('<div id="root"><p>Text.</p><ol class="commentlist"><li><cite class="fn author">Will</cite></li></ol></div>')).toBeNull();
    expect(byline('<div id="root"><blockquote><p>Quote.</p><span class="quote-author">Ada L.</span></blockquote></div>')).toBeNull();
    // A heading's id that holds "authorization"; a control's label; a price.
    expect(byline('<div id="root"><h2 id="about-authentication-and-authorization">About authentication and authorization<a href="#x">#</a></h2><p>Text.</p></div>')).toBeNull();
    expect(byline('<div id="root"><p>Text.</p></div><div class="header-author-menu"><a href="/login">Sign In</a></div>')).toBeNull();
    expect(byline('<div id="root"><p>Text.</p></div><div class="author-box">Get in touch</div>')).toBeNull();
    expect(byline('<div id="root"><p class="plan-author">$480 billed annually</p></div>')).toBeNull();
    // A container around the content is not someone else's: such class names mark whole pages too.
    const d = page('<title>T</title>', '<main class="theme-comment-placeholder"><article id="root" class="category-gear-reviews"><span class="author">Hardtail Canada</span><p>Text.</p></article></main>');
    expect(extractMetadata(d, d.URL, d.getElementById('root')).byline).toBe('Hardtail Canada');
    // "Reviewed by" names the author too: it is no review.
    expect(byline('<div id="root"><div class="reviewed-by-component"><div class="author-meta"><a>Emma Ryan</a></div></div><p>Text.</p></div>')).toBe('Emma Ryan');
    // The page's own byline beside them is still read, and a date's label glued to the name goes.
    expect(byline('<div class="reviews"><span class="author">Lance S.</span></div><div id="root"><span class="author">Jo Writer</span><p>Text.</p></div>')).toBe('Jo Writer');
    expect(byline('<div id="root"><div class="article-author"><span>TopGear.com</span><span>Published: 11 Mar 2026</span></div><p>Text.</p></div>')).toBe('TopGear.com');
    expect(byline('<div id="root"><div class="post-author"><span>Cazzy Magennis</span><span>Last Updated: March 3, 2025</span></div><p>Text.</p></div>')).toBe('Cazzy Magennis');
  });

  it('a title cut to a length is read whole from the title that continues it; a description is not a title', () => {
    const title = (head: string) => { const d = page(head); return extractMetadata(d, d.URL).title; };
    const whole = 'Fix It Friday: Struggling With How To Arrange Your Living Room? We Help 4 Readers Find Solutions (Including One Trick)';
    const cut = whole.slice(0, 104);
    expect(title(`<title>${whole} - Emily Henderson</title><script type="application/ld+json">{"@type":"Article","headline":"${cut}"}</script>`)).toBe(whole);
    // A short headline is not cut: "Headline | Site" continues it with the site's name only.
    expect(title('<title>Dental Care | ONE Health Ohio</title><script type="application/ld+json">{"@type":"Article","headline":"Dental Care"}</script>')).toBe('Dental Care');
    expect(title(`<title>5 Trends from Nutrition 2025</title><meta property="og:title" content="${'The meeting brought together leading experts and clinicians to showcase nutrition science. '.repeat(3)}">`)).toBe('5 Trends from Nutrition 2025');
    expect(title('<title>Gardenary Planting vs. Ordinary Planting • Gardenary</title>')).toBe('Gardenary Planting vs. Ordinary Planting');
  });

  it('a lone <h1> that begins the declared title, up to a separator, is the title; its permalink mark is not', () => {
    const title = (head: string, body: string) => { const d = page(head, body); return extractMetadata(d, d.URL).title; };
    expect(title('<title>Quickstart — Flask Documentation (3.1.x)</title>', '<h1>Quickstart<a class="headerlink" href="#quickstart">¶</a></h1>')).toBe('Quickstart');
    expect(title('<title>Flexbox - Learn web development | MDN</title>', '<h1>Flexbox</h1>')).toBe('Flexbox');
    expect(title('<title>Install / Docs</title>', '<h1>Install <a href="#install">#</a></h1>')).toBe('Install');
    // The end of the title is the site's name; a logo's <h1> holds it too.
    expect(title('<title>Reflections on Building a Pixel-Perfect UI Pipeline - Part 1 - Playful Tones</title>', '<h1>Playful Tones</h1>')).toBe('Reflections on Building a Pixel-Perfect UI Pipeline - Part 1');
    expect(title('<title>A brief intro to git • Cory Dransfeldt</title>', '<h1>Cory Dransfeldt</h1>')).toBe('A brief intro to git');
    // A heading that agrees with the title but adds the site's name after a separator is not the better title.
    expect(title('<meta property="og:site_name" content="Artlyst"><title>Best UK Art Exhibitions 2025 – Artlyst - Artlyst</title><script type="application/ld+json">{"@type":"Article","headline":"Best UK Art Exhibitions 2025 – Artlyst"}</script>', '<h1>Best UK Art Exhibitions 2025 – Artlyst</h1>')).toBe('Best UK Art Exhibitions 2025');
    // Not cut at a separator: the declared title stays.
    expect(title('<title>Flexbox layouts, explained with examples</title>', '<h1>Flexbox</h1>')).toBe('Flexbox layouts, explained with examples');
    expect(title('<title>Flexboxes and Grids - Learn web development</title>', '<h1>Flexbox</h1>')).toBe('Flexboxes and Grids - Learn web development');
  });

  it('the direction is the one the content root is written in: the nearest dir of ltr or rtl', () => {
    const dir = (attrs: string, body: string) => { const d = page('<title>T</title>', body, attrs); return extractMetadata(d, d.URL, d.getElementById('root')).dir; };
    expect(dir('lang="en" dir="ltr"', '<div dir="rtl"><div id="root"><p>نص</p></div></div>')).toBe('rtl');
    expect(dir('lang="ar"', '<main dir="auto"><article id="root" dir="ltr"><p>Text.</p></article></main>')).toBe('ltr');
    expect(dir('lang="he"', '<div id="root"><p>טקסט</p></div>')).toBe('rtl'); // no dir anywhere: the language's
    expect(dir('lang="en"', '<div id="root"><p>Text.</p></div>')).toBe('ltr');
    // The root lies above the element that states it: that element's, when it holds most of the text.
    expect(dir('', '<div id="root"><article dir="rtl"><p>Lorem ipsum dolor sit amet.</p></article></div>')).toBe('rtl');
    expect(dir('', '<div id="root"><span dir="rtl">עב</span><p>Lorem ipsum dolor sit amet, a long English text.</p></div>')).toBeNull();
    // A comment beside it is no text of the root's.
    expect(dir('', `<div id="root"><!--${'x'.repeat(80)}--><section><p dir="rtl">עברית עברית</p></section>short</div>`)).toBe('rtl');
  });

  it('an inner element holds half the root\'s text exactly when its textContent is at least half the root\'s', () => {
    const bodies = [
      '<div id="root"><p id="in">abcd</p>efgh</div>', // exactly half
      '<div id="root"><p id="in">abcd</p>efghi</div>',
      '<div id="root">ab<div>cd<section>e<p id="in">abcdefgh</p>f</section><!-- long comment here --></div>gh</div>',
      '<div id="root">ab<div>cd<section>e<p id="in">abcdefg</p>f</section></div>gh</div>',
      '<div id="root"><div><div><span id="in"> </span></div></div></div>', // whitespace counts as text, as in textContent
      '<div id="root"><span id="in"></span></div>',
      '<div id="root"><p id="in">x</p><script>var long = "script text is textContent too";</script></div>',
      `<div id="root"><header>${'nav '.repeat(30)}</header><article><h1>T</h1><div id="in">${'word '.repeat(29)}</div><footer>ok</footer></article></div>`,
    ];
    for (const body of bodies) {
      const d = page('', body);
      const root = d.getElementById('root')!, inner = d.getElementById('in')!;
      expect(holdsHalfTheText(inner, root), body).toBe(2 * (inner.textContent ?? '').length >= (root.textContent ?? '').length);
    }
  });

  it('a twitter:creator handle is not a byline: the page\'s own byline wins, else none', () => {
    const byline = (body: string) => { const d = page('<meta name="twitter:creator" content="@thesite">', body); return extractMetadata(d, d.URL).byline; };
    expect(byline('<p>A product page with no author.</p>')).toBeNull();
    expect(byline('<span class="byline">By Tom May</span><p>Text.</p>')).toBe('Tom May');
  });

  it('reads a whole date stated as text, and nothing that is not one', () => {
    expect(parseDateText(' February 9,\n 2016 ')).toBe('2016-02-09');
    expect(parseDateText('Published on Sep 1st, 2023')).toBe('2023-09-01');
    expect(parseDateText('12 March 2024')).toBe('2024-03-12');
    expect(parseDateText('Updated March 12')).toBeNull();
    expect(parseDateText('Last updated: 9 Feb. 2016')).toBe('2016-02-09');
    expect(parseDateText('May 3, 2024, 8:45am')).toBe('2024-05-03');
    expect(parseDateText('2016/2/9')).toBe('2016-02-09');
    expect(parseDateText('Feb 30, 2016')).toBeNull(); // no such day
    expect(parseDateText('03/04/2016')).toBeNull(); // March 4 or April 3
    expect(parseDateText('Tutoring tips for 2016')).toBeNull();
    expect(parseDateText('Posted in News · February 9, 2016 · 5 comments')).toBeNull();
  });

  it('a date stated only as text in a date-marked element: the content root\'s first', () => {
    const published = (body: string) => withRoot(body).published;
    expect(published('<header><h1>T</h1><p class="date">February 9, 2016</p></header><div id="root"><p>Text.</p></div>')).toBe('2016-02-09');
    expect(published('<div id="root"><span class="post-date">not a date</span><time>July 27, 2025</time><p>Text.</p></div>')).toBe('2025-07-27');
    // A sidebar's list of other posts comes first in the page; the article's own date is in the root.
    expect(published('<aside><span class="date">Jan 1, 2020</span></aside><div id="root"><div class="entry-date">March 8, 2024</div><p>Text.</p></div>')).toBe('2024-03-08');
    // Structured dates still win.
    expect(published('<div id="root"><time datetime="2023-01-02">Jan 2</time><span class="date">March 8, 2024</span></div>')).toBe('2023-01-02');
    expect(published('<div id="root"><p>No date here.</p></div>')).toBeNull();
  });

  it('a lone <h1> that agrees with the declared title replaces it; a slogan <h1> does not', () => {
    const title = (head: string, body: string) => { const d = page(head, body); return extractMetadata(d, d.URL).title; };
    expect(title('<meta property="og:title" content="Online Tuition and Financing at Liberty University Online">', '<h1>Online Tuition and Financing</h1>'))
      .toBe('Online Tuition and Financing');
    expect(title('<title>Leadfeeder | State of SEO in 2026: Trends and Predictions</title>', '<h1>State of SEO in 2026: Trends and Predictions</h1>'))
      .toBe('State of SEO in 2026: Trends and Predictions');
    // A landing page's hero line shares nothing with its title.
    expect(title('<title>Free screen recorder for Mac and PC | Loom</title>', '<h1>One video is worth a thousand words</h1>')).toBe('Free screen recorder for Mac and PC');
    // Two <h1>s: no single heading to trust.
    expect(title('<title>Rivers and towns</title>', '<h1>Rivers</h1><h1>Towns and rivers</h1>')).toBe('Rivers and towns');
    expect(agrees('Healthy Eating Plate', 'Healthy Eating Plate • The Nutrition Source')).toBe(true);
    expect(agrees('Pet Insurance', 'Pet Insurance for Dogs, Cats, Birds and Exotic Pets')).toBe(false);
    expect(agrees('', 'Anything')).toBe(false);
  });

  it('a lone <h1> that ends the declared title after a separator is the site\'s name when a heading states the rest', () => {
    const title = (head: string, body: string) => { const d = page(head, body); return extractMetadata(d, d.URL, d.getElementById('root')).title; };
    // An mdBook chapter: the book's name in the menu's <h1>, the chapter's in an <h2> of the content.
    expect(title('<title>What is Ownership? - The Rust Programming Language</title>',
      '<h1 class="menu-title">The Rust Programming Language</h1><main id="root"><h2><a href="#what-is-ownership">What Is Ownership?</a></h2><p>Text.</p></main>'))
      .toBe('What is Ownership?');
    // The same menu bar inside the content root: its icons, and no words, between the <h1> and the chapter's heading.
    expect(title('<title>What is Ownership? - The Rust Programming Language</title>',
      '<div id="root"><div class="menu-bar"><h1 class="menu-title">The Rust Programming Language</h1><a href="print.html" aria-label="Print"><svg></svg></a>'
      + '<script>var sidebar = "hidden";</script></div><main><h2><a href="#what-is-ownership">What Is Ownership?</a></h2><p>Text.</p></main></div>'))
      .toBe('What is Ownership?');
    // The site's name before the title, whose <h1> is the title: a footer's heading that names the site changes nothing.
    expect(title('<title>Leadfeeder | State of SEO in 2026: Trends and Predictions</title>',
      '<h1>State of SEO in 2026: Trends and Predictions</h1><div id="root"><p>Text.</p></div><footer><h2>Leadfeeder</h2></footer>'))
      .toBe('State of SEO in 2026: Trends and Predictions');
    // Nor does one inside the content when the <h1> is in it too and words stand between them (the article's own title).
    expect(title('<title>Leadfeeder | State of SEO in 2026: Trends and Predictions</title>',
      '<div id="root"><h1>State of SEO in 2026: Trends and Predictions</h1><p>Text.</p><h3>Leadfeeder</h3></div>'))
      .toBe('State of SEO in 2026: Trends and Predictions');
  });

  it('a byline\'s trailing date goes with its weekday: "Name » Tue Aug 27, 2019"', () => {
    const byline = (body: string) => withRoot(body).byline;
    // A phpBB post head.
    expect(byline('<div id="root"><p class="author">by <strong>Outer Armatonisdaristan</strong> » Tue Aug 27, 2019 1:47 am</p><p>Text.</p></div>')).toBe('Outer Armatonisdaristan');
    expect(byline('<div id="root"><span class="byline">Jane Doe, Tuesday, March 5, 2024</span><p>Text.</p></div>')).toBe('Jane Doe');
    // A name that begins like a weekday is not one.
    expect(byline('<div id="root"><span class="byline">Ann Monroe, March 5, 2024</span><p>Text.</p></div>')).toBe('Ann Monroe');
  });

  it('the lead image is not the site\'s logo, icon or stock share picture', () => {
    const lead = (head: string) => { const d = page(head); return extractMetadata(d, d.URL).leadImage; };
    // Stack Exchange's og:image is its touch icon; arXiv's its logo: no lead image from them.
    expect(lead('<meta property="og:image" content="https://cdn.sstatic.net/Sites/electronics/Img/apple-touch-icon@2.png?v=7b89fdd">')).toBeNull();
    expect(lead('<meta property="og:image" content="/static/browse/0.3.4/images/arxiv-logo-fb.png">')).toBeNull();
    expect(lead('<meta property="og:image" content="/img/WebShareDefaultImage">')).toBeNull();
    // The next stated picture that is the article's: twitter:image, else the JSON-LD image.
    expect(lead('<meta property="og:image" content="/og-default.png"><meta name="twitter:image" content="/photos/harbour.jpg">')).toBe('https://site.example/photos/harbour.jpg');
    expect(lead('<meta property="og:image" content="/brand/logo.png"><script type="application/ld+json">{"@type":"NewsArticle","headline":"h","image":{"url":"/photos/flood.jpg"}}</script>'))
      .toBe('https://site.example/photos/flood.jpg');
    // A graph node's '@id' is no picture: nothing is left to name one.
    expect(lead('<meta property="og:image" content="/logo.png"><script type="application/ld+json">{"@type":"BlogPosting","headline":"h","image":{"@id":"https://site.example/a/story#primaryimage"}}</script>')).toBeNull();
    // Words that only contain those letters are not them.
    expect(lead('<meta property="og:image" content="/uploads/iconic-bridge-logos-exhibit.jpg">')).toBe('https://site.example/uploads/iconic-bridge-logos-exhibit.jpg');
  });

  it('a <br> keeps the words on either side apart, in a title <h1>, a byline and a stated date', () => {
    const d = page('<title>News Product Management Certification | Alliance</title>',
      '<h1><span>News Product<br>Management Certification</span></h1><p class="byline">By Jane Doe<br>June 3, 2024</p><p class="post-date">Posted<br>June 3, 2024</p>');
    const m = extractMetadata(d, d.URL);
    expect(m.title).toBe('News Product Management Certification');
    expect(m.byline).toBe('Jane Doe');
    expect(m.published).toBe('2024-06-03');
    // A heading in capitals set on three lines is the declared title's words: its case is the declared one's.
    const caps = page('<title>Weekend Coding Agent | Labs</title>', '<h1> WEEKEND<br>CODING<br> <span>AGENT</span> </h1>');
    expect(extractMetadata(caps, caps.URL).title).toBe('Weekend Coding Agent');
  });

  it('survives malformed JSON-LD', () => {
    const d = page('<script type="application/ld+json">{ not json</script><title>Plain</title>');
    expect(extractMetadata(d, d.URL).title).toBe('Plain');
  });

  it('finds <meta>, <link rel=canonical> and JSON-LD blocks as the selectors did (any case, rel as a token list)', () => {
    const d = page(`<link rel="canonicalish" href="/not-this"><link rel="alternate\tCANONICAL" href="/canon2"><link rel="canonical" href="/later">
      <meta name="author"><meta name="Author" content="  Dee   Writer "><script type="text/javascript">1</script>
      <script type="Application/LD+JSON">{"@type":"Article","headline":"Cased type"}</script><script type=" application/ld+json">{"@type":"Article","headline":"Padded type"}</script>`);
    const m = extractMetadata(d, d.URL);
    expect(m.canonicalUrl).toBe('https://site.example/canon2');
    expect(m.byline).toBe('Dee Writer');
    expect(m.title).toBe('Cased type');
  });

  it('helpers', () => {
    expect(stripSiteSuffix('Story title | Site', 'Site')).toBe('Story title');
    expect(stripSiteSuffix('Site: Story title here', 'Site')).toBe('Story title here');
    expect(stripSiteSuffix('A: B', null)).toBe('A: B');
    expect(normalizeDate('March 8, 2014')).toMatch(/^2014-03-0[78]T/);
    expect(normalizeDate('not a date')).toBeNull();
  });

  it('cleans bylines, picks the article object by its @type and finds rel=canonical by token', () => {
    const reference = (raw: string): string | null => {
      const b = raw.replace(/\s+/g, ' ').trim().replace(/^(?:by|von|par|por|di|door|av)\s+/i, '').replace(/\s*[|•·]\s*$/, '');
      return !b || b.length > 120 || /^https?:\/\//.test(b) ? null : b;
    };
    const bylines = ['By Jane Doe |', 'BY  Ann', 'von Max Muster', 'Par Jean •', 'di Paolo', 'Door Anne', 'av Ola', 'Dirk Bylines', 'Bystander Joe', 'Dorothy ·', 'Pablo | News', 'https://x.example/me', 'by https://x.example', 'Ａnna', 'by', 'Kate · ', 'ｂy Wide'];
    for (const raw of bylines) {
      const d = page(`<meta name="author" content="${raw}">`);
      expect(extractMetadata(d, d.URL).byline, raw).toBe(reference(raw));
    }
    const ld = (types: string) => page(`<script type="application/ld+json">[{"@type":"WebPage","headline":"page"},{"@type":${types},"headline":"story"}]</script>`);
    expect(extractMetadata(ld('"NewsArticle"'), 'https://site.example/').title).toBe('story');
    expect(extractMetadata(ld('["Thing","BlogPosting"]'), 'https://site.example/').title).toBe('story');
    expect(extractMetadata(ld('"newsarticle"'), 'https://site.example/').title).toBe('page');
    expect(extractMetadata(ld('"NewsArticle "'), 'https://site.example/').title).toBe('page');
    const canon = (rel: string) => extractMetadata(page(`<link rel="${rel}" href="/c">`), 'https://site.example/').canonicalUrl;
    expect(canon('canonical')).toBe('https://site.example/c');
    expect(canon('Canonical')).toBe('https://site.example/c');
    expect(canon('alternate canonical')).toBe('https://site.example/c');
    expect(canon('canonicalx')).toBeNull();
  });

  it('a microdata author gives its itemprop=name, not the text beside it (reputation, badges)', () => {
    const forum = '<div class="user-details" itemprop="author" itemscope itemtype="http://schema.org/Person"><a href="/users/107/drat" itemprop="url">drat</a>'
      + '<meta itemprop="name" content="drat"><div class="-flair"><span class="reputation-score">1,655</span><span class="badgecount">1</span> gold badge</div></div>';
    const cases: [string, string][] = [
      [forum, 'drat'],
      ['<p class="byline">By <span itemprop="author" itemscope><span itemprop="name">Ann Lee</span>, staff writer</span></p>', 'Ann Lee'],
      ['<div itemprop="author"><meta itemprop="name" content=" "><a>Bo Park</a></div>', 'Bo Park'],
      ['<span class="author">Cy Tran</span>', 'Cy Tran'],
    ];
    for (const [body, want] of cases) {
      const d = page('<title>T</title>', `<main>${body}<p>Text.</p></main>`);
      expect(extractMetadata(d, d.URL, d.querySelector('main')).byline, body).toBe(want);
    }
  });

  it('DOM byline and date: the content root\'s first, else the page\'s, as the two-query form chose', () => {
    // The form extractMetadata used before its single pass (firstInRootElseInPage).
    const twoQueries = (d: Document, root: Element | null) => {
      const el = root?.querySelector('[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel="author"], .byline, .author, [class*="byline"], [class*="author-name"]')
        ?? d.querySelector('[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel="author"], .byline, .author');
      const time = root?.querySelector('[itemprop="datePublished"], time[datetime]') ?? d.querySelector('[itemprop="datePublished"], time[datetime][pubdate], article time[datetime], time[datetime]');
      return { el: el ? bylineText(el) : null, time: time?.getAttribute('datetime') ?? time?.getAttribute('content') ?? time?.textContent ?? null };
    };
    const bodies = [
      '<aside class="author">Side Author</aside><time datetime="2020-01-01">x</time><main><p class="post-byline">By In Root</p><time datetime="2021-02-03">y</time></main>',
      '<aside><span class="author-name-x">Outside substring</span><a rel="author">Rel Outside</a></aside><main><p>no byline here</p></main><footer><time datetime="2019-05-06">z</time></footer>',
      '<main class="byline"><p>the root itself matches</p></main><div class="byline">After root</div>',
      '<div itemprop="author"><span itemprop="name">Outer Name</span><main><span itemprop="name">Nested In Root</span></main></div>',
      '<main><div itemprop="author">Plain author</div><span itemprop="datePublished" content="2022-07-08">July</span></main><div class="byline">Later</div>',
      '<header><span class="author">Before</span></header><main><div><span class="x-byline-y">Substring in root</span></div></main>',
      '<main><p>nothing at all</p></main>',
    ];
    for (const body of bodies) {
      const d = page('<title>T</title>', body);
      for (const root of [d.querySelector('main'), d.body, null]) {
        const m = extractMetadata(d, d.URL, root);
        const want = twoQueries(d, root);
        expect(m.byline, body).toBe(want.el ? want.el.replace(/^By\s+/, '') : null);
        expect(m.published, body).toBe(want.time ? normalizeDate(want.time) : null);
      }
    }
  });
});

describe('markedElements', () => {
  // Each DOM byline and date rule tests these few elements with `matches` instead of asking
  // `querySelectorAll` (its substring selectors that ignore case are slow): it must hold every
  // element each selector matches, in document order, once.
  const body = [
    '<header class="Site-Header"><span class="AUTHOR-box">Upper Author</span><a rel="author" class="author">Both lists</a></header>',
    '<div id="PubDate"><time>March 3, 2020</time></div><p class="byline-wrap"><time datetime="2020-03-03" class="date">x</time></p>',
    '<div itemprop="author" class="post-author"><span itemprop="name">Nested Name</span></div><svg class="author-icon"><circle class="Date"/></svg>',
    '<article><time datetime="2021-01-01" pubdate>y</time><span itemprop="datePublished" content="2021-01-01">Jan</span><div class="WrittenBy">W</div></article>',
    '<p class="authorization">not a byline word, still a candidate</p><p id="x-byline-y">id</p><p class="updated">"date" inside a word</p><p class="note">no word</p>',
    // HTML compares `rel` values ignoring case and `itemprop` values not: the list asks the same selectors.
    '<p itemprop="Name">case differs</p><p rel="Author">case differs</p>',
  ].join('');
  for (const mode of ['<!doctype html>', '']) {
    it(`holds what each selector matches, in document order, once (${mode ? 'standards' : 'quirks'} mode)`, () => {
      const d = new JSDOM(`${mode}<html><head><title>T</title><link rel="author" href="/me"></head><body>${body}</body></html>`).window.document;
      const marked = markedElements(d);
      expect(new Set(marked).size).toBe(marked.length);
      const all = Array.from(d.getElementsByTagName('*'));
      expect(marked.map((el) => all.indexOf(el))).toEqual(marked.map((el) => all.indexOf(el)).sort((a, b) => a - b));
      for (const selector of MARKED_SELECTORS) {
        const want = Array.from(d.querySelectorAll(selector));
        expect(want.length, selector).toBeGreaterThan(0);
        expect(marked.filter((el) => el.matches(selector)), selector).toEqual(want);
      }
    });
  }
});

describe('isoUtc', () => {
  it('writes what toISOString writes, for every year a published date may have', () => {
    const from = Date.UTC(1991, 0, 1), to = Date.UTC(2199, 11, 31, 23, 59, 59, 999);
    const samples = [from, to, Date.UTC(2000, 1, 29), Date.UTC(2024, 11, 31, 23, 59, 59, 999), Date.UTC(2024, 0, 1, 0, 0, 0, 7)];
    for (let k = 0; k < 5000; k++) samples.push(from + Math.floor(Math.random() * (to - from)));
    for (const t of samples) expect(isoUtc(new Date(t)), String(t)).toBe(new Date(t).toISOString());
  });
});
