/**
 * Makes a sanitized clip fragment self-sufficient: every `<img>` gets a local URL (a blob:
 * URL in the reader, a data: URI or a relative path in exports) or is removed, and media
 * that would stream from the network (video, audio, source, track, poster) become plain
 * links. This is what lets the reader render with zero network requests.
 */
export type LocalImageUrl = (originalUrl: string) => string | null;

const MEDIA = 'video, audio, source, track, picture > source';

export function makeOffline(fragment: DocumentFragment | Element | null, localUrl: LocalImageUrl): void {
  // DOMPurify returns null instead of a fragment when a payload leaves no <body> (e.g. a
  // <frameset> document); there is then nothing to make offline.
  if (!fragment) return;
  for (const img of Array.from(fragment.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    const local = src ? localUrl(src) : null;
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    if (local) {
      img.setAttribute('src', local);
      img.setAttribute('loading', 'lazy');
    } else {
      // A <figure> left with only its caption still reads fine; an empty one is dropped.
      const figure = img.closest('figure');
      img.remove();
      if (figure && !figure.textContent?.trim() && !figure.querySelector('img')) figure.remove();
    }
  }
  for (const media of Array.from(fragment.querySelectorAll(MEDIA))) {
    const src = media.getAttribute('src');
    const doc = media.ownerDocument;
    if ((media.nodeName === 'VIDEO' || media.nodeName === 'AUDIO') && src && /^https?:/i.test(src)) {
      const a = doc.createElement('a');
      a.setAttribute('href', src);
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
      a.textContent = media.nodeName === 'VIDEO' ? 'Video (opens the original)' : 'Audio (opens the original)';
      media.replaceWith(a);
    } else if (media.nodeName === 'VIDEO' || media.nodeName === 'AUDIO') {
      media.replaceWith(...Array.from(media.childNodes).filter((n) => n.nodeName !== 'SOURCE' && n.nodeName !== 'TRACK'));
    } else {
      media.remove();
    }
  }
  for (const el of Array.from(fragment.querySelectorAll('[poster]'))) el.removeAttribute('poster');
}
