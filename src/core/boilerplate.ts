import { jsonLdTypes } from './jsonLd';
import { BOILERPLATE_MAX_SHARE, BOILERPLATE_MIN_REMAINING, BOILERPLATE_ROLES, BOILERPLATE_TAGS, BOILERPLATE_VOCABULARY, COMMENT_THREAD_TOKEN, CONTENT_WORDS, DISCUSSION_TYPES, MAIN_SELECTOR, REVIEWS_TOKEN, SECTIONING_TAGS, SIGNATURE_TOKEN, TITLE_ID_MIN_WORDS } from './rules';
import type { PageStats } from './stats';
import { tagOf } from './stats';

/**
 * Boilerplate regions (our addition to NTA; SPEC §1 "Known weaknesses": comment sections
 * with much text are kept). NTA judges a region only by its text and link counts, so a
 * long comment thread, an author bio, a newsletter box or a page footer full of legal
 * prose looks like article text. Pages say what those regions are, in two robust ways:
 * - HTML5 sectioning and ARIA landmarks: `<aside>`, `<nav>`, `<footer>`, `<form>`,
 *   role=complementary/contentinfo/navigation/search/dialog…, `aria-modal` (not
 *   `aria-hidden`: pages put it on carousel slides and collapsed accordion panels that are
 *   content; what is really hidden fails the stats walk's visibility check anyway);
 * - the class/id vocabulary of comment threads, buyers' reviews (rules.REVIEWS_TOKEN),
 *   posters' signatures (rules.SIGNATURE_TOKEN), sidebars, share bars, newsletters, posters'
 *   panels, related lists… (rules.BOILERPLATE_VOCABULARY), matched the way Readability
 *   matches its "unlikely candidates".
 *
 * Such a region is *discounted*: its counts are subtracted from its ancestors before NTA
 * annotates the page, so it neither attracts the candidate list nor dilutes the degree of
 * coherence of the article around it, and it is dropped from the clip. Guards, because a
 * class name is a weak signal: a region holding more than BOILERPLATE_MAX_SHARE of the
 * page's plain text is the page itself (an ASP.NET `<form>` around everything, a wrapper
 * named `has-sidebar`), unless it is a comment thread or buyers' reviews, which can dwarf the
 * post or the product they follow, or it lies beside the page's `<main>` (a footer of legal
 * prose or a promotion box longer than a short post: the page itself says where its content
 * is); and when discounting would leave less than BOILERPLATE_MIN_REMAINING characters, the
 * regions are judged again without that exception, and if that still leaves too little the
 * page is annotated as it is (Readability retries without its class filter the same way).
 */
export interface BoilerplateRegions {
  /** Outermost discounted regions, in document order. */
  roots: Element[];
  /** Why each root was discounted (boilerplateReason), parallel to `roots`. */
  reasons: string[];
  /** Comment threads left in because the page declares itself a discussion (declaresDiscussion). */
  threadsKept: number;
  /** Stats with the regions' counts removed (the input stats when nothing was discounted). */
  stats: PageStats;
}

/**
 * Why an element is boilerplate, or null. `comment thread` and `reviews` are exempt from the size guard.
 * `byClass` memoises the verdict on a class attribute for elements without an id: pages
 * repeat the same few class strings over hundreds of elements (list items, cards), and the
 * vocabulary regex is the costly part of this test (scripts/profile-core.ts).
 */
export function boilerplateReason(el: Element, tag: string = tagOf(el), byClass?: Map<string, string | null>): string | null {
  if (BOILERPLATE_TAGS.has(tag)) return `<${tag.toLowerCase()}>`;
  // Everything below reads an attribute; most elements of a page have none (one native call).
  if (!el.hasAttributes()) return null;
  const role = el.getAttribute('role');
  if (role && BOILERPLATE_ROLES.has(role.trim().toLowerCase())) return `role=${role}`;
  if (el.getAttribute('aria-modal') === 'true') return 'aria-modal';
  const cls = el.getAttribute('class');
  const id = el.getAttribute('id');
  if (!cls && !id) return null;
  if (id === null && byClass) {
    let reason = byClass.get(cls!);
    if (reason === undefined) { reason = namesReason(cls, null); byClass.set(cls!, reason); }
    return reason;
  }
  const reason = namesReason(cls, id);
  if (reason === null || id === null) return reason;
  // An id made from the region's own title says what the author wrote, not what the region
  // is for: only what the generator added to the title is read (see idBesideTitle).
  const beside = idBesideTitle(el, id);
  return beside === null ? reason : namesReason(cls, beside || null);
}

