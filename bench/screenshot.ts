/**
 * `tsx bench/screenshot.ts <report.html> [out.png] [--width 1280]`: full-page PNG of a
 * report (or view page) in the same Chromium, to check what people will see.
 */
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM } from './browser';

const [file, outArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!file) {
  process.stderr.write('usage: tsx bench/screenshot.ts <report.html> [out.png]\n');
  process.exit(2);
}
const width = Number(process.argv.includes('--width') ? process.argv[process.argv.indexOf('--width') + 1] : 1280);
const out = resolve(outArg ?? file.replace(/\.html$/, '.png'));
// Offline: the report has no remote resources, and nothing else may load either.
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND'] });
try {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(pathToFileURL(resolve(file)).href);
  await page.screenshot({ path: out, fullPage: true });
  process.stderr.write(`${out}\n`);
  // --tiles: also 1,400 px high slices, easier to look at than one very tall image.
  if (process.argv.includes('--tiles')) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, i = 1; y < height; y += 1400, i++) {
      const tile = out.replace(/\.png$/, `-${i}.png`);
      await page.screenshot({ path: tile, fullPage: true, clip: { x: 0, y, width, height: Math.min(1400, height - y) } });
      process.stderr.write(`${tile}\n`);
    }
  }
} finally {
  await browser.close();
}
