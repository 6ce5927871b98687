import { markupVisibility } from './layout';
import type { LayoutProbe } from './types';

/**
 * App shells (our addition; the papers clip what is rendered). A forum or app built on a
 * script framework (Discourse, Flarum) renders its posts with its scripts and puts the same
 * thread, as plain markup, in a `<noscript>` for readers and crawlers without them. Where
 * those scripts did not run (blocked, failed, a page saved and opened again, the benchmark,
 * which runs no page scripts) the rendered page is a splash screen and a header, and its
 * text is in the `<noscript>`, which a browser running scripts keeps as one unrendered text
 * node. Sift clipped nothing from 19 such wcxb-dev forum threads (session 20).
 *
 * So when one `<noscript>` holds more text than the whole rendered page, the page is waiting
 * for its scripts and that markup is what it says: it is parsed into a document of its own
 * (DOMParser: inert, nothing runs or loads, the live page untouched), with a copy of the
 * page's own `<head>` for the metadata, and clipped instead, its visibility judged by the markup alone.
 * A page that renders its content has far more rendered text than a tracking pixel or an
 * "enable JavaScript" notice in its `<noscript>`, and is never re-parsed.
 */
export function appShellDocument(doc: Document, renderedChars: number): Document | null {
  if (shells.has(doc)) return null;
  const Parser = doc.defaultView?.DOMParser;
  const body = doc.body;
  if (!Parser || !body) return null;
  const list = body.getElementsByTagName('noscript');
  // A <noscript> is read only when it may hold more text than this.
  const enough = Math.max(renderedChars, NOSCRIPT_MIN_CHARS);
  let best: Element | null = null;
  let bestLength = enough;
  // The raw markup's length bounds its text's from above: a cheap first cut.
  for (let k = 0; k < list.length; k++) {
    const length = list[k]!.textContent?.length ?? 0;
    if (length > bestLength) { best = list[k]!; bestLength = length; }
  }
  if (best === null) return null;
  const markup = best.innerHTML;
  // A second cut before the parse (20–30 ms for the big `<noscript>` of page 0002, whose markup
  // is mostly attributes): the text of parsed markup has at most the non-space characters of
  // that markup with its tags and comments taken out (character references only shorten), unless
  // the markup holds an element whose content is text even where it looks like tags.
  if (!TEXT_AS_MARKUP.test(markup) && nonSpaceChars(markup.replace(TAG_OR_COMMENT, '')) <= enough) return null;
  const shell = new Parser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
  // What a reader would see of it: scripts, styles and templates in the markup are no text.
  for (const el of Array.from(shell.body.querySelectorAll('script, style, template, noscript'))) el.remove();
  if (nonSpaceChars(shell.body.textContent ?? '') <= enough) return null;
  // The page's own <head> (title, JSON-LD, meta tags) for the metadata, copied node by node:
  // its markup re-parsed would not stay in a head (a <noscript><img> there ends the head).
  if (doc.head) for (let c = doc.head.firstChild; c; c = c.nextSibling) shell.head.appendChild(shell.importNode(c, true));
  const lang = doc.documentElement.getAttribute('lang');
  if (lang) shell.documentElement.setAttribute('lang', lang);
  shells.add(shell);
  return shell;
}

/** What the HTML parser reads as a tag, an end tag or a comment: `<` before a letter, `/`, `!` or `?`, up to the next `>`. */
const TAG_OR_COMMENT = /<[a-zA-Z/!?][^>]*>/g;
/** Elements whose content the parser keeps as text, tags and all, and CDATA sections (in SVG): their markup is not cut. */
const TEXT_AS_MARKUP = /<(?:textarea|title|xmp|iframe|noembed|noframes|plaintext)[\s/>]|<!\[CDATA\[/i;

/** A `<noscript>` with less text than this is a notice, never a page (non-space characters). */
export const NOSCRIPT_MIN_CHARS = 200;

/** Visibility by the markup alone, sizes from attributes: a parsed document has no layout. */
export const APP_SHELL_LAYOUT: LayoutProbe = markupVisibility({ isRendered: () => true, renderedWidth: () => null, renderedHeight: () => null });

/** Documents this module made: never searched for a `<noscript>` again. */
const shells = new WeakSet<Document>();

function nonSpaceChars(s: string): number {
  return s.replace(/\s+/g, '').length;
}
