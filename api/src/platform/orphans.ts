import type { Db, Queryable } from './db.js';
import { onOneNode } from './periodic.js';
import type { FileStore } from './storage.js';
import { FILE_TABLES, type FileTable } from '../migrations/0036_file_storage.js';

/**
 * The orphan sweep: files in the store that no row names any more — an upload whose transaction rolled
 * back (the file is written before its row), a row deleted without its file (a contract's cascade), a
 * picture uploaded for a news item that was never saved — are removed once they are older than the
 * grace period (FILES_ORPHAN_GRACE_HOURS, 24 h by default: an upload waiting for its row is never
 * taken). Only keys under a prefix some part of the api declared are looked at, and a key is kept when
 * any declaration for its prefix names it: a bucket shared with anything else loses nothing else.
 * Runs every FILES_ORPHAN_SWEEP_MINUTES (60) on one api node at a time (platform/periodic.ts onOneNode).
 */
export interface FileReferences {
  /** The keys these rows name start with this (`chat-files/`, `media/`). */
  prefix: string;
  /** Which of `keys` some row (or the product itself) still names. */
  named(q: Queryable, keys: string[]): Promise<Iterable<string>>;
}

/** The tables of migration 36 (contract, broker-request and chat files, policy PDFs): their storage_key. */
export const FILE_TABLE_REFERENCES: FileReferences[] = (Object.keys(FILE_TABLES) as FileTable[]).map((table) => ({
  prefix: FILE_TABLES[table].key('x').replace(/x(\.pdf)?$/, ''),
  named: async (q, keys) => (await q.query<{ k: string }>(`SELECT storage_key AS k FROM ${table} WHERE storage_key = ANY($1::text[])`, [keys])).map((r) => r.k),
}));

/** Every declaration the api makes: the file tables', then each domain's own (Domain.fileReferences). */
export const fileReferences = (domains: readonly { fileReferences?: readonly FileReferences[] }[]): FileReferences[] => [
  ...FILE_TABLE_REFERENCES,
  ...domains.flatMap((d) => d.fileReferences ?? []),
];

export const DEFAULT_ORPHAN_GRACE_HOURS = 24;
export const DEFAULT_ORPHAN_SWEEP_MINUTES = 60;
const BATCH = 200;

export interface SweepResult {
  /** Files older than the grace period that were looked up. */
  checked: number;
  removed: number;
  bytes: number;
  removedKeys: string[];
}

export async function sweepOrphans(
  db: Queryable,
  store: FileStore,
  references: readonly FileReferences[],
  opts: { graceMs: number; now?: Date; log?: { info(o: object, m: string): void; warn(o: object, m: string): void } },
): Promise<SweepResult> {
  const before = (opts.now ?? new Date()).getTime() - opts.graceMs;
  const out: SweepResult = { checked: 0, removed: 0, bytes: 0, removedKeys: [] };
  const byPrefix = new Map<string, FileReferences[]>();
  for (const r of references) byPrefix.set(r.prefix, [...(byPrefix.get(r.prefix) ?? []), r]);
  for (const [prefix, refs] of byPrefix) {
    let batch: { key: string; size: number }[] = [];
    const settle = async () => {
      if (!batch.length) return;
      const keys = batch.map((f) => f.key);
      const kept = new Set<string>();
      for (const r of refs) for (const k of await r.named(db, keys)) kept.add(k);
      out.checked += batch.length;
      for (const f of batch) {
        if (kept.has(f.key)) continue;
        try {
          await store.delete(f.key);
          out.removed++;
          out.bytes += f.size;
          out.removedKeys.push(f.key);
        } catch (e) {
          opts.log?.warn({ key: f.key, err: (e as Error).message }, `files: could not remove the orphan ${f.key}`);
        }
      }
      batch = [];
    };
    for await (const f of store.list(prefix)) {
      if (f.modifiedAt.getTime() >= before) continue;
      batch.push(f);
      if (batch.length >= BATCH) await settle();
    }
    await settle();
  }
  if (out.removed) opts.log?.info({ removed: out.removed, bytes: out.bytes }, `files: removed ${out.removed} orphan file(s), ${out.bytes} bytes, from ${store.where}`);
  return out;
}

/** The sweep as the api runs it: on one node at a time (onOneNode). Answers null when another node had it. */
export function orphanSweep(db: Db, store: FileStore, references: readonly FileReferences[], graceMs: number, log?: Parameters<typeof sweepOrphans>[3]['log']) {
  return () => onOneNode(db, 'files-orphan-sweep', () => sweepOrphans(db, store, references, { graceMs, log }));
}
