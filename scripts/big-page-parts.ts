/**
 * Paired timing of single functions of two checkouts of the core on core-budgets'
 * 200,000-element page, each cold in a fresh page (alternating order): `absoluteUrl` over
 * every link's href (as serialize calls it, mailto allowed), and `countWords` over the page's
 * paragraphs joined like a clip's text, and `extractMetadata` with <main> as the content root
 * (the page has no byline or date: the DOM queries scan it all). Isolates a change that the whole extract's noise
 * (a shared 2-core machine) would hide. In-page wall ms and main-thread CPU (ThreadTime).
 *
 * `npx tsx scripts/big-page-parts.ts --old <dir with an old src/> [--new .] [--n 5]`
 * e.g. `mkdir -p /tmp/old && git archive <commit> src | tar -x -C /tmp/old`
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { median, threadTimer } from '../bench/pageTiming';
import { bigPage, serve } from './core-budgets';

async function bundle(dir: string): Promise<string> {
  const out = await build({
    stdin: { contents: "export { absoluteUrl, countWords } from './src/core/serialize'; export { extractMetadata } from './src/core/metadata';", resolveDir: resolve(dir), loader: 'ts' },
    bundle: true, format: 'iife', globalName: '__parts', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning',
  });
  return `${out.outputFiles[0]!.text}\n;globalThis.__parts = __parts;0`;
}

const CALLS: Record<string, string> = {
  absoluteUrl: `(() => {
    const hrefs = Array.from(document.getElementsByTagName('a'), (a) => a.getAttribute('href'));
    const base = document.baseURI;
    const t0 = performance.now();
    let n = 0;
    for (const h of hrefs) if (__parts.absoluteUrl(h, base, true)) n++;
    return [performance.now() - t0, n];
  })()`,
  countWords: `(() => {
    const text = Array.from(document.getElementsByTagName('p'), (p) => p.textContent.trim()).join('\\n\\n');
    const t0 = performance.now();
    const r = __parts.countWords(text);
    return [performance.now() - t0, r.words + r.cjk];
  })()`,
  extractMetadata: `(() => {
    const root = document.querySelector('main');
    const t0 = performance.now();
    const m = __parts.extractMetadata(document, document.baseURI, root);
    return [performance.now() - t0, JSON.stringify(m)];
  })()`,
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { old: { type: 'string' }, new: { type: 'string', default: '.' }, n: { type: 'string', default: '5' } } });
  if (!values.old) throw new Error('--old <dir> is required');
  const code = { old: await bundle(values.old), new: await bundle(values.new) };
  const body = bigPage(200_000);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const res: Record<string, Record<'old' | 'new', { ms: number[]; cpu: number[]; out: unknown[] }>> = {};
  try {
    for (let k = 0; k < Number(values.n); k++) {
      for (const fn of Object.keys(CALLS)) {
        res[fn] ??= { old: { ms: [], cpu: [], out: [] }, new: { ms: [], cpu: [], out: [] } };
        for (const which of k % 2 ? ['new', 'old'] as const : ['old', 'new'] as const) {
          const page = await browser.newPage();
          page.setDefaultTimeout(300_000);
          await serve(page, body);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Runtime.evaluate', { expression: `document.documentElement.getBoundingClientRect().height;${code[which]}` });
          const threadTime = await threadTimer(cdp);
          const before = await threadTime();
          const r = await cdp.send('Runtime.evaluate', { expression: CALLS[fn]!, returnByValue: true });
          const cpu = (await threadTime()) - before;
          const [ms, out] = r.result.value as [number, unknown];
          res[fn][which].ms.push(ms); res[fn][which].cpu.push(cpu); res[fn][which].out.push(out);
          await page.close();
        }
      }
      process.stderr.write(`${k + 1}/${values.n}\n`);
    }
  } finally {
    await browser.close();
  }
  for (const [fn, r] of Object.entries(res)) {
    const same = new Set([...r.old.out, ...r.new.out].map(String)).size === 1;
    console.log(`${fn.padEnd(12)} old ${median(r.old.ms).toFixed(1)} ms (CPU ${median(r.old.cpu).toFixed(1)})  new ${median(r.new.ms).toFixed(1)} ms (CPU ${median(r.new.cpu).toFixed(1)})  results ${same ? `identical (${String(r.old.out[0])})` : 'DIFFER'}`);
  }
}

await main();
