/**
 * The one message protocol between Sift's contexts (STYLE.md, 6).
 *
 * Names say the direction: `ui→bg:*` (popup and extension pages → background),
 * `content→bg:*` (content script → background), `bg→content:*` (background → the content
 * script of one tab). Each name maps to its request and response types here, to a payload
 * validator and to the kind of sender allowed to send it. Results cross every boundary as
 * `{ ok: true, value } | { ok: false, error }`; a handler that throws becomes `ok: false`.
 */
import type { Clip, EngineName, PageKind } from '../core/types';
import { isFileUrl, mayKeepImage } from './clipImages';
import { InvalidPayload, v, type Validator } from './validate';

// ---------------------------------------------------------------------------------------
// Limits (why each value: see the comment beside it)

/**
 * Largest message either side will send or accept, measured as JSON characters. Chrome's
 * own ceiling is 64 MiB per message; half of that leaves room for the base64 expansion of
 * the largest image we fetch (MAX_IMAGE_BYTES × 4/3) and fails early with our own words.
 */
export const MAX_MESSAGE_CHARS = 32 * 1024 * 1024;
/** Per-image byte cap: larger images become placeholders ("too large"). */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Per-image time cap: an image server that never answers costs at most this. */
export const IMAGE_TIMEOUT_MS = 8_000;
/** Clip HTML larger than this is refused as "too large" (a 100k-word book is ~1 MB of HTML). */
export const MAX_CLIP_HTML_CHARS = 8 * 1024 * 1024;
/** Pages with more elements are refused before extraction starts (a clear reason, not a hang). */
export const MAX_PAGE_ELEMENTS = 60_000;
/** Most images one clip may carry. */
export const MAX_IMAGES_PER_CLIP = 200;
/**
 * Structured-page limits (issue 7). Rows and columns match the core's own caps
 * (src/core/records/rules.ts MAX_ROWS, MAX_COLUMNS); cell and name lengths are generous for
 * real tables (a product spec value, a search-result snippet) yet keep a 1,000-row table
 * far below the message cap. The content script trims to these before sending.
 */
export const MAX_RECORD_ROWS = 1_000;
export const MAX_RECORD_COLUMNS = 24;
export const MAX_RECORD_NAME_CHARS = 200;
export const MAX_RECORD_CELL_CHARS = 2_000;
/**
 * Longest page-given metadata a clip may carry (the `clipData` validator below). The content
 * script fits a clip to them before sending (src/content/clipLimits.ts), the popup's title
 * field holds no more than `title`.
 */
export const CLIP_FIELD_LIMITS = { title: 2_000, byline: 4_000, siteName: 4_000, excerpt: 20_000, published: 64, lang: 35, url: 8_192 } as const;

// ---------------------------------------------------------------------------------------
// Shared shapes

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** What the user asked to clip: the article the core finds, the selection, or the whole page. */
export type ClipMode = 'article' | 'article-anyway' | 'selection' | 'fullpage';

/**
 * The clip fields that cross contexts and are stored: the core's Clip without its debug
 * trace. The structured-page fields (issue 7) are optional: present only when the core
 * ran its records stage and found something (StoredClip v2 holds them).
 */
export const CLIP_DATA_FIELDS = [
  'title', 'byline', 'published', 'siteName', 'lang', 'dir', 'url', 'canonicalUrl', 'excerpt', 'leadImage',
  'html', 'text', 'wordCount', 'readingMinutes', 'engine',
] as const satisfies readonly (keyof Clip)[];
export const CLIP_RECORD_FIELDS = ['pageKind', 'attributes', 'table'] as const satisfies readonly (keyof Clip)[];
export type ClipData = Pick<Clip, (typeof CLIP_DATA_FIELDS)[number] | (typeof CLIP_RECORD_FIELDS)[number]>;

/** Exactly the ClipData fields of a clip (validators reject unknown fields); absent optional fields stay absent. */
export function toClipData(clip: ClipData): ClipData {
  const out: Record<string, unknown> = {};
  for (const key of CLIP_DATA_FIELDS) out[key] = clip[key];
  for (const key of CLIP_RECORD_FIELDS) if (clip[key] !== undefined) out[key] = clip[key];
  return out as ClipData;
}

export const PAGE_KINDS = ['article', 'product', 'list', 'forum', 'documentation', 'other'] as const satisfies readonly PageKind[];

