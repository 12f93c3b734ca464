import type { Db, Queryable } from './db.js';
import { newId } from './db.js';
import type { Realtime } from './realtime.js';

/**
 * The audit log of Управление (migration 31): one append-only row per change of a user, an agent, a
 * partner or a tariff mapping — who, when, which object, and of its fields only those that changed,
 * before and after. Written in the same transaction as the change, so a change and its record stand or
 * fall together. Secrets never reach it: a field whose name says password, token, secret or hash is
 * kept as «изменён» only. Every writer goes through `auditedTx`: once its transaction has committed, each
 * administrator's socket hears `audit_added` (the viewer reloads) — never for a change rolled back.
 */

/** What an audit row says was done (the viewer's labels live with the screen). */
export type AuditAction = 'create' | 'update' | 'block' | 'unblock' | 'delete' | 'invite' | 'reset_password';

export interface AuditEntry {
  /** Who made the change; null for the system. */
  actorId: string | null;
  action: AuditAction;
  /** The kind of object: 'user', 'partner', 'tariff_mapping', 'curator', … */
  objectType: string;
  objectId: string;
  /** The object's fields before the change (null when created). */
  before?: Record<string, unknown> | null;
  /** The fields after the change (null when deleted). */
  after?: Record<string, unknown> | null;
}

const SECRET_FIELD = /password|token|secret|hash/i;
const SECRET_MARK = 'изменён';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `before` and `after` that differ, each side with only those fields (secrets masked).
 * A creation or a deletion keeps the whole side it has.
 */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const mask = (side: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.map((k) => [k, SECRET_FIELD.test(k) ? SECRET_MARK : side[k] ?? null]));
  if (!before || !after) {
    return { before: before ? mask(before, Object.keys(before)) : null, after: after ? mask(after, Object.keys(after)) : null };
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !same(before[k], after[k]));
  return { before: mask(before, keys), after: mask(after, keys) };
}

/** The kinds of object recorded in each open audited transaction, keyed by the handle auditedTx gave. */
const recorded = new WeakMap<Queryable, Set<string>>();

/**
 * Runs `fn` in one transaction of `db` with a handle recordAudit accepts. After the commit, every
 * administrator hears `audit_added` once per kind of object recorded (nothing when the transaction
 * rolled back or recorded nothing). The emit is a live nicety: its failure never fails the change.
 */
export async function auditedTx<T>(db: Db, rt: Pick<Realtime, 'emitToUser'>, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const kinds = new Set<string>();
  const out = await db.tx((q) => {
    const audited: Queryable = { query: (sql, params) => q.query(sql, params), exec: (sql) => q.exec(sql) };
    recorded.set(audited, kinds);
    return fn(audited);
  });
  if (kinds.size) {
    void db.query<{ id: string }>(`SELECT id FROM users WHERE 'admin' = ANY(roles) AND NOT is_blocked`).then(
      (admins) => admins.forEach(({ id }) => kinds.forEach((objectType) => rt.emitToUser(id, 'audit_added', { objectType }))),
      () => undefined,
    );
  }
  return out;
}

/**
 * Appends one row; nothing when an update changed no field. Call it with the handle of `auditedTx`
 * (the change's transaction); any other handle is refused, so no writer forgets to tell the viewers.
 * Returns the row's id, or null when nothing was written.
 */
export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<string | null> {
  const kinds = recorded.get(q);
  if (!kinds) throw new Error('recordAudit: write the audit log inside auditedTx (platform/audit.ts)');
  const { before, after } = auditDiff(entry.before, entry.after);
  if (entry.action === 'update' && before && after && Object.keys(after).length === 0) return null;
  const id = newId();
  await q.query(
    `INSERT INTO audit_log (id, actor_id, action, object_type, object_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [id, entry.actorId, entry.action, entry.objectType, entry.objectId, before && JSON.stringify(before), after && JSON.stringify(after)],
  );
  kinds.add(entry.objectType);
  return id;
}
