/**
 * Structured pages (issue 7): the page kind, a product's attribute table (SPEC §3 step 4)
 * and a list page's record table (SPEC §4), from the live document.
 *
 * Stages, in order (each a file of its own):
 *   buildDomIndex      one iterative pass: elements, depth, subtree sizes, own text
 *   findRepeatedSiblings  best repeated record group (a page-kind signal and a record source)
 *   collectSignals + classifyPageKind   named rules over cheap signals → kind
 *   extractAttributes  WVC weights + Viterbi walk → {attribute, value} rows (products)
 *   mineDataRegion → mineRecords → buildTable   depth clusters → records → schema table (lists)
 * The page is only read. Link-block LCR comes from the core's link-block pass
 * (linkBlocks.ts) when the caller has it; otherwise it is computed here with that code.
 */
import { type Json, jsonLdObjects, shortType, typesOf } from '../jsonLd';
import { resolveOptions } from '../options';
import { createLinkBlockScanner, findLinkBlocks } from '../linkBlocks';
import { type PageStats, type StreamVisitor, computeStats } from '../stats';
import { liveLayoutProbe } from '../layout';
import type { LayoutProbe } from '../types';
import { type AttributeRow, extractAttributes } from './attributes';
import { mineDataRegion } from './dataRegion';
import { type DomIndex, buildDomIndex, createDomIndexBuilder } from './domIndex';
import { type KindDecision, type PageKind, type PageSignals, classifyPageKind, collectSignals } from './pageKind';
import { type RecordSet, findRepeatedSiblings, mineRecords, recordsFromGroup } from './recordMining';
import { type RecordTable, buildTable } from './schema';
import { MIN_ATTRIBUTE_PAIRS } from './rules';

export type { AttributeRow } from './attributes';
export type { PageKind, PageSignals } from './pageKind';
export type { RecordTable } from './schema';
export { PAGE_KINDS } from './pageKind';
export { attributesToTable, tableToCsv, tableToJson, tableToMarkdown } from './export';

export interface RecordsOptions {
  layout?: LayoutProbe;
  /** The core's stats pass, when the caller already ran it (extract.ts): not walked twice. */
  stats?: PageStats;
  /** LCR from the core's link-block pass, when the caller already ran it. */
  lcr?: number | null;
  /** Force a kind (the user's override in the popup): the matching extractor runs regardless of the classifier. */
  kind?: PageKind;
  baseUrl?: string;
}

export interface RecordsTrace {
  ms: number;
  /** Time per stage (ms), for the speed budget. */
  stageMs: Record<string, number>;
  elements: number;
  leaves: number;
  kindScores: KindDecision['scores'];
  kindRules: string[];
  signals: PageSignals | null;
  /** Which record method produced the table, and the depth threshold of the data region. */
  recordMethod: RecordSet['method'] | null;
  regionThreshold: number | null;
  /** Viterbi path length and the node it stopped at (a short description). */
  attributeWalk: number[];
  /** Rows the walk read but the cleaning rules dropped, per reason (attributes.ts). */
  attributeDrops: Record<string, number>;
}

export interface RecordsResult {
  pageKind: PageKind;
  /** Product pages (and any page where the HMM walk finds ≥ 2 pairs when asked for `product`). */
  attributes: AttributeRow[];
  /** List pages: the record table; null when no list was found. */
  table: RecordTable | null;
  trace: RecordsTrace;
}

