import type { FastifyReply } from 'fastify';
import type { ChatMessage } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../../platform/db.js';
import { notFoundError } from '../../platform/errors.js';
import { attachmentDisposition, EXT, MIME } from '../../platform/file-types.js';
import type { CheckedUpload } from '../../platform/uploads.js';
import { keptBytes, type FileStore } from '../../platform/storage.js';
import { fileKey } from '../../migrations/0036_file_storage.js';
import { addMessage, messageByKey, type NewMessage } from './store.js';

/**
 * Files sent in a chat: a document (PDF, JPEG, PNG, WEBP up to ATTACH_LIMITS.maxFileBytes) checked like
 * every upload when the route reads it (platform checkUpload with DOCUMENT_UPLOAD); the bytes kept in the
 * file store (platform/storage.ts) under chat_files.storage_key, written before the row.
 */
export async function saveChatFile(q: Queryable, files: FileStore, chatId: string, userId: string | null, f: CheckedUpload): Promise<string> {
  const id = newId();
  const key = fileKey('chat_files', id);
  await files.put(key, f.data, { contentType: MIME[f.type] });
  await q.query('INSERT INTO chat_files (id, chat_id, user_id, upload_file_name, extension, mime, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    id,
    chatId,
    userId,
    f.name,
    EXT[f.type],
    MIME[f.type],
    f.size,
    key,
  ]);
  return id;
}

/**
 * A file message (in the caller's transaction, the chat locked). Sent again with the same key (the
 * answer was lost): the message already written — the file is not kept twice.
 */
export async function addFileMessage(q: Queryable, files: FileStore, m: Omit<NewMessage, 'fileId'>, upload: CheckedUpload): Promise<{ message: ChatMessage; created: boolean }> {
  const same = m.clientKey ? await messageByKey(q, m.chatId, m.authorId, m.clientKey) : null;
  if (same) return { message: same, created: false };
  return addMessage(q, { ...m, fileId: await saveChatFile(q, files, m.chatId, m.authorId, upload) });
}

/** One file of a chat with its bytes, or null. */
export async function chatFileContent(q: Queryable, files: FileStore, chatId: string, fileId: string): Promise<{ fileName: string; mime: string; extension: string; size: number; data: Buffer } | null> {
  const [row] = await q.query<{ upload_file_name: string; mime: string; extension: string; size: number; data: Buffer | Uint8Array | null; storage_key: string | null }>(
    'SELECT upload_file_name, mime, extension, size, data, storage_key FROM chat_files WHERE chat_id = $1 AND id = $2',
    [chatId, fileId],
  );
  const data = row ? await keptBytes(files, row.storage_key, row.data) : null;
  return row && data ? { fileName: row.upload_file_name, mime: row.mime, extension: row.extension, size: Number(row.size), data } : null;
}

/** Answers a chat's file as a download (a 404 «Файл не найден» when the chat has no such file). */
export async function sendChatFile(q: Queryable, files: FileStore, reply: FastifyReply, chatId: string | null, fileId: string): Promise<FastifyReply> {
  const file = chatId ? await chatFileContent(q, files, chatId, fileId) : null;
  if (!file) throw notFoundError('Файл не найден');
  return reply
    .type(file.mime)
    .header('Content-Disposition', attachmentDisposition(file.fileName, `file.${file.extension}`))
    .header('Cache-Control', 'private, no-store')
    .send(file.data);
}
