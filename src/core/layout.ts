import { LAZY_SRC_ATTRIBUTES, LAZY_SRCSET_ATTRIBUTES, TOGGLE_MAX_LABEL_CHARS } from './rules';
import { countChars } from './stats';
import type { LayoutProbe } from './types';

/** A horizontal gap between two boxes that sets their words apart (letter spacing is under 1 px). */
const APART_PX = 3;

/**
 * The layout facts of a live, rendered document. The core never writes to the page, so its
 * layout stays clean for the whole (synchronous) extraction: every read is served from the
 * same layout, with no write/read interleaving to force another one. Reads are therefore
 * made only where a decision needs them — visibility per element the stats walk meets
 * (`checkVisibility()`), the rectangle of an image when the 100 px rule or the serializer
 * asks for it (once per image, cached) — instead of a batch of every image up front: most
 * images of a page lie outside the selected content (profiled with scripts/profile-core.ts).
 *
 * In a DOM without layout (jsdom, linkedom) every rectangle is empty: widths come back null
 * and visibility falls back to the `hidden` attribute and inline `display:none`.
 */
export function liveLayoutProbe(doc: Document): LayoutProbe {
  const rects = new Map<Element, DOMRect>();
  const hasLayout = typeof (doc.documentElement as Element & { checkVisibility?: unknown } | null)?.checkVisibility === 'function';
  const rect = (el: Element): DOMRect | null => {
    if (!hasLayout) return null;
    let r = rects.get(el);
    if (r === undefined) { r = el.getBoundingClientRect(); rects.set(el, r); }
    return r;
  };
  const view = doc.defaultView;
  // `visibility: hidden` on <body> itself is a page still loading, not content hidden from
  // the reader: AMP's boilerplate CSS and page-loader snippets hide the whole body until
  // their scripts run (and the benchmark, or a page whose scripts failed, never runs them).
  // Every element inherits it, so asking for the property would find an empty page; then
  // only boxes decide (display:none and friends still hide).
  const body = doc.body;
  const pageHidden = hasLayout && body !== null && body.checkVisibility() && !body.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  const visibilityOptions = (pageHidden ? {} : { visibilityProperty: true }) as CheckVisibilityOptions;
  // Per closed <details> met: whether it folds text rather than links (foldsMoreTextThanLinks).
  const folds = new Map<Element, boolean>();
  const foldsText = (details: Element): boolean => {
    let yes = folds.get(details);
    if (yes === undefined) folds.set(details, (yes = foldsMoreTextThanLinks(details)));
    return yes;
  };
  // Sections a disclosure button folds away with display:none (foldedByToggle), read as open.
  const unfolded = new Set<Element>();
  const inUnfolded = (el: Element): boolean => {
    if (unfolded.size === 0) return false;
    for (let p = el.parentElement; p; p = p.parentElement) if (unfolded.has(p)) return true;
    return false;
  };
  const isRendered = (el: Element): boolean => {
    if (!hasLayout) return isRenderedByMarkup(el);
    if (el.checkVisibility(visibilityOptions)) return true;
    const style = view?.getComputedStyle(el);
    if (!style) return false;
    // display:contents has no box of its own, yet its children render (checkVisibility says false).
    if (style.display === 'contents') return true;
    if (style.display === 'none') {
      if (!foldedByToggle(el) || !(inUnfolded(el) || el.parentElement?.checkVisibility(visibilityOptions) === true)) return false;
      unfolded.add(el);
      return true;
    }
    // Inside an unfolded section every box is hidden by the section's display:none; the
    // element's own style decides, as it would once the reader opens the section.
    if (inUnfolded(el)) return !(visibilityOptions.visibilityProperty === true && style.visibility === 'hidden');
    return foldedByDetails(el, style, visibilityOptions, isRendered, foldsText);
  };
  return {
    isRendered,
    renderedWidth(el: Element): number | null {
      const r = rect(el);
      return r && r.width > 0 ? r.width : null;
    },
    renderedHeight(el: Element): number | null {
      const r = rect(el);
      return r && r.height > 0 ? r.height : null;
    },
    isUnselectable(el: Element): boolean {
      if (!hasLayout || !view) return false;
      const style = view.getComputedStyle(el);
      return (style.getPropertyValue('user-select') || style.getPropertyValue('-webkit-user-select')) === 'none';
    },
    drawnApart(a: Element, b: Element): boolean {
      if (!hasLayout) return false;
      const ra = a.getClientRects(), rb = b.getClientRects();
      const x = ra[ra.length - 1], y = rb[0];
      if (x === undefined || y === undefined) return false;
      // Another line: no vertical overlap (a superscript overlaps its line). Else a gap
      // wider than letter spacing, on either side (right to left too).
      if (y.top >= x.bottom - 1 || y.bottom <= x.top + 1) return true;
      return y.left - x.right >= APART_PX || x.left - y.right >= APART_PX;
    },
  };
}

