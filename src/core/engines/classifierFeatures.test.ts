// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { offeredStages } from '../extract';
import { findLinkBlocks } from '../linkBlocks';
import { resolveOptions } from '../options';
import { computeStats } from '../stats';
import { fakeLayout, prose } from '../testPage';
import { clipShares, ntaLeafFacts } from './classifierFeatures';
import type { EngineContext } from './engine';
import { collectTextLeaves, type TextLeaf } from './vsseTextLeaves';

function leaves(...texts: string[]): TextLeaf[] {
  const el = document.createElement('p');
  return texts.map((text, index) => ({ el, text, linkChars: 0, index, depth: 0 }));
}

describe('what NTA keeps of each leaf, read from its clip (clipShares)', () => {
  const clip = 'Storm floods the coast\n\nThe storm reached the coast on Monday night, flooding roads and homes.\n\nBy Ann Lee';
  const shares = (...texts: string[]): number[] => {
    const out = new Float32Array(texts.length);
    clipShares(clip, leaves(...texts), out);
    return Array.from(out);
  };

  it('gives 1 to a leaf the clip holds whole and 0 to one it dropped, whatever the case', () => {
    expect(shares('THE STORM reached the coast on Monday night, flooding roads and homes.', 'Subscribe to our newsletter today')).toEqual([1, 0]);
  });

  it('gives the share of its word trigrams to a leaf the clip holds in part', () => {
    // trigrams: the storm reached | storm reached the | reached the coast | the coast read | coast read more
    expect(shares('The storm reached the coast. Read more')[0]).toBeCloseTo(3 / 5);
  });

  it('asks short leaves for their words in the clip’s order: bylines, headings, single words', () => {
    expect(shares('Ann Lee', 'Lee Ann', 'Monday', 'Tuesday', '—')).toEqual([1, 0, 1, 0, 0]);
  });
});

/** An article whose second paragraph holds an inline cluster of ad links (SPEC §2's inline noise). */
const PAGE = `<!doctype html><html><head><title>Storm</title></head><body>
  <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></nav>
  <article><h1>Storm floods the coast</h1>
    <p>${prose(60, 1)}</p>
    <p>${prose(40, 2)} <a href="https://ads.test/1">Cheap flights</a> <a href="https://ads.test/2">Best loans</a> <a href="https://ads.test/3">Win a car</a> <a href="https://ads.test/4">Hot deals</a> ${prose(40, 3)}</p>
    <p>${prose(60, 4)}</p>
  </article>
  <footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/contact">Contact</a></footer></body></html>`;

describe('ntaLeafFacts.kept', () => {
  const setup = (withPipeline: boolean) => {
    const doc = new DOMParser().parseFromString(PAGE, 'text/html');
    const options = resolveOptions({ layout: fakeLayout });
    const stats = computeStats(doc, fakeLayout)!;
    const linkBlocks = findLinkBlocks(stats, options);
    const offered = withPipeline ? offeredStages({ stats, layout: fakeLayout, baseUrl: 'https://news.test/storm', options, linkBlocks }) : {};
    const ctx: EngineContext = { doc, stats, linkBlocks, options, layout: fakeLayout, ...offered };
    const all = collectTextLeaves(stats.root, (el) => stats.index.has(el));
    const kept = ntaLeafFacts(ctx, all).kept;
    const at = (start: string): number => kept[all.findIndex((l) => l.text.startsWith(start))]!;
    return { at, texts: all.map((l) => l.text) };
  };

  it('reads NTA’s clip where the pipeline runs: a paragraph keeps its words when its inline ad links go', () => {
    const { at } = setup(true);
    const adParagraph = prose(40, 2).slice(0, 20);
    expect(at('Storm floods the coast')).toBe(1);
    expect(at(prose(60, 1).slice(0, 20))).toBe(1);
    expect(at('Home')).toBe(0);
    expect(at('Privacy')).toBe(0);
    // the clip holds the paragraph's prose without the four ads: most of its trigrams
    expect(at(adParagraph)).toBeGreaterThan(0.7);
    expect(at(adParagraph)).toBeLessThan(1);
    // without the pipeline, the paragraph counts as link-block noise (all its links are) and is not kept
    expect(setup(false).at(adParagraph)).toBe(0);
  });
});
