import { BOILERPLATE_MAX_SHARE, BOILERPLATE_MIN_REMAINING, BOILERPLATE_ROLES, BOILERPLATE_TAGS, BOILERPLATE_VOCABULARY, COMMENT_THREAD_TOKEN, CONTENT_VOCABULARY } from './rules';
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
 * - the class/id vocabulary of comment threads, sidebars, share bars, newsletters, related
 *   lists… (rules.BOILERPLATE_VOCABULARY), matched the way Readability matches its
 *   "unlikely candidates".
 *
 * Such a region is *discounted*: its counts are subtracted from its ancestors before NTA
 * annotates the page, so it neither attracts the candidate list nor dilutes the degree of
 * coherence of the article around it, and it is dropped from the clip. Guards, because a
 * class name is a weak signal: a region holding more than BOILERPLATE_MAX_SHARE of the
 * page's plain text is the page itself (an ASP.NET `<form>` around everything, a wrapper
 * named `has-sidebar`), unless it is a comment thread, which can dwarf the post it follows;
 * and when discounting would leave less than BOILERPLATE_MIN_REMAINING characters the page
 * is annotated as it is (Readability retries without its class filter the same way).
 */
export interface BoilerplateRegions {
  /** Outermost discounted regions, in document order. */
  roots: Element[];
  /** Why each root was discounted (boilerplateReason), parallel to `roots`. */
  reasons: string[];
  /** Stats with the regions' counts removed (the input stats when nothing was discounted). */
  stats: PageStats;
}

/** Why an element is boilerplate, or null. `comment thread` is the one kind exempt from the size guard. */
export function boilerplateReason(el: Element, tag: string = tagOf(el)): string | null {
  if (BOILERPLATE_TAGS.has(tag)) return `<${tag.toLowerCase()}>`;
  const role = el.getAttribute('role');
  if (role && BOILERPLATE_ROLES.has(role.trim().toLowerCase())) return `role=${role}`;
  if (el.getAttribute('aria-modal') === 'true') return 'aria-modal';
  const cls = el.getAttribute('class');
  const id = el.getAttribute('id');
  if (!cls && !id) return null;
  const names = `${(cls ?? '').toLowerCase()} ${(id ?? '').toLowerCase()}`;
  for (const token of names.split(/\s+/)) if (token && COMMENT_THREAD_TOKEN.test(token)) return COMMENT_THREAD;
  const m = BOILERPLATE_VOCABULARY.exec(` ${names} `);
  if (!m || CONTENT_VOCABULARY.test(names)) return null;
  return `class/id "${m[0].trim()}"`;
}

const COMMENT_THREAD = 'comment thread';

/**
 * Find the outermost boilerplate regions of the rendered page and discount them.
 * Cost: one attribute check per counted element, plus a walk up from each region found.
 */
export function discountBoilerplate(stats: PageStats): BoilerplateRegions {
  const n = stats.order.length;
  const b = n - 1;
  const nlcB = stats.tc[b]! - stats.lc[b]!;
  const matched: number[] = [];
  const reasons: string[] = [];
  for (let i = 0; i < b; i++) {
    if (stats.tc[i] === 0 && stats.img[i] === 0) continue; // nothing to discount
    const reason = boilerplateReason(stats.order[i]!);
    if (reason) { matched.push(i); reasons.push(reason); }
  }
  if (matched.length === 0) return { roots: [], reasons: [], stats };
  // Outer before inner (reverse post-order); a region inside an accepted one is already gone,
  // one inside a rejected one (the page's own <form>) is judged on its own.
  const accepted = new Set<Element>();
  const roots: number[] = [];
  const rootReasons: string[] = [];
  for (let m = matched.length - 1; m >= 0; m--) {
    const i = matched[m]!;
    const el = stats.order[i]!;
    let inside = false;
    for (let p = el.parentElement; p && p !== stats.root; p = p.parentElement) {
      if (accepted.has(p)) { inside = true; break; }
    }
    if (inside) continue;
    // An <aside> without a single link is a pull quote, a standfirst or a note set beside the
    // text (`<aside class="sub-heading">` under a heading), not a sidebar of links and widgets.
    if (reasons[m] === '<aside>' && stats.ln[i] === 0) continue;
    if (reasons[m] !== COMMENT_THREAD) {
      const share = nlcB > 0 ? (stats.tc[i]! - stats.lc[i]!) / nlcB : 0;
      if (share > BOILERPLATE_MAX_SHARE || el.querySelector('main, [role="main"]')) continue;
    }
    accepted.add(el);
    roots.push(i);
    rootReasons.push(reasons[m]!);
  }
  roots.reverse();
  rootReasons.reverse();
  let removedNlc = 0;
  for (const i of roots) removedNlc += stats.tc[i]! - stats.lc[i]!;
  if (nlcB - removedNlc < BOILERPLATE_MIN_REMAINING) return { roots: [], reasons: [], stats };

  const tc = stats.tc.slice(), lc = stats.lc.slice(), ln = stats.ln.slice(), img = stats.img.slice();
  const leafText = stats.leafText.slice(), leafAnchor = stats.leafAnchor.slice(), leafImage = stats.leafImage.slice();
  const zero = (k: number): void => {
    tc[k] = 0; lc[k] = 0; ln[k] = 0; img[k] = 0; leafText[k] = 0; leafAnchor[k] = 0; leafImage[k] = 0;
  };
  for (const i of roots) {
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
    // Post-order: a subtree is the contiguous run of indices ending at its root.
    zero(i);
    for (let k = i - 1; k >= 0 && root.contains(stats.order[k]!); k--) zero(k);
  }
  return {
    roots: roots.map((i) => stats.order[i]!),
    reasons: rootReasons,
    stats: { ...stats, tc, lc, ln, img, leafText, leafAnchor, leafImage },
  };
}
