/**
 * SPEC §4 step 3 — record schema by simple tree matching (003, RecordSchemaGen; Yang 1991).
 *
 * Seed = the record with the most nodes. Every record is matched to the seed with simple
 * tree matching (STM): two nodes match when their tags are equal, and their children are
 * aligned by the classic DP that maximises the number of matched pairs. A text leaf of a
 * record that matches a seed node goes into that seed node's column; an unmatched leaf
 * opens a new column keyed by its tag path from the record root (the paper's "add column
 * to table"). Columns filled in too few rows are dropped; a Link column carries each
 * record's first link so a table row leads back to its page.
 *
 * STM recurses along matched child pairs, bounded by MAX_MATCH_DEPTH and MAX_RECORD_NODES:
 * records are small subtrees even on deep pages.
 */
import type { RecordTable } from '../types';
import { isDictionaryKey } from './attributes';
import { type DomIndex, childIndices } from './domIndex';
import type { RecordSet } from './recordMining';
import {
  DUPLICATE_COLUMN_SHARE, LABEL_COLUMN_SHARE, MAX_COLUMNS, MAX_MATCH_DEPTH, MAX_RECORD_NODES, MAX_ROWS, MIN_COLUMN_FILL, PRICE_PATTERN,
} from './rules';

export type { RecordTable } from '../types';

/** Simple tree matching: returns the matched (a, b) node pairs of the maximum matching. */
export function simpleTreeMatch(ix: DomIndex, a: number, b: number): [number, number][] {
  // Memo per node pair: STM score and the aligned child pairs of the optimal DP alignment.
  const memo = new Map<number, { score: number; aligned: [number, number][] }>();
  const N = ix.nodes.length;
  let budget = MAX_RECORD_NODES * 8;
  const score = (x: number, y: number, depth: number): number => {
    if (ix.nodes[x]!.tagName !== ix.nodes[y]!.tagName) return 0;
    const key = x * N + y;
    const hit = memo.get(key);
    if (hit) return hit.score;
    const xs = depth < MAX_MATCH_DEPTH && --budget > 0 ? childIndices(ix, x) : [];
    const ys = xs.length > 0 ? childIndices(ix, y) : [];
    if (xs.length === 0 || ys.length === 0) {
      memo.set(key, { score: 1, aligned: [] });
      return 1;
    }
    const w: number[][] = xs.map((cx) => ys.map((cy) => score(cx, cy, depth + 1)));
    const M: number[][] = Array.from({ length: xs.length + 1 }, () => new Array<number>(ys.length + 1).fill(0));
    for (let i = 1; i <= xs.length; i++) {
      for (let j = 1; j <= ys.length; j++) {
        M[i]![j] = Math.max(M[i]![j - 1]!, M[i - 1]![j]!, M[i - 1]![j - 1]! + w[i - 1]![j - 1]!);
      }
    }
    const aligned: [number, number][] = [];
    let i = xs.length;
    let j = ys.length;
    while (i > 0 && j > 0) {
      const wij = w[i - 1]![j - 1]!;
      if (wij > 0 && M[i]![j] === M[i - 1]![j - 1]! + wij) {
        aligned.push([xs[i - 1]!, ys[j - 1]!]);
        i--; j--;
      } else if (M[i]![j] === M[i - 1]![j]) i--;
      else j--;
    }
    const result = M[xs.length]![ys.length]! + 1;
    memo.set(key, { score: result, aligned });
    return result;
  };
  if (score(a, b, 0) === 0) return [];
  // Collect the pairs along the optimal alignment (a worklist, not recursion).
  const pairs: [number, number][] = [];
  const work: [number, number][] = [[a, b]];
  while (work.length > 0) {
    const [x, y] = work.pop()!;
    pairs.push([x, y]);
    for (const p of memo.get(x * N + y)?.aligned ?? []) work.push(p);
  }
  return pairs;
}

/**
 * A record's shape: its pre-order tag names with subtree sizes. Equal shapes are equal
 * ordered trees, so simple tree matching against the seed gives the same pairs by offset.
 * Records over MAX_RECORD_NODES are not keyed (null): they are matched on their own.
 */
