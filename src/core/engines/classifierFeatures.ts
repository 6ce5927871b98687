/**
 * Features of each text leaf for the gradient-boosted node classifier (SPEC §5, paper 004
 * §3.1 b). The paper's (text length, punctuation, depth, last and second-last tag, same-tag
 * siblings, relative position; its sentence and whitespace counts were dropped for speed)
 * come first; the rest are ours and are named for what they measure: link density, the
 * leaf's neighbourhood, the ancestors' semantic tags and class/id words, VSSE's content area
 * and NTA's view of the leaf. Features whose in-page cost was high
 * for what they added were measured and dropped (training/README.md "Speed").
 *
 * The same function runs in headless Chromium for training (training/) and in the page at
 * extraction time, so the model sees exactly the features it was trained on. Changing a
 * feature means re-running training (the model file records FEATURE_NAMES and refuses a
 * mismatch).
 */
import { annotate } from '../nodeTypes';
import type { NodeType } from '../types';
import { wordRuns } from '../unicodeText';
import type { ContentSelection, EngineContext } from './engine';
import { ntaSelectAnnotated, type AnnotatedNtaSelection } from './nta';
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

/**
 * The model's inputs. Features measured and dropped for speed (training/README.md "Speed"):
 * the paper's sentences and whitespace, words, digit and CJK ratios, font size/weight (a
 * getComputedStyle per leaf), VSSE's seed flag and SimHash distance, and (session 6) the
 * rendered box (top, left, width, height and their page shares: a getBoundingClientRect per
 * leaf; site-disjoint CV of Auto equal without them, README "Speed (session 6)").
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
  /**
   * What NTA keeps of the leaf: with the pipeline (EngineContext.clipOf), the share of
   * its word-run n-grams in NTA's clip (clipShares); without, 1 when it lies in a kept
   * subtree and is not link-block noise.
   */
  kept: Float32Array;
  /** Share of the leaf's links that belong to a noise link block. */
  linkBlockShare: Float32Array;
  /** NTA's own selection (reused by the auto engine rather than computed twice). */
  selection: ContentSelection | null;
}

/**
 * `ntaDone`: NTA's selection on this ctx when the caller already ran it (the auto engine's
 * gate runs NTA first); its trace does not matter here, only its kept set, stats and annotation.
 */
export function ntaLeafFacts(ctx: EngineContext, leaves: readonly TextLeaf[], ancestry?: LeafAncestry, ntaDone?: AnnotatedNtaSelection): NtaLeafFacts {
  const n = leaves.length;
  const facts: NtaLeafFacts = {
    type: new Float32Array(n), doc: new Float32Array(n), td: new Float32Array(n), parentTd: new Float32Array(n),
    kept: new Float32Array(n), linkBlockShare: new Float32Array(n), selection: null,
  };
  const { stats } = ctx;
  const anc = ancestry ?? leafAncestry(stats.root, leaves);
  // Index loops over blocks and links (no iterator object per step in cold code); the noise
  // links are kept in a list as well as the Set, each once, for the upward walks below.
  const noiseLinks = new Set<Element>();
  const noiseList: Element[] = [];
  const blocks = ctx.linkBlocks.blocks;
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b] as (typeof blocks)[number];
    if (!block.isNoise) continue;
    for (let k = 0; k < block.links.length; k++) {
      const a = block.links[k] as Element;
      if (!noiseLinks.has(a)) { noiseLinks.add(a); noiseList.push(a); }
    }
  }
  // NTA's answer is a feature here, not the clip: its trace (a describePath per decisive
  // node, ~8 % of NTA's own time) would be thrown away, so it is not built.
  const nta = ntaDone ?? ntaSelectAnnotated(ctx.options.trace ? { ...ctx, options: { ...ctx.options, trace: false } } : ctx);
  const selection = nta.selection;
  facts.selection = selection;
  // The features read the annotation of the undiscounted stats: NTA's own whenever it
  // discounted no boilerplate region (annotate is a pure function of the stats).
  const ann = nta.stats === stats ? nta.ann : annotate(stats);
  // Where the pipeline runs, NTA's clip says what NTA keeps of each leaf (clipShares, below).
  const clip = selection && ctx.clipOf ? ctx.clipOf(selection) : null;
  // Elsewhere an element is in NTA's selection when it or an ancestor up to the root is kept;
  // elements are numbered parents first (leafAncestry), so one forward pass decides them all.
  const inSelection = new Uint8Array(anc.elements.length);
  if (selection && !clip) {
    for (let id = 0; id < inSelection.length; id++) {
      const p = anc.parentOf[id] as number;
      inSelection[id] = selection.kept.has(anc.elements[id] as Element) || (p >= 0 && inSelection[p] === 1) ? 1 : 0;
    }
  }
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
    for (let k = 0; k < noiseList.length; k++) {
      for (let cur = (noiseList[k] as Element).parentElement; cur; cur = cur.parentElement) {
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
    const parent = anc.parent[i] as Element | null;
    const pk = parent ? stats.index.get(parent) : undefined;
    if (pk !== undefined) facts.parentTd[i] = ann.td[pk] ?? 0;
    if (asked.has(el)) {
      if (el.tagName.toUpperCase() === 'A') facts.linkBlockShare[i] = noiseLinks.has(el) ? 1 : 0;
      else {
        const links = el.getElementsByTagName('a').length;
        facts.linkBlockShare[i] = links ? (noiseBelow[i] as number) / links : 0;
      }
    }
    if (!clip) facts.kept[i] = inSelection[anc.self[i] as number] === 1 && facts.linkBlockShare[i]! < 0.5 ? 1 : 0;
  }
  // NTA's clip is more than its kept subtrees: stage 5 drops link blocks, widgets, teasers and
  // repeats inside them, and a text run kept inside a partly kept block has no kept ancestor.
  // Its text is serialized once (Auto asked about it already, and the pipeline reuses it when
  // NTA's selection is returned).
  if (clip) clipShares(clip.text, leaves, facts.kept);
  return facts;
}

