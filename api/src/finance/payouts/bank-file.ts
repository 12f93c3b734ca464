import { excel } from '../../platform/xlsx.js';
import iconv from 'iconv-lite';
import { OPF_TITLES, VAT_MODE_TITLES, ledgerPeriodTitle, moscowParts, type Opf, type VatMode } from '@oyster/shared-kit/domain';
import { fioSql } from '../../platform/auth/users.js';
import type { Queryable } from '../../platform/db.js';
import { validationError } from '../../platform/errors.js';

/**
 * A register for the bank: the 1C client-bank exchange text (`1CClientBankExchange`, format 1.03, the
 * layout of ../shared/research/agent-payouts.md — confidence high on the layout, medium on details), one
 * payment order per line, in windows-1251 (iconv-lite: Node's TextEncoder writes UTF-8 only); and the same
 * lines as XLSX (ExcelJS). Kopecks become roubles only here, as text («1234.56»), never through a float.
 */

export const BANK_FILE_TEXTS = {
  noPayer: 'Не заполнены реквизиты брокера-плательщика (название, ИНН, банк, БИК, счёт) — без них файл для банка не собрать',
} as const;

export const roublesText = (kopecks: number) => {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(kopecks);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const hhmmss = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(11, 19);

interface BankLine {
  fio: string;
  opf: Opf | null;
  legal_name: string | null;
  inn: string | null;
  kpp: string | null;
  bank_name: string | null;
  bik: string | null;
  account: string | null;
  corr_account: string | null;
  gross: string | number;
  tax: string | number;
  net: string | number;
  act_number: string;
  vat_mode: VatMode;
}

async function linesOf(q: Queryable, registerId: string) {
  return q.query<BankLine>(
    `SELECT ${fioSql('u')} AS fio, p.opf, b.legal_name, b.inn, b.kpp, b.bank_name, b.bik, b.account, b.corr_account,
            p.gross_kopecks AS gross, p.tax_kopecks AS tax, p.net_kopecks AS net, p.act_number, p.vat_mode
       FROM payouts p JOIN users u ON u.id = p.agent_id LEFT JOIN agent_billing b ON b.user_id = p.agent_id
      WHERE p.register_id = $1 ORDER BY 1, p.id`,
    [registerId],
  );
}

/** «Агентское вознаграждение за октябрь 2026 по акту № А-2026-10-000012, НДС не облагается» (+ НДФЛ for FL). */
export function paymentPurpose(period: string, l: Pick<BankLine, 'act_number' | 'vat_mode' | 'opf' | 'tax'>): string {
  const vat = VAT_MODE_TITLES[l.vat_mode] ?? VAT_MODE_TITLES.exempt;
  const ndfl = Number(l.tax) > 0 ? `, НДФЛ удержан ${roublesText(Number(l.tax))} руб.` : '';
  return `Агентское вознаграждение за ${ledgerPeriodTitle(period).toLowerCase()} по акту № ${l.act_number}${ndfl}, ${vat}`;
}

export async function registerBankFile(q: Queryable, register: { id: string; number: number; period: string }, now = new Date()): Promise<Buffer> {
  const [payer] = await q.query<{ payer_name: string | null; payer_inn: string | null; payer_kpp: string | null; payer_bank: string | null; payer_bik: string | null; payer_account: string | null; payer_corr_account: string | null }>(
    'SELECT payer_name, payer_inn, payer_kpp, payer_bank, payer_bik, payer_account, payer_corr_account FROM finance_settings',
  );
  if (!payer?.payer_name || !payer.payer_inn || !payer.payer_bank || !payer.payer_bik || !payer.payer_account) throw validationError(BANK_FILE_TEXTS.noPayer, null);
  const today = moscowParts(now).date;
  const out: string[] = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'Отправитель=Oyster',
    'Получатель=',
    `ДатаСоздания=${today}`,
    `ВремяСоздания=${hhmmss(now)}`,
    `ДатаНачала=${today}`,
    `ДатаКонца=${today}`,
    `РасчСчет=${payer.payer_account}`,
    'Документ=Платежное поручение',
  ];
  const lines = await linesOf(q, register.id);
  lines.forEach((l, i) => {
    out.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${register.number * 1000 + i + 1}`,
      `Дата=${today}`,
      `Сумма=${roublesText(Number(l.net))}`,
      `ПлательщикСчет=${payer.payer_account}`,
      `Плательщик=ИНН ${payer.payer_inn} ${payer.payer_name}`,
      `ПлательщикИНН=${payer.payer_inn}`,
      `ПлательщикКПП=${payer.payer_kpp ?? ''}`,
      `Плательщик1=${payer.payer_name}`,
      `ПлательщикРасчСчет=${payer.payer_account}`,
      `ПлательщикБанк1=${payer.payer_bank}`,
      `ПлательщикБИК=${payer.payer_bik}`,
      `ПлательщикКорсчет=${payer.payer_corr_account ?? ''}`,
      `ПолучательСчет=${l.account ?? ''}`,
      `Получатель=ИНН ${l.inn ?? ''} ${l.legal_name ?? l.fio}`,
      `ПолучательИНН=${l.inn ?? ''}`,
      `ПолучательКПП=${l.kpp ?? ''}`,
      `Получатель1=${l.legal_name ?? l.fio}`,
      `ПолучательРасчСчет=${l.account ?? ''}`,
      `ПолучательБанк1=${l.bank_name ?? ''}`,
      `ПолучательБИК=${l.bik ?? ''}`,
      `ПолучательКорсчет=${l.corr_account ?? ''}`,
      'ВидОплаты=01',
      'Очередность=5',
      `НазначениеПлатежа=${paymentPurpose(register.period, l)}`,
      'КонецДокумента',
    );
  });
  out.push('КонецФайла');
  return iconv.encode(out.join('\r\n') + '\r\n', 'win1251');
}

export async function registerXlsx(q: Queryable, register: { id: string; number: number; period: string; totalKopecks: number }): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  book.creator = 'Oyster';
  const sheet = book.addWorksheet(`Реестр ${register.number}`);
  sheet.columns = [
    { header: '№', width: 6 },
    { header: 'Получатель', width: 36 },
    { header: 'Правовая форма', width: 22 },
    { header: 'ИНН', width: 14 },
    { header: 'Банк', width: 28 },
    { header: 'БИК', width: 11 },
    { header: 'Счёт', width: 22 },
    { header: 'Начислено, ₽', width: 14 },
    { header: 'НДФЛ, ₽', width: 12 },
    { header: 'К выплате, ₽', width: 14 },
    { header: 'Назначение платежа', width: 70 },
  ];
  sheet.getRow(1).font = { bold: true };
  // Roubles as numbers for the spreadsheet's sums, made from the exact text (no float arithmetic on kopecks).
  const money = (k: string | number) => Number(roublesText(Number(k)));
  const lines = await linesOf(q, register.id);
  lines.forEach((l, i) => {
    const row = sheet.addRow([i + 1, l.legal_name ?? l.fio, l.opf ? OPF_TITLES[l.opf] : '', l.inn ?? '', l.bank_name ?? '', l.bik ?? '', l.account ?? '', money(l.gross), money(l.tax), money(l.net), paymentPurpose(register.period, l)]);
    for (const c of [8, 9, 10]) row.getCell(c).numFmt = '#,##0.00';
  });
  const total = sheet.addRow(['', 'Итого', '', '', '', '', '', '', '', money(register.totalKopecks), '']);
  total.font = { bold: true };
  total.getCell(10).numFmt = '#,##0.00';
  return Buffer.from(await book.xlsx.writeBuffer());
}
