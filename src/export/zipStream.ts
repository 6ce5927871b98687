import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { BlobSink } from './blobSink';

/**
 * A ZIP written one entry at a time into a BlobSink: memory holds one entry (one image or
 * one Markdown file) at a time, never the archive.
 */
export class ZipStream {
  private readonly sink: BlobSink;
  private readonly zip: Zip;
  private error: Error | null = null;
  private done: Promise<void>;
  private resolveDone!: () => void;

  constructor(type = 'application/zip') {
    this.sink = new BlobSink(type);
    this.done = new Promise((r) => (this.resolveDone = r));
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.error = err;
        this.resolveDone();
        return;
      }
      this.sink.push(chunk);
      if (final) this.resolveDone();
    });
  }

  /** Bytes of archive produced so far. */
  get bytes(): number {
    return this.sink.bytes;
  }

  /** Adds a text file, deflated. */
  addText(name: string, text: string): void {
    this.addBytes(name, strToU8(text), true);
  }

  /** Adds bytes; `compress` false for already-compressed data (images) and EPUB's mimetype. */
  addBytes(name: string, bytes: Uint8Array, compress: boolean): void {
    this.check();
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  /** Streams a Blob into the archive in chunks (no whole-image copy in the heap). */
  async addBlob(name: string, blob: Blob, compress = false): Promise<void> {
    this.check();
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    const reader = blob.stream().getReader();
    let prev: Uint8Array | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (prev) entry.push(prev, false);
      prev = value;
    }
    entry.push(prev ?? new Uint8Array(0), true);
  }

  async finish(): Promise<Blob> {
    this.check();
    this.zip.end();
    await this.done;
    this.check();
    return this.sink.finish();
  }

  private check(): void {
    if (this.error) throw this.error;
  }
}
