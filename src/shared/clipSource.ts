/**
 * Where a clip came from, as the popup, the library and the reader show it.
 *
 * - A web page: its host as the label, and its address (the canonical one when the page
 *   declared it) as the original, which the reader links to.
 * - A page opened from disk (file://): its file name as the label, the file's path as the
 *   detail, and the file as the original. An extension page cannot follow a file: link
 *   (Chromium refuses the navigation), so the reader opens it through the extension where the
 *   browser allows that (Chromium with "Allow access to file URLs"; never Firefox, whose
 *   tabs.create refuses file: URLs) and shows the path as plain text otherwise. Clip HTML
 *   still never carries a file: link (src/shared/sanitize.ts). A saved page that declares its
 *   web address (`<link rel="canonical">`) has that page as its original.
 *
 * Pure: the UI decides what it can open.
 */
export interface ClipSource {
  /** Short, for a meta line: the site's host ("news.example"), or the file's name ("Notes.html"). */
  label: string;
  /** In full, for a tooltip or print: the page's address, or the file's path. */
  detail: string;
  /** What "Original" opens: a web address, or a file on this computer; null when there is nothing to open. */
  original: { kind: 'web' | 'file'; url: string } | null;
}

function parse(url: string | null): URL | null {
  if (!url) return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const isWeb = (u: URL | null): boolean => u !== null && (u.protocol === 'http:' || u.protocol === 'https:');

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A file URL's path as the user's system writes it: `/home/me/Notes.html`,
 * `C:/Users/me/Notes.html` (no slash before a drive letter), `//server/share/Notes.html`.
 */
export function filePath(u: URL): string {
  const path = decode(u.pathname);
  if (u.host) return `//${u.host}${path}`;
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

export function clipSource(url: string, canonicalUrl: string | null = null): ClipSource | null {
  const page = parse(url);
  if (!page) return null;
  const canonical = parse(canonicalUrl);
  const webCanonical = canonical && isWeb(canonical) ? canonical.href : null;
  if (isWeb(page)) {
    return { label: page.hostname.replace(/^www\./, ''), detail: page.href, original: { kind: 'web', url: webCanonical ?? page.href } };
  }
  if (page.protocol === 'file:') {
    const path = filePath(page);
    const name = path.split('/').filter(Boolean).pop() ?? path;
    return { label: name, detail: path, original: webCanonical ? { kind: 'web', url: webCanonical } : { kind: 'file', url: page.href } };
  }
  return null;
}
