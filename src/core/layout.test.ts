import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { effectiveImageSize, largestSrcsetCandidate, liveLayoutProbe, resolveImageSource } from './layout';

const body = (html: string) => new JSDOM(`<!doctype html><html><body>${html}</body></html>`).window.document;

describe('lazy images and widths', () => {
  it('resolves data-src and friends over placeholders, and the largest srcset candidate', () => {
    const d = body(`<img id="a" src="data:image/gif;base64,R0lGOD" data-src="/real.jpg">
      <img id="b" src="/spacer.gif" data-lazy-srcset="/s.jpg 300w, /l.jpg 1200w">
      <img id="c" srcset="/x1.jpg 1x, /x2.jpg 2x">
      <picture id="d"><source srcset="/p.webp 800w"><img src=""></picture>`);
    expect(resolveImageSource(d.querySelector('#a')!)).toBe('/real.jpg');
    expect(resolveImageSource(d.querySelector('#b')!)).toBe('/l.jpg');
    expect(resolveImageSource(d.querySelector('#c')!)).toBe('/x2.jpg');
    expect(resolveImageSource(d.querySelector('#d')!)).toBe('/p.webp');
    expect(largestSrcsetCandidate('a.jpg 100w, b.jpg 50w')).toBe('a.jpg');
  });

  it('falls back to the width attribute only when the image is not laid out', () => {
    const d = body('<img id="a" width="640" src="/a.jpg"><img id="b" src="/b.jpg">');
    const probe = liveLayoutProbe(d); // jsdom has no layout: widths are null
    expect(probe.renderedWidth(d.querySelector('#a')!)).toBeNull();
    expect(effectiveImageSize(d.querySelector('#a')!, probe, 'width')).toBe(640);
    expect(effectiveImageSize(d.querySelector('#b')!, probe, 'width')).toBeNull();
    const laidOut = { ...probe, renderedWidth: () => 32 };
    expect(effectiveImageSize(d.querySelector('#a')!, laidOut, 'width')).toBe(32);
  });

  it('without layout, hidden attribute and inline display:none are not rendered', () => {
    const d = body('<p id="a" hidden>x</p><p id="b" style="display: none">y</p><p id="c">z</p>');
    const probe = liveLayoutProbe(d);
    expect(probe.isRendered(d.querySelector('#a')!)).toBe(false);
    expect(probe.isRendered(d.querySelector('#b')!)).toBe(false);
    expect(probe.isRendered(d.querySelector('#c')!)).toBe(true);
  });
});
