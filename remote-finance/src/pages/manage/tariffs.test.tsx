import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type PartnerListItem, type TariffMapping } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, type Call } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { typeDate } from '../../testing';

const VSK: PartnerListItem = { _id: 'a'.repeat(24), code: 'vsk', kind: 'insurer', shortName: 'ВСК', legalName: '', inn: '', products: ['eosago'], fileTypesCount: 0 };
const SOGAZ: PartnerListItem = { ...VSK, _id: 'b'.repeat(24), code: 'sogaz', shortName: 'СОГАЗ' };
const OLD: TariffMapping = { _id: 'c'.repeat(24), companyId: VSK._id, companyName: 'ВСК', product: 'eosago', tariffCode: 'VSK-OSG-2025', insurerProductCode: 'OSG', validFrom: '2025-01-01', validTo: '2025-12-31' };
const NEW: TariffMapping = { ...OLD, _id: 'd'.repeat(24), tariffCode: 'VSK-OSG-2026', validFrom: '2026-01-01', validTo: null };
const label = (text: string) => new RegExp(`^\\*?${text}$`);
const rows = () => within(screen.getByRole('list', { name: 'Маппинг тарифов' })).getAllByRole('listitem');
const mappingCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/tariff-mappings'));

function http(over: Record<string, unknown> = {}) {
  return fakeHttp({
    'GET /api/v2/partners': { data: [SOGAZ, VSK] },
    'GET /api/v2/tariff-mappings': (_b: unknown, call: Call) => ({ data: call.path.includes(`companyId=${SOGAZ._id}`) ? [] : [NEW, OLD] }),
    ...over,
  });
}

describe('Управление: «Маппинг тарифов»', () => {
  test('the periods: insurer, product, the insurer’s codes, the days and where they stand; the filters go to the URL and the api', async () => {
    const h = http();
    await renderSection(RemoteRoutes, '/manage/tariffs', { http: h, user: DEMO_USERS.copywriter });
    expect(await screen.findByRole('heading', { level: 1, name: 'Маппинг тарифов' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Маппинг тарифов' });
    const [current, past] = rows();
    expect(within(current).getByText('VSK-OSG-2026')).toBeTruthy();
    expect(within(current).getByText('продукт OSG')).toBeTruthy();
    expect(within(current).getByText('с 01.01.2026, бессрочно')).toBeTruthy();
    expect(within(past).getByText('с 01.01.2025 по 31.12.2025')).toBeTruthy();
    expect(within(past).getByText('Завершён')).toBeTruthy();
    // A copywriter reads: no changes offered.
    expect(screen.queryByRole('button', { name: 'Добавить маппинг' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Изменить' })).toBeNull();
    const insurer = screen.getByRole('combobox', { name: 'Страховщик' });
    await waitFor(() => expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все страховщики', 'СОГАЗ', 'ВСК']));
    fireEvent.change(insurer, { target: { value: SOGAZ._id } });
    await waitFor(() => expect(mappingCalls(h.calls).at(-1)!.path).toBe(`/api/v2/tariff-mappings?companyId=${SOGAZ._id}`));
    expect(currentLocation()).toBe(`/manage/tariffs?companyId=${SOGAZ._id}`);
    expect(await screen.findByText('Маппингов тарифов нет')).toBeTruthy();
  });

  test('a finance controller changes a period: the form holds it; an overlap is the api’s 400 under «Действует с»; saved → the list again', async () => {
    let answer: (body: unknown) => unknown = () => {
      throw httpError(400, { message: 'Период пересекается с маппингом этого страховщика по тому же продукту (с 01.01.2025 по 31.12.2025)', field: 'validFrom' });
    };
    const put = jest.fn((body: unknown) => answer(body));
    const h = http({ [`PUT /api/v2/tariff-mappings/${NEW._id}`]: (b: unknown) => put(b) });
    const { toasts } = await renderSection(RemoteRoutes, '/manage/tariffs', { http: h, user: DEMO_USERS.finance });
    await screen.findByRole('list', { name: 'Маппинг тарифов' });
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Изменить' }));
    const code = (await screen.findByLabelText(label('Код тарифа страховщика'))) as HTMLInputElement;
    expect(code.value).toBe('VSK-OSG-2026');
    expect((screen.getByLabelText(label('Действует с')) as HTMLInputElement).value).toBe('01.01.2026');
    fireEvent.change(code, { target: { value: 'VSK-OSG-2026B' } });
    await typeDate(screen.getByLabelText(label('Действует с')), '01122025');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByText('Период пересекается с маппингом этого страховщика по тому же продукту (с 01.01.2025 по 31.12.2025)')).id).toBe('tariff-from-error');
    expect(put.mock.calls[0][0]).toEqual({ companyId: VSK._id, product: 'eosago', tariffCode: 'VSK-OSG-2026B', insurerProductCode: 'OSG', validFrom: '2025-12-01', validTo: null });
    answer = (body) => ({ data: { ...NEW, ...(body as object) } });
    await typeDate(screen.getByLabelText(label('Действует с')), '01012026');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1][0]).toMatchObject({ tariffCode: 'VSK-OSG-2026B', validFrom: '2026-01-01' });
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Маппинг тарифа сохранён' })));
    await waitFor(() => expect(screen.queryByLabelText(label('Код тарифа страховщика'))).toBeNull());
  });

  test('an administrator adds a period (the form checks the code and the days first) and deletes one after a confirm', async () => {
    const post = jest.fn((body: unknown) => ({ data: { ...NEW, _id: 'e'.repeat(24), ...(body as object) } }));
    const del = jest.fn(() => ({ data: { deleted: true } }));
    const h = http({ 'POST /api/v2/tariff-mappings': (b: unknown) => post(b), [`DELETE /api/v2/tariff-mappings/${OLD._id}`]: () => del() });
    await renderSection(RemoteRoutes, '/manage/tariffs', { http: h, user: DEMO_USERS.admin });
    await screen.findByRole('list', { name: 'Маппинг тарифов' });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить маппинг' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(label('Страховщик')), { target: { value: SOGAZ._id } });
    fireEvent.change(within(dialog).getByLabelText(label('Продукт')), { target: { value: 'vzr' } });
    fireEvent.change(within(dialog).getByLabelText(label('Код тарифа страховщика')), { target: { value: 'тариф' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Код латиницей и цифрами (допустимы «_», «-», «.», «/»), до 40 символов')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(label('Код тарифа страховщика')), { target: { value: 'SOG-VZR-1' } });
    await typeDate(within(dialog).getByLabelText(label('Действует с')), '01032026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toEqual({ companyId: SOGAZ._id, product: 'vzr', tariffCode: 'SOG-VZR-1', insurerProductCode: '', validFrom: '2026-03-01', validTo: null });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(rows()[1]).getByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('ВСК, Е-ОСАГО: код VSK-OSG-2025, с 01.01.2025 по 31.12.2025.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Да' }));
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
  });
});
