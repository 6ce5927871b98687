import { isFileUrl } from './clipImages';

/**
 * PDFs in the browser's viewer, which no extension can clip: what the popup says of one,
 * decided alike where the URL is judged (background/tabAccess.ts) and where the page's
 * content type is (content/pageChecks.ts). A PDF on the web can be downloaded from the
 * popup; one opened from this computer is a file already, so it gets no download button.
 */
export const PDF_MESSAGES = {
  web: 'This is a PDF shown by the browser’s PDF viewer. Sift clips web pages; download the PDF to keep it.',
  file: 'This is a PDF file on this computer, shown by the browser’s PDF viewer. Sift clips web pages; the PDF is already kept where it is.',
} as const;

/** Whether the address names a PDF by its extension (the viewer's own pages keep it). */
export function isPdfUrl(url: string): boolean {
  return /\.pdf($|[?#])/i.test(url);
}

/** The refusal for a PDF at `url`: `pdf` (downloadable) or `pdf-file` (already on this computer). */
export function pdfRefusal(url: string): { code: 'pdf' | 'pdf-file'; message: string } {
  return isFileUrl(url) ? { code: 'pdf-file', message: PDF_MESSAGES.file } : { code: 'pdf', message: PDF_MESSAGES.web };
}

/** Why "Download this PDF" did not start, said by the background and by the popup alike. */
export const DOWNLOAD_MESSAGES = {
  notAllowed: 'Sift may not download files. Press “Download this PDF” again and choose Allow when the browser asks.',
  notPdf: 'This tab no longer shows the PDF. Open the PDF again, then click Sift.',
  localFile: 'This PDF is already a file on this computer: there is nothing to download.',
} as const;
