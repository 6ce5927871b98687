import { describe, expect, it } from 'vitest';
import type { Serialized } from './serialize';
import { statesTitle, withoutTitleHeading } from './titleHeading';

const out = (html: string, text: string): Serialized => ({ html, text, images: [] });

describe('withoutTitleHeading: the clip states its title once, in its title field', () => {
  it('drops the opening <h1> that states the title, from the HTML and the text', () => {
    const body = withoutTitleHeading(out('<h1>10 Easy DIY Wood Projects</h1><p>Some of my friends…</p>', '10 Easy DIY Wood Projects\n\nSome of my friends…'), '10 easy DIY wood projects!');
    expect(body.html).toBe('<p>Some of my friends…</p>');
    expect(body.text).toBe('Some of my friends…');
  });

  it('looks past two kicker lines above the heading, and reads an <h2> too', () => {
    const body = withoutTitleHeading(out('<p><a href="https://x.test/">Back to Blog</a></p><p><time>Dec 19, 2025</time></p><h2>Wrap-Up 12/19</h2><p>Last week we…</p>',
      'Back to Blog\n\nDec 19, 2025\n\nWrap-Up 12/19\n\nLast week we…'), 'Wrap-Up 12/19');
    expect(body.html).toBe('<p><a href="https://x.test/">Back to Blog</a></p><p><time>Dec 19, 2025</time></p><p>Last week we…</p>');
    expect(body.text).toBe('Back to Blog\n\nDec 19, 2025\n\nLast week we…');
  });

  it('undoes the serializer’s escapes before comparing', () => {
    const body = withoutTitleHeading(out('<h1>Salt &amp; Pepper</h1><p>Text.</p>', 'Salt & Pepper\n\nText.'), 'Salt & Pepper');
    expect(body.text).toBe('Text.');
  });

  it('keeps a heading that says something else, one after a sentence, one after three lines, and a clip that is only its title', () => {
    const cases: Array<[Serialized, string]> = [
      [out('<h1>Before you start</h1><p>Run it.</p>', 'Before you start\n\nRun it.'), 'Sending a message'],
      [out('<p>Intro.</p><h1>Sending a message</h1><p>Run it.</p>', 'Intro.\n\nSending a message\n\nRun it.'), 'Sending a message'],
      [out('<p>a</p><p>b</p><p>c</p><h1>Sending a message</h1>', 'a\n\nb\n\nc\n\nSending a message'), 'Sending a message'],
      [out('<h1>Sending a message</h1>', 'Sending a message'), 'Sending a message'],
      [out('<h3>Sending a message</h3><p>Run it.</p>', 'Sending a message\n\nRun it.'), 'Sending a message'],
    ];
    for (const [o, title] of cases) expect(withoutTitleHeading(o, title), o.html).toBe(o);
    const untitled = out('<h1>Sending a message</h1><p>Run it.</p>', 'Sending a message\n\nRun it.');
    expect(withoutTitleHeading(untitled, null)).toBe(untitled);
    expect(withoutTitleHeading(untitled, '…')).toBe(untitled);
  });

  it('compares letters and digits only', () => {
    expect(statesTitle('Hello, World!', 'hello world')).toBe(true);
    expect(statesTitle('Hello, World 2', 'hello world')).toBe(false);
    expect(statesTitle('', '')).toBe(false);
  });
});
