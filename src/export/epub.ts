import type { StoredClip } from '../storage/schema';
import { escapeHtml, safeHttpUrl } from './html';
import { ZipStream } from './zipStream';

/**
 * EPUB 3 of selected clips, one chapter each. Chapters must be well-formed XHTML, so the
 * sanitized fragment is imported into an XML document and written by XMLSerializer
 * (never string-built from HTML).
 */

/** EPUB 3 core media types for images; anything else is left out of the book. */
export const EPUB_IMAGE_TYPES = new Set(['image/gif', 'image/jpeg', 'image/png', 'image/svg+xml', 'image/webp']);

export interface EpubChapter {
  clip: StoredClip;
  /** Sanitized body, images already pointing at `images/<name>` paths. */
  body: DocumentFragment;
  images: { path: string; mime: string; blob: Blob }[];
}

const CSS = `body{font-family:serif;line-height:1.5;margin:0 5%}h1{font-size:1.6em;line-height:1.2}
img{max-width:100%}pre{white-space:pre-wrap;font-size:.85em}.meta{color:#666;font-family:sans-serif;font-size:.85em}
table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .4em}`;

/**
 * Characters XML 1.0 does not allow anywhere in a document: C0 controls other than tab, LF
 * and CR, U+FFFE, U+FFFF, and halves of a surrogate pair. HTML keeps them as text (a page
 * pasted from Word holds U+000B for each soft line break), XMLSerializer writes them out as
 * they are, and an e-reader then refuses the whole chapter as not well-formed.
 */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An XML file's text with those characters gone. Markup never holds them, so only text and
 * attribute values change: a vertical tab or form feed (a line or page break) becomes a space,
 * half a surrogate pair U+FFFD, anything else nothing.
 */
export function xmlSafe(xml: string): string {
  return xml.replace(NOT_XML, (c) => (c === '\u000B' || c === '\u000C' ? ' ' : c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : ''));
}

function chapterXhtml(ch: EpubChapter): string {
  const xml = document.implementation.createDocument('http://www.w3.org/1999/xhtml', 'html', null);
  const html = xml.documentElement;
  if (ch.clip.lang) html.setAttribute('lang', ch.clip.lang);
  if (ch.clip.dir) html.setAttribute('dir', ch.clip.dir);
  const head = xml.createElementNS('http://www.w3.org/1999/xhtml', 'head');
  const title = xml.createElementNS('http://www.w3.org/1999/xhtml', 'title');
  title.textContent = ch.clip.title;
  const link = xml.createElementNS('http://www.w3.org/1999/xhtml', 'link');
  link.setAttribute('rel', 'stylesheet');
  link.setAttribute('href', 'style.css');
  head.append(title, link);
  const body = xml.createElementNS('http://www.w3.org/1999/xhtml', 'body');
  const h1 = xml.createElementNS('http://www.w3.org/1999/xhtml', 'h1');
  h1.textContent = ch.clip.title;
  const meta = xml.createElementNS('http://www.w3.org/1999/xhtml', 'p');
  meta.setAttribute('class', 'meta');
  meta.textContent = [ch.clip.byline, ch.clip.site, safeHttpUrl(ch.clip.url)].filter(Boolean).join(' · ');
  body.append(h1, meta, xml.importNode(ch.body, true));
  html.append(head, body);
  return xmlSafe(`<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n${new XMLSerializer().serializeToString(xml)}`);
}

export async function writeEpub(
  chapters: AsyncIterable<EpubChapter>,
  meta: { title: string; count: number },
  onProgress: (done: number, total: number, label: string) => void,
): Promise<Blob> {
  const zip = new ZipStream('application/epub+zip');
  // The mimetype entry must come first and be stored uncompressed (OCF 3.0 §4.3).
  zip.addBytes('mimetype', new TextEncoder().encode('application/epub+zip'), false);
  zip.addText('META-INF/container.xml', `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`);
  zip.addText('OEBPS/style.css', CSS);
  const items: string[] = [];
  const spine: string[] = [];
  const toc: string[] = [];
  let n = 0;
  let lang = 'en';
  // A book of one clip is that clip's: its title and author, not "Sift clip" by Sift.
  let title = meta.title;
  let creator = 'Sift';
  for await (const ch of chapters) {
    n++;
    if (n === 1 && ch.clip.lang) lang = ch.clip.lang;
    if (n === 1 && meta.count === 1) {
      title = ch.clip.title.replace(/\s+/g, ' ').trim() || title;
      creator = ch.clip.byline?.replace(/\s+/g, ' ').trim() || creator;
    }
    const file = `chapter-${n}.xhtml`;
    zip.addText(`OEBPS/${file}`, chapterXhtml(ch));
    items.push(`<item id="c${n}" href="${file}" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${n}"/>`);
    toc.push(`<li><a href="${file}">${escapeHtml(ch.clip.title)}</a></li>`);
    for (const [i, im] of ch.images.entries()) {
      await zip.addBlob(`OEBPS/${im.path}`, im.blob);
      items.push(`<item id="i${n}-${i}" href="${escapeHtml(im.path)}" media-type="${escapeHtml(im.mime)}"/>`);
    }
    onProgress(n, meta.count, 'Writing EPUB');
  }
  zip.addText('OEBPS/nav.xhtml', xmlSafe(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${toc.join('')}</ol></nav></body></html>`));
  const id = `urn:uuid:${crypto.randomUUID()}`;
  const modified = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  zip.addText('OEBPS/content.opf', xmlSafe(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="bookid">${id}</dc:identifier>
<dc:title>${escapeHtml(title)}</dc:title>
<dc:language>${escapeHtml(lang)}</dc:language>
<dc:creator>${escapeHtml(creator)}</dc:creator>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
${items.join('\n')}
</manifest>
<spine>${spine.join('')}</spine>
</package>`));
  return zip.finish();
}
