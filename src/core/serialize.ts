import { effectiveImageSize, resolveImageSource } from './layout';
import { BLOCK_TAGS, CJK_CHARS_PER_MINUTE, CJK_CLASS, KEEP_TAGS, UNWRAP_BLOCK_TAGS, VOID_TAGS, WORDS_PER_MINUTE } from './rules';
import type { PageStats } from './stats';
import { holdsBlock, isImageElement, tagOf } from './stats';
import { isTabRow, tabLabel } from './tabPanels';
import { collapseSpaces } from './textUnits';
import type { LayoutProbe } from './types';

/**
 * Output (issue 2 step 5): the selected content as clean semantic HTML and as plain text.
 * HTML keeps only rules.KEEP_TAGS with a handful of safe attributes (href, src, alt, width,
 * height, colspan/rowspan, start, datetime; details open), absolute http(s) URLs, images
 * with their resolved (lazy) source and rendered size. Other containers are unwrapped;
 * inline runs directly inside them become paragraphs. Text has a blank line between blocks.
 * Iterative (explicit stack) like every walk of the core.
 */
export interface SerializeInput {
  root: Element;
  /** Nodes kept with their whole subtree. */
  kept: Set<Node>;
  /** Nodes removed even inside kept subtrees (link-block links and separators). */
  removed: Set<Node>;
  stats: PageStats;
  layout: LayoutProbe;
  baseUrl: string;
  minImageWidth: number;
}

export interface Serialized {
  html: string;
  text: string;
  images: string[];
}


