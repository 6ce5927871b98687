import { getEngine } from './engines';
import type { ClipOfSelection, ContentSelection, EngineContext } from './engines/engine';
import { liveLayoutProbe, markupVisibility } from './layout';
import type { LinkBlock, LinkBlockResult } from './linkBlocks';
import { createLinkBlockScanner, isDescribedList, removableSpan } from './linkBlocks';
import { extractMetadata } from './metadata';
import { APP_SHELL_LAYOUT, appShellDocument } from './noscript';
import { resolveOptions } from './options';
import type { Serialized } from './serialize';
import { countWords, excerptOf, readingMinutes, serialize } from './serialize';
import { withoutTitleHeading } from './titleHeading';
import { withoutAuthorBox } from './authorBox';
import { extractRecords } from './records';
import { LINK_BLOCKS_MAX_CONTENT_SHARE, MARKUP_RETRY_MAX_RENDERED_CHARS, MARKUP_RETRY_MIN_RATIO } from './rules';
import { defineLazy, groupDigits } from './trace';
import { removeRepeatedRegions } from './repeats';
import { composeStreamedPage } from './streamed';
import { isHeadingAnchor, removeControlText } from './controls';
import { removeTeaserLists } from './teasers';
import { removeWidgetSections } from './widgets';
import type { PageStats } from './stats';
import { computeStats, countChars } from './stats';
import type { Clip, ExtractOptions, ExtractResult, LayoutProbe, LinkBlockTrace, NoClipReason, Trace } from './types';

/**
 * The pipeline, as a recipe (STYLE.md 2):
 *  1. refuse pages over the hard size limit (before any walk); a page whose streamed parts
 *     wait unplaced for its scripts is clipped as they would have composed it (streamed.ts);
 *  2. stats pass over the rendered DOM (stats.ts), with
 *  3. the logical link-block scan listening to the same in-order stream (linkBlocks.ts);
 *  4. the engine selects the content (engines/, NTA by default);
 *  5. link blocks inside the selection are removed (SPEC §2), then widget sections
 *     (widgets.ts), repeated copies of a region (repeats.ts), teaser lists (teasers.ts)
 *     and control text (controls.ts);
 *  6. serialization to clean HTML + text (serialize.ts);
 *  7. metadata (metadata.ts), word count, reading time.
 * Synchronous, and the page is never mutated: every annotation lives in side tables.
 */
