// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { liveLayoutProbe } from '../layout';
import { findLinkBlocks } from '../linkBlocks';
import { resolveOptions } from '../options';
import { serialize } from '../serialize';
import { computeStats } from '../stats';
import { offeredStages } from '../extract';
import { autoEngine, withAddedLeaves } from './auto';
import { GATE_FEATURE_NAMES, gateDecision, gateFeatures, type GateCondition } from './autoGate';
import type { EngineContext } from './engine';
import { ntaEngine, ntaSelectAnnotated } from './nta';
import { prose } from '../testPage';
import { collectTextLeaves } from './vsseTextLeaves';

const f = (name: (typeof GATE_FEATURE_NAMES)[number]) => GATE_FEATURE_NAMES.indexOf(name);

function context(html: string): EngineContext {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const options = resolveOptions({});
  const layout = liveLayoutProbe(doc);
  const stats = computeStats(doc, layout)!;
  return { doc, stats, linkBlocks: findLinkBlocks(stats, options), options, layout };
}

function text(ctx: EngineContext, sel: ReturnType<typeof autoEngine.select>): string {
  if (!sel) return '';
  return serialize({ root: sel.root, kept: sel.kept, removed: new Set(sel.removed ?? []), stats: ctx.stats, layout: ctx.layout, baseUrl: 'https://example.test/', minImageWidth: 100 }).text;
}

const para = (s: string) => `<p>${s} ${s} ${s}, and the harbour stayed closed while the water rose along the coast road.</p>`;

/** A plain article: NTA's selection is most of the page's text, with few links. */
const ARTICLE = `<!doctype html><html><head><title>Storm floods the coast</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
  <article><h1>Storm floods the coast</h1>
    ${para('The storm reached the coast on Monday night')}
    ${para('More than two thousand people left their homes')}
    ${para('Forecasters expect the rain to ease by Wednesday')}
    ${para('Shelters opened in schools, churches and the town hall')}
    ${para('Volunteers filled sandbags along the river wall')}
    ${para('The ferry to the islands stopped for two days')}
    ${para('Farmers moved their animals to higher fields')}
    ${para('The railway line reopened on Thursday morning')}
    ${para('Insurers sent assessors to the flooded streets')}
    ${para('The council promised a review of the flood defences')}
  </article>
  <footer><p>© 2024 Coast News.</p></footer></body></html>`;

describe("auto's gate features (autoGate.ts, the same function training/pageEntry.ts runs)", () => {
  it('measures NTA’s kept share and link density from the stats pass', () => {
    const ctx = context(`<html><body><div id="a"><p>${'word '.repeat(40)}</p><p>${'more '.repeat(40)}</p></div>
      <ul><li><a href="/1">one link here</a></li><li><a href="/2">two link here</a></li></ul></body></html>`);
    const nta = ntaSelectAnnotated(ctx);
    const g = gateFeatures(ctx.stats, ctx.linkBlocks, nta)!;
    const root = ctx.stats.order.length - 1;
    const pageNlc = ctx.stats.tc[root]! - ctx.stats.lc[root]!;
    // 2 × 40 words of 4 letters of plain text; NTA keeps it all, and the two links
    // ("onelinkhere", "twolinkhere": 22 link characters) with it
    expect(pageNlc).toBe(320);
    expect(g[f('keptShare')]).toBeCloseTo(1);
    expect(g[f('keptLinkDensity')]).toBeCloseTo(22 / 342);
    expect(g[f('logPageChars')]).toBeCloseTo(Math.log10(321));
    expect(g[f('logElements')]).toBeCloseTo(Math.log10(1 + ctx.stats.order.length));
    expect(g).toHaveLength(GATE_FEATURE_NAMES.length);
  });
  it('is null when NTA selects nothing', () => {
    const ctx = context('<html><body><a href="/">Home</a> <a href="/b">Menu</a></body></html>');
    const nta = ntaSelectAnnotated(ctx);
    expect(nta.selection).toBeNull();
    expect(gateFeatures(ctx.stats, ctx.linkBlocks, nta)).toBeNull();
    expect(gateDecision(null).cheap).toBe(false);
  });
});

describe("auto's gate decision", () => {
  const rule: GateCondition[] = [
    { feature: 'keptShare', op: '>=', threshold: 0.6 },
    { feature: 'keptLinkDensity', op: '<=', threshold: 0.2 },
  ];
  const page = (keptShare: number, keptLinkDensity: number) => {
    const g = new Float64Array(GATE_FEATURE_NAMES.length);
    g[f('keptShare')] = keptShare;
    g[f('keptLinkDensity')] = keptLinkDensity;
    return g;
  };
  it('takes the cheap path only when every condition holds, thresholds included', () => {
    expect(gateDecision(page(0.9, 0.05), rule).cheap).toBe(true);
    expect(gateDecision(page(0.6, 0.2), rule).cheap).toBe(true);
    expect(gateDecision(page(0.59, 0.05), rule).cheap).toBe(false);
    expect(gateDecision(page(0.9, 0.21), rule).cheap).toBe(false);
  });
  it('says which condition failed, with the page’s value', () => {
    expect(gateDecision(page(0.9, 0.3), rule).reason).toBe('keptShare 0.9 >= 0.6, keptLinkDensity 0.3 not <= 0.2');
  });
});