const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const TEXT_SPECIALS = /[&<>]/g;
const ATTR_SPECIALS = /[&<>"]/g;
const escapeOne = (c: string): string => ESCAPES[c] ?? c;
function escapeText(s: string): string {
  TEXT_SPECIALS.lastIndex = 0;
  return TEXT_SPECIALS.test(s) ? s.replace(TEXT_SPECIALS, escapeOne) : s;
}
export function escapeAttr(s: string): string {
  ATTR_SPECIALS.lastIndex = 0;
  return ATTR_SPECIALS.test(s) ? s.replace(ATTR_SPECIALS, escapeOne) : s;
}

export function absoluteUrl(url: string, base: string, allowMail = false): string | null {
  const trimmed = url.trim();
  const fast = canonicalAsWritten(trimmed, base);
  if (fast !== null) return fast;
  try {
    const u = new URL(trimmed, base);
    if (u.protocol === 'http:' || u.protocol === 'https:' || (allowMail && u.protocol === 'mailto:')) return u.href;
    // A page opened from disk (the clip command on a saved file) keeps its local images.
    if (u.protocol === 'file:' && base.startsWith('file:')) return u.href;
  } catch {
    /* unparsable URL: dropped */
  }
  return null;
}

/**
 * The URL parser's fast path: an http(s) URL, or a path from the root (`/a/b?c`), that is
 * already written the way `new URL(s, base).href` serializes it, so the parser would return
 * it unchanged (plus the base's origin for a path). One `new URL` per link and image was ~9 %
 * of a cold extract on the 200,000-element page of scripts/core-budgets.ts (its object, and
 * the `protocol` and `href` strings, are garbage at once).
 * Only what the parser provably leaves alone passes: a lower-case http/https scheme; a host of
 * lower-case ASCII labels (letters, digits, single inner hyphens; so no `xn--` punycode to
 * validate, no upper case to fold, no port, no user info) whose last label starts with a
 * letter (a numeric last label makes an IPv4 address to normalize); a `/` right after the
 * host (an empty path gains one); then path, query and fragment characters that no
 * percent-encode set holds and that Chromium does not unescape (no `%`, space, quotes, `<>`,
 * backtick, backslash, tab, newline, `{|}^`, non-ASCII), and no `/.` (dot segments).
 * scripts/url-fastpath-check.ts proves it in Chromium against `new URL` on every href and
 * image source of the bench pages and on every ASCII character in every part.
 * Returns null when the full parser has to decide.
 */
export function canonicalAsWritten(s: string, base: string): string | null {
  if (s.charCodeAt(0) === 47 /* / */) {
    if (s.charCodeAt(1) === 47) {
      // `//host/path`: the base's scheme before it, then an absolute URL like any other.
      if (!parseBase(base) || baseOrigin === null) return null;
      const abs = baseOrigin.slice(0, baseOrigin.indexOf(':') + 1) + s;
      return ABSOLUTE_AS_WRITTEN.test(abs) && !abs.includes('/.') ? abs : null;
    }
    if (!ROOT_PATH_AS_WRITTEN.test(s) || s.includes('/.')) return null;
    parseBase(base);
    return baseOrigin === null ? null : baseOrigin + s;
  }
  // `new URL(s, base)` throws on a bad base even when s is absolute: only a parsed base passes.
  if (ABSOLUTE_AS_WRITTEN.test(s)) return !s.includes('/.') && parseBase(base) ? s : null;
  // A path from the base's directory (`images/a.png`, `post-2.html?p=1`), against a base that
  // is itself as written: the two joined, when that is as written.
  if (!RELATIVE_PATH_AS_WRITTEN.test(s) || !parseBase(base) || baseDirectory === null) return null;
  const abs = baseDirectory + s;
  return ABSOLUTE_AS_WRITTEN.test(abs) && !abs.includes('/.') ? abs : null;
}
/** Characters every part (path, query, fragment) keeps as written: RFC 3986 unreserved + sub-delims + `:@/`, minus `'` (percent-encoded in http(s) queries). */
const KEPT = String.raw`A-Za-z0-9\-._~!$&()*+,;=:@/`;
const TAIL = `[${KEPT}]*(?:\\?[${KEPT}?]*)?(?:#[${KEPT}?]*)?$`;
const LABEL = '[a-z0-9]+(?:-[a-z0-9]+)*';
const ABSOLUTE_AS_WRITTEN = new RegExp(`^https?://(?:${LABEL}\\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*/${TAIL}`);
const ROOT_PATH_AS_WRITTEN = new RegExp(`^/${TAIL}`);
/** A relative path: no scheme (no `:` before the first `/`, `?` or `#`), not a dot segment, a query or a fragment. */
const RELATIVE_PATH_AS_WRITTEN = new RegExp(`^(?![^/?#]*:)[A-Za-z0-9\\-_~!$&()*+,;=@]${TAIL}`);
/**
 * The origin of an http(s) base that the parser leaves as written: ABSOLUTE_AS_WRITTEN's host
 * (no port, no user info), then the end or `/`, `?`, `#`. The parser accepts whatever follows a
 * valid host in an http(s) URL (it percent-encodes), so such a base parses.
 */
const ORIGIN_AS_WRITTEN = new RegExp(`^https?://(?:${LABEL}\\.)*[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?=[/?#]|$)`);

/** Where the path of an absolute URL ends: its first `?` or `#`, else its length. */
function pathEnd(url: string): number {
  const q = url.search(/[?#]/);
  return q < 0 ? url.length : q;
}

/**
 * The host name and path of an http(s) URL that the parser leaves as written, with a plain host
 * (ORIGIN_AS_WRITTEN: no port, no user info), as `new URL(href)` would give them; else null
 * (the parser decides). For callers that need an address's parts without the page's first
 * `new URL` (teasers.ts).
 */
export function plainHttpParts(href: string): { hostname: string; pathname: string } | null {
  const origin = ORIGIN_AS_WRITTEN.exec(href);
  if (origin === null || canonicalAsWritten(href, href) !== href) return null;
  return { hostname: origin[0].slice(origin[0].indexOf('//') + 2), pathname: hrefPath(href) };
}

/** The path of an absolute URL as the parser writes it (its `pathname`): an authority there never holds `/`, `?` or `#`. */
export function hrefPath(href: string): string {
  return HREF_PATH.exec(href)?.[1] ?? '';
}
const HREF_PATH = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*([^?#]*)/;

/**
 * The last base seen: whether it parses (`new URL(abs, base)` needs that even for an absolute
 * `abs`), and for an http(s) base its `scheme://[user@]host[:port]`
 * as `new URL('/', base).href` writes it (without the `/`). One parse per base, not per URL.
 */
let lastBase: string | null = null;
let baseParses = false;
let baseOrigin: string | null = null;
/** For a base written as the parser writes it: up to its path's last `/` (relative paths go after it). */
let baseDirectory: string | null = null;
function parseBase(base: string): boolean {
  if (base !== lastBase) {
    lastBase = base;
    baseParses = false;
    baseOrigin = null;
    baseDirectory = ABSOLUTE_AS_WRITTEN.test(base) && !base.includes('/.') ? base.slice(0, base.lastIndexOf('/', pathEnd(base) - 1) + 1) : null;
    // A base written as the parser writes it (a page's own address, as the browser gives it)
    // has its origin at its start, and parses. Read so, the clip of most pages makes no URL
    // object at all: a page's first `new URL` cost ~160 µs (mean, 20 wcxb-dev pages; the
    // next ones ~10 µs).
    const origin = ORIGIN_AS_WRITTEN.exec(base);
    if (origin !== null) {
      baseParses = true;
      baseOrigin = origin[0];
      return true;
    }
    try {
      const u = new URL(base);
      baseParses = true;
      if (u.protocol === 'http:' || u.protocol === 'https:') baseOrigin = new URL('/', u).href.slice(0, -1);
    } catch {
      /* no usable base: the parser decides (and fails) per URL */
    }
  }
  return baseParses;
}

/**
 * A character a reader sees: not `\s`, nor a zero-width or direction mark (U+200B–U+200F),
 * word joiner (U+2060), soft hyphen (U+00AD) or byte-order mark (U+FEFF, which `\s` holds).
 * Inside a text they stay (an emoji's joiners, a word-break opportunity); a text of nothing
 * else is not written (wcxb-dev: 266 blocks of a lone U+200D or such on 23 pages, 97 on one).
 */
export const VISIBLE = /[^\s\u200b-\u200f\u2060\u00ad]/;
const SPACE = /\s/;

/** Elements whose text is code or input, shown as written. */
const CODE_SELECTOR = 'code, samp, kbd, pre, textarea, var';

/**
 * A text that is a JSON object or array, outside code: a widget's configuration or a data
 * island a page prints into an element instead of a script (`<div id="widget-config"
 * style="opacity:0">{"statementLink":"",…}</div>`). It is data for the page's scripts, never
 * something to read, while a JSON example an article shows sits in <pre> or <code>. Only texts
 * that start with `{` or `[` and end with `}` or `]` are parsed, and only those holding a
 * string (`"`), so a footnote mark ("[12]") is text. `first`: the index of raw's first
 * character a reader sees (VISIBLE).
 */
export function isDataText(raw: string, first: number, node: Node): boolean {
  const open = raw.charCodeAt(first);
  if (open !== 123 /* { */ && open !== 91 /* [ */) return false;
  const t = raw.trim();
  const close = t.charCodeAt(t.length - 1);
  if (close !== (open === 123 ? 125 : 93) || !t.includes('"')) return false;
  try {
    JSON.parse(t);
  } catch {
    return false;
  }
  return node.parentElement?.closest(CODE_SELECTOR) == null;
}

/** `<tag>` and `</tag>` in lower case, built once per tag name rather than once per element. */
const OPEN_TAGS = new Map<string, string>();
const CLOSE_TAGS = new Map<string, string>();
function openTag(tag: string): string {
  let t = OPEN_TAGS.get(tag);
  if (t === undefined) { t = `<${tag.toLowerCase()}>`; OPEN_TAGS.set(tag, t); }
  return t;
}
function closeTag(tag: string): string {
  let t = CLOSE_TAGS.get(tag);
  if (t === undefined) { t = `</${tag.toLowerCase()}>`; CLOSE_TAGS.set(tag, t); }
  return t;
}

/** Per-tag facts the serializer needs, looked up once per element (rules.ts holds the sets). */
const BLOCK = 1; // rules.BLOCK_TAGS
const FLOW = 2; // FLOW_TAGS
const KEEP = 4; // rules.KEEP_TAGS
const UNWRAP = 8; // rules.UNWRAP_BLOCK_TAGS
const VOID = 16; // rules.VOID_TAGS
const CONTROL = 32; // form controls: dropped with their content
/** On an open-element frame: its tag was written to the output. */
const EMITTED = 64;

/** Elements whose content is inline flow: text directly inside them needs no implicit <p>. */
const FLOW_TAGS: ReadonlySet<string> = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'TD', 'TH', 'DT', 'DD', 'PRE', 'FIGCAPTION', 'CAPTION', 'BLOCKQUOTE', 'SUMMARY']);
/** Form controls, never written with their content (controls.ts reads this too). */
export const CONTROL_TAGS: ReadonlySet<string> = new Set(['BUTTON', 'LABEL', 'INPUT', 'SELECT']);
const TAG_FLAGS = new Map<string, number>();
for (const [set, flag] of [[BLOCK_TAGS, BLOCK], [FLOW_TAGS, FLOW], [KEEP_TAGS, KEEP], [UNWRAP_BLOCK_TAGS, UNWRAP], [VOID_TAGS, VOID], [CONTROL_TAGS, CONTROL]] as const) {
  for (const tag of set) TAG_FLAGS.set(tag, (TAG_FLAGS.get(tag) ?? 0) | flag);
}

/**
 * One walk over the selection root's subtree, firstChild/nextSibling with a stack of open
 * elements (like the stats walk), entering only kept subtrees and the elements on the path
 * to them. Extraction runs cold (a fresh page, interpreted JS) and pays for every call and
 * allocation per node: the tag facts are one Map lookup per element (TAG_FLAGS), the
 * helpers are called only when they have work to do, and the open elements are parallel
 * stacks of primitives, not objects.
 */
export function serialize(input: SerializeInput): Serialized {
  const { root, kept, removed, stats, layout, baseUrl, minImageWidth } = input;

  // Elements on the path from a kept node up to the root: walked for structure only.
  const onPath = new Set<Node>();
  for (const node of kept) {
    let p: Node | null = node.parentNode;
    while (p && !onPath.has(p)) {
      onPath.add(p);
      if (p === root) break;
      p = p.parentNode;
    }
  }

  /** Whether the clip writes `el`: rendered, not a control or in a row of tabs, in a kept subtree and not removed from it. */
  const written = (el: Element): boolean => {
    const at = stats.index.get(el);
    if (at === undefined || (TAG_FLAGS.get(stats.tags[at]!) ?? 0) & CONTROL) return false;
    const list = el.closest('[role="tablist"]');
    if (list !== null && isTabRow(list)) return false;
    for (let p: Node | null = el; p !== null; p = p.parentNode) {
      if (removed.has(p)) return false;
      if (kept.has(p)) return true;
      if (p === root) break;
    }
    return false;
  };

  const html: string[] = [];
  const blocks: string[] = [];
  const images: string[] = [];
  let line = '';
  let content = 0; // grows whenever something visible is emitted
  let implicitOpen = false; // an implicit <p> opened for an inline run in an unwrapped container
  let implicitStart = 0;
  let implicitContent = 0;
  let flowDepth = 0; // >0 inside a kept block element that holds inline content (p, li, td, h*)
  let preDepth = 0;
  // Inside <pre>: the code's current line has text not yet ended by a newline. A block
  // element inside <pre> (code viewers put each line in a <div>) is a line of its own.
  let preLineOpen = false;
  let preBreak = false; // a block boundary ended that line: a newline goes before the next text
  // Inside flow content (outside <pre>), an unwritten block (a <div> in a list item) began or
  // ended since the last text: the next text is a word of its own (see blockSpace).
  let blockGap = false;
  // html's length right after a link's `</a>`: a link that opens there, with nothing written
  // between, is a word of its own (see below).
  let linkEnd = -1;
  // The element closed last: an element that is its next sibling (no text between) may be
  // drawn apart from it (see layout.drawnApart).
  let lastClosed: Element | null = null;
  /** Before text or an image after such a boundary: one space, unless the html already breaks there. */
  const blockSpace = (): void => {
    blockGap = false;
    const last = html[html.length - 1];
    if (last === undefined) return;
    const c = last.charCodeAt(last.length - 1);
    // Not after a space, nor right after an open tag (`<li>`, `<a href="…">`): after text or a close tag.
    if (c !== 32 && !(c === 62 && last.charCodeAt(1) !== 47)) html.push(' ');
  };

  /** End the current text block. Call only with a non-empty line. */
  const flushLine = (): void => {
    const t = preDepth > 0 ? line.replace(/^\n+|\s+$/g, '') : collapseSpaces(line).trim();
    if (t) blocks.push(t);
    line = '';
  };
  /** Close the implicit paragraph; one that got no visible content is dropped. Call only when one is open. */
  const closeImplicit = (): void => {
    if (implicitContent === content) html.length = implicitStart; else html.push('</p>');
    implicitOpen = false;
  };
  /** Open an implicit paragraph. Call only outside flow content, with none open. */
  const openImplicit = (): void => {
    implicitStart = html.length;
    implicitContent = content;
    html.push('<p>');
    implicitOpen = true;
  };

  // Open elements as parallel stacks (element, tag, html length at open, content counter at
  // open, flags with EMITTED, inside a kept subtree), not one object per element: fewer
  // allocations on big pages (GC, see collapseSpaces).
  const frameEls: Element[] = [];
  const frameTags: string[] = [];
  const frameStarts: number[] = [];
  const frameContents: number[] = [];
  const frameFlags: number[] = [];
  const frameInside: boolean[] = [];
  let parentInside = kept.has(root);
  let node: Node | null = root;
  for (;;) {
    if (node === null) {
      // No more siblings: close the innermost open element and continue after it.
      const el = frameEls.pop();
      if (el === undefined) break;
      lastClosed = el;
      const fTag = frameTags.pop()!;
      const fStart = frameStarts.pop()!;
      const fContent = frameContents.pop()!;
      const f = frameFlags.pop()!;
      frameInside.pop();
      if (f & EMITTED) {
        if ((f & (BLOCK | FLOW)) === BLOCK && implicitOpen) closeImplicit();
        // An empty element is rolled back, but for a cell of a written row: the row's other
        // cells keep their columns (a header row's empty corner above row names); a row of
        // nothing goes whole.
        if (fContent === content && !(f & VOID) && !((fTag === 'TD' || fTag === 'TH') && (frameFlags[frameFlags.length - 1]! & EMITTED))) {
          // An empty inline element may hold what sets words apart, a space or a <br>
          // (`Collins<strong>&nbsp;</strong>in`), which the text keeps: only its open tag goes,
          // or the reader would show "Collinsin". An empty block goes with what it holds.
          if (f & (BLOCK | FLOW) || html.length === fStart + 1) html.length = fStart;
          else html.splice(fStart, 1);
        } else {
          html.push(closeTag(fTag));
          if (fTag === 'A') linkEnd = html.length;
        }
        if (f & FLOW) { flowDepth--; blockGap = false; }
      }
      // A code block's text is flushed while still inside it, so its lines and indentation stay.
      if (fTag === 'PRE') { if (line) flushLine(); preDepth--; preLineOpen = false; preBreak = false; }
      else if (preDepth > 0 && (f & BLOCK) && preLineOpen) preBreak = true;
      if (f & BLOCK) {
        if (!(f & EMITTED) && implicitOpen) closeImplicit();
        if (line) flushLine();
        if (!(f & EMITTED) && flowDepth > 0 && preDepth === 0) blockGap = true;
      }
      const depth = frameInside.length;
      parentInside = depth > 0 ? frameInside[depth - 1]! : false;
      node = depth > 0 ? el.nextSibling : null;
      continue;
    }
    const cur: Node = node;
    // Next, unless this node is entered: its next sibling (never the root's).
    node = frameEls.length > 0 ? cur.nextSibling : null;
    if (removed.has(cur)) continue;
    const kind = cur.nodeType;
    if (kind === 3) {
      if (!(parentInside || kept.has(cur))) continue;
      const raw = cur.nodeValue ?? '';
      if (preDepth > 0) {
        if (!raw) continue;
        if (preBreak) { html.push('\n'); preBreak = false; }
        preLineOpen = raw.charCodeAt(raw.length - 1) !== 10;
        html.push(escapeText(raw));
        line += raw;
        content++;
        continue;
      }
      const first = raw.search(VISIBLE);
      if (first < 0) {
        // Nothing a reader sees: whitespace (collapsing keeps it non-empty exactly when it is
        // non-empty), or marks alone (a page builder's spacer paragraph holds a lone U+200D),
        // which are the space they hold, if any, never a paragraph of nothing.
        if (raw === '' || SPACE.test(raw)) {
          if (raw && (implicitOpen || flowDepth > 0)) html.push(' ');
          line += ' ';
        }
        continue;
      }
      if (isDataText(raw, first, cur)) continue;
      const t = collapseSpaces(raw);
      if (flowDepth === 0 && !implicitOpen) openImplicit();
      else if (blockGap) blockSpace();
      html.push(escapeText(t));
      line += t;
      content++;
      continue;
    }
    if (kind !== 1) continue;
    const el = cur as Element;
    const at = stats.index.get(el);
    if (at === undefined) continue; // not rendered, or never text (script, style, svg…)
    const inside = parentInside || kept.has(el);
    if (!inside && !onPath.has(el)) continue;
    const tag = stats.tags[at]!;
    let flags = TAG_FLAGS.get(tag) ?? 0;
    // Outside flow content, an inline element opens an implicit paragraph, which a block inside
    // it would close and roll back past the element's open tag. So an inline element around
    // blocks there (a card: `<a href><h2>…</h2><p>…</p></a>`) is not written inline: a link
    // becomes a block of its own (HTML allows a link around flow content), other inline
    // markup is unwrapped. Inside flow content (a list item, a `<pre>`'s `<code>` around line
    // `<div>`s) no implicit paragraph opens, and it stays as it is.
    if (inside && flowDepth === 0 && (flags & (KEEP | BLOCK | FLOW)) === KEEP && stats.isLeaf[at] === 0 && holdsBlock(stats, at)) {
      flags = tag === 'A' ? flags | BLOCK : flags & ~KEEP;
    }

    if (isImageElement(el, tag)) {
      if (!inside) continue;
      const w = effectiveImageSize(el, layout, 'width');
      if (w !== null && w < minImageWidth) continue; // an icon (SPEC §1, 100 px rule)
      const src = resolveImageSource(el);
      const abs = src ? absoluteUrl(src, baseUrl) : null;
      if (!abs) continue;
      const img = tag === 'PICTURE' ? el.querySelector('img') ?? el : el;
      const h = effectiveImageSize(el, layout, 'height');
      if (flowDepth === 0 && !implicitOpen) openImplicit();
      else if (blockGap) blockSpace();
      let tagText = `<img src="${escapeAttr(abs)}"`;
      const alt = img.getAttribute('alt');
      if (alt) tagText += ` alt="${escapeAttr(alt.trim())}"`;
      if (w !== null) tagText += ` width="${Math.round(w)}"`;
      if (h !== null) tagText += ` height="${Math.round(h)}"`;
      html.push(tagText + '>');
      images.push(abs);
      content++;
      continue;
    }
    if (tag === 'BR') {
      if (inside) { if (implicitOpen || flowDepth > 0) html.push('<br>'); line += '\n'; preLineOpen = false; }
      continue;
    }
    if (tag === 'HR') {
      if (inside) { if (implicitOpen) closeImplicit(); html.push('<hr>'); if (line) flushLine(); }
      continue;
    }
    if (flags & CONTROL) continue;
    // A row of tabs is a control too: the clip opens every panel and names each (tabLabel).
    const role = inside ? el.getAttribute('role') : null;
    if (role === 'tablist' && isTabRow(el)) continue;
    if (preDepth > 0 && isLineNumber(el, layout)) continue;
    if (tag === 'TD' && inside && isLineNumberGutter(el)) continue;

    // `By <a>Amanda Furrer</a><time>Updated: Dec 19</time>`, the date on a line of its own:
    // two words where the markup has none between. Asked only where a word would run on into
    // the next; not after a lone letter (a drop cap floats beside the rest of its word).
    if (inside && preDepth === 0 && !(flags & BLOCK) && lastClosed !== null && el.previousSibling === lastClosed
      && WORD_END.test(line) && WORD_START.test(firstText(el)) && layout.drawnApart?.(lastClosed, el) === true) {
      if (implicitOpen || flowDepth > 0) html.push(' ');
      line += ' ';
    }
    if (preDepth > 0 && (flags & BLOCK) && preLineOpen) preBreak = true;
    if ((flags & BLOCK) && line) flushLine();
    // A tab panel opens with its tab's name, which the clip leaves out with the page's controls.
    if (inside && flowDepth === 0 && preDepth === 0 && role === 'tabpanel') {
      const label = tabLabel(el, written);
      if (label !== null) {
        if (implicitOpen) closeImplicit();
        if (line) flushLine();
        html.push(`<p><strong>${escapeText(label)}</strong></p>`);
        blocks.push(label);
        content++;
      }
    }
    if (tag === 'PRE') preDepth++;
    let frame = flags;
    let start = html.length;
    if (inside && (flags & KEEP)) {
      const attrs = attributesFor(el, tag, baseUrl);
      if (attrs !== null) {
        if (flags & (FLOW | BLOCK)) { if (implicitOpen) closeImplicit(); }
        else if (flowDepth === 0 && !implicitOpen) openImplicit();
        else if (blockGap) blockSpace();
        // Links written one right after another (`<a>Mobile</a><a>Web</a>`) are tags, menu
        // entries or chips that the stylesheet sets apart: a space keeps their words apart.
        // Not in code, which is written to the letter (`<a>std</a><a>::io</a>`).
        else if (tag === 'A' && html.length === linkEnd && preDepth === 0) { html.push(' '); line += ' '; }
        start = html.length;
        html.push(attrs === '' ? openTag(tag) : `<${tag.toLowerCase()}${attrs}>`);
        frame |= EMITTED;
        if (flags & FLOW) { flowDepth++; blockGap = false; }
      }
    } else if (!inside && isShell(el, tag, kept, frameFlags, frameInside)) {
      // A list or data table some of whose items, rows or cells are kept without it (pruning
      // kept the parts that hold text): its tags are written around them, else they would be
      // <li> outside any list, or <tr>/<td> outside a table, which the HTML parser that shows
      // the clip drops, running the cells' words together. Its own text and dropped parts
      // stay out (isShell).
      if (flags & FLOW) { flowDepth++; blockGap = false; } else if (implicitOpen) closeImplicit();
      start = html.length;
      const attrs = tag === 'OL' ? attributesFor(el, tag, baseUrl) ?? '' : '';
      html.push(attrs === '' ? openTag(tag) : `<${tag.toLowerCase()}${attrs}>`);
      frame |= EMITTED;
    } else if ((flags & (BLOCK | UNWRAP)) && implicitOpen) {
      closeImplicit();
    }
    if ((frame & (BLOCK | EMITTED)) === BLOCK && flowDepth > 0 && preDepth === 0) blockGap = true;
    frameEls.push(el); frameTags.push(tag); frameStarts.push(start); frameContents.push(content); frameFlags.push(frame); frameInside.push(inside);
    parentInside = inside;
    node = el.firstChild;
  }
  if (implicitOpen) closeImplicit();
  if (line) flushLine();
  return { html: html.join(''), text: blocks.join('\n\n'), images };
}

/** A line that ends in two letters or digits of a script that spaces its words; text that starts with one. */
const WORD_END = new RegExp(`[^\\s\\p{P}\\p{S}${CJK_CLASS}]{2}$`, 'u');
const WORD_START = new RegExp(`^[^\\s\\p{P}\\p{S}${CJK_CLASS}]`, 'u');

/** The text an element's first descendant text node starts with ('' if none comes first). */
function firstText(el: Element): string {
  let n: Node | null = el.firstChild;
  while (n !== null && n.nodeType === 1) n = n.firstChild;
  return n !== null && n.nodeType === 3 ? n.nodeValue ?? '' : '';
}

const TABLE_PARTS: ReadonlySet<string> = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR']);
const TABLE_SECTIONS: ReadonlySet<string> = new Set(['THEAD', 'TBODY', 'TFOOT']);

/**
 * Whether an element on the path to kept nodes, outside kept content, is written as a shell
 * around them:
 * - a list with a kept item of its own, and an item of such a list kept only deeper down;
 * - a table with a kept head, or with a row that is kept or holds two or more kept cells and
 *   another that is kept or holds a kept cell (a layout table keeps one cell, or one row,
 *   around the article); and its sections and rows that hold a kept row or cell.
 * A part is asked about its parent only when that parent is a shell: the innermost open
 * element was written (EMITTED) though not inside kept content, which only a shell is.
 */
function isShell(el: Element, tag: string, kept: Set<Node>, flags: readonly number[], inside: readonly boolean[]): boolean {
  if (tag === 'UL' || tag === 'OL') {
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) if (kept.has(c) && tagOf(c) === 'LI') return true;
    return false;
  }
  if (tag === 'TABLE') {
    // A row with one kept cell (a name beside icon cells too small to keep) is a row of the
    // table once another row shows columns.
    if (shellRows(el, kept, 2) >= 1 && shellRows(el, kept, 1) >= 2) return true;
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) if (tagOf(c) === 'THEAD' && kept.has(c)) return true;
    return false;
  }
  if (tag !== 'LI' && !TABLE_PARTS.has(tag)) return false;
  const i = flags.length - 1;
  if (i < 0 || inside[i] || (flags[i]! & EMITTED) === 0) return false;
  return tag === 'LI' || (tag === 'TR' ? keptCells(el, kept) > 0 : shellRows(el, kept, 1) > 0);
}

function keptCells(row: Element, kept: Set<Node>): number {
  let n = 0;
  for (let c = row.firstElementChild; c !== null; c = c.nextElementSibling) {
    const t = tagOf(c);
    if ((t === 'TD' || t === 'TH') && kept.has(c)) n++;
  }
  return n;
}

/** Rows of a table or section that are kept or hold `minCells` kept cells (its sections' rows counted in). */
function shellRows(part: Element, kept: Set<Node>, minCells: number): number {
  let n = 0;
  for (let c = part.firstElementChild; c !== null; c = c.nextElementSibling) {
    const t = tagOf(c);
    if (t === 'TR') { if (kept.has(c) || keptCells(c, kept) >= minCells) n++; }
    else if (TABLE_SECTIONS.has(t)) n += kept.has(c) ? c.children.length : shellRows(c, kept, minCells);
  }
  return n;
}

const SPAN = /^\d{1,3}$/;

/** Safe attributes of a kept element, or null to unwrap it (links that lead nowhere useful). */
function attributesFor(el: Element, tag: string, baseUrl: string): string | null {
  switch (tag) {
    case 'A': {
      const href = el.getAttribute('href');
      if (!href || href.startsWith('#')) return null;
      const abs = absoluteUrl(href, baseUrl, true);
      return abs ? ` href="${escapeAttr(abs)}"` : null;
    }
    case 'TD': case 'TH': {
      const colspan = el.getAttribute('colspan'), rowspan = el.getAttribute('rowspan');
      return (colspan && SPAN.test(colspan) ? ` colspan="${colspan}"` : '') + (rowspan && SPAN.test(rowspan) ? ` rowspan="${rowspan}"` : '');
    }
    case 'OL': { const v = el.getAttribute('start'); return v && /^-?\d{1,6}$/.test(v) ? ` start="${v}"` : ''; }
    case 'TIME': { const v = el.getAttribute('datetime'); return v ? ` datetime="${escapeAttr(v)}"` : ''; }
    // Folded answers are clipped as content (layout.ts foldedByDetails), so they are shown.
    case 'DETAILS': return ' open';
    default: return '';
  }
}

/**
 * Words for word count and reading time: each CJK character counts as one word (issue 2
 * step 4); elsewhere a word is a run of characters that are neither space nor punctuation
 * (WORD_BREAK). Counted by native regex replaces, not a character loop: extraction runs cold
 * (a fresh page, interpreted JS), where a loop over a long clip's every character cost ~4% of
 * all Sift time (scripts/profile-core.ts), while the regex engine runs compiled code. Garbage
 * stays bounded: one string of one character per word (per slice), one clip-sized string when
 * the text holds CJK; never an array of words.
 */
/**
 * A line number drawn beside code: an element inside <pre> whose only content is a number the
 * reader cannot select (`user-select: none`, as code viewers mark their gutters). Copied with
 * the code, it would glue to each line ("1# Download the helper library"). Only elements that
 * hold nothing but a number are asked, so the style is read for few of a code block's spans.
 */
function isLineNumber(el: Element, layout: LayoutProbe): boolean {
  const text = el.firstChild;
  return text !== null && text.nodeType === 3 && text.nextSibling === null && LINE_NUMBER.test(text.nodeValue ?? '') && layout.isUnselectable?.(el) === true;
}
const LINE_NUMBER = /^\s*\d{1,6}\s*$/;

/**
 * The gutter of a code listing laid out as a table (Pygments' `linenos="table"`, Rouge's
 * `.rouge-table`, Hugo's `lineNumbersInTable`): a cell whose code block holds nothing but
 * consecutive line numbers, one per line, followed by a cell that holds the code's <pre>.
 * Kept, the numbers became a code block of their own before the code in the clip's text and
 * its Markdown (whose export unwraps a table around code) and were copied with it. Told by
 * structure, not class names: a numbered data table's cells hold one number each and no <pre>.
 */
function isLineNumberGutter(cell: Element): boolean {
  const code = cell.nextElementSibling;
  return code !== null && codeBlockIn(cell) && codeBlockIn(code) && consecutiveNumbers(cell.textContent ?? '');
}

/** Whether a cell's content is a <pre>, directly or inside up to two wrappers (`<div class="highlight">`). */
function codeBlockIn(cell: Element): boolean {
  let el = cell.firstElementChild;
  for (let depth = 0; el !== null && depth < 3; depth++, el = el.firstElementChild) if (tagOf(el) === 'PRE') return true;
  return false;
}

/** `1 2 3 … n` (or from any start), separated by whitespace; at least one number. */
function consecutiveNumbers(text: string): boolean {
  let previous = -1;
  for (const token of text.trim().split(SPACES)) {
    if (!LINE_NUMBER_TOKEN.test(token)) return false;
    const n = Number(token);
    if (previous >= 0 && n !== previous + 1) return false;
    previous = n;
  }
  return previous >= 0;
}
const SPACES = /\s+/;
const LINE_NUMBER_TOKEN = /^\d{1,6}$/;

export function countWords(text: string): { words: number; cjk: number } {
  // Each word becomes its first code unit, every gap nothing: the result's length is the count.
  // A long text goes in slices that end before a newline (a word break, so no word spans two
  // slices and the counts add up): the replace keeps a list of its matches, which for a whole
  // 200,000-element page's clip (~1.3 million words) grew into large arrays that only a full GC
  // frees; per slice it stays small and dies young.
  let words = 0;
  for (let start = 0; start < text.length;) {
    let end = text.length - start > WORD_SLICE ? text.indexOf('\n', start + WORD_SLICE) : -1;
    if (end < 0) end = text.length;
    words += (start === 0 && end === text.length ? text : text.slice(start, end)).replace(WORDS_OR_GAPS, '$1').length;
    start = end;
  }
  const cjk = CJK_ANY.test(text) ? text.length - text.replace(CJK_ALL, '').length : 0;
  return { words, cjk };
}

/**
 * What ends a word, by UTF-16 code unit: ASCII other than [0-9A-Za-z_], no-break space,
 * general punctuation (U+2000–206F), CJK punctuation (U+3000–303F), full-width !–/ (U+FF01–FF0F),
 * and CJK characters themselves (counted one by one). Everything else, surrogates included,
 * is part of a word.
 */
const WORD_BREAK = String.raw`\x00-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\xa0\u2000-\u206f\u3000-\u303f\uff01-\uff0f` + CJK_CLASS;
const WORDS_OR_GAPS = new RegExp(`([^${WORD_BREAK}])[^${WORD_BREAK}]*|[${WORD_BREAK}]+`, 'g');
/** Code units per slice of countWords (a paragraph or more; the slice grows to the next newline). */
const WORD_SLICE = 1 << 15;
const CJK_ANY = new RegExp(`[${CJK_CLASS}]`);
const CJK_ALL = new RegExp(`[${CJK_CLASS}]`, 'g');

export function readingMinutes(words: number, cjk: number): number {
  const minutes = words / WORDS_PER_MINUTE + cjk / CJK_CHARS_PER_MINUTE;
  return words + cjk === 0 ? 0 : Math.max(1, Math.round(minutes));
}

/**
 * A clip's excerpt when the page gives none: its first paragraph of 80 characters or more
 * (else its first), cut at a word before 300 characters with an ellipsis.
 */
export function excerptOf(text: string): string | null {
  const blocks = text.slice(0, 20_000).split('\n\n');
  const para = blocks.find((p) => p.length >= 80) ?? blocks[0];
  if (!para) return null;
  return para.length > 300 ? `${para.slice(0, 297).replace(/\s+\S*$/, '')}…` : para;
}
