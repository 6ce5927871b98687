export interface ProgressState {
  label: string;
  done: number;
  total: number;
}

/**
 * Progress of a long export or import; the bar is a real <progress> for assistive tech.
 * With `onCancel` (exports), a Cancel button stops the work; Escape does too.
 */
export function Progress({ p, onCancel }: { p: ProgressState; onCancel?: () => void }) {
  return (
    <div class="progress" role="status" data-testid="progress">
      <span>{p.label}… {p.total > 0 ? `${p.done} / ${p.total}` : ''}</span>
      <progress max={Math.max(1, p.total)} value={p.done} />
      {onCancel && <button type="button" class="btn" onClick={onCancel} data-testid="cancel-export">Cancel</button>}
    </div>
  );
}
