/**
 * Features of each text leaf for the gradient-boosted node classifier (SPEC §5, paper 004
 * §3.1 b). The paper's (text length, punctuation, depth, last and second-last tag, same-tag
 * siblings, relative position; its sentence and whitespace counts were dropped for speed)
 * come first; the rest are ours and are named for what they measure: link density, the
 * leaf's neighbourhood, the ancestors' semantic tags and class/id words, rendered geometry,
 * VSSE's content area and NTA's view of the leaf. Features whose in-page cost was high
 * for what they added were measured and dropped (training/README.md "Speed").
 *
 * The same function runs in headless Chromium for training (training/) and in the page at
 * extraction time, so the model sees exactly the features it was trained on. Changing a
 * feature means re-running training (the model file records FEATURE_NAMES and refuses a
 * mismatch).
 */
import { annotate } from '../nodeTypes';
import type { NodeType } from '../types';
import type { ContentSelection, EngineContext } from './engine';
import { ntaEngine } from './nta';
import type { VsseSelection } from './vsseSelect';
import type { TextLeaf } from './vsseTextLeaves';

/** Tag vocabulary for the "last tag" / "second-last tag" features; 0 = any other tag. */
const TAG_CODES: readonly string[] = [
  '', 'P', 'DIV', 'SPAN', 'LI', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'A', 'SECTION',
  'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'NAV', 'ASIDE', 'BLOCKQUOTE', 'PRE', 'FIGCAPTION',
  'FIGURE', 'DT', 'DD', 'UL', 'OL', 'DL', 'TR', 'TABLE', 'FORM', 'BODY', 'CAPTION', 'SUMMARY',
  'DETAILS', 'ADDRESS', 'CENTER', 'FONT', 'LABEL',
];
const TAG_INDEX = new Map(TAG_CODES.map((t, i) => [t, i]));
const tagCode = (el: Element | null): number => (el ? TAG_INDEX.get(el.tagName.toUpperCase()) ?? 0 : 0);

/**
 * Class/id words that mark boilerplate or content containers, as in Readability's
 * unlikely/positive candidate lists (Mozilla Readability.js REGEXPS), matched on the leaf
 * and its ancestors.
 */
const NEGATIVE_WORDS = /(^|[\s_-])(comment|comments|footer|foot|nav|navbar|navigation|menu|sidebar|side|widget|share|sharing|social|related|recommend|promo|sponsor|advert|ads?|banner|cookie|consent|subscribe|newsletter|signup|login|breadcrumbs?|pagination|pager|popup|modal|masthead|byline|meta|tags?|author|disclaimer|copyright|rating|reviews?|cart|search)([\s_-]|$)/i;
const POSITIVE_WORDS = /(^|[\s_-])(article|content|entry|post|story|body|main|text|prose|blog|news|page|single|hentry|markdown|rich-?text)([\s_-]|$)/i;

/** Ancestor tags recorded as flags (HTML5 sectioning says what a region is for). */
const FLAG_TAGS = ['NAV', 'HEADER', 'FOOTER', 'ASIDE', 'ARTICLE', 'MAIN', 'FORM', 'LI', 'TABLE', 'FIGURE', 'BLOCKQUOTE', 'PRE', 'A'] as const;

/** Characters a sentence or clause ends with (the endsWithPunctuation feature). */
const SENTENCE_END_CHARS: ReadonlySet<number> = new Set(Array.from('.!?。！？:;"”’)', (c) => c.charCodeAt(0)));

/** Rendered box of an element in CSS px (page coordinates); zeros when not laid out (Node tests). */
export interface LeafGeometry { top: number; left: number; width: number; height: number }
export type GeometryReader = (el: Element) => LeafGeometry;

/**
 * Geometry from the live layout: one getBoundingClientRect per leaf. (Font size and weight
 * needed a getComputedStyle per leaf and were dropped: training/README.md "Speed".)
 */
export function liveGeometry(doc: Document): GeometryReader {
  const view = doc.defaultView;
  const scrollX = view?.scrollX ?? 0;
  const scrollY = view?.scrollY ?? 0;
  return (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + scrollY, left: r.left + scrollX, width: r.width, height: r.height };
  };
}

