import { collapse } from '../core/records/domIndex';
import { isKickerText, statesTitle } from '../core/titleHeading';
import type { StoredClip } from '../storage/schema';
import { sanitizeToFragment } from '../shared/sanitize';
import { escapeHtml } from './html';

/**
 * A clip's lead image (the page's og:image, else the core's first content image) shown above
 * its text. Pages often give an og:image the article body never repeats (a hero set in the
 * page header, outside the content root): the save stored its bytes (content/extract.ts
 * `imageUrlsOf` lists it first) yet the reader and every export left it out.
 *
 * It goes into the sanitized fragment before `makeOffline`, so it takes the same path as the
 * content's images: built as markup and sanitized like all clip HTML (a backup can carry any
 * string as `leadImage`), then swapped for the stored copy or removed when none was stored.
 */

/** A path ending in an image file name: its query only picks a size, crop or format of that file. */
const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|webp)$/i;

/**
 * The file an image URL names, for "is this the same image": resolved, without the fragment,
 * and without the query when the path names an image file ('hero.jpg?w=1200' and
 * 'hero.jpg?w=800&fit=crop' are one photo in two sizes, as image CDNs serve og:image and
 * content images). A path like '/image.php?id=7' keeps its query: there it picks the image.
 */
function fileKey(url: string, base: string): string | null {
  let u: URL;
  try {
    u = new URL(url, base);
  } catch {
    return null;
  }
  u.hash = '';
  if (IMAGE_FILE.test(u.pathname)) u.search = '';
  return u.href;
}

/** Containers a leading title may sit in ('<article><header><h1>'). */
const WRAPPERS = new Set(['ARTICLE', 'DIV', 'HEADER', 'HGROUP', 'MAIN', 'SECTION']);

/** `node`, or the first sibling after it, that is not whitespace or a comment. */
function contentFrom(node: ChildNode | null): ChildNode | null {
  for (let n = node; n; n = n.nextSibling) {
    if (n.nodeType === 8) continue;
    if (n.nodeType === 3 && !n.textContent?.trim()) continue;
    return n;
  }
  return null;
}

/**
 * The clip's opening <h1> (the page's title, which the core keeps in the content), looked
 * for through leading wrappers. The lead image goes after it, where the page had it: before
 * it, a Markdown note would start with the image, and clipToMarkdown, which adds a `# title`
 * only when the body does not start with one, would give the note two titles.
 */
function openingHeading(fragment: DocumentFragment): Element | null {
  return leadingHeading(fragment, OPENING_LEVELS, 0);
}
const OPENING_LEVELS = new Set(['H1']);

/**
 * Removes the content's opening <h1> when it states `title`. The reader's header and each
 * EPUB chapter already show the clip's title above the content. The core leaves that heading
 * out of new clips (core/titleHeading.ts), but clips saved before it did, and backups made
 * from them, still hold it. A heading that says something else stays.
 * Call before `insertLeadImage`, so the lead image then goes to the very top.
 */
export function dropTitleHeading(fragment: DocumentFragment, title: string): void {
  const heading = titleHeading(fragment);
  if (heading && statesTitle(heading.textContent ?? '', title)) heading.remove();
}

/**
 * The heading that may repeat the title: the content's opening <h1> or <h2>, found through
 * leading wrappers and past up to two kicker lines above it (a date, a section name: "08.04.2015
 * 12:46", "Apple", "September 4, 2025 5:50 am"). Pages put those above their title and set it
 * as an <h2> as often as an <h1>: the reader showed the title twice, its own and the page's.
 * A heading after a sentence ("Intro.") does not open the content and stays.
 */
function titleHeading(fragment: DocumentFragment): Element | null {
  return leadingHeading(fragment, TITLE_LEVELS, 2);
}
const TITLE_LEVELS = new Set(['H1', 'H2']);

/** The first heading of `levels` that opens the fragment, through leading wrappers and past at most `kickers` kicker lines. */
function leadingHeading(fragment: DocumentFragment, levels: ReadonlySet<string>, kickers: number): Element | null {
  let node = contentFrom(fragment.firstChild);
  let passed = 0;
  while (node && node.nodeType === 1) {
    const el = node as Element;
    if (levels.has(el.nodeName)) return el;
    if (WRAPPERS.has(el.nodeName)) node = contentFrom(el.firstChild);
    else if (passed < kickers && isKicker(el)) { passed++; node = contentFrom(el.nextSibling); }
    else return null;
  }
  return null;
}

/** A short line that is no sentence and holds no heading or image: a date, a section's name, a tag list. */
function isKicker(el: Element): boolean {
  return KICKER_TAGS.has(el.nodeName) && isKickerText(collapse(el.textContent ?? '')) && !el.querySelector('h1, h2, h3, img, figure, table');
}
const KICKER_TAGS = new Set(['P', 'UL', 'OL']);

/**
 * Puts the lead image at the top of a sanitized clip fragment (after its opening <h1>), unless
 * the content already shows that image. Call before `makeOffline`.
 */
export function insertLeadImage(fragment: DocumentFragment, clip: Pick<StoredClip, 'leadImage' | 'url'>): void {
  const lead = clip.leadImage;
  const key = lead ? fileKey(lead, clip.url) : null;
  if (!lead || key === null) return;
  for (const img of Array.from(fragment.querySelectorAll('img'))) {
    const src = img.getAttribute('src');
    if (src && fileKey(src, clip.url) === key) return;
  }
  const figure = sanitizeToFragment(`<figure><img src="${escapeHtml(lead)}" alt=""></figure>`);
  // A src the sanitizer refused (a javascript: "image" from a hostile backup) leaves nothing to show.
  if (!figure.querySelector('img[src]')) return;
  const heading = openingHeading(fragment);
  if (heading) heading.after(figure);
  else fragment.prepend(figure);
}
