/**
 * Draws Sift's toolbar icons (public/icons/icon-<size>.png): a teal rounded square with a
 * white sieve funnel, the same shape as the inline SVG mark (src/ui/SiftMark.tsx). Pure Node
 * (scripts/png.ts), no image library; 4×4 supersampling for smooth edges. Run: `tsx scripts/make-icons.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { encodePng } from './png';

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

function icon(size: number): Buffer {
  const SS = 4;
  return encodePng(size, size, 'rgba', (px, py) => {
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
    const alpha = bg / (SS * SS);
    const white = bg > 0 ? fg / bg : 0;
    return [...ACCENT.map((v) => Math.round(v + (255 - v) * white)), Math.round(alpha * 255)];
  });
}

mkdirSync('public/icons', { recursive: true });
for (const size of SIZES) writeFileSync(`public/icons/icon-${size}.png`, icon(size));
console.log(`wrote ${SIZES.map((s) => `icon-${s}.png`).join(', ')} to public/icons/`);
