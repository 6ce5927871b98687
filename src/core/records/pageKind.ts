/**
 * Page kind: article, product, list (search results, catalogue grids, archives), forum
 * thread, documentation, or other — from cheap signals read in one pass over the shared
 * DomIndex plus the page's own declarations (JSON-LD @type, og:type, microdata).
 *
 * The decision is a weighted vote of named rules (KIND_RULES below: data, never per-site).
 * The highest total wins; below MIN_KIND_SCORE the page is `other`. Weights were set by
 * reading the rules' hit rates per type on wcxb-dev (scripts/records-eval.ts --kinds
 * prints the confusion matrix), not by looking at single pages.
 */
import { jsonLdTypes, shortType } from '../jsonLd';
import type { PageKind } from '../types';
import type { DomIndex } from './domIndex';
import type { RepeatedGroup } from './recordMining';
import { BUY_BUTTON_PATTERN, DOC_GENERATORS, DOC_HOSTS, FORUM_PATTERN, PRICE_PATTERN, SCHEMA_TYPES, URL_HINTS } from './rules';

export type { PageKind } from '../types';
export const PAGE_KINDS: readonly PageKind[] = ['article', 'product', 'list', 'forum', 'documentation', 'other'];

export interface PageSignals {
  /** schema.org types the page declares (JSON-LD @type, microdata itemtype), lower-case. */
  schemaTypes: string[];
  ogType: string | null;
  urlPath: string;
  urlHost: string;
  /** Short leaves that read as a price. */
  priceLeaves: number;
  /** Buy buttons ("Add to cart", "In den Warenkorb", …): one on a product page, one per card on a grid. */
  buyButtons: number;
  /** Link characters / all characters of the page. */
  linkDensity: number;
  /** Share of links that sit in logical link blocks (SPEC §2), when the core computed it. */
  lcr: number | null;
  /** Best repeated sibling group (records), its share of the page text and its member count. */
  repeatedCount: number;
  repeatedTextShare: number;
  /** Share of the repeated group's members that carry a price / a link. */
  repeatedPriceShare: number;
  repeatedLinkShare: number;
  /** Short leaves with forum words (reply, quote, posted by, joined…). */
  forumWords: number;
  /** <pre>/<code> elements. */
  codeBlocks: number;
  docGenerator: boolean;
  /** Characters in long prose leaves (≥ 150 chars, not links, outside the repeated records) / all characters. */
  proseShare: number;
  textChars: number;
}

interface KindRule {
  kind: PageKind;
  name: string;
  weight: number;
  when: (s: PageSignals) => boolean;
}

const hasSchema = (s: PageSignals, set: ReadonlySet<string>): boolean => s.schemaTypes.some((t) => set.has(t));

/** The rules, as data. Each name says what it tests; weights are votes. */
export const KIND_RULES: readonly KindRule[] = [
  { kind: 'product', name: 'schema Product', weight: 3, when: (s) => hasSchema(s, SCHEMA_TYPES.product) && !hasSchema(s, SCHEMA_TYPES.list) },
  { kind: 'product', name: 'og:type product', weight: 3, when: (s) => s.ogType !== null && /product/iu.test(s.ogType) },
  { kind: 'product', name: 'one buy button', weight: 2, when: (s) => s.buyButtons >= 1 && s.buyButtons <= 3 },
  { kind: 'list', name: 'buy button per record', weight: 1, when: (s) => s.buyButtons >= 4 },
  { kind: 'product', name: 'few prices', weight: 1, when: (s) => s.priceLeaves >= 1 && s.priceLeaves <= 6 },
  { kind: 'product', name: 'product url', weight: 1, when: (s) => URL_HINTS.product.test(s.urlPath) },
  { kind: 'list', name: 'schema ItemList/CollectionPage', weight: 3, when: (s) => hasSchema(s, SCHEMA_TYPES.list) },
  { kind: 'list', name: 'priced records', weight: 3, when: (s) => s.repeatedCount >= 4 && s.repeatedPriceShare >= 0.5 },
  { kind: 'list', name: 'many prices', weight: 2, when: (s) => s.priceLeaves >= 8 },
  { kind: 'list', name: 'linked records dominate text', weight: 3, when: (s) => s.repeatedCount >= 5 && s.repeatedTextShare >= 0.35 && s.repeatedLinkShare >= 0.6 },
  { kind: 'list', name: 'list url', weight: 1, when: (s) => URL_HINTS.list.test(s.urlPath) },
  { kind: 'list', name: 'link-heavy page', weight: 1, when: (s) => s.linkDensity >= 0.45 && s.proseShare < 0.25 },
  { kind: 'forum', name: 'schema discussion', weight: 4, when: (s) => hasSchema(s, SCHEMA_TYPES.forum) },
  { kind: 'forum', name: 'forum words', weight: 2, when: (s) => s.forumWords >= 4 },
  { kind: 'forum', name: 'forum url', weight: 2, when: (s) => URL_HINTS.forum.test(s.urlPath) },
  { kind: 'documentation', name: 'schema TechArticle', weight: 3, when: (s) => hasSchema(s, SCHEMA_TYPES.documentation) },
  { kind: 'documentation', name: 'docs generator', weight: 3, when: (s) => s.docGenerator },
  { kind: 'documentation', name: 'code blocks', weight: 2, when: (s) => s.codeBlocks >= 3 },
  { kind: 'documentation', name: 'docs url', weight: 2, when: (s) => URL_HINTS.documentation.test(s.urlPath) },
  { kind: 'documentation', name: 'docs host', weight: 2, when: (s) => DOC_HOSTS.test(s.urlHost) },
  { kind: 'documentation', name: 'much code', weight: 1, when: (s) => s.codeBlocks >= 12 },
  { kind: 'article', name: 'schema Article', weight: 3, when: (s) => hasSchema(s, SCHEMA_TYPES.article) },
  { kind: 'article', name: 'og:type article', weight: 2, when: (s) => s.ogType === 'article' },
  { kind: 'article', name: 'prose dominates', weight: 2, when: (s) => s.proseShare >= 0.45 && s.linkDensity < 0.35 },
  { kind: 'article', name: 'link blocks frame the text', weight: 1, when: (s) => s.lcr !== null && s.lcr >= 0.6 && s.proseShare >= 0.3 },
];

