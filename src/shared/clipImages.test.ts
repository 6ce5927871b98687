// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clipImageUrls, mayKeepImage } from './clipImages';

describe('mayKeepImage', () => {
  it('a file on this computer only for a page opened from disk', () => {
    expect(mayKeepImage('file:///home/me/Notes_files/a.png', 'file:///home/me/Notes.html')).toBe(true);
    expect(mayKeepImage('file:///home/me/secret.png', 'https://news.example/a')).toBe(false);
    for (const page of ['https://news.example/a', 'file:///home/me/Notes.html']) {
      expect(mayKeepImage('https://cdn.example/a.png', page)).toBe(true);
      expect(mayKeepImage('data:image/png;base64,AA==', page)).toBe(true);
      expect(mayKeepImage('javascript:alert(1)', page)).toBe(false);
      expect(mayKeepImage('not a url', page)).toBe(false);
    }
  });
});

describe('clipImageUrls', () => {
  const html = '<p>x</p><img src="Notes_files/mill.png"><img src="./Notes_files/stakes.png"><img src="file:///etc/x.png"><img src="https://cdn.example/c.png">';

  // A saved page's images (relative to the file) were dropped before the save: only
  // http(s), data: and blob: counted, so a clip of a file kept no images at all.
  it('keeps the files beside a page opened from disk', () => {
    const page = 'file:///home/me/Saved/Notes.html';
    expect(clipImageUrls({ url: page, leadImage: null, html }, page)).toEqual([
      'file:///home/me/Saved/Notes_files/mill.png',
      'file:///home/me/Saved/Notes_files/stakes.png',
      'file:///etc/x.png',
      'https://cdn.example/c.png',
    ]);
  });

  it('keeps no file for a web page, whatever its base', () => {
    const page = 'https://news.example/a';
    expect(clipImageUrls({ url: page, leadImage: 'file:///home/me/a.png', html }, 'file:///home/me/')).toEqual(['https://cdn.example/c.png']);
    expect(clipImageUrls({ url: page, leadImage: null, html }, page)).toEqual([
      'https://news.example/Notes_files/mill.png',
      'https://news.example/Notes_files/stakes.png',
      'https://cdn.example/c.png',
    ]);
  });
});
