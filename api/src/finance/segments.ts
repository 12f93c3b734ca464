import { CONTRACT_PRODUCT_TITLES, type CommissionSegment, type ContractProduct } from '@oyster/shared-kit/domain';
import { fioSql } from '../platform/auth/users.js';
import { newId, type Queryable } from '../platform/db.js';
import { notFoundError, validationError } from '../platform/errors.js';
import { isoTime } from '../platform/sql.js';
import { payingSide, payoutProblem, RATE_TEXTS, type Version } from './rates.js';

/**
 * The commission segmenter (issue 24, «Финансы»): segments of agents with their own rate versions per
 * insurer × product, agents assigned by finance staff — the resolver's second choice, after an agent's
 * personal template. An agent is in one segment at most (moving them to another takes them out of the
 * first). Each rate version is checked against what the insurer pays, with the owner's override.
 */

export const SEGMENT_TEXTS = {
  notFound: 'Сегмент не найден',
  nameTaken: 'Поле «name»: сегмент с таким названием уже есть',
  notAgents: 'Поле «agentIds»: в списке есть не агент',
} as const;

export async function listSegments(q: Queryable, only?: string): Promise<CommissionSegment[]> {
  const segments = await q.query<{ id: string; name: string; created_at: string | Date }>(
    `SELECT id, name, created_at FROM commission_segments ${only ? 'WHERE id = $1' : ''} ORDER BY name`,
    only ? [only] : [],
  );
  if (!segments.length) return [];
  const ids = segments.map((s) => s.id);
  const [members, rates] = await Promise.all([
    q.query<{ segment_id: string; id: string; fio: string }>(
      `SELECT m.segment_id, u.id, ${fioSql('u')} AS fio FROM commission_segment_members m JOIN users u ON u.id = m.agent_id WHERE m.segment_id = ANY($1::text[]) ORDER BY fio`,
      [ids],
    ),
    q.query<{ segment_id: string; company_id: string; company_name: string; product: string; rate_bp: number; valid_from: string }>(
      `SELECT r.segment_id, r.company_id, co.short_name AS company_name, r.product, r.rate_bp, r.valid_from::text AS valid_from
         FROM commission_segment_rates r JOIN companies co ON co.id = r.company_id WHERE r.segment_id = ANY($1::text[])
        ORDER BY co.short_name, r.product, r.valid_from DESC`,
      [ids],
    ),
  ]);
  return segments.map((s) => ({
    id: s.id,
    name: s.name,
    createdAt: isoTime(s.created_at),
    members: members.filter((m) => m.segment_id === s.id).map((m) => ({ id: m.id, fio: m.fio })),
    rates: rates
      .filter((r) => r.segment_id === s.id)
      .map((r) => ({ companyId: r.company_id, companyName: r.company_name, product: r.product, productName: CONTRACT_PRODUCT_TITLES[r.product as ContractProduct] ?? r.product, rateBp: r.rate_bp, validFrom: r.valid_from })),
  }));
}

export async function getSegment(q: Queryable, id: string): Promise<CommissionSegment> {
  const [s] = await listSegments(q, id);
  if (!s) throw notFoundError(SEGMENT_TEXTS.notFound);
  return s;
}

const uniqueName = (e: unknown) => {
  if ((e as { code?: string }).code === '23505') throw validationError(SEGMENT_TEXTS.nameTaken, 'name');
  throw e;
};

export async function createSegment(q: Queryable, name: string, by: string): Promise<string> {
  const id = newId();
  await q.query('INSERT INTO commission_segments (id, name, created_by) VALUES ($1, $2, $3)', [id, name, by]).catch(uniqueName);
  return id;
}

export async function renameSegment(q: Queryable, id: string, name: string): Promise<void> {
  const rows = await q.query('UPDATE commission_segments SET name = $2 WHERE id = $1 RETURNING id', [id, name]).catch(uniqueName);
  if (!rows.length) throw notFoundError(SEGMENT_TEXTS.notFound);
}

/** A new rate version of the segment for one insurer × product, from today or later. */
export async function setSegmentRate(q: Queryable, id: string, r: { companyId: string; product: string; rateBp: number; validFrom: string }, today: string): Promise<void> {
  await getSegment(q, id);
  if (r.validFrom < today) throw validationError(RATE_TEXTS.past, 'validFrom');
  const [company] = await q.query('SELECT 1 FROM companies WHERE id = $1', [r.companyId]);
  if (!company) throw validationError(RATE_TEXTS.noCompany, 'companyId');
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rates:${r.companyId}:${r.product}`]);
  const versions = await q.query<Version>(
    `SELECT valid_from::text AS from, rate_bp AS bp FROM commission_segment_rates WHERE segment_id = $1 AND company_id = $2 AND product = $3 AND valid_from <> $4::date`,
    [id, r.companyId, r.product, r.validFrom],
  );
  const { insurer, override } = await payingSide(q, r.companyId, r.product);
  const problem = payoutProblem(insurer, override, [{ label: 'сегмент', field: 'rateBp', versions: [...versions, { from: r.validFrom, bp: r.rateBp }] }], r.validFrom);
  if (problem) throw validationError(problem.message, 'rateBp');
  await q.query(
    `INSERT INTO commission_segment_rates (segment_id, company_id, product, rate_bp, valid_from) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (segment_id, company_id, product, valid_from) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`,
    [id, r.companyId, r.product, r.rateBp, r.validFrom],
  );
}

/** The segment's whole member list; an agent in another segment moves here. */
export async function setSegmentMembers(q: Queryable, id: string, agentIds: readonly string[], by: string): Promise<void> {
  await getSegment(q, id);
  const unique = [...new Set(agentIds)];
  if (unique.length) {
    const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE id = ANY($1::text[]) AND ('agent' = ANY(roles) OR 'agent_new' = ANY(roles))`, [unique]);
    if (n !== unique.length) throw validationError(SEGMENT_TEXTS.notAgents, 'agentIds');
  }
  await q.query('DELETE FROM commission_segment_members WHERE segment_id = $1 AND NOT (agent_id = ANY($2::text[]))', [id, unique]);
  for (const agentId of unique) {
    await q.query(
      `INSERT INTO commission_segment_members (agent_id, segment_id, assigned_by) VALUES ($1, $2, $3)
       ON CONFLICT (agent_id) DO UPDATE SET segment_id = EXCLUDED.segment_id, assigned_by = EXCLUDED.assigned_by, assigned_at = now()
       WHERE commission_segment_members.segment_id <> EXCLUDED.segment_id`,
      [agentId, id, by],
    );
  }
}

