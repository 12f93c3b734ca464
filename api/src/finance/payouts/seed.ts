import { withAccountKey, withInnControl, type Opf } from '@oyster/shared-kit/domain';
import type { DemoSeed } from '../../platform/context.js';
import type { Queryable } from '../../platform/db.js';
import { fio } from '../../platform/auth/users.js';
import { calculatePayouts } from './calculate.js';
import { approveRegister, buildRegister, markPaid } from './registers.js';

/**
 * Demo payouts (after sales' seed wrote the demo ledger): the agents' billing details (generated INNs and
 * accounts that pass the offline checks, at a demo bank — not real people or banks), the demo broker as the
 * payer, and the finished months before the last one paid: calculated, registered by finance@, approved
 * by finance2@, paid — SZ agents' receipts attached first. The last finished month is left for a person
 * (or the e2e) to calculate; one agent (agent13@) has no bank details, so a register shows a skipped line.
 */

export const DEMO_BANK = { name: 'АО «Демо-Банк» (демо)', bik: '044525999', corr: '30101810400000000999' } as const;
export const DEMO_PAYER = { name: 'ООО «Устрица Брокер» (демо)', inn: withInnControl('770100001'), kpp: '770101001' } as const;
/** The demo agent left without bank details. */
export const DEMO_NO_BANK_AGENT = 'agent12';

const MOSCOW_MS = 3 * 3_600_000;

export async function seedPayouts(q: Queryable, demo: DemoSeed, now = new Date()) {
  await q.query(
    `UPDATE finance_settings SET payer_name = $1, payer_inn = $2, payer_kpp = $3, payer_bank = $4, payer_bik = $5, payer_account = $6, payer_corr_account = $7`,
    [DEMO_PAYER.name, DEMO_PAYER.inn, DEMO_PAYER.kpp, DEMO_BANK.name, DEMO_BANK.bik, withAccountKey('40702810000000000001', DEMO_BANK.bik), DEMO_BANK.corr],
  );
  const agents = await q.query<{ id: string; opf: Opf; first_name: string; second_name: string; middle_name: string }>(
    `SELECT id, opf, first_name, second_name, middle_name FROM users WHERE opf IS NOT NULL ORDER BY created_at, id`,
  );
  const noBank = demo.users[DEMO_NO_BANK_AGENT];
  for (const [i, a] of agents.entries()) {
    const serial = String(i + 1).padStart(6, '0');
    const name = fio(a);
    const initials = `${a.second_name} ${a.first_name[0]}. ${a.middle_name ? `${a.middle_name[0]}.` : ''}`.trim();
    const legalName = a.opf === 'IP' ? `ИП ${initials}` : a.opf === 'YL' ? `ООО «${a.second_name} и партнёры»` : name;
    const inn = a.opf === 'YL' ? withInnControl(`771${serial}`) : withInnControl(`7710${serial}`);
    const bank = a.id === noBank ? null : { account: withAccountKey(`${a.opf === 'YL' || a.opf === 'IP' ? '40702810' : '40817810'}0${String(i + 1).padStart(11, '0')}`, DEMO_BANK.bik) };
    await q.query(
      `INSERT INTO agent_billing (user_id, legal_name, inn, kpp, bank_name, bik, account, corr_account) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [a.id, legalName, inn, a.opf === 'YL' ? '770101001' : null, bank ? DEMO_BANK.name : null, bank ? DEMO_BANK.bik : null, bank?.account ?? null, bank ? DEMO_BANK.corr : null],
    );
  }

  const finance = demo.users.finance;
  const finance2 = demo.users.finance2;
  if (!finance || !finance2) return;
  const moscow = new Date(now.getTime() + MOSCOW_MS);
  const lastFinished = new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth() - 1, 1));
  const [first] = await q.query<{ period: string | null }>(`SELECT min(to_char(at AT TIME ZONE 'Europe/Moscow', 'YYYY-MM')) AS period FROM commission_ledger`);
  if (!first?.period) return;
  for (let m = new Date(`${first.period}-01T00:00:00Z`); m < lastFinished; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) {
    const period = m.toISOString().slice(0, 7);
    // Calculated on the 3rd of the next month (Moscow), paid the same day.
    const calcDay = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 3, 9) - MOSCOW_MS);
    const calc = await calculatePayouts(q, period, finance, calcDay);
    if (!calc.created) continue;
    const receiptDay = calcDay.toISOString().slice(0, 10);
    await q.query(
      `UPDATE payouts p SET status = 'ready', receipt_number = '20' || lpad(p.id::text, 8, '0') || 'demo', receipt_date = $2::date, receipt_amount_kopecks = p.gross_kopecks,
              receipt_inn = b.inn, receipt_at = $3
         FROM agent_billing b WHERE b.user_id = p.agent_id AND p.period = $1 AND p.status = 'awaiting_receipt'`,
      [period, receiptDay, calcDay.toISOString()],
    );
    const built = await buildRegister(q, period, finance).catch(() => null);
    if (!built) continue;
    await approveRegister(q, built.id, finance2);
    await markPaid(q, built.id, undefined, calcDay);
    await q.query(`UPDATE payout_registers SET created_at = $2, approved_at = $2 WHERE id = $1`, [built.id, calcDay.toISOString()]);
  }
}
