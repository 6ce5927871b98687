/**
 * JSON-LD: the page's own structured claims (`<script type="application/ld+json">`), read
 * once per script for everything in the core that wants them — metadata (title, byline,
 * dates), the page-kind classifier (declared @type) and the product attribute table
 * (name, brand, price). Before this module each of those parsed every block itself.
 *
 * Any page is hostile: a block may be invalid JSON, huge, deeply nested or wrapped in an
 * HTML comment. Invalid blocks are skipped, blocks over MAX_JSON_LD_CHARS are not parsed,
 * the flattened list stops at MAX_JSON_LD_OBJECTS and every walk is iterative and bounded.
 *
 * Parsed data is memoised per script element and keyed by its text, so one extraction
 * (metadata + records) parses each block once, and a live page that rewrites a block is
 * read afresh on the next call. The objects returned are shared: callers only read them.
 */

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** Objects kept per document (the list metadata.ts always used). */
export const MAX_JSON_LD_OBJECTS = 200;
/** Blocks longer than this are not parsed (a 2 MB block already costs ~10 ms of JSON.parse). */
export const MAX_JSON_LD_CHARS = 2_000_000;
/** Nodes visited by one walk into nested objects (jsonLdTypes). */
const MAX_NESTED_VISITS = 5000;

const parsed = new WeakMap<Element, { text: string; data: Json | undefined }>();

function parseBlock(script: Element): Json | undefined {
  const text = script.textContent ?? '';
  const memo = parsed.get(script);
  if (memo && memo.text === text) return memo.data;
  let data: Json | undefined;
  if (text.length <= MAX_JSON_LD_CHARS) {
    try {
      // Some CMSs still wrap the block in an HTML comment; other blocks are parsed as they are
      // (no copy of a long block for a pattern that cannot match).
      const bare = text.includes('<!--') || text.includes('-->') ? text.replace(/^\s*<!--|-->\s*$/g, '') : text;
      data = JSON.parse(bare) as Json;
    } catch {
      data = undefined;
    }
  }
  parsed.set(script, { text, data });
  return data;
}

/**
 * Every JSON-LD object of the page: top-level objects, arrays and `@graph` flattened (an
 * object with a @graph is listed too). Order: blocks in document order; inside a block, a
 * depth-first walk that takes the last array item first (the order metadata.ts has always
 * used, so which object `find()` returns is unchanged). At most MAX_JSON_LD_OBJECTS.
 */
export function jsonLdObjects(doc: Document): JsonObject[] {
  const out: JsonObject[] = [];
  // The <script> elements whose type is `application/ld+json` in any case, in document order
  // (what `script[type="application/ld+json" i]` selects), without a selector match against
  // every element of the page (issue 2 speed bar).
  const scripts = doc.getElementsByTagName('script');
  for (let k = 0; k < scripts.length; k++) {
    if (out.length >= MAX_JSON_LD_OBJECTS) break;
    const script = scripts[k]!;
    const type = script.getAttribute('type');
    if (type === null || type.length !== 19 || type.toLowerCase() !== 'application/ld+json') continue;
    const data = parseBlock(script);
    if (data === undefined) continue;
    const stack: Json[] = [data];
    while (stack.length > 0 && out.length < MAX_JSON_LD_OBJECTS) {
      const item = stack.pop();
      // A loop, not push(...item): spreading a 200,000-item array overflows the call stack.
      if (Array.isArray(item)) for (const x of item) stack.push(x);
      else if (item && typeof item === 'object') {
        out.push(item);
        const graph = item['@graph'];
        if (graph) stack.push(graph);
      }
    }
  }
  return out;
}

/** The @type strings of one object, as written (`"Product"`, `"https://schema.org/Product"`). */
export function typesOf(o: JsonObject): string[] {
  const t = o['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

/** A type as a short lower-case name: `https://schema.org/Product` → `product`. */
export function shortType(t: string): string {
  return t.replace(/^.*[/#]/u, '').toLowerCase();
}

/** Keys under which a page nests the entity it is about (a WebPage's mainEntity is the Product). */
const NESTING_KEYS = ['mainEntity', 'mainEntityOfPage', 'itemListElement', 'hasPart'] as const;

/**
 * Every schema.org type the page's JSON-LD declares, short and lower-case, including types
 * nested under mainEntity / mainEntityOfPage / itemListElement / hasPart (bounded walk).
 */
export function jsonLdTypes(doc: Document): Set<string> {
  const types = new Set<string>();
  const stack: Json[] = [];
  for (const o of jsonLdObjects(doc)) {
    for (const t of typesOf(o)) types.add(shortType(t));
    for (const key of NESTING_KEYS) if (key in o) stack.push(o[key]!);
  }
  let visits = 0;
  while (stack.length > 0 && visits++ < MAX_NESTED_VISITS) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const t of typesOf(v)) types.add(shortType(t));
      for (const key of NESTING_KEYS) if (key in v) stack.push(v[key]!);
    }
  }
  return types;
}
