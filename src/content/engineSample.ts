import { extractResult } from '../core/index';
import { MAX_PAGE_ELEMENTS, SAMPLE_HTML_CHARS, SAMPLE_MAX_WORDS, SAMPLE_WORD_CHARS, type ContentEngine, type EngineSample, type WordBag } from '../shared/messages';
import { refuseBeforeExtract } from './pageChecks';

/**
 * One engine's output for the popup's compare view (issue 6, "Choosing"). The popup asks
 * for the engines one after another, so each runs alone on the main thread and its result
 * reaches the user as soon as it is ready; an engine that fails or throws answers with its
 * own message and never takes the others down.
 */

/**
 * Words exactly as the benchmark's bag-of-words measure counts them (bench/metrics.ts
 * `tokenize`, Python's Unicode `\w+`): runs of letters, digits and underscore, after
 * lower-casing. The underscore matters: `user_id` is one token there, so the popup's
 * "agreement" must not split it (src/popup/agreement.test.ts pins the two together).
 */
const WORD = /[\p{L}\p{N}_]+/gu;

/** The clip text as a bag of words (the benchmark's bag-of-words measure, capped for the message). */
export function wordBag(text: string): WordBag {
  const counts = new Map<string, number>();
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].slice(0, SAMPLE_WORD_CHARS);
    const seen = counts.get(word);
    if (seen !== undefined) counts.set(word, seen + 1);
    else if (counts.size < SAMPLE_MAX_WORDS) counts.set(word, 1);
  }
  return { words: [...counts.keys()], counts: [...counts.values()] };
}

/**
 * The opening of the clip HTML, cut before a tag where possible. The cut may leave
 * elements open; the popup sanitizes it (DOMPurify parses it like any HTML) before showing.
 */
export function openingHtml(html: string): string {
  if (html.length <= SAMPLE_HTML_CHARS) return html;
  const cut = html.lastIndexOf('<', SAMPLE_HTML_CHARS);
  return html.slice(0, cut > 0 ? cut : SAMPLE_HTML_CHARS);
}

/**
 * `notAfter` (epoch ms): the background has stopped waiting by then. A request that only
 * got its turn later (it queued behind a slow engine) is answered at once without running,
 * so the page is free for whatever the user does next.
 */
export function sampleEngine(doc: Document, engine: ContentEngine, notAfter = Infinity, now = Date.now()): EngineSample {
  if (now > notAfter) return { kind: 'timed-out', engine, afterMs: Math.round(now - notAfter) };
  const refused = refuseBeforeExtract(doc);
  if (refused) return { kind: 'failed', engine, message: refused.message };
  const started = performance.now();
  try {
    const result = extractResult(doc, { engine, maxElements: MAX_PAGE_ELEMENTS, trace: false });
    const ms = Math.round(performance.now() - started);
    if (!result.ok) return { kind: 'failed', engine, message: result.message.slice(0, 2_000) };
    const { clip } = result;
    return { kind: 'sample', engine, title: clip.title.slice(0, 2_000), wordCount: clip.wordCount, ms, openingHtml: openingHtml(clip.html), bag: wordBag(clip.text) };
  } catch (err) {
    // An engine bug must not cost the user the other engines' previews.
    return { kind: 'failed', engine, message: `This engine failed on the page: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2_000) };
  }
}
