import { type Json, jsonLdObjects, typesOf } from './jsonLd';
import { MONTH_NAMES, TITLE_SEPARATORS } from './rules';
import { canonicalAsWritten, hrefPath } from './serialize';
import { hasLetter, letterDigitRuns } from './unicodeText';
import type { Clip } from './types';

/**
 * Metadata (issue 2 step 4): title without the site suffix, byline, published date, site
 * name, language and direction, canonical URL, excerpt, lead image. Sources in order of
 * trust: JSON-LD (the page's own structured claim), OpenGraph/Twitter/Dublin Core meta,
 * microdata, then the DOM (`<time>`, rel=author, byline-like classes, <h1>, <title>).
 * Reads only; never touches the page.
 */
export type PageMetadata = Pick<Clip, 'title' | 'byline' | 'published' | 'siteName' | 'lang' | 'dir' | 'canonicalUrl' | 'excerpt' | 'leadImage'>;

/** JSON-LD @types that describe the page's article, matched as whole strings. */
const ARTICLE_TYPES: ReadonlySet<string> = new Set(['Article', 'NewsArticle', 'BlogPosting', 'Report', 'ScholarlyArticle', 'TechArticle', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'ReportageNewsArticle', 'ReviewNewsArticle', 'LiveBlogPosting', 'SocialMediaPosting', 'DiscussionForumPosting', 'Recipe', 'HowTo', 'Review', 'WebPage', 'ItemPage', 'QAPage', 'Posting', 'Blog', 'MedicalWebPage', 'CreativeWork']);
const RTL_LANGS = /^(?:ar|he|iw|fa|ur|ps|sd|yi|dv|ug|ckb)(?:-|$)/i;

const SPACE_RUNS = /\s+/g;
function collapse(s: string | null | undefined): string {
  return s ? s.replace(SPACE_RUNS, ' ').trim() : '';
}

/**
 * Character references left in a structured value: a JSON-LD block is script text, which the
 * HTML parser does not decode, and CMSs escape their values for HTML anyway (`"Maria &amp;
 * Katerina"`, `"Tom &#038; Jerry"`); some escape meta contents twice. The DOM's own text is
 * never passed here: an `&amp;` a page shows is what it says.
 */
export function decodeReferences(s: string): string {
  return s.includes('&') ? s.replace(CHARACTER_REFERENCE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  }) : s;
}
const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED_REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function absolute(url: string | null | undefined, base: string): string | null {
  const u = collapse(url);
  if (!u) return null;
  // An http(s) URL already written as the parser writes it (serialize.canonicalAsWritten):
  // the page's first `new URL` is its costly one (~160 µs), and most pages need none.
  const written = canonicalAsWritten(u, base);
  if (written !== null) return written;
  try {
    const out = new URL(u, base);
    return out.protocol === 'http:' || out.protocol === 'https:' ? out.href : null;
  } catch {
    return null;
  }
}

function names(v: Json | undefined): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [collapse(decodeReferences(v))].filter(Boolean);
  if (Array.isArray(v)) return v.flatMap(names);
  if (typeof v === 'object') {
    const n = v['name'];
    return typeof n === 'string' ? [collapse(decodeReferences(n))].filter(Boolean) : [];
  }
  return [];
}

function firstUrl(v: Json | undefined): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) { for (const x of v) { const u = firstUrl(x); if (u) return u; } return null; }
  // An '@id' with a fragment names a node of the graph (Yoast's "https://site/post/#primaryimage"), not a file.
  if (typeof v === 'object') { const id = v['@id']; const u = v['url'] ?? v['contentUrl'] ?? (typeof id === 'string' && !id.includes('#') ? id : undefined); return typeof u === 'string' ? u : null; }
  return null;
}

function str(v: Json | undefined): string | null {
  const t = typeof v === 'string' ? collapse(decodeReferences(v)) : '';
  return t ? t : null;
}

/**
 * An element's text with its words apart: `textContent`, except that a `<br>` separates the
 * words on either side. A heading set on two lines ("News Product<br>Management
 * Certification") read as "News ProductManagement Certification", a byline "Jane Doe<br>June
 * 3, 2024" as "Jane DoeJune 3, 2024". Only an element that holds a `<br>` is walked.
 */
export function wordsOf(el: Element): string {
  if (el.getElementsByTagName('br').length === 0) return el.textContent ?? '';
  let out = '';
  const walker = el.ownerDocument.createTreeWalker(el, SHOW_ELEMENTS_AND_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    if (n.nodeType === 3) out += (n as Text).data;
    else if (n.nodeName.toUpperCase() === 'BR') out += ' ';
  }
  return out;
}
/** NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT (the constants are not globals in every DOM the core runs in). */
const SHOW_ELEMENTS_AND_TEXT = 0x1 | 0x4;

/**
 * `<meta name|property|itemprop=…>` contents, keys lowercased; first occurrence wins.
 * getElementsByTagName, not querySelectorAll('meta[content]'): the same elements in the same
 * order (a missing content attribute reads as null and is skipped), without a selector
 * match against every element of the page (issue 2 speed bar, scripts/profile-core.ts).
 */
