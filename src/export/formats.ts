/**
 * Export format names and labels, apart from the exporters themselves, so the library page
 * can draw its menu without loading turndown, fflate and the EPUB writer: those load on the
 * first export (a smaller first bundle is part of opening the library in < 300 ms).
 */
export type ExportFormat = 'markdown' | 'markdown-zip' | 'html' | 'epub' | 'csv' | 'tables-json' | 'tables-md' | 'backup-zip' | 'backup-json';

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  'markdown': 'Markdown (.md)',
  'markdown-zip': 'Markdown + images (ZIP)',
  'html': 'Self-contained HTML',
  'epub': 'EPUB e-book',
  'csv': 'Tables as CSV (list and product clips)',
  'tables-json': 'Tables as JSON (list and product clips)',
  'tables-md': 'Tables as Markdown (list and product clips)',
  'backup-zip': 'Full backup (ZIP)',
  'backup-json': 'Full backup (JSON)',
};

export type ExportProgress = (done: number, total: number, label: string) => void;

/**
 * Thrown when the user cancels an export or stops a bulk action (an AbortSignal's reason);
 * the page shows it as "cancelled", not as a failure. By name: a signal's reason can come
 * from another realm's DOMException (jsdom's beside Node's in the page tests).
 */
export function isCancel(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}
