/** How `npm run clip` prints a clip (scripts/clip.ts). */
import { JSDOM } from 'jsdom';
import { statesTitle } from '../src/core/titleHeading';
import type { Clip } from '../src/core/types';
import { escapeHtml } from '../src/export/html';
import { dropTitleHeading } from '../src/export/leadImage';
import { htmlToMarkdown } from '../src/export/markdown';

export const FORMATS = ['md', 'html', 'json', 'text'] as const;
export type Format = (typeof FORMATS)[number];

function frontMatterValue(v: string): string {
  return JSON.stringify(v);
}

export function render(clip: Clip, format: Format): string {
  switch (format) {
    case 'json':
      return JSON.stringify(clip, null, 2);
    case 'text': {
      // The title once. The core already leaves out the content's heading that states it
      // (core/titleHeading.ts); a clip it did not make may still open with one.
      const [first, ...rest] = clip.text.split('\n\n');
      const body = first !== undefined && statesTitle(first, clip.title) ? rest.join('\n\n') : clip.text;
      return `${clip.title}\n\n${body}\n`;
    }
    case 'html': {
      // The title once, as the extension's HTML export writes it (src/export/leadImage.ts).
      const template = new JSDOM('').window.document.createElement('template');
      template.innerHTML = clip.html;
      dropTitleHeading(template.content, clip.title);
      return `<!doctype html>\n<html${clip.lang ? ` lang="${clip.lang}"` : ''}${clip.dir ? ` dir="${clip.dir}"` : ''}>\n<head><meta charset="utf-8"><title>${escapeHtml(clip.title)}</title></head>\n<body>\n<h1>${escapeHtml(clip.title)}</h1>\n${template.innerHTML}\n</body>\n</html>\n`;
    }
    case 'md': {
      const meta: [string, string | number | null][] = [
        ['title', clip.title], ['author', clip.byline], ['published', clip.published], ['site', clip.siteName],
        ['url', clip.canonicalUrl ?? clip.url], ['words', clip.wordCount], ['reading_minutes', clip.readingMinutes],
      ];
      const lines = meta.filter(([, v]) => v !== null && v !== '').map(([k, v]) => `${k}: ${typeof v === 'number' ? v : frontMatterValue(v!)}`);
      // The extension's own Markdown (src/export/markdown.ts: every <pre> fenced, table rows on one line).
      const body = htmlToMarkdown(new JSDOM(`<body>${clip.html}</body>`).window.document.body);
      const heading = body.startsWith(`# ${clip.title}\n`) ? '' : `# ${clip.title}\n\n`;
      return `---\n${lines.join('\n')}\n---\n\n${heading}${body}\n`;
    }
  }
}
