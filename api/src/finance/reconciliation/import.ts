import type ExcelJS from 'exceljs';
import { excel } from '../../platform/xlsx.js';
import { RECON_COLUMNS, RECON_COLUMN_TITLES, RECON_REQUIRED_COLUMNS, type ReconColumn, type ReconMapping } from '@oyster/shared-kit/domain';
import { validationError } from '../../platform/errors.js';

/**
 * Reading an insurer's statement file (XLSX through ExcelJS, or CSV: ';' or ',', UTF-8 with or without a
 * BOM) into rows by the insurer's column mapping. Money in the file is roubles («1 234,56», «1234.56»,
 * «-12,5») and becomes kopecks by reading the text — never through a float; a rate is a percent
 * («14», «14,5») and becomes basis points the same way. A row that cannot be read is a 400 naming the
 * row and the column, so nothing of the file is written.
 */

/** One row of the file, read. */
export interface StatementRow {
  /** 1 = the first row after the header. */
  row: number;
  policyNumber: string | null;
  clientName: string | null;
  product: string | null;
  startDate: string | null;
  premiumKopecks: number | null;
  rateBp: number | null;
  amountKopecks: number;
}

/** The most rows one statement takes. */
export const STATEMENT_MAX_ROWS = 5000;

export const IMPORT_TEXTS = {
  unreadableXlsx: 'Файл не читается как книга XLSX',
  noSheet: 'В книге XLSX нет листа с данными',
  noHeader: 'В файле нет строки заголовков',
  noRows: 'В файле нет строк с данными',
  tooManyRows: `В файле больше ${STATEMENT_MAX_ROWS.toLocaleString('ru-RU')} строк: разделите выписку`,
  noColumn: (column: ReconColumn, header: string | undefined) =>
    header
      ? `Столбец «${header}» (${RECON_COLUMN_TITLES[column]}) не найден в файле: проверьте сопоставление столбцов`
      : `Не найден столбец «${RECON_COLUMN_TITLES[column]}»: укажите его в сопоставлении столбцов`,
  badMoney: (row: number, column: ReconColumn, value: string) => `Строка ${row}: «${RECON_COLUMN_TITLES[column]}» — не сумма в рублях: «${value.slice(0, 40)}»`,
  badRate: (row: number, value: string) => `Строка ${row}: «${RECON_COLUMN_TITLES.rate}» — не процент: «${value.slice(0, 40)}»`,
  badDate: (row: number, value: string) => `Строка ${row}: «${RECON_COLUMN_TITLES.startDate}» — не дата (ДД.ММ.ГГГГ): «${value.slice(0, 40)}»`,
  noAmount: (row: number) => `Строка ${row}: не указана «${RECON_COLUMN_TITLES.commission}»`,
} as const;

const bad = (message: string) => validationError(message, 'file');

/** «1 234,56» / «1234.56» / «-12,5» / «1 234» → kopecks (integers only); null when it is not money. */
export function parseRoubles(text: string): number | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/(₽|руб\.?|р\.)$/i, '');
  const m = /^(-)?(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const kopecks = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && kopecks ? -kopecks : kopecks;
}

/** «14» / «14,5» / «14.25%» → basis points; null when it is not a percent from 0 to 100. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?%?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** «01.10.2026» / «2026-10-01» → '2026-10-01'; null when it is not a calendar day. */
export function parseDay(text: string): string | null {
  const s = text.trim();
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return null;
  const [y, mo, d] = s.includes('.') ? [m[3], m[2], m[1]] : [m[1], m[2], m[3]];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d) ? `${y}-${mo}-${d}` : null;
}

/** Splits CSV text (quotes as Excel writes them) with the delimiter its header uses. */
export function csvRows(text: string): string[][] {
  const body = text.replace(/^\ufeff/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) row.push(cell), (cell = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell), rows.push(row), (row = []), (cell = '');
    } else cell += ch;
  }
  if (cell !== '' || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** A cell of ExcelJS as the text a person sees (a number written the shortest way it reads back, a date as YYYY-MM-DD). */
function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

export async function xlsxRows(data: Buffer): Promise<string[][]> {
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw bad(IMPORT_TEXTS.unreadableXlsx);
  }
  const sheet = wb.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) throw bad(IMPORT_TEXTS.noSheet);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    if (n > STATEMENT_MAX_ROWS + 50) return;
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellText(r.getCell(c).value));
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/[^a-zа-я0-9%]+/g, ' ').trim();

