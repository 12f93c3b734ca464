import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, withAccountKey, withInnControl, type Partner, type PartnerListItem } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const BIK = '044525225';
const VSK: PartnerListItem = { _id: 'a'.repeat(24), code: 'vsk', kind: 'insurer', shortName: 'ВСК', legalName: 'Страховое акционерное общество «ВСК»', inn: withInnControl('770901234'), products: ['eosago', 'ekasko'], fileTypesCount: 3 };
const BANK: PartnerListItem = { _id: 'b'.repeat(24), code: 'demobank', kind: 'bank', shortName: 'Демо Ипотечный Банк', legalName: '', inn: '', products: ['ipoteka'], fileTypesCount: 1 };
const CARD: Partner = {
  _id: BANK._id,
  code: 'demobank',
  kind: 'bank',
  shortName: 'Демо Ипотечный Банк',
  legalName: 'ПАО «Демо Ипотечный Банк»',
  inn: withInnControl('771200000'),
  kpp: '770201001',
  ogrn: '',
  address: 'г. Москва',
  bank: { bik: BIK, name: 'ПАО Сбербанк', account: withAccountKey('40702810038000000011', BIK), correspondentAccount: '30101810400000000225' },
  products: ['ipoteka'],
  contacts: [{ name: 'Иванова Мария', position: 'Менеджер', phone: '+7 (495) 111-22-30', email: 'info@demobank.example' }],
  fileTypes: [{ _id: 'c'.repeat(24), name: 'Кредитный договор' }],
  updatedAt: null,
};
/** A field by its label (a required one's label starts with the asterisk). */
const label = (text: string) => new RegExp(`^\\*?${text}$`);
const field = (text: string) => screen.getByLabelText(label(text)) as HTMLInputElement;

