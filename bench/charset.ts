/**
 * How the benchmark makes Chromium decode captured bytes the way bench-data/README.md says a
 * browser does: BOM, else `<meta charset>`, else UTF-8.
 *
 * We serve the raw bytes as `text/html` without a charset so Chromium sniffs the BOM and the
 * `<meta>` itself. Two gaps were measured on the dev sets (2026-11, Chromium 156): Chromium's
 * prescan only looks at the first 1,024 bytes (wcxb-dev 0211 declares utf-8 at byte 1,613 and
 * came out windows-1252), and a page with no declaration at all falls back to the locale
 * default, windows-1252, not UTF-8 (75 of the 1,627 dev pages are unlabelled UTF-8 with
 * non-ASCII text). Only for those pages do we name a charset in the Content-Type header:
 * the late `<meta>` label if there is one, else utf-8.
 */

/** Bytes Chromium's meta prescan covers (HTML spec "prescan a byte stream", 1,024 bytes). */
const PRESCAN_BYTES = 1024;
/** How far we look for a late `<meta charset>`: the head of any real page ends well before. */
const LATE_META_BYTES = 64 * 1024;

/** A `<meta>` tag and its attributes (quoted or bare values). */
const META_TAG = /<meta\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const CHARSET_IN_CONTENT = /charset\s*=\s*["']?\s*([^\s"';]+)/i;

/**
 * The label a `<meta>` declares the way the HTML prescan reads it: a `charset` attribute, or
 * `http-equiv="content-type"` with `charset=` in `content`. Not `name="content-type"`, which
 * browsers ignore (wcxb-dev 0549, 0552, 0553 use it and must fall through to UTF-8).
 */
function declaredLabel(attributes: string): string | null {
  const attrs = new Map<string, string>();
  for (const m of attributes.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  const charset = attrs.get('charset');
  if (charset !== undefined && charset.trim() !== '') return charset.trim();
  if (attrs.get('http-equiv')?.trim().toLowerCase() === 'content-type') {
    const m = CHARSET_IN_CONTENT.exec(attrs.get('content') ?? '');
    if (m) return m[1]!;
  }
  return null;
}

function hasBom(bytes: Uint8Array): boolean {
  return (
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe)
  );
}

/** WHATWG name of an encoding label, or null when the label is unknown. */
export function encodingName(label: string): string | null {
  try {
    const name = new TextDecoder(label.trim()).encoding;
    // A <meta> naming UTF-16 means UTF-8 (HTML spec: the bytes got this far as ASCII).
    return name.startsWith('utf-16') ? 'utf-8' : name;
  } catch {
    return null;
  }
}

function metaLabel(bytes: Uint8Array, limit: number): string | null {
  let head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).toString('latin1');
  const body = head.search(/<body[\s>]/i);
  if (body >= 0) head = head.slice(0, body);
  for (const m of head.matchAll(META_TAG)) {
    const label = declaredLabel(m[1]!);
    if (label) return encodingName(label) ? label : null;
  }
  return null;
}

export interface CharsetDecision {
  /** Charset to put in the Content-Type header, or null to let the browser sniff. */
  header: string | null;
  /** The encoding the document should end up in (WHATWG name), for checking the browser. */
  expected: string;
}

export function decideCharset(bytes: Uint8Array): CharsetDecision {
  if (hasBom(bytes)) {
    const expected = bytes[0] === 0xef ? 'utf-8' : bytes[0] === 0xfe ? 'utf-16be' : 'utf-16le';
    return { header: null, expected };
  }
  const early = metaLabel(bytes, PRESCAN_BYTES);
  if (early) return { header: null, expected: encodingName(early)! };
  const late = metaLabel(bytes, LATE_META_BYTES);
  if (late) return { header: late, expected: encodingName(late)! };
  return { header: 'utf-8', expected: 'utf-8' };
}
