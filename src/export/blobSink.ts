/**
 * Collects a generated file as a Blob without holding it in the JS heap: chunks are folded
 * into a Blob every few MiB, and Chromium keeps Blob bytes in its blob store (paged to
 * disk when large). This is what keeps a 1,000-clip export's memory bounded.
 */
export class BlobSink {
  private blob: Blob = new Blob([]);
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** Bytes written so far. */
  bytes = 0;

  constructor(private readonly type: string, private readonly flushEvery = 4 * 1024 * 1024) {}

  push(chunk: Uint8Array): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.bytes += chunk.length;
    if (this.pendingBytes >= this.flushEvery) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.blob = new Blob([this.blob, ...(this.pending as BlobPart[])], { type: this.type });
    this.pending = [];
    this.pendingBytes = 0;
  }

  finish(): Blob {
    this.flush();
    return this.blob.type === this.type ? this.blob : new Blob([this.blob], { type: this.type });
  }
}
