/**
 * Features of each text leaf for the gradient-boosted node classifier (SPEC §5, paper 004
 * §3.1 b). The paper's nine (text length, sentences, whitespace, punctuation, depth, last
 * and second-last tag, same-tag siblings, relative position) come first; the rest are
 * ours and are named for what they measure: link density, the leaf's neighbourhood, the
 * ancestors' semantic tags and class/id words, rendered geometry and VSSE's seeds and area
 * (not its SimHash refinement: its distance feature cost ~13 % of Auto's in-page time and
 * 0.00x bag-of-words F1, see training/README.md "Speed").
 *
 * The same function runs in headless Chromium for training (training/) and in the page at
 * extraction time, so the model sees exactly the features it was trained on. Changing a
 * feature means re-running training (the model file records FEATURE_NAMES and refuses a
 * mismatch).
 */
import { annotate } from '../nodeTypes';
import { CJK_CHAR } from '../rules';
import type { NodeType } from '../types';
import type { ContentSelection, EngineContext } from './engine';
import { ntaEngine } from './nta';
import { countMatches, punctuationCount } from './vsseAlgorithms';
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

const SENTENCE_END = /[.!?。！？]+(?=\s|$)|[。！？]/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const DIGIT = /\p{N}/gu;
const CJK_GLOBAL = new RegExp(CJK_CHAR.source, 'gu');

/** Rendered box and type of an element in CSS px; zeros when not laid out (Node tests). */
export interface LeafGeometry { top: number; left: number; width: number; height: number; fontSize: number; fontWeight: number }
export type GeometryReader = (el: Element) => LeafGeometry;

/** Geometry from the live layout: one getBoundingClientRect and one getComputedStyle per leaf. */
export function liveGeometry(doc: Document): GeometryReader {
  const view = doc.defaultView;
  const scrollX = view?.scrollX ?? 0;
  const scrollY = view?.scrollY ?? 0;
  return (el) => {
    const r = el.getBoundingClientRect();
    const style = view?.getComputedStyle(el);
    return {
      top: r.top + scrollY,
      left: r.left + scrollX,
      width: r.width,
      height: r.height,
      fontSize: style ? parseFloat(style.fontSize) || 0 : 0,
      fontWeight: style ? parseFloat(style.fontWeight) || 400 : 400,
    };
  };
}

export const FEATURE_NAMES = [
  // paper 004 §3.1 b
  'textLength', 'sentences', 'whitespace', 'punctuation', 'depth', 'lastTag', 'secondLastTag',
  'sameTagSiblings', 'relativePosition',
  // text
  'words', 'relativeCharPosition', 'linkDensity', 'punctuationRatio', 'digitRatio', 'cjkRatio',
  'endsWithPunctuation', 'textShareOfMax', 'headingLevel',
  // neighbourhood
  'prevTextLength', 'nextTextLength', 'prevLinkDensity', 'nextLinkDensity',
  'parentText', 'parentLinkDensity', 'parentLeaves', 'grandText', 'grandLinkDensity',
  'greatText', 'greatLinkDensity', 'greatShareOfPage', 'commonDepthWithDensest', 'leafDistanceToDensest',
  // ancestors
  'negativeAncestors', 'positiveAncestors', 'negativeSelf', 'positiveSelf',
  ...FLAG_TAGS.map((t) => `in${t[0]}${t.slice(1).toLowerCase()}`),
  // geometry
  'top', 'topShare', 'left', 'width', 'widthShare', 'height', 'fontSize', 'fontSizeRatio', 'fontWeight', 'centreOffset',
  // VSSE (SPEC §3)
  'vvtcRatio', 'vsseSeed', 'vsseInArea',
  // NTA (SPEC §1) and logical link blocks (SPEC §2) from the shared stats pass
  'ntaType', 'ntaDoC', 'ntaTD', 'ntaParentTD', 'ntaKept', 'linkBlockLinkShare',
  // page
  'pageLeaves', 'pageTextLength', 'pageLinkDensity',
] as const;

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
  leaves.forEach((leaf, i) => {
    const k = stats.index.get(leaf.el);
    if (k !== undefined) {
      facts.type[i] = NTA_TYPE_CODE[ann.types[k] as NodeType] ?? 0;
      facts.doc[i] = ann.doc[k] ?? 0;
      facts.td[i] = ann.td[k] ?? 0;
    }
    const pk = leaf.el.parentElement ? stats.index.get(leaf.el.parentElement) : undefined;
    if (pk !== undefined) facts.parentTd[i] = ann.td[pk] ?? 0;
    // No rendered link below the leaf (stats: LN = 0) means none in a noise block: share 0.
    if (noiseLinks.size > 0 && (k === undefined || (stats.ln[k] ?? 0) > 0)) {
      const links = leaf.el.tagName.toUpperCase() === 'A' ? [leaf.el] : Array.from(leaf.el.getElementsByTagName('a'));
      let inBlocks = 0;
      for (const a of links) if (noiseLinks.has(a)) inBlocks++;
      facts.linkBlockShare[i] = links.length ? inBlocks / links.length : 0;
    }
    facts.kept[i] = isKept(leaf.el) && facts.linkBlockShare[i]! < 0.5 ? 1 : 0;
  });
  return facts;
}