/** Below this vote total the page is `other` (a landing or service page). */
export const MIN_KIND_SCORE = 3;

/**
 * What the stats walk does not see, read in ONE query over the document (every
 * querySelectorAll walks the whole tree): buttons and submit inputs (SKIP_SUBTREE_TAGS keeps
 * them out of the walk), cart forms, and microdata itemtypes.
 */
function scanControls(doc: Document): { buyButtons: number; microdataTypes: string[] } {
  let buyButtons = 0;
  let buttons = 0;
  const microdataTypes: string[] = [];
  for (const el of Array.from(doc.querySelectorAll('button, input[type="submit" i][value], form[action*="/cart"], [itemtype]'))) {
    const tag = el.tagName;
    if (el.hasAttribute('itemtype') && microdataTypes.length < 200) microdataTypes.push(...(el.getAttribute('itemtype') ?? '').split(/\s+/u));
    if (tag === 'FORM' && (el.getAttribute('action') ?? '').includes('/cart')) buyButtons++;
    else if ((tag === 'BUTTON' || tag === 'INPUT') && buttons++ < 400) {
      if (BUY_BUTTON_PATTERN.test(tag === 'INPUT' ? (el.getAttribute('value') ?? '') : (el.textContent ?? '').slice(0, 60))) buyButtons++;
    }
  }
  return { buyButtons, microdataTypes };
}

export function collectSignals(doc: Document, ix: DomIndex, group: RepeatedGroup | null, lcr: number | null): PageSignals {
  let priceLeaves = 0;
  let buyButtons = 0;
  let forumWords = 0;
  let proseChars = 0;
  const inGroup = new Uint8Array(ix.nodes.length);
  for (const m of group?.members ?? []) inGroup.fill(1, m, m + ix.size[m]!);
  for (const i of ix.leaves) {
    const text = ix.ownText[i]!;
    if (text.length <= 40) {
      if (PRICE_PATTERN.test(text)) priceLeaves++;
      if (BUY_BUTTON_PATTERN.test(text)) buyButtons++;
      if (FORUM_PATTERN.test(text)) forumWords++;
    } else if (text.length >= 150 && ix.inLink[i] === 0 && inGroup[i] === 0) proseChars += text.length;
  }
  const controls = scanControls(doc);
  buyButtons += controls.buyButtons;
  const schemaTypes = jsonLdTypes(doc);
  for (const t of controls.microdataTypes) if (t !== '') schemaTypes.add(shortType(t));
  let codeBlocks = 0;
  for (const el of ix.nodes) if (el.tagName === 'PRE' || el.tagName === 'CODE') codeBlocks++;
  const total = Math.max(1, ix.textChars[0] ?? 0);
  let repeatedPriced = 0;
  let repeatedLinked = 0;
  if (group) {
    for (const m of group.members) {
      const end = m + ix.size[m]!;
      for (let j = m; j < end; j++) if (ix.inLink[j] === 1) { repeatedLinked++; break; }
      for (let j = m; j < end; j++) {
        const t = ix.ownText[j]!;
        if (t !== '' && t.length <= 40 && PRICE_PATTERN.test(t)) { repeatedPriced++; break; }
      }
    }
  }
  const og = doc.querySelector('meta[property="og:type"]')?.getAttribute('content')?.trim().toLowerCase() ?? null;
  const generator = doc.querySelector('meta[name="generator"]')?.getAttribute('content') ?? '';
  let urlPath: string;
  let urlHost: string;
  try { const u = new URL(doc.URL); urlPath = u.pathname + u.search; urlHost = u.hostname; } catch { urlPath = ''; urlHost = ''; }
  return {
    schemaTypes: [...schemaTypes],
    ogType: og,
    urlPath,
    urlHost,
    priceLeaves,
    buyButtons,
    linkDensity: (ix.linkChars[0] ?? 0) / total,
    lcr,
    repeatedCount: group ? group.members.length : 0,
    repeatedTextShare: group ? group.textChars / total : 0,
    repeatedPriceShare: group ? repeatedPriced / group.members.length : 0,
    repeatedLinkShare: group ? repeatedLinked / group.members.length : 0,
    forumWords,
    codeBlocks,
    docGenerator: DOC_GENERATORS.test(generator),
    proseShare: proseChars / total,
    textChars: total,
  };
}

export interface KindDecision {
  kind: PageKind;
  scores: Record<PageKind, number>;
  /** Names of the rules that fired, for the trace and the popup's "why". */
  fired: string[];
}

export function classifyPageKind(signals: PageSignals): KindDecision {
  const scores: Record<PageKind, number> = { article: 0, product: 0, list: 0, forum: 0, documentation: 0, other: 0 };
  const fired: string[] = [];
  for (const rule of KIND_RULES) {
    if (rule.when(signals)) {
      scores[rule.kind] += rule.weight;
      fired.push(`${rule.kind}: ${rule.name}`);
    }
  }
  let kind: PageKind = 'other';
  let best = MIN_KIND_SCORE - 1;
  for (const k of PAGE_KINDS) if (scores[k] > best) { best = scores[k]; kind = k; }
  return { kind, scores, fired };
}