/**
 * Whether `el`, which the browser does not render, is only folded away: it lies in the content
 * of a closed `<details>` (an FAQ's answer, a "Show the transcript") that is itself rendered,
 * and its own style would show it once the reader opens the disclosure. The browser skips
 * that content (content-visibility), so checkVisibility says false; yet it is the page's
 * text, one click away, and a clip kept after the page is gone cannot be clicked open.
 * A disclosure of links (a menu) stays folded (foldsMoreTextThanLinks). Read only for
 * elements checkVisibility refuses (a handful a page); the cheap tests go first.
 */
function foldedByDetails(el: Element, style: CSSStyleDeclaration, options: CheckVisibilityOptions, isRendered: (details: Element) => boolean, foldsText: (details: Element) => boolean): boolean {
  if (style.display === 'none' || (options.visibilityProperty === true && style.visibility === 'hidden')) return false;
  let details = el.parentElement?.closest('details:not([open])');
  if (!details) return false;
  // A closed disclosure shows its own summary: what is in it is folded, if at all, by an outer one.
  const summary = el.closest('summary');
  while (details && summary?.parentElement === details) details = details.parentElement?.closest('details:not([open])');
  return details != null && foldsText(details) && isRendered(details);
}

/**
 * Whether `el`, hidden by display:none, is a section a disclosure button folds away: an
 * accordion's panel after its "More" header, a "Show the method" section. Like the answer in
 * a closed `<details>` (foldedByDetails), it is the page's text one click away, and a clip
 * kept after the page is gone cannot be clicked open. The element just before it is a
 * rendered button with a short label (isToggle); or it is a tab panel (`role="tabpanel"`)
 * behind a tab the reader has not chosen: a documentation page's install steps for another
 * system, a service page's other offers. What opens over the page instead (a menu, a dialog, a tooltip:
 * `aria-haspopup`, `popover`, POPUP_ROLES) stays hidden, and so does a section of links (a
 * site menu behind a hamburger button): it must hold more text than links.
 * A control elsewhere naming the section in `aria-controls` is not looked for: on wcxb-dev
 * it changed one page for the better and two for the worse, for a query of the whole
 * document on every page that hides an element with an id.
 */
function foldedByToggle(el: Element): boolean {
  const role = el.getAttribute('role') ?? '';
  if (el.hasAttribute('popover') || POPUP_ROLES.has(role)) return false;
  return (role === 'tabpanel' || isToggle(previousSignificantSibling(el))) && foldsMoreTextThanLinks(el);
}

/** Roles of what opens over the page (a menu, a dialog), not in its flow. */
const POPUP_ROLES = new Set(['menu', 'menubar', 'dialog', 'alertdialog', 'listbox', 'tooltip']);

/** A control that opens a section in place, not a popup (`aria-haspopup`: a menu, a dialog). */
function opensInPlace(control: Element): boolean {
  const popup = control.getAttribute('aria-haspopup');
  return popup === null || popup === 'false';
}

