import { expect, test } from './fixtures';
import { EMAIL, signIn } from './helpers';

// Управление (issue 26): partners and the tariff mapping.

/** A valid company INN (control digit) for the new partner. */
const INN = '7709001230';
/** A field by its label (a required one's label starts with the asterisk). */
const label = (text: string) => new RegExp(`^\\*?${text}$`);

test('an administrator adds a partner with a product and an accepted file type; file-list-company answers it; the new insurer is in init-state', async ({ page }) => {
  await signIn(page, EMAIL.admin);
  await page.goto('/app/manage/partners');
  await expect(page.getByRole('heading', { name: 'Партнёры' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Партнёры' }).getByRole('link', { name: 'ВСК' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить партнёра' }).click();
  await expect(page.getByRole('heading', { name: 'Новый партнёр' })).toBeVisible();

  await page.getByLabel(label('Код')).fill('nordins');
  await page.getByLabel(label('Краткое название')).fill('Норд Страхование');
  await page.getByLabel(label('Полное наименование')).fill('Акционерное общество «Норд Страхование»');
  await page.getByLabel(label('ИНН')).fill('7709001231');
  await page.getByRole('group', { name: 'Продукты партнёра' }).getByLabel('Е-КАСКО').check();
  await page.getByLabel('Новый тип файла').fill('Акт осмотра ТС');
  await page.getByRole('button', { name: 'Добавить тип' }).click();
  await expect(page.getByRole('list', { name: 'Принимаемые типы файлов' })).toContainText('Акт осмотра ТС');
  await page.getByRole('button', { name: 'Добавить партнёра' }).click();
  // The INN's control digit is checked before anything is sent.
  await expect(page.getByText('ИНН — 10 или 12 цифр с верными контрольными цифрами')).toBeVisible();
  await page.getByLabel(label('ИНН')).fill(INN);
  await page.getByRole('button', { name: 'Добавить партнёра' }).click();

  await expect(page.getByRole('heading', { name: 'Норд Страхование' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/edit_partner\/[0-9a-f]{24}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('list', { name: 'Принимаемые типы файлов' })).toContainText('Акт осмотра ТС');
  await expect(page.getByRole('group', { name: 'Продукты партнёра' }).getByLabel('Е-КАСКО')).toBeChecked();
  const answers = await page.evaluate(async (partnerId) => {
    const files = (await (await fetch(`/api/v2/file-list-company/${partnerId}`)).json()).data.fileTypes as { name: string }[];
    const init = (await (await fetch('/api/v2/init-state')).json()).data.companies as { _id: string; shortName: string }[];
    return { files: files.map((f) => f.name), insurer: init.find((c) => c._id === partnerId)?.shortName ?? null };
  }, id);
  expect(answers).toEqual({ files: ['Акт осмотра ТС'], insurer: 'Норд Страхование' });

  await page.getByRole('link', { name: 'Партнёры' }).first().click();
  await expect(page.getByRole('list', { name: 'Партнёры' }).getByRole('link', { name: 'Норд Страхование' })).toBeVisible();
});

test('an administrator edits a tariff mapping: the new code is listed, an overlapping period is refused under «Действует с»', async ({ page }) => {
  await signIn(page, EMAIL.admin);
  await page.goto('/app/manage/tariffs');
  await expect(page.getByRole('heading', { name: 'Маппинг тарифов' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Страховщик' }).selectOption({ label: 'ВСК' });
  await page.getByRole('combobox', { name: 'Продукт' }).selectOption({ label: 'Е-ОСАГО' });
  await expect(page).toHaveURL(/companyId=[0-9a-f]{24}&product=eosago/);
  const list = page.getByRole('list', { name: 'Маппинг тарифов' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('VSK-OSG-2025');

  await list.getByRole('button', { name: 'Изменить' }).click();
  const dialog = page.getByRole('dialog');
  // As a user does: the form shows the mapping before it is changed (one CI run typed into the form while
  // the dialog was still opening, and «Сохранить» sent nothing).
  await expect(dialog.getByLabel(label('Код тарифа страховщика'))).toHaveValue('VSK-OSG-2025');
  await expect(dialog).not.toHaveClass(/ant-zoom-appear/);
  await dialog.getByLabel(label('Код тарифа страховщика')).fill('VSK-OSG-2026');
  await expect(dialog.getByLabel(label('Код тарифа страховщика'))).toHaveValue('VSK-OSG-2026');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(list).toContainText('VSK-OSG-2026');
  await expect(list).toContainText('с 01.01.2025, бессрочно');

  // A second open-ended period of the same insurer × product overlaps: the api says so under the field.
  await page.getByRole('button', { name: 'Добавить маппинг' }).click();
  await dialog.getByLabel(label('Код тарифа страховщика')).fill('VSK-OSG-NEXT');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Период пересекается с маппингом этого страховщика по тому же продукту (с 01.01.2025, бессрочно)')).toBeVisible();
});

test('a copywriter reads partners but cannot add one', async ({ page }) => {
  await signIn(page, EMAIL.copywriter);
  await page.goto('/app/manage/partners');
  await expect(page.getByRole('list', { name: 'Партнёры' }).getByRole('link', { name: 'ВСК' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить партнёра' })).toHaveCount(0);
  await page.goto('/app/add_partner');
  await expect(page.getByText('Партнёров добавляют администраторы и финансовые контролёры.')).toBeVisible();
});