/**
 * `out[i]` := the share of leaf i's word-run n-grams that occur in `clipText` (lower-cased
 * runs, n = 3, or the leaf's run count when it has fewer): 1 for a leaf the clip holds
 * whole, 0 for one it dropped, between for one it kept in part. A leaf without word runs
 * gets 0. The training labels ask the same question of the truth text (train.py).
 */
export function clipShares(clipText: string, leaves: readonly TextLeaf[], out: Float32Array): void {
  const runs = wordRuns(clipText.toLowerCase());
  const grams = [new Set<string>(), new Set<string>(), new Set<string>()];
  for (let n = 1; n <= 3; n++) {
    const set = grams[n - 1] as Set<string>;
    for (let j = 0; j + n <= runs.length; j++) set.add(gramAt(runs, j, n));
  }
  for (let i = 0; i < leaves.length; i++) {
    const t = wordRuns((leaves[i] as TextLeaf).text.toLowerCase());
    const n = Math.min(3, t.length);
    if (n === 0) { out[i] = 0; continue; }
    const set = grams[n - 1] as Set<string>;
    let found = 0;
    const total = t.length - n + 1;
    for (let j = 0; j < total; j++) if (set.has(gramAt(t, j, n))) found++;
    out[i] = found / total;
  }
}

/** The `n` runs from `j` (n = 1–3), joined by single spaces. */
function gramAt(runs: readonly string[], j: number, n: number): string {
  const a = runs[j] as string;
  if (n === 1) return a;
  const b = `${a} ${runs[j + 1] as string}`;
  return n === 2 ? b : `${b} ${runs[j + 2] as string}`;
}

export type FeatureName = (typeof FEATURE_NAMES)[number];

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
const FLAG_BIT = new Map<string, number>(FLAG_TAGS.map((t, i) => [t, 1 << i]));
const classWords = (el: Element): string => `${el.id} ${el.getAttribute('class') ?? ''} ${el.getAttribute('role') ?? ''}`;
const NEGATIVE_MARK = 1;
const POSITIVE_MARK = 2;
/** Readability's word lists on an element's id, class and role (NEGATIVE_MARK | POSITIVE_MARK). */
function wordMarks(el: Element): number {
  // Most elements carry no attribute: one DOM call instead of three reads and two regexes.
  if (!el.hasAttributes()) return 0;
  const words = classWords(el);
  return (NEGATIVE_WORDS.test(words) ? NEGATIVE_MARK : 0) | (POSITIVE_WORDS.test(words) ? POSITIVE_MARK : 0);
}

