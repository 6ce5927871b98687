import type { StoredClip } from '../storage/schema';

/**
 * Self-contained HTML: one file that opens anywhere offline. The body comes already
 * sanitized (again, at export time) with images as data: URIs; the meta CSP forbids every
 * script and every network load, so even markup a future browser parses differently
 * cannot run or phone home.
 */
export const EXPORT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--bg:#fdfcf9;--muted:#6b6f76;--link:#0b57d0}
@media (prefers-color-scheme:dark){:root{--fg:#e6e3dc;--bg:#17181a;--muted:#9aa0a6;--link:#8ab4f8}}
body{margin:0;background:var(--bg);color:var(--fg);font:1.125rem/1.65 Charter,"Iowan Old Style",Georgia,"Noto Serif","Noto Serif CJK SC",serif}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem 5rem}
header{border-bottom:1px solid color-mix(in srgb,var(--fg) 15%,transparent);margin-bottom:2rem;padding-bottom:1rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 .5rem}
.meta{color:var(--muted);font:.9rem/1.4 system-ui,sans-serif}
a{color:var(--link)}
img{max-width:100%;height:auto}
pre{overflow:auto;padding:1rem;background:color-mix(in srgb,var(--fg) 6%,transparent);border-radius:6px}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
table{border-collapse:collapse;max-width:100%;display:block;overflow:auto}
td,th{border:1px solid color-mix(in srgb,var(--fg) 20%,transparent);padding:.3rem .6rem}
blockquote{margin:1rem 0;padding-left:1rem;border-left:3px solid color-mix(in srgb,var(--fg) 25%,transparent);color:var(--muted)}
`;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The original's address only when it is http(s): a clip URL is page data, not trusted. */
export function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** `bodyHtml` must be the serialization of a sanitized fragment (exportClip makes it). */
export function standaloneHtml(clip: StoredClip, bodyHtml: string): string {
  const original = safeHttpUrl(clip.canonicalUrl ?? clip.url);
  const meta = [
    clip.byline ? escapeHtml(clip.byline) : null,
    clip.site ? escapeHtml(clip.site) : null,
    clip.published ? escapeHtml(clip.published.slice(0, 10)) : null,
    original ? `<a href="${escapeHtml(original)}" rel="noopener noreferrer">Original</a>` : null,
  ].filter(Boolean).join(' · ');
  const lang = clip.lang ? ` lang="${escapeHtml(clip.lang)}"` : '';
  const dir = clip.dir ? ` dir="${clip.dir}"` : '';
  return `<!doctype html>
<html${lang}${dir}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Sift">
<title>${escapeHtml(clip.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(clip.title)}</h1><div class="meta">${meta}</div></header>
<article>
${bodyHtml}
</article>
</main>
</body>
</html>
`;
}