const META_KEY_ATTRS = ['property', 'name', 'itemprop'] as const;

function metaMap(doc: Document): Map<string, string> {
  const map = new Map<string, string>();
  const metas = doc.getElementsByTagName('meta');
  for (let k = 0; k < metas.length; k++) {
    const m = metas[k]!;
    const content = collapse(decodeReferences(m.getAttribute('content') ?? ''));
    if (!content) continue;
    // Indexed, over a constant list: no array literal and iterator per <meta> in cold code.
    for (let a = 0; a < META_KEY_ATTRS.length; a++) {
      const key = m.getAttribute(META_KEY_ATTRS[a]!)?.trim().toLowerCase();
      if (key && !map.has(key)) map.set(key, content);
    }
  }
  return map;
}

/** Normalise a date to ISO 8601; keep the page's own ISO string (with its offset) when it is one. */
export function normalizeDate(raw: string | null | undefined): string | null {
  const s = collapse(raw);
  if (!s) return null;
  if (/^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return s.replace(' ', 'T');
  const t = Date.parse(s);
  if (Number.isNaN(t)) return null;
  const date = new Date(t);
  const year = date.getUTCFullYear();
  return year > 1990 && year < 2200 ? isoUtc(date) : null;
}

/**
 * `date.toISOString()` for a four-digit year, written from its UTC fields. The core runs in
 * fresh pages, and there the first toISOString costs ~0.8 ms (fresh headless Chromium
 * contexts, 12 runs: 0.5–2.2 ms), this ~0.15 ms; paid on every page whose date is not written
 * in ISO form already (a `<time>`'s "March 3, 2024", an RFC 822 meta date).
 */
export function isoUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${String(date.getUTCMilliseconds()).padStart(3, '0')}Z`;
}
function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function cleanByline(s: string | null | undefined): string | null {
  const b = collapse(s).replace(/^(?:by|von|par|por|di|door|av)\s+/i, '').replace(/\s*[|•·]\s*$/, '');
  if (!b || b.length > 120 || ADDRESS.test(b)) return null;
  return b;
}
/**
 * A byline is a person's name, never an address: an author given as a profile's address (a
 * JSON-LD `"author": "/people/mara-quinlan"`, a meta author "file:///…", "www.…") is passed
 * over for the next source, which names them. Only `https?://` was refused before.
 */
const ADDRESS = /^(?:[a-z][a-z\d+.-]*:\/|\/|www\.)/i;

/**
 * Strip a site name from a page title (`Title | Site`, `Site - Title`). When the site name
 * is known, the side that matches it goes; otherwise the last segment goes when it is short
 * (≤ 4 words) and the rest is longer, which is how sites append their name.
 */
export function stripSiteSuffix(title: string, siteName: string | null): string {
  const t = collapse(title);
  const site = collapse(siteName).toLowerCase();
  if (site && t.toLowerCase().startsWith(`${site}:`) && t.length > site.length + 2) return t.slice(site.length + 1).trim();
  for (const sep of TITLE_SEPARATORS) {
    if (!t.includes(sep)) continue;
    const parts = t.split(sep);
    if (site) {
      const kept = parts.filter((p) => { const q = p.trim().toLowerCase(); return q !== site && !(site.length > 3 && q.length <= site.length + 4 && (q.includes(site) || site.includes(q))); });
      if (kept.length && kept.length < parts.length) return kept.join(sep).trim();
    }
    const last = parts[parts.length - 1]!.trim();
    const rest = parts.slice(0, -1).join(sep).trim();
    if (sep !== ' : ' && last.split(/\s+/).length <= 4 && rest.length > last.length && rest.split(/\s+/).length >= 2) return rest;
    const first = parts[0]!.trim();
    const tail = parts.slice(1).join(sep).trim();
    if (sep !== ' : ' && site && first.toLowerCase() === site && tail) return tail;
  }
  return t;
}

/**
 * `contentRoot` (the engine's selection) is searched first for DOM bylines and dates: they sit
 * beside the article (SPEC §1: one level above the body text); the rest of the page after it.
 */
export function extractMetadata(doc: Document, baseUrl: string, contentRoot?: Element | null): PageMetadata {
  const meta = metaMap(doc);
  const ld = jsonLdObjects(doc);
  const article = ld.find((o) => typesOf(o).some((t) => ARTICLE_TYPES.has(t) && t !== 'WebPage')) ?? ld.find((o) => typesOf(o).some((t) => ARTICLE_TYPES.has(t))) ?? null;
  const website = ld.find((o) => typesOf(o).includes('WebSite') || typesOf(o).includes('Organization')) ?? null;
  const get = (...keys: string[]): string | null => { for (const k of keys) { const v = meta.get(k); if (v) return v; } return null; };

  const publisher = article ? names(article['publisher'])[0] : undefined;
  const siteName = get('og:site_name', 'application-name', 'twitter:site:name') || publisher || (website ? str(website['name']) : null);

  const h1s: string[] = [];
  /** The first <h1> with words (the one h1s[0] is read from). */
  let firstH1: Element | null = null;
  const h1Elements = doc.getElementsByTagName('h1');
  for (let k = 0; k < h1Elements.length; k++) {
    const h = collapse(wordsOf(h1Elements[k]!)).replace(PERMALINK_MARK, '');
    if (!h) continue;
    firstH1 ??= h1Elements[k]!;
    h1s.push(h);
  }
  const docTitle = collapse(doc.title);
  const declared = declaredTitle(article ? str(article['headline']) : null, get('og:title', 'twitter:title', 'dc.title', 'citation_title'), docTitle);
  let title = stripSiteSuffix(declared, siteName);
  const headed = h1s.length === 1 && h1s[0] && contentRoot ? headedRest(declared, h1s[0], firstH1, contentRoot) : null;
  // A lone <h1> that the <title> contains is the page's own statement of its title.
  if (!title && h1s[0]) title = h1s[0];
  // Not one that ends it after a separator: that is where the site's name goes, and a logo's
  // <h1> holds it ("A brief intro to git • Cory Dransfeldt").
  if (h1s.length === 1 && h1s[0] && docTitle.includes(h1s[0]) && h1s[0].length >= title.length * 0.5 && h1s[0].length < title.length && !endsAtSeparator(docTitle, h1s[0])) title = h1s[0];
  // A lone <h1> that ends the declared title after a separator, where a heading on the page
  // states what comes before it, is the site's name (a documentation book's menu title: "What
  // is Ownership? - The Rust Programming Language" over <h2>What Is Ownership?</h2>): that
  // heading's part is the title. The next rule took the site's name, whose words the title holds.
  else if (headed !== null) title = headed;
  // A lone <h1> that substantially agrees with the declared title is the same title as the
  // reader sees it: the declared one adds the site's name, a tagline or an SEO variant
  // ("What is Social Commerce - A guided introduction | Emplifi"). One that does not agree is
  // more often a landing page's slogan than the page's title, so the declared title stays.
  // One in capitals that says the declared title's words (a display heading) changes nothing:
  // the declared title keeps its case.
  else if (h1s.length === 1 && h1s[0] && h1s[0].length <= MAX_TITLE_CHARS && agrees(h1s[0], title) && !namesSite(h1s[0], siteName)) {
    if (h1s[0] !== h1s[0].toUpperCase() || h1s[0].toLowerCase() !== title.toLowerCase()) title = h1s[0];
  }
  // A lone <h1> that begins the declared title, up to a title separator, is the title without
  // what the site adds ("Quickstart — Flask Documentation (3.1.x)", "Flexbox - Learn web
  // development"), which stripSiteSuffix cannot tell from the title when it is long. Not one
  // that ends it: that is where the site's name goes, and a logo's <h1> holds it.
  else if (h1s.length === 1 && h1s[0] && h1s[0].length < title.length && beginsAtSeparator(declared, h1s[0])) title = h1s[0];

  let byline = article ? cleanByline(names(article['author']).filter((n) => !ADDRESS.test(n)).join(', ')) : null;
  // Not `twitter:creator`: it is a handle ("@healthline"), and mostly the site's own, not a
  // name a reader knows the author by (scripts/metadata-check.ts --spurious).
  byline ??= cleanByline(get('author', 'article:author_name', 'parsely-author', 'sailthru.author', 'dc.creator', 'citation_author'));
  // The DOM rules below read one list of the elements they could match (markedElements),
  // found when the first of them runs; most pages state byline and date in JSON-LD or meta.
  let found: readonly Element[] | null = null;
  const marked: Marked = () => (found ??= markedElements(doc));
  if (!byline) {
    const el = firstInRootElseInPage(marked, contentRoot, BYLINE_IN_ROOT, BYLINE_IN_PAGE);
    const text = el ? cleanByline(bylineText(el)) : null;
    byline = text ? nameOf(text) : null;
  }
  byline ??= markedByline(marked, contentRoot);

  let published = article ? normalizeDate(str(article['datePublished']) ?? str(article['dateCreated'])) : null;
  published ??= normalizeDate(get('article:published_time', 'datepublished', 'date', 'dc.date', 'dc.date.issued', 'publish-date', 'pubdate', 'sailthru.date', 'parsely-pub-date', 'citation_publication_date', 'og:published_time'));
  if (!published) {
    const time = firstInRootElseInPage(marked, contentRoot, DATE_IN_ROOT, DATE_IN_PAGE);
    published = normalizeDate(time?.getAttribute('datetime') ?? time?.getAttribute('content') ?? (time ? wordsOf(time) : null));
  }
  published ??= statedDate(marked, contentRoot);

  const html = doc.documentElement;
  const lang = collapse(html?.getAttribute('lang') ?? html?.getAttribute('xml:lang') ?? get('og:locale', 'content-language', 'language')) || null;
  const dirAttr = contentDirection(contentRoot ?? doc.body ?? html);
  const dir: 'ltr' | 'rtl' | null = dirAttr ?? (lang ? (RTL_LANGS.test(lang) ? 'rtl' : 'ltr') : null);

  const canonicalUrl = absolute(canonicalLink(doc)?.getAttribute('href'), baseUrl) ?? absolute(get('og:url'), baseUrl);
  const excerpt = get('og:description', 'description', 'twitter:description', 'dc.description') ?? (article ? str(article['description']) : null);
  const leadImage = leadImageOf(meta, article, baseUrl);

  return { title, byline, published, siteName: siteName ? collapse(siteName) : null, lang, dir, canonicalUrl, excerpt, leadImage };
}

/**
 * The page's picture of its article: the first og:image, twitter:image or JSON-LD image that is
 * not the site's own logo, icon or stock share picture. Sites set those as og:image on pages
 * with no picture of their own (Stack Exchange's apple-touch-icon@2.png, arXiv's
 * arxiv-logo-fb.png, Django's django-logo-negative.png, "og-default.png"), and the popup showed
 * them as the clip's lead image, the reader above the text. With none left, the clip's first
 * content image is the lead (extract.ts).
 */
function leadImageOf(meta: Map<string, string>, article: Record<string, Json> | null, baseUrl: string): string | null {
  const stated = LEAD_IMAGE_KEYS.map((k) => meta.get(k));
  if (article) stated.push(firstUrl(article['image'] ?? article['thumbnailUrl']) ?? undefined);
  for (const url of stated) {
    const abs = url ? absolute(url, baseUrl) : null;
    if (abs && !SITE_IMAGE_NAME.test(fileStem(abs))) return abs;
  }
  return null;
}
const LEAD_IMAGE_KEYS = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];
/** A file name that names a site's own picture: logo, icon, favicon, avatar, placeholder, default (as a word). */
const SITE_IMAGE_NAME = /(?:^|[^a-z])(?:logo|icon|favicon|avatar|placeholder|default)(?![a-z])/;
/** The last path segment of a URL, camelCase words apart and in lower case ("WebShareDefaultImage" → "web-share-default-image"). */
function fileStem(url: string): string {
  const path = hrefPath(url);
  return path.slice(path.lastIndexOf('/') + 1).replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * The title the page declares: the JSON-LD headline, else the meta title, else <title>, with
 * two exceptions. A headline that another declared title continues ("Fix It Friday: ... (Including"
 * beside "Fix It Friday: ... (Including One Universal Trick That 9/10 Works) - Site") was cut
 * to a length (search engines show 110 characters, and SEO plugins cut the headline there):
 * the longer one is the title. A declared title longer than any title (> MAX_TITLE_CHARS) is
 * a description put in the title's place: the next one that is not is the title.
 */
function declaredTitle(headline: string | null, metaTitle: string | null, docTitle: string): string {
  const declared = [headline, metaTitle, docTitle].map(collapse).filter((t) => t !== '');
  const first = declared.find((t) => t.length <= MAX_TITLE_CHARS) ?? declared[0] ?? '';
  if (first.length < CUT_TITLE_CHARS) return first;
  const whole = declared.find((t) => t.length > first.length && t.length <= MAX_TITLE_CHARS && t.startsWith(first));
  // "Title | Site" continues "Title" with the site's name, not with the rest of a cut title.
  return whole && !TITLE_SEPARATORS.some((sep) => whole.startsWith(sep, first.length)) ? whole : first;
}
/** Whether a heading ends with the site's name after a title separator ("Best UK Art Exhibitions 2025 – Artlyst"): the title plus the site's name. */
function namesSite(heading: string, siteName: string | null): boolean {
  const site = collapse(siteName).toLowerCase();
  return site !== '' && endsAtSeparator(heading.toLowerCase(), site);
}

/** Whether `title` is more + a title separator + `part`. */
function endsAtSeparator(title: string, part: string): boolean {
  return title.endsWith(part) && TITLE_SEPARATORS.some((sep) => title.endsWith(sep, title.length - part.length));
}
/**
 * The part of `title` before a title separator and `part` (its end, the text of the page's lone
 * <h1> `h1`), when a heading in the content root (<h2>…<h4>) states that part (case, spacing,
 * punctuation and a permalink mark aside) and `h1` is beside the content: outside the root, or
 * inside it with no words between it and that heading (a documentation book's menu bar, whose
 * <h1> holds the book's name and whose icons stand right above the chapter's heading); else
 * null. The content's own heading names the page; an <h1> beside the content holds a menu's or
 * a logo's name. An <h1> that text follows before the heading is the article's own title, and a
 * heading outside the content that names the site (a footer's) proves nothing.
 */
function headedRest(title: string, part: string, h1: Element | null, root: Element): string | null {
  if (!h1) return null;
  const sep = TITLE_SEPARATORS.find((s) => title.length > part.length + s.length && title.endsWith(part) && title.endsWith(s, title.length - part.length));
  if (sep === undefined) return null;
  const rest = title.slice(0, title.length - part.length - sep.length).trim();
  const key = headingKey(rest);
  if (key === '') return null;
  const inside = root.contains(h1);
  for (const level of ['h2', 'h3', 'h4']) {
    const headings = root.getElementsByTagName(level);
    for (let k = 0; k < headings.length; k++) {
      const heading = headings[k]!;
      if (headingKey(wordsOf(heading)) === key && (!inside || !wordsBetween(h1, heading))) return rest;
    }
  }
  return null;
}
/**
 * Whether a letter or a digit stands after `first` ends and before `last` begins, in text a
 * reader sees (a script's or a style's is not); true when `last` does not come after `first`.
 * The walk stops at the first word.
 */
function wordsBetween(first: Element, last: Element): boolean {
  if ((first.compareDocumentPosition(last) & FOLLOWING) === 0 || first.contains(last)) return true;
  const walker = first.ownerDocument.createTreeWalker(first.ownerDocument, SHOW_TEXT);
  walker.currentNode = first;
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    if (first.contains(n)) continue;
    if ((last.compareDocumentPosition(n) & FOLLOWING) !== 0) return false;
    const parent = n.parentNode?.nodeName.toUpperCase();
    if (parent !== 'SCRIPT' && parent !== 'STYLE' && parent !== 'TEMPLATE' && parent !== 'NOSCRIPT' && letterDigitRuns((n as Text).data).length > 0) return true;
  }
  return false;
}
/** NodeFilter.SHOW_TEXT. */
const SHOW_TEXT = 0x4;
const headingKey = (text: string): string => letterDigitRuns(text.toLowerCase()).join(' ');

