import { excel } from '../../platform/xlsx.js';
import { ANALYTICS_BUCKET_TITLES, ANALYTICS_TEXTS as T, formatDate, type AnalyticsReport, type AnalyticsRow } from '@oyster/shared-kit/domain';

/**
 * Аналитика as an XLSX file (ExcelJS, as КВ's export): the totals and the renewal rates, then one sheet per
 * table of the screen (by period, product, insurer, network, agent). Money in roubles only here, at the file's edge.
 */

const roubles = (kopecks: number) => kopecks / 100;
const percent = (bp: number | null) => (bp == null ? '' : bp / 100);

export const analyticsFileName = (r: Pick<AnalyticsReport, 'query'>) => `Аналитика ${formatDate(r.query.from)}–${formatDate(r.query.to)}.xlsx`;
export const analyticsAsciiName = (r: Pick<AnalyticsReport, 'query'>) => `analytics-${r.query.from}-${r.query.to}.xlsx`;

const HEAD = [T.created, T.quotes, T.policies, `${T.premium}, ₽`, T.cancelled, `${T.cancelled}, ₽`, `${T.commission}, ₽`, `${T.conversion}, %`];
const cells = (r: AnalyticsRow) => [
  r.created,
  r.quotes,
  r.policies,
  roubles(r.premiumKopecks),
  r.cancelled,
  roubles(r.cancelledPremiumKopecks),
  roubles(r.commissionKopecks),
  r.created ? Math.round((r.policies * 10_000) / r.created) / 100 : '',
];

export async function analyticsXlsx(r: AnalyticsReport, filterTitles: string[]): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  book.creator = 'Oyster';
  const sum = book.addWorksheet('Итоги');
  sum.columns = [{ width: 34 }, { width: 22 }];
  sum.addRow([T.title]).getCell(1).font = { bold: true, size: 14 };
  sum.addRow([T.period, `${formatDate(r.query.from)} — ${formatDate(r.query.to)}`]);
  for (const f of filterTitles) sum.addRow(f.split(': '));
  sum.addRow([]);
  const t = r.totals;
  for (const [title, v] of [
    [T.created, t.created],
    [T.quotes, t.quotes],
    [T.policies, t.policies],
    [`${T.premium}, ₽`, roubles(t.premiumKopecks)],
    [T.cancelled, t.cancelled],
    [`${T.cancelled}, ₽`, roubles(t.cancelledPremiumKopecks)],
    [`${T.commission}, ₽`, roubles(t.commissionKopecks)],
    [`${T.conversion}, %`, percent(t.conversionBp)],
    [T.ended, r.renewals.ended],
    [`${T.renewalRate}, %`, percent(r.renewals.renewalRateBp)],
    [`${T.lostRate}, %`, percent(r.renewals.lostRateBp)],
  ] as const) sum.addRow([title, v]);

  const table = (name: string, first: string, rows: AnalyticsRow[]) => {
    const sheet = book.addWorksheet(name);
    sheet.columns = [{ width: 36 }, ...HEAD.map(() => ({ width: 16 }))];
    sheet.addRow([first, ...HEAD]).font = { bold: true };
    for (const row of rows) sheet.addRow([row.title, ...cells(row)]);
  };
  table(ANALYTICS_BUCKET_TITLES[r.query.bucket], T.period, r.series);
  table('По продуктам', T.product, r.byProduct);
  table('По страховщикам', T.insurer, r.byInsurer);
  table('По сетям', T.network, r.byNetwork);
  table('По агентам', T.agent, r.byAgent);
  return Buffer.from(await book.xlsx.writeBuffer());
}
