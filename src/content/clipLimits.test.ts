import { describe, expect, it } from 'vitest';
import { CLIP_FIELD_LIMITS, extractReplyValidator, type ClipData, type ExtractReply } from '../shared/messages';
import { cutText, fitClipToLimits } from './clipLimits';

const base: ClipData = {
  title: 'When the River Came to Town',
  byline: 'Ada Lovelace',
  published: '2024-03-05T09:30:00.000Z',
  siteName: 'The Valley Courier',
  lang: 'en',
  dir: 'ltr',
  url: 'https://news.example/river',
  canonicalUrl: 'https://news.example/river',
  excerpt: 'The river had been rising for three days.',
  leadImage: null,
  html: '<p>The river had been rising for three days.</p>',
  text: 'The river had been rising for three days.',
  wordCount: 8,
  readingMinutes: 1,
  engine: 'nta',
};

/** The reply the content script sends, through the validator the background runs on it. */
const validated = (clip: ClipData): ExtractReply =>
  extractReplyValidator({ kind: 'clip', clip, imageUrls: [], extractMs: 3, hasSelection: false, engine: 'nta' }, 'reply');

const longQuery = `https://news.example/river?${'state=abc&'.repeat(900)}`;

/** Each field a hostile or unusual page controls, over its limit (found on localhost pages, see clipLimits.ts). */
const oversize: Array<[string, Partial<ClipData>]> = [
  ['title', { title: 'Title '.repeat(500) }],
  ['byline', { byline: 'Author '.repeat(700) }],
  ['siteName', { siteName: 'Site '.repeat(1_000) }],
  ['excerpt', { excerpt: 'desc '.repeat(5_000) }],
  ['published', { published: '2024-03-05T09:30:00Z '.repeat(10) }],
  ['lang', { lang: `en-${'abcdefgh-'.repeat(8)}x` }],
  ['canonicalUrl', { canonicalUrl: longQuery }],
  ['url', { url: longQuery }],
];

describe('fitClipToLimits', () => {
  it.each(oversize)('a page-given %s over its limit no longer costs the whole clip', (_field, fields) => {
    const clip = { ...base, ...fields };
    expect(() => validated(clip)).toThrow(/reply\.clip\./);
    expect(() => validated(fitClipToLimits(clip))).not.toThrow();
  });

  it('leaves a clip within the limits exactly as it was', () => {
    expect(fitClipToLimits(base)).toEqual(base);
  });

  it('cuts long text with an ellipsis at the limit and keeps its beginning', () => {
    const fitted = fitClipToLimits({ ...base, title: 'Title '.repeat(500) });
    expect(fitted.title.length).toBeLessThanOrEqual(CLIP_FIELD_LIMITS.title);
    expect(fitted.title.length).toBeGreaterThan(CLIP_FIELD_LIMITS.title - 10);
    expect(fitted.title.startsWith('Title Title')).toBe(true);
    expect(fitted.title.endsWith('…')).toBe(true);
  });

  it('never leaves half a surrogate pair at the cut', () => {
    const emoji = '😀'.repeat(1_500); // 3,000 UTF-16 units
    const cut = cutText(emoji, 2_000);
    expect(cut.length).toBeLessThanOrEqual(2_000);
    expect(cut).toBe(`${'😀'.repeat(999)}…`);
  });

  it('keeps the primary language of an over-long tag, drops a date it would have to cut', () => {
    const fitted = fitClipToLimits({ ...base, lang: `en-${'abcdefgh-'.repeat(8)}x`, published: 'x'.repeat(65) });
    expect(fitted.lang).toBe('en');
    expect(fitted.published).toBeNull();
  });

  it('an over-long address becomes the closest one within the limit: no fragment, the canonical address, no query', () => {
    const huge = `?${'q=1&'.repeat(2_500)}`;
    expect(fitClipToLimits({ ...base, url: `https://news.example/river#${'s'.repeat(9_000)}` }).url).toBe('https://news.example/river');
    expect(fitClipToLimits({ ...base, url: `https://news.example/river${huge}`, canonicalUrl: 'https://news.example/canonical' }).url).toBe('https://news.example/canonical');
    const fitted = fitClipToLimits({ ...base, url: `https://news.example/river${huge}`, canonicalUrl: `https://news.example/river${huge}` });
    expect(fitted.canonicalUrl).toBeNull();
    expect(fitted.url).toBe('https://news.example/river');
    expect(fitted.url.length).toBeLessThanOrEqual(CLIP_FIELD_LIMITS.url);
  });
});
