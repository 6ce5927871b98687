/**
 * How far is the core from the floor of any extractor that reads the rendered DOM? Issue 2
 * asks for Sift's median in-page time ≤ ⅓ of Readability's; this tool says which part of
 * Sift's time a walk of the page costs *at minimum*, on the benchmark's pages and in the
 * benchmark's situation (a fresh page, cold JIT, fresh DOM wrappers, layout already forced:
 * bench/pageTiming.ts).
 *
 * Layers, each run ONCE on its own fresh load of the page (rotated order), after a GC:
 *   bare      an iterative walk of <body> touching every node (nodeType, firstChild,
 *             nextSibling): the JS wrappers every DOM extractor must create;
 *   read      + every element's tag name and every text node's non-space count (the
 *             native regex countChars uses);
 *   visible   + the visibility question the core asks (stats.ts: phrasing elements with
 *             class/style, other elements with attributes), hidden subtrees skipped;
 *   stats     computeStats: the core's whole stats pass, without the link-block listener;
 *   scan      computeStats with the link-block scanner listening (the pipeline's walk);
 *   extract   Sift.extract(document), the whole pipeline;
 *   readability  Readability 0.6 on a clone, as the benchmark runs it.
 * Reported: in-page milliseconds (performance.now around the call) and main-thread CPU
 * (CDP ThreadTime, which also counts the CDP call: `noop` is that call alone).
 *
 * `npx tsx scripts/cold-floor.ts [--data ../shared/bench-data/wcxb-dev] [--every 12]`
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { loadForTiming, quantile, readabilityScript, threadTimer } from '../bench/pageTiming';
import { startPageServer } from '../bench/server';
import { buildCore, CORE_IIFE_PATH } from './build-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The core's stats pass and scanner as page globals (the IIFE exposes only `Sift`). */
async function statsBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { computeStats } from './stats';
import { createLinkBlockScanner } from './linkBlocks';
import { liveLayoutProbe } from './layout';
import { resolveOptions } from './options';
const options = resolveOptions(null);
(globalThis as unknown as Record<string, unknown>).__floorStats = (scan: boolean) =>
  computeStats(document, liveLayoutProbe(document), scan ? createLinkBlockScanner(options) : undefined);`,
      resolveDir: join(root, 'src', 'core'),
      loader: 'ts',
    },
    bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

/**
 * The floor walks, in plain page JavaScript. Each layer adds one kind of work to the one
 * before; the visibility rule is stats.ts's (mayBeHidden: phrasing elements with class or
 * style, other elements with attributes, custom elements, children of <details>) with the
 * phrasing tags passed in. Tags the core skips unasked (script, style, svg…) are walked
 * here, so the floor errs high, never low.
 */
const FLOOR = `globalThis.__floor = (layer, phrasing) => {
  const root = document.body || document.documentElement;
  const spaces = /[\\s\\u200b\\ufeff]+/g;
  const visibility = { visibilityProperty: true };
  let n = 0;
  let cur = root.firstChild;
  const open = [root];
  while (open.length) {
    if (cur) {
      const kind = cur.nodeType;
      if (kind === 1) {
        if (layer !== 'bare') {
          let tag = cur.tagName;
          const c0 = tag.charCodeAt(0);
          if (c0 >= 97 && c0 <= 122) tag = tag.toUpperCase();
          n += tag.length;
          if (layer === 'visible') {
            const ask = phrasing.has(tag)
              ? cur.hasAttribute('class') || cur.hasAttribute('style')
              : cur.hasAttributes() || tag.includes('-') || open[open.length - 1].tagName === 'DETAILS';
            if (ask && !cur.checkVisibility(visibility)) { cur = cur.nextSibling; continue; }
          }
        }
        const child = cur.firstChild;
        if (child) { open.push(cur); cur = child; continue; }
      } else if (kind === 3 && layer !== 'bare') {
        n += cur.data.replace(spaces, '').length;
      }
      cur = cur.nextSibling;
      continue;
    }
    const done = open.pop();
    cur = open.length ? done.nextSibling : null;
  }
  return n;
};`;

const LAYERS = ['bare', 'read', 'visible', 'stats', 'scan', 'extract', 'readability'] as const;
type Layer = (typeof LAYERS)[number] | 'noop';

function call(layer: Layer): string {
  switch (layer) {
    case 'bare': case 'read': case 'visible': return `__floor(${JSON.stringify(layer)}, __phrasing)`;
    case 'stats': return '__floorStats(false)';
    case 'scan': return '__floorStats(true)';
    case 'extract': return 'Sift.extract(document)';
    case 'readability': return 'new Readability(document.cloneNode(true), {}).parse()';
    case 'noop': return '0';
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: 'string', default: '../shared/bench-data/wcxb-dev' }, every: { type: 'string', default: '12' } } });
  await buildCore();
  const { PHRASING_TAGS } = await import('../src/core/rules');
  const injected = [
    readFileSync(CORE_IIFE_PATH, 'utf8'),
    await statsBundle(),
    readabilityScript(),
    FLOOR,
    `globalThis.__phrasing = new Set(${JSON.stringify([...PHRASING_TAGS])});`,
  ].join('\n;\n') + '\n0';

  const dataset = loadDataset(resolve(values.data));
  const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);
  const server = await startPageServer([dataset]);
  const browser = await launchBenchBrowser(server.proxy);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const threadTime = await threadTimer(cdp);
  const ms = new Map<Layer, number[]>();
  const cpu = new Map<Layer, number[]>();
  try {
    for (const [k, rec] of records.entries()) {
      const order: Layer[] = [...LAYERS.slice(k % LAYERS.length), ...LAYERS.slice(0, k % LAYERS.length), 'noop'];
      for (const layer of order) {
        if (layer !== 'noop') await loadForTiming(page, cdp, server.urlFor(0, rec.id), injected);
        await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
        const before = await threadTime();
        const r = await cdp.send('Runtime.evaluate', { expression: `(() => { const t0 = performance.now(); ${call(layer)}; return performance.now() - t0; })()`, returnByValue: true });
        const used = (await threadTime()) - before;
        if (r.exceptionDetails) throw new Error(`${rec.id} ${layer}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
        (ms.get(layer) ?? ms.set(layer, []).get(layer)!).push(r.result.value as number);
        (cpu.get(layer) ?? cpu.set(layer, []).get(layer)!).push(used);
      }
      if ((k + 1) % 20 === 0) process.stderr.write(`${k + 1}/${records.length}\n`);
    }
  } finally {
    await context.close();
    await browser.close();
    await server.close();
  }
  const readMs = quantile(ms.get('readability')!, 0.5);
  const noop = quantile(cpu.get('noop')!, 0.5);
  console.log(`${records.length} pages of ${values.data}, each layer cold on its own load · medians`);
  console.log('layer          in-page ms   ÷ Readability   CPU ms (− noop)');
  for (const layer of [...LAYERS, 'noop'] as Layer[]) {
    const m = quantile(ms.get(layer)!, 0.5);
    const c = quantile(cpu.get(layer)!, 0.5);
    console.log(`${layer.padEnd(12)} ${m.toFixed(2).padStart(10)} ${(m / readMs).toFixed(3).padStart(14)} ${c.toFixed(2).padStart(10)} (${(c - noop).toFixed(2)})`);
  }
}

await main();
