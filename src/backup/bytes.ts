/** Byte helpers shared by backup and export (browser and Node: Web Crypto, atob/btoa). */

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  // 3 * 8192 bytes per step: a multiple of 3 so chunks concatenate without padding inside.
  const step = 3 * 8192;
  for (let i = 0; i < bytes.length; i += step) {
    out += btoa(String.fromCharCode(...bytes.subarray(i, i + step)));
  }
  return out;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Strict base64 decoding: anything but canonical base64 is an error, not garbage bytes. */
export function base64Decode(s: string): Uint8Array {
  if (s.length % 4 !== 0 || !BASE64.test(s)) throw new Error('invalid base64');
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
