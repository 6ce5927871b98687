/**
 * Shared by the core's unit tests only (imported from *.test.ts). Builds a document in
 * Node through the injected `parse` function so the core itself never imports jsdom, and
 * supplies a fake LayoutProbe: `hidden`/inline `display:none` are not rendered,
 * `data-w` / `data-h` give an element's "rendered" size, and an inline `user-select: none`
 * makes it unselectable.
 */
import type { LayoutProbe } from './types';

export const fakeLayout: LayoutProbe = {
  isRendered: (el) => !el.hasAttribute('hidden') && !/display\s*:\s*none/i.test(el.getAttribute('style') ?? ''),
  renderedWidth: (el) => sizeAttr(el, 'data-w'),
  renderedHeight: (el) => sizeAttr(el, 'data-h'),
  isUnselectable: (el) => /user-select\s*:\s*none/i.test(el.getAttribute('style') ?? ''),
  drawnApart: (_a, b) => b.hasAttribute('data-apart'),
};

function sizeAttr(el: Element, name: string): number | null {
  const own = el.getAttribute(name) ?? (el.tagName === 'PICTURE' ? el.querySelector('img')?.getAttribute(name) : null);
  const v = parseFloat(own ?? '');
  return Number.isFinite(v) ? v : null;
}

/** Filler prose: `n` sentences of plain words, deterministic. */
export function prose(n: number, seed = 0): string {
  const words = ['river', 'stone', 'market', 'evening', 'harbour', 'letter', 'garden', 'winter', 'signal', 'bridge', 'lantern', 'meadow'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s: string[] = [];
    for (let k = 0; k < 12; k++) s.push(words[(i * 7 + k * 3 + seed) % words.length]!);
    out.push(`${s.join(' ')}.`);
  }
  return out.join(' ');
}