export function extractResult(doc: Document, partial?: Partial<ExtractOptions> | null): ExtractResult {
  const started = now();
  const options = resolveOptions(partial);
  const fail = (reason: NoClipReason, message: string): ExtractResult => ({ ok: false, reason, message });

  // 1. Size limit: counting elements is one native call, far cheaper than the walk.
  const elements = doc.getElementsByTagName('*').length;
  if (elements > options.maxElements) {
    return fail('too-large', `This page has ${groupDigits(elements)} elements, over the limit of ${groupDigits(options.maxElements)}: it is too large to clip safely.`);
  }
  const engine = getEngine(options.engine);
  if (!engine) return fail('not-article', `Unknown extraction engine "${String(options.engine)}".`);

  const pageLayout = options.layout ?? liveLayoutProbe(doc);
  const baseUrl = options.baseUrl ?? pageBaseUrl(doc);
  /** Clips `page`, a copy of this page as its scripts would have shown it, in this page's place (its address, a note why); null when that copy gives no clip. */
  const clipInstead = (page: Document, layout: LayoutProbe, note: string): ExtractResult | null => {
    const result = extractResult(page, { ...partial, layout, baseUrl });
    if (!result.ok) return null;
    result.clip.url = doc.URL;
    result.clip.trace.notes.unshift(note);
    return result;
  };
  // A server-rendered page whose streamed parts wait unplaced for scripts that never ran (streamed.ts).
  const streamed = composeStreamedPage(doc, pageLayout);
  const fromStream = streamed && clipInstead(streamed.doc, streamed.layout, 'the page holds streamed parts its scripts never moved into place: clipped it composed');
  if (fromStream) return fromStream;

  // 2. Stats. A page that renders nothing readable, or little text, may hold its text in
  // elements its stylesheets hide until scripts run (layout.markupVisibility): walk it once
  // more that way, and read it so when that finds anything (nothing rendered) or at least
  // twice the rendered text (rules.MARKUP_RETRY_MIN_RATIO).
  const notes: string[] = [];
  const walk = (layout: LayoutProbe) => {
    const scanner = createLinkBlockScanner(options);
    return { layout, scanner, stats: computeStats(doc, layout, scanner) };
  };
  let pass = walk(pageLayout);
  const rendered = textChars(pass.stats);
  if (!options.layout && (isEmpty(pass.stats) || rendered < MARKUP_RETRY_MAX_RENDERED_CHARS)) {
    const retry = walk(markupVisibility(pass.layout));
    const inMarkup = textChars(retry.stats);
    if (isEmpty(pass.stats) && !isEmpty(retry.stats)) {
      notes.push('nothing readable is rendered: visibility judged by the markup alone (stylesheets hide the content until scripts run)');
      pass = retry;
    } else if (inMarkup > rendered && inMarkup >= MARKUP_RETRY_MIN_RATIO * rendered) {
      notes.push(`the page renders ${rendered} characters of text, its markup ${inMarkup}: visibility judged by the markup alone (stylesheets hide the content until scripts run)`);
      pass = retry;
    }
  }
  const { layout, scanner, stats } = pass;
  // An app shell whose content waits in a <noscript> for scripts that never ran (noscript.ts).
  const shell = appShellDocument(doc, textChars(stats));
  const fromShell = shell && clipInstead(shell, APP_SHELL_LAYOUT, 'the page renders less text than its <noscript> holds (an app shell whose scripts did not run): clipped that markup');
  if (fromShell) return fromShell;
  const walked = now();
  if (!stats || isEmpty(stats)) {
    return fail('empty', 'The page has no visible text or images.');
  }

  // 3. Link blocks: the scanner listened to the same walk (one traversal, SPEC §2's single scan).
  const linkBlocks = scanner.finish(stats.codeLength);

  // 4. Content selection. Stages 5 and 6 are offered to the engine (EngineContext.isListOfLinks,
  // clipOf) and run at most once per selection: Auto asks about NTA's before choosing it.
  const { clean, offered } = stages({ stats, layout, baseUrl, options, linkBlocks });
  const selection = engine.select({ doc, stats, linkBlocks, options, layout, ...offered });
  if (!selection) return fail('not-article', 'No article found: the page has no region of running text.');
  const selected = now();
  const { out, noise, blocks } = clean(selection);
  if (isBlank(out)) {
    return fail('not-article', 'No article found: the selected region has no readable text.');
  }

  // 7. Metadata.
  const serialized = now();
  const meta = extractMetadata(doc, baseUrl, selection.root);
  // The title and the byline are the clip's own fields: the content's heading that repeats
  // the title, and the author's box that ends it, leave the body.
  const titled = withoutTitleHeading(out, meta.title);
  const body = withoutAuthorBox(titled, meta.byline);
  const { words, cjk } = countWords(body.text);
  const trace: Trace = {
    engine: engine.name,
    ms: 0,
    stages: { walk: walked - started, select: selected - walked, serialize: serialized - selected, metadata: 0 },
    elements,
    nodes: options.trace ? selection.nodes : [],
    linkBlocks: options.trace ? blocks.trace : [],
    lcr: linkBlocks.lcr,
    ccr: linkBlocks.ccr,
    notes: notes.concat(
      selection.notes,
      noise.notes,
      titled === out ? [] : ['the opening heading states the title: left to the clip\'s title field'],
      body === titled ? [] : ['the author\'s box ends the content (name and biography): left to the clip\'s byline field'],
    ),
  };
  const clip: Clip = {
    title: meta.title,
    byline: meta.byline,
    published: meta.published,
    siteName: meta.siteName,
    lang: meta.lang,
    dir: meta.dir,
    url: doc.URL,
    canonicalUrl: meta.canonicalUrl,
    excerpt: meta.excerpt ?? excerptOf(body.text),
    // The content's first image, once the author's box took its photo (withoutAuthorBox).
    leadImage: meta.leadImage ?? body.images[0] ?? null,
    html: body.html,
    text: body.text,
    wordCount: words + cjk,
    readingMinutes: readingMinutes(words, cjk),
    engine: engine.name,
    trace,
  };
  // 8. Structured pages, on request (records/, issue 7): reuses this walk's stats and LCR.
  if (options.records) {
    const records = extractRecords(doc, { layout, stats, lcr: linkBlocks.lcr, baseUrl, ...(options.records === true ? {} : { kind: options.records }) });
    clip.pageKind = records.pageKind;
    if (records.attributes.length > 0) clip.attributes = records.attributes;
    if (records.table) clip.table = records.table;
  }
  const ended = now();
  trace.stages.metadata = ended - serialized;
  trace.ms = ended - started;
  return { ok: true, clip };
}

