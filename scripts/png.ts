/**
 * A minimal PNG encoder for Node tools and tests: 8-bit RGB or RGBA, no interlace, every row
 * filtered with "none", deflated by Node's zlib. The toolbar icons (scripts/make-icons.ts)
 * and the e2e server's test images (e2e/fixtures.ts) are written with it.
 */
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Length, type, data and the CRC of type + data (PNG 5.3). */
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A `width`×`height` PNG whose pixel at (x, y) is `pixel(x, y)`: three channels for
 * `'rgb'`, four for `'rgba'` (each 0–255).
 */
export function encodePng(width: number, height: number, channels: 'rgb' | 'rgba', pixel: (x: number, y: number) => readonly number[]): Buffer {
  const depth = channels === 'rgb' ? 3 : 4;
  const stride = width * depth + 1;
  const raw = Buffer.alloc(stride * height); // each row: filter byte 0 (none), then pixels
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = pixel(x, y);
      for (let c = 0; c < depth; c++) raw[y * stride + 1 + x * depth + c] = value[c]!;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 'rgb' ? 2 : 6; // colour type: truecolour, truecolour with alpha
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}