/**
 * The model's inputs. Features measured and dropped for speed (training/README.md "Speed"):
 * the paper's sentences and whitespace, words, digit and CJK ratios, font size/weight (a
 * getComputedStyle per leaf), VSSE's seed flag and SimHash distance.
 */
export const FEATURE_NAMES = [
  // paper 004 §3.1 b
  'textLength', 'punctuation', 'depth', 'lastTag', 'secondLastTag',
  'sameTagSiblings', 'relativePosition',
  // text
  'relativeCharPosition', 'linkDensity', 'punctuationRatio',
  'endsWithPunctuation', 'textShareOfMax', 'headingLevel',
  // neighbourhood
  'prevTextLength', 'nextTextLength', 'prevLinkDensity', 'nextLinkDensity',
  'parentText', 'parentLinkDensity', 'parentLeaves', 'grandText', 'grandLinkDensity',
  'greatText', 'greatLinkDensity', 'greatShareOfPage', 'commonDepthWithDensest', 'leafDistanceToDensest',
  // ancestors
  'negativeAncestors', 'positiveAncestors', 'negativeSelf', 'positiveSelf',
  ...FLAG_TAGS.map((t) => `in${t[0]}${t.slice(1).toLowerCase()}`),
  // geometry
  'top', 'topShare', 'left', 'width', 'widthShare', 'height', 'centreOffset',
  // VSSE (SPEC §3)
  'vvtcRatio', 'vsseInArea',
  // NTA (SPEC §1) and logical link blocks (SPEC §2) from the shared stats pass
  'ntaType', 'ntaDoC', 'ntaTD', 'ntaParentTD', 'ntaKept', 'linkBlockLinkShare',
  // page
  'pageLeaves', 'pageTextLength', 'pageLinkDensity',
] as const;

const col = (name: string): number => {
  const i = (FEATURE_NAMES as readonly string[]).indexOf(name);
  if (i < 0) throw new Error(`no feature ${name}`);
  return i;
};
const C_TEXT_LENGTH = col('textLength');
const C_PUNCTUATION = col('punctuation');
const C_DEPTH = col('depth');
const C_LAST_TAG = col('lastTag');
const C_SECOND_LAST_TAG = col('secondLastTag');
const C_SAME_TAG_SIBLINGS = col('sameTagSiblings');
const C_RELATIVE_POSITION = col('relativePosition');
const C_RELATIVE_CHAR_POSITION = col('relativeCharPosition');
const C_LINK_DENSITY = col('linkDensity');
const C_PUNCTUATION_RATIO = col('punctuationRatio');
const C_ENDS_WITH_PUNCTUATION = col('endsWithPunctuation');
const C_TEXT_SHARE_OF_MAX = col('textShareOfMax');
const C_HEADING_LEVEL = col('headingLevel');
const C_PREV_TEXT_LENGTH = col('prevTextLength');
const C_NEXT_TEXT_LENGTH = col('nextTextLength');
const C_PREV_LINK_DENSITY = col('prevLinkDensity');
const C_NEXT_LINK_DENSITY = col('nextLinkDensity');
const C_PARENT_TEXT = col('parentText');
const C_PARENT_LINK_DENSITY = col('parentLinkDensity');
const C_PARENT_LEAVES = col('parentLeaves');
const C_GRAND_TEXT = col('grandText');
const C_GRAND_LINK_DENSITY = col('grandLinkDensity');
const C_GREAT_TEXT = col('greatText');
const C_GREAT_LINK_DENSITY = col('greatLinkDensity');
const C_GREAT_SHARE_OF_PAGE = col('greatShareOfPage');
const C_COMMON_DEPTH_WITH_DENSEST = col('commonDepthWithDensest');
const C_LEAF_DISTANCE_TO_DENSEST = col('leafDistanceToDensest');
const C_NEGATIVE_ANCESTORS = col('negativeAncestors');
const C_POSITIVE_ANCESTORS = col('positiveAncestors');
const C_NEGATIVE_SELF = col('negativeSelf');
const C_POSITIVE_SELF = col('positiveSelf');
/** The FLAG_TAGS columns are consecutive, in FLAG_TAGS order. */
const C_FLAGS = col('inNav');
const C_TOP = col('top');
const C_TOP_SHARE = col('topShare');
const C_LEFT = col('left');
const C_WIDTH = col('width');
const C_WIDTH_SHARE = col('widthShare');
const C_HEIGHT = col('height');
const C_CENTRE_OFFSET = col('centreOffset');
const C_VVTC_RATIO = col('vvtcRatio');
const C_VSSE_IN_AREA = col('vsseInArea');
const C_NTA_TYPE = col('ntaType');
const C_NTA_DOC = col('ntaDoC');
const C_NTA_TD = col('ntaTD');
const C_NTA_PARENT_TD = col('ntaParentTD');
const C_NTA_KEPT = col('ntaKept');
const C_LINK_BLOCK_LINK_SHARE = col('linkBlockLinkShare');
const C_PAGE_LEAVES = col('pageLeaves');
const C_PAGE_TEXT_LENGTH = col('pageTextLength');
const C_PAGE_LINK_DENSITY = col('pageLinkDensity');

