/** Helpers for the decision trace (issue 2, Output: `trace`). */
import type { DecisiveNodeTrace } from './types';

/**
 * A count with its thousands grouped the English way (`12,345`), for notes and messages: what
 * `n.toLocaleString('en')` writes for a whole number, without Intl. The first Intl call in a
 * page builds its number formatter from ICU data, measured at 45–870 ms in a fresh headless
 * Chromium page on this machine (loaded), and the core runs in fresh pages; this loop costs
 * microseconds. Whole numbers only (the core's counts); anything else is written as String() does.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = n < 0 ? '-' : '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

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

/**
 * Turn `target[key]` into a value computed on first read (then kept). The trace's DOM paths
 * and link samples cost several DOM reads per entry, yet most readers of a clip never look
 * at them (the benchmark reads `text`; the content script turns the trace off), and cold,
 * first-call code pays dearly for every read (scripts/profile-core.ts). The property stays
 * an own, enumerable one in its original position, so JSON.stringify and structured clone
 * (which read own getters) see exactly what an eager trace held. The one difference: the
 * value describes the page as it is when first read, so read the trace before changing it.
 */
export function defineLazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): T {
  let value: T[K];
  let known = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(): T[K] {
      if (!known) { value = compute(); known = true; }
      return value;
    },
    set(v: T[K]): void { value = v; known = true; },
  });
  return target;
}

/** A decisive-node trace entry whose `path` (describePath) is computed when first read. */
export function traceEntry(el: Element, entry: Omit<DecisiveNodeTrace, 'path'>): DecisiveNodeTrace {
  // `path` first, as the eager entries were built: the same key order in serialized traces.
  return defineLazy({ path: '', ...entry }, 'path', () => describePath(el));
}
