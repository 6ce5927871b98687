import { groupDigits } from '../core/trace';
import { MAX_PAGE_ELEMENTS, type CannotClipReply, type ClipMode } from '../shared/messages';
import { pdfRefusal } from '../shared/pdfPages';
import { cutText } from './clipLimits';
import { hasSelection } from './plainClip';

/**
 * Checks that run before the core: pages that cannot be clipped get a plain reason instead
 * of a slow or failing extraction (issue 4, "Pages that cannot be clipped").
 *
 * The page's size does not limit a selection: MAX_PAGE_ELEMENTS guards the core's walk over
 * the whole page, which a selection clip never makes (it copies the selected nodes), and the
 * selection's own clip is held to MAX_CLIP_HTML_CHARS like any other (extract.ts). A user on a
 * 70,000-element spec was told "too large" for the one paragraph they had selected, from the
 * popup and from the context menu's "Clip selection" alike. A refusal of the whole page says
 * whether there is a selection, so the popup can offer to clip it instead.
 */
export function refuseBeforeExtract(doc: Document, mode: ClipMode = 'article'): CannotClipReply | null {
  // Chrome's PDF viewer and other plugin documents: the DOM holds an <embed>, not the text.
  if (doc.contentType === 'application/pdf') {
    return { kind: 'cannot-clip', ...pdfRefusal(doc.URL) };
  }
  // An SVG drawing (image/svg+xml) or another XML file without an HTML body is a file too,
  // not an "empty page": the tab visibly shows something.
  if (!/html|xml/.test(doc.contentType) || (!doc.body && !/html/.test(doc.contentType))) {
    return { kind: 'cannot-clip', code: 'empty', message: `This tab shows a file (${doc.contentType}), not a web page. There is nothing to clip.` };
  }
  const elements = mode === 'selection' ? 0 : doc.getElementsByTagName('*').length;
  if (elements > MAX_PAGE_ELEMENTS) {
    return {
      kind: 'cannot-clip',
      code: 'too-large',
      message: `This page is too large to clip: ${groupDigits(elements)} elements, the limit is ${groupDigits(MAX_PAGE_ELEMENTS)}.`,
      hasSelection: hasSelection(doc),
    };
  }
  // A selection clip reads the selected range and nothing else of the page: with text
  // selected, the page is neither empty nor only frames, so the checks below (which read
  // the whole body's text) have nothing to say. On a page of 50 MB of text they took
  // 150-970 ms in Chromium before "Save selection" of one paragraph, whose clip took < 5 ms.
  if (mode === 'selection' && hasSelection(doc)) return null;
  const body = doc.body;
  const text = body?.textContent?.trim() ?? '';
  const hasMedia = body?.querySelector('img, picture, video') != null;
  // A frameset (its body is the <frameset>) or a page that is only an <iframe> has no text
  // of its own, but the tab shows the frames' pages: not "empty", and the frame's own
  // address is where Sift can clip it.
  const framed = body?.tagName === 'FRAMESET';
  const frame = framed || (body && text.length === 0 && !hasMedia) ? largestFrameUrl(doc, 0) : null;
  if (framed || frame) {
    return {
      kind: 'cannot-clip',
      code: 'empty',
      message: `This page shows its content in frames, and Sift clips only the page that holds them.${frame ? ` Open the frame on its own to clip it: ${frame}` : ''}`,
    };
  }
  // A page that builds its content with scripts is empty until they have run: trying again
  // may find it (a file shown in the tab or a frameset, above, stays what it is).
  if (!body || (text.length === 0 && !hasMedia)) {
    return { kind: 'cannot-clip', code: 'empty', message: 'This page is empty: there is no text or image to clip.', retry: true };
  }
  return null;
}

/**
 * A frame is taken for the page's content when it covers at least this share of the
 * viewport: an article page shown in a page-size <iframe>, not a video-sized embed.
 */
const CONTENT_FRAME_VIEWPORT_SHARE = 0.5;

/**
 * The address of the page's largest visible frame (<iframe> or <frame>) covering at least
 * `minShare` of the viewport, or null. Sift runs in the top frame only, so a page whose
 * content is in a frame can only point the user to the frame's own address.
 */
export function largestFrameUrl(doc: Document, minShare: number): string | null {
  const view = doc.defaultView;
  if (!view || view.innerWidth <= 0 || view.innerHeight <= 0) return null;
  let best: { url: string; area: number } | null = null;
  for (const frame of Array.from(doc.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>('iframe[src], frame[src]'))) {
    if (typeof frame.checkVisibility === 'function' && !frame.checkVisibility({ visibilityProperty: true })) continue;
    let url: URL;
    try {
      url = new URL(frame.src);
    } catch {
      continue;
    }
    if (!['http:', 'https:', 'file:'].includes(url.protocol)) continue;
    const rect = frame.getBoundingClientRect();
    // A tracking pixel or a hidden helper frame is nobody's content (the core's 100 px image rule).
    if (rect.width < MIN_FRAME_SIDE_PX || rect.height < MIN_FRAME_SIDE_PX) continue;
    const area = Math.min(rect.width, view.innerWidth) * Math.min(rect.height, view.innerHeight);
    if (area > 0 && (!best || area > best.area)) best = { url: shownUrl(url), area };
  }
  return best && best.area >= minShare * view.innerWidth * view.innerHeight ? best.url : null;
}

/** Smaller frames (either side) are never taken for the page's content. */
const MIN_FRAME_SIDE_PX = 100;

/** Longest frame address quoted in a message (messages are capped at 2,000 characters). */
const MAX_SHOWN_URL_CHARS = 1_000;

/** A frame address fit to quote: whole when short, else without its query (still names the page). */
function shownUrl(url: URL): string {
  if (url.href.length <= MAX_SHOWN_URL_CHARS) return url.href;
  return cutText(url.origin + url.pathname, MAX_SHOWN_URL_CHARS);
}

/** Said after "not an article" when the page's content is most likely in a frame. */
export function contentFrameHint(doc: Document): string {
  const frame = largestFrameUrl(doc, CONTENT_FRAME_VIEWPORT_SHARE);
  return frame ? ` Most of this page is a frame showing ${frame}: Sift clips only the page around it, so open that address on its own to clip it.` : '';
}
