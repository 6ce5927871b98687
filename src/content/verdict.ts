import { countWords } from '../core/index';

/**
 * A "clip" with almost no running text means the core found no article (a front page of
 * links, an app shell): say so and let the user choose, rather than save a stub. Short
 * pieces are still one click away with "save anyway".
 */
export const MIN_ARTICLE_WORDS = 30;

/**
 * Clip HTML as an inert document (DOMParser: no scripts run, nothing loads). The content
 * script parses a clip once and hands the document to both readers: the verdict below and
 * the image list (extract.ts `imageUrlsOf`).
 */
export function parseClipHtml(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

/**
 * Words of running text in a parsed clip: the words outside links (CJK-aware, as the clip's
 * own word count). This is the verdict's measure, not `wordCount`, so that the verdict does
 * not depend on the engine: on a front page of story links NTA types every node as an
 * anchor and prunes them all, while Auto's combiner may keep part of the list; both clips
 * have no running text, and both get "not an article".
 */
export function runningWords(clip: Document): number {
  // Each text run outside a link counts on its own, so words of adjacent blocks are not
  // glued together.
  const walker = clip.createTreeWalker(clip.body, NodeFilter.SHOW_TEXT);
  const runs: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a')) runs.push(node.nodeValue ?? '');
  }
  const { words, cjk } = countWords(runs.join('\n'));
  return words + cjk;
}
