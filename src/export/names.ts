/** File names that work on Windows, macOS, Linux and in Obsidian, for any title (CJK, RTL, emoji). */

const MAX_BASE = 80;

/**
 * Windows device names. A file whose name up to its first dot is one of these, in any case
 * and with trailing spaces ignored, names the device instead ("con.md", "Aux. notes.md" and
 * "LPT1 .html" are all refused or open the printer): Microsoft, "Naming Files, Paths, and
 * Namespaces", which also lists COM0/LPT0 and the superscript digits ¹ ² ³.
 */
const WINDOWS_DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/i;

/** A base whose stem is a device name gets an underscore after the stem ("CON" → "CON_", "nul.md" → "nul_.md"). */
function notADevice(base: string): string {
  const dot = base.indexOf('.');
  const stem = (dot < 0 ? base : base.slice(0, dot)).trimEnd();
  return WINDOWS_DEVICE.test(stem) ? `${stem}_${base.slice(stem.length)}` : base;
}

/**
 * The base of a file name (the caller adds " 2", "-1" and the extension) for any title: no
 * character Windows forbids, no leading dot (a hidden file), no trailing dot or space (Windows
 * drops them, so "Wait..." and "Wait" would collide), never a device name, at most MAX_BASE
 * UTF-16 units (plus the device name's underscore) without splitting a character.
 */
export function slugify(title: string, fallback = 'clip'): string {
  const s = title
    .normalize('NFC')
    // Characters Windows forbids (control characters included; DEL and the C1 controls are
    // invisible too), plus Obsidian's link syntax ([ ] # ^ |), become spaces.
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f-\u009f[\]#^]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_BASE)
    // A cut through an emoji or other astral character would leave half of it, which has
    // no UTF-8 form: the file would be named with U+FFFD.
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/[. ]+$/, '')
    .trim();
  return s.length > 0 ? notADevice(s) : fallback;
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
/**
 * Type names servers send for common images that no registry lists: browsers show such an
 * image (they look at its bytes), so it is stored under the name it came with.
 */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/jpe': 'image/jpeg',
  'image/x-png': 'image/png', 'image/x-ms-bmp': 'image/bmp', 'image/x-bmp': 'image/bmp',
  'image/vnd.microsoft.icon': 'image/x-icon',
};

/** A stored image's type under its standard name ('image/jpg' → 'image/jpeg'), lower case; '' for none. */
export function imageType(mime: string | null): string {
  const m = (mime ?? '').trim().toLowerCase();
  return ALIASES[m] ?? m;
}

export function extensionFor(mime: string | null): string {
  return EXT[imageType(mime)] ?? '.bin';
}

/**
 * The day an export is made, as the user's calendar shows it (YYYY-MM-DD): the UTC date
 * named an evening's backup in the Americas after tomorrow, and a morning's in Asia after
 * yesterday.
 */
export function dateStamp(d = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
