import { deflateSync } from 'node:zlib';

/**
 * Demo pictures drawn in code: a PNG encoder (RGB, zlib) and a tiny painter with anti-aliased
 * circles, rounded rectangles and polygons over a gradient. Used for news covers, banners, course
 * covers and media photos so the product looks alive without shipping or downloading images.
 */
export type RGB = [number, number, number];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1; // filter: Sub — gradients compress well
    for (let x = 0; x < stride; x++) {
      const v = rgb[y * stride + x];
      const left = x >= 3 ? rgb[y * stride + x - 3] : 0;
      raw[row + 1 + x] = (v - left) & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

type Inside = (x: number, y: number) => boolean;

export class Painter {
  readonly px: Float32Array;
  constructor(readonly width: number, readonly height: number) {
    this.px = new Float32Array(width * height * 3);
  }

  /** Linear gradient from `a` to `b` along the direction (dx, dy). */
  gradient(a: RGB, b: RGB, dx = 1, dy = 0.35): this {
    const { width: w, height: h } = this;
    const len = Math.abs(dx) * w + Math.abs(dy) * h;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const t = Math.min(1, Math.max(0, (dx * x + dy * y) / len));
        const i = (y * w + x) * 3;
        for (let c = 0; c < 3; c++) this.px[i + c] = a[c] + (b[c] - a[c]) * t;
      }
    }
    return this;
  }

  /** Fills a shape given by an inside test over its bounding box, with 4×4 supersampling at the edges. */
  fill(bbox: [number, number, number, number], inside: Inside, color: RGB, alpha = 1): this {
    const [x0, y0, x1, y1] = bbox.map((v, i) => Math.max(0, Math.min(i % 2 ? this.height : this.width, Math.round(v)))) as number[];
    for (let y = y0 - 1; y <= y1; y++) {
      if (y < 0 || y >= this.height) continue;
      for (let x = x0 - 1; x <= x1; x++) {
        if (x < 0 || x >= this.width) continue;
        let cover = 0;
        const corners = [inside(x, y), inside(x + 1, y), inside(x, y + 1), inside(x + 1, y + 1)];
        if (corners.every(Boolean)) cover = 1;
        else if (!corners.some(Boolean) && !inside(x + 0.5, y + 0.5)) cover = 0;
        else {
          for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) cover++;
          cover /= 16;
        }
        if (cover) this.blend(x, y, color, cover * alpha);
      }
    }
    return this;
  }

  /** Blends `color` into one pixel with coverage `a` (0..1). */
  private blend(x: number, y: number, color: RGB, a: number) {
    const i = (y * this.width + x) * 3;
    for (let c = 0; c < 3; c++) this.px[i + c] += (color[c] - this.px[i + c]) * a;
  }

  /** Anti-aliased disc (or ring when `inner` > 0) by distance, one sample per pixel. */
  private disc(cx: number, cy: number, r: number, inner: number, color: RGB, alpha: number): this {
    const y0 = Math.max(0, Math.floor(cy - r - 1));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + r + 1));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      const span = Math.sqrt(Math.max(0, (r + 1) ** 2 - dy * dy));
      const x0 = Math.max(0, Math.floor(cx - span));
      const x1 = Math.min(this.width - 1, Math.ceil(cx + span));
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + 0.5 - cx, dy);
        let cover = Math.min(1, Math.max(0, r - d + 0.5));
        if (inner > 0) cover = Math.min(cover, Math.min(1, Math.max(0, d - inner + 0.5)));
        if (cover > 0) this.blend(x, y, color, cover * alpha);
      }
    }
    return this;
  }

  circle(cx: number, cy: number, r: number, color: RGB, alpha = 1): this {
    return this.disc(cx, cy, r, 0, color, alpha);
  }

  ring(cx: number, cy: number, r: number, thickness: number, color: RGB, alpha = 1): this {
    return this.disc(cx, cy, r, r - thickness, color, alpha);
  }

  rect(x: number, y: number, w: number, h: number, radius: number, color: RGB, alpha = 1): this {
    const r = Math.min(radius, w / 2, h / 2);
    return this.fill([x, y, x + w, y + h], (px, py) => {
      if (px < x || px > x + w || py < y || py > y + h) return false;
      const cx = Math.min(Math.max(px, x + r), x + w - r);
      const cy = Math.min(Math.max(py, y + r), y + h - r);
      return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
    }, color, alpha);
  }

  polygon(points: [number, number][], color: RGB, alpha = 1): this {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    return this.fill([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], (x, y) => {
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i];
        const [xj, yj] = points[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }, color, alpha);
  }

  /** A thick line segment with round ends. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: RGB, alpha = 1): this {
    const r = width / 2;
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len2 = dx * dx + dy * dy || 1;
    return this.fill([Math.min(x1, x2) - r, Math.min(y1, y2) - r, Math.max(x1, x2) + r, Math.max(y1, y2) + r], (x, y) => {
      const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len2));
      return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= r * r;
    }, color, alpha);
  }

  png(): Buffer {
    const out = new Uint8Array(this.px.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(this.px[i])));
    return encodePng(this.width, this.height, out);
  }
}

// ---- icons, drawn in a box of size s at (x, y)
const WHITE: RGB = [255, 255, 255];

export type Icon = 'shield' | 'car' | 'house' | 'percent' | 'document' | 'cap' | 'umbrella' | 'chart' | 'heart' | 'plane' | 'people' | 'phone';

export function drawIcon(p: Painter, icon: Icon, x: number, y: number, s: number, color: RGB = WHITE, accent: RGB = WHITE) {
  const X = (u: number) => x + u * s;
  const Y = (v: number) => y + v * s;
  switch (icon) {
    case 'shield':
      p.polygon([[X(0.5), Y(0.04)], [X(0.9), Y(0.18)], [X(0.88), Y(0.52)], [X(0.76), Y(0.76)], [X(0.5), Y(0.96)], [X(0.24), Y(0.76)], [X(0.12), Y(0.52)], [X(0.1), Y(0.18)]], color, 0.95);
      p.line(X(0.32), Y(0.5), X(0.45), Y(0.64), s * 0.08, accent);
      p.line(X(0.45), Y(0.64), X(0.7), Y(0.36), s * 0.08, accent);
      break;
    case 'car':
      p.polygon([[X(0.26), Y(0.5)], [X(0.36), Y(0.28)], [X(0.66), Y(0.28)], [X(0.78), Y(0.5)]], color, 0.95);
      p.rect(X(0.06), Y(0.46), s * 0.88, s * 0.24, s * 0.08, color, 0.95);
      p.polygon([[X(0.33), Y(0.47)], [X(0.4), Y(0.33)], [X(0.5), Y(0.33)], [X(0.5), Y(0.47)]], accent, 0.55);
      p.polygon([[X(0.54), Y(0.47)], [X(0.54), Y(0.33)], [X(0.63), Y(0.33)], [X(0.71), Y(0.47)]], accent, 0.55);
      p.circle(X(0.27), Y(0.72), s * 0.1, accent).circle(X(0.27), Y(0.72), s * 0.05, color);
      p.circle(X(0.73), Y(0.72), s * 0.1, accent).circle(X(0.73), Y(0.72), s * 0.05, color);
      break;
    case 'house':
      p.polygon([[X(0.5), Y(0.08)], [X(0.94), Y(0.46)], [X(0.06), Y(0.46)]], color, 0.95);
      p.rect(X(0.16), Y(0.42), s * 0.68, s * 0.5, s * 0.03, color, 0.95);
      p.rect(X(0.42), Y(0.6), s * 0.16, s * 0.32, s * 0.02, accent, 0.6);
      p.rect(X(0.24), Y(0.52), s * 0.12, s * 0.12, s * 0.01, accent, 0.6);
      p.rect(X(0.64), Y(0.52), s * 0.12, s * 0.12, s * 0.01, accent, 0.6);
      break;
    case 'percent':
      p.ring(X(0.28), Y(0.28), s * 0.16, s * 0.07, color);
      p.ring(X(0.72), Y(0.72), s * 0.16, s * 0.07, color);
      p.line(X(0.78), Y(0.14), X(0.22), Y(0.86), s * 0.09, color);
      break;
    case 'document':
      p.polygon([[X(0.18), Y(0.06)], [X(0.62), Y(0.06)], [X(0.82), Y(0.26)], [X(0.82), Y(0.94)], [X(0.18), Y(0.94)]], color, 0.95);
      p.polygon([[X(0.62), Y(0.06)], [X(0.82), Y(0.26)], [X(0.62), Y(0.26)]], accent, 0.5);
      for (const v of [0.4, 0.52, 0.64, 0.76]) p.rect(X(0.28), Y(v), s * (v === 0.76 ? 0.26 : 0.44), s * 0.045, s * 0.02, accent, 0.55);
      break;
    case 'cap':
      p.polygon([[X(0.5), Y(0.18)], [X(0.96), Y(0.38)], [X(0.5), Y(0.58)], [X(0.04), Y(0.38)]], color, 0.95);
      p.polygon([[X(0.24), Y(0.48)], [X(0.76), Y(0.48)], [X(0.76), Y(0.72)], [X(0.5), Y(0.82)], [X(0.24), Y(0.72)]], color, 0.8);
      p.line(X(0.86), Y(0.42), X(0.86), Y(0.74), s * 0.035, color);
      p.circle(X(0.86), Y(0.76), s * 0.05, color);
      break;
    case 'umbrella':
      p.fill([X(0.04), Y(0.1), X(0.96), Y(0.5)], (px, py) => py <= Y(0.5) && (px - X(0.5)) ** 2 + (py - Y(0.5)) ** 2 <= (s * 0.46) ** 2, color, 0.95);
      p.line(X(0.5), Y(0.48), X(0.5), Y(0.84), s * 0.06, color);
      p.ring(X(0.4), Y(0.84), s * 0.1, s * 0.06, color);
      break;
    case 'chart':
      p.rect(X(0.1), Y(0.56), s * 0.16, s * 0.34, s * 0.03, color, 0.9);
      p.rect(X(0.32), Y(0.4), s * 0.16, s * 0.5, s * 0.03, color, 0.9);
      p.rect(X(0.54), Y(0.26), s * 0.16, s * 0.64, s * 0.03, color, 0.9);
      p.rect(X(0.76), Y(0.1), s * 0.16, s * 0.8, s * 0.03, color, 0.9);
      break;
    case 'heart':
      p.circle(X(0.32), Y(0.36), s * 0.2, color).circle(X(0.68), Y(0.36), s * 0.2, color);
      p.polygon([[X(0.13), Y(0.42)], [X(0.87), Y(0.42)], [X(0.5), Y(0.88)]], color);
      p.rect(X(0.44), Y(0.3), s * 0.12, s * 0.34, s * 0.02, accent, 0.7);
      p.rect(X(0.33), Y(0.41), s * 0.34, s * 0.12, s * 0.02, accent, 0.7);
      break;
    case 'plane':
      p.polygon([[X(0.1), Y(0.52)], [X(0.9), Y(0.2)], [X(0.96), Y(0.3)], [X(0.3), Y(0.62)]], color, 0.95);
      p.polygon([[X(0.44), Y(0.4)], [X(0.3), Y(0.12)], [X(0.4), Y(0.1)], [X(0.62), Y(0.34)]], color, 0.85);
      p.polygon([[X(0.5), Y(0.5)], [X(0.58), Y(0.86)], [X(0.68), Y(0.84)], [X(0.66), Y(0.44)]], color, 0.85);
      break;
    case 'people':
      p.circle(X(0.34), Y(0.3), s * 0.14, color).circle(X(0.68), Y(0.36), s * 0.115, color, 0.8);
      p.fill([X(0.08), Y(0.5), X(0.6), Y(0.78)], (px, py) => py <= Y(0.78) && (px - X(0.34)) ** 2 + (py - Y(0.78)) ** 2 <= (s * 0.25) ** 2, color);
      p.fill([X(0.48), Y(0.56), X(0.88), Y(0.78)], (px, py) => py <= Y(0.78) && (px - X(0.68)) ** 2 + (py - Y(0.78)) ** 2 <= (s * 0.2) ** 2, color, 0.8);
      break;
    case 'phone':
      p.rect(X(0.26), Y(0.04), s * 0.48, s * 0.92, s * 0.08, color, 0.95);
      p.rect(X(0.31), Y(0.13), s * 0.38, s * 0.66, s * 0.02, accent, 0.55);
      p.circle(X(0.5), Y(0.87), s * 0.04, accent, 0.7);
      break;
  }
}

/**
 * A picture for a topic: gradient, soft circles and a big icon. `seed` varies the composition so
 * pictures of one palette still differ.
 */