/**
 * The leaves' ancestor chains, each element read from the DOM once. Leaves come in document
 * order, so the leaves under any element are a contiguous run: one stack holding the current
 * chain (root first) serves every leaf, a leaf's chain is read upward only until it meets an
 * element already on the stack, and an element's totals are final — and added to its
 * parent's — when it leaves the stack. This replaced, per leaf, an upward walk to the root
 * (a DOM call, a Map update and an object per ancestor: the features' largest cost after
 * the text walk) and the separate upward walks for parent, grandparents and ancestor words.
 *
 * Elements are numbered as they are pushed (the root is 0); the arrays are per element.
 */
export interface LeafAncestry {
  /** Per leaf: the number of its element, of its parent, grandparent and great-grandparent (the root stands in above itself). */
  self: Int32Array;
  a1: Int32Array;
  a2: Int32Array;
  a3: Int32Array;
  /** Per leaf: its element's `parentElement`. */
  parent: (Element | null)[];
  elements: Element[];
  /** `tagName` and its upper case. */
  rawTags: string[];
  tags: string[];
  parentOf: number[];
  /** Depth below the root (root 0). */
  depth: number[];
  /** Text length, link characters and number of the leaves at or below the element. */
  text: number[];
  links: number[];
  leaves: number[];
  /** Word marks and FLAG_TAGS bits summed over the ancestors strictly between the element and the root (the root: its parent's). */
  ancNeg: number[];
  ancPos: number[];
  ancFlags: number[];
  /** The element's own word marks, -1 until asked (marksOf). */
  marks: number[];
}

export function marksOf(anc: LeafAncestry, id: number): number {
  let m = anc.marks[id] as number;
  if (m < 0) { m = wordMarks(anc.elements[id] as Element); anc.marks[id] = m; }
  return m;
}

export function leafAncestry(root: Element, leaves: readonly TextLeaf[]): LeafAncestry {
  const n = leaves.length;
  const anc: LeafAncestry = {
    self: new Int32Array(n), a1: new Int32Array(n), a2: new Int32Array(n), a3: new Int32Array(n), parent: new Array<Element | null>(n),
    elements: [], rawTags: [], tags: [], parentOf: [], depth: [], text: [], links: [], leaves: [], ancNeg: [], ancPos: [], ancFlags: [], marks: [],
  };
  const number = new Map<Element, number>();
  const push = (el: Element, parentId: number): number => {
    const id = anc.elements.length;
    number.set(el, id);
    const raw = el.tagName;
    anc.elements.push(el); anc.rawTags.push(raw); anc.tags.push(raw.toUpperCase());
    anc.parentOf.push(parentId);
    anc.text.push(0); anc.links.push(0); anc.leaves.push(0); anc.marks.push(-1);
    if (parentId < 0) {
      // The root: its parent's words and tag, as the upward walk (which stopped only at a
      // parentless element) had them; a root that is a leaf reads them.
      const up = el.parentElement;
      const m = up ? wordMarks(up) : 0;
      anc.depth.push(0);
      anc.ancNeg.push(m & NEGATIVE_MARK ? 1 : 0); anc.ancPos.push(m & POSITIVE_MARK ? 1 : 0);
      anc.ancFlags.push(up ? FLAG_BIT.get(up.tagName.toUpperCase()) ?? 0 : 0);
    } else if (parentId === 0) {
      anc.depth.push(1);
      anc.ancNeg.push(0); anc.ancPos.push(0); anc.ancFlags.push(0);
    } else {
      const m = marksOf(anc, parentId);
      anc.depth.push((anc.depth[parentId] as number) + 1);
      anc.ancNeg.push((anc.ancNeg[parentId] as number) + (m & NEGATIVE_MARK ? 1 : 0));
      anc.ancPos.push((anc.ancPos[parentId] as number) + (m & POSITIVE_MARK ? 1 : 0));
      anc.ancFlags.push((anc.ancFlags[parentId] as number) | (FLAG_BIT.get(anc.tags[parentId] as string) ?? 0));
    }
    return id;
  };
  const stack: number[] = [push(root, -1)];
  const chain: Element[] = [];
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i] as TextLeaf;
    let known = number.get(leaf.el);
    for (let a: Element | null = leaf.el; known === undefined && a;) {
      chain.push(a);
      a = a.parentElement;
      known = a ? number.get(a) : undefined;
    }
    if (known === undefined) { known = 0; chain.length = 0; } // not under the root: cannot happen for collectTextLeaves(root)
    // `known` is on the stack (subtrees are contiguous runs of leaves): close what lies above it.
    while (stack.length > 1 && stack[stack.length - 1] !== known) closeTop(anc, stack);
    for (let k = chain.length - 1; k >= 0; k--) stack.push(push(chain[k] as Element, stack[stack.length - 1] as number));
    chain.length = 0;
    const t = stack.length - 1;
    const id = stack[t] as number;
    anc.text[id] = (anc.text[id] as number) + leaf.text.length;
    anc.links[id] = (anc.links[id] as number) + leaf.linkChars;
    anc.leaves[id] = (anc.leaves[id] as number) + 1;
    anc.self[i] = id;
    anc.a1[i] = stack[Math.max(0, t - 1)] as number;
    anc.a2[i] = stack[Math.max(0, t - 2)] as number;
    anc.a3[i] = stack[Math.max(0, t - 3)] as number;
    anc.parent[i] = t > 0 ? (anc.elements[stack[t - 1] as number] as Element) : leaf.el.parentElement;
  }
  while (stack.length > 1) closeTop(anc, stack);
  return anc;
}

