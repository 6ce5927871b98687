// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeToFragment, sanitizeToString } from './sanitize';

function html(fragment: DocumentFragment): string {
  const div = document.createElement('div');
  div.append(fragment);
  return div.innerHTML;
}

describe('sanitize', () => {
  it('strips script, handlers and javascript: URLs, keeps content', () => {
    const out = html(sanitizeToFragment('<p onclick="x()">Hi <a href="javascript:alert(1)">l</a><script>alert(1)</script><img src="https://e.x/a.png" onerror="x()"></p>'));
    expect(out).toContain('Hi');
    expect(out).not.toMatch(/onclick|onerror|script|javascript:/i);
    expect(out).toContain('src="https://e.x/a.png"');
  });

  it('gives an empty fragment, not "null", when nothing parses to a body', () => {
    const fragment = sanitizeToFragment('<frameset onload=alert(1)><frame src="javascript:alert(2)"></frameset>');
    expect(fragment.textContent).toBe('');
    expect(sanitizeToString('<frameset onload=alert(1)></frameset>')).not.toContain('null');
  });

  // A page opened from disk: its images keep their file:// address until the reader or an
  // export swaps it for the stored copy (makeOffline); links to files stay refused.
  it('keeps a file:// image source, but no file:// link or other scheme', () => {
    const out = html(sanitizeToFragment('<img src="file:///home/me/Notes_files/a.png" alt="A"><a href="file:///etc/passwd">f</a><img src="javascript:alert(1)"><a href="FILE:///x" onclick="x()">g</a>'));
    expect(out).toContain('<img src="file:///home/me/Notes_files/a.png" alt="A">');
    expect(out).not.toMatch(/href="file:|javascript:|onclick/i);
    expect(sanitizeToString('<p><img src=" file:///a.png"></p>')).toContain('file:///a.png');
  });

  // A clip's <img> made in the page's own document starts loading its original address at once,
  // before the reader or an export can swap it for the stored copy: the fragment comes in a
  // document with no window, where nothing loads.
  it('gives a fragment of a document without a window, never the page\'s', () => {
    for (const payload of ['<p>Hi <img src="https://e.x/a.png"></p>', '<frameset><frame src="x"></frameset>']) {
      const fragment = sanitizeToFragment(payload);
      expect(fragment.ownerDocument).not.toBe(document);
      expect(fragment.ownerDocument.defaultView).toBeNull();
    }
  });

  it('opens links without an opener', () => {
    const out = html(sanitizeToFragment('<a href="https://e.x/">x</a>'));
    expect(out).toContain('rel="noopener noreferrer"');
  });
});
