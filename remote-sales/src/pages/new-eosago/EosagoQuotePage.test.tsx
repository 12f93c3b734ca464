import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, type OsagoQuoteStarted } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, httpError, renderSection, typeInto } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { QUOTE_POLL_MS } from './useStreamedQuote';

const START = 'POST /api/v2/osago/quotes';
const QUOTE_ID = 'a1'.repeat(12);
const SUGGEST = 'POST /suggest/address';
const MOSCOW = { value: 'г Москва, ул Тверская', unrestricted_value: 'г Москва, ул Тверская', data: { region_kladr_id: '7700000000000', city: 'Москва' } };

const offer = (companyName: string, premium: number, tb: number, over: Record<string, unknown> = {}) => ({
  companyId: companyName.padEnd(24, '0').slice(0, 24),
  companyName,
  premium,
  coefficients: { tb, kt: 1.8, kbm: 1.17, kvs: 1, ko: 2.32, km: 1.4, ks: 1, kn: 1, kpr: 1 },
  explain: { tb: 'базовая ставка', kt: 'Москва', kbm: 'класс 3', kvs: '—', ko: 'без ограничений', km: '150 л. с.', ks: '12 мес.', kn: 'не применяется', kpr: 'без прицепа', cap: 'премия ограничена: не более 3 × ТБ × КТ' },
  capped: true,
  warnings: ['КТ по таблице 6209-У: с 09.12.2025 действует 7204-У'],
  commissionPercent: 9,
  agentCommission: { percent: 12.5, amount: Math.floor((premium * 1250 + 5_000) / 10_000) },
  ...over,
});
const SOGAZ = offer('СОГАЗ', 3_186_000, 5900);
const RESO = offer('РЕСО-Гарантия', 4_679_100, 8665, { commissionPercent: undefined, agentCommission: undefined });
const INGOS_REFUSAL = { companyId: 'c'.repeat(24), companyName: 'Ингосстрах', reason: 'Лимит договоров по Краснодарскому краю на этот месяц исчерпан' };
const STARTED: OsagoQuoteStarted = {
  quoteId: QUOTE_ID,
  insurers: [SOGAZ, RESO, INGOS_REFUSAL].map((x) => ({ companyId: x.companyId, companyName: x.companyName })),
  drivers: [],
};

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** Types a date's digits through the dd.mm.yyyy mask one key at a time, as a person does, then Enter. */
async function typeDate(label: string, digits: string) {
  const el = field(label);
  fireEvent.mouseDown(el);
  fireEvent.focus(el);
  fireEvent.click(el);
  typeInto(el, digits);
  fireEvent.keyDown(el, { key: 'Enter' });
  await act(async () => void (await new Promise((r) => setTimeout(r, 20))));
}

async function chooseMoscow() {
  type('Адрес регистрации собственника', 'москва тверская');
  fireEvent.click(await screen.findByRole('option', { name: MOSCOW.value }, { timeout: 3000 }));
}

const stepShown = (title: string) => screen.getByRole('region', { name: title });
async function next(from: string, to: string) {
  fireEvent.click(within(stepShown(from)).getByRole('button', { name: 'Далее' }));
  expect(await screen.findByRole('region', { name: to })).toBeInTheDocument();
}

/** Through the steps with the factors of a 150 hp car in Moscow, `drivers` on the drivers step, to «Период и расчёт». */
async function toPeriod(drivers: () => Promise<void> | void = () => void fireEvent.click(screen.getByRole('checkbox', { name: 'Без ограничения списка водителей' }))) {
  type('Мощность, л. с.', '150');
  await next('Транспортное средство', 'Собственник');
  await chooseMoscow();
  await next('Собственник', 'Страхователь');
  await next('Страхователь', 'Водители');
  await drivers();
  await next('Водители', 'Период и расчёт');
}

// Each test walks the calculator's antd steps in jsdom: about 12 s alone, and CI once saw one pass 30 s
// beside the other worker (a timeout is no assertion here; the behaviour is).
jest.setTimeout(60_000);

