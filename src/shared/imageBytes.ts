/**
 * Reading image bytes under a size cap, shared by the content script (reading as the page)
 * and the background (reading with the extension's host permission).
 */

export class TooLarge extends Error {}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} B`;
}

/** Reads a response body, stopping as soon as it passes the byte cap (never buffers more). */
export async function readCapped(res: Response, maxBytes: number): Promise<Blob> {
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) throw new TooLarge(`image too large (${formatBytes(declared)}, the limit is ${formatBytes(maxBytes)})`);
  const type = res.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new TooLarge(`image too large (over ${formatBytes(maxBytes)})`);
    }
    parts.push(value);
  }
  return new Blob(parts as BlobPart[], { type });
}

export function isTimeout(err: unknown): boolean {
  return err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/** Decodes base64 (as sent by the content script) into bytes. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes bytes as base64 in chunks (String.fromCharCode on a whole multi-MB array overflows the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** Width and height of an image Blob, or nulls for formats the browser cannot decode off-DOM (SVG). */
export async function imageSize(blob: Blob): Promise<{ width: number | null; height: number | null }> {
  try {
    const bitmap = await createImageBitmap(blob);
    const out = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return out;
  } catch {
    return { width: null, height: null };
  }
}
