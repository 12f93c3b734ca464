import { isAccountOfBik, isBik, ledgerPeriodTitle, REGISTER_STATUS_TITLES, type RegisterDetail, type RegisterRow, type RegisterStatus } from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';
import { isoTime } from '../../platform/sql.js';
import { payoutsOfRegister } from './store.js';

/**
 * Payout registers: finance gathers a period's payouts «К выплате» whose agents have bank details that
 * pass the offline checks (shared-kit bank.ts) into a register; another finance employee approves it
 * (four eyes: the api refuses the builder — and the table's CHECK too); then it goes to the bank
 * (bank-file.ts) and is marked paid line by line or whole. Before approval and before each export the api
 * checks the register's total against its lines and each line against its ledger lines; when it builds a
 * register and before approval, that no line pays more than the agent's payable balance (a reversal written
 * after the payout was calculated lowers it: such a payout waits, listed with the reason, until the agent's
 * later accruals cover it again).
 */

export const REGISTER_TEXTS = {
  nothing: (period: string) => `Поле «period»: за ${ledgerPeriodTitle(period).toLowerCase()} нет выплат «К выплате» с банковскими реквизитами`,
  fourEyes: 'Утвердить реестр должен другой сотрудник: вы его сформировали',
  notDraft: 'Реестр уже утверждён — изменить его нельзя',
  notApproved: 'Реестр ещё не утверждён',
  notInRegister: 'Поле «payoutIds»: этих выплат нет в реестре среди неоплаченных',
  mismatch: 'Сумма реестра не сходится со строками — удалите черновик и соберите реестр заново',
  noBank: 'Нет банковских реквизитов агента',
  badAccount: 'Счёт агента не сходится с БИК банка — проверьте реквизиты',
  overBalance: 'Выплата больше баланса агента: после расчёта пришло сторно — выплата ждёт новых начислений',
  overBalanceInRegister: 'В реестре есть выплата больше баланса агента (после расчёта пришло сторно) — удалите черновик и соберите реестр заново',
} as const;

/**
 * SQL: the agent's payable balance left for payout `p` — every ledger line of the agent less what the
 * agent's other payouts already took or are taking (paid, or in a register): a paid payout's gross is the
 * sum of its lines (checked when calculated and before approval, and locked once paid), so this reads the
 * agent's lines and payouts by their indexes, not every line's payout.
 */
const AVAILABLE_FOR = (p: string) => `((SELECT coalesce(sum(l.amount_kopecks), 0) FROM commission_ledger l WHERE l.agent_id = ${p}.agent_id)
    - (SELECT coalesce(sum(o.gross_kopecks), 0) FROM payouts o WHERE o.agent_id = ${p}.agent_id AND o.id <> ${p}.id AND o.status IN ('paid', 'in_register')))`;

interface RegisterDbRow {
  id: string | number;
  number: number;
  period: string;
  status: RegisterStatus;
  total_kopecks: string | number;
  lines: number;
  paid_lines: number;
  built_by: string;
  built_fio: string;
  approved_by: string | null;
  approved_fio: string | null;
  created_at: string | Date;
  approved_at: string | Date | null;
}

const REGISTER_SELECT = `SELECT r.id, r.number, r.period, r.status, r.total_kopecks,
    (SELECT count(*)::int FROM payouts p WHERE p.register_id = r.id) AS lines,
    (SELECT count(*)::int FROM payouts p WHERE p.register_id = r.id AND p.status = 'paid') AS paid_lines,
    r.built_by, ${fioSql('b')} AS built_fio, r.approved_by, ${fioSql('a')} AS approved_fio, r.created_at, r.approved_at
  FROM payout_registers r JOIN users b ON b.id = r.built_by LEFT JOIN users a ON a.id = r.approved_by`;

function toRegisterRow(r: RegisterDbRow): RegisterRow {
  return {
    id: String(r.id),
    number: r.number,
    period: r.period,
    periodTitle: ledgerPeriodTitle(r.period),
    status: r.status,
    statusTitle: REGISTER_STATUS_TITLES[r.status],
    totalKopecks: Number(r.total_kopecks),
    lines: r.lines,
    paidLines: r.paid_lines,
    builtBy: { id: r.built_by, fio: r.built_fio },
    approvedBy: r.approved_by ? { id: r.approved_by, fio: r.approved_fio ?? '' } : null,
    createdAt: isoTime(r.created_at),
    approvedAt: isoTime(r.approved_at),
  };
}