const NTA_TYPE_CODE: Record<NodeType, number> = { text: 1, anchor: 2, image: 3, ignore: 4 };

/** Per-leaf facts from the NTA engine and link blocks (the other engines' view of each leaf). */
export interface NtaLeafFacts {
  type: Float32Array;
  doc: Float32Array;
  td: Float32Array;
  parentTd: Float32Array;
  /** 1 when NTA's selection keeps the leaf (inside a kept subtree, not link-block noise). */
  kept: Float32Array;
  /** Share of the leaf's links that belong to a noise link block. */
  linkBlockShare: Float32Array;
  /** NTA's own selection (reused by the auto engine rather than computed twice). */
  selection: ContentSelection | null;
}

export function ntaLeafFacts(ctx: EngineContext, leaves: readonly TextLeaf[]): NtaLeafFacts {
  const n = leaves.length;
  const facts: NtaLeafFacts = {
    type: new Float32Array(n), doc: new Float32Array(n), td: new Float32Array(n), parentTd: new Float32Array(n),
    kept: new Float32Array(n), linkBlockShare: new Float32Array(n), selection: null,
  };
  const { stats } = ctx;
  const ann = annotate(stats);
  const noiseLinks = new Set<Element>();
  for (const b of ctx.linkBlocks.blocks) if (b.isNoise) for (const a of b.links) noiseLinks.add(a);
  // NTA's answer is a feature here, not the clip: its trace (a describePath per decisive
  // node, ~8 % of NTA's own time) would be thrown away, so it is not built.
  const selection = ntaEngine.select(ctx.options.trace ? { ...ctx, options: { ...ctx.options, trace: false } } : ctx);
  facts.selection = selection;
  const keptMemo = new Map<Node, boolean>();
  const isKept = (node: Node): boolean => {
    const path: Node[] = [];
    let verdict = false;
    for (let cur: Node | null = node; cur; cur = cur.parentNode) {
      const memo = keptMemo.get(cur);
      if (memo !== undefined) { verdict = memo; break; }
      path.push(cur);
      if (selection?.kept.has(cur)) { verdict = true; break; }
      if (cur === stats.root) break;
    }
    for (const p of path) keptMemo.set(p, verdict);
    return verdict;
  };
  // Share of the links below a leaf (getElementsByTagName('a'), or the leaf itself when it
  // is a link) that sit in a noise block. Only leaves with rendered links (stats: LN > 0)
  // are asked; the total is the native collection's length, and the noise links are
  // counted by walking up from each noise link (few) instead of testing every link of
  // every leaf in JS, which re-read whole subtrees for container leaves.
  const asked = new Map<Element, number>();
  const noiseBelow = new Int32Array(n);
  if (noiseLinks.size > 0) {
    for (let i = 0; i < n; i++) {
      const el = (leaves[i] as TextLeaf).el;
      const k = stats.index.get(el);
      if (k === undefined || (stats.ln[k] ?? 0) > 0) asked.set(el, i);
    }
    for (const a of noiseLinks) {
      for (let cur = a.parentElement; cur; cur = cur.parentElement) {
        const i = asked.get(cur);
        if (i !== undefined) noiseBelow[i] = (noiseBelow[i] as number) + 1;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    const el = (leaves[i] as TextLeaf).el;
    const k = stats.index.get(el);
    if (k !== undefined) {
      facts.type[i] = NTA_TYPE_CODE[ann.types[k] as NodeType] ?? 0;
      facts.doc[i] = ann.doc[k] ?? 0;
      facts.td[i] = ann.td[k] ?? 0;
    }
    const pk = el.parentElement ? stats.index.get(el.parentElement) : undefined;
    if (pk !== undefined) facts.parentTd[i] = ann.td[pk] ?? 0;
    if (asked.has(el)) {
      if (el.tagName.toUpperCase() === 'A') facts.linkBlockShare[i] = noiseLinks.has(el) ? 1 : 0;
      else {
        const links = el.getElementsByTagName('a').length;
        facts.linkBlockShare[i] = links ? (noiseBelow[i] as number) / links : 0;
      }
    }
    facts.kept[i] = isKept(el) && facts.linkBlockShare[i]! < 0.5 ? 1 : 0;
  }
  return facts;
}

export type FeatureName = (typeof FEATURE_NAMES)[number];

interface Aggregate { text: number; links: number; leaves: number }

/** One row per leaf (FEATURE_NAMES order), all in one row-major buffer of `width` columns. */
export interface FeatureMatrix {
  data: Float32Array;
  width: number;
}

/** Each row as a view (training and tests; the engines read `data` directly, no per-leaf views). */
export function featureRows(m: FeatureMatrix): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let k = 0; k + m.width <= m.data.length && m.width > 0; k += m.width) rows.push(m.data.subarray(k, k + m.width));
  return rows;
}

