import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, foreignToKopecks } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import type { TravelValues } from './vzrForm';

const QUOTE = 'POST /api/v2/products/vzr/quote';
const CREATE = 'POST /api/v2/products/vzr/contracts';
const CONTRACT_ID = 'ab'.repeat(12);
const RATE = 984_512;

const values = (over: Partial<TravelValues> = {}): TravelValues => ({
  countries: ['IT', 'FR'],
  tripType: 'single',
  startDate: '01.07.2027',
  endDate: '14.07.2027',
  coveredDays: 30,
  travellers: [{ birthDate: '20.05.1990' }, { birthDate: '01.03.1959' }],
  sumInsured: 'eur30000',
  sport: 'none',
  options: [],
  ...over,
});
/** The calculator as a reload finds it: the form kept in the tab, on step `step`. */
const kept = (v: TravelValues, step: number) => window.sessionStorage.setItem('oyster.vzr.calculator', JSON.stringify({ values: v, step }));

const offer = (companyName: string, cents: number, over: Record<string, unknown> = {}) => ({
  companyId: companyName.padEnd(24, '0').slice(0, 24),
  companyName,
  premium: foreignToKopecks(cents, RATE),
  currency: 'EUR',
  premiumForeign: cents,
  rate: RATE,
  rateDate: '2026-11-27',
  rateSource: 'demo',
  factors: [
    { key: 'baseDayRate', label: 'Тариф в день', text: '0,80 € × 14 дн.', why: 'Шенген и Европа' },
    { key: 'age[1]', label: 'Возраст путешественника 2', text: '× 2,00', why: '67 лет' },
  ],
  notes: ['Премия в евро; в рублях — по курсу на день оформления'],
  tariff: { insurer: 'alfa', validFrom: '2026-01-01', source: 'Демо-тариф' },
  agentCommission: { percent: 10, amount: Math.floor(foreignToKopecks(cents, RATE) / 10) },
  commissionPercent: 15,
  ...over,
});
const ALFA = offer('Альфа', 3_360);
const INGOS = offer('Ингосстрах', 4_200, { agentCommission: undefined, commissionPercent: undefined });
const REFUSAL = { companyId: 'c'.repeat(24), companyName: 'Ренессанс', reason: 'Не страхуем поездки в США и Канаду' };

jest.setTimeout(60_000);
beforeEach(() => window.sessionStorage.clear());

