// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { extractResult } from '../extract';
import { liveLayoutProbe } from '../layout';
import { findLinkBlocks } from '../linkBlocks';
import { resolveOptions } from '../options';
import { serialize } from '../serialize';
import { computeStats } from '../stats';
import { autoEngine } from './auto';
import { classifierEngine, classifyLeaves } from './classifier';
import { FEATURE_NAMES, featureRows } from './classifierFeatures';
import type { Engine, EngineContext } from './engine';
import { vsseEngine } from './vsse';

const ARTICLE = `<!doctype html><html><head><title>Storm floods the coast | Coast News</title>
  <meta name="description" content="A storm flooded roads and homes on the coast."></head><body>
  <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/about">About</a></nav></header>
  <div id="main"><article>
    <h1>Storm floods the coast</h1>
    <p>The storm reached the coast on Monday night, flooding roads, homes and the harbour; officials said the water rose faster than forecast.</p>
    <figure><img src="/flood.jpg" width="640" height="400"><figcaption>The harbour at dawn.</figcaption></figure>
    <h2>Evacuations</h2>
    <p>More than two thousand people left their homes, and shelters opened in schools, churches and the town hall, according to the mayor.</p>
    <p>Forecasters expect the rain to ease by Wednesday, but warned that rivers inland could still rise, and that roads may stay closed.</p>
  </article>
  <aside class="related"><h3>Related</h3><ul><li><a href="/a">Rain returns</a></li><li><a href="/b">Harbour repairs</a></li><li><a href="/c">Wind warning</a></li></ul></aside></div>
  <footer><p>© 2024 Coast News. All rights reserved.</p></footer></body></html>`;

function run(engine: Engine, html = ARTICLE) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const options = resolveOptions({});
  const layout = liveLayoutProbe(doc);
  const stats = computeStats(doc, layout)!;
  const ctx: EngineContext = { doc, stats, linkBlocks: findLinkBlocks(stats, options), options, layout };
  const sel = engine.select(ctx);
  if (!sel) return null;
  return { sel, out: serialize({ root: sel.root, kept: sel.kept, removed: new Set(), stats, layout, baseUrl: 'https://coast.example/', minImageWidth: 100 }) };
}

describe('VSSE engine', () => {
  it('clips the article with its headings and without navigation, related links or footer', () => {
    const r = run(vsseEngine)!;
    expect(r.sel.root.tagName).toBe('ARTICLE');
    expect(r.out.text).toContain('Storm floods the coast');
    expect(r.out.text).toContain('Evacuations');
    expect(r.out.text).toContain('Forecasters expect the rain');
    expect(r.out.text).not.toContain('Sport');
    expect(r.out.text).not.toContain('Harbour repairs');
    expect(r.out.text).not.toContain('All rights reserved');
    expect(r.out.html).toContain('<img');
    expect(r.sel.notes[0]).toMatch(/^vsse: \d+ seeds/);
  });
  it('finds nothing on a page without punctuated text', () => {
    expect(run(vsseEngine, '<html><body><a href="/">Home</a><div>Menu</div></body></html>')).toBeNull();
  });
});

describe('classifier and auto engines', () => {
  it('classifier: body paragraphs score as content, navigation and footer as boilerplate', () => {
    const doc = new DOMParser().parseFromString(ARTICLE, 'text/html');
    const options = resolveOptions({});
    const layout = liveLayoutProbe(doc);
    const stats = computeStats(doc, layout)!;
    const ctx: EngineContext = { doc, stats, linkBlocks: findLinkBlocks(stats, options), options, layout };
    const c = classifyLeaves(ctx)!;
    const p = (start: string) => c.probability[c.leaves.findIndex((l) => l.text.startsWith(start))]!;
    expect(p('More than two thousand')).toBeGreaterThan(0.5);
    expect(p('Forecasters expect')).toBeGreaterThan(0.5);
    expect(p('© 2024')).toBeLessThan(0.5);
    expect(featureRows(c.features)[0]).toHaveLength(FEATURE_NAMES.length);
  });
  for (const engine of [classifierEngine, autoEngine]) {
    it(`${engine.name}: returns a selection with its own trace notes`, () => {
      const r = run(engine)!;
      expect(r.out.text.length).toBeGreaterThan(0);
      expect(r.sel.notes.join(' ')).toMatch(engine.name === 'auto' ? /combiner added \d+ of \d+ leaves to NTA's clip; NTA\/classifier agreement/ : /leaves at P/);
    });
  }
});

describe('engine option through the pipeline (extract.ts)', () => {
  for (const name of ['vsse', 'classifier', 'auto'] as const) {
    it(`extract(doc, {engine: '${name}'}) runs ${name} and fills the Clip like NTA`, () => {
      const doc = new DOMParser().parseFromString(ARTICLE, 'text/html');
      const result = extractResult(doc, { engine: name });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.clip.engine).toBe(name);
      expect(result.clip.trace.engine).toBe(name);
      expect(result.clip.title).toBe('Storm floods the coast');
      expect(result.clip.trace.notes.join(' ')).toContain(name);
    });
  }
  it('refuses an unknown engine with a clear message', () => {
    const doc = new DOMParser().parseFromString(ARTICLE, 'text/html');
    const result = extractResult(doc, { engine: 'nope' as never });
    expect(result).toMatchObject({ ok: false, reason: 'not-article' });
  });
});
