export interface ProgressState {
  label: string;
  done: number;
  total: number;
}

/**
 * Progress of a long export, import or bulk action ("Moving to the trash… 1,200 / 3,000");
 * the bar is a real <progress> for assistive tech. With `onCancel` (exports, bulk actions) a
 * button stops the work, `cancelLabel` naming what it does (an export is cancelled: no file;
 * a bulk action is stopped: what is done stays); Escape does too.
 */
export function Progress({ p, onCancel, cancelLabel = 'Cancel' }: { p: ProgressState; onCancel?: (() => void) | undefined; cancelLabel?: string }) {
  return (
    <div class="progress" role="status" data-testid="progress">
      <span>{p.label}… {p.total > 0 ? `${p.done.toLocaleString()} / ${p.total.toLocaleString()}` : ''}</span>
      <progress max={Math.max(1, p.total)} value={p.done} />
      {onCancel && <button type="button" class="btn" onClick={onCancel} data-testid="progress-cancel">{cancelLabel}</button>}
    </div>
  );
}
