/** Storage used / quota from navigator.storage.estimate(), with a warning above 80 %. */
export const STORAGE_WARN_RATIO = 0.8;

function human(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) { v /= 1000; i++; }
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

export function StorageMeter({ usage, quota }: { usage: number; quota: number }) {
  const ratio = quota > 0 ? usage / quota : 0;
  const warn = ratio > STORAGE_WARN_RATIO;
  return (
    <div class={`storage${warn ? ' warn' : ''}`} data-testid="storage" role={warn ? 'alert' : undefined}>
      <div class="storage-bar" aria-hidden="true"><div class="storage-fill" ref={(el) => el?.style.setProperty('width', `${Math.min(100, ratio * 100).toFixed(1)}%`)} /></div>
      <span>{human(usage)} of {human(quota)} used</span>
      {warn && <strong> · Storage is over 80 % full: export a backup and empty the trash.</strong>}
    </div>
  );
}