/** Pop the innermost element of the chain: its totals are final and go to its parent. */
function closeTop(anc: LeafAncestry, stack: number[]): void {
  const id = stack.pop() as number;
  const p = stack[stack.length - 1] as number;
  anc.text[p] = (anc.text[p] as number) + (anc.text[id] as number);
  anc.links[p] = (anc.links[p] as number) + (anc.links[id] as number);
  anc.leaves[p] = (anc.leaves[p] as number) + (anc.leaves[id] as number);
}

/**
 * One feature row per leaf, in FEATURE_NAMES order. `root` is the element the leaves were
 * collected under (usually `<body>`).
 *
 * Per-element facts that many leaves share (ancestor totals and words: leafAncestry; same-tag
 * sibling counts; depths on the densest leaf's path) are computed once per element: computed
 * per leaf they were quadratic on long lists (a 1,000-item <ul> read its children 10⁶
 * times) and the ancestor regexes dominated Auto's profile. The row is written column by
 * column through the C_* indices (no per-value closure: the benchmark times a cold first
 * call, and an interpreted call per feature per leaf added up).
 */
export function leafFeatures(
  root: Element,
  leaves: readonly TextLeaf[],
  vsse: VsseSelection,
  nta: NtaLeafFacts,
  ancestry?: LeafAncestry,
): FeatureMatrix {
  const n = leaves.length;
  const width = FEATURE_NAMES.length;
  const data = new Float32Array(n * width);
  if (n === 0) return { data, width };
  const anc = ancestry ?? leafAncestry(root, leaves);
  let pageText = 0;
  let pageLinks = 0;
  let densest = 0;
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i] as TextLeaf;
    const len = leaf.text.length;
    pageText += len;
    pageLinks += leaf.linkChars;
    if (len > (leaves[densest] as TextLeaf).text.length) densest = leaf.index;
  }
  // Elements on the densest leaf's path have their depth below the root; other elements
  // get the depth of their nearest ancestor on that path (memoised as leaves ask).
  const commonDepth = new Int32Array(anc.elements.length).fill(-1);
  for (let id = anc.self[densest] as number; id >= 0; id = anc.parentOf[id] as number) commonDepth[id] = anc.depth[id] as number;
  const commonDepthOf = (start: number): number => {
    let id = start;
    while ((commonDepth[id] as number) < 0) id = anc.parentOf[id] as number;
    const depth = commonDepth[id] as number;
    for (id = start; (commonDepth[id] as number) < 0; id = anc.parentOf[id] as number) commonDepth[id] = depth;
    return depth;
  };
  const densestDepth = (leaves[densest] as TextLeaf).depth;
  const maxLen = (leaves[densest] as TextLeaf).text.length;

  const pageLinkDensity = ratio(pageLinks, pageText);

  // Same-tag sibling counts, once per parent.
  const siblingTags = new Map<Element, Map<string, number>>();
  const sameTagSiblings = (tagName: string, parent: Element | null): number => {
    if (!parent) return 0;
    let counts = siblingTags.get(parent);
    if (!counts) {
      counts = new Map();
      for (let sib = parent.firstElementChild; sib; sib = sib.nextElementSibling) counts.set(sib.tagName, (counts.get(sib.tagName) ?? 0) + 1);
      siblingTags.set(parent, counts);
    }
    return counts.get(tagName) ?? 0;
  };

  let charsBefore = 0;
  for (let i = 0; i < n; i++) {
    const leaf = leaves[i] as TextLeaf;
    const el = leaf.el;
    const text = leaf.text;
    const len = text.length;
    const self = anc.self[i] as number;
    const parent = anc.parent[i] as Element | null;
    const tag = anc.tags[self] as string;
    const punct = vsse.punctuation[i] ?? 0;
    // The leaf's first three ancestors, stopping at the root (the root is its own ancestor).
    const a1 = anc.a1[i] as number;
    const a2 = anc.a2[i] as number;
    const a3 = anc.a3[i] as number;
    const p1Text = anc.text[a1] as number;
    const p2Text = anc.text[a2] as number;
    const p3Text = anc.text[a3] as number;
    const flags = anc.ancFlags[self] as number;
    const marks = marksOf(anc, self);
    const d = vsse.decisions[i];
    const prev = leaves[i - 1];
    const next = leaves[i + 1];
    const last = len > 0 ? text.charCodeAt(len - 1) : 0;

    const o = i * width;
    data[o + C_TEXT_LENGTH] = len;
    data[o + C_PUNCTUATION] = punct;
    data[o + C_DEPTH] = leaf.depth;
    data[o + C_LAST_TAG] = TAG_INDEX.get(tag) ?? 0;
    data[o + C_SECOND_LAST_TAG] = el === root ? tagCode(parent) : TAG_INDEX.get(anc.tags[a1] as string) ?? 0;
    data[o + C_SAME_TAG_SIBLINGS] = sameTagSiblings(anc.rawTags[self] as string, parent);
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
    data[o + C_PARENT_TEXT] = p1Text;
    data[o + C_PARENT_LINK_DENSITY] = ratio(anc.links[a1] as number, p1Text);
    data[o + C_PARENT_LEAVES] = anc.leaves[a1] as number;
    data[o + C_GRAND_TEXT] = p2Text;
    data[o + C_GRAND_LINK_DENSITY] = ratio(anc.links[a2] as number, p2Text);
    data[o + C_GREAT_TEXT] = p3Text;
    data[o + C_GREAT_LINK_DENSITY] = ratio(anc.links[a3] as number, p3Text);
    data[o + C_GREAT_SHARE_OF_PAGE] = ratio(p3Text, pageText);
    data[o + C_COMMON_DEPTH_WITH_DENSEST] = ratio(commonDepthOf(self), densestDepth);
    data[o + C_LEAF_DISTANCE_TO_DENSEST] = Math.abs(i - densest) / n;
    data[o + C_NEGATIVE_ANCESTORS] = anc.ancNeg[self] as number;
    data[o + C_POSITIVE_ANCESTORS] = anc.ancPos[self] as number;
    data[o + C_NEGATIVE_SELF] = marks & NEGATIVE_MARK ? 1 : 0;
    data[o + C_POSITIVE_SELF] = marks & POSITIVE_MARK ? 1 : 0;
    for (let f = 0; f < FLAG_TAGS.length; f++) data[o + C_FLAGS + f] = flags & (1 << f) ? 1 : 0;
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

const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);
/** `<h1>`…`<h6>` → 1…6, else 0 (the caller checked for a two-letter tag starting with H). */
function headingLevel(tag: string): number {
  const c = tag.charCodeAt(1) - 48;
  return c >= 1 && c <= 6 ? c : 0;
}