export async function listRegisters(q: Queryable): Promise<RegisterRow[]> {
  return (await q.query<RegisterDbRow>(`${REGISTER_SELECT} ORDER BY r.id DESC LIMIT 500`)).map(toRegisterRow);
}

/** The ready payouts of a period left out of a register, and why. */
async function skippedOf(q: Queryable, period: string): Promise<RegisterDetail['skipped']> {
  const rows = await q.query<{ agent_id: string; fio: string; bik: string | null; account: string | null; over: boolean }>(
    `SELECT p.agent_id, ${fioSql('u')} AS fio, b.bik, b.account, p.gross_kopecks > ${AVAILABLE_FOR('p')} AS over
       FROM payouts p JOIN users u ON u.id = p.agent_id LEFT JOIN agent_billing b ON b.user_id = p.agent_id
      WHERE p.period = $1 AND p.status = 'ready' ORDER BY 2`,
    [period],
  );
  // A payout with none of the three (ready since the draft was built: an SZ receipt attached) goes into the next register.
  return rows.flatMap((r) => {
    const reason = !r.bik || !r.account || !isBik(r.bik) ? REGISTER_TEXTS.noBank : !isAccountOfBik(r.account, r.bik) ? REGISTER_TEXTS.badAccount : r.over ? REGISTER_TEXTS.overBalance : null;
    return reason ? [{ agent: { id: r.agent_id, fio: r.fio }, reason }] : [];
  });
}

export async function registerDetail(q: Queryable, registerId: string): Promise<RegisterDetail | null> {
  const [r] = await q.query<RegisterDbRow>(`${REGISTER_SELECT} WHERE r.id = $1`, [registerId]);
  if (!r) return null;
  const row = toRegisterRow(r);
  return { ...row, payouts: await payoutsOfRegister(q, registerId), skipped: row.status === 'draft' ? await skippedOf(q, row.period) : [] };
}

