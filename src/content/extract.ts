import { extractRecords, extractResult } from '../core/index';
import type { Clip, PageKind } from '../core/types';
import { DEFAULT_ENGINE, MAX_CLIP_HTML_CHARS, MAX_IMAGES_PER_CLIP, MAX_PAGE_ELEMENTS, toClipData, type ClipData, type ClipMode, type ContentEngine, type ExtractReply } from '../shared/messages';
import { clipImageUrls } from '../shared/clipImages';
import { fitClipToLimits } from './clipLimits';
import { contentFrameHint, refuseBeforeExtract } from './pageChecks';
import { clipFullPage, clipSelection, hasSelection } from './plainClip';
import { capRecords, hasRecords } from './records';
import { MIN_ARTICLE_WORDS, parseClipHtml, runningWords } from './verdict';

/**
 * Runs on the live, rendered DOM of the tab (the popup's preview and every save start
 * here). The core reads layout (rendered image widths, visibility) through its live probe,
 * which is why extraction happens in the page and not on a copy of its HTML.
 */

/** The core's trace is for the benchmark and the debug view; it never crosses to the popup. */
function withoutTrace(clip: Clip): ClipData {
  return capRecords(toClipData(clip));
}

/** Every image URL the clip shows, lead image first, deduplicated and capped. */
export function imageUrlsOf(clip: ClipData, doc: Document, parsed: Document = parseClipHtml(clip.html)): string[] {
  return clipImageUrls(clip, doc.baseURI, parsed).slice(0, MAX_IMAGES_PER_CLIP);
}

/** `parsed`: the clip HTML already parsed (parseClipHtml) by the caller, if it was. */
function finish(clip: ClipData, doc: Document, started: number, engine: ContentEngine, parsed?: Document): ExtractReply {
  if (clip.html.length > MAX_CLIP_HTML_CHARS) {
    const size = `${(clip.html.length / 1024 / 1024).toFixed(1)} MB of HTML, the limit is ${MAX_CLIP_HTML_CHARS / 1024 / 1024} MB`;
    // A selection too large is no reason to offer the selection again: a smaller one is the way.
    if (clip.engine === 'selection') {
      return { kind: 'cannot-clip', code: 'too-large', message: `The selection is too large to clip: ${size}. Select a smaller part and clip that.` };
    }
    return { kind: 'cannot-clip', code: 'too-large', message: `This page is too large to clip: the article is ${size}.`, hasSelection: hasSelection(doc) };
  }
  return { kind: 'clip', clip: fitClipToLimits(clip), imageUrls: imageUrlsOf(clip, doc, parsed), extractMs: Math.round(performance.now() - started), hasSelection: hasSelection(doc), engine };
}

/**
 * A list or product page the core finds no article in (a search-results grid has little
 * running text): when its records stage still finds a table or attribute rows, those are
 * the content, so the page is clipped whole with them attached instead of refused.
 */
function recordsOnlyClip(doc: Document, kind: PageKind | undefined): ClipData | null {
  const records = extractRecords(doc, kind ? { kind } : {});
  const clip: ClipData = { ...clipFullPage(doc), pageKind: records.pageKind };
  if (records.attributes.length > 0) clip.attributes = records.attributes;
  if (records.table) clip.table = records.table;
  const capped = capRecords(clip);
  return hasRecords(capped) ? capped : null;
}

/** A selection or full-page clip keeps the kind the user chose (nothing classifies those). */
function withKind(clip: ClipData, kind: PageKind | undefined): ClipData {
  return kind ? { ...clip, pageKind: kind } : clip;
}

/** Why a clip of `running` words of running text (fewer than MIN_ARTICLE_WORDS) is not an article. */
export function fewWordsMessage(running: number): string {
  const found = running === 0 ? 'no running text' : `only ${running} word${running === 1 ? '' : 's'} of running text`;
  return `Sift found ${found} here; this looks like a list of links or an app, not an article.`;
}

/**
 * `kind`: the page kind the user chose in the popup; without it the core guesses. The
 * records stage runs for every article-mode clip (it reuses the core's walk, so it costs
 * little), which is how the popup learns the page kind at all. `engine`: the content
 * engine the user chose; without it the extension's default (DEFAULT_ENGINE).
 */
export function extractFromPage(doc: Document, mode: ClipMode, kind?: PageKind, engine?: ContentEngine): ExtractReply {
  const started = performance.now();
  const refused = refuseBeforeExtract(doc, mode);
  if (refused) return refused;
  const chosen = engine ?? DEFAULT_ENGINE;
  const done = (clip: ClipData, parsed?: Document) => finish(clip, doc, started, chosen, parsed);

  if (mode === 'selection') {
    const clip = clipSelection(doc);
    if (!clip) return { kind: 'not-article', message: 'Nothing is selected on the page. Select some text first, or save the whole page.', hasSelection: false, engine: chosen };
    return done(withKind(clip, kind));
  }
  if (mode === 'fullpage') return done(withKind(clipFullPage(doc), kind));

  const result = extractResult(doc, { maxElements: MAX_PAGE_ELEMENTS, trace: false, records: kind ?? true, engine: chosen });
  if (result.ok) {
    const clip = withoutTrace(result.clip);
    // Parsed once: the verdict reads it here, the image list in finish.
    const parsed = parseClipHtml(clip.html);
    if (mode === 'article-anyway' || hasRecords(clip)) return done(clip, parsed);
    const running = runningWords(parsed);
    if (running >= MIN_ARTICLE_WORDS) return done(clip, parsed);
    return {
      kind: 'not-article',
      message: `${fewWordsMessage(running)}${contentFrameHint(doc)}`,
      hasSelection: hasSelection(doc),
      engine: chosen,
    };
  }
  // When the core found a region, its records stage already ran above; only a page with no
  // region at all gets a records-only attempt.
  if (result.reason === 'not-article') {
    const records = recordsOnlyClip(doc, kind);
    if (records) return done(records);
  }
  if (result.reason === 'too-large') return { kind: 'cannot-clip', code: 'too-large', message: result.message, hasSelection: hasSelection(doc) };
  // No visible text or image yet: a page still rendering, where trying again may help.
  if (result.reason === 'empty') return { kind: 'cannot-clip', code: 'empty', message: result.message, retry: true };
  // Not an article: "save anyway" keeps the page as it is rather than guessing a region.
  if (mode === 'article-anyway') return done(withKind(clipFullPage(doc), kind));
  return { kind: 'not-article', message: `${result.message}${contentFrameHint(doc)}`, hasSelection: hasSelection(doc), engine: chosen };
}