beforeEach(() => window.sessionStorage.clear());

describe('Калькулятор Е-ОСАГО (new-eosago): the steps, the quote, «Оформить»', () => {
  it('the steps of the kit’s stepper; the rating factors with the chosen address suggestion are sent; offers appear one by one as the insurers answer over the socket, the refusals and the warning with them', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    const http = fakeHttp({ [SUGGEST]: { suggestions: [MOSCOW] }, [START]: () => new Promise((r) => (resolve = r)) });
    const { bus } = await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    expect(screen.getByRole('heading', { name: 'Калькулятор Е-ОСАГО' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Шаги' })).getAllByText(/./).map((t) => t.textContent).filter((t) => /[А-Я]/.test(t ?? ''))).toEqual([
      'Транспортное средство',
      'Собственник',
      'Страхователь',
      'Водители',
      'Период и расчёт',
    ]);
    await toPeriod();
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));

    expect(await screen.findByText('Запрашиваем страховщиков…')).toBeInTheDocument();
    const sent = http.calls.find((c) => `${c.method} ${c.path}` === START)!.body as Record<string, any>;
    expect(sent).toEqual({
      vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' },
      owner: { address: { value: MOSCOW.value, data: MOSCOW.data } },
      unrestricted: true,
      periodMonths: 12,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // A fast insurer answers before the POST's own answer: it is kept, not lost.
    act(() => bus.publish('osago_quote', { quoteId: QUOTE_ID, offer: RESO, pending: 2 }));
    await act(async () => resolve({ data: STARTED }));

    const pending = await screen.findByRole('list', { name: 'Ждём ответа' });
    expect(within(pending).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['СОГАЗ — ждём ответа', 'Ингосстрах — ждём ответа']);
    expect(screen.getByRole('article', { name: 'РЕСО-Гарантия' })).toBeInTheDocument();

    act(() => bus.publish('osago_quote', { quoteId: QUOTE_ID, offer: SOGAZ, pending: 1 }));
    act(() => bus.publish('osago_quote', { quoteId: 'f'.repeat(24), offer: offer('Чужой', 1, 5000), pending: 0 })); // another quote: ignored
    act(() => bus.publish('osago_quote', { quoteId: QUOTE_ID, refusal: INGOS_REFUSAL, pending: 0 }));

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Ждём ответа' })).toBeNull());
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['СОГАЗ', 'РЕСО-Гарантия']); // cheapest first
    const sogaz = screen.getByRole('article', { name: 'СОГАЗ' });
    expect(within(sogaz).getByText(/31\s860,00\s₽/)).toBeInTheDocument();
    expect(within(sogaz).getByText('КВ страховщика 9%')).toBeInTheDocument();
    // What the agent earns on it: 12,5 % of 31 860,00 ₽.
    expect(within(sogaz).getByText(/^Ваше КВ 3\s982,50\s₽ \(12,5%\)$/)).toBeInTheDocument();
    expect(within(sogaz).getByText('ограничено ст. 9 40-ФЗ')).toBeInTheDocument();
    const coefficients = within(sogaz).getByLabelText('Коэффициенты: СОГАЗ');
    expect(within(coefficients).getAllByRole('term').map((t) => t.textContent)).toEqual(['ТБ', 'КТ', 'КБМ', 'КВС', 'КО', 'КМ', 'КС', 'КН', 'КПр']);
    expect(within(coefficients).getAllByRole('definition').map((d) => d.textContent?.replace(/\s/g, ' '))).toEqual(['5 900 ₽', '1,80', '1,17', '1,00', '2,32', '1,40', '1,00', '1,00', '1,00']);
    expect(within(screen.getByRole('article', { name: 'РЕСО-Гарантия' })).queryByText(/КВ страховщика/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'РЕСО-Гарантия' })).queryByText(/Ваше КВ/)).toBeNull();
    expect(screen.queryByText('Чужой')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Отказы страховщиков' })).getByText(/Лимит договоров по Краснодарскому краю/)).toBeInTheDocument();
    expect(screen.getAllByRole('note').map((n) => n.textContent)).toEqual(['КТ по таблице 6209-У: с 09.12.2025 действует 7204-У']);
  });

  it('answers the socket did not bring are fetched by the page itself', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const http = fakeHttp({
        [SUGGEST]: { suggestions: [MOSCOW] },
        [START]: { data: STARTED },
        [`GET /api/v2/osago/quotes/${QUOTE_ID}`]: { data: { ...STARTED, offers: [SOGAZ, RESO], refusals: [INGOS_REFUSAL], pending: [] } },
      });
      await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
      await toPeriod();
      fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
      expect(await screen.findByRole('list', { name: 'Ждём ответа' })).toBeInTheDocument();
      await act(async () => void jest.advanceTimersByTime(QUOTE_POLL_MS));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
      expect(screen.queryByRole('list', { name: 'Ждём ответа' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('«Далее» holds a step whose factors are wrong: no power, an address typed but not chosen from the suggestions; nothing is sent', async () => {
    const http = fakeHttp({ [SUGGEST]: { suggestions: [] } });
    await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await within(stepShown('Транспортное средство')).findByText('Обязательное поле')).toBeInTheDocument();
    // The form blocks of §2 say so under the fields; the documents' block is right (empty waits).
    const blocks = () => within(stepShown('Транспортное средство')).getAllByRole('status').map((s) => s.textContent?.replace(/^[!✓]/, ''));
    expect(blocks()).toEqual(['Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.', 'Все поля заполнены верно']);
    type('Мощность, л. с.', '90');
    await waitFor(() => expect(blocks()).toEqual(['Все поля заполнены верно', 'Все поля заполнены верно']));
    await next('Транспортное средство', 'Собственник');
    type('Адрес регистрации собственника', 'где-то в Москве');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Выберите адрес из подсказок')).toBeInTheDocument();
    expect(stepShown('Собственник')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === '/api/v2/osago/quotes')).toEqual([]);
  });

  it('named drivers are required field by field; a refusal of the server is shown in place with «Повторить»', async () => {
    let answer: () => unknown = () => {
      throw httpError(400, { message: 'Поле «owner.address»: Для адреса «г Тула» в тарифах продукта нет коэффициента КТ' });
    };
    const http = fakeHttp({ [SUGGEST]: { suggestions: [MOSCOW] }, [START]: () => answer() });
    await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    await toPeriod(async () => {
      fireEvent.click(within(stepShown('Водители')).getByRole('button', { name: 'Далее' }));
      await waitFor(() => expect(screen.getAllByText('Обязательное поле').length).toBe(3)); // the first driver's three fields; the name may wait
      await typeDate('Дата рождения', '15011990');
      await typeDate('Стаж с', '01032012');
      type('Серия и номер ВУ', '77АВ123456');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const alert = await screen.findByText('Не удалось рассчитать').then((t) => t.closest('[role="alert"]') as HTMLElement);
    expect(alert).toHaveTextContent('нет коэффициента КТ');
    const sent = http.calls.find((c) => c.path === '/api/v2/osago/quotes')!.body as Record<string, any>;
    expect(sent.drivers).toEqual([{ birthDate: '1990-01-15', experienceSince: '2012-03-01', licence: '77АВ 123456' }]);

    answer = () => ({ data: STARTED });
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('list', { name: 'Ждём ответа' })).toBeInTheDocument();
    expect(http.calls.filter((c) => c.path === '/api/v2/osago/quotes')).toHaveLength(2);
  });

  it('documents: empty ones wait for the contract, a wrong one is refused where it was typed; an earlier step keeps what was typed', async () => {
    const http = fakeHttp({ [SUGGEST]: { suggestions: [MOSCOW] } });
    await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    type('Мощность, л. с.', '150');
    type('Марка', 'LADA');
    const vin = () => screen.getByLabelText('VIN', { exact: true }) as HTMLInputElement;
    typeInto(vin(), 'XTA2114006412345O');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('VIN — 17 латинских букв и цифр без I, O, Q')).toBeInTheDocument();
    expect(stepShown('Транспортное средство')).toBeInTheDocument();
    fireEvent.change(vin(), { target: { value: '' } });
    await next('Транспортное средство', 'Собственник');
    await chooseMoscow();
    typeInto(field('Номер паспорта'), '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Номер паспорта — 6 цифр (собственник)')).toBeInTheDocument();
    // Back to the vehicle: the make is still there.
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(field('Марка')).toHaveValue('LADA');
    expect(field('Мощность, л. с.')).toHaveValue('150');
  });

  it('«Оформить»: the contract from the priced calculation, then everything typed — owner address and year from the factors, the drivers’ names — and its steps where something is missing', async () => {
    const CONTRACT = 'b'.repeat(24);
    const http = fakeHttp({
      [SUGGEST]: { suggestions: [MOSCOW] },
      [START]: { data: { ...STARTED, insurers: [{ companyId: SOGAZ.companyId, companyName: 'СОГАЗ' }] } },
      'POST /api/v2/contracts': { data: { id: CONTRACT, resumeStep: 'vehicle' } },
      [`PATCH /api/v2/contracts/${CONTRACT}/details`]: { data: { id: CONTRACT, resumeStep: 'contacts' } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    type('Мощность, л. с.', '150');
    type('Год выпуска', '2019');
    type('Марка', 'LADA');
    await next('Транспортное средство', 'Собственник');
    await chooseMoscow();
    await next('Собственник', 'Страхователь');
    await next('Страхователь', 'Водители');
    await typeDate('Дата рождения', '15011990');
    await typeDate('Стаж с', '01032012');
    type('Серия и номер ВУ', '77АВ123456');
    type('ФИО водителя', 'Смирнова Анна Петровна');
    await next('Водители', 'Период и расчёт');
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByRole('list', { name: 'Ждём ответа' });
    act(() => bus.publish('osago_quote', { quoteId: QUOTE_ID, offer: SOGAZ, pending: 0 }));
    fireEvent.click(within(await screen.findByRole('article', { name: 'СОГАЗ' })).getByRole('button', { name: 'Оформить' }));

    await waitFor(() => expect(currentLocation()).toBe(`/contracts/${CONTRACT}/contacts`));
    const created = http.calls.find((c) => `${c.method} ${c.path}` === 'POST /api/v2/contracts')!.body as Record<string, any>;
    expect(created.companyId).toBe(SOGAZ.companyId);
    expect(created.calculation.vehicle).toEqual({ category: 'B', powerHp: 150, ownerType: 'FL', year: 2019 });
    const patched = http.calls.find((c) => c.method === 'PATCH')!.body as { details: Record<string, any> };
    expect(patched.details).toEqual({
      insurantIsOwner: true,
      vehicle: { make: 'LADA', year: 2019 },
      owner: { address: MOSCOW.value },
      driverNames: ['Смирнова Анна Петровна'],
    });
  });

  it('the form is kept in the tab: back on the page, the values and the step are where the agent left them; «Начать заново» clears them', async () => {
    const http = fakeHttp({ [SUGGEST]: { suggestions: [MOSCOW] } });
    const first = await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    type('Мощность, л. с.', '150');
    type('Марка', 'LADA');
    await next('Транспортное средство', 'Собственник');
    first.unmount();

    await renderSection(RemoteRoutes, '/new-eosago', { http, user: DEMO_USERS.agent });
    expect(stepShown('Собственник')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect(field('Мощность, л. с.')).toHaveValue('150');
    expect(field('Марка')).toHaveValue('LADA');
    fireEvent.click(screen.getByRole('button', { name: 'Начать заново' }));
    expect(field('Мощность, л. с.')).toHaveValue('');
    expect(field('Марка')).toHaveValue('');
  });
});
