/**
 * Product attributes by VSSE's HMM walk over the DOM (SPEC §3 step 4; paper §4.3.2).
 *
 * 1. Characteristics of each text leaf: DELIMITER (a `:`/`：` key separator),
 *    DICTIONARY (the key is a known attribute name, rules.ts) and PUNCTUATION (a short
 *    leaf without sentence punctuation — record values look like this, prose does not).
 * 2. WVC(i) = Σ_k n_k(i) · log(N / n_k(body)), bottom-up over the index (N = leaves).
 *    The paper writes n_k for both factors; with the node's own n_k the weight is not
 *    monotone along a path, so the idf factor uses the page totals (tf·idf, as the paper says).
 * 3. Viterbi walk from <body>: the transition a_ji allocates the parent's weight to the
 *    child in proportion WVC(i)/WVC(j) (the paper: "how to allocate the characteristic
 *    weight from a parent node to a child node"), and the emission b(O_i) is the share of
 *    the node's leaves that are attribute keys (×2: a key brings one value leaf). So
 *    δ(i) = WVC(i) · b(O_i); at each level take the argmax child; stop when δ stops rising.
 * 4. Read {attribute, value} pairs inside the node reached: "Key: value" leaves, a key leaf
 *    followed by its value leaf, two-cell table rows, dt/dd.
 */
import type { AttributeRow } from '../types';
import { type DomIndex, childIndices } from './domIndex';
import {
  ATTRIBUTE_DICTIONARY, CHROME_ROLES, CHROME_TAGS, DELIMITERS, MAX_ATTRIBUTE_PAIRS, MAX_KEY_LENGTH, MAX_PLAIN_VALUE, MAX_SHORT_LEAF,
  MAX_VALUE_LENGTH, MIN_ATTRIBUTE_PAIRS, SENTENCE_PUNCTUATION, USER_CONTENT, VITERBI_MIN_GAIN,
} from './rules';

export type { AttributeRow } from '../types';

export interface AttributeTrace {
  /** Index path of the Viterbi walk (node indices into the DomIndex). */
  path: number[];
  /** δ at each step of the path. */
  weights: number[];
  /** Node index the walk stopped at (holds the records), or -1. */
  region: number;
}

const enum Characteristic { Delimiter = 0, Dictionary = 1, Punctuation = 2 }
const CHARACTERISTICS = 3;

const DELIMITER_CLASS = `[${DELIMITERS.join('')}]`;
/** "Key: value" with a short key; `10:30` (a time) and `https://` are not delimiters. */
const KEY_VALUE = new RegExp(`^([^${DELIMITERS.join('')}]{1,${MAX_KEY_LENGTH}}?)\\s*${DELIMITER_CLASS}(?!//)(?!\\d)\\s*(.*)$`, 'u');
const KEY_ONLY = new RegExp(`^(.{1,${MAX_KEY_LENGTH}}?)\\s*${DELIMITER_CLASS}$`, 'u');

function normKey(text: string): string {
  return text.toLowerCase().replace(/[\s:：*]+$/u, '').replace(/\s+/gu, ' ').trim();
}

export function isDictionaryKey(text: string): boolean {
  return ATTRIBUTE_DICTIONARY.has(normKey(text));
}

/** Split a leaf into key and value when it is written "Key: value" or "Key:". */
export function splitKeyValue(text: string): { key: string; value: string } | null {
  const only = KEY_ONLY.exec(text);
  if (only) return { key: only[1]!.trim(), value: '' };
  const kv = KEY_VALUE.exec(text);
  if (kv && /\p{L}/u.test(kv[1]!) && kv[2]!.length > 0) return { key: kv[1]!.trim(), value: kv[2]!.trim() };
  return null;
}

function characteristics(text: string): [boolean, boolean, boolean] {
  const kv = splitKeyValue(text);
  const delimiter = kv !== null;
  const dictionary = isDictionaryKey(kv ? kv.key : text);
  const punctuation = text.length <= MAX_SHORT_LEAF && !SENTENCE_PUNCTUATION.test(text);
  return [delimiter, dictionary, punctuation];
}

/** Is node i a key cell: a dictionary word, or a "Key:" leaf, or a th/dt cell? */
function isKeyLeaf(ix: DomIndex, i: number): boolean {
  const text = ix.ownText[i]!;
  if (text === '' || text.length > MAX_KEY_LENGTH + 1) return false;
  if (isDictionaryKey(text)) return true;
  const kv = splitKeyValue(text);
  return kv !== null && kv.value === '';
}