/**
 * The engines a user can choose between in the popup (issue 6, "Choosing"): the core's
 * registry (src/core/engines/index.ts) minus the pseudo-engines `fullpage` and `selection`,
 * which name clip modes, not content selection. A unit test keeps this list equal to the
 * registry's keys. Auto first: it combines the others.
 */
export const CONTENT_ENGINES = ['auto', 'nta', 'vsse', 'classifier'] as const satisfies readonly EngineName[];
export type ContentEngine = (typeof CONTENT_ENGINES)[number];

export function isContentEngine(value: unknown): value is ContentEngine {
  return (CONTENT_ENGINES as readonly unknown[]).includes(value);
}

/**
 * The engine a clip uses until the user picks another (issue 6: Auto "is the default if the
 * benchmark shows it best"). Auto: the most accurate engine on the pages no model saw
 * (wcxb-dev half B, the readability set; README "Engines"), and its gate hands most article
 * pages to NTA's selection, so its median in-page time is close to NTA's. Whether a page is
 * an article at all is decided by the clip's running text (content/verdict.ts
 * `runningWords`), the same for every engine. The core's own default stays NTA:
 * `extract(document)` is the papers' method, what issue 2 and the benchmark's `sift`
 * engine measure.
 */
export const DEFAULT_ENGINE: ContentEngine = 'auto';

/**
 * Limits of one engine's sample in the compare view: the opening of its HTML (the popup
 * shows a few paragraphs of it) and its bag of words (distinct lower-cased words with
 * counts, for the agreement between engines). A long article has 2–4k distinct words, so
 * 20k keeps any real page exact while capping a pathological one near 0.5 MB.
 */
export const SAMPLE_HTML_CHARS = 6_000;
/**
 * How long the background waits for one engine's sample before answering `timed-out`: the
 * popup runs four in a row, and a normal article takes each well under a second (README,
 * "Choosing the engine"). The popup's own guard and its message use the same number.
 */
export const SAMPLE_TIMEOUT_MS = 8_000;
export const SAMPLE_MAX_WORDS = 20_000;
export const SAMPLE_WORD_CHARS = 64;

/**
 * Why a page cannot be clipped at all; each has its own message in the popup. `pdf-file`: a
 * PDF opened from this computer (nothing to download: it is a file already). `file-access`:
 * the page is (or, with its address hidden, may be) a file on this computer, and Sift may not
 * read files until the user turns on "Allow access to file URLs" (background/tabAccess.ts).
 * `no-access`: Sift lacks access to the site (a permission problem). `busy`: the page did not
 * answer in time (still loading, or stuck in a script), which trying again may mend.
 * `error-page`: the tab shows the browser's error page (the page did not load: no network,
 * a name that does not resolve, a refused connection), which reloading the tab may mend.
 */
export const CANNOT_CLIP_CODES = [
  'browser-page', 'store-page', 'pdf', 'pdf-file', 'file-access', 'empty', 'too-large', 'no-access', 'busy', 'no-tab', 'error-page',
] as const;
export type CannotClipCode = (typeof CANNOT_CLIP_CODES)[number];

/**
 * `engine` on a clip or not-article reply: the content engine that was asked to find the
 * article (the user's choice or the core's default) — also when the clip itself came from
 * a fallback (`clip.engine` = `fullpage`), so the popup can show the choice in effect.
 */
export type ExtractReply =
  | { kind: 'clip'; clip: ClipData; imageUrls: string[]; extractMs: number; hasSelection: boolean; engine?: ContentEngine }
  | { kind: 'not-article'; message: string; hasSelection: boolean; engine?: ContentEngine }
  | CannotClipReply;

/**
 * A page Sift cannot clip, and what the user can do about it besides reading the message.
 * `retry`: the page may still be loading or busy (an empty page, the core's "no visible
 * text", no answer within the time cap), so the same request may work in a moment; absent
 * where it cannot (a tab showing a file, a frameset, an error page). `hasSelection`: on a
 * `too-large` refusal of the page (not of a selection), whether the page has a selection,
 * which Sift clips whatever the page's size.
 */
export interface CannotClipReply {
  kind: 'cannot-clip';
  code: CannotClipCode;
  message: string;
  retry?: boolean;
  hasSelection?: boolean;
}

/** A clip already stored for the same URL (by url or canonical URL). */
export interface ExistingClip {
  id: string;
  title: string;
  savedAt: number;
}

export type PreviewReply = ExtractReply & { existing: ExistingClip[] };

