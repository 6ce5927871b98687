import { Inflate } from 'fflate';
import { BackupError, LIMITS } from './format';

/**
 * A deliberately small ZIP reader for untrusted backups. It reads the central directory
 * (the archive's own table of contents) from a Blob by slices, so a 2 GB file is never
 * loaded whole, and inflates one entry at a time while counting the *real* inflated bytes:
 * sizes declared in headers are never trusted (a zip bomb lies about them).
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  crc: number;
  localOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CDH_SIG = 0x02014b50;
const LFH_SIG = 0x04034b50;

/**
 * Where archive bytes come from. Backups up to MEMORY_LIMIT are read into memory once (one
 * IPC round trip instead of two per entry: 10,000 clips import in seconds, not minutes);
 * bigger ones are read by Blob slices.
 */
export interface ByteSource {
  size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}
const MEMORY_LIMIT = 512 * 1024 ** 2;

export async function openSource(blob: Blob): Promise<ByteSource> {
  if (blob.size <= MEMORY_LIMIT) {
    const all = new Uint8Array(await blob.arrayBuffer());
    return { size: all.length, read: async (start, end) => all.subarray(start, Math.min(end, all.length)) };
  }
  return { size: blob.size, read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()) };
}

async function sliceBytes(src: ByteSource, start: number, end: number): Promise<DataView> {
  const bytes = await src.read(start, end);
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function readCentralDirectory(blob: ByteSource): Promise<ZipEntry[]> {
  if (blob.size > LIMITS.maxFileBytes) throw new BackupError('This backup is larger than 4 GB; Sift does not import files that large.');
  if (blob.size < 22) throw new BackupError('This file is too short to be a ZIP archive; it may be truncated.');
  const tailStart = Math.max(0, blob.size - 65_557);
  const tail = await sliceBytes(blob, tailStart, blob.size);
  let eocd = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD_SIG) { eocd = i; break; }
  }
  if (eocd < 0) throw new BackupError('The ZIP archive has no end record: the file is truncated or not a ZIP.');
  const count = tail.getUint16(eocd + 10, true);
  const cdSize = tail.getUint32(eocd + 12, true);
  const cdOffset = tail.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new BackupError('ZIP64 archives are not Sift backups.');
  if (count > LIMITS.maxEntries) throw new BackupError(`The archive lists ${count} entries, more than any Sift backup has.`);
  if (cdOffset + cdSize > tailStart + eocd) throw new BackupError('The ZIP table of contents points past the end of the file: the file is truncated or corrupt.');
  const cd = await sliceBytes(blob, cdOffset, cdOffset + cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.byteLength || cd.getUint32(p, true) !== CDH_SIG) throw new BackupError('The ZIP table of contents is damaged.');
    const flags = cd.getUint16(p + 8, true);
    const method = cd.getUint16(p + 10, true);
    const crc = cd.getUint32(p + 16, true);
    const compressedSize = cd.getUint32(p + 20, true);
    const declaredSize = cd.getUint32(p + 24, true);
    const nameLen = cd.getUint16(p + 28, true);
    const extraLen = cd.getUint16(p + 30, true);
    const commentLen = cd.getUint16(p + 32, true);
    const localOffset = cd.getUint32(p + 42, true);
    if (p + 46 + nameLen > cd.byteLength) throw new BackupError('The ZIP table of contents is damaged.');
    let name: string;
    try {
      name = utf8.decode(new Uint8Array(cd.buffer, cd.byteOffset + p + 46, nameLen));
    } catch {
      throw new BackupError('An entry name in the archive is not valid UTF-8.');
    }
    if (flags & 1) throw new BackupError(`"${name}" is encrypted; Sift backups never are.`);
    if (method !== 0 && method !== 8) throw new BackupError(`"${name}" uses an unsupported compression method (${method}).`);
    if (localOffset + 30 + compressedSize > cdOffset) throw new BackupError(`"${name}" extends past the archive data: the file is truncated or corrupt.`);
    entries.push({ name, method, compressedSize, declaredSize, crc, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Shared budget of real inflated bytes across the whole archive. */
export interface InflateBudget {
  used: number;
}

/**
 * Inflates one entry, refusing as soon as the real output passes `maxBytes`, the archive
 * budget, or a bomb-like ratio; the CRC-32 is checked against the directory.
 */
export async function readEntry(blob: ByteSource, e: ZipEntry, maxBytes: number, budget: InflateBudget): Promise<Uint8Array> {
  const lh = await sliceBytes(blob, e.localOffset, e.localOffset + 30);
  if (lh.byteLength < 30 || lh.getUint32(0, true) !== LFH_SIG) throw new BackupError(`"${e.name}" has a damaged header.`);
  const start = e.localOffset + 30 + lh.getUint16(26, true) + lh.getUint16(28, true);
  const end = start + e.compressedSize;
  if (end > blob.size) throw new BackupError(`"${e.name}" is cut short: the file is truncated.`);

  const chunks: Uint8Array[] = [];
  let out = 0;
  let consumed = 0;
  let finished = false;
  const take = (chunk: Uint8Array) => {
    out += chunk.length;
    budget.used += chunk.length;
    if (out > maxBytes) throw new BackupError(`"${e.name}" inflates past ${formatMiB(maxBytes)}: refused as a zip bomb.`);
    if (budget.used > LIMITS.maxTotalBytes) throw new BackupError(`The archive inflates past ${formatMiB(LIMITS.maxTotalBytes)}: refused as a zip bomb.`);
    if (out > LIMITS.ratioCheckAfter && out / Math.max(1, consumed) > LIMITS.maxRatio) {
      throw new BackupError(`"${e.name}" expands ${Math.round(out / Math.max(1, consumed))}× (${formatMiB(out)} from ${formatMiB(consumed)}): refused as a zip bomb.`);
    }
    chunks.push(chunk);
  };
  const inflater = e.method === 8 ? new Inflate((chunk, final) => { take(chunk); if (final) finished = true; }) : null;
  // Deflate never shrinks data by less than ~0.1 %, so a compressed entry larger than the
  // inflated limit is refused before reading it.
  if (e.compressedSize > maxBytes + 1024) throw new BackupError(`"${e.name}" is larger than any entry of a Sift backup.`);
  const compressed = await blob.read(start, end);
  try {
    // Feed in small slices so the bomb check runs before a huge chunk is produced.
    for (let i = 0; i < compressed.length; i += 16 * 1024) {
      const part = compressed.subarray(i, Math.min(compressed.length, i + 16 * 1024));
      consumed += part.length;
      if (inflater) inflater.push(part, false);
      else take(part.slice());
    }
    if (inflater) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`"${e.name}" is corrupt (${(err as Error).message}).`);
  }
  if (inflater && !finished) throw new BackupError(`"${e.name}" is cut short: the file is truncated.`);
  const bytes = concat(chunks, out);
  if (crc32(bytes) !== e.crc) throw new BackupError(`"${e.name}" is corrupt (checksum mismatch).`);
  return bytes;
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

function formatMiB(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`;
}

let crcTable: Uint32Array | null = null;
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
