import { CONTRACT_PRODUCT_TITLES, CONTRACT_STATUS as S, RECON_LINE_STATUS_TITLES, RECON_RESOLUTION_TITLES, type ReconAction, type ReconLine, type ReconLineStatus, type ReconMapping, type ReconMarginRow, type ReconProgress, type ReconStatement } from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import { newId, type Queryable } from '../../platform/db.js';
import { HttpError, validationError } from '../../platform/errors.js';
import { isoTime } from '../../platform/sql.js';
import { commissionOf } from '../ledger.js';
import type { StatementRow } from './import.js';
import { clientKey, matchStatement, policyKey, type Candidate } from './matcher.js';

/** Contract statuses for which the insurer owes the broker its commission (paid and after; not cancelled). */
export const PAID_STATUSES: readonly number[] = [S.paid, S.released, S.inAction, S.ended];

export const RECON_TEXTS = {
  noCompany: 'Поле «companyId»: такого страховщика нет',
  noLine: 'Строка выписки не найдена',
  noStatement: 'Выписка не найдена',
  matched: 'Строка сошлась: решать нечего',
  resolved: (title: string) => `Строка уже решена («${title}»): повторно решить нельзя`,
  disputed: 'Строка уже оспорена: примите сумму страховщика или игнорируйте строку',
  noteRequired: (action: 'dispute' | 'ignore') => `Поле «note»: ${action === 'dispute' ? 'опишите, что оспариваете' : 'укажите причину'} (от 5 до 500 символов)`,
  acceptedNote: (period: string) => `Принята сумма страховщика по выписке за ${period}`,
} as const;

