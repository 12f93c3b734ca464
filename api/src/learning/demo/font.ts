import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

/**
 * PT Sans (ParaType, SIL Open Font License 1.1, from the @fontsource/pt-sans package) read from its
 * WOFF 1.0 files: the Cyrillic and Latin subsets are separate fonts, so a PDF embeds both and picks
 * the one that has a glyph for each character. Only what a PDF needs is parsed: cmap (format 4),
 * advance widths and the vertical metrics; the font is re-packed as a plain TrueType file.
 */
export interface Font {
  /** TrueType file to embed as FontFile2. */
  ttf: Buffer;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
  /** Unicode code point → glyph id. */
  cmap: Map<number, number>;
  /** Advance width per glyph id, in font units. */
  widths: number[];
}

function fontFile(name: string): string {
  const rel = `@fontsource/pt-sans/files/${name}`;
  if (typeof require === 'function') {
    try {
      return require.resolve(rel);
    } catch {
      /* fall through */
    }
  }
  for (const base of [join(process.cwd(), 'node_modules'), join(process.cwd(), 'api', 'node_modules')]) {
    if (existsSync(join(base, rel))) return join(base, rel);
  }
  throw new Error(`font ${rel} not found`);
}

function woffTables(woff: Buffer): Map<string, Buffer> {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.toString('latin1', at, at + 4);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.set(tag, compLength < origLength ? inflateSync(raw) : Buffer.from(raw));
  }
  return tables;
}

function checksum(b: Buffer): number {
  let sum = 0;
  const padded = Buffer.concat([b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** A TrueType (sfnt) file from its tables, as a PDF viewer expects in FontFile2. */
function toTtf(tables: Map<string, Buffer>): Buffer {
  const keep = ['OS/2', 'cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'post'].filter((t) => tables.has(t));
  const n = keep.length;
  const log2 = Math.floor(Math.log2(n));
  const header = Buffer.alloc(12 + n * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(2 ** log2 * 16, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(n * 16 - 2 ** log2 * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  keep.forEach((tag, i) => {
    const data = Buffer.from(tables.get(tag)!);
    if (tag === 'head') data.writeUInt32BE(0, 8); // checkSumAdjustment is computed over the file; 0 is accepted
    const at = 12 + i * 16;
    header.write(tag.padEnd(4, ' '), at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const pad = Buffer.alloc((4 - (data.length % 4)) % 4);
    bodies.push(data, pad);
    offset += data.length + pad.length;
  });
  return Buffer.concat([header, ...bodies]);
}

function parseCmap(cmap: Buffer): Map<number, number> {
  const out = new Map<number, number>();
  const count = cmap.readUInt16BE(2);
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const off = cmap.readUInt32BE(8 + i * 8);
    if (cmap.readUInt16BE(off) !== 4 || !((platform === 3 && encoding === 1) || platform === 0)) continue;
    const segX2 = cmap.readUInt16BE(off + 6);
    const ends = off + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = cmap.readUInt16BE(ends + s * 2);
      const start = cmap.readUInt16BE(starts + s * 2);
      const delta = cmap.readInt16BE(deltas + s * 2);
      const rangeOffset = cmap.readUInt16BE(ranges + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let gid: number;
        if (rangeOffset === 0) gid = (c + delta) & 0xffff;
        else {
          const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
          gid = cmap.readUInt16BE(at);
          if (gid !== 0) gid = (gid + delta) & 0xffff;
        }
        if (gid !== 0) out.set(c, gid);
      }
    }
    break;
  }
  return out;
}

const cache = new Map<string, Font>();

/** subset: 'cyrillic' | 'latin'; weight 400 or 700. */
export function loadFont(subset: 'cyrillic' | 'latin', weight: 400 | 700): Font {
  const key = `${subset}-${weight}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const tables = woffTables(readFileSync(fontFile(`pt-sans-${subset}-${weight}-normal.woff`)));
  const head = tables.get('head')!;
  const hhea = tables.get('hhea')!;
  const maxp = tables.get('maxp')!;
  const hmtx = tables.get('hmtx')!;
  const os2 = tables.get('OS/2');
  const numGlyphs = maxp.readUInt16BE(4);
  const numMetrics = hhea.readUInt16BE(34);
  const widths: number[] = [];
  for (let g = 0; g < numGlyphs; g++) widths.push(hmtx.readUInt16BE(4 * Math.min(g, numMetrics - 1)));
  const font: Font = {
    ttf: toTtf(tables),
    unitsPerEm: head.readUInt16BE(18),
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    capHeight: os2 && os2.length >= 90 ? os2.readInt16BE(88) : Math.round(hhea.readInt16BE(4) * 0.7),
    cmap: parseCmap(tables.get('cmap')!),
    widths,
  };
  cache.set(key, font);
  return font;
}
