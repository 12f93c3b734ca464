/**
 * Files attached to a contract or a broker request (§3 «File on a request or contract»), their types
 * (§3 kasko file type: name and _id) and the limits the api enforces and the pickers mirror.
 */

export interface AttachedFileUser {
  userId: string;
  firstName: string;
  secondName: string;
  middleName: string;
}

export interface AttachedFile {
  _id: string;
  uploadFileName: string;
  storageFileName: string;
  /** Bytes. */
  size: number;
  extension: string;
  mime: string;
  user: AttachedFileUser | null;
  createDate: string;
  updateDate: string;
  typeId: string | null;
  typeName: string | null;
}

/** A file type an insurer asks for (`GET /api/v2/file-list-company/{companyId}` → data.fileTypes). */
export interface AttachFileType {
  _id: string;
  name: string;
}

/** What one attach call takes: pictures and PDF scans, told by their first bytes on the server. */
export const ATTACH_LIMITS = {
  maxFiles: 5,
  maxFileBytes: 10 * 1024 * 1024,
  /** For the file picker's `accept` (the server decides by content, not by this). */
  accept: '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp',
} as const;

/** What the api answers and the picker says before sending, in the same words. */
export const ATTACH_TEXTS = {
  tooMany: (n: number) => `Можно загрузить не более ${n} файлов за раз`,
  tooLarge: (name: string) => `Файл «${name}» больше ${ATTACH_LIMITS.maxFileBytes / 1024 / 1024} МБ`,
  /** A file sent with no type (spec §7 sends only «list of files»): listed under this type. */
  untyped: 'Без типа',
};

/** §8: the types in the attach dialog, sorted alphabetically by their text. */
export function sortFileTypes<T extends { name: string }>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

/** Answer of `POST …/attach-files` (§7: an error flag and a message). */
export interface AttachFilesAnswer {
  error: false;
  message: string;
  data: { files: AttachedFile[] };
}
