import { CONTRACT_PRODUCT_TITLES, formatDate, type CommissionTemplate, type ContractProduct } from '@oyster/shared-kit/domain';
import { fioSql } from '../platform/auth/users.js';
import { newId, type Queryable } from '../platform/db.js';
import { HttpError, notFoundError, validationError } from '../platform/errors.js';
import { isoTime } from '../platform/sql.js';
import { payingSide, payoutProblem, RATE_TEXTS } from './rates.js';

/**
 * Personal templates (issue 24, `add_template/{agentId}`, `edit_template/{templateId}`): an agent's own rate
 * for one insurer × product, from a day to a day or open-ended — the resolver's first choice. Written by
 * finance staff; each is checked against what the insurer pays (with the owner's override) over its dates,
 * and templates of one agent × insurer × product never overlap. A started template is history: its rate
 * and start stay (the ledger accrued by them); it can only be ended earlier. One that has not started can
 * be changed or deleted.
 */

export const TEMPLATE_TEXTS = {
  notFound: 'Шаблон не найден',
  noAgent: 'Поле «agentId»: такого агента нет',
  overlaps: (from: string, to: string | null) => `Шаблон пересекается с шаблоном этого агента по тому же страховщику и продукту (с ${formatDate(from)}${to ? ` по ${formatDate(to)}` : ', бессрочно'})`,
  started: 'Шаблон уже действует: ставку и начало не изменить, его можно только закончить раньше (поле «validTo»)',
  endInPast: 'Поле «validTo»: закончить шаблон можно не раньше вчерашнего дня',
  deleteStarted: 'Шаблон уже действует и мог попасть в начисления: удалить нельзя — закончите его (поле «validTo»)',
  toBeforeFrom: 'Поле «validTo»: не раньше даты начала',
} as const;

interface Row {
  id: string;
  agent_id: string;
  agent_fio: string;
  company_id: string;
  company_name: string;
  product: string;
  rate_bp: number;
  valid_from: string;
  valid_to: string | null;
  created_at: string | Date;
  created_by: string | null;
  creator_fio: string | null;
}

const SELECT = `SELECT t.id, t.agent_id, ${fioSql('u')} AS agent_fio, t.company_id, co.short_name AS company_name, t.product, t.rate_bp,
    t.valid_from::text AS valid_from, t.valid_to::text AS valid_to, t.created_at, t.created_by, ${fioSql('cb')} AS creator_fio
  FROM commission_templates t JOIN users u ON u.id = t.agent_id JOIN companies co ON co.id = t.company_id LEFT JOIN users cb ON cb.id = t.created_by`;

const toWire = (r: Row): CommissionTemplate => ({
  id: r.id,
  agent: { id: r.agent_id, fio: r.agent_fio },
  companyId: r.company_id,
  companyName: r.company_name,
  product: r.product,
  productName: CONTRACT_PRODUCT_TITLES[r.product as ContractProduct] ?? r.product,
  rateBp: r.rate_bp,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  createdAt: isoTime(r.created_at),
  createdBy: r.created_by ? { id: r.created_by, fio: r.creator_fio ?? '' } : null,
});

