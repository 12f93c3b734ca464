import type { Migration } from '../platform/migrations.js';
import type { Db } from '../platform/db.js';
import { sha256, type FileStore } from '../platform/storage.js';

/**
 * Migration 36: uploaded files leave their bytea columns for the file store (platform/storage.ts).
 * - Each file table gets `storage_key` (where the bytes are in the store); its bytea column may now be
 *   null — but never both: a row always has its bytes somewhere.
 * - `stored_files`: the store of a server PostgreSQL without S3 (several api nodes, no shared disk).
 * The rows already written are moved by `moveFilesToStore` (below, run at every start until none is
 * left); until a row is moved, reading it falls back to its bytea.
 * Shipped: never edit.
 */
const FILE_STORAGE_SQL = `
CREATE TABLE stored_files (
  key text PRIMARY KEY,
  data bytea NOT NULL,
  size int NOT NULL,
  sha256 text NOT NULL,
  content_type text,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

ALTER TABLE contract_files ADD COLUMN storage_key text, ALTER COLUMN data DROP NOT NULL;
ALTER TABLE contract_files ADD CONSTRAINT contract_files_bytes_kept CHECK (data IS NOT NULL OR storage_key IS NOT NULL);
CREATE INDEX contract_files_unmoved_idx ON contract_files(id) WHERE storage_key IS NULL;

ALTER TABLE broker_request_files ADD COLUMN storage_key text, ALTER COLUMN data DROP NOT NULL;
ALTER TABLE broker_request_files ADD CONSTRAINT broker_request_files_bytes_kept CHECK (data IS NOT NULL OR storage_key IS NOT NULL);
CREATE INDEX broker_request_files_unmoved_idx ON broker_request_files(id) WHERE storage_key IS NULL;

ALTER TABLE chat_files ADD COLUMN storage_key text, ALTER COLUMN data DROP NOT NULL;
ALTER TABLE chat_files ADD CONSTRAINT chat_files_bytes_kept CHECK (data IS NOT NULL OR storage_key IS NOT NULL);
CREATE INDEX chat_files_unmoved_idx ON chat_files(id) WHERE storage_key IS NULL;

ALTER TABLE contract_documents ADD COLUMN storage_key text, ALTER COLUMN pdf DROP NOT NULL;
ALTER TABLE contract_documents ADD CONSTRAINT contract_documents_bytes_kept CHECK (pdf IS NOT NULL OR storage_key IS NOT NULL);
`;

export const migration: Migration = { version: 36, name: 'file_storage', sql: FILE_STORAGE_SQL };

/**
 * The tables whose files live in the store: how a row is named, its key, and its bytea column.
 * `fileKey` is the one place a key is made, for new files and moved ones alike.
 */
export const FILE_TABLES = {
  contract_files: { id: 'id', bytes: 'data', key: (id: string) => `contract-files/${id}` },
  broker_request_files: { id: 'id', bytes: 'data', key: (id: string) => `broker-request-files/${id}` },
  chat_files: { id: 'id', bytes: 'data', key: (id: string) => `chat-files/${id}` },
  // A contract has one document of each kind: the row is (contract_id, kind), named here as one text.
  contract_documents: { id: `contract_id || '/' || kind`, bytes: 'pdf', key: (id: string) => `contract-documents/${id}.pdf` },
} as const;
export type FileTable = keyof typeof FILE_TABLES;
export const fileKey = (table: FileTable, id: string) => FILE_TABLES[table].key(id.trim());

/**
 * Moves the files still in bytea columns into the store, `batch` rows at a time: writes each, reads
 * it back and compares size and sha256, and only then sets storage_key and nulls the bytea (in one
 * UPDATE that only applies while the row is still unmoved — two nodes starting at once write the
 * same key with the same bytes, and one of them sets it). A file that does not read back the same
 * stays in its row, counted in `failed`, and is tried again at the next start.
 */
export async function moveFilesToStore(db: Db, store: FileStore, opts: { batch?: number; log?: (msg: string) => void } = {}): Promise<{ moved: number; bytes: number; failed: number }> {
  const batch = opts.batch ?? 50;
  let moved = 0;
  let bytes = 0;
  let failed = 0;
  for (const [table, t] of Object.entries(FILE_TABLES) as [FileTable, (typeof FILE_TABLES)[FileTable]][]) {
    const skip = new Set<string>();
    for (;;) {
      const rows = await db.query<{ rid: string; bytes: Buffer | Uint8Array }>(
        `SELECT ${t.id} AS rid, ${t.bytes} AS bytes FROM ${table}
          WHERE storage_key IS NULL AND NOT (${t.id} = ANY($1::text[])) ORDER BY 1 LIMIT $2`,
        [[...skip], batch],
      );
      if (!rows.length) break;
      for (const row of rows) {
        const data = Buffer.from(row.bytes);
        const key = fileKey(table, row.rid);
        const put = await store.put(key, data);
        const back = await store.get(key);
        if (!back || back.length !== data.length || sha256(back) !== sha256(data) || put.sha256 !== sha256(data)) {
          skip.add(row.rid);
          failed++;
          opts.log?.(`files: ${table} ${row.rid} did not read back the same from the store; kept in the database`);
          continue;
        }
        await db.query(`UPDATE ${table} SET storage_key = $2, ${t.bytes} = NULL WHERE ${t.id} = $1 AND storage_key IS NULL`, [row.rid, key]);
        moved++;
        bytes += data.length;
      }
    }
  }
  if (moved || failed) opts.log?.(`files: moved ${moved} file(s), ${bytes} bytes, from the database to the store${failed ? `; ${failed} kept in the database` : ''}`);
  return { moved, bytes, failed };
}
