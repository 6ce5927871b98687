import { useLayoutEffect, useRef } from 'preact/hooks';
import { sanitizeToFragment } from '../shared/sanitize';

export interface SanitizedHtmlProps {
  /** Untrusted clip HTML. */
  html: string;
  /**
   * Runs on the sanitized fragment, still in an inert document, before it is attached: swap
   * image URLs for blob: URLs (or drop the images) here, or they load from the original site.
   */
  transform?: (fragment: DocumentFragment) => void;
  class?: string;
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}

/**
 * Renders clip HTML the only safe way: DOMPurify → fragment → replaceChildren.
 * Every extension page that shows clipped HTML uses this component.
 */
export function SanitizedHtml({ html, transform, class: className, lang, dir }: SanitizedHtmlProps) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const fragment = sanitizeToFragment(html);
    transform?.(fragment);
    el.replaceChildren(fragment);
  }, [html, transform]);
  return <div ref={host} class={className} lang={lang} dir={dir} />;
}
