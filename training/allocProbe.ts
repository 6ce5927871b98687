/**
 * Where an engine's first call allocates (CDP sampling heap profiler, garbage included).
 * Development aid: npx tsx training/allocProbe.ts [--every 40] [--engine auto] (the unminified core by default: names)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBenchBrowser, VIEWPORT } from '../bench/browser';
import { loadDataset } from '../bench/dataset';
import { loadForTiming } from '../bench/pageTiming';
import { SIFT_DEBUG_IIFE } from '../bench/paths';
import { startPageServer } from '../bench/server';

const { values } = parseArgs({ options: { every: { type: 'string', default: '40' }, engine: { type: 'string', default: 'auto' }, core: { type: 'string', default: SIFT_DEBUG_IIFE }, top: { type: 'string', default: '30' } } });
const dataset = loadDataset(resolve('../shared/bench-data/wcxb-dev'));
const records = dataset.records.filter((_, i) => i % Number(values.every) === 0);
const injected = `${readFileSync(resolve(values.core), 'utf8')}\n;globalThis.Sift = Sift;\n//# sourceURL=sift-core.js\n0`;
interface Node { callFrame: { functionName: string; lineNumber: number }; selfSize: number; children: Node[] }
const bytes = new Map<string, number>();
let total = 0;
const server = await startPageServer([dataset]);
const browser = await launchBenchBrowser(server.proxy);
try {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  for (const rec of records) {
    await loadForTiming(page, cdp, server.urlFor(0, rec.id), injected);
    await cdp.send('Runtime.evaluate', { expression: 'gc(); 0' });
    await cdp.send('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
    await cdp.send('Runtime.evaluate', { expression: `Sift.extract(document, { engine: ${JSON.stringify(values.engine)} }); 0` });
    const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: Node } };
    const walk = (n: Node): void => {
      const k = `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber + 1}`;
      bytes.set(k, (bytes.get(k) ?? 0) + n.selfSize);
      total += n.selfSize;
      for (const c of n.children) walk(c);
    };
    walk(profile.head);
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`${values.engine}: ${(total / 1048576).toFixed(1)} MB sampled over ${records.length} pages`);
for (const [k, b] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`${(b / total * 100).toFixed(1).padStart(5)}%  ${(b / 1024).toFixed(0).padStart(7)} KB  ${k}`);