function shapeKey(ix: DomIndex, r: number): string | null {
  const size = ix.size[r]!;
  if (size > MAX_RECORD_NODES) return null;
  const parts: string[] = [];
  for (let j = r; j < r + size; j++) parts.push(`${ix.nodes[j]!.tagName}${ix.size[j]}`);
  return parts.join(',');
}

/** Tag path of node i relative to record root r, e.g. `div>h3>a`. */
function relPath(ix: DomIndex, r: number, i: number): string {
  const parts: string[] = [];
  for (let x = i; x !== r && x >= 0; x = ix.parent[x]!) parts.push(ix.nodes[x]!.tagName.toLowerCase());
  return parts.reverse().join('>');
}

/** The record's main link: the <a href> with the most visible text (the title link, not "vote" or "login"). */
function mainLink(ix: DomIndex, r: number, baseUrl: string | undefined): string {
  const end = r + ix.size[r]!;
  let best: Element | null = null;
  let bestChars = -1;
  for (let j = r; j < end; j++) {
    const el = ix.nodes[j]!;
    if (el.tagName !== 'A') continue;
    const href = el.getAttribute('href');
    if (!href || /^\s*(?:javascript|data|vbscript):/iu.test(href) || href.startsWith('#')) continue;
    if (ix.textChars[j]! > bestChars) { best = el; bestChars = ix.textChars[j]!; }
  }
  best ??= ix.nodes[r]!.closest('a[href]');
  const href = best?.getAttribute('href');
  if (!href) return '';
  try { return new URL(href, baseUrl ?? best!.ownerDocument.baseURI).href; } catch { return href; }
}

/** Name a column from its cells and the seed node: Title (heading/first link), Price, else the element's class or tag. */
function columnName(ix: DomIndex, seedNode: number, cells: string[], used: Set<string>): string {
  const el = ix.nodes[seedNode];
  let name = 'Column';
  const filled = cells.filter((c) => c !== '');
  if (filled.length > 0 && filled.filter((c) => PRICE_PATTERN.test(c) && c.length < 40).length / filled.length >= 0.6) name = 'Price';
  else if (el && (/^H[1-6]$/u.test(el.tagName) || el.closest('h1,h2,h3,h4,h5,h6') !== null)) name = 'Title';
  else if (el?.closest('time') || (filled.length > 0 && filled.every((c) => /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$|\b(?:19|20)\d\d\b/u.test(c) && c.length < 40))) name = 'Date';
  else if (el) {
    // Only classes that read as words (`product-title`), never generated hashes (`YBz`, `price_ACYq`).
    const cls = (el.getAttribute('class') ?? '').split(/\s+/u).find((c) => /^[a-z]{3,}(?:[-_][a-z]{2,})*$/u.test(c) && c.length <= 25);
    if (cls) name = cls.replace(/[-_]+/gu, ' ').replace(/^\w/u, (m) => m.toUpperCase());
  }
  let unique = name;
  for (let k = 2; used.has(unique); k++) unique = `${name} ${k}`;
  used.add(unique);
  return unique;
}

