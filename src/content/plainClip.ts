import { countWords, extractMetadata, readingMinutes, type PageMetadata } from '../core/index';
import type { ClipData } from '../shared/messages';

/**
 * Clips that bypass article detection: the user's selection, or the whole page ("save
 * selection" / "save full page" when the core says the page is not an article).
 *
 * The live tree is copied node by node rather than cloned, so that hidden elements are
 * skipped (checkVisibility reads the rendered page), URLs become absolute (img.currentSrc
 * is the image the page actually shows) and only content attributes survive. The result
 * is still sanitized again wherever it is rendered.
 */

/** Never part of a clip. */
const DROP_TAGS = new Set([
  'SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'CANVAS', 'SVG', 'MATH',
  'FORM', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA', 'LINK', 'META', 'BASE', 'DIALOG', 'HEAD',
]);
/** Attributes worth keeping; everything else is presentation, tracking or script. */
const KEEP_ATTRS = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'lang', 'dir', 'datetime', 'cite', 'start', 'reversed']);
/** Container tags that carry no meaning of their own are unwrapped to keep the HTML small. */
const UNWRAP_TAGS = new Set(['DIV', 'SPAN', 'SECTION', 'MAIN', 'ARTICLE', 'HEADER', 'FOOTER', 'ASIDE', 'NAV', 'FONT', 'CENTER']);

function absoluteHttp(raw: string | null | undefined, base: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function isHidden(el: Element): boolean {
  // checkVisibility is the rendered truth (display, visibility, content-visibility).
  return typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
}

/** Copies the children of `source` (live or detached) into `out`, cleaning as it goes. */
function copyInto(source: Node, out: Node, doc: Document, live: boolean): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) out.appendChild(doc.createTextNode(child.textContent ?? ''));
    else if (child.nodeType === Node.ELEMENT_NODE) copyElement(child as Element, out, doc, live);
  }
}

function copyElement(el: Element, out: Node, doc: Document, live: boolean): void {
  const tag = el.tagName.toUpperCase();
  if (DROP_TAGS.has(tag)) return;
  if (live && isHidden(el)) return;
  if (UNWRAP_TAGS.has(tag)) {
    copyInto(el, out, doc, live);
    return;
  }
  if (tag === 'PICTURE') {
    // <source> candidates are resolved by the browser into the <img>'s currentSrc.
    const img = el.querySelector('img');
    if (img) copyElement(img, out, doc, live);
    return;
  }
  const copy = doc.createElement(tag.toLowerCase());
  for (const attr of Array.from(el.attributes)) {
    if (KEEP_ATTRS.has(attr.name)) copy.setAttribute(attr.name, attr.value);
  }
  if (el instanceof HTMLAnchorElement) {
    const href = absoluteHttp(el.getAttribute('href'), el.baseURI);
    if (href) copy.setAttribute('href', href);
    else copy.removeAttribute('href');
  }
  if (el instanceof HTMLImageElement) {
    // currentSrc: the candidate the browser picked from srcset, i.e. the bytes the page shows.
    const src = absoluteHttp(el.currentSrc || el.getAttribute('src'), el.baseURI);
    if (!src) return;
    copy.setAttribute('src', src);
  }
  copyInto(el, copy, doc, live);
  out.appendChild(copy);
}

function toClip(container: HTMLElement, text: string, meta: PageMetadata, url: string, engine: 'fullpage' | 'selection'): ClipData {
  // The core's counting, so a full-page or selection clip of a CJK page counts like an article.
  const { words, cjk } = countWords(text);
  const firstImage = container.querySelector('img')?.getAttribute('src') ?? null;
  return {
    ...meta,
    url,
    // A selection is what the user picked: the page's og:image is not part of it.
    leadImage: engine === 'selection' ? firstImage : meta.leadImage ?? firstImage,
    excerpt: meta.excerpt ?? (text.slice(0, 300).trim() || null),
    html: container.innerHTML,
    text,
    wordCount: words + cjk,
    readingMinutes: readingMinutes(words, cjk),
    engine,
  };
}

/** The whole rendered page body as a clip. */
export function clipFullPage(doc: Document): ClipData {
  const container = doc.createElement('div');
  if (doc.body) copyInto(doc.body, container, doc, true);
  const text = (doc.body?.innerText ?? '').trim();
  return toClip(container, text, extractMetadata(doc, doc.baseURI), doc.URL, 'fullpage');
}

/** Text fields whose selected text may be clipped (never passwords). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'email', 'tel']);

/**
 * The text selected inside the focused <textarea> or text <input>, or null. The document's
 * selection is collapsed at a text field, so a user who selected a draft in a comment box
 * was told "Nothing is selected on the page", although the browser offers "Clip selection"
 * for it; the field's own selectionStart/End hold what was selected.
 */
function textFieldSelection(doc: Document): string | null {
  const el = doc.activeElement;
  const field = el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(el.type)) ? el : null;
  if (!field) return null;
  const { selectionStart: start, selectionEnd: end } = field;
  if (start === null || end === null || end <= start) return null;
  const text = field.value.slice(start, end).trim();
  return text ? text : null;
}

/** A text field's selected text as a clip: paragraphs at blank lines, line breaks kept, text nodes only. */
function clipTextFieldSelection(doc: Document): ClipData | null {
  const text = textFieldSelection(doc);
  if (!text) return null;
  const container = doc.createElement('div');
  for (const paragraph of text.split(/\n\s*\n/)) {
    const p = doc.createElement('p');
    paragraph.trim().split('\n').forEach((line, i) => {
      if (i > 0) p.append(doc.createElement('br'));
      p.append(line);
    });
    container.append(p);
  }
  return toClip(container, text, extractMetadata(doc, doc.baseURI), doc.URL, 'selection');
}

/** The current selection (in the page, else in the focused text field) as a clip, or null when nothing is selected. */
export function clipSelection(doc: Document): ClipData | null {
  const selection = doc.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return clipTextFieldSelection(doc);
  const container = doc.createElement('div');
  for (let i = 0; i < selection.rangeCount; i++) {
    copyInto(selection.getRangeAt(i).cloneContents(), container, doc, false);
  }
  const text = selection.toString().trim();
  if (!text && !container.querySelector('img')) return null;
  return toClip(container, text, extractMetadata(doc, doc.baseURI), doc.URL, 'selection');
}

export function hasSelection(doc: Document): boolean {
  const selection = doc.getSelection();
  return (!!selection && !selection.isCollapsed && selection.toString().trim().length > 0) || textFieldSelection(doc) !== null;
}