const INSIGNIFICANT_TAGS = new Set(['STYLE', 'SCRIPT', 'TEMPLATE', 'LINK', 'NOSCRIPT']);

/** The nearest element before `el` among its siblings that is not a style, script or template. */
function previousSignificantSibling(el: Element): Element | null {
  let e = el.previousElementSibling;
  while (e !== null && INSIGNIFICANT_TAGS.has(e.tagName)) e = e.previousElementSibling;
  return e;
}

/**
 * A rendered button that opens something in place — a `<button>`, `role="button"`,
 * `aria-expanded="false"`, a focusable `tabindex="0"` header or one the page's style makes a
 * click target (isClickTarget) — showing a label of at most
 * rules.TOGGLE_MAX_LABEL_CHARS; or a wrapper (up to three deep) around nothing but one
 * (styles and scripts aside): CSS-in-JS accordions wrap their header.
 */
function isToggle(el: Element | null): boolean {
  for (let depth = 0; el !== null && depth < 4; depth++) {
    if (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' || el.getAttribute('aria-expanded') === 'false' || el.getAttribute('tabindex') === '0' || isClickTarget(el)) {
      return opensInPlace(el) && shownChars(el, TOGGLE_MAX_LABEL_CHARS) <= TOGGLE_MAX_LABEL_CHARS && el.checkVisibility();
    }
    let only: Element | null = null;
    for (const child of el.children) {
      if (INSIGNIFICANT_TAGS.has(child.tagName)) continue;
      if (only !== null) return false;
      only = child;
    }
    el = only;
  }
  return false;
}

/**
 * Whether the page's style makes `el` itself a click target, a header that a script opens
 * (WordPress accordion blocks: `.accordion-title{cursor:pointer}` over a `display:none`
 * answer, no button or ARIA in the markup): its cursor is the pointer and its parent's is
 * not (the cursor is inherited: everything inside a clickable card has it). Not a link, whose
 * pointer is the browser's own and which goes elsewhere.
 */
function isClickTarget(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (el.tagName === 'A' || !view) return false;
  if (view.getComputedStyle(el).cursor !== 'pointer') return false;
  const parent = el.parentElement;
  return parent === null || view.getComputedStyle(parent).cursor !== 'pointer';
}

/** NodeFilter.SHOW_TEXT (the constants are not globals in every DOM the core runs in). */
const SHOW_TEXT = 4;

/** The characters (stats.countChars: whitespace aside) of the text in `el`, styles and scripts aside; counting stops past `max`. */
function shownChars(el: Element, max: number): number {
  const walker = el.ownerDocument.createTreeWalker(el, SHOW_TEXT);
  let n = 0;
  for (let t = walker.nextNode(); t !== null && n <= max; t = walker.nextNode()) {
    if (!INSIGNIFICANT_TAGS.has(t.parentElement?.tagName ?? '')) n += countChars(t.nodeValue ?? '');
  }
  return n;
}

/**
 * Whether a closed `<details>`, or a section a button folds, folds away text to read rather
 * than links: a site's menus are disclosures too (`<details><summary>Mac</summary><div
 * class="sub-menu">` + links), and their links are no more the page's content open than
 * closed. Counted over the whole disclosure, its summary aside, from `textContent` (once
 * per folded section met).
 */
function foldsMoreTextThanLinks(details: Element): boolean {
  const chars = (node: Node | null): number => (node?.textContent ?? '').replace(/\s+/g, '').length;
  let text = chars(details);
  let links = 0;
  for (const child of details.children) if (child.tagName === 'SUMMARY') text -= chars(child);
  for (const a of details.querySelectorAll('a')) if (a.closest('summary')?.parentElement !== details) links += chars(a);
  return text - links > links;
}

/** What the markup alone says about rendering: the `hidden` attribute and inline `display:none` / `visibility:hidden`. */
function isRenderedByMarkup(el: Element): boolean {
  if (el.hasAttribute('hidden')) return false;
  const style = el.getAttribute('style');
  return !(style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(style));
}