/** The first day of the month 'YYYY-MM' and of the next one. */
export function periodBounds(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${period}-01`, `${next}-01`];
}

type CandidateRow = { id: string; policy_number: string | null; client_name: string | null; premium: string | number | null; start_date: string | null; product: string; status: number; rate_bp: number | null; adjusted: string | number };

/**
 * The insurer's contracts a statement can match: those its rows name (policy number, client), and the paid
 * ones of the period (for «нет в выписке»), each with what we expect from the insurer for it.
 */
export async function candidates(q: Queryable, companyId: string, period: string, rows: readonly StatementRow[]): Promise<Candidate[]> {
  const [from, to] = periodBounds(period);
  const found = await q.query<CandidateRow>(
    `SELECT c.id, c.policy_number, c.client_name, c.premium, c.start_date::text AS start_date, c.product, c.status,
            (SELECT i.rate_bp FROM insurer_rates i WHERE i.company_id = c.company_id AND i.product = c.product AND i.valid_from <= c.start_date ORDER BY i.valid_from DESC LIMIT 1) AS rate_bp,
            (SELECT coalesce(sum(a.amount_kopecks), 0) FROM insurer_commission_adjustments a WHERE a.contract_id = c.id) AS adjusted
       FROM contracts c
      WHERE c.company_id = $1 AND c.premium IS NOT NULL
        AND (upper(regexp_replace(replace(upper(coalesce(c.policy_number, '')), 'Ё', 'Е'), '[^0-9A-ZА-Я]', '', 'g')) = ANY($2::text[])
             OR lower(regexp_replace(replace(lower(coalesce(c.client_name, '')), 'ё', 'е'), '\\s+', ' ', 'g')) = ANY($3::text[])
             OR (c.status = ANY($4::int[]) AND c.start_date >= $5::date AND c.start_date < $6::date))
      ORDER BY c.policy_number NULLS LAST, c.id`,
    [companyId, rows.map((r) => policyKey(r.policyNumber)).filter(Boolean), rows.map((r) => clientKey(r.clientName)).filter(Boolean), PAID_STATUSES, from, to],
  );
  return found.map((c) => {
    const premium = Number(c.premium);
    const paid = PAID_STATUSES.includes(c.status);
    return {
      id: c.id,
      policyNumber: c.policy_number,
      clientName: c.client_name,
      premiumKopecks: premium,
      startDate: c.start_date,
      product: c.product,
      paid,
      inPeriod: !!c.start_date && c.start_date >= from && c.start_date < to,
      expectedRateBp: c.rate_bp,
      expectedKopecks: paid ? (c.rate_bp === null ? 0 : commissionOf(premium, c.rate_bp)) + Number(c.adjusted) : 0,
    };
  });
}

/** Imports a statement (inside the caller's transaction): the statement, its matched lines, the mapping saved. Answers its id. */
export async function importStatement(
  q: Queryable,
  s: { companyId: string; period: string; fileName: string; rows: StatementRow[]; mapping: ReconMapping },
  by: string,
): Promise<string> {
  const [company] = await q.query('SELECT 1 FROM companies WHERE id = $1', [s.companyId]);
  if (!company) throw validationError(RECON_TEXTS.noCompany, 'companyId');
  const lines = matchStatement(s.rows, await candidates(q, s.companyId, s.period, s.rows));
  const id = newId();
  await q.query('INSERT INTO insurer_statements (id, company_id, period, file_name, created_by) VALUES ($1, $2, $3, $4, $5)', [id, s.companyId, s.period, s.fileName, by]);
  for (let i = 0; i < lines.length; i += 200) {
    const params: unknown[] = [];
    const values = lines.slice(i, i + 200).map((l) => {
      const r = l.row;
      const c = l.contract;
      params.push(newId(), id, r?.row ?? null, c?.id ?? null, l.matchedBy, r ? r.policyNumber : c?.policyNumber ?? null, r ? r.clientName : c?.clientName ?? null, r?.product ?? c?.product ?? null,
        r ? r.startDate : c?.startDate ?? null, r ? r.premiumKopecks : c?.premiumKopecks ?? null, r?.rateBp ?? null, r?.amountKopecks ?? null, c?.expectedRateBp ?? null, c ? (c.paid ? c.expectedKopecks : 0) : null, l.status);
      const n = params.length;
      return `(${Array.from({ length: 15 }, (_, k) => `$${n - 14 + k}`).join(', ')})`;
    });
    await q.query(
      `INSERT INTO insurer_statement_lines (id, statement_id, row_no, contract_id, matched_by, policy_number, client_name, product, start_date, premium_kopecks, rate_bp, amount_kopecks, expected_rate_bp, expected_kopecks, status)
       SELECT v.id, v.sid, v.row_no::int, v.cid, v.mb, v.pn, v.cn, v.pr, v.sd::date, v.pk::bigint, v.rb::int, v.ak::bigint, v.erb::int, v.ek::bigint, v.st
         FROM (VALUES ${values.join(', ')}) AS v(id, sid, row_no, cid, mb, pn, cn, pr, sd, pk, rb, ak, erb, ek, st)`,
      params,
    );
  }
  await q.query(
    `INSERT INTO insurer_statement_mappings (company_id, columns, updated_by) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (company_id) DO UPDATE SET columns = EXCLUDED.columns, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [s.companyId, JSON.stringify(s.mapping), by],
  );
  return id;
}

export async function savedMapping(q: Queryable, companyId: string): Promise<ReconMapping | null> {
  const [m] = await q.query<{ columns: ReconMapping }>('SELECT columns FROM insurer_statement_mappings WHERE company_id = $1', [companyId]);
  return m?.columns ?? null;
}

const PROGRESS_SQL = `count(*)::int AS lines, count(*) FILTER (WHERE l.status = 'matched')::int AS matched,
  count(*) FILTER (WHERE l.status <> 'matched')::int AS exceptions,
  count(*) FILTER (WHERE l.resolution IN ('accept', 'ignore'))::int AS resolved,
  count(*) FILTER (WHERE l.resolution = 'dispute')::int AS disputed`;
type ProgressRow = { lines: number; matched: number; exceptions: number; resolved: number; disputed: number };
const progressOf = (r: ProgressRow): ReconProgress => ({ lines: r.lines, matched: r.matched, exceptions: r.exceptions, resolved: r.resolved, disputed: r.disputed, open: r.exceptions - r.resolved });