/**
 * A listing: every item is a linked title with a line of text, so NTA's selection (the
 * list) is link-heavy: the kind of page where the combiner changed NTA's clip on half A.
 */
const LISTING = `<!doctype html><html><head><title>Garden tools</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
  <main><h1>Garden tools</h1><ul>${Array.from({ length: 24 }, (_, i) =>
    `<li><h3><a href="/p/${i}">Stainless steel hand trowel with ash handle, model ${i}</a></h3><p>Sturdy trowel, ${10 + i} cm blade.</p></li>`).join('')}
  </ul></main><footer><p>© 2024 Garden Shop.</p></footer></body></html>`;

describe('auto engine behind the gate', () => {
  it('returns NTA’s own selection on a clean article, with the classifier and combiner skipped', () => {
    const ctx = context(ARTICLE);
    const sel = autoEngine.select(ctx)!;
    expect(sel.notes.join(' ')).toMatch(/auto: NTA's selection, classifier and combiner skipped \(gate: /);
    expect(text(ctx, sel)).toBe(text(ctx, ntaEngine.select(ctx)));
    expect(text(ctx, sel)).toContain('Volunteers filled sandbags');
  });
  it('runs the classifier and the combiner where the page is mostly link blocks, and keeps all of NTA’s clip', () => {
    const ctx = context(LISTING);
    const g = gateFeatures(ctx.stats, ctx.linkBlocks, ntaSelectAnnotated(ctx))!;
    expect(g[f('ccr')]).toBeGreaterThan(0.9);
    const sel = autoEngine.select(ctx)!;
    const notes = sel.notes.join(' ');
    expect(notes).toMatch(/auto: classifier and combiner run \(gate: ccr [\d.]+ not <= /);
    expect(notes).toMatch(/combiner added \d+ of \d+ leaves to NTA's clip/);
    const autoLines = text(ctx, sel).split('\n').filter(Boolean);
    for (const line of text(ctx, ntaEngine.select(ctx)).split('\n').filter(Boolean)) expect(autoLines).toContain(line);
  });
  it('adds leaves to NTA’s clip as the pipeline serialized it, its start node whole when pruning kept nothing', () => {
    const ctx = context(ARTICLE.replace('<footer>', `<aside><p>${prose(2, 5)}</p></aside><footer>`));
    const nta = ntaEngine.select(ctx)!;
    const leaves = collectTextLeaves(ctx.stats.root, (el) => ctx.stats.index.has(el));
    const aside = leaves.findIndex((l) => l.el.parentElement?.tagName === 'ASIDE');
    expect(text(ctx, nta)).not.toContain(prose(2, 5));
    const add = leaves.map((_, i) => i === aside);
    const p = leaves.map((_, i) => (i === aside ? 0.9 : 0));
    const sel = withAddedLeaves(ctx, nta, leaves, p, add, ctx.stats.root, ['note']);
    expect(text(ctx, sel)).toBe(`${text(ctx, nta)}\n\n${prose(2, 5)}`);
    expect(sel.root.contains(nta.root)).toBe(true);
    // A selection whose pruning kept nothing: the pipeline (stages 5 and 6) clips its start
    // node whole, and an added leaf keeps that, not the empty kept set.
    const emptied = { ...nta, kept: new Set<Node>() };
    expect(emptied.root).not.toBe(ctx.stats.root);
    const piped = { ...ctx, ...offeredStages({ stats: ctx.stats, layout: ctx.layout, baseUrl: 'https://example.test/', options: ctx.options, linkBlocks: ctx.linkBlocks }) };
    expect(piped.clipOf(emptied).kept).toEqual(new Set([nta.root]));
    const sel2 = withAddedLeaves(piped, emptied, leaves, p, add, ctx.stats.root, []);
    expect(text(ctx, sel2)).toBe(`${text(ctx, nta)}\n\n${prose(2, 5)}`);
  });
  it('returns NTA’s selection when it is a list of card links, which the models would not keep', () => {
    // A topic page whose stories are each one link around a title and its first lines (cardLists.ts).
    const card = (n: number) => `<div class="card"><a href="/stories/harbour-story-${n}/"><h2>Harbour story number ${n}</h2><p>${prose(1, n)}</p></a></div>`;
    const ctx = context(`<!doctype html><html><head><title>Harbour news</title></head><body>
      <header><nav><a href="/">Home</a> <a href="/topics/">Topics</a> <a href="/about/">About</a></nav></header>
      <main><section class="intro"><h1>Harbour news</h1><p>Stay up to date with the harbour's news and reporting.</p></section>
      <section class="stories"><div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></section></main></body></html>`);
    expect(ntaSelectAnnotated(ctx).selection?.linkList).toBe(true);
    const sel = autoEngine.select(ctx)!;
    expect(sel.notes.join(' ')).toContain("auto: NTA's selection is a list of links, classifier and combiner skipped");
    expect(sel.linkList).toBe(true);
    expect(text(ctx, sel)).toBe(text(ctx, ntaEngine.select(ctx)));
    for (const n of [1, 3, 5]) expect(text(ctx, sel)).toContain(prose(1, n));
  });
});
