import { formatMoney, type PayoutReceiptInput } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import { HttpError, notFound, validationError } from '../../platform/errors.js';

/**
 * An SZ agent's «Мой налог» receipt for their payout (422-FZ; ../shared/research/agent-payouts.md): the
 * agent attaches it, the amount must be the payout's, the INN the agent's own (their billing details),
 * the date not before the period began nor in the future. The payout is then ready for a register.
 * Replaced freely until the payout is in a register.
 */

export const RECEIPT_TEXTS = {
  notSelfEmployed: 'Чек «Мой налог» прикрепляют только к выплате самозанятого',
  locked: 'Выплата уже в реестре — чек изменить нельзя',
  amount: (gross: number) => `Поле «amountKopecks»: сумма чека должна быть равна выплате — ${formatMoney(gross)}`,
  noInn: 'Поле «inn»: в ваших реквизитах нет ИНН — попросите финансового контролёра добавить его',
  inn: (inn: string) => `Поле «inn»: в чеке должен быть ваш ИНН ${inn}`,
  dateEarly: (from: string) => `Поле «date»: чек не может быть раньше начала периода выплаты (${from})`,
  dateFuture: 'Поле «date»: дата чека не может быть в будущем',
} as const;

export async function attachReceipt(q: Queryable, payoutId: string, agentId: string, r: PayoutReceiptInput, today: string): Promise<void> {
  const [p] = await q.query<{ opf: string | null; status: string; gross: string; period: string; inn: string | null }>(
    `SELECT p.opf, p.status, p.gross_kopecks::text AS gross, p.period, b.inn FROM payouts p LEFT JOIN agent_billing b ON b.user_id = p.agent_id
      WHERE p.id = $1 AND p.agent_id = $2 FOR UPDATE OF p`,
    [payoutId, agentId],
  );
  if (!p) throw notFound();
  if (p.opf !== 'SZ') throw new HttpError(409, RECEIPT_TEXTS.notSelfEmployed);
  if (p.status !== 'awaiting_receipt' && p.status !== 'ready') throw new HttpError(409, RECEIPT_TEXTS.locked);
  const gross = Number(p.gross);
  if (r.amountKopecks !== gross) throw validationError(RECEIPT_TEXTS.amount(gross), 'amountKopecks');
  if (!p.inn) throw validationError(RECEIPT_TEXTS.noInn, 'inn');
  if (r.inn !== p.inn) throw validationError(RECEIPT_TEXTS.inn(p.inn), 'inn');
  const from = `${p.period}-01`;
  if (r.date < from) throw validationError(RECEIPT_TEXTS.dateEarly(from.split('-').reverse().join('.')), 'date');
  if (r.date > today) throw validationError(RECEIPT_TEXTS.dateFuture, 'date');
  await q.query(
    `UPDATE payouts SET receipt_number = $2, receipt_date = $3, receipt_amount_kopecks = $4, receipt_inn = $5, receipt_link = $6, receipt_at = now(), status = 'ready'
      WHERE id = $1`,
    [payoutId, r.number, r.date, r.amountKopecks, r.inn, r.link ?? null],
  );
}
