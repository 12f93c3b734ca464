import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTRACT_STATUS, DEMO_USERS } from '@oyster/shared-kit/domain';
import { currentLocation, fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import type { MortgageValues } from './ipotekaForm';

const QUOTE = 'POST /api/v2/products/ipoteka/quote';
const CREATE = 'POST /api/v2/products/ipoteka/contracts';
const CONTRACT_ID = 'ab'.repeat(12);

const values = (over: Partial<MortgageValues> = {}): MortgageValues => ({
  bank: 'sber',
  ticked: [0],
  balance: 300_000_000,
  property: 'flat',
  startDate: '01.06.2027',
  years: 3,
  policyYear: 1,
  life: true,
  title: true,
  borrowers: [
    { birthDate: '01.03.1991', sex: 'male', share: 60 },
    { birthDate: '15.08.1993', sex: 'female', share: 40 },
  ],
  ...over,
});
/** The calculator as a reload finds it: the form kept in the tab, on step `step`. */
const kept = (v: MortgageValues, step: number) => window.sessionStorage.setItem('oyster.ipoteka.calculator', JSON.stringify({ values: v, step }));

const factor = (key: string, label: string, text: string) => ({ key, label, ppm: 1, kind: 'rate', text, why: `${label}: выбор страховщика` });
const offer = (companyName: string, yearly: number[], over: Record<string, unknown> = {}) => ({
  companyId: companyName.padEnd(24, '0').slice(0, 24),
  companyName,
  premium: yearly.reduce((a, b) => a + b, 0),
  instalments: yearly,
  currency: 'RUB',
  factors: [factor('uplift', 'Страховая сумма', '× 1,10'), factor('title', 'Титул', '0,15\u00a0%')],
  notes: ['Расчёт по демонстрационному тарифу страховщика; окончательную премию назначает страховщик'],
  clamps: [],
  tariff: { insurer: 'alfa', validFrom: '2026-01-01', source: 'демо' },
  agentCommission: { percent: 40, amount: Math.floor(yearly.reduce((a, b) => a + b, 0) * 0.4) },
  commissionPercent: 50,
  ...over,
});
const ALFA = offer('Альфа', [1_452_000, 1_452_000, 1_452_000]);
const INGOS = offer('Ингосстрах', [1_821_600, 1_821_600, 1_821_600], { agentCommission: undefined, commissionPercent: undefined });
const REFUSAL = { companyId: 'c'.repeat(24), companyName: 'ВСК', reason: 'У страховщика нет тарифа по этому продукту' };

jest.setTimeout(60_000);
beforeEach(() => window.sessionStorage.clear());

describe('Калькулятор ипотеки (new-ipoteka)', () => {
  it('the stepper’s steps; the bank’s requirements as a checklist — «Далее» wants a bank, then the obligatory requirement ticked', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/new-ipoteka', { http, user: DEMO_USERS.agent });
    const steps = within(screen.getByRole('navigation', { name: 'Шаги' })).getAllByText(/./).map((t) => t.textContent).filter((t) => /[А-Я]/.test(t ?? ''));
    expect(steps).toEqual(['Банк и требования', 'Кредит и имущество', 'Заёмщики', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
    const bankStep = screen.getByRole('region', { name: 'Банк и требования' });
    fireEvent.click(within(bankStep).getByRole('button', { name: 'Далее' }));
    expect(await within(bankStep).findByText('Обязательное поле')).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('a bank chosen: its checklist, the obligatory item to tick; the balance shows the sum insured with the bank’s uplift', async () => {
    kept(values({ ticked: [] }), 0);
    await renderSection(RemoteRoutes, '/new-ipoteka', { http: fakeHttp({}), user: DEMO_USERS.agent });
    const list = screen.getByRole('region', { name: 'Требования банка «Сбербанк»' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(list).getByText('обязательно')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Отметьте обязательные требования банка')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Страхование залога (конструктив) — обязательно по закону' }));
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    const loan = await screen.findByRole('region', { name: 'Кредит и имущество' });
    expect(within(loan).getByText(/^Страховая сумма: 3\s300\s000,00\s₽ — остаток \+ 10 % по требованию банка «Сбербанк»$/)).toBeInTheDocument();
  });

  it('borrowers’ shares must sum to 100 %: «Рассчитать» says so and asks nothing', async () => {
    kept(values({ borrowers: [{ birthDate: '01.03.1991', sex: 'male', share: 60 }, { birthDate: '15.08.1993', sex: 'female', share: 30 }] }), 2);
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/new-ipoteka', { http, user: DEMO_USERS.agent });
    expect(screen.getByText('Сумма долей: 90 % — должно быть 100 %')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    expect(await screen.findByText('Доли заёмщиков в сумме должны составлять 100 % (сейчас 90 %)')).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('«Рассчитать»: the calculation sent; offers cheapest first with each year’s instalment, the factors, «Ваше КВ» where given; refusals with reasons; «Оформить» makes the contract and opens «Страхователь»', async () => {
    kept(values(), 2);
    const http = fakeHttp({ [QUOTE]: { data: { offers: [ALFA, INGOS], refusals: [REFUSAL] } }, [CREATE]: { data: { id: CONTRACT_ID } } });
    await renderSection(RemoteRoutes, '/new-ipoteka', { http, user: DEMO_USERS.agent });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    const alfa = await screen.findByRole('article', { name: 'Альфа' });
    expect(http.calls.find((c) => `${c.method} ${c.path}` === QUOTE)!.body).toEqual({
      bank: 'sber',
      balance: 300_000_000,
      property: 'flat',
      life: true,
      borrowers: [
        { birthDate: '1991-03-01', sex: 'male', share: 60 },
        { birthDate: '1993-08-15', sex: 'female', share: 40 },
      ],
      title: true,
      startDate: '2027-06-01',
      years: 3,
    });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Альфа', 'Ингосстрах']);
    expect(within(alfa).getByText(/^43\s560,00\s₽$/)).toBeInTheDocument();
    expect(within(alfa).getByText(/^Ваше КВ 17\s424,00\s₽ \(40%\)$/)).toBeInTheDocument();
    const years = within(within(alfa).getByRole('list', { name: 'Взносы по годам: Альфа' })).getAllByRole('listitem').map((li) => li.textContent!.replace(/\s/g, ' '));
    expect(years).toEqual(['1-й годсейчас14 520,00 ₽', '2-й годдо 01.06.202814 520,00 ₽', '3-й годдо 01.06.202914 520,00 ₽']);
    expect(within(within(alfa).getByLabelText('Расчёт: Альфа')).getAllByRole('term').map((t) => t.textContent)).toEqual(['Страховая сумма', 'Титул']);
    expect(within(screen.getByRole('article', { name: 'Ингосстрах' })).queryByText(/Ваше КВ/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Отказы страховщиков' })).getByText(/У страховщика нет тарифа по этому продукту/)).toBeInTheDocument();

    fireEvent.click(within(alfa).getByRole('button', { name: 'Оформить' }));
    await waitFor(() => expect(currentLocation()).toBe(`/new-ipoteka/insurant?contract=${CONTRACT_ID}`));
    expect(http.calls.find((c) => `${c.method} ${c.path}` === CREATE)!.body).toMatchObject({ companyId: ALFA.companyId, calculation: { bank: 'sber', years: 3 } });
  });

  it('«Страхователь»: borrower 1’s birth date filled in, each co-borrower asked by name; «Отправить страховщику» names what is missing and sends nothing', async () => {
    const calc = { bank: 'sber', balance: 300_000_000, property: 'flat', life: true, borrowers: [{ birthDate: '1991-03-01', sex: 'male', share: 60 }, { birthDate: '1993-08-15', sex: 'female', share: 40 }], title: true, startDate: '2027-06-01', years: 3 };
    const contract = { id: CONTRACT_ID, product: 'ipoteka', status: CONTRACT_STATUS.calculated, statusTitle: 'Рассчитан', calculation: calc, details: {}, summary: [{ title: 'Кредит', rows: [{ label: 'Банк', value: 'Сбербанк' }] }] };
    const http = fakeHttp({ [`GET /api/v2/contracts/${CONTRACT_ID}`]: { data: contract } });
    await renderSection(RemoteRoutes, `/new-ipoteka/insurant?contract=${CONTRACT_ID}`, { http, user: DEMO_USERS.agent });
    const step = await screen.findByRole('region', { name: 'Страхователь' }, { timeout: 15_000 });
    expect(within(step).getByLabelText(/Дата рождения$/)).toHaveValue('01.03.1991');
    expect(within(step).getByText('Заёмщик 2, дата рождения 15.08.1993')).toBeInTheDocument();
    expect(within(step).getByText(/Осталось: Страхователь: фамилия/)).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Выбранное предложение' })).getByText('Сбербанк')).toBeInTheDocument();
    fireEvent.click(within(step).getByRole('button', { name: 'Отправить страховщику' }));
    expect(await within(step).findByText('Не заполнено: Страхователь: фамилия')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
