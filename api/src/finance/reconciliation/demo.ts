import { excel } from '../../platform/xlsx.js';
import type { Queryable } from '../../platform/db.js';
import { moscowToday } from '../../sales/osago.js';
import { commissionOf } from '../ledger.js';
import { DEMO_INSURER_RATES_BP } from '../seed.js';
import { roublesText } from '../payouts/bank-file.js';
import { PAID_STATUSES, periodBounds } from './store.js';

/**
 * Demo statements («Скачать демо-выписку»): for a demo insurer, the file it would send for the latest full
 * Moscow month with paid demo contracts, made from those contracts with one planted mismatch of every kind —
 * the first contract (by policy number) paid 100 ₽ less («сумма отличается»), the second at a rate one
 * point lower («ставка отличается»), the third left out («нет в выписке»), the fourth without its policy
 * number (found by client and premium: «сошлось»), and one policy we do not have («неизвестный
 * договор»); the rest exactly as expected. Each insurer names and orders its columns its own way (three
 * layouts), some send XLSX, some CSV, so the mapping is exercised. `planted` says what was planted, for
 * the test that the matcher finds exactly these.
 */

interface Layout {
  format: 'xlsx' | 'csv';
  headers: [string, string, string, string, string, string, string];
  /** The order of the columns: policy, client, product, start, premium, rate, amount. */
  order: number[];
}
const LAYOUTS: Record<string, Layout> = {
  a: { format: 'xlsx', headers: ['Серия и номер полиса', 'Страхователь', 'Вид страхования', 'Дата начала', 'Страховая премия, руб.', 'Ставка КВ, %', 'Сумма КВ, руб.'], order: [0, 1, 2, 3, 4, 5, 6] },
  b: { format: 'csv', headers: ['Договор', 'Клиент', 'Продукт', 'Начало действия', 'Премия', 'Процент вознаграждения', 'Вознаграждение, руб.'], order: [1, 0, 4, 3, 2, 5, 6] },
  c: { format: 'csv', headers: ['Номер полиса', 'ФИО страхователя', 'Продукт', 'Дата начала действия', 'Премия, руб', 'Ставка, %', 'Сумма вознаграждения'], order: [0, 1, 2, 3, 4, 5, 6] },
};
const LAYOUT_OF: Record<string, keyof typeof LAYOUTS> = { ingos: 'a', alfa: 'a', renins: 'a', reso: 'b', sogaz: 'c', vsk: 'b' };

export interface DemoStatement {
  companyId: string;
  period: string;
  fileName: string;
  format: 'xlsx' | 'csv';
  data: Buffer;
  /** Policy numbers by what was planted. */
  planted: { amountDiffers: string[]; rateDiffers: string[]; missing: string[]; byClient: string[]; unknown: string[] };
  /** Rows in the file (after the header). */
  rows: number;
}

/** Roubles as a statement writes them: the bank file's exact text, with a decimal comma in some layouts. */
const roublesIn = (k: number, comma: boolean) => (comma ? roublesText(k).replace('.', ',') : roublesText(k));
const percentText = (bp: number) => `${Math.floor(bp / 100)}${bp % 100 ? `,${String(bp % 100).padStart(2, '0').replace(/0$/, '')}` : ''}`;
const dayText = (day: string) => day.split('-').reverse().join('.');

