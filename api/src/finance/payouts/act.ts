import { CONTRACT_PRODUCT_TITLES, LEDGER_KIND_TITLES, OPF_TITLES, formatDate, formatMoney, ledgerPeriodTitle, ledgerRateText, type ContractProduct, type LedgerKind, type PayoutRow } from '@oyster/shared-kit/domain';
import type { Queryable } from '../../platform/db.js';
import { pdfDocument } from '../../platform/pdf.js';
import { isoTime } from '../../platform/sql.js';

/**
 * The act for a payout (акт оказанных услуг — the basis of payment for IP and YL, and the statement every
 * agent and finance download): the period, both parties' details, every ledger line of the payout, the
 * totals, the VAT line (the agent's setting) and, for a natural person, the НДФЛ withheld (platform/pdf.ts).
 */

export const actFileName = (p: Pick<PayoutRow, 'actNumber'>) => `Акт ${p.actNumber}.pdf`;

interface ActLine {
  kind: LedgerKind;
  at: string | Date;
  policy_number: string | null;
  product: string | null;
  company: string | null;
  rate_bp: number | null;
  base_kopecks: string | number;
  amount_kopecks: string | number;
  note: string | null;
}

export async function payoutActPdf(q: Queryable, p: PayoutRow): Promise<Buffer> {
  const [parties] = await q.query<{ legal_name: string | null; inn: string | null; kpp: string | null; bank_name: string | null; bik: string | null; account: string | null; payer_name: string | null; payer_inn: string | null; payer_kpp: string | null; payer_bank: string | null; payer_bik: string | null; payer_account: string | null }>(
    `SELECT b.legal_name, b.inn, b.kpp, b.bank_name, b.bik, b.account, s.payer_name, s.payer_inn, s.payer_kpp, s.payer_bank, s.payer_bik, s.payer_account
       FROM finance_settings s LEFT JOIN agent_billing b ON b.user_id = $1`,
    [p.agent.id],
  );
  const lines = await q.query<ActLine>(
    `SELECT l.kind, l.at, c.policy_number, c.product, co.short_name AS company, l.rate_bp, l.base_kopecks, l.amount_kopecks, l.note
       FROM payout_lines pl JOIN commission_ledger l ON l.id = pl.ledger_id
       LEFT JOIN contracts c ON c.id = l.contract_id LEFT JOIN companies co ON co.id = c.company_id
      WHERE pl.payout_id = $1 ORDER BY l.at, l.id`,
    [p.id],
  );

  const { doc, done } = await pdfDocument(`Акт ${p.actNumber}`, 45);
  const text = (t: string, size = 10, bold = false) => doc.font(bold ? 'bold' : 'regular').fontSize(size).text(t);
  const period = ledgerPeriodTitle(p.period).toLowerCase();
  const dash = (v: string | null | undefined) => v || '—';

  text(`Акт № ${p.actNumber}`, 16, true);
  text(`об оказании агентских услуг за ${period}`, 12);
  doc.moveDown(0.6);
  text('Принципал', 11, true);
  text(`${dash(parties?.payer_name)}, ИНН ${dash(parties?.payer_inn)}${parties?.payer_kpp ? `, КПП ${parties.payer_kpp}` : ''}`);
  text(`Банк: ${dash(parties?.payer_bank)}, БИК ${dash(parties?.payer_bik)}, р/с ${dash(parties?.payer_account)}`);
  doc.moveDown(0.4);
  text('Агент', 11, true);
  text(`${parties?.legal_name ?? p.agent.fio} (${p.opf ? OPF_TITLES[p.opf] : 'правовая форма не указана'}), ИНН ${dash(parties?.inn)}${parties?.kpp ? `, КПП ${parties.kpp}` : ''}`);
  text(`Банк: ${dash(parties?.bank_name)}, БИК ${dash(parties?.bik)}, р/с ${dash(parties?.account)}`);
  doc.moveDown(0.6);
  text(`Агент оказал Принципалу услуги по заключению договоров страхования за ${period}. Вознаграждение по каждому договору:`);
  doc.moveDown(0.4);

  lines.forEach((l, i) => {
    const what = l.kind === 'adjustment'
      ? `Корректировка: ${l.note ?? ''}`
      : `${LEDGER_KIND_TITLES[l.kind]}: полис ${l.policy_number ?? 'без номера'}, ${l.product ? CONTRACT_PRODUCT_TITLES[l.product as ContractProduct] ?? l.product : ''}, ${l.company ?? ''}, ${ledgerRateText(l.rate_bp, Number(l.base_kopecks))}`;
    doc.font('regular').fontSize(9).text(`${i + 1}. ${formatDate(isoTime(l.at).slice(0, 10))} — ${what}`, { continued: true }).font('bold').text(`  ${formatMoney(Number(l.amount_kopecks))}`);
  });
  doc.moveDown(0.6);
  text(`Итого вознаграждение: ${formatMoney(p.grossKopecks)}`, 11, true);
  text(p.vatTitle);
  if (p.taxKopecks > 0) {
    text(`Удержан НДФЛ: ${formatMoney(p.taxKopecks)}`);
    text(`К выплате: ${formatMoney(p.netKopecks)}`, 11, true);
  }
  if (p.receipt) text(`Чек «Мой налог» № ${p.receipt.number} от ${formatDate(p.receipt.date)} на ${formatMoney(p.receipt.amountKopecks)}`);
  doc.moveDown(0.4);
  text('Услуги оказаны полностью и в срок. Стороны претензий друг к другу не имеют.');
  doc.moveDown(2);
  text('Принципал ____________________            Агент ____________________');
  doc.end();
  return done;
}
