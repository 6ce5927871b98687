/**
 * How often does the popup say "not an article", per engine and page type? Runs the
 * content script's own verdict (src/content/verdict.ts, bundled with the core by esbuild at
 * run time, so it measures the code as it is) on benchmark pages loaded as the benchmark
 * loads them, for each engine:
 *   - `old`: the clip's word count below MIN_ARTICLE_WORDS (the verdict up to session 7);
 *   - `new`: its running words (words outside links) below it (session 8);
 * a page the engine finds no clip in counts as refused under both. A refusal of a page
 * whose ground truth holds ≥ 100 words is listed as "doubtful" (the truth says there is
 * running content; it may still be a list).
 *
 *   npx tsx scripts/verdict-check.ts [--data ../shared/bench-data/wcxb-dev] [--every 5] [--engines nta,auto]
 */
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { startPageServer } from '../bench/server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `__verdict(engine)` in the page: the clip's word count and running words, or null. */
async function verdictBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { extract } from '../core/index';
import { parseClipHtml, runningWords } from './verdict';
(globalThis as unknown as Record<string, unknown>).__verdict = (engine: string) => {
  const clip = extract(document, { engine, trace: false });
  return clip ? { words: clip.wordCount, running: runningWords(parseClipHtml(clip.html)) } : null;
};`,
      resolveDir: join(root, 'src', 'content'),
      loader: 'ts',
    },
    bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

interface Row { type: string; id: string; truthWords: number; byEngine: Map<string, { words: number; running: number } | null> }

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/bench-data/wcxb-dev' },
      every: { type: 'string', default: '5' },
      engines: { type: 'string', default: 'nta,auto' },
    },
  });
  const engines = values.engines.split(',');
  const min = (await import('../src/content/verdict')).MIN_ARTICLE_WORDS;
  const dataset = loadDataset(resolve(values.data));
  const every = Number(values.every);
  const records = dataset.records.filter((_, i) => i % every === 0);
  const script = `${await verdictBundle()}\n;0`;
  const server = await startPageServer([dataset]);
  const browser = await launchBenchBrowser(server.proxy);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const rows: Row[] = [];
  try {
    for (const [k, rec] of records.entries()) {
      try {
        await page.goto(server.urlFor(0, rec.id), { waitUntil: 'load', timeout: 20_000 });
      } catch { /* checked if it committed, like the bench */ }
      const inj = await cdp.send('Runtime.evaluate', { expression: script, returnByValue: true });
      if (inj.exceptionDetails) throw new Error(`${rec.id} inject: ${inj.exceptionDetails.text}`);
      const byEngine = new Map<string, { words: number; running: number } | null>();
      for (const engine of engines) {
        const r = await cdp.send('Runtime.evaluate', { expression: `__verdict(${JSON.stringify(engine)})`, returnByValue: true });
        if (r.exceptionDetails) throw new Error(`${rec.id} ${engine}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        byEngine.set(engine, r.result.value as { words: number; running: number } | null);
      }
      rows.push({ type: rec.type, id: rec.id, truthWords: (rec.text ?? '').split(/\s+/).filter(Boolean).length, byEngine });
      if ((k + 1) % 50 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
    }
  } finally {
    await context.close();
    await browser.close();
    await server.close();
  }

  const refused = (v: { words: number; running: number } | null | undefined, rule: 'old' | 'new') =>
    !v || (rule === 'old' ? v.words : v.running) < min;
  const types = [...new Set(rows.map((r) => r.type))].sort();
  console.log(`${rows.length} pages of ${values.data} (every ${every}); refused = "not an article" (fewer than ${min} words; old: clip words, new: running words)`);
  console.log(`type         pages  ${engines.map((e) => `${e} old/new`.padStart(14)).join(' ')}`);
  for (const type of [...types, 'all']) {
    const of = rows.filter((r) => type === 'all' || r.type === type);
    const cells = engines.map((e) => `${of.filter((r) => refused(r.byEngine.get(e), 'old')).length}/${of.filter((r) => refused(r.byEngine.get(e), 'new')).length}`.padStart(14));
    console.log(`${type.padEnd(12)} ${String(of.length).padStart(5)}  ${cells.join(' ')}`);
  }
  for (const e of engines) {
    const changed = rows.filter((r) => refused(r.byEngine.get(e), 'old') !== refused(r.byEngine.get(e), 'new'));
    console.log(`\n${e}: ${changed.length} verdicts change`);
    for (const r of changed.slice(0, 25)) {
      const v = r.byEngine.get(e)!;
      const doubt = refused(v, 'new') && r.truthWords >= 100 ? '  doubtful' : '';
      console.log(`  ${r.id} (${r.type}): ${v.words} words, ${v.running} running; truth ${r.truthWords} words → ${refused(v, 'new') ? 'refused' : 'accepted'}${doubt}`);
    }
  }
}

await main();
