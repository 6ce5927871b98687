import { CLIP_FIELD_LIMITS, type ClipData } from '../shared/messages';

/** `text` cut to at most `max` characters with an ellipsis, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** A language tag over the limit keeps its primary subtag ("en" of "en-…"), which still picks fonts and hyphenation. */
function fitLang(lang: string | null): string | null {
  if (lang === null || lang.length <= CLIP_FIELD_LIMITS.lang) return lang;
  const primary = lang.split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,8}$/i.test(primary) ? primary : null;
}

/**
 * The page's address within the limit, as close to it as possible: without its fragment,
 * else the page's own canonical address, else without its query, else its origin. A cut
 * address would point somewhere else.
 */
function fitPageUrl(url: string, canonicalUrl: string | null): string {
  if (url.length <= CLIP_FIELD_LIMITS.url) return url;
  const withoutHash = url.split('#')[0] ?? url;
  if (withoutHash.length <= CLIP_FIELD_LIMITS.url) return withoutHash;
  if (canonicalUrl !== null) return canonicalUrl;
  try {
    const parsed = new URL(url);
    const bare = parsed.origin + parsed.pathname;
    return bare.length <= CLIP_FIELD_LIMITS.url ? bare : `${parsed.origin}/`;
  } catch {
    return url;
  }
}

/**
 * Fits a clip's page-given fields to the protocol's limits (src/shared/messages.ts
 * CLIP_FIELD_LIMITS, which the `clipData` validator checks) before the clip leaves the page.
 * The receiving side rejects a field over its limit outright, so one page attribute out of
 * bounds cost the whole clip: a 2,500-character <title>, a 4,000-character og:site_name, a
 * 20,000-character description, `<html lang>` over 35 characters or an address over 8,192
 * characters (state kept in the query) all ended in "Something went wrong: reply.clip.title: expected string of at most
 * 2000 characters", in the popup and in Save selection / Save full page alike. Cutting
 * here loses a little text; the clip survives (the same rule as records.ts for tables).
 * clipLimits.test.ts runs the real validator on the output.
 */
export function fitClipToLimits(clip: ClipData): ClipData {
  const canonicalUrl = clip.canonicalUrl !== null && clip.canonicalUrl.length > CLIP_FIELD_LIMITS.url ? null : clip.canonicalUrl;
  return {
    ...clip,
    title: cutText(clip.title, CLIP_FIELD_LIMITS.title),
    byline: clip.byline === null ? null : cutText(clip.byline, CLIP_FIELD_LIMITS.byline),
    siteName: clip.siteName === null ? null : cutText(clip.siteName, CLIP_FIELD_LIMITS.siteName),
    excerpt: clip.excerpt === null ? null : cutText(clip.excerpt, CLIP_FIELD_LIMITS.excerpt),
    // A date cut short is no date.
    published: clip.published !== null && clip.published.length > CLIP_FIELD_LIMITS.published ? null : clip.published,
    lang: fitLang(clip.lang),
    canonicalUrl,
    url: fitPageUrl(clip.url, canonicalUrl),
  };
}
