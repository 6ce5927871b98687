import { Fragment, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { SanitizedHtml } from '../../ui/SanitizedHtml';
import { CLIP_FIELD_LIMITS, type ClipData } from '../../shared/messages';
import { formatStatedDay } from '../../shared/dates';
import { clipSource } from '../../shared/clipSource';

export interface PreviewProps {
  clip: ClipData;
  title: string;
  onTitle: (title: string) => void;
  /** The lead image's thumbnail: still loading, a data: URL, or none to show. */
  leadImage: LeadImage;
  onSubmit: () => void;
  /** Shown right under the counts: the page kind and "Clip as table" (issue 7). */
  records?: ComponentChildren;
  /** In "Clip as table" mode the table is the taste of the clip, so the opening paragraphs give way. */
  hideOpening?: boolean;
}

/**
 * The popup fetches the lead image after the text (the preview never waits on an image).
 * `unavailable`: the page's lead image could not be fetched or decoded, so no box is shown
 * (a placeholder that pulses forever reads as "still loading").
 */
export type LeadImage = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'unavailable' };

/** Blocks shown in the preview: the opening paragraphs, without media. */
const OPENING_BLOCKS = 'p, h2, h3, h4, blockquote, ul, ol, pre';
const OPENING_CHARS = 700;

/**
 * A transform that keeps the first paragraphs (about `maxChars` of text) of the sanitized
 * clip, without media: the preview is a taste, not the article. Made once per size at
 * module level, so SanitizedHtml sees a stable function and does not re-render.
 */
export function openingParagraphsOf(maxChars: number): (fragment: DocumentFragment) => void {
  return (fragment) => {
    for (const media of Array.from(fragment.querySelectorAll('img, picture, figure, video, audio, table, iframe'))) media.remove();
    const kept: Element[] = [];
    let chars = 0;
    for (const block of Array.from(fragment.querySelectorAll(OPENING_BLOCKS))) {
      if (kept.some((k) => k.contains(block))) continue;
      const text = block.textContent?.trim() ?? '';
      if (!text) continue;
      kept.push(block);
      chars += text.length;
      if (chars >= maxChars) break;
    }
    fragment.replaceChildren(...kept);
  };
}

const openingParagraphs = openingParagraphsOf(OPENING_CHARS);

export function Preview({ clip, title, onTitle, leadImage, onSubmit, records, hideOpening = false }: PreviewProps) {
  const date = formatStatedDay(clip.published, 'short');
  // The site's name, else the host, or the file a page opened from disk was read from.
  const meta = [clip.byline, clip.siteName ?? clipSource(clip.url, clip.canonicalUrl)?.label, date].filter((x): x is string => !!x);
  // A thumbnail the fetch returned but the popup cannot decode: the src it failed on.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const showLead = clip.leadImage !== null && leadImage.state !== 'unavailable' && !(leadImage.state === 'ready' && leadImage.src === brokenSrc);
  return (
    <article class="preview" lang={clip.lang ?? undefined} dir={clip.dir ?? undefined}>
      {showLead && (
        <div class="lead" data-testid="lead-image">
          {leadImage.state === 'ready'
            ? <img src={leadImage.src} alt="" onError={() => setBrokenSrc(leadImage.src)} />
            : <div class="lead-loading" />}
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <textarea
          class="title"
          aria-label="Title"
          data-testid="title"
          rows={titleRows(title)}
          // What a saved title may hold: a longer paste failed the save with the protocol's
          // "payload.clip.title: expected string of at most 2000 characters".
          maxLength={CLIP_FIELD_LIMITS.title}
          value={title}
          onInput={(e) => onTitle((e.currentTarget as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSubmit();
            }
          }}
        />
      </form>
      <p class="meta" data-testid="meta">
        <Items items={meta} />
      </p>
      <p class="stats" data-testid="stats">
        <Items items={[`${clip.wordCount.toLocaleString()} words`, `${Math.max(1, Math.round(clip.readingMinutes))} min read`]} />
      </p>
      {records}
      {!hideOpening && <SanitizedHtml class="opening" html={clip.html} transform={openingParagraphs} lang={clip.lang ?? undefined} dir={clip.dir ?? undefined} />}
    </article>
  );
}

/**
 * Items of a meta or stats line with a "·" of their own between them. Each item is its own
 * bidi run (popup.css), so in a right-to-left clip a separator drawn as the item's ::before
 * landed at the far side of a left-to-right item: "· 3 min read685 words". A separator
 * element between the runs takes the clip's direction and stays between them.
 */
function Items({ items }: { items: string[] }) {
  return (
    <>
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <span class="sep" aria-hidden="true">
              ·
            </span>
          )}
          <span class="item">{item}</span>
        </Fragment>
      ))}
    </>
  );
}

/** Rows the title needs at the popup's width (about 34 serif characters per line), at most 4. */
function titleRows(title: string): number {
  return Math.min(4, Math.max(1, Math.ceil(title.length / 34)));
}
