import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadDataset } from '../bench/dataset';
import { selectEngines } from '../bench/engines';
import { runBenchmark, type RunSummary } from '../bench/runner';

/**
 * The benchmark harness itself, in the real Chromium it uses: page scripts never run while
 * our injected engines do, nothing leaves the machine, bytes decode as bench-data/README.md
 * says (BOM, <meta charset>, else UTF-8), and a refresh cannot swap the page under test.
 */

const PARA = 'The harbour committee met on Tuesday to discuss the new ferry timetable, which will add three crossings on weekdays and one on Sunday mornings. ';
const body = (marker: string) => `<article><h1>${marker} report</h1><p>${PARA.repeat(4)}${marker}</p><p>${PARA.repeat(3)}</p></article>`;
const latin1 = (s: string) => Buffer.from(s, 'latin1');

const PAGES: Record<string, Buffer> = {
  scripts: Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>t</title>
    <script>document.write('<p>INLINE SCRIPT RAN</p>')</script><script src="/app.js"></script></head>
    <body>${body('SCRIPTS')}<img src="/x.png" onerror="document.body.append('HANDLER RAN')">
    <script>document.querySelector('article').append('BODY SCRIPT RAN')</script></body></html>`),
  network: Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="https://example.org/site.css">
    </head><body>${body('NETWORK')}<img src="http://example.com/photo.jpg" width="600"><img src="http://93.184.216.34/ip-literal.png">
    <iframe src="https://example.net/embed"></iframe></body></html>`),
  'meta-1252': latin1(`<!doctype html><html><head><meta charset="windows-1252"></head><body>${body('CAF\u00c9 caf\u00e9 \u201cquoted\u201d'.replace(/[\u201c\u201d]/g, '"'))}</body></html>`),
  'late-meta': latin1(`<!doctype html><html><head><!-- ${'x'.repeat(1500)} --><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>${body('LATE d\u00e9j\u00e0 vu')}</body></html>`),
  unlabelled: Buffer.from(`<!doctype html><html><head><title>none</title></head><body>${body('UNLABELLED na\u00efve r\u00e9sum\u00e9 \u5317\u4eac')}</body></html>`, 'utf8'),
  bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1(`<!doctype html><html><head><meta charset="windows-1252"></head><body>`), Buffer.from(`${body('BOM \u00fcber')}</body></html>`, 'utf8')]),
  refresh: Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/elsewhere"></head><body>${body('REFRESH')}</body></html>`),
};

let summary: RunSummary;
let dir: string;
const text = (id: string) => summary.results.find((r) => r.record.id === id)!.outcomes.get('readability')!;
const result = (id: string) => summary.results.find((r) => r.record.id === id)!;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sift-bench-harness-'));
  mkdirSync(join(dir, 'pages'));
  const truth: string[] = [];
  for (const [id, bytes] of Object.entries(PAGES)) {
    writeFileSync(join(dir, 'pages', `${id}.html.gz`), gzipSync(bytes));
    truth.push(JSON.stringify({ id, url: null, type: 'test', text: PARA, with: [], without: [] }));
  }
  writeFileSync(join(dir, 'truth.jsonl'), truth.join('\n') + '\n');
  const ds = loadDataset(dir);
  summary = await runBenchmark([ds], ds.records.map((record) => ({ datasetIndex: 0, record })), selectEngines([]), { concurrency: 2, progressIntervalMs: 60_000 });
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('page scripts are blocked while the injected engine runs', () => {
  const out = text('scripts');
  expect(out.error).toBeNull();
  expect(out.ms).toBeGreaterThanOrEqual(0);
  expect(out.text).toContain('SCRIPTS');
  expect(out.text).not.toContain('SCRIPT RAN');
  expect(out.text).not.toContain('HANDLER RAN');
});

test('requests that leave the machine are refused, the page is still measured', () => {
  expect(text('network').error).toBeNull();
  expect(text('network').text).toContain('NETWORK');
  // stylesheet, image, IP-literal image and iframe of the network page all reached our refusing proxy
  expect(summary.blockedRequests).toBeGreaterThanOrEqual(4);
});

test('bytes decode as a browser would: BOM, then <meta charset> (even late), else UTF-8', () => {
  expect(result('meta-1252').charset?.toLowerCase()).toBe('windows-1252');
  expect(text('meta-1252').text).toContain('CAF\u00c9 caf\u00e9');
  expect(result('late-meta').charset?.toLowerCase()).toBe('windows-1252');
  expect(text('late-meta').text).toContain('d\u00e9j\u00e0 vu');
  expect(result('unlabelled').charset?.toLowerCase()).toBe('utf-8');
  expect(text('unlabelled').text).toContain('na\u00efve r\u00e9sum\u00e9 \u5317\u4eac');
  expect(result('bom').charset?.toLowerCase()).toBe('utf-8');
  expect(text('bom').text).toContain('BOM \u00fcber');
  expect(summary.charsetMismatches).toEqual([]);
});

test('a meta refresh cannot replace the page under test', () => {
  expect(text('refresh').error).toBeNull();
  expect(text('refresh').text).toContain('REFRESH');
});