export type OnDuplicate = 'ask' | 'update' | 'keep-both';

export interface SaveRequest {
  tabId: number;
  clip: ClipData;
  imageUrls: string[];
  onDuplicate: OnDuplicate;
  /** With `update`: which of the existing clips to replace. */
  updateId: string | null;
}

export interface FailedImage {
  url: string;
  error: string;
}

/** A word-count bag: `words[i]` occurs `counts[i]` times (two arrays: compact JSON, easy to validate). */
export interface WordBag {
  words: string[];
  counts: number[];
}

/**
 * One engine's output on the page, for the compare view (a taste of the clip, not the clip).
 * `failed`: the engine threw or the page cannot be clipped (the message says which).
 * `timed-out`: no answer within `afterMs`; the engine may still be running in the page, so
 * the next request to that tab may wait behind it.
 */
export type EngineSample =
  | { kind: 'sample'; engine: ContentEngine; title: string; wordCount: number; ms: number; openingHtml: string; bag: WordBag }
  | { kind: 'failed'; engine: ContentEngine; message: string }
  | { kind: 'timed-out'; engine: ContentEngine; afterMs: number };

export type SaveReply =
  | { kind: 'saved'; clipId: string; updated: boolean; imagesSaved: number; imagesFailed: FailedImage[]; readerPath: string; ms: number }
  | { kind: 'duplicate'; existing: ExistingClip[] };

/**
 * The PDF download the popup's PDF panel asks for (background/pdfDownload.ts). `complete`:
 * the file is on disk, `filename` its full path as the browser reports it. `started`: the
 * browser is still downloading when the background stops waiting (a large PDF, a slow
 * site); its own downloads list shows the rest. A failed download is an error (`ok: false`).
 */
export type PdfDownload = { kind: 'complete'; filename: string } | { kind: 'started' };

export type FetchedImage =
  | { status: 'ok'; base64: string; mime: string; bytes: number; width: number | null; height: number | null; via: 'page-fetch' | 'canvas' }
  /** `blocked`: the page's origin may not read it (CORS/tainted), so the background may try. */
  | { status: 'failed'; error: string; blocked: boolean };

// ---------------------------------------------------------------------------------------
// The protocol

export interface Protocol {
  /** Popup → background: inject the content script into the tab and extract a preview. */
  /**
   * `kind`: the page kind the user chose in the popup, overriding the core's guess.
   * `engine`: the content engine to use; without it the background uses the user's saved
   * default (storage.local), and without that the core's default.
   */
  'ui→bg:preview': { request: { tabId: number; mode: ClipMode; kind?: PageKind; engine?: ContentEngine }; response: PreviewReply };
  /**
   * Popup → background: run one engine on the tab for the compare view. One engine per
   * message, on purpose: the engine runs synchronously in the page, where nothing can
   * interrupt it, so the popup's Stop works *between* engines — it stops waiting, ignores
   * the late answer and asks for no further engine. There is no stop message: it could only
   * reach the content script after the running engine returned anyway.
   */
  'ui→bg:sample-engine': { request: { tabId: number; engine: ContentEngine }; response: EngineSample };
  /** Popup → background: remember the user's engine choice as the default for later clips. */
  'ui→bg:set-engine': { request: { engine: ContentEngine }; response: null };
  /** Popup → background: fetch the images through the tab and store the clip. */
  'ui→bg:save': { request: SaveRequest; response: SaveReply };
  /** Popup → background: one image as a data: URL, for the preview (extension pages may not load remote images). */
  'ui→bg:image-preview': { request: { tabId: number; url: string }; response: { dataUrl: string | null } };
  /** Extension page → background: open the reader on a saved clip. */
  'ui→bg:open-reader': { request: { clipId: string }; response: null };
  /** Popup → background: open the library (the user's saved clips) in a new tab. */
  'ui→bg:open-library': { request: null; response: null };
  /**
   * Popup → background: download the PDF the tab shows (the PDF panel). The background reads
   * the address from the tab itself, so a popup can only ask for the PDF on screen.
   */
  'ui→bg:download-pdf': { request: { tabId: number }; response: PdfDownload };
  /** Popup → background: reload the tab (a page that did not load); answers once it has loaded again, or after a time cap. */
  'ui→bg:reload-tab': { request: { tabId: number }; response: null };
  /** Content script (the in-page toast) → background: open the reader on the clip just saved. */
  'content→bg:open-reader': { request: { clipId: string }; response: null };
  /** Background → content script: is Sift's content script already in this page? (skips re-injecting 200 kB) */
  'bg→content:ping': { request: null; response: 'pong' };
  /** Background → content script: run the core on the live DOM. */
  'bg→content:extract': { request: { mode: ClipMode; kind?: PageKind; engine?: ContentEngine }; response: ExtractReply };
  /**
   * Background → content script: run one engine and answer with its sample (compare view).
   * `notAfter` (epoch ms): when the background stops waiting. A request that reaches the
   * content script later (it queued behind a slow engine) answers `timed-out` without
   * running, so one slow engine does not also hold up every engine after it.
   */
  'bg→content:sample-engine': { request: { engine: ContentEngine; notAfter: number }; response: EngineSample };
  /** Background → content script: read one image the page shows. */
  'bg→content:fetch-image': { request: { url: string; maxBytes: number; timeoutMs: number }; response: FetchedImage };
  /** Background → content script: show the toast of a one-gesture clip in the page (saved, or why not). */
  'bg→content:toast': { request: ToastRequest; response: null };
}

