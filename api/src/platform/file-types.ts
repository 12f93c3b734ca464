/**
 * The file types uploads accept anywhere in the product, told by their first bytes (never by the name
 * or the client's content type): learning's media and the files on contracts, requests and in chats.
 * Every upload is checked by uploads.ts checkUpload.
 */
export type FileType = 'png' | 'jpeg' | 'webp' | 'pdf' | 'xlsx' | 'csv';
export const MIME: Record<FileType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
export const EXT: Record<FileType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf', xlsx: 'xlsx', csv: 'csv' };
/** How a type is named in a Russian message. */
export const TYPE_TITLE: Record<FileType, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WEBP', pdf: 'PDF', xlsx: 'XLSX', csv: 'CSV' };

export const MB = 1024 * 1024;

/** Documents a person attaches (to a contract, a request, in a chat): a PDF, JPEG, PNG or WEBP. */
export const DOCUMENT_FILE_TYPES: readonly FileType[] = ['pdf', 'jpeg', 'png', 'webp'];
/** The extensions a name may end with for each content. */
export const EXTENSIONS: Record<FileType, readonly string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'], xlsx: ['xlsx'], csv: ['csv', 'txt'] };
/** Tables a person imports (an insurer's commission statement): an XLSX workbook or a CSV text. */
export const TABLE_FILE_TYPES: readonly FileType[] = ['xlsx', 'csv'];

/** The type by its first bytes (never by name or the client's content type). */
export function detectType(head: Uint8Array): FileType | null {
  const b = head;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'pdf';
  // An XLSX is a ZIP (a workbook that is not one fails when read, as a 400).
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'xlsx';
  if (isPlainText(b)) return 'csv';
  return null;
}

/**
 * Text a CSV may start with: no control bytes but tab and line breaks, not markup ('<' first, after a BOM
 * and blanks), and UTF-8 (a sequence cut at the head's end is allowed).
 */
function isPlainText(b: Uint8Array): boolean {
  if (b.length === 0) return false;
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  const first = b.subarray(i).find((x) => x !== 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d);
  if (first === 0x3c) return false;
  while (i < b.length) {
    const x = b[i];
    if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d) return false;
    if (x === 0x7f) return false;
    const len = x < 0x80 ? 1 : x >= 0xc2 && x <= 0xdf ? 2 : x >= 0xe0 && x <= 0xef ? 3 : x >= 0xf0 && x <= 0xf4 ? 4 : 0;
    if (!len) return false;
    for (let k = 1; k < len && i + k < b.length; k++) if ((b[i + k] & 0xc0) !== 0x80) return false;
    i += len;
  }
  return true;
}
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * A download's Content-Disposition: the real (Cyrillic) name as RFC 5987 `filename*`, and an ASCII
 * `filename` for clients that read only that.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