/** The address relative URLs in `doc` resolve against: its base URI, or its URL where that is blank. */
export function pageBaseUrl(doc: Document): string {
  return doc.baseURI && doc.baseURI !== 'about:blank' ? doc.baseURI : doc.URL;
}

export function extract(doc: Document, options?: Partial<ExtractOptions> | null): Clip | null {
  const result = extractResult(doc, options);
  return result.ok ? result.clip : null;
}

/** What stages 5 and 6 need besides the selection. */
export interface StageInput {
  stats: PageStats;
  layout: LayoutProbe;
  baseUrl: string;
  options: ExtractOptions;
  linkBlocks: LinkBlockResult;
}

/**
 * Stages 5 and 6 for any selection, each run at most once per selection (`clean`), and the
 * part of them offered to engines (EngineContext.isListOfLinks and clipOf): returning a
 * selection an engine asked about reuses that work.
 */
function stages(input: StageInput): { clean: (selection: ContentSelection) => CleanClip; offered: Required<Pick<EngineContext, 'isListOfLinks' | 'clipOf'>> } {
  const cleaned = new Map<ContentSelection, CleanClip>();
  const clean = (sel: ContentSelection): CleanClip => {
    let c = cleaned.get(sel);
    if (c === undefined) { c = cleanAndSerialize(sel, input); cleaned.set(sel, c); }
    return c;
  };
  const clipOf = (sel: ContentSelection): ClipOfSelection => {
    const c = clean(sel);
    return { text: c.out.text, kept: c.kept };
  };
  return { clean, offered: { isListOfLinks: (sel) => clean(sel).listOfLinks, clipOf } };
}

/**
 * What the pipeline offers an engine besides the page's facts (EngineContext.isListOfLinks,
 * clipOf), for callers that build an EngineContext outside extractResult: the training
 * scripts' feature extraction runs the engines' feature code on the same offer.
 */
export function offeredStages(input: StageInput): Required<Pick<EngineContext, 'isListOfLinks' | 'clipOf'>> {
  return stages(input).offered;
}

/** A selection cleaned of noise (stage 5) and serialized (stage 6). */
interface CleanClip {
  out: Serialized;
  noise: { removed: Set<Node>; notes: string[] };
  blocks: BlockRemoval;
  /** Link blocks would have taken most of the selection's text, so they were kept (LINK_BLOCKS_MAX_CONTENT_SHARE). */
  listOfLinks: boolean;
  /** The kept set serialized: the selection's, or its root alone when pruning kept nothing readable. */
  kept: ReadonlySet<Node>;
}

