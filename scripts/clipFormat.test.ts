import { describe, expect, it } from 'vitest';
import type { Clip } from '../src/core/types';
import { render } from './clipFormat';

const clip = (html: string): Clip => ({
  title: 'Sending a message', byline: 'Ada', published: null, siteName: 'Docs', lang: 'en', dir: 'ltr',
  url: 'https://docs.example/sms', canonicalUrl: null, excerpt: null, leadImage: null, html, text: '',
  wordCount: 3, readingMinutes: 1, engine: 'nta',
  trace: { engine: 'nta', ms: 0, stages: { walk: 0, select: 0, serialize: 0, metadata: 0 }, elements: 0, nodes: [], linkBlocks: [], lcr: 0, ccr: 0, notes: [] },
});

describe('npm run clip --format md', () => {
  it('writes the extension\'s Markdown: a bare <pre> is fenced code, not escaped paragraphs; a table row is one line', () => {
    const md = render(clip('<p>Run:</p><pre><span>account_sid</span> = os.environ["SID"]\n# not a heading</pre><table><tr><th>a</th><th>b</th></tr><tr><td><p>one</p><p>two</p></td><td>x|y</td></tr></table>'), 'md');
    expect(md).toContain('```\naccount_sid = os.environ["SID"]\n# not a heading\n```');
    expect(md).toContain('| one two | x\\|y |');
    expect(md.startsWith('---\ntitle: "Sending a message"\nauthor: "Ada"\n')).toBe(true);
  });
});

describe('npm run clip --format text and html', () => {
  const withHeading = (heading: string): Clip => ({ ...clip(`<article><h1>${heading}</h1><p>Run the sender.</p></article>`), text: `${heading}\n\nRun the sender.` });

  it('state the title once when the content opens with it', () => {
    const text = render(withHeading('Sending a Message!'), 'text');
    expect(text).toBe('Sending a message\n\nRun the sender.\n');
    const html = render(withHeading('Sending a Message!'), 'html');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<article><p>Run the sender.</p></article>');
  });

  it('keep an opening heading that says something else', () => {
    expect(render(withHeading('Before you start'), 'text')).toBe('Sending a message\n\nBefore you start\n\nRun the sender.\n');
    expect(render(withHeading('Before you start'), 'html')).toContain('<h1>Before you start</h1>');
  });
});
