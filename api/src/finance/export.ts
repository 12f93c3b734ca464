import { excel } from '../platform/xlsx.js';
import { ledgerPeriodTitle, type LedgerPage, type LedgerRow } from '@oyster/shared-kit/domain';
import { formatDate } from '@oyster/shared-kit/domain';

/**
 * Мое КВ / КВ всех as a file (issue 24: «export of what is on screen»): the period's lines with the same
 * filters, and its totals. XLSX is written by ExcelJS (the maintained writer for Node; SheetJS's npm build is
 * no longer updated); CSV by hand: ';'-separated UTF-8 with a BOM, as Russian Excel opens it. Money travels in
 * integer kopecks; only here, at the file's edge, is it written as roubles.
 */

const COLUMNS = ['Дата (МСК)', 'Начисление', 'Агент', 'Полис', 'Продукт', 'Страховщик', 'Клиент', 'Ставка, %', 'Основание ставки', 'База, ₽', 'Сумма, ₽', 'Статус', 'Выплата'] as const;

const moscowDay = (iso: string) => formatDate(new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10));
/** Kopecks as a rouble figure for a spreadsheet cell (exact for any amount below 2^53 kopecks). */
const roubles = (kopecks: number) => kopecks / 100;

function cells(r: LedgerRow): (string | number | null)[] {
  return [
    moscowDay(r.at),
    r.kindTitle,
    r.agent.fio,
    r.contract ? r.contract.policyNumber ?? 'без номера' : 'без договора',
    r.contract?.productName ?? '',
    r.contract?.companyName ?? '',
    r.contract?.clientName ?? '',
    r.kind === 'adjustment' ? '' : r.rateBp === null ? 'нет ставки' : r.rateBp / 100,
    r.kind === 'adjustment' ? r.note ?? '' : r.rateReason ?? '',
    roubles(r.baseKopecks),
    roubles(r.amountKopecks),
    r.statusTitle,
    r.payout ? `${r.payout.actNumber}, ${r.payout.statusTitle.toLowerCase()}` : '',
  ];
}

export const exportFileName = (period: string, format: 'xlsx' | 'csv') => `КВ ${ledgerPeriodTitle(period)}.${format}`;

export function ledgerCsv(page: LedgerPage): Buffer {
  const field = (v: string | number | null) => {
    const s = v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : v;
    return /[;"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [COLUMNS.join(';'), ...page.items.map((r) => cells(r).map(field).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function ledgerXlsx(page: LedgerPage): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  book.creator = 'Oyster';
  const sheet = book.addWorksheet(ledgerPeriodTitle(page.totals.period));
  sheet.columns = COLUMNS.map((header) => ({ header, width: header.length > 12 ? 28 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of page.items) sheet.addRow(cells(r));
  for (const col of [10, 11]) sheet.getColumn(col).numFmt = '#,##0.00';
  const t = page.totals;
  sheet.addRow([]);
  for (const [title, kopecks] of [
    ['Остаток на начало', t.openingKopecks],
    ['Начислено', t.accruedKopecks],
    ['Сторно', t.reversedKopecks],
    ['Итого за период', t.netKopecks],
    ['Выплачено', t.paidKopecks],
    ['К выплате', t.closingKopecks],
  ] as const) {
    const row = sheet.addRow([title, null, null, null, null, null, null, null, null, null, roubles(kopecks)]);
    row.getCell(1).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