/** Stages 5 and 6 for one selection (the pipeline's, or one an engine asks about). */
function cleanAndSerialize(selection: ContentSelection, { stats, layout, baseUrl, options, linkBlocks }: StageInput): CleanClip {
  // 5. Noise inside the selection: link blocks first (SPEC §2), then the other rules.
  // A selection that is a list of links (a product grid) keeps its link clusters: they are its content.
  const blocks = selection.linkList ? NO_BLOCKS : removeLinkBlockNoise(selection, linkBlocks, options);
  let noise = removeNoise(selection, stats, layout, baseUrl, options, blocks.removed);

  // 6. Serialization.
  const input = { root: selection.root, stats, layout, baseUrl, minImageWidth: options.minImageWidth };
  // Should step 5's removals empty the clip (a page that is one long link list, or nothing
  // but widget sections and teasers), keep them all: a list of links is better than nothing.
  const serializeKept = (kept: Set<Node>): Serialized => {
    const { removed } = noise;
    const out = serialize({ ...input, kept, removed });
    if (NON_SPACE.test(out.text) || removed.size <= (selection.removed?.size ?? 0)) return out;
    const withBlocks = serialize({ ...input, kept, removed: new Set(selection.removed ?? []) });
    if (isBlank(withBlocks)) return out;
    noise.notes.push('removing link blocks, widget sections, repeated regions, teaser lists and control text emptied the clip: kept them');
    for (const b of blocks.trace) b.removedFromContent = false;
    return withBlocks;
  };
  let out = serializeKept(selection.kept);
  let listOfLinks = false;
  // Link blocks are clusters *in* the content. When they would take most of what the
  // selection holds (rules.LINK_BLOCKS_MAX_CONTENT_SHARE), the selection is itself a list of
  // links with their descriptions (a blog's index of posts, a shop's grid of products): its
  // links are the content, so stage 5 runs again without link-block removal. The emptied
  // clip above is this case's limit; this one costs a second serialization only when it fires.
  // Both sides in the stats' unit (countChars, which counted the blocks' links and gaps); the
  // text's length bounds its count, so most pages never count it.
  const takesMost = (left: number): boolean => blocks.chars > LINK_BLOCKS_MAX_CONTENT_SHARE * (blocks.chars + left);
  const left = takesMost(out.text.length) ? countChars(out.text) : Infinity;
  if (takesMost(left)) {
    const share = Math.round((100 * blocks.chars) / (blocks.chars + left));
    noise = removeNoise(selection, stats, layout, baseUrl, options, null);
    noise.notes.unshift(`link blocks would have taken ${share} % of the selection's text: it is a list of links, kept them`);
    for (const b of blocks.trace) b.removedFromContent = false;
    out = serializeKept(selection.kept);
    listOfLinks = true;
  }
  // Pruning may keep nothing readable in a region that holds text: every node of a list of
  // links types as anchor, so NTA found the region (the start node) but no text node in it.
  // Below the page itself, that region is the clip; a start node at the walk root says only
  // that the page has no distinct region.
  let kept: ReadonlySet<Node> = selection.kept;
  if (isBlank(out) && selection.root !== stats.root && !selection.kept.has(selection.root)) {
    const whole = new Set<Node>([selection.root]);
    out = serializeKept(whole);
    if (!isBlank(out)) { noise.notes.push('pruning kept no readable node: the start node is kept whole'); kept = whole; }
  }
  return { out, noise, blocks, listOfLinks, kept };
}

function isEmpty(stats: PageStats | null): boolean {
  const last = stats ? stats.order.length - 1 : -1;
  return !stats || last < 0 || (stats.tc[last] === 0 && stats.img[last] === 0);
}

/** Non-space characters of text the walk counted over the whole page (its root's TC). */
function textChars(stats: PageStats | null): number {
  return stats ? stats.tc[stats.order.length - 1] ?? 0 : 0;
}

function isBlank(out: Serialized): boolean {
  return !NON_SPACE.test(out.text) && out.images.length === 0;
}

/** `NON_SPACE.test(t)` is `t.trim() !== ''` without copying the whole clip text. */
const NON_SPACE = /\S/;

