import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { extractResult } from './extract';
import { isWidgetLabel } from './widgets';
import { fakeLayout, prose } from './testPage';

function page(body: string): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A story</title></head><body>${body}</body></html>`, { url: 'https://example.com/story' }).window.document;
}

/** An article whose regions carry only utility classes, as Tailwind pages do. */
function utilityPage(tail: string): Document {
  return page(`<div class="mx-auto max-w-3xl px-4"><div class="leading-prose font-serif">
    <h1 class="text-3xl font-bold">The harbour lantern festival returns</h1>
    <p>${prose(5, 1)}</p><p>${prose(5, 2)}</p><p>${prose(5, 3)}</p><p>${prose(4, 4)}</p>
    ${tail}
  </div></div>`);
}

function clipText(d: Document): string {
  const r = extractResult(d, { layout: fakeLayout });
  if (!r.ok) throw new Error(r.message);
  return r.clip.text;
}

const bio = 'Ada Writer is the executive editor of the Harbour Gazette and writes about festivals, boats and the people who keep them running.';

describe('widget sections', () => {
  it('drops a wrapper opened by a widget heading (an author box without a telling class)', () => {
    const d = utilityPage(`<div class="bg-blue-50 px-4 py-4 mt-8"><h2 class="text-xl font-bold">About the Author</h2><p>${bio}</p></div>`);
    const text = clipText(d);
    expect(text).toContain(prose(4, 4));
    expect(text).not.toContain('About the Author');
    expect(text).not.toContain('executive editor');
  });

  it('drops a flat section up to the next heading of the same rank, and keeps what follows', () => {
    const d = utilityPage(`<h2>You might also be interested in…</h2><p>An Introduction to Yoga is more than just a workout: postures, breathing practices and deep relaxation.</p>
      <h2>Sources</h2><p>Cited from the British Journal of Sports Medicine, February 2023, a review of ninety-seven reviews.</p>`);
    const text = clipText(d);
    expect(text).not.toContain('Introduction to Yoga');
    expect(text).toContain('Sources');
    expect(text).toContain('British Journal of Sports Medicine');
  });

  it('keeps a section that is most of the selection (a thread under a widget-like heading)', () => {
    const d = page(`<div class="px-4"><p>${prose(2, 5)}</p><h2>Leave a comment</h2><p>${prose(8, 1)}</p><p>${prose(8, 2)}</p><p>${prose(2, 3)}</p></div>`);
    expect(clipText(d)).toContain(prose(8, 2));
  });

  it('keeps headings that only mention a widget word, and the article’s own sections', () => {
    const d = utilityPage(`<h2>Related work on lantern festivals</h2><p>Earlier festivals in other harbours were documented by the trust in detail.</p>
      <h2>Comments</h2><p>Readers wrote in with their memories of the first festival and its lanterns.</p>`);
    const text = clipText(d);
    expect(text).toContain('Earlier festivals in other harbours');
    expect(text).toContain('Readers wrote in with their memories');
  });

  it('records each dropped section in the trace', () => {
    const d = utilityPage(`<section><h3>Related articles</h3><p>Five more stories about harbours and their lantern festivals this summer.</p></section>`);
    const r = extractResult(d, { layout: fakeLayout });
    expect(r.ok && r.clip.trace.notes.some((n) => n.startsWith('widget section "Related articles" dropped'))).toBe(true);
  });

  it('drops a shop’s widgets around the product: buyers’ reviews and what else it sells', () => {
    const d = page(`<div class="mx-auto px-4"><h1>Harbour lantern, brass</h1><p>${prose(5, 1)}</p><p>${prose(5, 2)}</p><p>${prose(3, 3)}</p>
      <div class="mt-8"><h2>People who viewed this item also viewed</h2><div><p>Brass ship lantern, small, with a glass chimney and a hook</p><p>$24.99</p></div>
        <div><p>Copper storm lantern for the garden, hand made in the harbour town</p><p>$31.50</p></div></div>
      <div class="mt-8"><h2>Customer reviews</h2><p>4.6 out of 5 stars</p><p>Lovely lantern, arrived quickly and it lights the whole porch in the evening.</p>
        <p>Smaller than I expected, but the brass is heavy and well finished. Would buy again.</p></div></div>`);
    const text = clipText(d);
    expect(text).toContain(prose(3, 3));
    expect(text).not.toContain('Copper storm lantern');
    expect(text).not.toContain('lights the whole porch');
  });

  it('keeps a table row whose first cell reads like a widget label (a field of a specification)', () => {
    const d = utilityPage(`<table><tr><td>Customer reviews</td><td>Reviews written by the buyers of each lantern, with a rating from one to five.</td></tr></table>`);
    expect(clipText(d)).toContain('Reviews written by the buyers');
  });

  it('does not change the page', () => {
    const d = utilityPage(`<div><h2>Disclaimer:</h2><p>No content on this site should be used as a substitute for advice from your doctor.</p></div>`);
    const before = d.documentElement.outerHTML;
    clipText(d);
    expect(d.documentElement.outerHTML).toBe(before);
  });

  it.each([
    ['About the Author', true], ['About the reviewers', true], ['You might also be interested in…', true], ['You may also like', true],
    ['Related articles:', true], ['Recent Posts', true], ['More from CFR', true], ['Subscribe to our newsletter', true],
    ['Disclaimer:', true], ['Read next', true], ['Share this story', true], ['Leave a Reply', true],
    ['Comments', false], ['12 replies', false], ['See also', false], ['Further reading', false], ['Share', false], ['Related', false],
    ['Reviews', false], ['Editorial Reviews', false], ['Customer service', false], ['Similar', false], ['People', false],
    ['About the festival', false], ['Related work on lantern festivals', false], ['Disclaimers and the law of negligence', false],
  ])('a heading %j names a widget: %s', (label, widget) => {
    expect(isWidgetLabel(label)).toBe(widget);
  });

  it('every alternative of the vocabulary is reached through its first word', () => {
    const labels = ['About the author', 'Related posts', 'Recent news', 'You may also enjoy', 'We think you might like these',
      'More from our blog:', 'Most read this week', 'Popular now', 'Trending', 'Sign up for our emails', 'Subscribe now',
      'Get our newsletter', 'Join our newsletter', 'Our newsletters', 'The newsletter', 'Free newsletter', 'Weekly newsletter',
      'Daily newsletter', 'Email newsletter', 'Newsletter', 'Newsletters', 'Share this recipe', 'Leave a comment',
      'Post a comment', 'Add a comment', 'Write a comment', 'Disclaimer', 'Recommended for you', 'Read also', 'Up next',
      'Keep reading', 'What to read next', 'Latest stories', "Editor's picks", 'Editor’s pick', 'Editors picks', "Editors' picks",
      'Editors’ picks', 'Print this page', 'Advertisement', 'Customer reviews', 'Customers also bought',
      'Customers who bought this item also bought', 'People who viewed this item also viewed', 'People also searched for',
      'User reviews', 'Product reviews', 'Reviews for this item (76)', 'Ratings & reviews', 'Similar items',
      'Frequently bought together', 'Explore related items', 'Sponsored products related to this item', 'Recently viewed',
      'Related products'];
    for (const label of labels) {
      expect(isWidgetLabel(label), label).toBe(true);
    }
  });
});