export type FeatureName = (typeof FEATURE_NAMES)[number];

interface Aggregate { text: number; links: number; leaves: number }

/** One row per leaf (FEATURE_NAMES order), all in one row-major buffer; `rows[i]` is a view of row i. */
export interface FeatureMatrix {
  data: Float32Array;
  width: number;
  rows: Float32Array[];
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
 * times) and the ancestor regexes dominated Auto's profile.
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
  const rows: Float32Array[] = [];
  for (let i = 0; i < n; i++) rows.push(data.subarray(i * width, (i + 1) * width));
  if (n === 0) return { data, width, rows };
  // Per-ancestor text and link totals, for the neighbourhood features.
  const agg = new Map<Element, Aggregate>();
  let pageText = 0;
  let pageLinks = 0;
  let densest = 0;
  for (const leaf of leaves) {
    pageText += leaf.text.length;
    pageLinks += leaf.linkChars;
    if (leaf.text.length > (leaves[densest] as TextLeaf).text.length) densest = leaf.index;
    for (let a: Element | null = leaf.el; a; a = a.parentElement) {
      let entry = agg.get(a);
      if (!entry) { entry = { text: 0, links: 0, leaves: 0 }; agg.set(a, entry); }
      entry.text += leaf.text.length;
      entry.links += leaf.linkChars;
      entry.leaves += 1;
      if (a === root) break;
    }
  }
  // Elements on the densest leaf's path, with their depth below the root.
  const densestPath = new Map<Element, number>();
  {
    const path: Element[] = [];
    for (let a: Element | null = (leaves[densest] as TextLeaf).el; a; a = a.parentElement) {
      path.push(a);
      if (a === root) break;
    }
    const rootReached = path[path.length - 1] === root;
    path.forEach((a, k) => densestPath.set(a, rootReached ? path.length - 1 - k : leafDepth(a, root)));
  }
  const densestDepth = (leaves[densest] as TextLeaf).depth;
  const maxLen = (leaves[densest] as TextLeaf).text.length;

  const geo = leaves.map((l) => geometry(l.el));
  const rootGeo = geometry(root);
  let pageHeight = Math.max(1, rootGeo.height);
  for (const g of geo) if (g.top + g.height > pageHeight) pageHeight = g.top + g.height;
  const pageWidth = Math.max(1, rootGeo.width);
  const fontSizes = geo.map((g) => g.fontSize).filter((s) => s > 0).sort((a, b) => a - b);
  const medianFont = fontSizes[Math.floor(fontSizes.length / 2)] ?? 16;

  const ancestorOf = (el: Element, k: number): Element | null => {
    let a: Element | null = el;
    for (let i = 0; i < k && a && a !== root; i++) a = a.parentElement;
    return a;
  };
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

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
  const sameTagSiblings = (el: Element): number => {
    const parent = el.parentElement;
    if (!parent) return 0;
    let counts = siblingTags.get(parent);
    if (!counts) {
      counts = new Map();
      for (const sib of parent.children) counts.set(sib.tagName, (counts.get(sib.tagName) ?? 0) + 1);
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
    const sentences = countMatches(SENTENCE_END, text);
    const words = countMatches(WORD, text);
    const punct = punctuationCount(text);
    const cjk = countMatches(CJK_GLOBAL, text);
    const prev = leaves[i - 1];
    const next = leaves[i + 1];
    const p1 = agg.get(ancestorOf(el, 1) ?? el) ?? { text: 0, links: 0, leaves: 0 };
    const p2 = agg.get(ancestorOf(el, 2) ?? el) ?? p1;
    const p3 = agg.get(ancestorOf(el, 3) ?? el) ?? p2;
    let common = 0;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const d = densestPath.get(a);
      if (d !== undefined) { common = d; break; }
      if (a === root) break;
    }
    const anc = ancestorsOf(el);
    const selfWords = classWords(el);
    const g = geo[i] as LeafGeometry;
    const d = vsse.decisions[i];
    const heading = /^H[1-6]$/.test(tag) ? Number(tag[1]) : 0;

    let k = i * width;
    const put = (v: number): void => { data[k++] = v; };
    put(len); put(sentences); put(leaf.rawWhitespace); put(punct); put(leaf.depth); put(tagCode(el)); put(tagCode(parent));
    put(sameTagSiblings(el)); put(n > 1 ? i / (n - 1) : 0);
    put(words); put(ratio(charsBefore, pageText)); put(ratio(leaf.linkChars, len)); put(ratio(punct, len));
    put(ratio(countMatches(DIGIT, text), len)); put(ratio(cjk, len));
    put(/[.!?。！？:;"”’)]$/u.test(text) ? 1 : 0); put(ratio(len, maxLen)); put(heading);
    put(prev ? prev.text.length : -1); put(next ? next.text.length : -1);
    put(prev ? ratio(prev.linkChars, prev.text.length) : -1); put(next ? ratio(next.linkChars, next.text.length) : -1);
    put(p1.text); put(ratio(p1.links, p1.text)); put(p1.leaves); put(p2.text); put(ratio(p2.links, p2.text));
    put(p3.text); put(ratio(p3.links, p3.text)); put(ratio(p3.text, pageText));
    put(ratio(common, densestDepth)); put(Math.abs(i - densest) / n);
    put(anc.neg); put(anc.pos); put(NEGATIVE_WORDS.test(selfWords) ? 1 : 0); put(POSITIVE_WORDS.test(selfWords) ? 1 : 0);
    for (let f = 0; f < FLAG_TAGS.length; f++) put(anc.flags & (1 << f) ? 1 : 0);
    put(g.top); put(g.top / pageHeight); put(g.left); put(g.width); put(g.width / pageWidth); put(g.height); put(g.fontSize);
    put(g.fontSize / medianFont); put(g.fontWeight); put(Math.abs(g.left + g.width / 2 - pageWidth / 2) / pageWidth);
    put(d ? d.vvtcRatio : 0); put(d?.seed ? 1 : 0); put(d?.inArea ? 1 : 0);
    put(nta.type[i] ?? 0); put(nta.doc[i] ?? 0); put(nta.td[i] ?? 0); put(nta.parentTd[i] ?? 0); put(nta.kept[i] ?? 0); put(nta.linkBlockShare[i] ?? 0);
    put(n); put(pageText); put(ratio(pageLinks, pageText));
    charsBefore += len;
  }
  return { data, width, rows };
}

function leafDepth(el: Element, root: Element): number {
  let d = 0;
  for (let a: Element | null = el; a && a !== root; a = a.parentElement) d++;
  return d;
}
