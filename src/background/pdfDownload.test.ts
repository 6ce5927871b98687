import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../shared/pdfPages';
import { downloadPdf, interruptReason, pdfAddress, type DownloadDelta, type DownloadsApi } from './pdfDownload';

/** A downloads API that finishes each download the way `outcome` says, after `afterMs`. */
function fakeDownloads(outcome: { state: 'complete' | 'interrupted' | 'in_progress'; error?: string; filename?: string }, afterMs = 5, { events = true } = {}) {
  const listeners = new Set<(d: DownloadDelta) => void>();
  const items = new Map<number, { state: string; filename?: string; error?: string }>();
  const started: string[] = [];
  const api: DownloadsApi = {
    download: async ({ url }) => {
      started.push(url);
      const id = started.length;
      items.set(id, { state: 'in_progress' });
      if (outcome.state !== 'in_progress') {
        setTimeout(() => {
          items.set(id, { state: outcome.state, ...(outcome.filename ? { filename: outcome.filename } : {}), ...(outcome.error ? { error: outcome.error } : {}) });
          if (events) for (const l of listeners) l({ id, state: { current: outcome.state }, ...(outcome.error ? { error: { current: outcome.error } } : {}) });
        }, afterMs);
      }
      return id;
    },
    search: async ({ id }) => (items.has(id) ? [items.get(id)!] : []),
    onChanged: { addListener: (l) => void listeners.add(l), removeListener: (l) => void listeners.delete(l) },
  };
  return { api, started, listeners };
}

const permitted = { whenPermitted: async () => true };
const PDF = 'https://papers.example/2024/report.pdf';

describe('downloadPdf', () => {
  it('downloads the tab’s PDF and answers with the file once it is complete', async () => {
    const { api, started, listeners } = fakeDownloads({ state: 'complete', filename: '/home/me/Downloads/report.pdf' });
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => api })).resolves.toEqual({ kind: 'complete', filename: '/home/me/Downloads/report.pdf' });
    expect(started).toEqual([PDF]);
    expect(listeners.size).toBe(0); // no listener left behind
  });

  it('a download already complete before the listener was added still answers', async () => {
    const { api } = fakeDownloads({ state: 'complete', filename: '/d/r.pdf' }, 0);
    const slowSearch: DownloadsApi = { ...api, search: async (q) => { await new Promise((r) => setTimeout(r, 20)); return api.search(q); } };
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => slowSearch })).resolves.toEqual({ kind: 'complete', filename: '/d/r.pdf' });
  });

  it('a change the browser never reports (done before it registered the listener) is still seen', async () => {
    const { api, listeners } = fakeDownloads({ state: 'complete', filename: '/d/r.pdf' }, 30, { events: false });
    const began = Date.now();
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => api }, { permission: 10, complete: 5_000 })).resolves.toEqual({ kind: 'complete', filename: '/d/r.pdf' });
    expect(Date.now() - began).toBeLessThan(2_000); // a poll found it, long before the wait ran out
    expect(listeners.size).toBe(0);
  });

  it('an interrupted download is an error in the user’s words', async () => {
    const { api } = fakeDownloads({ state: 'interrupted', error: 'SERVER_BAD_CONTENT' });
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => api })).rejects.toThrow('The PDF was not downloaded: the site no longer has this file.');
  });

  it('a download still running after the wait answers `started`', async () => {
    const { api, listeners } = fakeDownloads({ state: 'in_progress' });
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => api }, { permission: 10, complete: 20 })).resolves.toEqual({ kind: 'started' });
    expect(listeners.size).toBe(0);
  });

  it('without the permission (refused, or no answer in time) nothing is downloaded', async () => {
    const { api, started } = fakeDownloads({ state: 'complete' });
    await expect(downloadPdf(PDF, { whenPermitted: async () => false, downloads: () => api })).rejects.toThrow(DOWNLOAD_MESSAGES.notAllowed);
    expect(started).toEqual([]);
  });

  it('a download the browser refuses to start says why', async () => {
    const { api } = fakeDownloads({ state: 'complete' });
    const refusing: DownloadsApi = { ...api, download: async () => { throw new Error('Invalid URL'); } };
    await expect(downloadPdf(PDF, { ...permitted, downloads: () => refusing })).rejects.toThrow('The PDF was not downloaded: Invalid URL.');
  });
});

describe('pdfAddress', () => {
  it('takes a web PDF, query and fragment included', () => {
    expect(pdfAddress('https://a.example/x.pdf?dl=1#page=2')).toBe('https://a.example/x.pdf?dl=1#page=2');
    expect(pdfAddress('http://localhost:8080/doc.PDF')).toBe('http://localhost:8080/doc.PDF');
  });
  it.each([undefined, '', 'https://a.example/article.html', 'chrome://settings', 'not a url'])('refuses %s: the tab no longer shows a PDF', (url) => {
    expect(() => pdfAddress(url)).toThrow(DOWNLOAD_MESSAGES.notPdf);
  });
  it('a PDF opened from disk is already a file', () => {
    expect(() => pdfAddress('file:///home/me/x.pdf')).toThrow(DOWNLOAD_MESSAGES.localFile);
  });
});

describe('interruptReason', () => {
  it.each([
    ['SERVER_BAD_CONTENT', 'the site no longer has this file'],
    ['SERVER_FORBIDDEN', 'the site refused to send it (you may need to sign in on the site first)'],
    ['NETWORK_FAILED', 'the connection to the site failed'],
    ['FILE_NO_SPACE', 'there is no room on the disk'],
    ['USER_CANCELED', 'the download was cancelled'],
    [undefined, 'the browser stopped it'],
    ['CRASH', 'the browser stopped it (CRASH)'],
  ])('%s → %s', (error, words) => {
    expect(interruptReason(error)).toBe(words);
  });
});
