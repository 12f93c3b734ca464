import { deflateSync } from 'node:zlib';
import { loadFont, type Font } from './font.js';

/**
 * A small PDF writer for the demo handouts of the academy and the media library: A4 pages, a
 * coloured header, headings, paragraphs and bullet lists in PT Sans (embedded, Identity-H, with a
 * ToUnicode map so the text can be searched and copied). Enough for one-to-three page memos.
 */
export type PdfBlock = { kind: 'h' | 'p' | 'li' | 'note'; text: string };
export interface PdfDoc {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  footer?: string;
  /** The small line above the title. */
  kicker?: string;
}

const W = 595.28;
const H = 841.89;
const MARGIN = 56;
const BRAND: [number, number, number] = [0.04, 0.42, 0.47];

interface Face {
  key: string;
  font: Font;
}

function faces(bold: boolean): { cyr: Face; lat: Face } {
  const w = bold ? 700 : 400;
  return {
    cyr: { key: bold ? 'F3' : 'F1', font: loadFont('cyrillic', w) },
    lat: { key: bold ? 'F4' : 'F2', font: loadFont('latin', w) },
  };
}

/** Splits text into runs of one face each; characters neither face has become '?'. */
function runs(text: string, bold: boolean): { face: Face; gids: number[]; width: number }[] {
  const { cyr, lat } = faces(bold);
  const out: { face: Face; gids: number[]; width: number }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const isCyr = cp >= 0x400 && cp <= 0x4ff;
    let face = isCyr && cyr.font.cmap.has(cp) ? cyr : lat.font.cmap.has(cp) ? lat : cyr.font.cmap.has(cp) ? cyr : lat;
    let gid = face.font.cmap.get(cp);
    if (gid === undefined) {
      face = lat;
      gid = lat.font.cmap.get(0x3f)!;
    }
    const width = face.font.widths[gid] / face.font.unitsPerEm;
    const last = out[out.length - 1];
    if (last && last.face === face) {
      last.gids.push(gid);
      last.width += width;
    } else out.push({ face, gids: [gid], width });
  }
  return out;
}

const textWidth = (text: string, size: number, bold: boolean) => runs(text, bold).reduce((s, r) => s + r.width, 0) * size;

