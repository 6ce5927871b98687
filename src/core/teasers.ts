import type { ContentSelection } from './engines/engine';
import { keptRegions } from './repeats';
import { canonicalAsWritten, plainHttpParts } from './serialize';
import { BLOCK_TAGS, HEADING_TAGS, TEASER_LABEL_MAX_CHARS, TEASER_MAX_CARD_CHARS, TEASER_MIN_CARDS, TEASER_MIN_SHARE_ALIKE, TEASER_SLUG_MIN_WORDS, WIDGET_MAX_SHARE } from './rules';
import type { PageStats } from './stats';
import { subtreeStart } from './stats';

/**
 * Teaser lists inside the selection (our addition; SPEC §1 "Known weaknesses"). Below a post
 * many sites list their other posts as cards: a picture, a category, the post's title as a
 * linked heading and the first lines of its text ("Every January, companies promise
 * themselves…"). Each card holds more plain text than links, so no link block covers the
 * list, and its label ("Tap into the latest insights from experts in your industry") is the
 * site's own words, which widgets.ts cannot know.
 *
 * What gives such a list away is its shape and where its links go: three or more sibling
 * cards (rules.TEASER_MIN_CARDS), each a short box (rules.TEASER_MAX_CARD_CHARS) around one
 * title whose whole text is a link (a heading, or bold text: `<li><strong><a>…</a></strong>`;
 * shown twice with one link, it is one title), and nearly every one of those links
 * (rules.TEASER_MIN_SHARE_ALIKE) goes to a page *like this one*: a post of the same site
 * whose address ends in a slug of words, as this page's does ("/blog/taxes/the-hard-irs-1099-
 * deadline…" under "/blog/hr/6-types-of-hr-outsourcing…"). So the rule is off on a page whose
 * own address is not a post's ("/products/marketing", "/get-started/overview"), and these
 * stay: a hub's cards linking to the pages below it ("/write-workflows/use-workflow-
 * templates" under "/write-workflows"), links to fragments of this page, and lists of other
 * sites' pages (a post rounding up ten projects elsewhere).
 *
 * A list holding more than rules.WIDGET_MAX_SHARE of the selection's text is the content,
 * and when the lists together hold more than that, all stay (a blog's index in sections).
 * With a list go the wrappers around it that add only a label (at most
 * rules.TEASER_LABEL_MAX_CHARS characters of other text).
 *
 * Read from the stats arrays: a page whose address is not a post's, or whose selection has
 * fewer than three titles that are links (tag, TC = LC), reads nothing from the DOM here.
 *
 * Returns a note per dropped list (for the trace); the nodes go into `removed`.
 */
export function removeTeaserLists(selection: ContentSelection, stats: PageStats, removed: Set<Node>, baseUrl: string): string[] {
  const notes: string[] = [];
  const page = postAddress(baseUrl);
  const root = selection.root;
  const rootIndex = stats.index.get(root);
  if (page === null || rootIndex === undefined) return notes;
  const { order, tags, tc, lc } = stats;
  // Linked titles, the outermost of nested ones (`<h3><strong><a>`): in post order a
  // title's descendants come just before it.
  const titles: number[] = [];
  for (let i = subtreeStart(stats, rootIndex); i < rootIndex; i++) {
    const tag = tags[i]!;
    if (!TITLE_TAGS.has(tag) || tc[i]! < MIN_TITLE_CHARS || lc[i]! < tc[i]!) continue;
    if (!HEADING_TAGS.has(tag) && !onALineOfItsOwn(order[i]!)) continue;
    const first = titles.length > 0 ? subtreeStart(stats, i) : i;
    while (titles.length > 0 && titles[titles.length - 1]! >= first) titles.pop();
    titles.push(i);
  }
  if (titles.length < TEASER_MIN_CARDS) return notes;
  // A card may show its title twice (over the picture and under it, as shop themes do): one
  // title per link target, the first.
  const headings: Element[] = [];
  const hrefs: (string | undefined)[] = [];
  const seen = new Set<string>();
  for (const i of titles) {
    const h = order[i]!;
    const href = (h.closest('a[href]') ?? h.querySelector('a[href]'))?.getAttribute('href')?.trim();
    if (href) {
      if (seen.has(href)) continue;
      seen.add(href);
    }
    headings.push(h);
    hrefs.push(href);
  }
  if (headings.length < TEASER_MIN_CARDS) return notes;

  // How many linked headings each element holds, up to the root.
  const held = new Map<Element, number>();
  for (const h of headings) {
    for (let el: Element | null = h; el && el !== root; el = el.parentElement) held.set(el, (held.get(el) ?? 0) + 1);
  }
  // Each heading's card: its highest ancestor holding no other linked heading (not the
  // heading itself: an article's own headings sit bare in its body). Cards are grouped by
  // their parent, the list.
  const lists = new Map<Element, { cards: Element[]; alike: number }>();
  headings.forEach((h, k) => {
    let card = h;
    for (let parent = card.parentElement; parent && parent !== root && held.get(parent) === 1; parent = parent.parentElement) card = parent;
    const list = card.parentElement;
    if (!list || card === h) return;
    let entry = lists.get(list);
    if (!entry) lists.set(list, (entry = { cards: [], alike: 0 }));
    entry.cards.push(card);
    if (leadsToPostLike(hrefs[k], page)) entry.alike++;
  });

  const textOf = (el: Element): number => {
    const i = stats.index.get(el);
    return i === undefined ? 0 : tc[i]!;
  };
  const limit = textOf(root) * WIDGET_MAX_SHARE;
  const contributes = keptRegions(selection, removed);
  const found: { region: Element; cards: number }[] = [];
  let dropped = 0;
  for (const [list, { cards, alike }] of lists) {
    if (cards.length < TEASER_MIN_CARDS || alike < cards.length * TEASER_MIN_SHARE_ALIKE) continue;
    if (cards.some((c) => textOf(c) > TEASER_MAX_CARD_CHARS) || !contributes(list)) continue;
    // Wrappers that add only a label to the list go with it.
    const listText = textOf(list);
    let region = list;
    for (let parent = region.parentElement; parent && parent !== root; parent = parent.parentElement) {
      const text = textOf(parent);
      if (text > limit || text - listText > TEASER_LABEL_MAX_CHARS) break;
      region = parent;
    }
    found.push({ region, cards: cards.length });
    dropped += textOf(region);
  }
  // Lists holding most of the selection are what it is about: all stay.
  if (dropped > limit) {
    if (found.length > 0) notes.push(`teaser lists kept: ${found.length} hold most of the text`);
    return notes;
  }
  for (const { region, cards } of found) {
    removed.add(region);
    notes.push(`teaser list <${region.tagName.toLowerCase()}> dropped: ${cards} cards whose linked titles go to posts of this site`);
  }
  return notes;
}