/**
 * Whether `el` is, or lies inside, the page's footer: an element of role contentinfo, or a
 * `<footer>` that no sectioning element holds (rules.SECTIONING_TAGS), which is how HTML maps
 * a `<footer>` to that landmark. What it holds (copyright, contact, a newsletter box, legal
 * links) is about the site, never the page's content; an article's own `<footer>` (its byline,
 * its tags) is not the page's.
 */
export function inPageFooter(el: Element): boolean {
  for (let cur: Element | null = el; cur !== null; cur = cur.parentElement) {
    if (cur.getAttribute('role')?.trim().toLowerCase() === 'contentinfo') return true;
    if (tagOf(cur) !== 'FOOTER') continue;
    let holder = cur.parentElement;
    while (holder !== null && !SECTIONING_TAGS.has(tagOf(holder))) holder = holder.parentElement;
    if (holder === null) return true;
  }
  return false;
}

/**
 * When `id` is made from the element's own title (the text of the heading it opens with, or
 * its own text when it is a heading; a title of at least rules.TITLE_ID_MIN_WORDS words): what
 * the id holds besides the title's slug (`h-` of `h-what-is-social-shopping`, often ''); else
 * null. Documentation, Markdown and block editors (Sphinx/docutils, Hugo, Jekyll, MkDocs,
 * GitHub, WordPress) give a section or a heading the slug of its title as an id, so the
 * vocabulary meets the author's words in it: `<div class="section"
 * id="sharing-with-a-single-developer"><h2>Sharing with a single developer</h2>` is not a
 * share bar, nor `<h2 id="h-what-is-social-shopping">` a social widget. A widget's heading is
 * a short label ("Related posts", "Share this story", "About the author"), so the slug of a
 * shorter title still counts as the region's name. Generators put a prefix before the slug
 * (`h-`, `toc-`) and a number after it that keeps ids unique (`-2`); a prefix is still read
 * (`related-five-ways-to-cook-rice` around "Five ways to cook rice" is a related-posts card).
 */
function idBesideTitle(el: Element, id: string): string | null {
  let heading: Element | null = HEADING_TAG.test(el.tagName) ? el : null;
  // Else the first child that holds text (generators put empty anchors first: Sphinx's
  // `<span id="…"></span>`), when it is a heading or a <header>/<hgroup> that opens with one.
  for (let c = el.firstElementChild, k = 0; heading === null && c !== null && k < 8; k++, c = c.nextElementSibling) {
    if (!NON_SPACE.test(c.textContent ?? '')) continue;
    const h = c.tagName === 'HEADER' || c.tagName === 'HGROUP' ? c.firstElementChild : c;
    if (h === null || !HEADING_TAG.test(h.tagName)) return null;
    heading = h;
  }
  if (heading === null) return null;
  const title = slugOf(heading.textContent ?? '');
  if (title.split('-').length < TITLE_ID_MIN_WORDS) return null;
  const slug = slugOf(id);
  const at = slug.indexOf(title);
  if (at < 0 || (at > 0 && slug[at - 1] !== '-')) return null;
  const rest = slug.slice(at + title.length);
  return rest === '' || /^-\d+$/.test(rest) ? slug.slice(0, at) : null;
}
const HEADING_TAG = /^H[1-6]$/;
const NON_SPACE = /\S/;

