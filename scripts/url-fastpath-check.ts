/**
 * Proof, in Chromium, that serialize.ts's URL fast path (`canonicalAsWritten`) and the
 * `absoluteUrl` built on it return exactly what the URL parser returns (`new URL(s.trim(),
 * base).href` with the protocol filter, i.e. absoluteUrl before the fast path), and that
 * `plainHttpParts` and the base read without parsing (`parseBase`) agree with the parser: every
 * URL below is also tried as a base and taken apart.
 *   1. every href, src, *src* attribute and srcset candidate of every page of the bench sets
 *      (parsed in Chromium with DOMParser), as written and in the parser's own canonical
 *      form, against several bases (the page's URL, an http base, an https base with user
 *      info and port, a file: base, an unparsable base), with and without mailto;
 *   2. every ASCII character (and a few non-ASCII ones) at every place of a URL, every pair of
 *      printable ASCII characters in the path, query, fragment and host, every triple over the
 *      characters of dot segments and percent escapes, and hand-written edge cases.
 * Exits 1 on any difference. `npx tsx scripts/url-fastpath-check.ts [--data dir ...] [--no-pages]`
 * (about 9 minutes for both sets under nice; `--no-pages`: part 2 only, seconds).
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { loadDataset, pagePath } from '../bench/dataset';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** In the page: the parser's answer (absoluteUrl as it was before the fast path). */
const REFERENCE = `globalThis.__ref = (url, base, allowMail) => {
  try {
    const u = new URL(url.trim(), base);
    if (u.protocol === 'http:' || u.protocol === 'https:' || (allowMail && u.protocol === 'mailto:')) return u.href;
    if (u.protocol === 'file:' && base.startsWith('file:')) return u.href;
  } catch {}
  return null;
};
globalThis.__check = (urls, bases) => {
  const { absoluteUrl, canonicalAsWritten } = globalThis.__urlCheck;
  let checked = 0, fast = 0;
  const bad = [];
  for (const base of bases) {
    for (const url of urls) {
      for (const mail of [false, true]) {
        checked++;
        const want = __ref(url, base, mail);
        const got = absoluteUrl(url, base, mail);
        if (got !== want) bad.push({ url, base, mail, want, got });
      }
      const f = canonicalAsWritten(url.trim(), base);
      if (f !== null) {
        fast++;
        let href = null;
        try { href = new URL(url.trim(), base).href; } catch {}
        if (f !== href) bad.push({ url, base, fast: f, want: href });
      }
    }
  }
  // Every URL as a base (serialize.parseBase reads a base written as the parser writes it
  // without parsing it), and plainHttpParts against the parser's hostname and pathname.
  const { plainHttpParts } = globalThis.__urlCheck;
  for (const base of urls) {
    for (const url of ['/x/y?z', 'http://ab.com/p', 'rel/x.png?y', '//cdn.example.com/i.png', 'p-2.html#f', 'a@b/c']) {
      const f = canonicalAsWritten(url, base);
      if (f === null) continue;
      checked++; fast++;
      let href = null;
      try { href = new URL(url, base).href; } catch {}
      if (f !== href) bad.push({ url, base, fast: f, want: href });
    }
    const parts = plainHttpParts(base);
    if (parts === null) continue;
    checked++; fast++;
    let want = null;
    try { const u = new URL(base); want = u.href === base ? { hostname: u.hostname, pathname: u.pathname } : 'not as written'; } catch { want = 'unparsable'; }
    if (JSON.stringify(parts) !== JSON.stringify(want)) bad.push({ base, parts, want });
  }
  return { checked, fast, bad: bad.slice(0, 20), badCount: bad.length };
};
globalThis.__collect = (html) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out = [];
  for (const el of doc.getElementsByTagName('*')) {
    for (const a of el.attributes) {
      const n = a.name;
      if (n === 'href' || n.includes('src') && !n.includes('srcset')) out.push(a.value);
      else if (n.includes('srcset')) for (const c of a.value.split(',')) { const u = c.trim().split(/\\s+/)[0]; if (u) out.push(u); }
    }
  }
  const canonical = [];
  for (const u of out) { try { canonical.push(new URL(u.trim(), doc.baseURI === 'about:blank' ? 'https://example.org/a/b.html' : doc.baseURI).href); } catch {} }
  return out.concat(canonical);
};`;

const FIXED_BASES = ['http://budget.test/page.html', 'https://user:pw@Sub.Example.COM:8443/dir/page.html?x=1#y', 'file:///tmp/page.html', 'not a base', 'https://example.org/a/b/c'];

