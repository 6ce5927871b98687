import { expect, test } from '@playwright/test';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * The main job from the command line (`npm run clip`, the README's first command): each
 * test runs scripts/clip.ts as a user would, in a process of its own that launches Debian's
 * Chromium, and reads its exit code, stdout and stderr. Exit codes: 0 clipped, 2 no article,
 * 1 usage or load error.
 */

const TSX = resolve('node_modules/.bin/tsx');
const SAMPLE = resolve('samples/article.html');
const TITLE = 'Lanterns on the Water: A Harbour Town Relights Its Winter Festival';

interface Run { code: number; stdout: string; stderr: string }

function clip(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(TSX, ['scripts/clip.ts', ...args], { timeout: 60_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** A localhost port where nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

let dir = '';
test.beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sift-cli-test-')); });
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('with no argument it clips the bundled sample as Markdown with front matter', async () => {
  const run = await clip();
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout.startsWith('---\n')).toBe(true);
  expect(run.stdout).toContain(`title: "${TITLE}"`);
  expect(run.stdout).toContain(`\n# ${TITLE}\n`);
  expect(run.stderr).toMatch(/^clip: \d+ words, [\d.]+ ms in page \(nta\)$/m);
});

test('a gzipped page (as bench-data stores them) clips as the same page unpacked, and the clip names the file given', async () => {
  test.setTimeout(120_000);
  const unpackedCopies = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith('sift-clip-'));
  const before = unpackedCopies();
  const gz = join(dir, 'article.html.gz');
  writeFileSync(gz, gzipSync(readFileSync(SAMPLE)));
  const [plain, packed] = await Promise.all([clip(SAMPLE, '--format', 'json'), clip(gz, '--format', 'json')]);
  expect(plain.code, plain.stderr).toBe(0);
  expect(packed.code, packed.stderr).toBe(0);
  const a = JSON.parse(plain.stdout) as { url: string; title: string; text: string; html: string; wordCount: number };
  const b = JSON.parse(packed.stdout) as typeof a;
  expect(b.title).toBe(TITLE);
  expect(b.wordCount).toBeGreaterThan(200);
  expect({ text: b.text, wordCount: b.wordCount }).toEqual({ text: a.text, wordCount: a.wordCount });
  expect(b.url).toBe(pathToFileURL(gz).href);
  // The unpacked copy (scripts/clip.ts: a sift-clip-* folder) is deleted once the clip is printed.
  expect(unpackedCopies()).toEqual(before);
});

test('what cannot be clipped gets a clear message and its exit code, never a browser error', async () => {
  test.setTimeout(180_000);
  const empty = join(dir, 'empty.html');
  writeFileSync(empty, '<!doctype html><html><head><title>Nothing</title></head><body></body></html>');
  const notGzip = join(dir, 'broken.html.gz');
  writeFileSync(notGzip, 'these bytes are not gzip');
  const archive = join(dir, 'pages.zip');
  writeFileSync(archive, Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1')); // an empty ZIP
  const refused = `http://127.0.0.1:${await closedPort()}/post`;
  const [noFile, noText, badGzip, download, badFormat, badTimeout, noServer] = await Promise.all([
    clip(join(dir, 'missing.html')),
    clip(empty),
    clip(notGzip),
    clip(archive),
    clip(SAMPLE, '--format', 'pdf'),
    clip(SAMPLE, '--timeout', 'soon'),
    clip(refused),
  ]);
  expect(noFile).toMatchObject({ code: 1, stdout: '' });
  expect(noFile.stderr).toContain('clip: no such file:');
  expect(noText).toMatchObject({ code: 2, stdout: '' });
  expect(noText.stderr).toContain('clip: no article (empty)');
  expect(badGzip).toMatchObject({ code: 1, stdout: '' });
  expect(badGzip.stderr).toContain('is not a gzip file that can be unpacked');
  expect(download).toMatchObject({ code: 1, stdout: '' });
  expect(download.stderr).toContain('is not a page the browser shows: it would download it');
  expect(download.stderr).not.toContain('Call log');
  expect(badFormat).toMatchObject({ code: 1, stdout: '' });
  expect(badFormat.stderr).toContain('unknown format "pdf"');
  expect(badTimeout).toMatchObject({ code: 1, stdout: '' });
  expect(badTimeout.stderr).toContain('--timeout takes milliseconds');
  expect(noServer).toMatchObject({ code: 1, stdout: '' });
  expect(noServer.stderr.trim()).toBe(`clip: could not load ${refused} (net::ERR_CONNECTION_REFUSED)`);
});
