/**
 * Progress for long runs on stderr: pages done/total, rate and ETA. One line rewritten in
 * place on a terminal; a plain line every `intervalMs` otherwise (CI logs, pipes).
 */
export class Progress {
  private done = 0;
  private errors = 0;
  private readonly started = Date.now();
  private lastPrinted = 0;
  private readonly tty: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    private readonly intervalMs = 10_000,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = Boolean(stream.isTTY);
  }

  tick(hadError: boolean): void {
    this.done++;
    if (hadError) this.errors++;
    const now = Date.now();
    const every = this.tty ? 200 : this.intervalMs;
    if (now - this.lastPrinted >= every || this.done === this.total) {
      this.lastPrinted = now;
      this.print(now);
    }
  }

  line(now = Date.now()): string {
    const secs = (now - this.started) / 1000;
    const rate = secs > 0 ? this.done / secs : 0;
    const eta = rate > 0 ? (this.total - this.done) / rate : Number.NaN;
    const pct = this.total ? ((100 * this.done) / this.total).toFixed(1) : '100.0';
    return `${this.label} ${this.done}/${this.total} pages (${pct}%) · ${rate.toFixed(2)} pages/s · elapsed ${formatDuration(secs)} · ETA ${formatDuration(eta)}${this.errors ? ` · ${this.errors} with errors` : ''}`;
  }

  private print(now: number): void {
    if (this.tty) {
      this.stream.write(`\r\x1b[2K${this.line(now)}`);
      if (this.done === this.total) this.stream.write('\n');
    } else {
      this.stream.write(`${this.line(now)}\n`);
    }
  }
}

export function formatDuration(secs: number): string {
  if (!Number.isFinite(secs)) return '--:--';
  const s = Math.round(secs);
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m % 60)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