function syntheticUrls(): string[] {
  const chars: string[] = [];
  for (let c = 0; c < 128; c++) chars.push(String.fromCharCode(c));
  chars.push('\u00a0', '\u00e9', '\u2028', '\ufeff', '\u3000', '\u{1f600}', '\ud800', 'ß', 'İ', 'ﬀ', '\u200b', 'Ａ');
  const printable = chars.slice(32, 127);
  const urls: string[] = [];
  const single = ['http://a{}b.com/p', 'http://ab.co{}m/', 'http://ab.com{}/', 'http://ab.com/p{}q', 'http://ab.com/p?q{}r', 'http://ab.com/p#f{}g', 'https://ab.com/{}', '/p{}q', '/p?q{}', '/p#{}', '/{}', '/.{}', '{}http://ab.com/', 'ht{}tp://ab.com/', 'http:{}//ab.com/', 'http://{}ab.com/', '{}/p', 'http://ab.com/{}/x', 'http://ab.com/x/{}',
    '//a{}b.com/p', '//ab.com/p{}q', '//ab.com{}/', '{}//ab.com/', 'r{}s/t', '{}x/y', 'x{}', 'x/{}y', 'x?{}', 'x#{}', '{}', 'a{}b:c/d'];
  for (const t of single) for (const c of chars) urls.push(t.replace('{}', c));
  const pair = ['http://ab.com/p{}', 'http://ab.com/?{}', 'http://ab.com/#{}', '/x{}', '/?{}', 'http://a{}.com/', 'https://ab.c{}/', '//ab.com/{}', '{}/x', 'x{}'];
  for (const t of pair) for (const c of printable) for (const d of printable) urls.push(t.replace('{}', c + d));
  const tri = ['.', '/', '%', '2', 'e', 'E', '?', '#', 'a', '\\', 'f', '4', '1'];
  for (const t of ['http://ab.com/{}', 'http://ab.com/x{}', '/{}', '/x/{}', 'http://ab.com/x?{}', 'http://ab.com/x#{}']) for (const a of tri) for (const b of tri) for (const c of tri) urls.push(t.replace('{}', a + b + c));
  for (const h of '0123456789abcdefABCDEF') for (const k of '0123456789abcdefABCDEF') urls.push(`http://ab.com/x%${h}${k}y`, `/x%${h}${k}`);
  urls.push(
    'http://ab.com', 'http://ab.com?x', 'http://ab.com#x', 'https://ab.com', 'HTTP://ab.com/', 'Http://ab.com/', 'http://AB.com/', 'http://ab.COM/',
    'http://ab.com:80/', 'http://ab.com:8080/', 'https://ab.com:443/', 'https://ab.com:80/', 'http://ab.com:/', 'http://u@ab.com/', 'http://u:p@ab.com/', 'http://@ab.com/',
    'http://xn--abc.com/', 'http://xn--nxasmq6b.com/', 'http://a.xn--p1ai/', 'http://xn--a.com/', 'http://ab--cd.com/', 'http://-a.com/', 'http://a-.com/', 'http://a.-b.com/',
    'http://1.2.3.4/', 'http://0x7f.1/', 'http://127.1/', 'http://a.1/', 'http://a.b1/', 'http://1a.com/', 'http://a.0x1f/', 'http://a.09/', 'http://1.2.3.4.5/', 'http://999.1.1.1/', 'http://a.com.1/',
    'http://a.com./', 'http://a..com/', 'http://.a.com/', 'http://a/', 'http://localhost/', 'http://com/', 'http://a.c/',
    `http://${'a'.repeat(63)}.com/`, `http://${'a'.repeat(64)}.com/`, `http://${'a'.repeat(300)}.com/`, `http://${'ab.'.repeat(100)}com/`,
    'http://ab.com/a/./b', 'http://ab.com/a/../b', 'http://ab.com/./', 'http://ab.com/..', 'http://ab.com/.well-known/x', 'http://ab.com/a?b/./c', 'http://ab.com/a#/../b',
    '/a/./b', '/a/../b', '/..', '/.', '//ab.com/x', '///x', '/\\x', '\\x', 'http:/ab.com/', 'http:ab.com/', 'http:\\\\ab.com\\x', 'https://ab.com/x y', 'https://ab.com/x\ty', 'https://ab.com/x\ny',
    ' http://ab.com/ ', '\nhttp://ab.com/\n', '\thttp://ab.com/', '\u00a0http://ab.com/\u00a0', '\ufeffhttp://ab.com/', 'http://ab.com/\u00a0', 'http://ab.com/a\u2028',
    'http://ab.com/#a#b', 'http://ab.com/?a?b', 'http://ab.com/?a#b?c', 'http://ab.com//x', 'http://ab.com/a//b', "http://ab.com/a'b", "http://ab.com/?a'b", "http://ab.com/#a'b", '/?a\'b', 'http://ab.com/?a"b', 'http://ab.com/a`b', 'http://ab.com/#a`b',
    'http://ab.com/{x}', 'http://ab.com/a|b', 'http://ab.com/a^b', 'http://ab.com/?{x}', 'http://ab.com/#{x}', 'http://ab.com/a%2fb', 'http://ab.com/a%2Fb', 'http://ab.com/%7e', 'http://ab.com/%41', 'http://ab.com/?%41', 'http://ab.com/%', 'http://ab.com/%zz', 'http://ab.com/%2e%2e/',
    'javascript:alert(1)', 'mailto:a@b.c', 'MAILTO:a@b.c', 'data:image/png;base64,AAAA', 'ftp://ab.com/', 'ws://ab.com/', 'file:///etc/x', 'blob:http://ab.com/x', 'about:blank', '', ' ', '#', '?', '?x', '#x', 'x', './x', '../x', 'x/y', 'x:y',
    'https://ab.com/é', 'https://é.com/', 'https://ab.com/\u{1f600}', 'https://ab.com/?é', 'https://ab.com/#é', 'http://ab.com/?q=a&b=c;d=e,f+g*h(i)!j$k~l', 'http://ab.com/a:b@c', 'http://ab.com/@x', '/a:b', '/a@b',
  );
  return urls;
}

