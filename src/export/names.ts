/** File names that work on Windows, macOS, Linux and in Obsidian, for any title (CJK, RTL, emoji). */

const MAX_BASE = 80;

export function slugify(title: string, fallback = 'clip'): string {
  const s = title
    .normalize('NFC')
    // Characters Windows forbids (control characters included), plus Obsidian's link syntax
    // ([ ] # ^ |), become spaces.
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f[\]#^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_BASE)
    // A cut through an emoji or other astral character would leave half of it, which has
    // no UTF-8 form: the file would be named with U+FFFD.
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
  return s.length > 0 ? s : fallback;
}

/** Hands out unique names: "Title.md", "Title 2.md", … (case-insensitive, as file systems are). */
export class NameAllocator {
  private readonly used = new Set<string>();
  take(base: string, ext: string): string {
    let name = `${base}${ext}`;
    for (let i = 2; this.used.has(name.toLowerCase()); i++) name = `${base} ${i}${ext}`;
    this.used.add(name.toLowerCase());
    return name;
  }
}

const EXT: Record<string, string> = {
  'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp',
  'image/svg+xml': '.svg', 'image/avif': '.avif', 'image/bmp': '.bmp', 'image/x-icon': '.ico',
};
export function extensionFor(mime: string | null): string {
  return (mime && EXT[mime.toLowerCase()]) ?? '.bin';
}

export function dateStamp(d = new Date()): string {
  return d.toISOString().slice(0, 10);
}
