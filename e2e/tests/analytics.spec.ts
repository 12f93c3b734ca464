import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { EMAIL, signIn, typeDate } from './helpers';

// ExcelJS is the api's (it writes the file); read the download back with the same library.
const apiPackage = [path.resolve(process.cwd(), '../api/package.json'), path.resolve(process.cwd(), 'api/package.json')].find((p) => existsSync(p))!;
/** The little of ExcelJS this test reads (e2e has no exceljs of its own, so no types either). */
interface XlsxRow { getCell(n: number): { value: unknown } }
interface XlsxSheet { name: string; getRow(n: number): XlsxRow; getRows(from: number, count: number): XlsxRow[] | undefined }
interface XlsxBook { xlsx: { readFile(path: string): Promise<unknown> }; worksheets: XlsxSheet[]; getWorksheet(name: string): XlsxSheet | undefined }
const ExcelJS = createRequire(apiPackage)('exceljs') as { Workbook: new () => XlsxBook };

/** How many pixels of the chart's canvas chart.js painted (0: an empty canvas). */
const paintedPixels = (canvas: HTMLCanvasElement) => {
  const ctx = canvas.getContext('2d')!;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
  return n;
};

test('a finance controller sees Аналитика: the figures, the charts drawn with data, the tables; exports XLSX', async ({ page }) => {
  await signIn(page, EMAIL.finance);
  await page.goto('/app/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Аналитика' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Последние 30 дней' })).toHaveAttribute('aria-pressed', 'true');
  // A year, by month: the demo's sales.
  const yearAgo = await page.evaluate(() => new Date(Date.now() + 3 * 3_600_000 - 364 * 86_400_000).toISOString().slice(0, 10));
  await expect(page.getByLabel('Начало периода')).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/);
  await page.getByLabel('Начало периода').clear();
  await typeDate(page.getByLabel('Начало периода'), yearAgo.split('-').reverse().join('.'));
  await expect(page).toHaveURL(new RegExp(`from=${yearAgo}`));
  await page.getByRole('combobox', { name: 'Группировка' }).selectOption({ label: 'По месяцам' });
  await expect(page).toHaveURL(/bucket=month/);
  const totals = page.getByRole('region', { name: 'Итоги за период' });
  await expect(totals).toContainText('Премии');
  await expect(totals).toContainText('Конверсия');

  const series = page.getByTestId('analytics-series-chart');
  await expect(series).toBeVisible();
  expect(Number(await series.getAttribute('data-points'))).toBeGreaterThanOrEqual(12);
  await expect.poll(async () => series.locator('canvas').evaluate(paintedPixels)).toBeGreaterThan(2_000);
  const insurers = page.getByTestId('analytics-breakdown-chart').first();
  expect(Number(await insurers.getAttribute('data-points'))).toBeGreaterThan(0);
  await expect.poll(async () => insurers.locator('canvas').evaluate(paintedPixels)).toBeGreaterThan(500);
  const agents = page.getByRole('region', { name: 'По агентам' });
  await expect(agents.getByRole('row')).not.toHaveCount(1);
  const firstAgent = (await agents.getByRole('rowheader').first().innerText()).trim();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Выгрузить в XLSX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Аналитика \d{2}\.\d{2}\.\d{4}–\d{2}\.\d{2}\.\d{4}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  expect(book.worksheets.map((w) => w.name)).toEqual(['Итоги', 'По месяцам', 'По продуктам', 'По страховщикам', 'По сетям', 'По агентам']);
  expect(book.getWorksheet('По агентам')!.getRow(2).getCell(1).value).toBe(firstAgent);
  const policies = book.getWorksheet('Итоги')!.getRows(1, 30)!.find((r) => r.getCell(1).value === 'Полисы')!.getCell(2).value;
  expect(Number(policies)).toBeGreaterThan(0);
});

test('an agent has no Аналитика: «Нет доступа»', async ({ page }) => {
  await signIn(page, EMAIL.agent);
  await page.goto('/app/analytics');
  await expect(page.getByText('Нет доступа', { exact: false }).first()).toBeVisible();
});