type StatementDbRow = ProgressRow & { id: string; company_id: string; company_name: string; period: string; file_name: string; created_at: string | Date; created_by: string; statement_kopecks: string | number; expected_kopecks: string | number };

const statementSelect = (where: string) => `
  SELECT s.id, s.company_id, co.short_name AS company_name, s.period, s.file_name, s.created_at, ${fioSql('u')} AS created_by, ${PROGRESS_SQL},
         coalesce(sum(l.amount_kopecks), 0) AS statement_kopecks, coalesce(sum(l.expected_kopecks), 0) AS expected_kopecks
    FROM insurer_statements s JOIN companies co ON co.id = s.company_id JOIN users u ON u.id = s.created_by
    LEFT JOIN insurer_statement_lines l ON l.statement_id = s.id
   ${where}
   GROUP BY s.id, co.short_name, u.id
   ORDER BY s.created_at DESC, s.id DESC`;

const toStatement = (r: StatementDbRow): ReconStatement => ({
  id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  period: r.period,
  fileName: r.file_name,
  createdAt: isoTime(r.created_at),
  createdBy: r.created_by,
  progress: progressOf(r),
  statementKopecks: Number(r.statement_kopecks),
  expectedKopecks: Number(r.expected_kopecks),
});

export async function listStatements(q: Queryable): Promise<ReconStatement[]> {
  return (await q.query<StatementDbRow>(`${statementSelect('')} LIMIT 500`)).map(toStatement);
}

export async function insurerProgress(q: Queryable) {
  const rows = await q.query<ProgressRow & { company_id: string; company_name: string; statements: number }>(
    `SELECT s.company_id, co.short_name AS company_name, count(DISTINCT s.id)::int AS statements, ${PROGRESS_SQL}
       FROM insurer_statements s JOIN companies co ON co.id = s.company_id JOIN insurer_statement_lines l ON l.statement_id = s.id
      GROUP BY s.company_id, co.short_name ORDER BY co.short_name`,
  );
  return rows.map((r) => ({ companyId: r.company_id, companyName: r.company_name, statements: r.statements, progress: progressOf(r) }));
}

type LineDbRow = {
  id: string; row_no: number | null; status: ReconLineStatus; matched_by: 'policy' | 'client' | null; contract_id: string | null; c_policy: string | null; c_client: string | null; c_premium: string | number | null; c_start: string | null;
  policy_number: string | null; client_name: string | null; premium_kopecks: string | number | null; rate_bp: number | null; amount_kopecks: string | number | null; expected_rate_bp: number | null; expected_kopecks: string | number | null;
  resolution: ReconAction | null; note: string | null; resolved_by: string | null; resolved_at: string | Date | null; adjustment: string | number | null;
};
const num = (v: string | number | null) => (v === null ? null : Number(v));

export async function statementPage(q: Queryable, statementId: string): Promise<{ statement: ReconStatement; lines: ReconLine[] } | null> {
  const [s] = await q.query<StatementDbRow>(statementSelect('WHERE s.id = $1'), [statementId]);
  if (!s) return null;
  const rows = await q.query<LineDbRow>(
    `SELECT l.id, l.row_no, l.status, l.matched_by, l.contract_id, c.policy_number AS c_policy, c.client_name AS c_client, c.premium AS c_premium, c.start_date::text AS c_start,
            l.policy_number, l.client_name, l.premium_kopecks, l.rate_bp, l.amount_kopecks, l.expected_rate_bp, l.expected_kopecks,
            l.resolution, l.note, CASE WHEN l.resolved_by IS NULL THEN NULL ELSE ${fioSql('ru')} END AS resolved_by, l.resolved_at, a.amount_kopecks AS adjustment
       FROM insurer_statement_lines l LEFT JOIN contracts c ON c.id = l.contract_id LEFT JOIN users ru ON ru.id = l.resolved_by
       LEFT JOIN insurer_commission_adjustments a ON a.line_id = l.id
      WHERE l.statement_id = $1 ORDER BY l.row_no NULLS LAST, l.policy_number, l.id`,
    [statementId],
  );
  const lines = rows.map((r): ReconLine => ({
    id: r.id,
    row: r.row_no,
    status: r.status,
    statusTitle: RECON_LINE_STATUS_TITLES[r.status],
    matchedBy: r.matched_by,
    contract: r.contract_id ? { id: r.contract_id, policyNumber: r.c_policy, clientName: r.c_client, premiumKopecks: Number(r.c_premium ?? 0), startDate: r.c_start } : null,
    policyNumber: r.policy_number,
    clientName: r.client_name,
    premiumKopecks: num(r.premium_kopecks),
    rateBp: r.rate_bp,
    amountKopecks: num(r.amount_kopecks),
    expectedRateBp: r.expected_rate_bp,
    expectedKopecks: num(r.expected_kopecks),
    differenceKopecks: (num(r.amount_kopecks) ?? 0) - (num(r.expected_kopecks) ?? 0),
    resolution: r.resolution,
    resolutionTitle: r.resolution ? RECON_RESOLUTION_TITLES[r.resolution] : null,
    note: r.note,
    resolvedBy: r.resolved_by,
    resolvedAt: isoTime(r.resolved_at),
    adjustmentKopecks: num(r.adjustment),
  }));
  return { statement: toStatement(s), lines };
}

