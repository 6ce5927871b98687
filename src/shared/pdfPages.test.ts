import { describe, expect, it } from 'vitest';
import { isPdfUrl, pdfRefusal } from './pdfPages';

describe('pdfRefusal', () => {
  it('offers the download for a PDF on the web, not for one opened from this computer', () => {
    expect(pdfRefusal('https://a.example/paper.pdf')).toEqual({ code: 'pdf', message: expect.stringContaining('download the PDF') });
    expect(pdfRefusal('file:///home/me/paper.pdf')).toEqual({ code: 'pdf-file', message: expect.stringContaining('on this computer') });
    expect(pdfRefusal('FILE:///C:/Users/me/paper.PDF').code).toBe('pdf-file');
  });

  it('knows a PDF by the end of its path, before a query or fragment', () => {
    expect(isPdfUrl('https://a.example/paper.pdf?download=1')).toBe(true);
    expect(isPdfUrl('https://a.example/paper.pdf#page=3')).toBe(true);
    expect(isPdfUrl('https://a.example/pdf-guide.html')).toBe(false);
  });
});
