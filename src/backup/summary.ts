import type { ImportResult } from './importBackup';

/**
 * The library's message after an import. Apart from importBackup.ts, which the library loads
 * only when an import starts.
 */
export function importSummary(r: ImportResult, fileName: string): string {
  const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  let text = `Imported ${plural(r.added, 'clip', 'clips')} with ${plural(r.images, 'image', 'images')} from ${fileName}.`;
  if (r.unsavedImages) text += ` ${plural(r.unsavedImages, 'other image', 'other images')} had failed to save when ${r.unsavedImages === 1 ? 'its page was' : 'their pages were'} clipped: the backup holds no copy of ${r.unsavedImages === 1 ? 'it' : 'them'}.`;
  if (r.skipped) text += r.skipped === 1 ? ' 1 was already in the library and was kept as it is.' : ` ${r.skipped} were already in the library and were kept as they are.`;
  return text;
}