/** Header words that name each column when the insurer has no saved mapping yet. */
const GUESSES: Record<ReconColumn, RegExp> = {
  policyNumber: /(номер|серия).*(полис|договор)|^полис|^(номер )?договор/,
  clientName: /страхователь|клиент|фио|застрахован/,
  product: /продукт|вид страхования/,
  startDate: /(дата )?начал|с даты|дата вступ/,
  premium: /преми/,
  rate: /ставк|% кв|процент|кв %/,
  commission: /сумм.*(кв|вознагражд|комисс)|^(кв|вознаграждение|комиссия)( руб)?$/,
};

/**
 * Which column of the header each mapped column is: the mapping's header texts (compared without case and
 * punctuation); a column the mapping leaves out is guessed from the header words. A required column that
 * is not found is a 400.
 */
export function columnsOf(header: string[], mapping: ReconMapping): { index: Partial<Record<ReconColumn, number>>; used: ReconMapping } {
  const heads = header.map(norm);
  const index: Partial<Record<ReconColumn, number>> = {};
  const used: ReconMapping = {};
  const taken = new Set<number>();
  for (const column of RECON_COLUMNS) {
    const named = mapping[column]?.trim();
    if (!named) continue;
    const i = heads.indexOf(norm(named));
    if (i < 0) throw bad(IMPORT_TEXTS.noColumn(column, named));
    index[column] = i;
    used[column] = header[i].trim();
    taken.add(i);
  }
  for (const column of RECON_COLUMNS) {
    if (index[column] !== undefined) continue;
    const i = heads.findIndex((h, k) => !taken.has(k) && h && GUESSES[column].test(h));
    if (i >= 0) {
      index[column] = i;
      used[column] = header[i].trim();
      taken.add(i);
    }
  }
  for (const column of RECON_REQUIRED_COLUMNS) if (index[column] === undefined) throw bad(IMPORT_TEXTS.noColumn(column, undefined));
  return { index, used };
}

/** The statement's rows by the mapping, with the mapping as it was used (saved for the insurer's next file). */
export function readRows(table: string[][], mapping: ReconMapping): { rows: StatementRow[]; used: ReconMapping } {
  const start = table.findIndex((r) => r.some((c) => c.trim()));
  if (start < 0) throw bad(IMPORT_TEXTS.noHeader);
  const { index, used } = columnsOf(table[start], mapping);
  const data = table.slice(start + 1);
  const rows: StatementRow[] = [];
  data.forEach((cells, k) => {
    if (!cells.some((c) => c.trim())) return;
    const row = k + 1;
    const text = (c: ReconColumn) => (index[c] === undefined ? '' : (cells[index[c]!] ?? '').trim());
    const money = (c: ReconColumn) => {
      const t = text(c);
      if (!t) return null;
      const v = parseRoubles(t);
      if (v === null) throw bad(IMPORT_TEXTS.badMoney(row, c, t));
      return v;
    };
    const amount = money('commission');
    if (amount === null) throw bad(IMPORT_TEXTS.noAmount(row));
    const rateText = text('rate');
    const rateBp = rateText ? parsePercent(rateText) : null;
    if (rateText && rateBp === null) throw bad(IMPORT_TEXTS.badRate(row, rateText));
    const dayText = text('startDate');
    const startDate = dayText ? parseDay(dayText) : null;
    if (dayText && startDate === null) throw bad(IMPORT_TEXTS.badDate(row, dayText));
    rows.push({
      row,
      policyNumber: text('policyNumber').slice(0, 60) || null,
      clientName: text('clientName').slice(0, 200) || null,
      product: text('product').slice(0, 100) || null,
      startDate,
      premiumKopecks: money('premium'),
      rateBp,
      amountKopecks: amount,
    });
  });
  if (!rows.length) throw bad(IMPORT_TEXTS.noRows);
  if (rows.length > STATEMENT_MAX_ROWS) throw bad(IMPORT_TEXTS.tooManyRows);
  return { rows, used };
}

/** A file's rows: an XLSX workbook's first sheet with data, or CSV text. */
export async function statementRows(type: 'xlsx' | 'csv', data: Buffer, mapping: ReconMapping) {
  const table = type === 'xlsx' ? await xlsxRows(data) : csvRows(data.toString('utf8'));
  if (table.length > STATEMENT_MAX_ROWS + 50) throw bad(IMPORT_TEXTS.tooManyRows);
  return readRows(table, mapping);
}
