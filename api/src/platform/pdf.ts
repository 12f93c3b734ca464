import type PDFDocumentClass from 'pdfkit';

/**
 * The house's PDF writer: pdfkit (a kept, stream-based PDF writer; no browser needed on the server) in DejaVu
 * Sans, whose Cyrillic the PDF standard fonts lack (the dejavu-fonts-ttf package), as 'regular' and 'bold'.
 * `done` resolves with the file once the caller has drawn and called doc.end(). pdfkit is loaded with the
 * first document (~85 ms of modules no api start needs).
 */
// `require` is CommonJS's in the tests and the bundle's banner's (createRequire) in dist/server.mjs.
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export async function pdfDocument(title: string, margin = 50): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const m = (await import('pdfkit')) as unknown as typeof PDFDocumentClass & { default?: typeof PDFDocumentClass };
  const PDFDocument = m.default ?? m;
  const doc = new PDFDocument({ size: 'A4', margin, info: { Title: title, Author: 'Oyster' } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