/**
 * A card's title: a heading, or bold text on a line of its own (`<li><strong><a>Green Key
 * Webinar</a></strong><p>Check out…`), not the bold lead of a sentence
 * (`<li><strong><a>AirPods Pro 3</a></strong> ($249): the best…`), as articles write lists.
 */
const TITLE_TAGS: ReadonlySet<string> = new Set([...HEADING_TAGS, 'STRONG', 'B']);

/**
 * Whether nothing but blocks, line breaks or a block's edges are beside the element, or
 * beside the inline elements wrapping only it (`<p>…<a href><strong>…</strong></a> is known…`
 * is a sentence's bold link).
 */
function onALineOfItsOwn(el: Element): boolean {
  for (let cur: Element | null = el; cur !== null && !BLOCK_TAGS.has(cur.tagName); cur = cur.parentElement) {
    let bounded = false;
    for (const step of ['previousSibling', 'nextSibling'] as const) {
      let node = cur[step];
      while (node !== null && (node.nodeType === 8 || (node.nodeType === 3 && !/\S/.test(node.nodeValue ?? '')))) node = node[step];
      if (node === null) continue;
      if (node.nodeType === 1 && ((node as Element).tagName === 'BR' || BLOCK_TAGS.has((node as Element).tagName))) bounded = true;
      else return false;
    }
    // Blocks or line breaks beside it: a line of its own. Nothing beside it: ask its parent.
    if (bounded) return true;
  }
  return true;
}

/** A post's title is longer than this many non-space characters ("Home", "More" are not). */
const MIN_TITLE_CHARS = 10;

interface PostAddress {
  /** Host without `www.`. */
  site: string;
  /** Path with one trailing slash, to tell pages below it. */
  path: string;
  href: string;
}

/**
 * The page's address when it is a post's: http(s), its last path segment a slug of at least
 * rules.TEASER_SLUG_MIN_WORDS words (`6-types-of-hr-outsourcing`, `345808-atelier-sofa.html`);
 * else null.
 */
function postAddress(url: string): PostAddress | null {
  const u = addressOf(url);
  if (u === null || !u.http || !isSlug(u.pathname)) return null;
  return { site: siteOf(u.hostname), path: u.pathname.replace(/\/?$/, '/'), href: u.href.replace(/#.*$/, '') };
}

/**
 * What the tests read of `new URL(url, base)`: whether it is http(s), its host name, path and
 * href; null when it does not parse. An http(s) address already written as the parser writes
 * it is read as written (serialize.plainHttpParts): the page's first `new URL` cost ~160 µs,
 * and a page's own address is such an address.
 */
function addressOf(url: string, base?: string): { http: boolean; hostname: string; pathname: string; href: string } | null {
  const href = base === undefined ? url : canonicalAsWritten(url, base);
  const parts = href === null ? null : plainHttpParts(href);
  if (parts !== null) return { http: true, ...parts, href: href! };
  try {
    const u = base === undefined ? new URL(url) : new URL(url, base);
    return { http: u.protocol === 'http:' || u.protocol === 'https:', hostname: u.hostname, pathname: u.pathname, href: u.href };
  } catch {
    return null;
  }
}

/** Whether the path's last segment, its extension aside, has enough words to be a post's slug. */
function isSlug(pathname: string): boolean {
  const last = /([^/]+)\/*$/.exec(pathname)?.[1] ?? '';
  const words = last.replace(/\.[a-z0-9]{1,5}$/i, '').split(/[-_+]+/).filter((w) => w.length > 0);
  return words.length >= TEASER_SLUG_MIN_WORDS;
}

function siteOf(hostname: string): string {
  return hostname.replace(/^www\./, '');
}

/**
 * Whether a title's link goes to a page like this one: another post of the same site
 * (not this page or a fragment of it, not a page below this one's path).
 */
function leadsToPostLike(href: string | undefined, page: PostAddress): boolean {
  if (!href || href.startsWith('#')) return false;
  const target = addressOf(href, page.href);
  if (target === null) return false;
  if (siteOf(target.hostname) !== page.site || target.href.replace(/#.*$/, '') === page.href) return false;
  return !target.pathname.startsWith(page.path) && isSlug(target.pathname);
}
