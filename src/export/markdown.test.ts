// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sampleClip } from '../storage/librarySamples';
import { sanitizeToFragment } from '../shared/sanitize';
import { clipToMarkdown } from './markdown';
import { NameAllocator, slugify } from './names';
import { makeOffline } from './offline';

function body(html: string, local: (u: string) => string | null = (u) => u): HTMLDivElement {
  const f = sanitizeToFragment(html);
  makeOffline(f, local);
  const div = document.createElement('div');
  div.append(f);
  return div;
}

describe('Markdown export', () => {
  const clip = sampleClip({
    id: 'x', title: 'A "quoted" title: with colon', html: '', byline: 'Ada', published: '2026-01-02',
    savedAt: Date.UTC(2026, 10, 21, 5, 0, 0), tags: ['web', 'naïve "tag"'], url: 'https://example.com/a',
  });

  it('writes YAML front matter that survives quotes and unicode', () => {
    const md = clipToMarkdown(clip, body('<p>Hello</p>'));
    expect(md.startsWith('---\ntitle: "A \\"quoted\\" title: with colon"\nurl: "https://example.com/a"\nauthor: "Ada"\npublished: "2026-01-02"\nsaved: "2026-11-21T05:00:00.000Z"\ntags: ["web", "naïve \\"tag\\""]\n---\n')).toBe(true);
    expect(md).toContain('# A "quoted" title: with colon\n\nHello');
  });

  it('turns tables into GFM tables (even without <th>) and code into fenced blocks', () => {
    const md = clipToMarkdown(clip, body(`<table>
      <tr><td>Name</td><td>Value</td></tr>
      <tr><td>a</td><td>1<br>2</td></tr></table><pre><code>const x = 1;\nif (x) {}</code></pre>`));
    expect(md).toContain('| Name | Value |\n| --- | --- |\n| a | 1 2 |');
    expect(md).toContain('```\nconst x = 1;\nif (x) {}\n```');
  });

  it('unwraps layout tables (headings, rules, nested tables in cells) and keeps a data table inside one (wcxb-dev 0225)', () => {
    // The shape of wcxb-dev 0225, a cost report laid out with tables: the title and a rule in
    // the top cell, the report (headings, paragraphs, a price table) in the next.
    const md = clipToMarkdown(clip, body(`<table><tr><td><h1>Marietta Electricians Costs</h1><hr></td></tr>
      <tr><td><h2>Average Electricians Cost</h2><p>We have done a little research.</p>
        <table><tr><th>Job</th><th>Cost</th></tr><tr><td>Panel upgrade</td><td>$2,008.72</td></tr></table>
        <p><strong>Was this information helpful?</strong></p></td>
      <td><p>Free quotes from local electricians.</p></td></tr></table>`));
    expect(md).toContain('\n# Marietta Electricians Costs\n');
    expect(md).toContain('\n## Average Electricians Cost\n\nWe have done a little research.\n');
    expect(md).toContain('\n| Job | Cost |\n| --- | --- |\n| Panel upgrade | $2,008.72 |\n');
    expect(md).toContain('\n**Was this information helpful?**\n');
    expect(md).toContain('\nFree quotes from local electricians.');
    // The only table lines are the price table's three.
    expect(md.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(3);
  });

  it('keeps each table row on one line: paragraphs and list items in a cell join, a | in a cell is escaped', () => {
    const md = clipToMarkdown(clip, body(`<table><tr><th>Plan</th><th>Includes</th></tr>
      <tr><td><p>Basic</p><p>monthly</p></td><td><ul><li>5 GB</li><li>email</li></ul></td></tr>
      <tr><td>Pro | Team</td><td><code>a|b</code></td></tr></table>`));
    expect(md).toContain('| Plan | Includes |\n| --- | --- |\n| Basic monthly | - 5 GB - email |\n| Pro \\| Team | `a\\|b` |');
  });

  it('fences a <pre> without <code> (highlighted code: wcxb-dev 2999, Django docs) instead of leaving its HTML live', () => {
    const md = clipToMarkdown(clip, body(`<p>You’d need something like this in your template:</p><pre><span>&lt;form action="/your-name/" method="post"&gt;</span>
    &lt;input id="your_name" type="text" name="your_name" value="{{ current_name }}"&gt;
&lt;/form&gt;
</pre><p>This tells the browser…</p>`));
    expect(md).toContain('template:\n\n```\n<form action="/your-name/" method="post">\n    <input id="your_name" type="text" name="your_name" value="{{ current_name }}">\n</form>\n```\n\nThis tells');
  });

  it('makes a code fence longer than a fence inside the code, also one indented up to three spaces (it would close the block)', () => {
    const md = clipToMarkdown(clip, body('<pre><code>Write:\n   ```js\n   x()\n   ```\n</code></pre><pre>a\n`````\n</pre>'));
    expect(md).toContain('\n````\nWrite:\n   ```js\n   x()\n   ```\n````\n');
    expect(md).toContain('\n``````\na\n`````\n``````');
  });

  it('points images at local assets and drops those without bytes', () => {
    const md = clipToMarkdown(clip, body('<p><img src="https://i.example/a.png" alt="A"><img src="https://i.example/b.png" alt="B"></p>',
      (u) => (u.endsWith('a.png') ? 'assets/A%20title-1.png' : null)));
    expect(md).toContain('![A](assets/A%20title-1.png)');
    expect(md).not.toContain('b.png');
  });

  it('makes file names safe and unique', () => {
    expect(slugify('a/b\\c: d?*|<>"')).toBe('a b c d');
    expect(slugify('北京的天气 🎉')).toBe('北京的天气 🎉');
    expect(slugify('...')).toBe('clip');
    const n = new NameAllocator();
    expect([n.take('A', '.md'), n.take('a', '.md'), n.take('A', '.md')]).toEqual(['A.md', 'a 2.md', 'A 3.md']);
  });
});
