import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalAsWritten, plainHttpParts } from './serialize';

/**
 * absoluteUrl's fast path (canonicalAsWritten) must return exactly what the URL parser
 * returns. The full proof runs in Chromium (scripts/url-fastpath-check.ts: every URL of the
 * bench pages, every character at every place); these pin the rules with Node's WHATWG parser.
 */
const BASE = 'https://user:pw@Sub.Example.COM:8443/dir/page.html?x=1#y';
const parser = (s: string, base: string): string | null => {
  try { return new URL(s.trim(), base).href; } catch { return null; }
};

describe('canonicalAsWritten', () => {
  it('passes canonical http(s) URLs and root paths through, the latter with the base origin', () => {
    for (const s of ['https://example.com/', 'http://a.b-c.example.org/x/y.html?q=1&r=a,b;c#top', 'https://ex.com/a:b@c/~x_y-z.(1)!*$+', 'http://localhost/', 'http://ab.com/?a?b']) {
      expect(canonicalAsWritten(s, BASE)).toBe(s);
      expect(canonicalAsWritten(s, BASE)).toBe(parser(s, BASE));
    }
    expect(canonicalAsWritten('/x/y?z#w', BASE)).toBe('https://user:pw@sub.example.com:8443/x/y?z#w');
    expect(canonicalAsWritten('/x/y?z#w', BASE)).toBe(parser('/x/y?z#w', BASE));
    expect(canonicalAsWritten('/x', 'http://budget.test/page.html')).toBe('http://budget.test/x');
  });

  it('leaves everything the parser would rewrite to the parser', () => {
    const rewritten = [
      'HTTP://ab.com/', 'http://AB.com/', 'http://ab.com', 'http://ab.com?x', 'http://ab.com:80/', 'http://ab.com:8080/', 'http://u@ab.com/',
      'http://xn--nxasmq6b.com/', 'http://ab--cd.com/', 'http://-a.com/', 'http://a-.com/', 'http://1.2.3.4/', 'http://0x7f.1/', 'http://a.1/', 'http://a.com./', 'http://a..com/',
      'http://ab.com/a/./b', 'http://ab.com/a/../b', 'http://ab.com/..', '/a/../b', '/.', 'http://ab.com/x y', 'http://ab.com/x\ty', 'http://ab.com/a\\b', "http://ab.com/?a'b",
      'http://ab.com/a"b', 'http://ab.com/a<b>', 'http://ab.com/a`b', 'http://ab.com/{x}', 'http://ab.com/a|b', 'http://ab.com/%41', 'http://ab.com/é', 'https://é.com/',
      '///x', '/\\x', 'x/y', './x', '?x', '#x', 'javascript:alert(1)', 'mailto:a@b.c', 'ftp://ab.com/', 'http:/ab.com/', 'http:ab.com/',
    ];
    for (const s of rewritten) expect(canonicalAsWritten(s, BASE), s).toBeNull();
  });

  it("joins a protocol-relative reference to the base's scheme, and a relative path to a base written as the parser writes it", () => {
    expect(canonicalAsWritten('//ab.com/x', BASE)).toBe('https://ab.com/x');
    expect(canonicalAsWritten('//ab.com/x', BASE)).toBe(parser('//ab.com/x', BASE));
    const plain = 'https://www.example.com/dir/page.html?x=1#y';
    for (const s of ['x/y', 'img/a.png?w=2#f', 'p-2.html']) expect(canonicalAsWritten(s, plain)).toBe(parser(s, plain));
    // Not as written once joined, or not a path: the parser decides.
    for (const s of ['./x', '../x', 'x/../y', 'a:b/c', 'x y']) expect(canonicalAsWritten(s, plain), s).toBeNull();
  });

  it('takes no root path from a non-http base, and nothing from an unparsable one', () => {
    expect(canonicalAsWritten('/x', 'file:///tmp/page.html')).toBeNull();
    expect(canonicalAsWritten('/x', 'not a base')).toBeNull();
    expect(canonicalAsWritten('https://ab.com/', 'not a base')).toBeNull();
    expect(canonicalAsWritten('https://ab.com/', 'mailto:a@b.c')).toBe('https://ab.com/');
  });
});

describe('absoluteUrl', () => {
  it('agrees with the parser and its protocol filter', () => {
    const cases: [string, string, boolean, string | null][] = [
      ['  https://ab.com/x  ', BASE, false, 'https://ab.com/x'],
      ['/x', 'http://budget.test/page.html', false, 'http://budget.test/x'],
      ['x/../y', 'http://budget.test/a/page.html', false, 'http://budget.test/a/y'],
      ['HTTP://AB.com', BASE, false, 'http://ab.com/'],
      ['mailto:a@b.c', BASE, false, null],
      ['mailto:a@b.c', BASE, true, 'mailto:a@b.c'],
      ['javascript:alert(1)', BASE, true, null],
      ['img.png', 'file:///tmp/page.html', false, 'file:///tmp/img.png'],
      ['https://ab.com/', 'not a base', false, null],
      ['http://[::1', BASE, false, null],
    ];
    for (const [url, base, mail, want] of cases) expect(absoluteUrl(url, base, mail), url).toBe(want);
  });
});

describe('plainHttpParts and a base read without parsing', () => {
  const parts = (s: string): { hostname: string; pathname: string } | string => {
    try { const u = new URL(s); return u.href === s ? { hostname: u.hostname, pathname: u.pathname } : 'rewritten'; } catch { return 'unparsable'; }
  };

  it("takes apart an http(s) address written as the parser writes it, as the parser does", () => {
    for (const s of ['https://www.example.com/2024/06/a-long-post-slug/', 'http://a.b-c.example.org/x/y.html?q=1&r=/a#top/b', 'https://ex.com/', 'https://ex.com/?x', 'https://ex.com/#f?g']) {
      expect(plainHttpParts(s)).toEqual(parts(s));
    }
  });

  it('leaves a port, user info, an IP address or anything the parser rewrites to the parser', () => {
    for (const s of ['http://ex.com:8080/x', 'https://u:p@ex.com/', 'http://127.0.0.1/x', 'http://EX.com/', 'http://ex.com', 'http://ex.com/a/../b', 'ftp://ex.com/', 'not a url', '/x/y']) {
      expect(plainHttpParts(s)).toBeNull();
    }
  });

  it('resolves against a base it did not parse exactly as against one it parsed', () => {
    for (const base of ['https://www.example.com/news/story.html?id=3#c', 'http://ex.com', 'https://ex.com?x', 'https://ex.com#y']) {
      for (const s of ['/a/b?c', 'https://other.org/x']) {
        expect(canonicalAsWritten(s, base)).toBe(parser(s, base));
      }
    }
  });
});
