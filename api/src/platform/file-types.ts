import { validationError } from './errors.js';

/**
 * The file types uploads accept anywhere in the product, told by their first bytes (never by the name
 * or the client's content type): learning's media and the files on contracts and requests.
 */
export type FileType = 'png' | 'jpeg' | 'webp' | 'pdf';
export const MIME: Record<FileType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };
export const EXT: Record<FileType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' };
/** How a type is named in a Russian message. */
export const TYPE_TITLE: Record<FileType, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WEBP', pdf: 'PDF' };

export const MB = 1024 * 1024;

/** Documents a person attaches (to a request, in a chat): a PDF, JPEG, PNG or WEBP. */
export const DOCUMENT_FILE_TYPES: readonly FileType[] = ['pdf', 'jpeg', 'png', 'webp'];
/** The extensions a name may end with for each content. */
const EXTENSIONS: Record<FileType, readonly string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'] };

export const DOCUMENT_FILE_TEXTS = {
  badType: (name: string) => `Файл «${name}»: допустимы ${DOCUMENT_FILE_TYPES.map((t) => TYPE_TITLE[t]).join(', ')}`,
  badExtension: (name: string) => `Файл «${name}»: расширение не совпадает с содержимым файла`,
  pathInName: (name: string) => `Файл «${name}»: имя файла без пути к нему`,
  tooLarge: (name: string, maxBytes: number) => `Файл «${name}» больше ${maxBytes / MB} МБ`,
} as const;

/**
 * An attached document, checked before anything is written: a name without a path (refused, not cut
 * down), at most `maxBytes`, a content told by its first bytes among DOCUMENT_FILE_TYPES, and an
 * extension that says the same. Answers the content type and the cleaned name, or throws a 400 on `file`.
 */
export function checkDocumentUpload<F extends { fileName: string; head: Uint8Array; size: number; truncated: boolean }>(f: F, maxBytes: number): F & { type: FileType; name: string } {
  const raw = f.fileName || 'без имени';
  if (/[\\/]|^\.\.?$|\.\.[\\/]/.test(raw)) throw validationError(DOCUMENT_FILE_TEXTS.pathInName(raw.slice(0, 200)), 'file');
  const name = raw.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 200) || 'файл';
  if (f.truncated || f.size > maxBytes) throw validationError(DOCUMENT_FILE_TEXTS.tooLarge(name, maxBytes), 'file');
  const type = detectType(f.head);
  if (!type || !DOCUMENT_FILE_TYPES.includes(type)) throw validationError(DOCUMENT_FILE_TEXTS.badType(name), 'file');
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!EXTENSIONS[type].includes(ext)) throw validationError(DOCUMENT_FILE_TEXTS.badExtension(name), 'file');
  return { ...f, type, name };
}

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
