/**
 * Feature extraction for the node classifier (SPEC §5), run ONCE per dataset and cached:
 *
 *   npx tsx training/extractFeatures.ts --data /work/shared/bench-data/wcxb-dev --out training/cache/wcxb-dev.jsonl.gz
 *
 * Each page is served to headless Chromium (/usr/bin/chromium) at its original URL from the
 * captured bytes, like the benchmark does: page scripts disabled, every other request
 * aborted, so layout (and with it the stats pass's visibility answers) is real but nothing
 * leaves the machine. In the page we evaluate the SAME feature code the classifier engine runs
 * (training/pageEntry.ts bundles src/core), and write one JSON line per page:
 * `{id, url, type, texts[], rows[][], ms}`.
 *
 * `--gate` writes Auto's gate features instead (`{id, url, type, gateNames[], gate[]}`,
 * autoGate.ts; a few hundred ms per page), `--half 0|1` keeps one half of the sites
 * (md5(hostname) % 2, as train.py splits them), e.g. for training/gate.py:
 *
 *   nice -n 19 npx tsx training/extractFeatures.ts --gate --half 0 --data /work/shared/bench-data/wcxb-dev --out training/cache/gate-wcxb-dev-halfA.jsonl.gz
 */
import { createHash } from 'node:crypto';
import { buildSync } from 'esbuild';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { gunzipSync, createGzip } from 'node:zlib';
import { chromium } from 'playwright-core';

interface TruthRow { id: string; url: string; type: string }

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : fallback;
  if (v === undefined) throw new Error(`missing --${name}`);
  return v;
}

async function readTruth(dir: string): Promise<TruthRow[]> {
  const rows: TruthRow[] = [];
  const rl = createInterface({ input: createReadStream(join(dir, 'truth.jsonl')) });
  for await (const line of rl) if (line.trim()) rows.push(JSON.parse(line) as TruthRow);
  return rows;
}

/** md5(hostname) % 2 of a page's URL, as training/train.py buckets sites (host(), bucket()). */
function siteHalf(url: string): number {
  let h = '';
  try { h = new URL(url).hostname.toLowerCase(); } catch { /* no host: bucket of '' */ }
  if (h.startsWith('www.')) h = h.slice(4);
  // The 128-bit digest mod 2 is its last bit.
  const digest = createHash('md5').update(h).digest();
  return (digest[digest.length - 1] as number) & 1;
}

async function main(): Promise<void> {
  const data = arg('data');
  const out = arg('out');
  const limit = Number(arg('limit', '0'));
  const concurrency = Number(arg('concurrency', '2'));
  const bundle = buildSync({
    entryPoints: [join(import.meta.dirname, 'pageEntry.ts')], bundle: true, write: false, format: 'iife', target: 'es2022',
  }).outputFiles[0]!.text;

  // --from/--to split one dataset over several runs (each writes its own cache file).
  const from = Number(arg('from', '0'));
  const to = Number(arg('to', '0'));
  let truth = await readTruth(data);
  if (to > 0 || from > 0) truth = truth.slice(from, to > 0 ? to : undefined);
  if (limit > 0) truth = truth.slice(0, limit);
  // --skip <file>: ids already cached (one per line), e.g. to finish an interrupted pass.
  const skipFile = process.argv.includes('--skip') ? arg('skip') : null;
  if (skipFile) {
    const skip = new Set(readFileSync(skipFile, 'utf8').split('\n').map((s) => s.trim()).filter(Boolean));
    truth = truth.filter((r) => !skip.has(r.id));
  }
  // --half 0|1: the sites with md5(hostname) % 2 == half (train.py host/bucket: lower case, no www.).
  if (process.argv.includes('--half')) {
    const half = Number(arg('half'));
    truth = truth.filter((r) => siteHalf(r.url) === half);
  }
  const call = process.argv.includes('--gate') ? 'SiftTrain.gate(document)' : 'SiftTrain.features(document)';
  mkdirSync(dirname(out), { recursive: true });
  const gz = createGzip();
  gz.pipe(createWriteStream(out));

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  let next = 0;
  let done = 0;
  const t0 = Date.now();
  const worker = async () => {
    const page = await context.newPage();
    for (;;) {
      const row = truth[next++];
      if (!row) break;
      const file = join(data, 'pages', `${row.id}.html.gz`);
      if (!existsSync(file)) continue;
      const body = gunzipSync(readFileSync(file));
      // A page without a usable original URL is served at a loopback address instead.
      let target = `http://127.0.0.1/sift-training/${row.id}.html`;
      try { target = new URL(row.url).href; } catch { /* keep the loopback address */ }
      await page.unroute('**/*');
      await page.route('**/*', (route) => {
        const req = route.request();
        if (req.isNavigationRequest() && req.url() === target) {
          return route.fulfill({ status: 200, contentType: 'text/html', body });
        }
        return route.abort();
      });
      try {
        await page.goto(target, { waitUntil: 'load', timeout: 20000 });
        const result = await page.evaluate(`(() => { ${bundle}; return ${call}; })()`);
        gz.write(JSON.stringify({ id: row.id, url: row.url, type: row.type, ...(result as object) }) + '\n');
        // Flush per page so an interrupted pass keeps everything it finished.
        await new Promise<void>((resolve) => gz.flush(() => resolve()));
      } catch (err) {
        process.stderr.write(`${row.id}: ${(err as Error).message.split('\n')[0]}\n`);
      }
      done++;
      if (done % 50 === 0) process.stderr.write(`${done}/${truth.length} pages, ${((Date.now() - t0) / done).toFixed(0)} ms/page\n`);
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await browser.close();
  await new Promise<void>((resolve) => gz.end(resolve));
  process.stderr.write(`done: ${done} pages in ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}

main().catch((err) => { console.error(err); process.exit(1); });
