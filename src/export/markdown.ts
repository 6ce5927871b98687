import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import type { StoredClip } from '../storage/schema';

/**
 * Clip → Markdown with YAML front matter (title, url, author, published, saved, tags),
 * GFM tables and fenced code. Input is an already-sanitized element (see exportClip).
 */

let service: TurndownService | null = null;
function turndown(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: 'atx', codeBlockStyle: 'fenced', fence: '```', bulletListMarker: '-', emDelimiter: '*', hr: '---',
  });
  service.use(gfm);
  service.addRule('preformattedAsFence', { filter: 'pre', replacement: (_content, node) => fencedBlock(node as HTMLElement) });
  // Added after the GFM plugin, so it wins over the plugin's cell rule: a GFM row is one
  // line, so the cell's Markdown (paragraphs, list items) joins with single spaces, and every `|`
  // is escaped, or it would start a new column (turndown escapes a literal backslash as
  // `\\`, so no `|` in its output is already escaped; GFM reads `\|` as `|` in code too).
  service.addRule('tableCellOnOneLine', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = node as HTMLElement;
      const first = cell.parentNode?.firstChild === cell;
      const text = content.trim().replace(/\s+/g, ' ').replace(/\|/g, '\\|');
      return `${first ? '| ' : ' '}${text} |`;
    },
  });
  return service;
}

/**
 * Every <pre> becomes a fenced block of its text. Turndown fences only a <pre> whose first
 * child is <code>; a bare <pre> (highlighters wrap code in spans: Django's docs, wcxb-dev
 * 2999) came out as paragraphs with its HTML sample live in the note and `_` escaped. The
 * fence is longer than any backtick run that could close it (a line starting with up to
 * three spaces and three or more backticks, CommonMark's closing fence).
 */
function fencedBlock(pre: HTMLElement): string {
  const code = pre.textContent.replace(/\n$/, '');
  let size = 3;
  for (const m of code.matchAll(/^ {0,3}(`{3,})/gm)) size = Math.max(size, m[1]!.length + 1);
  const fence = '`'.repeat(size);
  return `\n\n${fence}\n${code}\n${fence}\n\n`;
}

/** YAML double-quoted scalars accept JSON string escapes, so JSON.stringify is a safe quoter. */
const yamlString = (s: string | null) => (s === null ? 'null' : JSON.stringify(s));

export function frontMatter(clip: StoredClip): string {
  return [
    '---',
    `title: ${yamlString(clip.title)}`,
    `url: ${yamlString(clip.canonicalUrl ?? clip.url)}`,
    `author: ${yamlString(clip.byline)}`,
    `published: ${yamlString(clip.published)}`,
    `saved: ${yamlString(new Date(clip.savedAt).toISOString())}`,
    `tags: [${clip.tags.map((t) => JSON.stringify(t)).join(', ')}]`,
    '---',
    '',
  ].join('\n');
}

/**
 * What a GFM table cell cannot hold (a row is one line of inline text). A table with one of
 * these in a cell lays out the page rather than holding data: a heading and a rule in the
 * top cell, the article in the next (wcxb-dev 0225, a cost report built of nested tables).
 */
const LAYOUT_CONTENT = 'table, h1, h2, h3, h4, h5, h6, hr, pre, blockquote, figure';

/** Replaces a layout table with its cells' content, cell after cell, in reading order. */
function unwrapLayoutTable(table: HTMLTableElement): void {
  const doc = table.ownerDocument;
  const out = doc.createDocumentFragment();
  for (const row of Array.from(table.rows)) {
    for (const cell of Array.from(row.cells)) {
      const div = doc.createElement('div');
      div.append(...Array.from(cell.childNodes));
      out.append(div);
    }
  }
  table.replaceWith(out);
}

/**
 * GFM tables need a header row and one line per row; the GFM plugin keeps any other table
 * as raw HTML and trips over whitespace text between cells. So: unwrap layout tables
 * (innermost first, so a data table inside one survives as a table), drop that whitespace,
 * promote a first row of <td> to <th>, and flatten line breaks inside cells.
 */
export function prepareTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table')).reverse()) {
    if (table.querySelector(LAYOUT_CONTENT)) unwrapLayoutTable(table);
  }
  for (const table of Array.from(root.querySelectorAll('table'))) {
    for (const el of [table, ...Array.from(table.querySelectorAll('thead, tbody, tfoot, tr'))]) {
      for (const n of Array.from(el.childNodes)) if (n.nodeType === 3 && !n.textContent?.trim()) n.remove();
      for (const n of Array.from(el.childNodes)) if (n.nodeType === 8) n.remove();
    }
    for (const caption of Array.from(table.querySelectorAll('caption, colgroup'))) caption.remove();
    const rows = Array.from(table.querySelectorAll('tr'));
    const first = rows[0];
    if (!first) continue;
    if (!Array.from(first.children).every((c) => c.nodeName === 'TH') || first.parentElement?.nodeName === 'TBODY') {
      const doc = table.ownerDocument;
      const head = doc.createElement('thead');
      const tr = doc.createElement('tr');
      for (const cell of Array.from(first.children)) {
        const th = doc.createElement('th');
        th.append(...Array.from(cell.childNodes));
        tr.append(th);
      }
      head.append(tr);
      first.remove();
      table.prepend(head);
    }
    for (const cell of Array.from(table.querySelectorAll('td, th'))) {
      for (const br of Array.from(cell.querySelectorAll('br'))) br.replaceWith(' ');
      for (const block of Array.from(cell.querySelectorAll('p, div, li'))) block.append(' ');
    }
  }
}

/** Markdown body of a sanitized element; `element` is modified (tables normalised). */
export function htmlToMarkdown(element: Element): string {
  prepareTables(element);
  return turndown().turndown(element as unknown as TurndownService.Node).trim();
}

export function clipToMarkdown(clip: StoredClip, body: Element): string {
  const md = htmlToMarkdown(body);
  const heading = /^#\s/.test(md) ? '' : `# ${clip.title.replace(/\s+/g, ' ')}\n\n`;
  return `${frontMatter(clip)}\n${heading}${md}\n`;
}