/** Class/id words and sectioning tags of the ancestors strictly between a leaf and the root. */
interface AncestorFacts { neg: number; pos: number; flags: number }
const NO_ANCESTORS: AncestorFacts = { neg: 0, pos: 0, flags: 0 };
const FLAG_BIT = new Map<string, number>(FLAG_TAGS.map((t, i) => [t, 1 << i]));
const classWords = (el: Element): string => `${el.id} ${el.getAttribute('class') ?? ''} ${el.getAttribute('role') ?? ''}`;

/**
 * One feature row per leaf, in FEATURE_NAMES order. `root` is the element the leaves were
 * collected under (usually `<body>`).
 *
 * Per-element facts that many leaves share (ancestor class words, same-tag sibling counts,
 * depths on the densest leaf's path) are computed once per element and memoised: computed
 * per leaf they were quadratic on long lists (a 1,000-item <ul> read its children 10⁶
 * times) and the ancestor regexes dominated Auto's profile. The row is written column by
 * column through the C_* indices (no per-value closure: the benchmark times a cold first
 * call, and an interpreted call per feature per leaf added up).
 */
export function leafFeatures(
  root: Element,
  leaves: readonly TextLeaf[],
  vsse: VsseSelection,
  geometry: GeometryReader,
  nta: NtaLeafFacts,
): FeatureMatrix {
  const n = leaves.length;
  const width = FEATURE_NAMES.length;
  const data = new Float32Array(n * width);
  if (n === 0) return { data, width };
  // Per-ancestor text and link totals, for the neighbourhood features.
  const agg = new Map<Element, Aggregate>();
  let pageText = 0;
  let pageLinks = 0;
  let densest = 0;
  for (const leaf of leaves) {
    const len = leaf.text.length;
    pageText += len;
    pageLinks += leaf.linkChars;
    if (len > (leaves[densest] as TextLeaf).text.length) densest = leaf.index;
    for (let a: Element | null = leaf.el; a; a = a.parentElement) {
      let entry = agg.get(a);
      if (!entry) { entry = { text: 0, links: 0, leaves: 0 }; agg.set(a, entry); }
      entry.text += len;
      entry.links += leaf.linkChars;
      entry.leaves += 1;
      if (a === root) break;
    }
  }
  // Elements on the densest leaf's path, with their depth below the root; other elements
  // get the depth of their nearest ancestor on that path (memoised as leaves ask).
  const commonDepth = new Map<Element, number>();
  {
    const path: Element[] = [];
    for (let a: Element | null = (leaves[densest] as TextLeaf).el; a; a = a.parentElement) {
      path.push(a);
      if (a === root) break;
    }
    const rootReached = path[path.length - 1] === root;
    path.forEach((a, k) => commonDepth.set(a, rootReached ? path.length - 1 - k : leafDepth(a, root)));
  }
  const commonDepthOf = (el: Element): number => {
    const chain: Element[] = [];
    let depth = 0;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const d = commonDepth.get(a);
      if (d !== undefined) { depth = d; break; }
      chain.push(a);
      if (a === root) break;
    }
    for (const a of chain) commonDepth.set(a, depth);
    return depth;
  };
  const densestDepth = (leaves[densest] as TextLeaf).depth;
  const maxLen = (leaves[densest] as TextLeaf).text.length;

  const geo: LeafGeometry[] = new Array<LeafGeometry>(n);
  for (let i = 0; i < n; i++) geo[i] = geometry((leaves[i] as TextLeaf).el);
  const rootGeo = geometry(root);
  let pageHeight = Math.max(1, rootGeo.height);
  for (const g of geo) if (g.top + g.height > pageHeight) pageHeight = g.top + g.height;
  const pageWidth = Math.max(1, rootGeo.width);
  const pageLinkDensity = ratio(pageLinks, pageText);

  // Facts of the ancestors from `el`'s parent up to (not including) the root, memoised per
  // element; iterative, because pages nest thousands deep.
  const ancestorMemo = new Map<Element, AncestorFacts>();
  const ancestorsOf = (el: Element): AncestorFacts => {
    const chain: Element[] = [];
    let facts = NO_ANCESTORS;
    for (let a: Element = el; ;) {
      const parent = a.parentElement;
      if (!parent || parent === root) break;
      const memo = ancestorMemo.get(a);
      if (memo) { facts = memo; break; }
      chain.push(a);
      a = parent;
    }
    for (let k = chain.length - 1; k >= 0; k--) {
      const a = chain[k] as Element;
      const parent = a.parentElement as Element;
      const words = classWords(parent);
      facts = {
        neg: facts.neg + (NEGATIVE_WORDS.test(words) ? 1 : 0),
        pos: facts.pos + (POSITIVE_WORDS.test(words) ? 1 : 0),
        flags: facts.flags | (FLAG_BIT.get(parent.tagName.toUpperCase()) ?? 0),
      };
      ancestorMemo.set(a, facts);
    }
    return facts;
  };
  // Same-tag sibling counts, once per parent.
  const siblingTags = new Map<Element, Map<string, number>>();
  const sameTagSiblings = (el: Element, parent: Element | null): number => {
    if (!parent) return 0;
    let counts = siblingTags.get(parent);
    if (!counts) {
      counts = new Map();
      for (let sib = parent.firstElementChild; sib; sib = sib.nextElementSibling) counts.set(sib.tagName, (counts.get(sib.tagName) ?? 0) + 1);
      siblingTags.set(parent, counts);
    }
    return counts.get(el.tagName) ?? 0;
  };

  let charsBefore = 0;
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i] as TextLeaf;
    const el = leaf.el;
    const text = leaf.text;
    const len = text.length;
    const parent = el.parentElement;
    const tag = el.tagName.toUpperCase();
    const punct = vsse.punctuation[i] ?? 0;
    // The leaf's first three ancestors, stopping at the root (the root is its own ancestor).
    const a1 = el === root ? el : parent ?? el;
    const a2 = a1 === root ? a1 : a1.parentElement ?? a1;
    const a3 = a2 === root ? a2 : a2.parentElement ?? a2;
    const p1 = agg.get(a1) ?? NO_AGGREGATE;
    const p2 = agg.get(a2) ?? p1;
    const p3 = agg.get(a3) ?? p2;
    const anc = ancestorsOf(el);
    const selfWords = classWords(el);
    const g = geo[i] as LeafGeometry;
    const d = vsse.decisions[i];
    const prev = leaves[i - 1];
    const next = leaves[i + 1];
    const last = len > 0 ? text.charCodeAt(len - 1) : 0;

    const o = i * width;
    data[o + C_TEXT_LENGTH] = len;
    data[o + C_PUNCTUATION] = punct;
    data[o + C_DEPTH] = leaf.depth;
    data[o + C_LAST_TAG] = TAG_INDEX.get(tag) ?? 0;
    data[o + C_SECOND_LAST_TAG] = tagCode(parent);
    data[o + C_SAME_TAG_SIBLINGS] = sameTagSiblings(el, parent);
    data[o + C_RELATIVE_POSITION] = n > 1 ? i / (n - 1) : 0;
    data[o + C_RELATIVE_CHAR_POSITION] = ratio(charsBefore, pageText);
    data[o + C_LINK_DENSITY] = ratio(leaf.linkChars, len);
    data[o + C_PUNCTUATION_RATIO] = ratio(punct, len);
    data[o + C_ENDS_WITH_PUNCTUATION] = SENTENCE_END_CHARS.has(last) ? 1 : 0;
    data[o + C_TEXT_SHARE_OF_MAX] = ratio(len, maxLen);
    data[o + C_HEADING_LEVEL] = tag.length === 2 && tag.charCodeAt(0) === 72 ? headingLevel(tag) : 0;
    data[o + C_PREV_TEXT_LENGTH] = prev ? prev.text.length : -1;
    data[o + C_NEXT_TEXT_LENGTH] = next ? next.text.length : -1;
    data[o + C_PREV_LINK_DENSITY] = prev ? ratio(prev.linkChars, prev.text.length) : -1;
    data[o + C_NEXT_LINK_DENSITY] = next ? ratio(next.linkChars, next.text.length) : -1;
    data[o + C_PARENT_TEXT] = p1.text;
    data[o + C_PARENT_LINK_DENSITY] = ratio(p1.links, p1.text);
    data[o + C_PARENT_LEAVES] = p1.leaves;
    data[o + C_GRAND_TEXT] = p2.text;
    data[o + C_GRAND_LINK_DENSITY] = ratio(p2.links, p2.text);
    data[o + C_GREAT_TEXT] = p3.text;
    data[o + C_GREAT_LINK_DENSITY] = ratio(p3.links, p3.text);
    data[o + C_GREAT_SHARE_OF_PAGE] = ratio(p3.text, pageText);
    data[o + C_COMMON_DEPTH_WITH_DENSEST] = ratio(commonDepthOf(el), densestDepth);
    data[o + C_LEAF_DISTANCE_TO_DENSEST] = Math.abs(i - densest) / n;
    data[o + C_NEGATIVE_ANCESTORS] = anc.neg;
    data[o + C_POSITIVE_ANCESTORS] = anc.pos;
    data[o + C_NEGATIVE_SELF] = NEGATIVE_WORDS.test(selfWords) ? 1 : 0;
    data[o + C_POSITIVE_SELF] = POSITIVE_WORDS.test(selfWords) ? 1 : 0;
    for (let f = 0; f < FLAG_TAGS.length; f++) data[o + C_FLAGS + f] = anc.flags & (1 << f) ? 1 : 0;
    data[o + C_TOP] = g.top;
    data[o + C_TOP_SHARE] = g.top / pageHeight;
    data[o + C_LEFT] = g.left;
    data[o + C_WIDTH] = g.width;
    data[o + C_WIDTH_SHARE] = g.width / pageWidth;
    data[o + C_HEIGHT] = g.height;
    data[o + C_CENTRE_OFFSET] = Math.abs(g.left + g.width / 2 - pageWidth / 2) / pageWidth;
    data[o + C_VVTC_RATIO] = d ? d.vvtcRatio : 0;
    data[o + C_VSSE_IN_AREA] = d?.inArea ? 1 : 0;
    data[o + C_NTA_TYPE] = nta.type[i] ?? 0;
    data[o + C_NTA_DOC] = nta.doc[i] ?? 0;
    data[o + C_NTA_TD] = nta.td[i] ?? 0;
    data[o + C_NTA_PARENT_TD] = nta.parentTd[i] ?? 0;
    data[o + C_NTA_KEPT] = nta.kept[i] ?? 0;
    data[o + C_LINK_BLOCK_LINK_SHARE] = nta.linkBlockShare[i] ?? 0;
    data[o + C_PAGE_LEAVES] = n;
    data[o + C_PAGE_TEXT_LENGTH] = pageText;
    data[o + C_PAGE_LINK_DENSITY] = pageLinkDensity;
    charsBefore += len;
  }
  return { data, width };
}

const NO_AGGREGATE: Aggregate = { text: 0, links: 0, leaves: 0 };
const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);
/** `<h1>`…`<h6>` → 1…6, else 0 (the caller checked for a two-letter tag starting with H). */
function headingLevel(tag: string): number {
  const c = tag.charCodeAt(1) - 48;
  return c >= 1 && c <= 6 ? c : 0;
}

function leafDepth(el: Element, root: Element): number {
  let d = 0;
  for (let a: Element | null = el; a && a !== root; a = a.parentElement) d++;
  return d;
}
