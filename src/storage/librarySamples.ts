import type { StoredClip } from './schema';
import { termsFor } from './libraryTerms';

/**
 * Builds well-formed StoredClip records for unit tests, the scale benchmark and e2e backups.
 * Not used by the shipped pages.
 */
export function sampleClip(p: Partial<StoredClip> & { id: string; title: string; html: string }): StoredClip {
  const text = p.text ?? p.html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
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
    excerpt: text.slice(0, 160),
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