export function buildTable(ix: DomIndex, set: RecordSet, baseUrl?: string): RecordTable {
  const records = set.records.slice(0, MAX_ROWS);
  let seed = records[0]!;
  for (const r of records) if (ix.size[r]! > ix.size[seed]!) seed = r;

  // Column keys: a seed node index (as a string) or a tag path for unmatched items.
  const columnOrder: string[] = [];
  const columnSeedNode = new Map<string, number>();
  const rowCells: Map<string, string>[] = [];
  // Records with the same shape (pre-order tags and subtree sizes) as one already matched
  // reuse its matching by offset: on a grid most cards are one shape, so STM runs a few
  // times instead of once per record (the quadratic part of this stage).
  const byShape = new Map<string, [number, number][]>();
  for (const r of records) {
    const matched = new Map<number, number>();
    const shape = shapeKey(ix, r);
    let offsets = shape === null ? undefined : byShape.get(shape);
    if (!offsets) {
      offsets = simpleTreeMatch(ix, seed, r).map(([s, x]) => [s, x - r]);
      if (shape !== null) byShape.set(shape, offsets);
    }
    for (const [s, dx] of offsets) matched.set(r + dx, s);
    const cells = new Map<string, string>();
    const end = r + Math.min(ix.size[r]!, MAX_RECORD_NODES);
    for (let j = r; j < end; j++) {
      const text = ix.ownText[j]!;
      if (text === '') continue;
      const s = matched.get(j);
      const key = s !== undefined ? `n${s}` : `p${relPath(ix, r, j)}`;
      if (!columnSeedNode.has(key)) {
        columnSeedNode.set(key, s ?? j);
        columnOrder.push(key);
      }
      cells.set(key, cells.has(key) ? `${cells.get(key)!} ${text}` : text);
    }
    rowCells.push(cells);
  }
  const minFill = Math.max(1, Math.ceil(records.length * MIN_COLUMN_FILL));
  // Seed-node columns keep the seed's document order; path columns follow.
  const kept = columnOrder
    .filter((k) => rowCells.reduce((n, c) => n + (c.has(k) ? 1 : 0), 0) >= minFill)
    .sort((a, b) => (columnSeedNode.get(a)! - columnSeedNode.get(b)!) || 0)
    .slice(0, MAX_COLUMNS - 1);
  const { keys, labels } = foldLabelColumns(kept, rowCells);
  const used = new Set<string>(labels.values());
  const columns = keys.map((k) => labels.get(k) ?? columnName(ix, columnSeedNode.get(k)!, rowCells.map((c) => c.get(k) ?? ''), used));
  const links = records.map((r) => mainLink(ix, r, baseUrl));
  const withLinks = links.some((l) => l !== '');
  if (withLinks) columns.push(used.has('Link') ? 'Link URL' : 'Link');
  const rows = rowCells.map((cells, ri) => {
    const row = keys.map((k) => cells.get(k) ?? '');
    if (withLinks) row.push(links[ri]!);
    return row;
  });
  return { columns, rows };
}

/**
 * Tidy the columns: drop a column that repeats another one (a title in the image link and in
 * the heading), and turn a constant short column ("Price:", "Manufacturer:") into the name of
 * the column after it.
 */
export function foldLabelColumns(keys: string[], rows: Map<string, string>[]): { keys: string[]; labels: Map<string, string> } {
  const labels = new Map<string, string>();
  if (rows.length < 3) return { keys, labels };
  const out: string[] = [];
  const values = (k: string): string[] => rows.map((r) => r.get(k) ?? '');
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = values(k);
    const filled = v.filter((x) => x !== '');
    const duplicate = out.some((o) => {
      const w = values(o);
      return v.filter((x, r) => x !== '' && x === w[r]).length >= filled.length * DUPLICATE_COLUMN_SHARE;
    });
    if (duplicate && filled.length > 0) continue;
    const counts = new Map<string, number>();
    for (const x of filled) counts.set(x, (counts.get(x) ?? 0) + 1);
    const [top, topCount] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const isConstant = top.length > 0 && top.length <= 40 && topCount >= rows.length * LABEL_COLUMN_SHARE * 0.5 && topCount >= filled.length * LABEL_COLUMN_SHARE;
    // Only a constant that reads as a field label ("Price:", "Brand") names the next column; "View details" does not.
    const isLabel = isConstant && (/[:：]\s*$/u.test(top) || isDictionaryKey(top));
    const next = keys[i + 1];
    if (!/[\p{L}\p{N}]/u.test(filled.join(''))) continue; // separators only (",", "|", "·")
    if (isLabel && next !== undefined) {
      const name = top.replace(/[\s:：]+$/u, '');
      if (!labels.has(next) && ![...labels.values()].includes(name)) labels.set(next, name);
      continue;
    }
    if (isConstant && counts.size === 1 && filled.length === rows.length) continue; // a constant button text carries no data
    out.push(k);
  }
  return { keys: out, labels };
}