function wrap(text: string, size: number, bold: boolean, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const num = (n: number) => (Math.round(n * 100) / 100).toString();

function textOp(text: string, x: number, y: number, size: number, bold: boolean, rgb: [number, number, number]): string {
  const parts = runs(text, bold).map((r) => `/${r.face.key} ${size} Tf <${r.gids.map(hex4).join('')}> Tj`);
  return `BT ${rgb.map(num).join(' ')} rg 1 0 0 1 ${num(x)} ${num(y)} Tm ${parts.join(' ')} ET`;
}

function utf16Hex(s: string): string {
  let out = 'FEFF';
  for (let i = 0; i < s.length; i++) out += hex4(s.charCodeAt(i));
  return `<${out}>`;
}

export function makePdf(doc: PdfDoc): Buffer {
  // ---- layout into pages of drawing operators
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const newPage = (first: boolean) => {
    ops = [];
    pages.push(ops);
    if (first) {
      const band = doc.subtitle ? 118 : 96;
      ops.push(`${BRAND.map(num).join(' ')} rg 0 ${num(H - band)} ${num(W)} ${band} re f`);
      ops.push(textOp(doc.kicker ?? 'OYSTER · АКАДЕМИЯ АГЕНТА', MARGIN, H - 34, 9, true, [0.75, 0.92, 0.93]));
      let ty = H - 62;
      for (const line of wrap(doc.title, 20, true, W - 2 * MARGIN)) {
        ops.push(textOp(line, MARGIN, ty, 20, true, [1, 1, 1]));
        ty -= 24;
      }
      if (doc.subtitle) ops.push(textOp(doc.subtitle, MARGIN, ty - 2, 11, false, [0.88, 0.96, 0.96]));
      y = H - band - 36;
    } else y = H - MARGIN;
  };
  const ensure = (h: number) => {
    if (y - h < MARGIN + 24) newPage(false);
  };
  newPage(true);
  const maxW = W - 2 * MARGIN;
  for (const b of doc.blocks) {
    if (b.kind === 'h') {
      ensure(40);
      y -= 8;
      for (const line of wrap(b.text, 14, true, maxW)) {
        ops.push(textOp(line, MARGIN, y, 14, true, BRAND));
        y -= 19;
      }
      y -= 2;
    } else if (b.kind === 'li') {
      const lines = wrap(b.text, 11, false, maxW - 18);
      ensure(lines.length * 15);
      ops.push(textOp('•', MARGIN + 4, y, 11, true, BRAND));
      for (const line of lines) {
        ops.push(textOp(line, MARGIN + 18, y, 11, false, [0.13, 0.13, 0.15]));
        y -= 15;
      }
      y -= 3;
    } else if (b.kind === 'note') {
      const lines = wrap(b.text, 10.5, false, maxW - 28);
      const h = lines.length * 14 + 16;
      ensure(h);
      ops.push(`0.92 0.97 0.97 rg ${num(MARGIN)} ${num(y - h + 12)} ${num(maxW)} ${num(h)} re f`);
      ops.push(`${BRAND.map(num).join(' ')} rg ${num(MARGIN)} ${num(y - h + 12)} 3 ${num(h)} re f`);
      y -= 4;
      for (const line of lines) {
        ops.push(textOp(line, MARGIN + 14, y, 10.5, false, [0.1, 0.25, 0.28]));
        y -= 14;
      }
      y -= 14;
    } else {
      const lines = wrap(b.text, 11, false, maxW);
      ensure(Math.min(lines.length, 3) * 15);
      for (const line of lines) {
        ensure(15);
        ops.push(textOp(line, MARGIN, y, 11, false, [0.13, 0.13, 0.15]));
        y -= 15;
      }
      y -= 7;
    }
  }
  const footer = doc.footer ?? 'Oyster — платформа для страховых агентов и брокеров';
  pages.forEach((p, i) => {
    p.push(`0.85 0.87 0.88 RG 0.5 w ${num(MARGIN)} ${MARGIN + 12} m ${num(W - MARGIN)} ${MARGIN + 12} l S`);
    p.push(textOp(footer, MARGIN, MARGIN, 8.5, false, [0.45, 0.47, 0.5]));
    const pageText = `стр. ${i + 1} из ${pages.length}`;
    p.push(textOp(pageText, W - MARGIN - textWidth(pageText, 8.5, false), MARGIN, 8.5, false, [0.45, 0.47, 0.5]));
  });

  // ---- objects
  const objects: (Buffer | string)[] = [];
  const add = (o: Buffer | string) => objects.push(o) ;
  const ref = (n: number) => `${n} 0 R`;
  const stream = (dict: string, data: Buffer) => {
    const z = deflateSync(data);
    return Buffer.concat([Buffer.from(`<< ${dict} /Filter /FlateDecode /Length ${z.length} >>\nstream\n`, 'latin1'), z, Buffer.from('\nendstream', 'latin1')]);
  };

  add('<< /Type /Catalog /Pages 2 0 R >>'); // 1
  add(''); // 2: pages, filled in below
  const fontRefs: Record<string, number> = {};
  const allFaces = [faces(false).cyr, faces(false).lat, faces(true).cyr, faces(true).lat];
  for (const face of allFaces) {
    const f = face.font;
    const scale = 1000 / f.unitsPerEm;
    const name = `OYS${face.key}+PTSans-${face.key === 'F1' || face.key === 'F2' ? 'Regular' : 'Bold'}`;
    const fileNo = objects.length + 1;
    add(stream(`/Length1 ${f.ttf.length}`, f.ttf));
    const descNo = objects.length + 1;
    add(`<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${f.bbox.map((v) => Math.round(v * scale)).join(' ')}] /ItalicAngle 0 /Ascent ${Math.round(f.ascent * scale)} /Descent ${Math.round(f.descent * scale)} /CapHeight ${Math.round(f.capHeight * scale)} /StemV 80 /FontFile2 ${ref(fileNo)} >>`);
    const cidNo = objects.length + 1;
    add(`<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${ref(descNo)} /CIDToGIDMap /Identity /DW 500 /W [0 [${f.widths.map((w) => Math.round(w * scale)).join(' ')}]] >>`);
    const entries = [...f.cmap.entries()].filter(([cp]) => cp <= 0xffff);
    const chunks: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const part = entries.slice(i, i + 100);
      chunks.push(`${part.length} beginbfchar\n${part.map(([cp, gid]) => `<${hex4(gid)}> <${hex4(cp)}>`).join('\n')}\nendbfchar`);
    }
    const cmap = `/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n${chunks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend`;
    const toUniNo = objects.length + 1;
    add(stream('', Buffer.from(cmap, 'latin1')));
    fontRefs[face.key] = objects.length + 1;
    add(`<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${ref(cidNo)}] /ToUnicode ${ref(toUniNo)} >>`);
  }
  const fontDict = `<< ${Object.entries(fontRefs).map(([k, n]) => `/${k} ${ref(n)}`).join(' ')} >>`;
  const pageNos: number[] = [];
  for (const p of pages) {
    const contentNo = objects.length + 1;
    add(stream('', Buffer.from(p.join('\n'), 'latin1')));
    pageNos.push(objects.length + 1);
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(W)} ${num(H)}] /Resources << /Font ${fontDict} >> /Contents ${ref(contentNo)} >>`);
  }
  objects[1] = `<< /Type /Pages /Kids [${pageNos.map(ref).join(' ')}] /Count ${pageNos.length} >>`;
  const infoNo = objects.length + 1;
  add(`<< /Title ${utf16Hex(doc.title)} /Producer (Oyster) /Creator (Oyster) >>`);

  // ---- file
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const body = typeof o === 'string' ? Buffer.from(o, 'latin1') : o;
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoNo} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