/** Builds a register of the period's ready payouts whose agents' bank details pass the checks. Answers its id. */
export async function buildRegister(q: Queryable, period: string, by: string): Promise<{ id: string; payouts: { id: string; agentId: string }[] }> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('payout_register'))`);
  const candidates = await q.query<{ id: string | number; agent_id: string; bik: string | null; account: string | null; over: boolean }>(
    `SELECT p.id, p.agent_id, b.bik, b.account, p.gross_kopecks > ${AVAILABLE_FOR('p')} AS over FROM payouts p LEFT JOIN agent_billing b ON b.user_id = p.agent_id
      WHERE p.period = $1 AND p.status = 'ready' AND p.register_id IS NULL FOR UPDATE OF p`,
    [period],
  );
  const payable = candidates.filter((c) => c.bik && c.account && isAccountOfBik(c.account, c.bik) && !c.over);
  if (!payable.length) throw validationError(REGISTER_TEXTS.nothing(period), 'period');
  const ids = payable.map((c) => String(c.id));
  const [reg] = await q.query<{ id: string | number }>(
    `INSERT INTO payout_registers (period, total_kopecks, built_by)
     SELECT $1, sum(p.net_kopecks), $2 FROM unnest($3::bigint[]) AS x(id) JOIN payouts p ON p.id = x.id RETURNING id`,
    [period, by, ids],
  );
  await q.query(`UPDATE payouts p SET status = 'in_register', register_id = $1 FROM unnest($2::bigint[]) AS x(id) WHERE p.id = x.id`, [reg.id, ids]);
  return { id: String(reg.id), payouts: payable.map((c) => ({ id: String(c.id), agentId: c.agent_id })) };
}

/** The register's total is the sum of its lines, and each line's gross the sum of its ledger lines. */
export async function checkRegisterSums(q: Queryable, registerId: string): Promise<void> {
  // Per line an index lookup of its ledger lines (payout_lines by payout): linear however the planner
  // guesses the register's size (a join planned on a stale guess went quadratic: 22 s for 10,000 lines).
  const [c] = await q.query<{ ok: boolean }>(
    `SELECT r.total_kopecks = coalesce(sum(x.net), 0) AND coalesce(bool_and(x.gross = x.s), true) AS ok
       FROM payout_registers r LEFT JOIN LATERAL (
         SELECT p.net_kopecks AS net, p.gross_kopecks AS gross,
                (SELECT coalesce(sum(l.amount_kopecks), 0) FROM payout_lines pl JOIN commission_ledger l ON l.id = pl.ledger_id WHERE pl.payout_id = p.id) AS s
           FROM payouts p WHERE p.register_id = r.id) x ON true
      WHERE r.id = $1 GROUP BY r.total_kopecks`,
    [registerId],
  );
  if (!c?.ok) throw new HttpError(409, REGISTER_TEXTS.mismatch);
}

/** No line of the register pays more than its agent's payable balance (a reversal since it was built lowers it). */
export async function checkRegisterBalances(q: Queryable, registerId: string): Promise<void> {
  const [c] = await q.query<{ over: number }>(`SELECT count(*)::int AS over FROM payouts p WHERE p.register_id = $1 AND p.gross_kopecks > ${AVAILABLE_FOR('p')}`, [registerId]);
  if (c.over) throw new HttpError(409, REGISTER_TEXTS.overBalanceInRegister);
}

async function lockRegister(q: Queryable, registerId: string): Promise<{ status: RegisterStatus; built_by: string }> {
  const [r] = await q.query<{ status: RegisterStatus; built_by: string }>('SELECT status, built_by FROM payout_registers WHERE id = $1 FOR UPDATE', [registerId]);
  if (!r) throw notFound();
  return r;
}

export async function approveRegister(q: Queryable, registerId: string, by: string): Promise<void> {
  const r = await lockRegister(q, registerId);
  if (r.status !== 'draft') throw new HttpError(409, REGISTER_TEXTS.notDraft);
  if (r.built_by === by) throw new HttpError(403, REGISTER_TEXTS.fourEyes);
  await checkRegisterSums(q, registerId);
  await checkRegisterBalances(q, registerId);
  await q.query(`UPDATE payout_registers SET status = 'approved', approved_by = $2, approved_at = now() WHERE id = $1`, [registerId, by]);
}

/** A draft taken apart: its payouts are «К выплате» again. Answers them. */
export async function deleteDraft(q: Queryable, registerId: string): Promise<{ id: string; agentId: string }[]> {
  const r = await lockRegister(q, registerId);
  if (r.status !== 'draft') throw new HttpError(409, REGISTER_TEXTS.notDraft);
  const freed = await q.query<{ id: string | number; agent_id: string }>(
    `UPDATE payouts SET status = 'ready', register_id = NULL WHERE register_id = $1 RETURNING id, agent_id`,
    [registerId],
  );
  await q.query('DELETE FROM payout_registers WHERE id = $1', [registerId]);
  return freed.map((p) => ({ id: String(p.id), agentId: p.agent_id }));
}

/** Marks lines of an approved register paid (all unpaid ones when none named); the register is paid when all are. */
export async function markPaid(q: Queryable, registerId: string, payoutIds: string[] | undefined, at?: Date): Promise<{ id: string; agentId: string }[]> {
  const r = await lockRegister(q, registerId);
  if (r.status === 'draft') throw new HttpError(409, REGISTER_TEXTS.notApproved);
  const open = await q.query<{ id: string | number; agent_id: string }>(`SELECT id, agent_id FROM payouts WHERE register_id = $1 AND status = 'in_register' FOR UPDATE`, [registerId]);
  const openIds = new Set(open.map((p) => String(p.id)));
  const wanted = payoutIds ? [...new Set(payoutIds)] : [...openIds];
  if (!wanted.length || wanted.some((id) => !openIds.has(id))) throw validationError(REGISTER_TEXTS.notInRegister, 'payoutIds');
  const paid = await q.query<{ id: string | number; agent_id: string }>(
    `UPDATE payouts p SET status = 'paid', paid_at = coalesce($2::timestamptz, now()) FROM unnest($1::bigint[]) AS x(id) WHERE p.id = x.id RETURNING p.id, p.agent_id`,
    [wanted, at?.toISOString() ?? null],
  );
  await q.query(
    `UPDATE payout_registers SET status = 'paid', paid_at = coalesce($2::timestamptz, now())
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM payouts WHERE register_id = $1 AND status <> 'paid')`,
    [registerId, at?.toISOString() ?? null],
  );
  return paid.map((p) => ({ id: String(p.id), agentId: p.agent_id }));
}
