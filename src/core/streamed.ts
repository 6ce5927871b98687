import { markupVisibility } from './layout';
import { STREAMED_SEGMENT_MIN_CHARS } from './rules';
import type { LayoutProbe } from './types';

/**
 * Streamed pages (our addition; the papers clip what is rendered). A page rendered by React on
 * the server with Suspense (Next.js's app router, Remix, Hydrogen) streams the parts that were
 * not ready with the first bytes at the end of `<body>`, each in a hidden segment
 * (`<div hidden id="S:4">`), and leaves a placeholder where it belongs: a `<template id="B:4">`
 * opening a boundary's fallback (a skeleton, "Loading…"), or a `<template id="P:4">` inside
 * another segment. React's inline scripts (`$RC`, `$RS`) move each segment into its
 * placeholder as it arrives. Where those scripts did not run (blocked, failed, a page saved
 * and opened again, the benchmark, which runs no page scripts) the reader of the rendered page
 * sees the skeleton, and the article, a product's description or a whole page waits unrendered
 * after the footer: Sift clipped nothing from 0155 and 0384 and a scrap of 4053, 4416, 4486
 * (wcxb-dev, session 22).
 *
 * So when such segments hold text, the page is composed as React would compose it, in a copy
 * of the document (inert: nothing runs or loads, the live page untouched): each segment's
 * children replace its placeholder, a boundary's fallback goes (between the `<!--$?-->` before
 * the template and its `<!--/$-->`, when the page kept its comments), and the copy is clipped.
 * Every element the copy shares with the page is judged by the page's own layout (the copy has
 * none); what came from a segment is judged by its markup, as it was never laid out.
 * Segments are paired with placeholders by their number, as React writes them (`S:4` fills
 * `B:4` or `P:4`). A page whose scripts ran has no segment left and is never copied.
 */
export interface StreamedPage {
  doc: Document;
  layout: LayoutProbe;
}

export function composeStreamedPage(doc: Document, layout: LayoutProbe): StreamedPage | null {
  if (composed.has(doc)) return null;
  // Placeholders are <template>s: a page without any (most pages) costs one native lookup.
  const templates = doc.getElementsByTagName('template');
  if (templates.length === 0) return null;
  const segments = new Set<Element>();
  let chars = 0;
  for (let k = 0; k < templates.length; k++) {
    const segment = pendingSegment(doc, templates[k]!, layout);
    if (segment === null || segments.has(segment)) continue;
    segments.add(segment);
    chars += textLength(segment);
  }
  if (chars < STREAMED_SEGMENT_MIN_CHARS) return null;

  const copy = doc.cloneNode(true) as Document;
  // The copy's elements paired with the page's, before anything moves: same tree, same order.
  // Segments' insides are left out: they were never laid out.
  const originals = new Map<Element, Element>();
  let a: Element | null = doc.documentElement;
  let b: Element | null = copy.documentElement;
  while (a && b) {
    originals.set(b, a);
    if (!segments.has(a) && a.firstElementChild !== null) { a = a.firstElementChild; b = b.firstElementChild; continue; }
    while (a && b && a.nextElementSibling === null) { a = a.parentElement; b = b.parentElement; }
    a = a?.nextElementSibling ?? null;
    b = b?.nextElementSibling ?? null;
  }
  // Compose in the order of the placeholders; one inside a segment not yet placed is filled
  // where it is and travels with that segment's children.
  for (const segment of segments) {
    const id = segment.id.slice(2);
    const target = copy.getElementById(`S:${id}`);
    const placeholder = copy.getElementById(`B:${id}`) ?? copy.getElementById(`P:${id}`);
    if (!target || !placeholder || !placeholder.parentNode) continue;
    const parent = placeholder.parentNode;
    let before: Node | null = placeholder;
    const open = placeholder.previousSibling;
    if (placeholder.id[0] === 'B' && open?.nodeType === 8 && (open as Comment).data === '$?') before = removeFallback(placeholder);
    while (target.firstChild) parent.insertBefore(target.firstChild, before);
    if (before === placeholder) placeholder.remove();
    target.remove();
  }
  composed.add(copy);
  const byMarkup = markupVisibility(layout).isRendered;
  return {
    doc: copy,
    layout: {
      isRendered: (el) => {
        const o = originals.get(el);
        return o ? layout.isRendered(o) : byMarkup(el);
      },
      renderedWidth: (el) => {
        const o = originals.get(el);
        return o ? layout.renderedWidth(o) : null;
      },
      renderedHeight: (el) => {
        const o = originals.get(el);
        return o ? layout.renderedHeight(o) : null;
      },
      isUnselectable: (el) => {
        const o = originals.get(el);
        return o !== undefined && layout.isUnselectable !== undefined && layout.isUnselectable(o);
      },
      drawnApart: (a, b) => {
        const x = originals.get(a), y = originals.get(b);
        return x !== undefined && y !== undefined && layout.drawnApart !== undefined && layout.drawnApart(x, y);
      },
    },
  };
}

/** The hidden segment a `B:n` / `P:n` placeholder waits for (`S:n`), or null. */
function pendingSegment(doc: Document, template: Element, layout: LayoutProbe): Element | null {
  const id = template.id;
  if (id.length < 3 || id[1] !== ':' || (id[0] !== 'B' && id[0] !== 'P')) return null;
  const segment = doc.getElementById(`S:${id.slice(2)}`);
  return segment !== null && !layout.isRendered(segment) ? segment : null;
}

/**
 * Removes a boundary's fallback as React's `$RC` does: from the placeholder up to the
 * `<!--/$-->` that closes the boundary its `<!--$?-->` opened (nested boundaries counted);
 * returns that closing comment, before which the segment goes (null: the parent's end).
 */
function removeFallback(placeholder: Element): Node | null {
  const parent = placeholder.parentNode!;
  let depth = 0;
  let node: Node | null = placeholder;
  while (node) {
    if (node.nodeType === 8) {
      const data = (node as Comment).data;
      if (data === '/$') {
        if (depth === 0) return node;
        depth--;
      } else if (data === '$' || data === '$?' || data === '$!') depth++;
    }
    const next: Node | null = node.nextSibling;
    parent.removeChild(node);
    node = next;
  }
  return null;
}

/** Characters of a segment's text outside its scripts and styles (Remix streams its data as scripts). */
function textLength(segment: Element): number {
  let n = segment.textContent?.length ?? 0;
  const code = segment.querySelectorAll('script, style');
  for (let k = 0; k < code.length; k++) n -= code[k]!.textContent?.length ?? 0;
  return n;
}

/** Documents this module made: never composed again. */
const composed = new WeakSet<Document>();
