import { describe, expect, it } from 'vitest';
import { NameAllocator, dateStamp, slugify } from './names';

const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('slugify', () => {
  it('keeps titles in any script and drops what file systems and Obsidian refuse', () => {
    expect(slugify('Über die Straßenbahn: Größe & Geschichte?')).toBe('Über die Straßenbahn Größe & Geschichte');
    expect(slugify('a/b\\c|d [[link]] #tag ^x')).toBe('a b c d link tag x');
    expect(slugify('...')).toBe('clip');
  });

  // A title cut at 80 UTF-16 units through an emoji kept half of it: the file in the ZIP was
  // named "…aaa\uFFFD.md" (a lone surrogate has no UTF-8 form), a replacement character on disk.
  it('never cuts a character in half at the length limit', () => {
    for (let pad = 76; pad <= 82; pad++) {
      const title = `${'a'.repeat(pad)}🍜 noodles 𝔘𝔫𝔦𝔠𝔬𝔡𝔢`;
      const s = slugify(title);
      expect(wellFormed(s), `pad ${pad}: ${JSON.stringify(s.slice(-3))}`).toBe(true);
      expect(s.length).toBeLessThanOrEqual(80);
      expect(title.startsWith(s)).toBe(true);
    }
    expect(new TextDecoder().decode(new TextEncoder().encode(slugify(`${'a'.repeat(79)}🍜`)))).not.toContain('\uFFFD');
  });
});

/**
 * What Windows refuses in a file name (Microsoft, "Naming Files, Paths, and Namespaces"),
 * written out here independently of names.ts: a reserved device name up to the first dot
 * (any case, trailing spaces ignored: "con.md", "Aux. notes.md", "LPT1 .html"), a name that
 * ends in a dot or a space, and the characters <>:"/\|?* and U+0000–U+001F.
 */
function windowsRefuses(name: string): string | null {
  const stem = name.split('.')[0]!.replace(/ +$/, '');
  if (/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i.test(stem)) return `reserved device name ${stem}`;
  if (/[. ]$/.test(name)) return 'ends in a dot or a space';
  // eslint-disable-next-line no-control-regex
  if (/[<>:"/\\|?*\u0000-\u001f]/.test(name)) return 'a forbidden character';
  return null;
}

describe('file names on Windows', () => {
  // A clip titled "CON" (or "aux.md", "Nul. A short story") was exported as CON.md, which
  // Windows opens as the console device: unzipping the Markdown export failed on that entry.
  const titles = [
    'CON', 'con', 'Prn', 'aux', 'NUL', 'nul.md', 'con.md', 'Con. The story of a word', 'AUX .txt', 'LPT1', 'lpt9', 'COM1', 'com9', 'COM0', 'COM¹', 'lpt² and more',
    'com1.tar.gz', 'Nul...', 'Wait for it...', 'Trailing . . .', 'Trailing spaces   ', 'tab\there', 'bell\u0007 and DEL\u007f', 'a<b>c:d"e/f\\g|h?i*j',
    'CONSOLE', 'Auxiliary notes', 'COM10', 'LPT', '. leading dot', 'con\u0000',
  ];

  it.each(titles)('%j makes names Windows accepts, for every extension and numbered copy', (title) => {
    const base = slugify(title);
    const names = new NameAllocator();
    for (const name of [names.take(base, '.md'), names.take(base, '.md'), `${base}-1.png`, `${base}.html`, `${base}.json`, base]) {
      expect(windowsRefuses(name), JSON.stringify(name)).toBeNull();
    }
  });

  it('keeps what was fine and marks a reserved name rather than dropping it', () => {
    expect(slugify('CON')).toBe('CON_');
    expect(slugify('nul.md')).toBe('nul_.md');
    expect(slugify('Con. The story of a word')).toBe('Con_. The story of a word');
    expect(slugify('Wait for it...')).toBe('Wait for it');
    expect(slugify('CONSOLE')).toBe('CONSOLE');
    expect(slugify('Auxiliary notes')).toBe('Auxiliary notes');
    expect(slugify('COM10')).toBe('COM10');
    expect(slugify('bell\u0007 and DEL\u007f\u0085')).toBe('bell and DEL');
  });
});

describe('NameAllocator', () => {
  it('numbers repeated names, ignoring case', () => {
    const names = new NameAllocator();
    expect([names.take('Notes', '.md'), names.take('notes', '.md'), names.take('Notes', '.md')]).toEqual(['Notes.md', 'notes 2.md', 'Notes 3.md']);
  });
});

describe('dateStamp', () => {
  const inZone = (zone: string, run: () => void) => {
    const saved = process.env.TZ;
    process.env.TZ = zone;
    try { run(); } finally { if (saved === undefined) delete process.env.TZ; else process.env.TZ = saved; }
  };

  it('is the calendar day where the user is, not in UTC', () => {
    // 21:30 on 25 November in New York is already the 26th in UTC.
    inZone('America/New_York', () => expect(dateStamp(new Date('2026-11-26T02:30:00Z'))).toBe('2026-11-25'));
    // 08:00 on 26 November in Tokyo is still the 25th in UTC.
    inZone('Asia/Tokyo', () => expect(dateStamp(new Date('2026-11-25T23:00:00Z'))).toBe('2026-11-26'));
  });
});