/** Stage 5's other rules, after the link blocks' nodes (`blockNodes`, or none): the nodes they remove, and their notes. */
function removeNoise(selection: ContentSelection, stats: PageStats, layout: LayoutProbe, baseUrl: string, options: ExtractOptions, blockNodes: ReadonlySet<Node> | null): { removed: Set<Node>; notes: string[] } {
  const removed = new Set<Node>(selection.removed ?? []);
  if (blockNodes) for (const n of blockNodes) removed.add(n);
  const notes = removeWidgetSections(selection, stats, removed);
  notes.push(...removeRepeatedRegions(selection, stats, removed));
  // Teaser lists are other pages' cards beside the content; in a list of links they are the content.
  if (!selection.linkList) notes.push(...removeTeaserLists(selection, stats, removed, baseUrl));
  notes.push(...removeControlText(selection, stats, removed, layout, options.minImageWidth));
  return { removed, notes };
}

interface BlockRemoval {
  /** The link blocks' nodes to remove from the content. */
  removed: Set<Node>;
  /** Non-whitespace characters of those links and gaps that lie in the selection's kept subtrees. */
  chars: number;
  trace: LinkBlockTrace[];
}
const NO_BLOCKS: Readonly<BlockRemoval> = Object.freeze({ removed: new Set<Node>(), chars: 0, trace: [] });

/** Stage 5: link blocks that lie inside the selection and are dense in links are removed. */
function removeLinkBlockNoise(selection: ContentSelection, lb: LinkBlockResult, options: ExtractOptions): BlockRemoval {
  const out: LinkBlockTrace[] = [];
  const removed = new Set<Node>();
  let chars = 0;
  for (const block of lb.blocks) {
    const inSelection = block.isNoise ? noiseInSelection(block, selection, options.linkBlockMinLinks) : null;
    const span = inSelection ? removableSpan(block, options.linkBlockMinLinks, isHeadingAnchor) : null;
    const inside = span !== null;
    if (span) {
      for (const a of span.links) removed.add(a);
      for (const n of span.nodes) removed.add(n);
      // The cluster's own label ("Tags:", "Advertisement:", "Related:") goes with it.
      const label = span.links[0]!.previousSibling;
      if (label && label.nodeType === 3 && BLOCK_LABEL.test(label.nodeValue ?? '')) removed.add(label);
      for (let k = span.first; k <= span.last; k++) {
        if (!inSelection![k]) continue;
        chars += block.linkCharsEach[k] ?? 0;
        if (k < span.last && inSelection![k + 1]) chars += block.gapCharsEach[k] ?? 0;
      }
    }
    if (options.trace && out.length < 200) {
      const links = block.links;
      // The sample reads link texts from the page: computed only when someone reads it (trace.ts).
      out.push(defineLazy({
        links: links.length,
        sample: [] as string[],
        codeLength: block.codeLength,
        removedFromContent: inside,
        linkDensity: Math.round(block.linkDensity * 1000) / 1000,
        distance: options.linkDistance,
      }, 'sample', () => links.slice(0, 4).map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60))));
    }
  }
  return { removed, chars, trace: out };
}

/** A short label ending in a colon, e.g. `Tags:` (at most four words). */
const BLOCK_LABEL = /^\s*(?:[^\s:]+\s+){0,3}[^\s:]+\s*:\s*$/;

/**
 * Whether a noise block is a link cluster in the content: some of its links lie in the
 * selection, and that part is no described list (linkBlocks.isDescribedList). A block that
 * reaches into the content from the page's navigation is judged on the part it would remove.
 * Returns which of its links lie in the selection when it is such a cluster, else null.
 * Most noise blocks are navigation outside the selected region: one native `contains` rules
 * a link out, where the walk up to the document root took a dozen interpreted steps per link
 * (scripts/profile-core.ts).
 */
function noiseInSelection(block: LinkBlock, selection: ContentSelection, minLinks: number): boolean[] | null {
  const root = selection.root;
  const inside = block.links.map((a) => root.contains(a) && isInsideSelection(a, selection));
  return inside.includes(true) && !isDescribedList(block, inside, minLinks) ? inside : null;
}

/** Inside a kept subtree, at or below the selection root (a node outside the root never is). */
function isInsideSelection(node: Node, selection: ContentSelection): boolean {
  let cur: Node | null = node;
  while (cur) {
    if (selection.kept.has(cur)) return true;
    if (cur === selection.root) return false;
    cur = cur.parentNode;
  }
  return false;
}


function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
