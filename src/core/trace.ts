/** Helpers for the decision trace (issue 2, Output: `trace`). */

/** A short CSS-like path, e.g. `body>div#main>article.post`, at most `maxDepth` steps. */
export function describePath(el: Element, maxDepth = 6): string {
  const parts: string[] = [];
  let cur: Element | null = el;
  while (cur && parts.length < maxDepth) {
    const tag = cur.tagName.toLowerCase();
    const id = cur.getAttribute('id');
    const cls = (cur.getAttribute('class') ?? '').trim().split(/\s+/)[0];
    parts.unshift(id ? `${tag}#${id}` : cls ? `${tag}.${cls}` : tag);
    if (tag === 'body' || tag === 'html') break;
    cur = cur.parentElement;
  }
  return parts.join('>');
}
