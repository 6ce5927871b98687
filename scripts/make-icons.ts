/**
 * Draws Sift's toolbar icons (public/icons/icon-<size>.png): a teal rounded square with a
 * white sieve funnel, the same shape as the inline SVG mark (src/ui/SiftMark.tsx). Pure Node
 * (zlib), no image library; 4×4 supersampling for smooth edges. Run: `tsx scripts/make-icons.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 128];
const ACCENT: [number, number, number] = [15, 118, 110]; // --accent in popup.css and pages/shared/base.css
/** Funnel outline on a 24×24 grid (see src/ui/SiftMark.tsx). */
const FUNNEL: Array<[number, number]> = [[6, 7], [18, 7], [13.5, 12.5], [13.5, 17], [10.5, 18.5], [10.5, 12.5]];

function insidePolygon(x: number, y: number, poly: Array<[number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare(x: number, y: number): boolean {
  const [lo, hi, r] = [1, 23, 6];
  const cx = Math.min(Math.max(x, lo + r), hi - r);
  const cy = Math.min(Math.max(y, lo + r), hi - r);
  return x >= lo && x <= hi && y >= lo && y <= hi && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function icon(size: number): Buffer {
  const SS = 4;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = ((px + (sx + 0.5) / SS) / size) * 24;
          const y = ((py + (sy + 0.5) / SS) / size) * 24;
          if (insideRoundedSquare(x, y)) {
            bg++;
            if (insidePolygon(x, y, FUNNEL)) fg++;
          }
        }
      }
      const n = SS * SS;
      const alpha = bg / n;
      const white = bg > 0 ? fg / bg : 0;
      const o = py * (size * 4 + 1) + 1 + px * 4;
      raw[o] = Math.round(ACCENT[0] + (255 - ACCENT[0]) * white);
      raw[o + 1] = Math.round(ACCENT[1] + (255 - ACCENT[1]) * white);
      raw[o + 2] = Math.round(ACCENT[2] + (255 - ACCENT[2]) * white);
      raw[o + 3] = Math.round(alpha * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

mkdirSync('public/icons', { recursive: true });
for (const size of SIZES) writeFileSync(`public/icons/icon-${size}.png`, icon(size));
console.log(`wrote ${SIZES.map((s) => `icon-${s}.png`).join(', ')} to public/icons/`);