/**
 * The same layout, with visibility judged by the markup alone (isRenderedByMarkup): for a
 * page that renders nothing readable, or little (rules.MARKUP_RETRY_MAX_RENDERED_CHARS), while
 * its document holds text, because stylesheets hide the content until the page's scripts
 * reveal it (`.js-loading { display: none }` wrappers, app shells). A reader looking at that
 * page in a browser that ran its scripts sees the text; the clip should hold it too. Sizes still come from the real layout.
 */
export function markupVisibility(layout: LayoutProbe): LayoutProbe {
  return { ...layout, isRendered: isRenderedByMarkup };
}

/**
 * The size that decides the 100 px icon rule (SPEC §1) and the output's width/height: the
 * real rendered size; only when the image is not laid out (lazy, below the fold, not loaded)
 * the natural size or the `width`/`height` attribute. Null when nothing is known (the caller
 * decides).
 */
export function effectiveImageSize(el: Element, layout: LayoutProbe, dimension: 'width' | 'height'): number | null {
  const rendered = dimension === 'width' ? layout.renderedWidth(el) : layout.renderedHeight(el);
  if (rendered !== null) return rendered;
  const img = el.tagName === 'PICTURE' ? el.querySelector('img') : el;
  if (img && img.tagName === 'IMG') {
    const natural = dimension === 'width' ? (img as HTMLImageElement).naturalWidth : (img as HTMLImageElement).naturalHeight;
    if (typeof natural === 'number' && natural > 0) return natural;
    const attr = parseInt(img.getAttribute(dimension) ?? '', 10);
    if (attr > 0) return attr;
  }
  return null;
}

function isPlaceholder(src: string): boolean {
  return src === '' || src.startsWith('data:') || src === 'about:blank' || /(?:^|\/)(?:blank|spacer|pixel|placeholder|lazy)[^/]*\.(?:gif|png|svg)/i.test(src);
}

/** The largest candidate of a srcset (by `w` or `x` descriptor). */
export function largestSrcsetCandidate(srcset: string): string | null {
  let best: string | null = null;
  let bestScore = -1;
  for (const part of srcset.split(/,\s+(?=\S)/)) {
    const [url, descriptor] = part.trim().split(/\s+/, 2);
    if (!url) continue;
    const score = descriptor ? parseFloat(descriptor) * (descriptor.endsWith('x') ? 1000 : 1) : 1;
    if (score > bestScore) { best = url; bestScore = score; }
  }
  return best;
}

/**
 * The source a reader should see for an image: what the browser actually shows
 * (`currentSrc`), else the lazy-loading attribute the page will swap in, else the largest
 * srcset candidate, else `src`. Placeholders (data: URIs, spacer gifs) lose to real sources.
 */
export function resolveImageSource(el: Element): string | null {
  const img = el.tagName === 'PICTURE' ? el.querySelector('img') : el;
  if (!img) return null;
  const current = (img as HTMLImageElement).currentSrc;
  if (typeof current === 'string' && current && !isPlaceholder(current)) return current;
  for (const attr of LAZY_SRC_ATTRIBUTES) {
    const v = img.getAttribute(attr)?.trim();
    if (v && !isPlaceholder(v)) return v;
  }
  for (const attr of [...LAZY_SRCSET_ATTRIBUTES, 'srcset']) {
    const v = img.getAttribute(attr);
    if (v) {
      const best = largestSrcsetCandidate(v);
      if (best && !isPlaceholder(best)) return best;
    }
  }
  if (el.tagName === 'PICTURE') {
    for (const source of Array.from(el.querySelectorAll('source'))) {
      const v = source.getAttribute('srcset') ?? source.getAttribute('data-srcset');
      const best = v ? largestSrcsetCandidate(v) : null;
      if (best && !isPlaceholder(best)) return best;
    }
  }
  const src = img.getAttribute('src')?.trim();
  return src ? src : null;
}
