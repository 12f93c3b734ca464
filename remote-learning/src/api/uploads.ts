/** Files for banners, covers, lessons and the media library (`POST /api/v2/uploads?kind=`). */
import { type UploadedFile, type UploadKind } from '@oyster/shared-kit/domain';
import { API, http } from './client';

/**
 * Uploads one file (editors). The server checks size and type and answers 400 with a Russian message,
 * which the caller shows next to the field (silent: no toast on top of it).
 */
export async function uploadFile(kind: UploadKind, file: File | Blob, fileName?: string): Promise<UploadedFile> {
  const client = http();
  if (!client.upload) throw new Error('Загрузка файлов недоступна');
  const form = new FormData();
  if (fileName) form.append('file', file, fileName);
  else form.append('file', file);
  const r = await client.upload<{ data: UploadedFile }>(`${API}/uploads?kind=${kind}`, form, { silent: true });
  return r.data;
}

/** The upload call for one kind, as the screens' UploadButton and ImageField take it. */
export function uploader(kind: UploadKind): (file: File) => Promise<UploadedFile> {
  return (file) => uploadFile(kind, file, file.name);
}