/** The demo statement of a demo insurer, or null (not a demo insurer, or no paid contracts in a past month). */
export async function demoStatement(q: Queryable, companyId: string, now = new Date()): Promise<DemoStatement | null> {
  const [company] = await q.query<{ id_unicus: string }>('SELECT id_unicus FROM companies WHERE id = $1', [companyId]);
  if (!company || !(company.id_unicus in DEMO_INSURER_RATES_BP)) return null;
  const thisMonth = moscowToday(now).slice(0, 7);
  const [latest] = await q.query<{ period: string }>(
    `SELECT to_char(start_date, 'YYYY-MM') AS period FROM contracts
      WHERE company_id = $1 AND status = ANY($2::int[]) AND policy_number IS NOT NULL AND premium IS NOT NULL AND start_date < $3::date
      ORDER BY start_date DESC LIMIT 1`,
    [companyId, PAID_STATUSES, `${thisMonth}-01`],
  );
  if (!latest) return null;
  const [from, to] = periodBounds(latest.period);
  const contracts = await q.query<{ policy_number: string; client_name: string | null; premium: string | number; start_date: string; rate_bp: number | null; adjusted: string | number }>(
    `SELECT c.policy_number, c.client_name, c.premium, c.start_date::text AS start_date,
            (SELECT i.rate_bp FROM insurer_rates i WHERE i.company_id = c.company_id AND i.product = c.product AND i.valid_from <= c.start_date ORDER BY i.valid_from DESC LIMIT 1) AS rate_bp,
            (SELECT coalesce(sum(a.amount_kopecks), 0) FROM insurer_commission_adjustments a WHERE a.contract_id = c.id) AS adjusted
       FROM contracts c WHERE c.company_id = $1 AND c.status = ANY($2::int[]) AND c.policy_number IS NOT NULL AND c.premium IS NOT NULL AND c.start_date >= $3::date AND c.start_date < $4::date
      ORDER BY c.policy_number`,
    [companyId, PAID_STATUSES, from, to],
  );
  const layout = LAYOUTS[LAYOUT_OF[company.id_unicus] ?? 'a'];
  const planted: DemoStatement['planted'] = { amountDiffers: [], rateDiffers: [], missing: [], byClient: [], unknown: [] };
  type Row = { policy: string; client: string; start: string; premium: number; rateBp: number; amount: number };
  const rows: Row[] = [];
  contracts.forEach((c, i) => {
    const premium = Number(c.premium);
    const rateBp = c.rate_bp ?? 0;
    const expected = commissionOf(premium, rateBp) + Number(c.adjusted);
    const row: Row = { policy: c.policy_number, client: c.client_name ?? '', start: c.start_date, premium, rateBp, amount: expected };
    if (i === 0 && expected > 10_000) {
      row.amount = expected - 10_000;
      planted.amountDiffers.push(c.policy_number);
    } else if (i === 1 && rateBp > 100) {
      row.rateBp = rateBp - 100;
      row.amount = commissionOf(premium, row.rateBp);
      planted.rateDiffers.push(c.policy_number);
    } else if (i === 2 && expected !== 0) {
      planted.missing.push(c.policy_number);
      return;
    } else if (i === 3 && c.client_name && contracts.filter((o) => o.client_name === c.client_name && Number(o.premium) === premium).length === 1) {
      row.policy = '';
      planted.byClient.push(c.policy_number);
    }
    rows.push(row);
  });
  const unknownPolicy = `ХХХ${String(9_900_000_000 + rows.length).padStart(10, '0')}`;
  rows.push({ policy: unknownPolicy, client: 'Неизвестный Клиент Страхователевич', start: `${latest.period}-15`, premium: 1_234_567, rateBp: DEMO_INSURER_RATES_BP[company.id_unicus], amount: commissionOf(1_234_567, DEMO_INSURER_RATES_BP[company.id_unicus]) });
  planted.unknown.push(unknownPolicy);

  const fileName = `demo-${company.id_unicus}-${latest.period}.${layout.format}`;
  const cells = (r: Row, asNumbers: boolean): (string | number | Date)[] => {
    const comma = layout.format === 'csv' && LAYOUT_OF[company.id_unicus] !== 'b';
    const values: (string | number | Date)[] = asNumbers
      ? [r.policy, r.client, 'е-ОСАГО', new Date(`${r.start}T00:00:00Z`), r.premium / 100, r.rateBp / 100, r.amount / 100]
      : [r.policy, r.client, 'е-ОСАГО', dayText(r.start), roublesIn(r.premium, comma), percentText(r.rateBp), roublesIn(r.amount, comma)];
    return layout.order.map((k) => values[k]);
  };
  const headers = layout.order.map((k) => layout.headers[k]);
  let data: Buffer;
  if (layout.format === 'xlsx') {
    const wb = new (await excel()).Workbook();
    const sheet = wb.addWorksheet('Акт-отчёт');
    sheet.addRow(headers);
    for (const r of rows) sheet.addRow(cells(r, true));
    sheet.columns.forEach((col) => (col.width = 22));
    data = Buffer.from(await wb.xlsx.writeBuffer());
  } else {
    const quote = (v: string) => (/[;",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [headers, ...rows.map((r) => cells(r, false).map(String))].map((l) => l.map(quote).join(';'));
    data = Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  }
  return { companyId, period: latest.period, fileName, format: layout.format, data, planted, rows: rows.length };
}