export function topicPicture(width: number, height: number, opts: { from: string; to: string; icon: Icon; seed?: number; iconSide?: 'left' | 'right' | 'center'; extraIcons?: Icon[] }): Buffer {
  const p = new Painter(width, height).gradient(hex(opts.from), hex(opts.to));
  let s = (opts.seed ?? 1) * 9301 + 49297;
  const rnd = () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
  for (let i = 0; i < 7; i++) {
    p.circle(rnd() * width, rnd() * height, (0.08 + rnd() * 0.3) * Math.min(width, height) * 1.4, WHITE, 0.05 + rnd() * 0.06);
  }
  for (let i = 0; i < 3; i++) p.ring(rnd() * width, rnd() * height, (0.2 + rnd() * 0.3) * height, 3, WHITE, 0.12);
  const size = Math.min(height * 0.6, width * 0.4);
  const side = opts.iconSide ?? 'right';
  const ix = side === 'left' ? width * 0.08 : side === 'center' ? (width - size) / 2 : width - size - width * 0.08;
  const iy = (height - size) / 2;
  p.circle(ix + size / 2, iy + size / 2, size * 0.72, WHITE, 0.14);
  drawIcon(p, opts.icon, ix, iy, size, WHITE, hex(opts.from));
  (opts.extraIcons ?? []).forEach((icon, i) => {
    const es = size * 0.38;
    const ex = side === 'right' ? ix - (i + 1) * es * 1.5 : ix + size + es * 0.5 + i * es * 1.5;
    drawIcon(p, icon, ex, iy + size - es, es, WHITE, hex(opts.from));
  });
  return p.png();
}