/** Whether `title` is `part` + a title separator + more. */
function beginsAtSeparator(title: string, part: string): boolean {
  return title.startsWith(part) && TITLE_SEPARATORS.some((sep) => title.startsWith(sep, part.length));
}
/** A heading's permalink ("Quickstart¶", "Install #"), which its text ends with. */
const PERMALINK_MARK = /\s*[¶§#🔗]$/u;
/** Below this, a headline was not cut to a length. */
const CUT_TITLE_CHARS = 60;

/**
 * The name a byline element states. A microdata author (`itemprop=author`, a schema.org
 * Person) names itself in its `itemprop=name`, often a `<meta content>`; its whole text also
 * holds what sits beside the name (a forum's reputation and badge counts, a follow button).
 * The selector lists cannot prefer the name: the page's matches come in document order, and
 * the author element comes before the name inside it.
 */
export function bylineText(el: Element): string | null {
  const name = el.matches(ITEMPROP_NAME) ? el
    : el.querySelector(el.matches(ITEMPROP_AUTHOR) ? ITEMPROP_NAME : `${ITEMPROP_AUTHOR} ${ITEMPROP_NAME}`);
  const stated = name ? (name.getAttribute('content') ?? wordsOf(name)) : null;
  return collapse(stated) ? stated : wordsOf(el);
}
const ITEMPROP_AUTHOR = '[itemprop~="author"]';
const ITEMPROP_NAME = '[itemprop~="name"]';

const MAX_TITLE_CHARS = 200;

/**
 * Whether a heading and a declared title state the same title: at least half of the
 * heading's words are in the title, and at least 40 % of the title's words in the heading
 * (words: runs of letters and digits, case-insensitive; each counted once). Chosen on the
 * even half of wcxb-dev's titles, checked on the odd half (scripts/metadata-check.ts).
 */
export function agrees(heading: string, title: string): boolean {
  const h = new Set(letterDigitRuns(heading.toLowerCase()));
  const t = new Set(letterDigitRuns(title.toLowerCase()));
  if (h.size === 0 || t.size === 0) return false;
  let shared = 0;
  for (const w of h) if (t.has(w)) shared++;
  return shared >= 0.5 * h.size && shared >= 0.4 * t.size;
}

/**
 * A date the page states only as text, in an element marked as a date (`<time>` without a
 * machine-readable value, a class or id naming a date: `<p class="date">February 9, 2016</p>`):
 * the first such text that is a whole date, in document order, inside the content root
 * first. Text only, so the calendar day the page states is kept (`2016-02-09`), with no
 * time zone to shift it.
 */
function statedDate(marked: Marked, contentRoot?: Element | null): string | null {
  return firstReadInRootElsePage(marked, contentRoot, DATE_TEXT, (el) => parseDateText(wordsOf(el)));
}
const DATE_TEXT = 'time:not([datetime]), [class*="date" i], [id*="date" i]';

/**
 * A whole date in a short text, optionally after a label: "February 9, 2016",
 * "Published on Sep 1st, 2023", "9 February 2016", "2016-02-09", "May 3, 2024, 8:45am" → the
 * day, `YYYY-MM-DD`. Numeric day/month orders are ambiguous (03/04/2016) and are not read.
 */
export function parseDateText(text: string | null | undefined): string | null {
  const t = collapse(text);
  // Every form holds a year of four digits: a text without one is not read by the large
  // expression, which costs ~2 ms to compile in a fresh page (regexes compile on first use).
  if (t.length > 60 || !FOUR_DIGITS.test(t)) return null;
  const m = DATE_TEXT_FORMS.exec(t);
  if (!m) return null;
  const [year, month, day] = m[1] !== undefined ? [m[1], m[2], m[3]]
    : m[4] !== undefined ? [m[6], monthNumber(m[4]), m[5]]
    : [m[9], monthNumber(m[8]), m[7]];
  const y = Number(year), mo = Number(month), d = Number(day);
  if (!(y > 1990 && y < 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate())) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
const DATE_LABEL = '(?:(?:published|posted|updated|last updated|date|on)(?:\\s+on)?\\s*:?\\s*)?';
/** An optional time of day after the date: ", 8:45am", " at 10:00 PM". */
const DATE_TIME = '(?:,?\\s+(?:at\\s+)?\\d{1,2}:\\d{2}(?:\\s*[ap]\\.?m\\.?)?)?';
const DATE_TEXT_FORMS = new RegExp(
  `^${DATE_LABEL}(?:(\\d{4})[-/](\\d{1,2})[-/](\\d{1,2})|(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})|(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH_NAMES})\\.?,?\\s+(\\d{4}))${DATE_TIME}$`,
  'i',
);
const FOUR_DIGITS = /\d{4}/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
function monthNumber(name: string | undefined): string {
  return String(MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1);
}

/**
 * The direction the content is written in: the nearest `dir` of ltr or rtl on the content
 * root or its ancestors (a page says it on <body>, <main> or <article> as often as on
 * <html>, and the innermost statement is the one that applies to the text), else the one
 * of an element inside it that holds most of its text; `auto` and unknown values are
 * passed over.
 */
function contentDirection(el: Element | null): 'ltr' | 'rtl' | null {
  for (let e = el; e !== null; e = e.parentElement) {
    const d = directionOf(e);
    if (d !== null) return d;
  }
  // A root above the element that states it (<body> around <article dir=rtl>): the first
  // such element inside, when it holds at least half of the root's text.
  const inner = el?.querySelector('[dir]') ?? null;
  const d = inner ? directionOf(inner) : null;
  return d !== null && holdsHalfTheText(inner!, el!) ? d : null;
}

/**
 * `2 * inner.textContent.length >= root.textContent.length`, for `inner` inside `root`, without
 * the root's whole text: the root's text is the inner element's plus that of the nodes beside
 * it and beside each of its ancestors up to the root, and those are read only until they
 * outweigh the inner text. On large content roots the root's `textContent` cost 6–30 ms
 * (wcxb-dev 0325, 4380, 0637), however little text the element stating `dir` held.
 */
export function holdsHalfTheText(inner: Element, root: Element): boolean {
  const own = (inner.textContent ?? '').length;
  let outside = 0;
  for (let e: Node = inner; e !== root;) {
    const parent: Node | null = e.parentNode;
    if (parent === null) break;
    for (let s = parent.firstChild; s !== null; s = s.nextSibling) {
      // Elements and text (CDATA too) are in the root's textContent; a comment's textContent
      // would be the comment, which is not.
      const kind = s.nodeType;
      if (s === e || (kind !== 1 && kind !== 3 && kind !== 4)) continue;
      outside += (s.textContent ?? '').length;
      if (outside > own) return false;
    }
    e = parent;
  }
  return true;
}

function directionOf(el: Element): 'ltr' | 'rtl' | null {
  const d = el.getAttribute('dir')?.trim().toLowerCase();
  return d === 'rtl' || d === 'ltr' ? d : null;
}

/**
 * A byline in an element whose class or id names an author or byline anywhere in the page
 * (`<div class="post-author-wrap">`, `<span id="article-byline">`), as Readability looks for
 * one: the first whose text, without its "Written by" label and a trailing date, is a short
 * name (≤ 100 characters, ≤ 10 words), inside the content root first.
 */
function markedByline(marked: Marked, contentRoot?: Element | null): string | null {
  return firstReadInRootElsePage(marked, contentRoot, MARKED_BYLINE, (el) => {
    if (!AUTHOR_MARK.test(`${el.getAttribute('class') ?? ''} ${el.id}`)) return null;
    const text = collapse(wordsOf(el));
    return !text || text.length > 200 || el.closest(NOT_A_BYLINE) !== null || inSomeoneElses(el, contentRoot) ? null : nameOf(text);
  });
}
/** Not the page's author: a comment form's "Name *" field, a footer's "© 2025 University", a nav's "Sign In". */
const NOT_A_BYLINE = 'form, label, footer, nav, button';

/**
 * Whether `el` sits in someone else's text on the page: a comment, a review, a testimonial
 * or a quotation beside the content ("Lance S.", "Bruce Henry Testimonial"), whose author and
 * date are not the page's. A container around the content root is not one: class names that
 * say "comment" or "review" also mark whole pages and articles (`<body class="...-comment-placeholder">`,
 * `<article class="category-gear-reviews">`).
 */
function inSomeoneElses(el: Element, root: Element | null | undefined): boolean {
  let around = el.closest(SOMEONE_ELSES);
  // "review" as in a review, not "reviewed by" (a box naming the author and the expert who checked the text).
  while (around !== null && around.tagName !== 'BLOCKQUOTE' && !SOMEONE_MARK.test(around.getAttribute('class') ?? '')) around = around.parentElement?.closest(SOMEONE_ELSES) ?? null;
  return around !== null && !(root && around.contains(root));
}
const SOMEONE_ELSES = 'blockquote, [class*="comment" i], [class*="review" i], [class*="testimonial" i]';
const SOMEONE_MARK = /comment|review(?!ed|er)|testimonial/i;
/** The selector's substrings, but not inside another word: "authorization", "authority". */
const AUTHOR_MARK = /byline|writtenby|author(?!i[tz])/i;
const MARKED_BYLINE = '[class*="byline" i], [id*="byline" i], [class*="author" i], [id*="author" i], [class*="writtenby" i]';

/**
 * The name in a byline's text: labels and a trailing date removed; null when no short name is left.
 * The date may open with its weekday ("by Jane Doe » Tue Aug 27, 2019 1:47 am", a forum post's
 * head): the weekday goes with it.
 */
function nameOf(text: string): string | null {
  const unlabelled = text.replace(BYLINE_LABEL, '');
  // Every form of TRAILING_DATE holds a digit or " on " (before a weekday): a text without
  // either is not read by it, a large expression that costs ~2.5 ms to compile in a fresh page.
  const undated = DATE_HINT.test(unlabelled) ? unlabelled.replace(TRAILING_DATE, '') : unlabelled;
  // "Brian Becker7 min read": a reading time beside the name, run into it by a block boundary.
  const untimed = undated.toLowerCase().endsWith(' read') ? undated.replace(TRAILING_READING_TIME, '') : undated;
  const b = untimed.replace(/[\s|•·,:\-–—]+$/, '').replace(TRAILING_LABEL, '').trim();
  if (!b || b.length > 100 || b.split(' ').length > 10 || !hasLetter(b) || ADDRESS.test(b) || NOT_IN_A_NAME.test(b) || BARE_LABEL.test(b) || UI_LABEL.test(b)) return null;
  return b;
}
const BYLINE_LABEL = /^(?:(?:written|posted|published|authored|reviewed|text|words|story)\s+)?by\s*:?\s*|^author\s*:\s*/i;
const BARE_LABEL = /^(?:by|author|authors|written by|posted by|about the author)$/i;
/** A control's label in an element marked "author" (an account menu, a contact box). */
const UI_LABEL = /^(?:sign (?:in|up|out)|log ?(?:in|out)|register|get in touch|contact(?: us)?|subscribe|follow|share|menu|search)$/i;
/** Characters no name holds: a copyright sign, a price, a permalink's "#", a question or a call. */
const NOT_IN_A_NAME = /[©$#?!]/;
/** A reading time ending a byline's text ("· 7 min read", "5 minute read"); rules.READING_TIME, which reads more forms, costs more to compile. */
const TRAILING_READING_TIME = /\s*[|•·,\-–—]?\s*\d+\s*min(?:ute)?s?\.?\s+read$/i;
/**
 * The label of the date that followed, left once the date is removed; glued to the name when
 * they sit in separate elements ("TopGear.comPublished: 11 Mar 2026").
 */
const TRAILING_LABEL = /\s*(?:Published|Updated|Posted|Last [Uu]pdated)(?:\s+on)?$/;
/** A weekday's name, whole or cut ("Tue", "Tues", "Tuesday"), not the start of a longer word ("Monroe"). */
const WEEKDAYS = 'mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?';
const DATE_HINT = /\d|\son\s/i;
const TRAILING_DATE = new RegExp(`\\s+on\\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\b.*$|\\s*(?:[•|·»\\-–—,]\\s*)?(?:on\\s+)?(?:(?:${WEEKDAYS})\\b\\.?,?\\s+)?(?:(?:${MONTH_NAMES})\\.?\\s+\\d{1,2}\\b|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTH_NAMES})\\b|\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}).*$`, 'i');

/** DOM bylines: the content root's own first, then the page's (its selectors are a subset). */
const BYLINE_IN_ROOT = '[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel="author"], .byline, .author, [class*="byline"], [class*="author-name"]';
const BYLINE_IN_PAGE = '[itemprop="author"] [itemprop="name"], [itemprop="author"], [rel="author"], .byline, .author';
/** DOM dates; the page's list matches the same elements as the root's (every time[datetime]). */
const DATE_IN_ROOT = '[itemprop="datePublished"], time[datetime]';
const DATE_IN_PAGE = '[itemprop="datePublished"], time[datetime][pubdate], article time[datetime], time[datetime]';

/**
 * `root?.querySelector(inRoot) ?? doc.querySelector(inPage)`, for an `inPage` whose selectors
 * are among `inRoot`'s, in one pass over the page instead of up to two: every element that
 * `inPage` matches, `inRoot` matches too, so the page's matches of `inRoot`, in document
 * order, hold both answers: the first one inside the root, else the first one that `inPage`
 * matches. When nothing matches in the root, the two-query form scanned the root twice; on
 * the 200,000-element page of scripts/core-budgets.ts (no byline, no date) those scans were
 * ~5 % of the extract. Elements inside someone else's text on the page (a comment, a review,
 * a testimonial, a quotation) are passed over: their author and date are not the page's.
 */
function firstInRootElseInPage(marked: Marked, root: Element | null | undefined, inRoot: string, inPage: string): Element | null {
  return firstReadInRootElsePage(marked, root, root ? inRoot : inPage, (el, inside) => ((inside || el.matches(inPage)) && !inSomeoneElses(el, root) ? el : null));
}

/**
 * The first value `read` gives for the page's matches of `selector`, in document order: the
 * first from inside `root` (a descendant: querySelector never returns the root itself), else
 * the first from outside it; with no root, the first. The matches are `querySelectorAll`'s,
 * found among the page's marked elements (a list that holds every element `selector` can
 * match, markedElements); an element outside the root is not read once an earlier one
 * outside gave a value.
 */
function firstReadInRootElsePage<T>(marked: Marked, root: Element | null | undefined, selector: string, read: (el: Element, inRoot: boolean) => T | null): T | null {
  const candidates = marked();
  let outside: T | null = null;
  for (let k = 0; k < candidates.length; k++) {
    const el = candidates[k]!;
    if (!el.matches(selector)) continue;
    const inRoot = !root || (el !== root && root.contains(el));
    if (!inRoot && outside !== null) continue;
    const value = read(el, inRoot);
    if (value === null) continue;
    if (inRoot) return value;
    outside = value;
  }
  return outside;
}

/** The page's marked elements (markedElements), found on the first call. */
type Marked = () => readonly Element[];

/**
 * Every element of the page that one of the DOM byline and date selectors can match
 * (BYLINE_IN_ROOT, BYLINE_IN_PAGE, MARKED_BYLINE, DATE_IN_ROOT, DATE_IN_PAGE, DATE_TEXT), in
 * document order, each once: those whose class or id holds one of their words in any case
 * (MARK_WORDS), and those they name by tag or exact value (MARKED_BY_NAME). The rules test
 * these few with `matches`, so each finds what its own `querySelectorAll` would.
 *
 * Why not one `querySelectorAll` per rule: Chromium matches a substring selector that ignores
 * case (`[class*="author" i]`) ~5× slower than its case-sensitive form, each one against every
 * element with a class. MARKED_BYLINE's query took 1.5 ms on a page (0.5 for
 * `[class*="author" i]` alone, 0.1 without the `i`; wcxb-dev, 75 pages, means), and the rules
 * run on about half the pages (JSON-LD or meta give the rest). Reading each class and id once
 * and testing one expression for all the words costs less than the two scans that ignore
 * case, and the four rules share it: the metadata stage's mean 4.2 → 3.5 and 4.3 → 3.8 ms in
 * two paired runs (scripts/ab-core.ts --every 10, 150 pages), the same clips.
 */
export function markedElements(doc: Document): readonly Element[] {
  const byWord: Element[] = [];
  const named = doc.querySelectorAll('[class], [id]');
  for (let k = 0; k < named.length; k++) {
    const el = named[k]!;
    const cls = el.getAttribute('class');
    if ((cls !== null && MARK_WORDS.test(cls)) || MARK_WORDS.test(el.getAttribute('id') ?? '')) byWord.push(el);
  }
  const byName = doc.querySelectorAll(MARKED_BY_NAME);
  if (byName.length === 0) return byWord;
  // Both lists are in document order: merge them, an element in both once.
  const out: Element[] = [];
  let w = 0;
  for (let k = 0; k < byName.length; k++) {
    const el = byName[k]!;
    while (w < byWord.length && byWord[w] !== el && (byWord[w]!.compareDocumentPosition(el) & FOLLOWING) !== 0) out.push(byWord[w++]!);
    if (byWord[w] === el) w++;
    out.push(el);
  }
  while (w < byWord.length) out.push(byWord[w++]!);
  return out;
}
/**
 * The words of the selectors' class and id substrings: "byline", "author" and "author-name",
 * "writtenby", "date" (`.byline` and `.author` are among them). Without the `u` flag, `i`
 * folds only ASCII letters onto ASCII letters, as the selectors' `i` does.
 */
const MARK_WORDS = /byline|author|writtenby|date/i;
/** The selectors markedElements serves (for its tests). */
export const MARKED_SELECTORS = [BYLINE_IN_ROOT, BYLINE_IN_PAGE, MARKED_BYLINE, DATE_IN_ROOT, DATE_IN_PAGE, DATE_TEXT] as const;
/** What the selectors name other than a class or id word: tags and exact attribute values. */
const MARKED_BY_NAME = 'time, [itemprop="author"], [itemprop="name"], [itemprop="datePublished"], [rel="author"]';
/** Node.DOCUMENT_POSITION_FOLLOWING (no `Node` global where the core runs in Node). */
const FOLLOWING = 4;

/**
 * The first `<link>` whose rel has the token `canonical` (any case), as
 * `querySelector('link[rel~="canonical" i]')` finds it, by a loop over the page's <link>
 * elements rather than a selector tested against every element.
 */
function canonicalLink(doc: Document): Element | null {
  const links = doc.getElementsByTagName('link');
  for (let k = 0; k < links.length; k++) {
    const rel = links[k]!.getAttribute('rel');
    // `~=` splits on the selector whitespace (space, tab, LF, FF, CR); ASCII case-insensitive.
    if (rel && rel.length >= 9 && rel.toLowerCase().split(/[ \t\n\f\r]+/).includes('canonical')) return links[k]!;
  }
  return null;
}
