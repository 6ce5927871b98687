// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeToFragment } from '../shared/sanitize';
import { dropTitleHeading, insertLeadImage } from './leadImage';

const url = 'https://courier.example/river';

/** The sanitized fragment with the lead image inserted, as the reader and exports build it. */
function body(html: string, leadImage: string | null): string {
  const fragment = sanitizeToFragment(html);
  insertLeadImage(fragment, { leadImage, url });
  const div = document.createElement('div');
  div.append(fragment);
  return div.innerHTML;
}

describe('insertLeadImage', () => {
  it('puts a lead image the content does not hold above the text', () => {
    expect(body('<p>The river rose.</p>', 'https://cdn.example/hero.jpg')).toBe('<figure><img src="https://cdn.example/hero.jpg" alt=""></figure><p>The river rose.</p>');
  });

  it('puts it after the opening title, through leading wrappers', () => {
    expect(body('<h1>River</h1><p>Text.</p>', 'https://cdn.example/hero.jpg')).toBe('<h1>River</h1><figure><img src="https://cdn.example/hero.jpg" alt=""></figure><p>Text.</p>');
    expect(body('<article>\n<header><h1>River</h1><p>By Ada</p></header><p>Text.</p></article>', 'https://cdn.example/hero.jpg'))
      .toBe('<article>\n<header><h1>River</h1><figure><img src="https://cdn.example/hero.jpg" alt=""></figure><p>By Ada</p></header><p>Text.</p></article>');
    // A heading later in the text is not the title.
    expect(body('<p>Intro.</p><h1>Later</h1>', 'https://cdn.example/hero.jpg')).toMatch(/^<figure>/);
  });

  it('adds nothing when the content already shows that image (same resolved URL)', () => {
    const html = '<p>Text.</p><img src="https://cdn.example/hero.jpg">';
    expect(body(html, 'https://cdn.example/hero.jpg')).toBe(html);
    expect(body(html, 'https://cdn.example/./hero.jpg#top')).toBe(html);
    expect(body('<p>Text.</p><img src="/hero.jpg">', 'https://courier.example/hero.jpg')).toBe('<p>Text.</p><img src="/hero.jpg">');
  });

  it('treats another size of the same image file as the same image', () => {
    const html = '<p>Text.</p><img src="https://i.cdn.example/media/abc/1000.jpg?width=700&amp;quality=85">';
    expect(body(html, 'https://i.cdn.example/media/abc/1000.jpg?width=1200&height=630&fit=crop')).toBe(html);
  });

  it('keeps a lead image whose query picks a different image', () => {
    const html = '<p>Text.</p><img src="https://cdn.example/image.php?id=1">';
    expect(body(html, 'https://cdn.example/image.php?id=2')).toBe(`<figure><img src="https://cdn.example/image.php?id=2" alt=""></figure>${html}`);
  });

  it('does nothing without a lead image', () => {
    expect(body('<p>Text.</p>', null)).toBe('<p>Text.</p>');
  });

  // leadImage comes from the page, or from any backup file: it is sanitized like clip HTML.
  it('a hostile lead image cannot add markup or a script URL', () => {
    expect(body('<p>Text.</p>', 'javascript:alert(1)')).toBe('<p>Text.</p>');
    const out = body('<p>Text.</p>', 'https://x.example/a.png"><script>alert(1)</script><img src="x" onerror="alert(2)');
    expect(out).not.toMatch(/<script|onerror/);
    // DOMPurify drops a src holding markup; whatever it keeps, it is one inert <img> at most.
    expect((out.match(/<img/g) ?? []).length).toBeLessThanOrEqual(1);
  });
});

describe('dropTitleHeading', () => {
  /** The fragment as the reader and EPUB chapters build it: title heading dropped, then the lead image. */
  function shown(html: string, title: string, leadImage: string | null = null): string {
    const fragment = sanitizeToFragment(html);
    dropTitleHeading(fragment, title);
    insertLeadImage(fragment, { leadImage, url });
    const div = document.createElement('div');
    div.append(fragment);
    return div.innerHTML;
  }

  it('drops an opening <h1> that states the title (case, spaces and punctuation aside)', () => {
    expect(shown('<h1>The  River, Rising!</h1><p>Text.</p>', 'The river rising')).toBe('<p>Text.</p>');
    expect(shown('<article><header><h1>River</h1><p>By Ada</p></header></article>', 'River')).toBe('<article><header><p>By Ada</p></header></article>');
  });

  it('keeps a heading that differs from the title, or one that does not open the content', () => {
    expect(shown('<h1>Chapter one</h1><p>Text.</p>', 'River')).toBe('<h1>Chapter one</h1><p>Text.</p>');
    expect(shown('<p>Intro.</p><h1>River</h1>', 'River')).toBe('<p>Intro.</p><h1>River</h1>');
  });

  it('drops the title set as an <h2>, or under a kicker line (a date, a section), as pages set it', () => {
    expect(shown('<h2>Friday Facts #282</h2><p>Posted by kovarex.</p>', 'Friday Facts #282')).toBe('<p>Posted by kovarex.</p>');
    expect(shown('<p>08.04.2015 12:46</p><h1>1Password für Mac</h1><p>Text.</p>', '1Password für Mac')).toBe('<p>08.04.2015 12:46</p><p>Text.</p>');
    expect(shown('<ul><li>September 4, 2025 5:50 am</li></ul><h2>Top Nutrition Trends</h2><p>Text.</p>', 'Top Nutrition Trends'))
      .toBe('<ul><li>September 4, 2025 5:50 am</li></ul><p>Text.</p>');
    // Not past a sentence, a long block or more than two short lines: there the heading is the content's.
    expect(shown('<p>A long opening paragraph that tells the story.</p><h2>River</h2>', 'River')).toBe('<p>A long opening paragraph that tells the story.</p><h2>River</h2>');
    expect(shown('<p>One</p><p>Two</p><p>Three</p><h2>River</h2>', 'River')).toBe('<p>One</p><p>Two</p><p>Three</p><h2>River</h2>');
    expect(shown('<h3>River</h3><p>Text.</p>', 'River')).toBe('<h3>River</h3><p>Text.</p>');
  });

  it('puts the lead image at the very top once the heading is gone', () => {
    expect(shown('<h1>River</h1><p>Text.</p>', 'River', 'https://cdn.example/hero.jpg'))
      .toBe('<figure><img src="https://cdn.example/hero.jpg" alt=""></figure><p>Text.</p>');
  });
});