/**
 * The in-page toast of a clip made from the context menu or the keyboard shortcut: `saving`
 * (the clip's images counted as they are read), `saved` ("Saved to Sift", Open in reader),
 * or `failed` (nothing was saved, and why; `title` null when the page was not read yet).
 */
export type ToastRequest =
  | { kind: 'saving'; title: string; imagesDone: number; imagesTotal: number }
  | { kind: 'saved'; clipId: string; title: string; warning: string | null }
  | { kind: 'failed'; title: string | null; message: string };

export type MessageName = keyof Protocol;
export type RequestOf<K extends MessageName> = Protocol[K]['request'];
export type ResponseOf<K extends MessageName> = Protocol[K]['response'];
export interface Envelope<K extends MessageName = MessageName> {
  type: K;
  payload: RequestOf<K>;
}

/**
 * Who may send a message: an extension context (popup, extension page, service worker) or
 * a content script running inside a web page's tab.
 */
export type SenderKind = 'extension' | 'content-script';

/** The direction prefix decides the allowed sender; receivers check it. */
export function allowedSender(name: MessageName): SenderKind {
  return name.startsWith('content→bg:') ? 'content-script' : 'extension';
}

// ---------------------------------------------------------------------------------------
// Payload validators

const tabId = v.integer({ min: 0 });
const clipId = v.string({ min: 1, max: 64 });
const mode = v.literal('article', 'article-anyway', 'selection', 'fullpage');
const engines = ['nta', 'vsse', 'classifier', 'auto', 'fullpage', 'selection'] as const satisfies readonly EngineName[];
/**
 * A clip's address: a web page, or a page saved to disk and opened from there (file://,
 * when the user allows Sift file URLs).
 */
const pageUrl = v.url({ max: CLIP_FIELD_LIMITS.url, schemes: ['http:', 'https:', 'file:'] });
/**
 * Images may be http(s), inline data:/blob: URLs (the content script reads them as the page
 * does), or files beside a page opened from disk (the background reads those). Which of
 * them one clip may carry: `mayKeepImage`, checked by `localFilesOnlyForFiles`.
 */
const imageUrl = v.url({ max: MAX_IMAGE_BYTES * 2, schemes: ['http:', 'https:', 'data:', 'blob:', 'file:'] });

const pageKind = v.literal(...PAGE_KINDS);
const contentEngine = v.literal(...CONTENT_ENGINES);
const recordName = v.string({ max: MAX_RECORD_NAME_CHARS });
const recordCell = v.string({ max: MAX_RECORD_CELL_CHARS });
const attributeRows = v.array(v.object({ attribute: recordName, value: recordCell }), { max: MAX_RECORD_ROWS });
const tableShape = v.object({
  columns: v.array(recordName, { max: MAX_RECORD_COLUMNS }),
  rows: v.array(v.array(recordCell, { max: MAX_RECORD_COLUMNS }), { max: MAX_RECORD_ROWS }),
});
/** A record table whose every row has one cell per column (the core's RecordTable contract). */
const recordTable: Validator<NonNullable<Clip['table']>> = (value, path) => {
  const table = tableShape(value, path);
  table.rows.forEach((row, i) => {
    if (row.length !== table.columns.length) throw new InvalidPayload(`${path}.rows[${i}]`, `${table.columns.length} cells (one per column)`);
  });
  return table;
};