/** JSON-LD Product facts (name, brand, price…) lead the attribute table: the page states them itself. */
export function jsonLdProductRows(doc: Document): AttributeRow[] {
  const product = jsonLdObjects(doc).find((o) => typesOf(o).some((t) => shortType(t) === 'product'));
  if (!product) return [];
  const rows: AttributeRow[] = [];
  const str = (x: Json | undefined): string => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : '');
  const named = (x: Json | undefined): string => (x && typeof x === 'object' && !Array.isArray(x) ? str(x['name']) : str(x));
  const push = (attribute: string, value: string): void => { if (value !== '' && value.length < 300) rows.push({ attribute, value }); };
  push('Name', str(product['name']));
  push('Brand', named(product['brand']));
  const offers = ([] as Json[]).concat(product['offers'] ?? [])[0];
  if (offers && typeof offers === 'object' && !Array.isArray(offers)) {
    const price = str(offers['price'] ?? offers['lowPrice']);
    push('Price', price === '' ? '' : `${price} ${str(offers['priceCurrency'])}`.trim());
    push('Availability', str(offers['availability']).replace(/^.*\//u, ''));
  }
  for (const [key, label] of [['sku', 'SKU'], ['mpn', 'MPN'], ['gtin13', 'GTIN'], ['gtin12', 'UPC'], ['color', 'Color'], ['material', 'Material'], ['model', 'Model']] as const) {
    push(label, named(product[key]));
  }
  return rows;
}

/**
 * JSON-LD facts first, then the walk's rows. A JSON-LD fact whose value the page also shows
 * in its table (Brand = Martinsen beside "Marque: Martinsen", the GTIN beside "Code EAN") is
 * dropped: the page's own label is the one the reader knows. A walk row whose attribute a
 * JSON-LD fact already names is dropped too.
 */
function mergeAttributes(declared: AttributeRow[], walked: AttributeRow[]): AttributeRow[] {
  const fold = (s: string): string => s.toLowerCase().replace(/\s+/gu, ' ').trim();
  const shownValues = new Set(walked.map((r) => fold(r.value)));
  const first = declared.filter((r) => !shownValues.has(fold(r.value)));
  const named = new Set(first.map((r) => fold(r.attribute)));
  return [...first, ...walked.filter((r) => !named.has(fold(r.attribute)))];
}

/** Pick the record set: the paper's record mining when it yields real records, else the repeated-sibling group. */
function chooseRecords(paper: RecordSet | null, fallback: RecordSet | null, leavesPerRecord: (r: RecordSet) => number): RecordSet | null {
  if (paper && leavesPerRecord(paper) >= 2) {
    if (!fallback) return paper;
    // Both found something: the one whose records cover more text wins (the other is usually a menu inside the list's page).
    return paper.records.length >= fallback.records.length * 0.5 ? paper : fallback;
  }
  return fallback;
}

function emptyResult(t0: number, stageMs: Record<string, number>): RecordsResult {
  return {
    pageKind: 'other', attributes: [], table: null,
    trace: { ms: performance.now() - t0, stageMs, elements: 0, leaves: 0, kindScores: { article: 0, product: 0, list: 0, forum: 0, documentation: 0, other: 0 }, kindRules: [], signals: null, recordMethod: null, regionThreshold: null, attributeWalk: [], attributeDrops: {} },
  };
}

export function extractRecords(doc: Document, options: RecordsOptions = {}): RecordsResult {
  const t0 = performance.now();
  const stageMs: Record<string, number> = {};
  let tick = t0;
  const lap = (name: string): void => { const now = performance.now(); stageMs[name] = now - tick; tick = now; };
  const layout = options.layout ?? liveLayoutProbe(doc);
  lap('layoutProbe');
  // Without the caller's stats, one stats walk feeds the link-block scan and this stage's
  // index at once (as extract.ts does for the scan): the page is traversed once.
  let ix: DomIndex;
  let lcr = options.lcr ?? null;
  if (options.stats) {
    if (options.lcr === undefined) lcr = findLinkBlocks(options.stats, resolveOptions()).lcr;
    lap('stats');
    ix = buildDomIndex(options.stats);
  } else {
    const scanner = createLinkBlockScanner(resolveOptions());
    const builder = createDomIndexBuilder();
    // The index needs every element; the scanner ignores what is not a link, image or text.
    const both: StreamVisitor = {
      open(el, tag, code) { scanner.open(el, tag, code); builder.open(el, tag, code); },
      text(node, value, chars, code) { scanner.text(node, value, chars, code); builder.text(node, value, chars, code); },
      close(el, tag, code) { scanner.close(el, tag, code); builder.close(el, tag, code); },
    };
    const stats = computeStats(doc, layout, both);
    if (!stats) return emptyResult(t0, stageMs);
    lcr = scanner.finish(stats.codeLength).lcr;
    lap('stats');
    ix = builder.finish();
  }
  lap('domIndex');
  const group = findRepeatedSiblings(ix);
  lap('repeatedSiblings');
  const signals = collectSignals(doc, ix, group, lcr);
  const decision = classifyPageKind(signals);
  lap('pageKind');
  const pageKind = options.kind ?? decision.kind;

  let attributes: AttributeRow[] = [];
  let walk: number[] = [];
  const attributeDrops: Record<string, number> = {};
  if (pageKind === 'product') {
    const hmm = extractAttributes(ix, attributeDrops);
    walk = hmm.trace.path;
    attributes = mergeAttributes(jsonLdProductRows(doc), hmm.rows);
    if (attributes.length < MIN_ATTRIBUTE_PAIRS) attributes = [];
    lap('attributes');
  }

  let table: RecordTable | null = null;
  let recordMethod: RecordSet['method'] | null = null;
  let regionThreshold: number | null = null;
  if (pageKind === 'list' || pageKind === 'forum') {
    const region = mineDataRegion(ix);
    regionThreshold = region?.threshold ?? null;
    const paper = region ? mineRecords(ix, region) : null;
    const perRecord = (r: RecordSet): number => r.records.reduce((s, m) => s + ix.leafCount[m]!, 0) / r.records.length;
    const chosen = chooseRecords(paper, group ? recordsFromGroup(group) : null, perRecord);
    if (chosen) {
      recordMethod = chosen.method;
      table = buildTable(ix, chosen, options.baseUrl);
    }
    lap('table');
  }

  return {
    pageKind,
    attributes,
    table,
    trace: {
      ms: performance.now() - t0,
      stageMs,
      elements: ix.nodes.length,
      leaves: ix.leaves.length,
      kindScores: decision.scores,
      kindRules: decision.fired,
      signals,
      recordMethod,
      regionThreshold,
      attributeWalk: walk,
      attributeDrops,
    },
  };
}
