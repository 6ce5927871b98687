import { describe, expect, it } from 'vitest';
import { NameAllocator, slugify } from './names';

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

describe('NameAllocator', () => {
  it('numbers repeated names, ignoring case', () => {
    const names = new NameAllocator();
    expect([names.take('Notes', '.md'), names.take('notes', '.md'), names.take('Notes', '.md')]).toEqual(['Notes.md', 'notes 2.md', 'Notes 3.md']);
  });
});
