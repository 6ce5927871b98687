import { describe, expect, it } from 'vitest';
import { withoutAuthorBox } from './authorBox';
import type { Serialized } from './serialize';

/** A clip from its blocks: HTML blocks and the text blocks the serializer writes for them. */
function clip(blocks: Array<[string, string | null]>, images: string[] = []): Serialized {
  return {
    html: blocks.map(([html]) => html).join(''),
    text: blocks.flatMap(([, text]) => (text === null ? [] : [text])).join('\n\n'),
    images,
  };
}

const BODY: Array<[string, string]> = [
  ['<p>The best CRM is the one that supports how your business works.</p>', 'The best CRM is the one that supports how your business works.'],
  ['<h2>Pick for your team</h2>', 'Pick for your team'],
  ['<p>Start with your needs, be honest about your resources, and choose well.</p>', 'Start with your needs, be honest about your resources, and choose well.'],
];
const PHOTO = 'https://cdn.example/brian.webp?w=360&h=360';

describe('withoutAuthorBox: the byline is the clip’s field, the author’s box leaves the content', () => {
  it('drops the box that ends the clip: photo, name, job title and biography, and the photo from images', () => {
    const body = clip([
      ...BODY,
      [`<p><img src="${PHOTO.replace('&', '&amp;')}" alt="Brian Becker"></p>`, null],
      ['<p><a href="https://example.com/author/brian">Brian Becker</a></p>', 'Brian Becker'],
      ['<p>Co-founder</p>', 'Co-founder'],
      ['<p>Brian Becker is the co-founder of FlowCandy, a consultancy.</p>', 'Brian Becker is the co-founder of FlowCandy, a consultancy.'],
    ], [PHOTO]);
    const out = withoutAuthorBox(body, 'Brian Becker');
    expect(out).toEqual(clip(BODY));
  });

  it('reads the first of several authors, past an "About" or "Written by", and takes a label above the name', () => {
    for (const name of ['About Sara Harberson', 'Written by Sara Harberson', 'About the author: Sara Harberson']) {
      const body = clip([...BODY, ['<h3>About the author</h3>', 'About the author'], [`<h4>${name}</h4>`, name], ['<p>Sara founded Application Nation.</p>', 'Sara founded Application Nation.']]);
      expect(withoutAuthorBox(body, 'Sara Harberson, Jo Park').text, name).toBe(clip(BODY).text);
    }
  });

  it('keeps a signature, a line that says more than the name, a name that opens the clip or a forum’s first post, and a long tail', () => {
    const bio: [string, string] = ['<p>Matthew tests watches.</p>', 'Matthew tests watches.'];
    const kept: Array<[Serialized, string]> = [
      [clip([...BODY, ['<p>—Matthew Richardson</p>', '—Matthew Richardson'], bio]), 'Matthew Richardson'],
      [clip([...BODY, ['<p>Matthew Richardson tested twelve watches.</p>', 'Matthew Richardson tested twelve watches.'], bio]), 'Matthew Richardson'],
      [clip([['<p>Matthew Richardson</p>', 'Matthew Richardson'], ...BODY]), 'Matthew Richardson'],
      // The poster's name heads the first post and a later one: the first is no box at the end.
      [clip([['<p>EuroStepJam</p>', 'EuroStepJam'], ...BODY, ['<p>EuroStepJam</p>', 'EuroStepJam'], ['<p>Thanks all!</p>', 'Thanks all!']]), 'EuroStepJam'],
      // More after the name than before it: the content, not its tail.
      [clip([...BODY, ['<p>Matthew Richardson</p>', 'Matthew Richardson'], ...BODY, ...BODY]), 'Matthew Richardson'],
      // A name inside a table is no block of the clip's own.
      [clip([...BODY, ['<table><tr><td><p>Matthew Richardson</p></td></tr></table>', 'Matthew Richardson'], bio]), 'Matthew Richardson'],
    ];
    for (const [body, byline] of kept) expect(withoutAuthorBox(body, byline), body.html).toBe(body);
    const body = clip([...BODY, ['<p>Joe</p>', 'Joe'], bio]);
    expect(withoutAuthorBox(body, 'Joe')).toBe(body);
    expect(withoutAuthorBox(body, null)).toBe(body);
  });
});