/**
 * The structured-page field checks, for other readers of untrusted clips (the backup
 * importer): the same limits wherever a clip enters Sift.
 */
export const clipRecordValidators = { pageKind, attributes: attributeRows, table: recordTable } as const;

const clipData: Validator<ClipData> = v.object({
  title: v.string({ max: CLIP_FIELD_LIMITS.title }),
  byline: v.nullable(v.string({ max: CLIP_FIELD_LIMITS.byline })),
  published: v.nullable(v.string({ max: CLIP_FIELD_LIMITS.published })),
  siteName: v.nullable(v.string({ max: CLIP_FIELD_LIMITS.siteName })),
  lang: v.nullable(v.string({ max: CLIP_FIELD_LIMITS.lang })),
  dir: v.nullable(v.literal('ltr', 'rtl')),
  url: pageUrl,
  canonicalUrl: v.nullable(pageUrl),
  excerpt: v.nullable(v.string({ max: CLIP_FIELD_LIMITS.excerpt })),
  leadImage: v.nullable(imageUrl),
  html: v.string({ max: MAX_CLIP_HTML_CHARS }),
  text: v.string({ max: MAX_CLIP_HTML_CHARS }),
  wordCount: v.integer({ min: 0 }),
  readingMinutes: v.number({ min: 0, max: 1_000_000 }),
  engine: v.literal(...engines),
  pageKind: v.optional(pageKind),
  attributes: v.optional(attributeRows),
  table: v.optional(recordTable),
});

/**
 * A file on this computer (a `file:` image or canonical address) belongs only to a clip of a
 * page opened from disk: a web page that names `file:///…` must not make Sift read the
 * user's files, whatever a compromised page's content script sends (src/shared/clipImages.ts
 * `mayKeepImage`, the rule the content script applies before sending).
 */
function localFilesOnlyForFiles<T extends { clip: ClipData; imageUrls: string[] }>(inner: Validator<T>): Validator<T> {
  return (value, path) => {
    const out = inner(value, path);
    const page = out.clip.url;
    const refuse = (field: string) => new InvalidPayload(`${path}.${field}`, 'no file: URL on a clip of a web page');
    if (out.clip.canonicalUrl !== null && isFileUrl(out.clip.canonicalUrl) && !isFileUrl(page)) throw refuse('clip.canonicalUrl');
    if (out.clip.leadImage !== null && !mayKeepImage(out.clip.leadImage, page)) throw refuse('clip.leadImage');
    out.imageUrls.forEach((url, i) => {
      if (!mayKeepImage(url, page)) throw refuse(`imageUrls[${i}]`);
    });
    return out;
  };
}

export const requestValidators: { [K in MessageName]: Validator<RequestOf<K>> } = {
  'ui→bg:preview': v.object({ tabId, mode, kind: v.optional(pageKind), engine: v.optional(contentEngine) }),
  'ui→bg:sample-engine': v.object({ tabId, engine: contentEngine }),
  'ui→bg:set-engine': v.object({ engine: contentEngine }),
  'ui→bg:save': localFilesOnlyForFiles(
    v.object({
      tabId,
      clip: clipData,
      imageUrls: v.array(imageUrl, { max: MAX_IMAGES_PER_CLIP }),
      onDuplicate: v.literal('ask', 'update', 'keep-both'),
      updateId: v.nullable(clipId),
    }),
  ),
  'ui→bg:image-preview': v.object({ tabId, url: imageUrl }),
  'ui→bg:open-reader': v.object({ clipId }),
  'ui→bg:open-library': v.none(),
  'ui→bg:download-pdf': v.object({ tabId }),
  'ui→bg:reload-tab': v.object({ tabId }),
  'content→bg:open-reader': v.object({ clipId }),
  'bg→content:ping': v.none(),
  'bg→content:extract': v.object({ mode, kind: v.optional(pageKind), engine: v.optional(contentEngine) }),
  'bg→content:sample-engine': v.object({ engine: contentEngine, notAfter: v.number({ min: 0 }) }),
  'bg→content:fetch-image': v.object({
    url: imageUrl,
    maxBytes: v.integer({ min: 1, max: MAX_IMAGE_BYTES }),
    timeoutMs: v.integer({ min: 1, max: 120_000 }),
  }),
  'bg→content:toast': (value, path): ToastRequest => {
    const kind = (value as { kind?: unknown } | null)?.kind;
    if (kind === 'failed') return v.object({ kind: v.literal('failed'), title: v.nullable(v.string({ max: 2_000 })), message: v.string({ max: 2_000 }) })(value, path);
    if (kind === 'saving') {
      const count = v.integer({ min: 0, max: MAX_IMAGES_PER_CLIP });
      return v.object({ kind: v.literal('saving'), title: v.string({ max: 2_000 }), imagesDone: count, imagesTotal: count })(value, path);
    }
    return v.object({ kind: v.literal('saved'), clipId, title: v.string({ max: 2_000 }), warning: v.nullable(v.string({ max: 2_000 })) })(value, path);
  },
};