export function findAttributeRegion(ix: DomIndex): AttributeTrace {
  const n = ix.nodes.length;
  const counts = new Float64Array(n * CHARACTERISTICS);
  const keys = new Float64Array(n);
  for (const i of ix.leaves) {
    const c = characteristics(ix.ownText[i]!);
    for (let k = 0; k < CHARACTERISTICS; k++) if (c[k]) counts[i * CHARACTERISTICS + k] = 1;
    if (c[Characteristic.Delimiter] || c[Characteristic.Dictionary]) keys[i] = 1;
  }
  for (let i = n - 1; i > 0; i--) {
    const p = ix.parent[i]!;
    for (let k = 0; k < CHARACTERISTICS; k++) counts[p * CHARACTERISTICS + k]! += counts[i * CHARACTERISTICS + k]!;
    keys[p]! += keys[i]!;
  }
  const N = Math.max(1, ix.leaves.length);
  const idf = [0, 0, 0].map((_, k) => {
    const total = counts[k]!;
    return total > 0 ? Math.log(N / total) : 0;
  });
  // The punctuation characteristic alone marks menus too: it only counts inside nodes that also have keys.
  const wvc = (i: number): number => {
    if (keys[i] === 0) return 0;
    let w = 0;
    for (let k = 0; k < CHARACTERISTICS; k++) w += counts[i * CHARACTERISTICS + k]! * idf[k]!;
    return w;
  };
  const delta = (i: number): number => {
    const leaves = ix.leafCount[i]!;
    if (leaves === 0) return 0;
    const emission = Math.min(1, (2 * keys[i]!) / leaves);
    return wvc(i) * emission;
  };

  const path = [0];
  const weights = [delta(0)];
  let current = 0;
  for (;;) {
    let best = -1;
    let bestDelta = 0;
    for (const c of childIndices(ix, current)) {
      const d = delta(c);
      if (d > bestDelta) { bestDelta = d; best = c; }
    }
    // Phase 3 (termination): ψ(m) ≥ ψ(m+1) — the weight stopped rising.
    if (best < 0 || bestDelta <= weights[weights.length - 1]! * VITERBI_MIN_GAIN) {
      // Equal weight means the child holds all the records too: keep descending through wrappers.
      if (best >= 0 && bestDelta === weights[weights.length - 1]) {
        current = best; path.push(best); weights.push(bestDelta); continue;
      }
      break;
    }
    current = best;
    path.push(best);
    weights.push(bestDelta);
  }
  return { path, weights, region: keys[current]! >= MIN_ATTRIBUTE_PAIRS ? current : -1 };
}

const ROW_TAGS = new Set(['TR', 'LI', 'DIV', 'P', 'DL', 'SECTION', 'SPAN', 'TD']);

/** An attribute row and the leaf its attribute name was read from (for the cleaning rules). */
export interface LocatedRow extends AttributeRow {
  keyNode: number;
}

/** Read the {attribute, value} pairs inside node `region`, in document order. */
export function readAttributePairs(ix: DomIndex, region: number): LocatedRow[] {
  const rows: LocatedRow[] = [];
  const end = region + ix.size[region]!;
  const usedAsValue = new Set<number>();
  const leavesIn: number[] = [];
  for (let j = region; j < end; j++) if (ix.ownText[j] !== '') leavesIn.push(j);

  for (let li = 0; li < leavesIn.length && rows.length < MAX_ATTRIBUTE_PAIRS; li++) {
    const i = leavesIn[li]!;
    if (usedAsValue.has(i)) continue;
    const text = ix.ownText[i]!;
    const tag = ix.nodes[i]!.tagName;
    const kv = splitKeyValue(text);
    if (kv && kv.value !== '') {
      rows.push({ attribute: kv.key, value: kv.value.slice(0, MAX_VALUE_LENGTH), keyNode: i });
      continue;
    }
    const keyish = isKeyLeaf(ix, i) || tag === 'TH' || tag === 'DT';
    if (!keyish) continue;
    // `<li><b>Material:</b> Ripstop nylon</li>`: the value is the parent's own text (it precedes the key in pre-order).
    const parent = ix.parent[i]!;
    if (parent >= region && ix.ownText[parent] !== '' && !usedAsValue.has(parent) && !isKeyLeaf(ix, parent)) {
      usedAsValue.add(parent);
      rows.push({ attribute: kv ? kv.key : text, value: ix.ownText[parent]!.slice(0, MAX_VALUE_LENGTH), keyNode: i });
      continue;
    }
    // The value is the next leaf(s) in the same row: up to the next key leaf, inside the key's row container.
    const rowContainer = nearestRow(ix, i);
    const rowEnd = rowContainer + ix.size[rowContainer]!;
    const valueParts: string[] = [];
    for (let lj = li + 1; lj < leavesIn.length; lj++) {
      const j = leavesIn[lj]!;
      const sameRow = j < rowEnd && rowContainer !== i;
      const nextSibling = valueParts.length === 0 && (ix.nodes[j]!.tagName === 'DD' || ix.nodes[j]!.tagName === 'TD');
      if (!sameRow && !nextSibling) break;
      if (isKeyLeaf(ix, j) || ix.nodes[j]!.tagName === 'TH' || ix.nodes[j]!.tagName === 'DT') break;
      valueParts.push(ix.ownText[j]!);
      usedAsValue.add(j);
      if (!sameRow) break;
    }
    const value = valueParts.join(' ').trim();
    if (value !== '') rows.push({ attribute: kv ? kv.key : text, value: value.slice(0, MAX_VALUE_LENGTH), keyNode: i });
  }
  return rows;
}