describe('Калькулятор ВЗР (new-vzr)', () => {
  it('the stepper’s steps; «Далее» without a country or with the end before the start says so in the block, in plain Russian', async () => {
    kept(values({ countries: [], endDate: '30.06.2027' }), 0);
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/new-vzr', { http, user: DEMO_USERS.agent });
    const steps = within(screen.getByRole('navigation', { name: 'Шаги' })).getAllByText(/./).map((t) => t.textContent).filter((t) => /[А-Я]/.test(t ?? ''));
    expect(steps).toEqual(['Поездка', 'Путешественники', 'Страховая сумма и опции', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
    fireEvent.click(within(screen.getByRole('region', { name: 'Поездка' })).getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Укажите хотя бы одну страну')).toBeInTheDocument();
    expect(screen.getByText('Дата окончания раньше даты начала')).toBeInTheDocument();
    expect(screen.getByText('Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Поездка' })).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('«Рассчитать»: the calculation sent; offers cheapest first in euros with the roubles at the day’s rate, the factors, «Ваше КВ» where given; the refusals with reasons; «Оформить» makes the contract and opens «Страхователь»', async () => {
    kept(values(), 2);
    const http = fakeHttp({ [QUOTE]: { data: { offers: [ALFA, INGOS], refusals: [REFUSAL] } }, [CREATE]: { data: { id: CONTRACT_ID } }, [`GET /api/v2/contracts/${CONTRACT_ID}`]: () => Promise.reject(httpError(404, { message: 'Договор не найден' })) });
    await renderSection(RemoteRoutes, '/new-vzr', { http, user: DEMO_USERS.agent });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const alfa = await screen.findByRole('article', { name: 'Альфа' });
    expect(http.calls.find((c) => `${c.method} ${c.path}` === QUOTE)!.body).toEqual({
      countries: ['IT', 'FR'],
      tripType: 'single',
      startDate: '2027-07-01',
      endDate: '2027-07-14',
      travellers: [{ birthDate: '1990-05-20' }, { birthDate: '1959-03-01' }],
      sumInsured: 'eur30000',
      sport: 'none',
    });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Альфа', 'Ингосстрах']);
    expect(within(alfa).getByText(/^33,60\s€$/)).toBeInTheDocument();
    expect(within(alfa).getByText(/^≈ 3\s307,96\s₽ по курсу 98,4512 ₽ за 1 € на 27\.11\.2026 \(демонстрационный курс\)$/)).toBeInTheDocument();
    expect(within(alfa).getByText(/^Ваше КВ 330,79\s₽ \(10%\)$/)).toBeInTheDocument();
    const factors = within(alfa).getByLabelText('Расчёт: Альфа');
    expect(within(factors).getAllByRole('term').map((t) => t.textContent)).toEqual(['Тариф в день', 'Возраст путешественника 2']);
    expect(within(screen.getByRole('article', { name: 'Ингосстрах' })).queryByText(/Ваше КВ/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Отказы страховщиков' })).getByText(/Не страхуем поездки в США и Канаду/)).toBeInTheDocument();

    fireEvent.click(within(alfa).getByRole('button', { name: 'Оформить' }));
    await waitFor(() => expect(currentLocation()).toBe(`/new-vzr/insurant?contract=${CONTRACT_ID}`));
    expect(http.calls.find((c) => `${c.method} ${c.path}` === CREATE)!.body).toMatchObject({ companyId: ALFA.companyId, calculation: { countries: ['IT', 'FR'] } });
  });

  it('no offer: the empty state with the refusals; a failed quote: the error with «Повторить»', async () => {
    kept(values(), 2);
    let fail = true;
    const http = fakeHttp({ [QUOTE]: () => (fail ? Promise.reject(httpError(500)) : Promise.resolve({ data: { offers: [], refusals: [REFUSAL] } })) });
    await renderSection(RemoteRoutes, '/new-vzr', { http, user: DEMO_USERS.agent });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    expect(await screen.findByText('Не удалось рассчитать')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByText('Ни один страховщик не сделал предложение')).toBeInTheDocument();
    expect(screen.getByText(/Не страхуем поездки в США и Канаду/)).toBeInTheDocument();
  });

  it('«Страхователь»: «Выбрать клиента» fills the insurant’s name, birth date and contacts from the client record', async () => {
    const AGENT = { id: 'a'.repeat(24), fio: 'Иванов И. П.' };
    const item = { id: '1'.repeat(24), kind: 'person', name: 'Петрова Мария Игоревна', phone: '+7 (916) 555-44-33', email: 'maria@example.ru', birthDate: '1990-04-12', inn: null, plates: [], agent: AGENT, updatedAt: '2026-11-01T10:00:00.000Z' };
    const card = { client: { ...item, lastName: 'Петрова', firstName: 'Мария', middleName: 'Игоревна', passport: null, companyName: null, kpp: null, ogrn: null, contactPerson: null, address: null, createdAt: item.updatedAt }, vehicles: [], contracts: [], canDelete: true };
    const contract = { id: CONTRACT_ID, product: 'vzr', status: 106, companyName: 'Альфа', premium: ALFA.premium, calculation: { countries: ['IT'], tripType: 'single', startDate: '2027-07-01', endDate: '2027-07-14', travellers: [{ birthDate: '1990-05-20' }], sumInsured: 'eur30000', sport: 'none', options: [] }, details: {}, summary: [], files: [], history: [] };
    const http = fakeHttp({
      [`GET /api/v2/contracts/${CONTRACT_ID}`]: { data: contract },
      'GET /api/v2/clients': { data: { items: [item], next: null } },
      [`GET /api/v2/clients/${item.id}`]: { data: card },
      [`PATCH /api/v2/products/vzr/contracts/${CONTRACT_ID}/details`]: (body: unknown) => ({ data: { ...contract, details: body } }),
    });
    await renderSection(RemoteRoutes, `/new-vzr/insurant?contract=${CONTRACT_ID}`, { http, user: DEMO_USERS.agent });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Выбрать клиента' }), { target: { value: 'петр' } });
    fireEvent.click(await screen.findByRole('option', {}, { timeout: 5_000 }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Фамилия' })).toHaveValue('Петрова'));
    expect(screen.getByRole('textbox', { name: 'Имя' })).toHaveValue('Мария');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Дата рождения' })).toHaveValue('12.04.1990'));
    expect(screen.getByRole('textbox', { name: 'Эл. почта' })).toHaveValue('maria@example.ru');
  });
});