/** Checks the reply the content script sends back: it runs in the page's (possibly compromised) renderer. */
export const fetchedImageValidator: Validator<FetchedImage> = (value, path) => {
  const status = (value as { status?: unknown } | null)?.status;
  if (status === 'ok') {
    return v.object({
      status: v.literal('ok'),
      base64: v.string({ max: Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4 }),
      mime: v.string({ max: 128 }),
      bytes: v.integer({ min: 0, max: MAX_IMAGE_BYTES }),
      width: v.nullable(v.integer({ min: 0 })),
      height: v.nullable(v.integer({ min: 0 })),
      via: v.literal('page-fetch', 'canvas'),
    })(value, path);
  }
  return v.object({ status: v.literal('failed'), error: v.string({ max: 2_000 }), blocked: v.boolean() })(value, path);
};

export const extractReplyValidator: Validator<ExtractReply> = (value, path) => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (kind === 'clip') {
    return localFilesOnlyForFiles(
      v.object({
        kind: v.literal('clip'),
        clip: clipData,
        imageUrls: v.array(imageUrl, { max: MAX_IMAGES_PER_CLIP }),
        extractMs: v.number({ min: 0 }),
        hasSelection: v.boolean(),
        engine: v.optional(contentEngine),
      }),
    )(value, path);
  }
  if (kind === 'not-article') {
    return v.object({ kind: v.literal('not-article'), message: v.string({ max: 2_000 }), hasSelection: v.boolean(), engine: v.optional(contentEngine) })(value, path);
  }
  return v.object({
    kind: v.literal('cannot-clip'),
    code: v.literal(...CANNOT_CLIP_CODES),
    message: v.string({ max: 2_000 }),
    retry: v.optional(v.boolean()),
    hasSelection: v.optional(v.boolean()),
  })(value, path);
};

const wordBagShape = v.object({
  words: v.array(v.string({ min: 1, max: SAMPLE_WORD_CHARS }), { max: SAMPLE_MAX_WORDS }),
  counts: v.array(v.integer({ min: 1 }), { max: SAMPLE_MAX_WORDS }),
});
/** A bag whose two arrays pair up, with each word once. */
const wordBag: Validator<WordBag> = (value, path) => {
  const bag = wordBagShape(value, path);
  if (bag.counts.length !== bag.words.length) throw new InvalidPayload(`${path}.counts`, `${bag.words.length} counts (one per word)`);
  if (new Set(bag.words).size !== bag.words.length) throw new InvalidPayload(`${path}.words`, 'distinct words');
  return bag;
};

/** Checks one engine's sample from the content script (it runs in the page's renderer). */
export const engineSampleValidator: Validator<EngineSample> = (value, path) => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (kind === 'sample') {
    return v.object({
      kind: v.literal('sample'),
      engine: contentEngine,
      title: v.string({ max: 2_000 }),
      wordCount: v.integer({ min: 0 }),
      ms: v.number({ min: 0 }),
      openingHtml: v.string({ max: SAMPLE_HTML_CHARS }),
      bag: wordBag,
    })(value, path);
  }
  if (kind === 'timed-out') return v.object({ kind: v.literal('timed-out'), engine: contentEngine, afterMs: v.number({ min: 0 }) })(value, path);
  return v.object({ kind: v.literal('failed'), engine: contentEngine, message: v.string({ max: 2_000 }) })(value, path);
};

// ---------------------------------------------------------------------------------------
// Sending and receiving