/** The key's row: the closest ancestor (or itself) that is a row-like container with more than the key in it. */
function nearestRow(ix: DomIndex, i: number): number {
  let x = i;
  for (let steps = 0; steps < 4 && x > 0; steps++) {
    const p = ix.parent[x]!;
    if (p < 0) break;
    if (ix.textChars[p]! > ix.textChars[i]! && ROW_TAGS.has(ix.nodes[p]!.tagName)) return p;
    if (ix.textChars[p]! > ix.textChars[i]!) return p;
    x = p;
  }
  return i;
}

/** Why a row read inside the region is not a product attribute (the trace's "dropped" list). */
export type DropReason = 'prose value' | 'no value' | 'title' | 'page chrome' | 'user content' | 'duplicate';

const HEADING = /^H[1-6]$/u;
const fold = (s: string): string => s.toLowerCase().replace(/\s+/gu, ' ').trim();

/** Is node i inside page chrome (nav, footer…) or user content (reviews, comments), below `region`? Memoised per node. */
function ancestorClass(ix: DomIndex, i: number, region: number, memo: Map<number, DropReason | null>): DropReason | null {
  const path: number[] = [];
  let verdict: DropReason | null = null;
  for (let x = i; x >= 0; x = ix.parent[x]!) {
    const known = memo.get(x);
    if (known !== undefined) { verdict = known; break; }
    path.push(x);
    const el = ix.nodes[x]!;
    if (CHROME_TAGS.has(el.tagName) || CHROME_ROLES.test(el.getAttribute('role') ?? '')) { verdict = 'page chrome'; break; }
    if (USER_CONTENT.test(`${el.getAttribute('class') ?? ''} ${el.id} ${el.getAttribute('itemprop') ?? ''}`)) { verdict = 'user content'; break; }
    if (x === region) break;
  }
  for (const x of path) memo.set(x, verdict);
  return verdict;
}

/**
 * The rows the walk read are candidates; a product's attribute table is what is left after
 * these rules (each general, each named in the trace):
 *  - prose value: a long value with sentence punctuation is a description or a feature
 *    bullet ("Waterproof: With IPX4-level protection, …"), not a value;
 *  - no value: a value without a letter or digit ("*", "/ /": a form's placeholders);
 *  - title: the attribute leaf is inside a link or is a heading (teasers and section titles
 *    written "X: y", e.g. "1600 Martinsen : un barbecue fonctionnel");
 *  - page chrome / user content: the key sits in nav, footer, a form's search box, or in
 *    reviews and comments (reviewer "Age:", "Location:" repeat once per review);
 *  - duplicate: the same attribute and value again (responsive layouts render twice).
 */
export function cleanAttributeRows(ix: DomIndex, region: number, rows: readonly LocatedRow[], dropped?: Record<string, number>): AttributeRow[] {
  const out: AttributeRow[] = [];
  const seen = new Set<string>();
  const memo = new Map<number, DropReason | null>();
  const drop = (why: DropReason): void => { if (dropped) dropped[why] = (dropped[why] ?? 0) + 1; };
  for (const r of rows) {
    if (r.value.length > MAX_PLAIN_VALUE && SENTENCE_PUNCTUATION.test(r.value)) { drop('prose value'); continue; }
    if (!/[\p{L}\p{N}]/u.test(r.value)) { drop('no value'); continue; }
    // A heading only counts as a title when the whole "X: y" is its own text; `<h4>Material</h4><p>Nylon</p>` is a pair.
    if (ix.inLink[r.keyNode] === 1 || (HEADING.test(ix.nodes[r.keyNode]!.tagName) && ix.ownText[r.keyNode]!.includes(r.value))) { drop('title'); continue; }
    const where = ancestorClass(ix, r.keyNode, region, memo);
    if (where) { drop(where); continue; }
    const key = `${fold(r.attribute)}\u0000${fold(r.value)}`;
    if (seen.has(key)) { drop('duplicate'); continue; }
    seen.add(key);
    out.push({ attribute: r.attribute, value: r.value });
  }
  return out;
}

export function extractAttributes(ix: DomIndex, dropped?: Record<string, number>): { rows: AttributeRow[]; trace: AttributeTrace } {
  const trace = findAttributeRegion(ix);
  if (trace.region < 0) return { rows: [], trace };
  const rows = cleanAttributeRows(ix, trace.region, readAttributePairs(ix, trace.region), dropped);
  return { rows: rows.length >= MIN_ATTRIBUTE_PAIRS ? rows : [], trace };
}