describe('Управление: «Партнёры»', () => {
  test('the list: name (opens the partner), kind, INN, products, file types; the kind filter goes to the URL and the api; «Добавить партнёра» for an administrator', async () => {
    const h = fakeHttp({ 'GET /api/v2/partners': (_b: unknown, call: { path: string }) => ({ data: call.path.includes('kind=bank') ? [BANK] : [VSK, BANK] }) });
    await renderSection(RemoteRoutes, '/manage/partners', { http: h, user: DEMO_USERS.admin });
    const list = await screen.findByRole('list', { name: 'Партнёры' });
    const [vsk, bank] = within(list).getAllByRole('listitem');
    expect(within(vsk).getByRole('link', { name: 'ВСК' }).getAttribute('href')).toBe(`/edit_partner/${VSK._id}`);
    expect(within(vsk).getByText('Страховая компания')).toBeTruthy();
    expect(within(vsk).getByText(VSK.inn)).toBeTruthy();
    expect(within(vsk).getByText('Е-ОСАГО, Е-КАСКО')).toBeTruthy();
    expect(within(bank).getByText('Банк')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Тип партнёра' }), { target: { value: 'bank' } });
    await waitFor(() => expect(h.calls.at(-1)!.path).toBe('/api/v2/partners?kind=bank'));
    expect(currentLocation()).toBe('/manage/partners?kind=bank');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Партнёры' })).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    expect(currentLocation()).toBe('/add_partner');
  });

  test('a copywriter reads the list without «Добавить партнёра»; an empty answer says «Партнёров нет»', async () => {
    await renderSection(RemoteRoutes, '/manage/partners', { http: fakeHttp({ 'GET /api/v2/partners': { data: [] } }), user: DEMO_USERS.copywriter });
    expect(await screen.findByText('Партнёров нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить партнёра' })).toBeNull();
  });

  test('«Новый партнёр»: the form checks what the api checks; saved with a product and an accepted file type → the partner page', async () => {
    const post = jest.fn((body: unknown) => ({ data: { ...CARD, ...(body as object), _id: 'd'.repeat(24), fileTypes: [{ _id: 'e'.repeat(24), name: 'Паспорт заёмщика' }] } }));
    const h = fakeHttp({ 'POST /api/v2/partners': (b: unknown) => post(b), [`GET /api/v2/partners/${'d'.repeat(24)}`]: { data: { ...CARD, _id: 'd'.repeat(24), code: 'nordbank', shortName: 'Норд Банк' } } });
    const { toasts } = await renderSection(RemoteRoutes, '/add_partner', { http: h, user: DEMO_USERS.finance });
    expect(await screen.findByRole('heading', { level: 1, name: 'Новый партнёр' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    fireEvent.change(field('Тип партнёра'), { target: { value: 'bank' } });
    fireEvent.change(field('Код'), { target: { value: 'NordBank' } });
    fireEvent.change(field('Краткое название'), { target: { value: 'Норд Банк' } });
    fireEvent.change(field('ИНН'), { target: { value: '7709001231' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    expect(await screen.findByText('ИНН — 10 или 12 цифр с верными контрольными цифрами')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(field('ИНН'), { target: { value: withInnControl('770900123') } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Продукты партнёра' })).getByLabelText('Ипотека'));
    fireEvent.change(field('Новый тип файла'), { target: { value: 'Паспорт заёмщика' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить тип' }));
    expect(within(screen.getByRole('list', { name: 'Принимаемые типы файлов' })).getByText('Паспорт заёмщика')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toMatchObject({ code: 'nordbank', kind: 'bank', shortName: 'Норд Банк', products: ['ipoteka'], fileTypes: ['Паспорт заёмщика'] });
    await waitFor(() => expect(currentLocation()).toBe(`/edit_partner/${'d'.repeat(24)}`));
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Партнёр добавлен' }));
  });

  test('the api’s 400 shows under the field it names', async () => {
    const h = fakeHttp({
      'POST /api/v2/partners': () => {
        throw httpError(400, { message: 'Партнёр с таким кодом уже есть', field: 'code' });
      },
    });
    await renderSection(RemoteRoutes, '/add_partner', { http: h, user: DEMO_USERS.admin });
    fireEvent.change(await screen.findByLabelText(label('Код')), { target: { value: 'ingos' } });
    fireEvent.change(field('Краткое название'), { target: { value: 'Ингосстрах 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить партнёра' }));
    const error = await screen.findByText('Партнёр с таким кодом уже есть');
    expect(error.id).toBe('partner-code-error');
  });

  test('a supervisor may not open «Новый партнёр»', async () => {
    await renderSection(RemoteRoutes, '/add_partner', { http: fakeHttp({}), user: DEMO_USERS.supervisor });
    expect(await screen.findByText('Партнёров добавляют администраторы и финансовые контролёры.')).toBeTruthy();
    expect(screen.queryByLabelText('Код')).toBeNull();
  });

  test('a partner’s page: the card as the api has it; a change saves the whole card and the page shows what the api now has', async () => {
    const put = jest.fn((body: unknown) => ({ data: { ...CARD, ...(body as object), fileTypes: [{ _id: 'c'.repeat(24), name: 'Кредитный договор' }, { _id: 'f'.repeat(24), name: 'Отчёт об оценке' }] } }));
    const h = fakeHttp({ [`GET /api/v2/partners/${CARD._id}`]: { data: CARD }, [`PUT /api/v2/partners/${CARD._id}`]: (b: unknown) => put(b) });
    const { toasts } = await renderSection(RemoteRoutes, `/edit_partner/${CARD._id}`, { http: h, user: DEMO_USERS.admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Демо Ипотечный Банк' })).toBeTruthy();
    expect(field('Код').disabled).toBe(true);
    expect(field('ИНН').value).toBe(CARD.inn);
    expect(field('Имя').value).toBe('Иванова Мария');
    fireEvent.change(field('Краткое название'), { target: { value: 'Демо Банк' } });
    fireEvent.change(field('Новый тип файла'), { target: { value: 'Отчёт об оценке' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить тип' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][0]).toEqual({ ...CARD, _id: undefined, updatedAt: undefined, shortName: 'Демо Банк', fileTypes: ['Кредитный договор', 'Отчёт об оценке'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Демо Банк' })).toBeTruthy();
    expect(toasts).toContainEqual(expect.objectContaining({ type: 'success', body: 'Партнёр сохранён' }));
  });

  test('a copywriter reads a partner: no «Сохранить», fields disabled', async () => {
    const h = fakeHttp({ [`GET /api/v2/partners/${CARD._id}`]: { data: CARD } });
    await renderSection(RemoteRoutes, `/edit_partner/${CARD._id}`, { http: h, user: DEMO_USERS.copywriter });
    expect(await screen.findByText(/Партнёров меняют администраторы и финансовые контролёры/)).toBeTruthy();
    expect(field('Краткое название').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });

  test('an unknown partner: «Партнёр не найден»', async () => {
    await renderSection(RemoteRoutes, '/edit_partner/not-an-id', { http: fakeHttp({}), user: DEMO_USERS.admin });
    expect(await screen.findByText('Партнёр не найден')).toBeTruthy();
  });
});

test('a copywriter opens «Партнёры» from Управление’s tabs and reads the list', async () => {
  await renderSection(RemoteRoutes, '/manage/partners', { http: fakeHttp({ 'GET /api/v2/partners': { data: [VSK] } }), user: DEMO_USERS.copywriter });
  expect(await screen.findByRole('list', { name: 'Партнёры' })).toBeTruthy();
  expect(currentLocation()).toBe('/manage/partners');
});