/** JSON size of a value, the measure the size cap uses; Infinity when it cannot be serialised. */
export function messageChars(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

export function tooLargeError(chars: number): string {
  return `message too large: ${(chars / 1024 / 1024).toFixed(1)} MiB exceeds the ${MAX_MESSAGE_CHARS / 1024 / 1024} MiB limit`;
}

/** The parts of a runtime.MessageSender the checks read. */
export interface SenderInfo {
  id?: string | undefined;
  url?: string | undefined;
  tab?: { id?: number | undefined } | undefined;
  frameId?: number | undefined;
}

/** Who we are, to compare senders against. */
export interface SelfInfo {
  extensionId: string;
  /** e.g. `chrome-extension://<id>/` */
  extensionOrigin: string;
}

/** Classifies a sender; null when it is not this extension at all. */
export function senderKind(sender: SenderInfo, self: SelfInfo): SenderKind | null {
  if (sender.id !== self.extensionId) return null;
  // Extension contexts carry an extension URL (the popup opened as a tab also carries a
  // `tab`, so the URL decides); a content script carries its web page's tab and URL.
  if (typeof sender.url === 'string' && sender.url.startsWith(self.extensionOrigin)) return 'extension';
  if (sender.tab !== undefined) return 'content-script';
  // The service worker messaging a content script: no tab, and in some browsers no URL.
  return 'extension';
}

/** One named handler per message this context answers. */
export type Handlers<K extends MessageName> = {
  [P in K]: (payload: RequestOf<P>, sender: SenderInfo) => Promise<ResponseOf<P>> | ResponseOf<P>;
};

/**
 * Checks and dispatches one incoming message: known name, size cap, sender kind, payload
 * shape; then runs the handler and wraps its outcome as a Result. Never throws.
 */
export async function dispatch<K extends MessageName>(
  handlers: Handlers<K>,
  raw: unknown,
  sender: SenderInfo,
  self: SelfInfo,
): Promise<Result<unknown>> {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { type?: unknown }).type !== 'string') {
    return { ok: false, error: 'malformed message: expected { type, payload }' };
  }
  const { type, payload, ...rest } = raw as { type: string; payload?: unknown };
  if (Object.keys(rest).length > 0) return { ok: false, error: `malformed message: unexpected field ${Object.keys(rest)[0]}` };
  if (!Object.hasOwn(handlers, type)) return { ok: false, error: `unknown message: ${type}` };
  const name = type as K;
  const chars = messageChars(raw);
  if (chars > MAX_MESSAGE_CHARS) return { ok: false, error: tooLargeError(chars) };
  const kind = senderKind(sender, self);
  if (kind !== allowedSender(name)) {
    return { ok: false, error: `sender not allowed: ${name} must come from ${allowedSender(name)}, not ${kind ?? 'another extension or page'}` };
  }
  let request: RequestOf<K>;
  try {
    request = requestValidators[name](payload, 'payload') as RequestOf<K>;
  } catch (err) {
    if (err instanceof InvalidPayload) return { ok: false, error: `invalid payload for ${name}: ${err.message}` };
    throw err;
  }
  try {
    const handler = handlers[name] as (p: RequestOf<K>, s: SenderInfo) => Promise<unknown> | unknown;
    const value = await handler(request, sender);
    const replyChars = messageChars(value);
    if (replyChars > MAX_MESSAGE_CHARS) return { ok: false, error: tooLargeError(replyChars) };
    return { ok: true, value: value ?? null };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export class MessageError extends Error {
  constructor(
    readonly messageName: MessageName,
    message: string,
  ) {
    super(message);
    this.name = 'MessageError';
  }
}

/** A way to deliver one envelope and get the raw reply (runtime.sendMessage or tabs.sendMessage). */
export type Transport = (envelope: Envelope) => Promise<unknown>;

/**
 * Sends one typed message and unwraps the Result: resolves with the value or throws a
 * MessageError with the receiver's error text. Oversized requests fail before sending.
 */
export async function request<K extends MessageName>(transport: Transport, type: K, payload: RequestOf<K>): Promise<ResponseOf<K>> {
  const envelope: Envelope<K> = { type, payload };
  const chars = messageChars(envelope);
  if (chars > MAX_MESSAGE_CHARS) throw new MessageError(type, tooLargeError(chars));
  const reply = await transport(envelope as Envelope);
  if (typeof reply !== 'object' || reply === null || typeof (reply as { ok?: unknown }).ok !== 'boolean') {
    throw new MessageError(type, `no valid reply to ${type} (the receiver is not listening)`);
  }
  const result = reply as Result<ResponseOf<K>>;
  if (!result.ok) throw new MessageError(type, result.error);
  return result.value;
}
