import { describe, expect, it } from 'vitest';
import { clipSource } from './clipSource';

describe('clipSource', () => {
  it('a web page: its host, and its address (the canonical one when declared) as the original', () => {
    expect(clipSource('https://www.news.example/a?x=1', null)).toEqual({ label: 'news.example', detail: 'https://www.news.example/a?x=1', original: { kind: 'web', url: 'https://www.news.example/a?x=1' } });
    expect(clipSource('https://news.example/a?utm=x', 'https://news.example/a')?.original).toEqual({ kind: 'web', url: 'https://news.example/a' });
  });

  // A clip of a page opened from disk showed no source at all: the popup's host of a file://
  // address is empty, the library showed only a site name, the reader only http(s) originals.
  it('a page opened from disk: its file name, its path, and the file as the original', () => {
    const url = 'file:///home/me/Saved%20pages/Notes%20%C3%A9t%C3%A9.html';
    expect(clipSource(url, null)).toEqual({ label: 'Notes été.html', detail: '/home/me/Saved pages/Notes été.html', original: { kind: 'file', url } });
  });

  it('Windows paths and shares read as Windows writes them', () => {
    expect(clipSource('file:///C:/Users/me/Notes.html')?.detail).toBe('C:/Users/me/Notes.html');
    expect(clipSource('file://server/share/Notes.html')).toMatchObject({ label: 'Notes.html', detail: '//server/share/Notes.html' });
  });

  it('a saved page that declares its web address has that page as its original, and still its file as its label', () => {
    expect(clipSource('file:///home/me/Notes.html', 'https://courier.example/flood')).toEqual({
      label: 'Notes.html', detail: '/home/me/Notes.html', original: { kind: 'web', url: 'https://courier.example/flood' },
    });
  });

  it('nothing to show or open for other addresses; a web page never gets a file as its original', () => {
    expect(clipSource('javascript:alert(1)')).toBeNull();
    expect(clipSource('not a url')).toBeNull();
    expect(clipSource('https://news.example/a', 'file:///etc/passwd')?.original).toEqual({ kind: 'web', url: 'https://news.example/a' });
  });
});
