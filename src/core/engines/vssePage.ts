/** Page-level input of VSSE: the semantic summary (SPEC §3.3: title + meta description). */

/** `title + meta description` (002 §4.4), the text that paragraphs are compared with. */
export function vsseSummary(doc: Document): string {
  const description =
    doc.querySelector('meta[name="description" i]')?.getAttribute('content') ??
    doc.querySelector('meta[property="og:description" i]')?.getAttribute('content') ??
    '';
  return `${doc.title ?? ''} ${description}`.trim();
}

