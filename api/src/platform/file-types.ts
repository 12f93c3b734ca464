/**
 * The file types uploads accept anywhere in the product, told by their first bytes (never by the name
 * or the client's content type): learning's media and the files on contracts, requests and in chats.
 * Every upload is checked by uploads.ts checkUpload.
 */
export type FileType = 'png' | 'jpeg' | 'webp' | 'pdf';
export const MIME: Record<FileType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };
export const EXT: Record<FileType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' };
/** How a type is named in a Russian message. */
export const TYPE_TITLE: Record<FileType, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WEBP', pdf: 'PDF' };

export const MB = 1024 * 1024;

/** Documents a person attaches (to a contract, a request, in a chat): a PDF, JPEG, PNG or WEBP. */
export const DOCUMENT_FILE_TYPES: readonly FileType[] = ['pdf', 'jpeg', 'png', 'webp'];
/** The extensions a name may end with for each content. */
export const EXTENSIONS: Record<FileType, readonly string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'] };

/** The type by its first bytes (never by name or the client's content type). */
export function detectType(head: Uint8Array): FileType | null {
  const b = head;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'pdf';
  return null;
}
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/**
 * A download's Content-Disposition: the real (Cyrillic) name as RFC 5987 `filename*`, and an ASCII
 * `filename` for clients that read only that.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