/**
 * A person's decision on one exception (inside the caller's transaction). Accept: the insurer's figure
 * becomes ours — an insurer-side adjustment of (insurer's amount − expected) on the contract (or on none for
 * a policy we do not have), the line closed. Dispute: the line stays open with the note (it may be accepted
 * or ignored later). Ignore: closed with the reason. A matched or closed line is a 409; a disputed line
 * disputed again too. Answers the statement's id.
 */
export async function resolveLine(q: Queryable, lineId: string, action: ReconAction, note: string | null, by: string): Promise<string> {
  const [l] = await q.query<{ statement_id: string; status: ReconLineStatus; resolution: ReconAction | null; contract_id: string | null; product: string | null; amount_kopecks: string | number | null; expected_kopecks: string | number | null; company_id: string; period: string; c_product: string | null }>(
    `SELECT l.statement_id, l.status, l.resolution, l.contract_id, l.product, l.amount_kopecks, l.expected_kopecks, s.company_id, s.period, c.product AS c_product
       FROM insurer_statement_lines l JOIN insurer_statements s ON s.id = l.statement_id LEFT JOIN contracts c ON c.id = l.contract_id WHERE l.id = $1`,
    [lineId],
  );
  if (!l) throw new HttpError(404, RECON_TEXTS.noLine, { error: true });
  if (l.status === 'matched') throw new HttpError(409, RECON_TEXTS.matched, { error: true });
  if (l.resolution && l.resolution !== 'dispute') throw new HttpError(409, RECON_TEXTS.resolved(RECON_RESOLUTION_TITLES[l.resolution]), { error: true });
  if (l.resolution === 'dispute' && action === 'dispute') throw new HttpError(409, RECON_TEXTS.disputed, { error: true });
  if (action !== 'accept' && (!note || note.length < 5)) throw validationError(RECON_TEXTS.noteRequired(action), 'note');
  // The condition again in the write: two people deciding at once — one wins, the other gets the 409.
  const updated = await q.query(
    `UPDATE insurer_statement_lines SET resolution = $2, note = $3, resolved_by = $4, resolved_at = now()
      WHERE id = $1 AND status <> 'matched' AND (resolution IS NULL OR (resolution = 'dispute' AND $2 <> 'dispute')) RETURNING id`,
    [lineId, action, note, by],
  );
  if (!updated.length) throw new HttpError(409, RECON_TEXTS.resolved('решена'), { error: true });
  if (action === 'accept') {
    const amount = (num(l.amount_kopecks) ?? 0) - (num(l.expected_kopecks) ?? 0);
    if (amount !== 0) {
      await q.query(
        `INSERT INTO insurer_commission_adjustments (id, line_id, contract_id, company_id, product, period, amount_kopecks, note, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [newId(), lineId, l.contract_id, l.company_id, l.c_product ?? knownProduct(l.product), l.period, amount, note || RECON_TEXTS.acceptedNote(l.period), by],
      );
    }
  }
  return l.statement_id;
}

/** A product code the file may name (only e-OSAGO is sold so far): its code, else none. */
function knownProduct(text: string | null): string | null {
  const t = (text ?? '').toLowerCase().replace(/[^a-zа-я]/g, '');
  return t === 'eosago' || t.includes('осаго') ? 'eosago' : null;
}

/**
 * The broker's margin per insurer × product for a period (Moscow month; contracts by their start date):
 * what insurers pay the broker — premium × the insurer's rate for each paid contract, plus the insurer-side
 * adjustments accepted on the period's statements — minus what the broker pays agents: every ledger line on
 * those contracts (commission, override, their reversals, adjustments tied to them).
 */
export async function margin(q: Queryable, period: string): Promise<ReconMarginRow[]> {
  const [from, to] = periodBounds(period);
  const contracts = await q.query<{ id: string; company_id: string; company_name: string; product: string; product_name: string; premium: string | number; status: number; rate_bp: number | null; agents: string | number }>(
    `SELECT c.id, c.company_id, co.short_name AS company_name, c.product, coalesce(p.name, c.product) AS product_name, c.premium, c.status,
            (SELECT i.rate_bp FROM insurer_rates i WHERE i.company_id = c.company_id AND i.product = c.product AND i.valid_from <= c.start_date ORDER BY i.valid_from DESC LIMIT 1) AS rate_bp,
            (SELECT coalesce(sum(l.amount_kopecks), 0) FROM commission_ledger l WHERE l.contract_id = c.id) AS agents
       FROM contracts c JOIN companies co ON co.id = c.company_id LEFT JOIN products p ON p.id = c.product
      WHERE c.premium IS NOT NULL AND c.start_date >= $1::date AND c.start_date < $2::date
        AND (c.status = ANY($3::int[]) OR EXISTS (SELECT 1 FROM commission_ledger l WHERE l.contract_id = c.id))`,
    [from, to, PAID_STATUSES],
  );
  const adjustments = await q.query<{ company_id: string; company_name: string; product: string | null; product_name: string | null; amount: string | number }>(
    `SELECT a.company_id, co.short_name AS company_name, a.product, p.name AS product_name, sum(a.amount_kopecks) AS amount
       FROM insurer_commission_adjustments a JOIN companies co ON co.id = a.company_id LEFT JOIN products p ON p.id = a.product
      WHERE a.period = $1 GROUP BY a.company_id, co.short_name, a.product, p.name`,
    [period],
  );
  const rows = new Map<string, ReconMarginRow>();
  const titleOf = (product: string | null, name: string | null) => (product && product in CONTRACT_PRODUCT_TITLES ? CONTRACT_PRODUCT_TITLES[product as keyof typeof CONTRACT_PRODUCT_TITLES] : name);
  const rowOf = (companyId: string, companyName: string, product: string | null, productName: string | null) => {
    const key = `${companyId}:${product ?? ''}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { companyId, companyName, product, productName: titleOf(product, productName) ?? 'Без продукта', contracts: 0, insurerExpectedKopecks: 0, adjustmentsKopecks: 0, agentsKopecks: 0, marginKopecks: 0 }));
    return r;
  };
  for (const c of contracts) {
    const r = rowOf(c.company_id, c.company_name, c.product, c.product_name);
    const paid = PAID_STATUSES.includes(c.status);
    if (paid) r.contracts++;
    if (paid && c.rate_bp !== null) r.insurerExpectedKopecks += commissionOf(Number(c.premium), c.rate_bp);
    r.agentsKopecks += Number(c.agents);
  }
  for (const a of adjustments) rowOf(a.company_id, a.company_name, a.product, a.product_name).adjustmentsKopecks += Number(a.amount);
  for (const r of rows.values()) r.marginKopecks = r.insurerExpectedKopecks + r.adjustmentsKopecks - r.agentsKopecks;
  return [...rows.values()].sort((a, b) => a.companyName.localeCompare(b.companyName, 'ru') || a.productName.localeCompare(b.productName, 'ru'));
}
