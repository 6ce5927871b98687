// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, featureRows, leafFeatures } from './classifierFeatures';
import { vsseSummary } from './vssePage';
import { vsseSelect } from './vsseSelect';
import { collectTextLeaves } from './vsseTextLeaves';

const always = () => true;
const noNta = (n: number) => ({ type: new Float32Array(n), doc: new Float32Array(n), td: new Float32Array(n), parentTd: new Float32Array(n), kept: new Float32Array(n), linkBlockShare: new Float32Array(n), selection: null });

function page(body: string, head = ''): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, 'text/html');
}

const ARTICLE = `
  <nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/about">About</a></li></ul></nav>
  <div id="main"><article>
    <h1>Storm floods the coast</h1>
    <p>The storm reached the coast on Monday night, flooding roads, homes and the harbour; officials said the water rose faster than forecast.</p>
    <h2>Evacuations</h2>
    <p>More than two thousand people left their homes, and shelters opened in schools, churches and the town hall, according to the mayor.</p>
    <p>Forecasters expect the rain to ease by Wednesday, but warned that rivers inland could still rise, and that roads may stay closed.</p>
  </article></div>
  <footer><p>© 2024 Coast News</p><a href="/privacy">Privacy</a></footer>`;

describe('text leaves (inline markup dissolved, 004 §3.1)', () => {
  it('merges inline children into their block and counts link text', () => {
    const doc = page('<div><p>Read <a href="#">this <b>link</b></a> now.</p>intro<p>second</p></div><script>x()</script>');
    const leaves = collectTextLeaves(doc.body, always);
    expect(leaves.map((l) => l.text)).toEqual(['intro', 'Read this link now.', 'second']);
    expect(leaves[1]!.linkChars).toBe('thislink'.length);
    expect(leaves[1]!.depth).toBe(2);
  });
  it('collapses whitespace as replace(/\\s+/g, " ").trim() does, clean text or not', () => {
    const bodies = ['<p>plain words</p>', '<p> lead</p>', '<p>tail </p>', '<p>two  spaces</p>', '<p>line\nbreak</p>',
      '<p>tab\there</p>', '<p>nb\u00a0sp</p>', '<p>a<br>b</p>', '<p>em\u2003space</p>', '<p>zw\u200bsp</p>', '<p><b>x</b> <i>y</i></p>'];
    for (const body of bodies) {
      const doc = page(body);
      const p = doc.querySelector('p')!;
      const expected = (p.innerHTML.includes('<br>') ? 'a\nb' : p.textContent!).replace(/\s+/g, ' ').trim();
      expect(collectTextLeaves(doc.body, always).map((l) => l.text)).toEqual([expected]);
    }
  });
  it('skips subtrees that are not rendered', () => {
    const doc = page('<p>shown</p><div class="x"><p>hidden</p></div>');
    const leaves = collectTextLeaves(doc.body, (el) => !el.classList.contains('x'));
    expect(leaves.map((l) => l.text)).toEqual(['shown']);
  });
});

describe('VSSE selection (SPEC §3 steps 1–3)', () => {
  it('seeds on punctuated paragraphs, aggregates to the article and recovers headings', () => {
    const doc = page(ARTICLE, '<title>Storm floods the coast</title>');
    const leaves = collectTextLeaves(doc.body, always);
    const sel = vsseSelect(doc.body, leaves, vsseSummary(doc));
    expect(sel.area?.tagName).toBe('ARTICLE');
    const kept = leaves.filter((_, i) => sel.decisions[i]!.kept).map((l) => l.text);
    expect(kept).toContain('Storm floods the coast');
    expect(kept).toContain('Evacuations');
    expect(kept.some((t) => t.startsWith('More than two thousand'))).toBe(true);
    expect(kept).not.toContain('Home');
    expect(kept).not.toContain('© 2024 Coast News');
    expect(sel.aggregatedPath.at(-1)).toBe('p');
  });
  it('returns an empty selection when no leaf has punctuation', () => {
    const doc = page('<p>one</p><p>two</p>');
    const sel = vsseSelect(doc.body, collectTextLeaves(doc.body, always), '');
    expect(sel.area).toBeNull();
    expect(sel.decisions.every((d) => !d.kept)).toBe(true);
  });
});

describe('classifier features (SPEC §5)', () => {
  it('produces one row of FEATURE_NAMES length per leaf with the paper features filled', () => {
    const doc = page(ARTICLE, '<title>Storm</title>');
    const leaves = collectTextLeaves(doc.body, always);
    const sel = vsseSelect(doc.body, leaves, vsseSummary(doc));
    const rows = featureRows(leafFeatures(doc.body, leaves, sel, noNta(leaves.length)));
    expect(rows).toHaveLength(leaves.length);
    for (const r of rows) expect(r).toHaveLength(FEATURE_NAMES.length);
    const col = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);
    const p = leaves.findIndex((l) => l.text.startsWith('The storm reached'));
    const home = leaves.findIndex((l) => l.text === 'Home');
    expect(rows[p]![col('endsWithPunctuation')]).toBe(1);
    expect(rows[p]![col('punctuation')]).toBeGreaterThan(3);
    expect(rows[p]![col('inArticle')]).toBe(1);
    expect(rows[p]![col('vsseInArea')]).toBe(1);
    expect(rows[home]![col('linkDensity')]).toBe(1);
    expect(rows[home]![col('inNav')]).toBe(1);
    expect(rows[home]![col('sameTagSiblings')]).toBe(3);
  });
});