async function pageUrls(dataDirs: string[]): Promise<{ id: string; html: string; url: string | null }[]> {
  const pages: { id: string; html: string; url: string | null }[] = [];
  for (const dir of dataDirs) {
    const ds = loadDataset(resolve(dir));
    const have = new Set(readdirSync(join(ds.dir, 'pages')));
    for (const r of ds.records) {
      if (!have.has(`${r.id}.html.gz`)) continue;
      pages.push({ id: `${ds.name}/${r.id}`, html: gunzipSync(readFileSync(pagePath(ds, r.id))).toString('utf8'), url: r.url });
    }
  }
  return pages;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { data: { type: 'string', multiple: true }, 'no-pages': { type: 'boolean', default: false } } });
  const dataDirs = values.data ?? ['../shared/bench-data/wcxb-dev', '../shared/bench-data/readability'];
  const bundle = await build({
    stdin: { contents: "export { absoluteUrl, canonicalAsWritten, plainHttpParts } from './src/core/serialize';", resolveDir: root, loader: 'ts' },
    bundle: true, format: 'iife', globalName: '__urlCheck', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  let failed = 0;
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.evaluate(`${bundle.outputFiles[0]!.text}\n;globalThis.__urlCheck = __urlCheck;\n${REFERENCE}\n0`);
    const report = (label: string, r: { checked: number; fast: number; bad: unknown[]; badCount: number }): void => {
      failed += r.badCount;
      console.log(`${label}: ${r.checked} comparisons, fast path taken ${r.fast} times, ${r.badCount} differences`);
      for (const b of r.bad) console.log('  DIFF', JSON.stringify(b));
    };
    const synthetic = syntheticUrls();
    report(`synthetic (${synthetic.length} URLs x ${FIXED_BASES.length} bases)`, await page.evaluate(([u, b]) => (globalThis as unknown as { __check(u: string[], b: string[]): never }).__check(u, b), [synthetic, FIXED_BASES] as const));

    const pages = values['no-pages'] ? [] : await pageUrls(dataDirs);
    const total = { checked: 0, fast: 0, bad: [] as unknown[], badCount: 0, urls: 0 };
    for (const [k, p] of pages.entries()) {
      const bases = [...(p.url ? [p.url] : []), ...FIXED_BASES];
      const r = await page.evaluate(([html, b]) => {
        const g = globalThis as unknown as { __collect(h: string): string[]; __check(u: string[], b: string[]): { checked: number; fast: number; bad: unknown[]; badCount: number } };
        const urls = g.__collect(html);
        return { ...g.__check(urls, b), urls: urls.length };
      }, [p.html, bases] as const);
      total.checked += r.checked; total.fast += r.fast; total.badCount += r.badCount; total.urls += r.urls;
      for (const b of r.bad) if (total.bad.length < 20) total.bad.push({ page: p.id, ...(b as object) });
      if ((k + 1) % 200 === 0) process.stderr.write(`${k + 1}/${pages.length} pages\n`);
    }
    report(`bench pages (${pages.length} pages, ${total.urls} URLs as written + canonical)`, total);
  } finally {
    await browser.close();
  }
  console.log(failed ? `FAILED: ${failed} differences` : 'fast path identical to the URL parser on every input');
  process.exitCode = failed ? 1 : 0;
}

await main();
