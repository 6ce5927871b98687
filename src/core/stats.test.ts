import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { computeStats, TYPED_COLUMNS_MIN_ELEMENTS } from './stats';
import { fakeLayout } from './testPage';
import type { LayoutProbe } from './types';

function doc(body: string): Document {
  return new JSDOM(`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`).window.document;
}

/** A probe that hides every element it is asked about whose text says "hidden", and records who was asked. */
function recordingLayout(): LayoutProbe & { asked: string[] } {
  const asked: string[] = [];
  return {
    ...fakeLayout,
    asked,
    isRendered(el) {
      asked.push(el.tagName.toLowerCase() + (el.id ? `#${el.id}` : ''));
      return !/hidden/.test(el.textContent ?? '');
    },
  };
}

describe('stats walk: which elements the layout is asked about', () => {
  it('asks for elements with attributes, custom elements and the children of <details>; not for bare structure', () => {
    const page = doc('<div id="a"><p>one hidden</p><section><h2>two</h2></section></div><nav-drawer><ul><li>three</li></ul></nav-drawer><details><summary>s</summary><p>four hidden</p></details><p><span class="x">five</span><em>six</em><span hidden>seven hidden</span><a href="/8">eight hidden</a></p>');
    const layout = recordingLayout();
    computeStats(page, layout);
    // The bare <p>one hidden</p> is counted unasked: that is the rule's known price (stats.mayBeHidden),
    // as is a link whose only attribute is its address; a phrasing element marked `hidden` is asked.
    expect(layout.asked).toEqual(['div#a', 'nav-drawer', 'summary', 'p', 'span', 'span']);
  });

  it('skips what it was told is hidden, with its subtree, and counts the rest', () => {
    const page = doc('<div id="a"><p>kept text</p></div><div class="b"><p>hidden text</p></div>');
    const stats = computeStats(page, recordingLayout())!;
    // The probe hides div.b (its text says "hidden"): only "kept text" is counted, 8 characters.
    const body = stats.order.length - 1;
    expect(stats.tc[body]).toBe('kepttext'.length);
    expect(stats.hiddenCount).toBe(1);
  });

  it('counts characters without whitespace (JavaScript \\s, zero-width space, BOM)', () => {
    const page = doc('<p>a\u00a0b \u200bc\ufeff d\n\te</p>');
    const stats = computeStats(page, fakeLayout)!;
    expect(stats.tc[stats.order.length - 1]).toBe(5);
  });
});

describe('stats columns: plain arrays on a normal page, typed arrays on a very large one', () => {
  const cards = (n: number): string => Array.from({ length: n }, (_, k) => `<p><a href="/p${k}">ab</a> cd</p>`).join('');
  const check = (count: number, typed: boolean): void => {
    const page = doc(`<div>${cards(count)}</div>`);
    const stats = computeStats(page, fakeLayout)!;
    const n = stats.order.length;
    expect(n).toBe(2 * count + 2); // <p> and <a> per card, the <div>, <body>
    for (const column of [stats.tc, stats.lc, stats.ln, stats.isLeaf, stats.leafText, stats.leafAnchor]) {
      expect(Array.isArray(column)).toBe(!typed);
      expect(column.length).toBe(n);
    }
    const root = n - 1;
    expect([stats.tc[root], stats.lc[root], stats.ln[root]]).toEqual([4 * count, 2 * count, count]);
    // A card: its link is an anchor leaf, its own text run a text leaf.
    expect([stats.leafAnchor[root], stats.leafText[root]]).toEqual([count, count]);
  };
  it('a normal page', () => check(100, false));
  // Building 50,000 elements in jsdom takes seconds (9 s on a loaded CI machine).
  it(`a page of ${TYPED_COLUMNS_MIN_ELEMENTS.toLocaleString('en')} elements or more`, () => check(TYPED_COLUMNS_MIN_ELEMENTS / 2, true), 120_000);
});
