import DOMPurify from 'dompurify';

/**
 * The one door through which clipped HTML reaches an extension page (STYLE.md, 9).
 *
 * Clip HTML comes from hostile pages. Every render goes through `sanitizeToFragment` and
 * is inserted with `replaceChildren`; a sanitized *string* is never parsed again with
 * innerHTML (mXSS: re-parsing can resurrect markup the sanitizer saw as inert).
 */

/** URL schemes a clip may keep: http(s), mailto, blob (our own stored images) and relative URLs. */
export const SAFE_URI = /^(?:(?:https?|mailto|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * An image of a page opened from disk (`<img src="file:///…/Notes_files/a.png">`) keeps its
 * address through the sanitizer, so the reader and the exports can swap it for the stored
 * copy (makeOffline, keyed by that address) or drop it. Nothing loads it: the extension CSP's
 * img-src has no file:, and every view replaces or removes each <img> before showing it.
 * Links to files stay refused (SAFE_URI): an extension page cannot open them.
 */
const LOCAL_IMAGE = /^file:\/\//i;

/** Tags that never belong in a clip even when DOMPurify would allow them. */
const FORBID_TAGS = [
  'style', 'form', 'input', 'button', 'select', 'textarea', 'option', 'iframe', 'frame', 'frameset',
  'object', 'embed', 'base', 'meta', 'link', 'svg', 'math', 'template', 'dialog', 'slot',
];
/** Attributes that carry presentation or tracking rather than content. */
const FORBID_ATTR = ['style', 'class', 'id', 'srcset', 'sizes', 'ping', 'action', 'formaction', 'background'];

const CONFIG = {
  ALLOWED_URI_REGEXP: SAFE_URI,
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  USE_PROFILES: { html: true },
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
};

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  // An image of a page opened from disk keeps its file: address (LOCAL_IMAGE).
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (node.nodeName === 'IMG' && data.attrName === 'src' && LOCAL_IMAGE.test(data.attrValue)) data.forceKeepAttr = true;
  });
  // Links from a clip open outside the extension page and never hand it a window.opener.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * A document with no window. An <img> of a page's own document fetches its src as soon as it
 * has one, attached to the page or not; in a document like this one nothing ever loads. Clip
 * HTML is built here, and its images swapped for stored copies (makeOffline), before any of
 * it is adopted into a page: an export that made its body in the library's document asked
 * the original site for every image not stored (the page CSP refused each, with a console
 * error; without that CSP the site would learn the clip was opened).
 */
let inert: Document | null = null;
export function inertDocument(): Document {
  inert ??= document.implementation.createHTMLDocument('');
  return inert;
}

/**
 * Sanitizes clip HTML into a fragment of an inert document (DOMPurify parses into one of its
 * own, with no window), ready for `replaceChildren`. Its images still name the original site:
 * swap or drop them before the fragment joins a page's document, which is when they would load.
 */
export function sanitizeToFragment(html: string): DocumentFragment {
  installHooks();
  // DOMPurify answers null when the payload parses to no <body> at all (e.g. a lone
  // <frameset>): that is "nothing safe to show", not the text "null".
  const fragment: DocumentFragment | null = DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  return fragment ?? inertDocument().createDocumentFragment();
}

/**
 * Sanitizes to a string, for writing files (export) only; never feed the result to innerHTML.
 * Export re-sanitizes because the stored HTML may predate today's rules.
 */
export function sanitizeToString(html: string): string {
  installHooks();
  return (DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: false }) as string | null) ?? '';
}
