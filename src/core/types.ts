/**
 * The extraction core's public contract. Everything outside src/core (content script,
 * benchmark, CLI, storage, UI) depends on these types only; keep them stable.
 */

/** Which engine produced a clip. `auto` combines engines (SPEC §5, issue "More engines"). */
export type EngineName = 'nta' | 'vsse' | 'classifier' | 'auto' | 'fullpage' | 'selection';

/** NTA node types with the paper's codes (SPEC §1): text [1], anchor [2], image [3], ignore [4]. */
export type NodeType = 'text' | 'anchor' | 'image' | 'ignore';

/**
 * Layout facts the core cannot compute from markup alone. In a live page they come from
 * one batched read (`getBoundingClientRect`, `checkVisibility`); Node tests supply their own.
 */
export interface LayoutProbe {
  /** False when the element is not rendered (display:none, visibility:hidden, content-visibility…). */
  isRendered(el: Element): boolean;
  /** Rendered width in CSS px of an image-like element, or null when it is not laid out. */
  renderedWidth(el: Element): number | null;
  /** Rendered height in CSS px, or null when it is not laid out. */
  renderedHeight(el: Element): number | null;
  /**
   * True when the reader cannot select the element's text (CSS `user-select: none`): what a
   * page draws beside code, such as line numbers, is not part of it. Absent: never.
   */
  isUnselectable?(el: Element): boolean;
  /**
   * True when `b`, the next sibling of `a` with no text between them, is drawn apart from it:
   * on another line (a `<time>` the stylesheet makes a block) or with a gap (a margin, a flex
   * gap). Their words are then two words, not one. Absent: never.
   */
  drawnApart?(a: Element, b: Element): boolean;
}

export interface ExtractOptions {
  /** θ_DoC: degree-of-coherence threshold for keeping a text subtree whole (paper: 0.9). */
  thetaDoC: number;
  /** θ_TD: text-density threshold for the candidate list (paper uses the same 0.9). */
  thetaTD: number;
  /** Images narrower than this (rendered CSS px) are icons (paper: 100). */
  minImageWidth: number;
  /** Link blocks: minimum links per block C_t (paper: 3). */
  linkBlockMinLinks: number;
  /** Link blocks: text-distance threshold d_t (paper: 40). */
  linkBlockTextDistance: number;
  /** Link blocks: code-distance threshold d_t (paper: 80). */
  linkBlockCodeDistance: number;
  /** Which distance decides block boundaries. */
  linkDistance: 'text' | 'code';
  /** Refuse pages with more elements than this (a clear reason, not a hang). */
  maxElements: number;
  /** Record a trace of decisions (cheap; on by default so the benchmark can read it). */
  trace: boolean;
  /** Layout facts; defaults to reading the live document's own layout. */
  layout?: LayoutProbe;
  /** Page URL to resolve relative links against; defaults to the document's base URI. */
  baseUrl?: string;
  /** Which engine selects the content (default `nta`; see src/core/engines/index.ts). */
  engine?: EngineName;
  /**
   * Structured pages (src/core/records, issue 7): also classify the page and read product
   * attributes / the list table into Clip.pageKind/attributes/table, reusing this walk.
   * `true` = guess the kind; a PageKind = the user's override. Off by default.
   */
  records?: boolean | PageKind;
}

export interface LinkBlockTrace {
  /** Number of links in the block. */
  links: number;
  /** Text of the first few links, for people reading the trace. */
  sample: string[];
  /** Code length (attribute-free markup + text) of the block. */
  codeLength: number;
  /** Whether the block lay inside the chosen content region and was removed from it. */
  removedFromContent: boolean;
  /** Link text share of the block's characters; blocks below rules.LINK_BLOCK_MIN_LINK_DENSITY stay in content. */
  linkDensity: number;
  /** The distance measure that delimited the block (SPEC §2). */
  distance: 'text' | 'code';
}

export interface DecisiveNodeTrace {
  /** A short CSS-like path to the node, e.g. `body>div.main>article`. */
  path: string;
  type: NodeType;
  doc: number;
  td: number;
  role: 'candidate' | 'start' | 'kept' | 'dropped';
  /** Why a dropped node was dropped (e.g. `icon image 32px < 100px`, `link block`). */
  reason?: string;
}

export interface Trace {
  engine: EngineName;
  /** Time spent inside extract(), ms. */
  ms: number;
  /**
   * Where that time went, ms per pipeline stage (extract.ts's recipe): the stats walk with the
   * link-block scan, the engine's selection, link-block removal plus serialization, metadata
   * plus word count. performance.now() is coarse in most pages (100 µs): read medians.
   */
  stages: { walk: number; select: number; serialize: number; metadata: number };
  elements: number;
  nodes: DecisiveNodeTrace[];
  linkBlocks: LinkBlockTrace[];
  /** Link-block metrics over the page (SPEC §2). */
  lcr: number;
  ccr: number;
  /** Free-form notes on fallbacks taken (e.g. `empty candidate list: fell back to …`). */
  notes: string[];
}

export interface Clip {
  title: string;
  byline: string | null;
  /** ISO 8601 date or date-time, when the page states one. */
  published: string | null;
  siteName: string | null;
  lang: string | null;
  dir: 'ltr' | 'rtl' | null;
  url: string;
  canonicalUrl: string | null;
  excerpt: string | null;
  /** Absolute URL of the lead image. */
  leadImage: string | null;
  /** Clean semantic HTML: no scripts, styles, handlers or classes; absolute URLs. */
  html: string;
  /** Plain text, a blank line between blocks. */
  text: string;
  wordCount: number;
  readingMinutes: number;
  engine: EngineName;
  trace: Trace;
  /** Structured pages (src/core/records, issue 7): the page kind, set when records ran. */
  pageKind?: PageKind;
  /** Product pages: attribute → value rows (SPEC §3 step 4). */
  attributes?: AttributeRow[];
  /** List pages ("Clip as table"): the records as a table (SPEC §4). */
  table?: RecordTable;
}

/** Page kinds of src/core/records/pageKind.ts; the user can override the guess. */
export type PageKind = 'article' | 'product' | 'list' | 'forum' | 'documentation' | 'other';

/** One row of a product's attribute table. */
export interface AttributeRow {
  attribute: string;
  value: string;
}

/** Records of a list page; every row has `columns.length` cells (plain text, never HTML). */
export interface RecordTable {
  columns: string[];
  rows: string[][];
}

export type NoClipReason = 'empty' | 'not-article' | 'too-large';

export type ExtractResult =
  | { ok: true; clip: Clip }
  | { ok: false; reason: NoClipReason; message: string };