export async function listTemplates(q: Queryable, f: { agent?: string; company?: string; product?: string }): Promise<CommissionTemplate[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  for (const [column, value] of [['t.agent_id', f.agent], ['t.company_id', f.company], ['t.product', f.product]] as const) {
    if (!value) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  const rows = await q.query<Row>(`${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.valid_from DESC, t.created_at DESC LIMIT 500`, params);
  return rows.map(toWire);
}

export async function getTemplate(q: Queryable, id: string, lock = false): Promise<CommissionTemplate> {
  const [row] = await q.query<Row>(`${SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  if (!row) throw notFoundError(TEMPLATE_TEXTS.notFound);
  return toWire(row);
}

/** The checks every write of a template makes: the insurer, the product, no overlap, paid out of what the insurer pays. */
async function checkTemplate(q: Queryable, t: { id?: string; agentId: string; companyId: string; product: string; rateBp: number; validFrom: string; validTo: string | null }) {
  if (t.validTo && t.validTo < t.validFrom) throw validationError(TEMPLATE_TEXTS.toBeforeFrom, 'validTo');
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`rates:${t.companyId}:${t.product}`]);
  const [other] = await q.query<{ from: string; to: string | null }>(
    `SELECT valid_from::text AS from, valid_to::text AS to FROM commission_templates
      WHERE agent_id = $1 AND company_id = $2 AND product = $3 AND id <> $4
        AND valid_from <= coalesce($6::date, 'infinity'::date) AND coalesce(valid_to, 'infinity'::date) >= $5::date LIMIT 1`,
    [t.agentId, t.companyId, t.product, t.id ?? '', t.validFrom, t.validTo],
  );
  if (other) throw validationError(TEMPLATE_TEXTS.overlaps(other.from, other.to), 'validFrom');
  const { insurer, override } = await payingSide(q, t.companyId, t.product);
  const problem = payoutProblem(insurer, override, [{ label: 'персональный шаблон', field: 'rateBp', versions: [{ from: t.validFrom, to: t.validTo, bp: t.rateBp }] }], t.validFrom);
  if (problem) throw validationError(problem.message, 'rateBp');
}

export async function createTemplate(q: Queryable, input: { agentId: string; companyId: string; product: string; rateBp: number; validFrom: string; validTo?: string | null }, by: string, today: string): Promise<string> {
  if (input.validFrom < today) throw validationError(RATE_TEXTS.past, 'validFrom');
  const [agent] = await q.query(`SELECT 1 FROM users WHERE id = $1 AND ('agent' = ANY(roles) OR 'agent_new' = ANY(roles))`, [input.agentId]);
  if (!agent) throw validationError(TEMPLATE_TEXTS.noAgent, 'agentId');
  const [company] = await q.query('SELECT 1 FROM companies WHERE id = $1', [input.companyId]);
  if (!company) throw validationError(RATE_TEXTS.noCompany, 'companyId');
  const validTo = input.validTo ?? null;
  await checkTemplate(q, { ...input, validTo });
  const id = newId();
  await q.query(
    `INSERT INTO commission_templates (id, agent_id, company_id, product, rate_bp, valid_from, valid_to, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, input.agentId, input.companyId, input.product, input.rateBp, input.validFrom, validTo, by],
  );
  return id;
}

/** A change: before its start anything; once started only an earlier end (not before yesterday: today's sales keep it). */
export async function updateTemplate(q: Queryable, id: string, patch: { rateBp?: number; validFrom?: string; validTo?: string | null }, today: string): Promise<void> {
  const t = await getTemplate(q, id, true);
  const started = t.validFrom <= today;
  if (started && ((patch.rateBp !== undefined && patch.rateBp !== t.rateBp) || (patch.validFrom !== undefined && patch.validFrom !== t.validFrom))) throw new HttpError(409, TEMPLATE_TEXTS.started, { error: true });
  if (!started && patch.validFrom !== undefined && patch.validFrom < today) throw validationError(RATE_TEXTS.past, 'validFrom');
  const next = { rateBp: patch.rateBp ?? t.rateBp, validFrom: patch.validFrom ?? t.validFrom, validTo: patch.validTo === undefined ? t.validTo : patch.validTo };
  if (started && next.validTo !== t.validTo) {
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    if (next.validTo !== null && next.validTo < yesterday) throw validationError(TEMPLATE_TEXTS.endInPast, 'validTo');
  }
  await checkTemplate(q, { id, agentId: t.agent.id, companyId: t.companyId, product: t.product, ...next });
  await q.query('UPDATE commission_templates SET rate_bp = $2, valid_from = $3, valid_to = $4 WHERE id = $1', [id, next.rateBp, next.validFrom, next.validTo]);
}

export async function deleteTemplate(q: Queryable, id: string, today: string): Promise<void> {
  const t = await getTemplate(q, id, true);
  if (t.validFrom <= today) throw new HttpError(409, TEMPLATE_TEXTS.deleteStarted, { error: true });
  await q.query('DELETE FROM commission_templates WHERE id = $1', [id]);
}
