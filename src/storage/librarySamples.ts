import { excerptOf } from '../core/serialize';
import type { StoredClip } from './schema';
import { termsFor } from './libraryTerms';

const BLOCK_TAG = /<\/?(?:address|article|blockquote|dd|div|dl|dt|figcaption|figure|h[1-6]|hr|li|ol|p|pre|section|table|tbody|thead|tr|ul)\b[^>]*>|<br\s*\/?>/gi;

/** Plain text of clip HTML as the core writes it: blocks apart by a blank line, inline markup gone. */
function textOf(html: string): string {
  return html
    .replace(BLOCK_TAG, '\n\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Builds well-formed StoredClip records for unit tests, the scale benchmark and e2e backups.
 * Not used by the shipped pages.
 */
export function sampleClip(p: Partial<StoredClip> & { id: string; title: string; html: string }): StoredClip {
  const text = p.text ?? textOf(p.html);
  const wordCount = text.split(/\s+/).filter(Boolean).length;
  const savedAt = p.savedAt ?? Date.UTC(2026, 0, 1);
  const clip: Omit<StoredClip, 'terms'> = {
    url: `https://example.com/${p.id}`,
    canonicalUrl: null,
    byline: null,
    site: 'example.com',
    published: null,
    savedAt,
    updatedAt: savedAt,
    lang: 'en',
    dir: 'ltr',
    tags: [],
    excerpt: excerptOf(text),
    wordCount,
    readingMinutes: Math.max(1, Math.round(wordCount / 230)),
    engine: 'nta',
    leadImage: null,
    deletedAt: null,
    ...p,
    text,
  };
  return { ...clip, terms: p.terms ?? termsFor(clip) };
}
