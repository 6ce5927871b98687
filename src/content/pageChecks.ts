import { MAX_PAGE_ELEMENTS, type ExtractReply } from '../shared/messages';

/**
 * Checks that run before the core: pages that cannot be clipped get a plain reason instead
 * of a slow or failing extraction (issue 4, "Pages that cannot be clipped").
 */
export function refuseBeforeExtract(doc: Document): Extract<ExtractReply, { kind: 'cannot-clip' }> | null {
  // Chrome's PDF viewer and other plugin documents: the DOM holds an <embed>, not the text.
  if (doc.contentType === 'application/pdf') {
    return { kind: 'cannot-clip', code: 'pdf', message: 'This is a PDF shown by the browser’s PDF viewer. Sift clips web pages; download the PDF to keep it.' };
  }
  if (!/html|xml/.test(doc.contentType)) {
    return { kind: 'cannot-clip', code: 'empty', message: `This tab shows a file (${doc.contentType}), not a web page. There is nothing to clip.` };
  }
  const elements = doc.getElementsByTagName('*').length;
  if (elements > MAX_PAGE_ELEMENTS) {
    return {
      kind: 'cannot-clip',
      code: 'too-large',
      message: `This page is too large to clip: ${elements.toLocaleString('en')} elements, the limit is ${MAX_PAGE_ELEMENTS.toLocaleString('en')}.`,
    };
  }
  const body = doc.body;
  const text = body?.textContent?.trim() ?? '';
  const hasMedia = body?.querySelector('img, picture, video') != null;
  if (!body || (text.length === 0 && !hasMedia)) {
    return { kind: 'cannot-clip', code: 'empty', message: 'This page is empty: there is no text or image to clip.' };
  }
  return null;
}