/** Lower-case ASCII letters and digits, any other run one hyphen ("Example 1: Amend¶" → "example-1-amend"). */
function slugOf(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The class/id part of boilerplateReason: a pure function of the two attribute values. */
function namesReason(cls: string | null, id: string | null): string | null {
  const names = `${(cls ?? '').toLowerCase()} ${(id ?? '').toLowerCase()}`;
  // Every comment-thread token holds one of these words: test tokens only when one occurs.
  if ((names.includes('comment') || names.includes('disqus') || names.includes('respond')) && hasToken(names, COMMENT_THREAD_TOKEN)) return COMMENT_THREAD;
  // Likewise reviews (before the content words: `product-reviews-content` is still reviews).
  if ((names.includes('review') || names.includes('yotpo') || names.includes('jdgm')) && hasToken(names, REVIEWS_TOKEN)) return REVIEWS;
  if (names.includes('signature') && hasToken(names, SIGNATURE_TOKEN)) return SIGNATURE;
  const m = BOILERPLATE_VOCABULARY.exec(` ${names} `);
  if (!m) return null;
  for (const word of CONTENT_WORDS) if (names.includes(word)) return null;
  return `class/id "${m[0].trim()}"`;
}

/** Whether one of the space-separated tokens of `names` matches `token` (a whole-token pattern). */
function hasToken(names: string, token: RegExp): boolean {
  for (const t of names.split(/\s+/)) if (t && token.test(t)) return true;
  return false;
}

const COMMENT_THREAD = 'comment thread';
const REVIEWS = 'reviews';
const SIGNATURE = 'signature';

/**
 * Whether the page says, in schema.org terms, that it is a discussion (rules.DISCUSSION_TYPES,
 * in JSON-LD or microdata): a forum thread's replies sit in regions named like an article's
 * comment section (`section#comments`, `CommentsWrap`), and there they are the content.
 * Asked only when a comment thread is found; the JSON-LD it parses is memoised for metadata.
 */
export function declaresDiscussion(doc: Document): boolean {
  const types = jsonLdTypes(doc);
  for (const t of DISCUSSION_TYPES) {
    if (types.has(t)) return true;
    // itemtype holds absolute type URLs (`https://schema.org/DiscussionForumPosting`).
    if (doc.querySelector(`[itemtype$="/${t}" i], [itemtype*="/${t} " i]`) !== null) return true;
  }
  return false;
}

/**
 * Find the outermost boilerplate regions of the rendered page and discount them.
 * Cost: one attribute check per counted element outside the regions found (their insides
 * are skipped: a region's subtree is the contiguous run of post-order indices ending at it).
 */
export function discountBoilerplate(stats: PageStats): BoilerplateRegions {
  const n = stats.order.length;
  const b = n - 1;
  const nlcB = stats.tc[b]! - stats.lc[b]!;
  let mains: Element[] | null = null;
  let discussion: boolean | undefined;
  const byClass = new Map<string, string | null>();
  const mainsOf = (): Element[] => (mains ??= Array.from(stats.root.querySelectorAll(MAIN_SELECTOR)));
  const holdsMain = (el: Element): boolean => {
    for (const m of mainsOf()) if (m !== el && el.contains(m)) return true;
    return false;
  };
  const { order, tags, index } = stats;
  // Beside the page's main content: the page marks a <main> that holds plain text, and the
  // region is neither inside one nor around one (holdsMain is asked first).
  const besideMain = (el: Element): boolean => {
    const mains = mainsOf();
    return !mains.some((m) => m.contains(el)) && mains.some((m) => {
      const k = index.get(m);
      return k !== undefined && stats.tc[k]! - stats.lc[k]! > 0;
    });
  };
  // A region's first post-order index: its leftmost deepest counted descendant (counted
  // elements have counted parents), found in a few steps where a `contains` test per
  // element of the region took one call each (a comment thread spans thousands).
  const firstIndex = (el: Element, i: number): number => {
    let first = i;
    for (let c = el.firstElementChild; c !== null;) {
      const k = index.get(c);
      if (k === undefined) c = c.nextElementSibling;
      else { first = k; c = c.firstElementChild; }
    }
    return first;
  };
  /**
   * The outermost regions, in document order. `besideMainWins`: a region beside the page's
   * <main> is discounted whatever its share of the text (the page says where its content
   * is: a footer of legal prose under a short post); `forced` tells whether that decided any.
   */
  const find = (besideMainWins: boolean) => {
    // Accepted regions as [first, root] index ranges, outermost first; reasons parallel.
    const ranges: number[] = [];
    const reasons: string[] = [];
    let threadsKept = 0;
    let keptFirst = n; // the first post-order index of the last thread kept
    let forced = false;
    // Outer before inner: descending post-order index meets every element before its
    // descendants. A region inside an accepted one is never looked at; one inside a rejected
    // one (the page's own <form>) is judged on its own.
    for (let i = b - 1; i >= 0; i--) {
      if (stats.tc[i] === 0 && stats.img[i] === 0) continue; // nothing to discount
      const el = order[i]!;
      const tag = tags[i]!;
      // boilerplateReason's first two tests, inline: they decide most elements, and a call per
      // element costs more than the tests themselves in cold (interpreted) code.
      if (!BOILERPLATE_TAGS.has(tag) && !el.hasAttributes()) continue;
      const reason = boilerplateReason(el, tag, byClass);
      if (!reason) continue;
      // Code is the author's text to the letter: a syntax highlighter's `hljs-comment` or
      // Prism's `token comment` span is a comment in the code, not a comment thread.
      if (el.closest('pre, code') !== null) continue;
      // An <aside> without a single link is a pull quote, a standfirst or a note set beside the
      // text (`<aside class="sub-heading">` under a heading), not a sidebar of links and widgets;
      // unless it is named a poster's signature (XenForo's `aside.message-signature`). Only that
      // name: Tailwind's `top-[calc(var(--nav-height))]` reads as "nav" to the vocabulary, and
      // every name let a shop's filter panel go (session 45, upliftdesk 0643 0.83 → 0.21).
      if (reason === '<aside>' && stats.ln[i] === 0 && namesReason(el.getAttribute('class'), el.getAttribute('id')) !== SIGNATURE) continue;
      // A signature that is a heading or holds code is an API member's (Scaladoc's
      // `h4.signature`), not a poster's.
      if (reason === SIGNATURE && (HEADING_TAG.test(tag) || el.querySelector('code, pre') !== null)) continue;
      if (reason === COMMENT_THREAD) {
        discussion ??= declaresDiscussion(el.ownerDocument);
        if (discussion) {
          // Its replies are looked at one by one (each may hold a <footer> or a form), but
          // only the outermost thread is counted.
          if (i < keptFirst) { threadsKept++; keptFirst = firstIndex(el, i); }
          continue;
        }
      } else {
        if (holdsMain(el)) continue;
        const share = nlcB > 0 ? (stats.tc[i]! - stats.lc[i]!) / nlcB : 0;
        // Buyers' reviews, like a comment thread, can outweigh what they follow (forty reviews
        // under a product's description): they keep no share guard. A shop's page of reviews
        // keeps them through BOILERPLATE_MIN_REMAINING below.
        if (share > BOILERPLATE_MAX_SHARE && reason !== REVIEWS) {
          if (!besideMainWins || !besideMain(el)) continue;
          forced = true;
        }
      }
      const first = firstIndex(el, i);
      ranges.push(first, i);
      reasons.push(reason);
      i = first; // the loop's i-- steps past the region
    }
    // Document order, as the trace and the pipeline expect.
    const roots: number[] = [];
    const firsts: number[] = [];
    for (let r = ranges.length - 2; r >= 0; r -= 2) { firsts.push(ranges[r]!); roots.push(ranges[r + 1]!); }
    reasons.reverse();
    let removedNlc = 0;
    for (const i of roots) removedNlc += stats.tc[i]! - stats.lc[i]!;
    return { roots, firsts, reasons, threadsKept, forced, remaining: nlcB - removedNlc };
  };
  let found = find(true);
  // Nothing is discounted when that would leave almost no text; first, the regions judged
  // by their share alone, as on a page without a <main>.
  if (found.forced && found.remaining < BOILERPLATE_MIN_REMAINING) found = find(false);
  const { roots, firsts, reasons: rootReasons, threadsKept } = found;
  if (roots.length === 0 || found.remaining < BOILERPLATE_MIN_REMAINING) return { roots: [], reasons: [], threadsKept, stats };

  const tc = stats.tc.slice(), lc = stats.lc.slice(), ln = stats.ln.slice(), img = stats.img.slice();
  const leafText = stats.leafText.slice(), leafAnchor = stats.leafAnchor.slice(), leafImage = stats.leafImage.slice();
  for (const [r, i] of roots.entries()) {
    const root = stats.order[i]!;
    // Ancestors lose the region's counts.
    for (let p = root.parentElement; p && p !== stats.root; p = p.parentElement) {
      const k = stats.index.get(p);
      if (k === undefined) continue;
      tc[k]! -= stats.tc[i]!; lc[k]! -= stats.lc[i]!; ln[k]! -= stats.ln[i]!; img[k]! -= stats.img[i]!;
      leafText[k]! -= stats.leafText[i]!; leafAnchor[k]! -= stats.leafAnchor[i]!; leafImage[k]! -= stats.leafImage[i]!;
    }
    // The page totals (*_b) lose the region's plain text, so text density is measured against
    // the text that is left; its links stay in LN_b and LC_b: the link-share rule compares a
    // node with the page's links, and a page stripped of its nav and comment links would
    // otherwise make every paragraph holding one link an anchor node.
    tc[b]! -= stats.tc[i]! - stats.lc[i]!;
    img[b]! -= stats.img[i]!;
    leafText[b]! -= stats.leafText[i]!; leafAnchor[b]! -= stats.leafAnchor[i]!; leafImage[b]! -= stats.leafImage[i]!;
    // The region and everything in it count for nothing (typed ignore, never a candidate).
    // Post-order: a subtree is the contiguous run of indices ending at its root (native
    // fills: a comment thread spans thousands of elements).
    const from = firsts[r]!, to = i + 1;
    tc.fill(0, from, to); lc.fill(0, from, to); ln.fill(0, from, to); img.fill(0, from, to);
    leafText.fill(0, from, to); leafAnchor.fill(0, from, to); leafImage.fill(0, from, to);
  }
  return {
    roots: roots.map((i) => stats.order[i]!),
    reasons: rootReasons,
    threadsKept,
    stats: { ...stats, tc, lc, ln, img, leafText, leafAnchor, leafImage },
  };
}
