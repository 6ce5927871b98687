export interface ProgressState {
  label: string;
  done: number;
  total: number;
}

/** Progress of a long export or import; the bar is a real <progress> for assistive tech. */
export function Progress({ p }: { p: ProgressState }) {
  return (
    <div class="progress" role="status" data-testid="progress">
      <span>{p.label}… {p.total > 0 ? `${p.done} / ${p.total}` : ''}</span>
      <progress max={Math.max(1, p.total)} value={p.done} />
    </div>
  );
}
