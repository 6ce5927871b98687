import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/**
 * One dataset folder in the shared layout (bench-data/README.md "Layout"):
 * `pages/<id>.html.gz` and `truth.jsonl`. Nothing here looks at what the pages say.
 */
export interface TruthRecord {
  id: string;
  url: string | null;
  /** Page type used for per-type tables; `unknown` when the dataset has none. */
  type: string;
  /** Main content as plain text; null when the dataset only has snippets. */
  text: string | null;
  with: string[];
  without: string[];
  title: string | null;
  /** Metadata truth where the dataset has it (scripts/metadata-check.ts); null otherwise. */
  author: string | null;
  /** Publication date, ISO 8601 (a day or a timestamp). */
  date: string | null;
  site: string | null;
}

export interface Dataset {
  /** Folder name, used to label tables and output folders. */
  name: string;
  dir: string;
  records: TruthRecord[];
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

export function pagePath(dataset: Dataset, id: string): string {
  return join(dataset.dir, 'pages', `${id}.html.gz`);
}

export function loadDataset(dir: string): Dataset {
  const abs = resolve(dir);
  const truthFile = join(abs, 'truth.jsonl');
  if (!existsSync(truthFile)) throw new Error(`${abs}: no truth.jsonl (expected pages/<id>.html.gz + truth.jsonl)`);
  const records: TruthRecord[] = [];
  const seen = new Set<string>();
  readFileSync(truthFile, 'utf8').split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`${truthFile}:${i + 1}: not JSON (${(e as Error).message})`, { cause: e });
    }
    const id = raw.id;
    if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`${truthFile}:${i + 1}: missing id`);
    const sid = String(id);
    // Ids become file names and URL path segments: refuse anything that could leave pages/.
    if (sid === '' || sid.includes('/') || sid.includes('\\') || sid === '.' || sid === '..') {
      throw new Error(`${truthFile}:${i + 1}: id ${JSON.stringify(sid)} is not a file name`);
    }
    if (seen.has(sid)) throw new Error(`${truthFile}:${i + 1}: duplicate id ${sid}`);
    seen.add(sid);
    records.push({
      id: sid,
      url: stringOrNull(raw.url),
      type: stringOrNull(raw.type) ?? 'unknown',
      text: stringOrNull(raw.text),
      with: stringList(raw.with),
      without: stringList(raw.without),
      title: stringOrNull(raw.title),
      author: stringOrNull(raw.author),
      date: stringOrNull(raw.date),
      site: stringOrNull(raw.site),
    });
  });
  return { name: basename(abs), dir: abs, records };
}
