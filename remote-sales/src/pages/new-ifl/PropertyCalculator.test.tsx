import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS } from '@oyster/shared-kit/domain';
import { fakeHttp, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';
import { labelled } from './propertyForm';

jest.setTimeout(60_000);

const OLD = 'd'.repeat(24);
const CALC = {
  kind: 'apartment',
  address: { value: 'г Москва, ул Тверская, д 1, кв 10', data: {} },
  area: 54,
  yearBuilt: 1990,
  construction: 'panel',
  floor: 5,
  floors: 9,
  cover: { structure: 100_000_000, finishing: 50_000_000, contents: 30_000_000, liability: 50_000_000 },
  fireSafety: true,
  alarm: false,
  startDate: '2027-01-10',
};
const AGENT = { id: 'a'.repeat(24), fio: 'Иванов И. П.' };
const MARIA = { id: '1'.repeat(24), kind: 'person', name: 'Петрова Мария Игоревна', phone: '+7 (916) 555-44-33', email: null, birthDate: '1990-04-12', inn: null, plates: [], agent: AGENT, updatedAt: '2026-11-01T10:00:00.000Z' };
const MARIA_CARD = {
  client: { ...MARIA, lastName: 'Петрова', firstName: 'Мария', middleName: 'Игоревна', passport: { series: '4511', number: '654321', issuedAt: null, issuer: null, unitCode: null }, companyName: null, kpp: null, ogrn: null, contactPerson: null, address: null, createdAt: MARIA.updatedAt },
  vehicles: [],
  contracts: [],
  canDelete: true,
};
const RENEWAL = { contractId: OLD, product: 'ifl', policyNumber: 'ХХХ0000000001', companyName: 'Ингосстрах', endDate: '2027-01-09', startDate: '2027-01-10', calculation: CALC, details: {} };
const factor = (key: string, label: string, text: string) => ({ key, label, ppm: 1, kind: 'rate', text, why: `${label}: выбор страховщика` });
const offer = (companyName: string, premium: number, over: Record<string, unknown> = {}) => ({
  companyId: companyName.padEnd(24, '0').slice(0, 24),
  companyName,
  premium,
  factors: [factor('structure', 'Конструктив', '0,12\u00a0%'), factor('liability', 'Гражданская ответственность перед соседями', '0,30\u00a0%')],
  notes: ['Расчёт по демонстрационному тарифу страховщика; окончательную премию назначает страховщик'],
  clamps: [],
  tariff: { insurer: 'x', validFrom: '2026-01-01', source: 'демо' },
  commissionPercent: 30,
  agentCommission: { percent: 25, amount: Math.floor(premium / 4) },
  ...over,
});
const QUOTE = {
  offers: [offer('РЕСО-Гарантия', 470_000), offer('Ингосстрах', 620_000, { agentCommission: undefined, commissionPercent: undefined })],
  refusals: [{ companyId: 'c'.repeat(24), companyName: 'ВСК', reason: 'Не страхуем здания старше 100 лет (этому 126)' }],
};

describe('Страхование квартиры (new-ifl)', () => {
  it('the stepper of the product; «Далее» on an empty step names each field in Russian and says the block is wrong', async () => {
    const http = fakeHttp({});
    await renderSection(RemoteRoutes, '/new-ifl', { http, user: DEMO_USERS.agent });
    expect(within(screen.getByRole('navigation', { name: 'Шаги' })).getAllByText(/./).map((t) => t.textContent).filter((t) => /[А-Я]/.test(t ?? ''))).toEqual(['Квартира', 'Что страхуем', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    expect(await screen.findByText('Поле «Площадь, м²» обязательно')).toBeInTheDocument();
    expect(screen.getByText('Поле «Год постройки» обязательно')).toBeInTheDocument();
    expect(screen.getByText('Поле «Этаж» обязательно')).toBeInTheDocument();
    expect(screen.getByText('Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Квартира' })).toBeInTheDocument();
    expect(http.calls).toEqual([]);
  });

  it('re-quoted from the renewal worklist: filled from the old policy; «Рассчитать» lists the offers cheapest first with their factors, «Ваше КВ» only where the api gives it, refusals with reasons; «Оформить» makes the contract that renews the old one', async () => {
    const http = fakeHttp({
      [`GET /api/v2/renewals/${OLD}/quote`]: { data: RENEWAL },
      'POST /api/v2/products/ifl/quote': { data: QUOTE },
      'POST /api/v2/products/ifl/contracts': { data: { id: 'e'.repeat(24) } },
      [`GET /api/v2/contracts/${'e'.repeat(24)}`]: { data: { id: 'e'.repeat(24), product: 'ifl', status: 106, companyName: 'РЕСО-Гарантия', premium: 470_000, details: {} } },
      'GET /api/v2/clients': { data: { items: [MARIA], next: null } },
      [`GET /api/v2/clients/${MARIA.id}`]: { data: MARIA_CARD },
      [`PATCH /api/v2/products/ifl/contracts/${'e'.repeat(24)}/details`]: (body: unknown) => ({ data: { id: 'e'.repeat(24), details: body } }),
    });
    await renderSection(RemoteRoutes, `/new-ifl?renew=${OLD}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(/Продление полиса ХХХ0000000001 \(Ингосстрах\), который заканчивается 09\.01\.2027/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать' }));
    await screen.findByRole('article', { name: 'РЕСО-Гарантия' });
    expect(http.calls.find((c) => c.path === '/api/v2/products/ifl/quote')!.body).toEqual({ ...CALC, address: CALC.address });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['РЕСО-Гарантия', 'Ингосстрах']);
    const reso = screen.getByRole('article', { name: 'РЕСО-Гарантия' });
    expect(within(reso).getByText(/4\s700,00\s₽/)).toBeInTheDocument();
    expect(within(reso).getByText(/^Ваше КВ 1\s175,00\s₽ \(25%\)$/)).toBeInTheDocument();
    expect(within(within(reso).getByLabelText('Факторы: РЕСО-Гарантия')).getAllByRole('term').map((t) => t.textContent)).toEqual(['Конструктив', 'Гражданская ответственность перед соседями']);
    expect(within(screen.getByRole('article', { name: 'Ингосстрах' })).queryByText(/Ваше КВ/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Отказы страховщиков' })).getByText(/Не страхуем здания старше 100 лет/)).toBeInTheDocument();

    fireEvent.click(within(reso).getByRole('button', { name: 'Оформить' }));
    await waitFor(() => expect(http.calls.some((c) => c.path === '/api/v2/products/ifl/contracts')).toBe(true));
    expect(http.calls.find((c) => c.path === '/api/v2/products/ifl/contracts')!.body).toMatchObject({ companyId: QUOTE.offers[0].companyId, renewsContractId: OLD });
    // The insurant step loads the new contract: slow on a loaded CI machine (it timed out once at the default 5 s).
    expect(await screen.findByRole('button', { name: 'Отправить страховщику' }, { timeout: 15_000 })).toBeInTheDocument();

    // The insurant typed once: «Выбрать клиента» fills the name, passport and contacts from the client record.
    fireEvent.change(screen.getByRole('combobox', { name: 'Выбрать клиента' }), { target: { value: 'петр' } });
    fireEvent.click(await screen.findByRole('option', {}, { timeout: 5_000 }));
    expect(await screen.findByText('Данные клиента «Петрова Мария Игоревна» подставлены в форму')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Фамилия' })).toHaveValue('Петрова'));
    expect(screen.getByRole('textbox', { name: 'Номер паспорта' })).toHaveValue('654321');
    expect(screen.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 (916) 555-44-33');
  }, 40_000);

  it('re-quoted from a policy entered by hand: a blank form with its address and the new start, the renewal note; the insurant goes with the contract as a pre-fill', async () => {
    const manual = {
      contractId: OLD,
      product: 'ifl',
      policyNumber: 'ААА 77',
      companyName: 'ВСК',
      endDate: '2027-01-09',
      startDate: '2027-01-10',
      calculation: { startDate: '2027-01-10', address: { value: 'г Москва, ул Ручная, д 7, кв 3' } },
      details: { insurant: { lastName: 'Ручнова', firstName: 'Ольга' }, contacts: { phone: '+7 (900) 777-11-22' } },
      fromManual: true,
    };
    const http = fakeHttp({ [`GET /api/v2/renewals/${OLD}/quote`]: { data: manual } });
    await renderSection(RemoteRoutes, `/new-ifl?renew=${OLD}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByText(/Продление полиса ААА 77 \(ВСК\), который заканчивается 09\.01\.2027/)).toBeInTheDocument();
    // The first step, not the cover: nothing of the rating is stored with a manual entry.
    expect(await screen.findByDisplayValue('г Москва, ул Ручная, д 7, кв 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Далее' })).toBeInTheDocument();
  });

  it('shared-kit messages are shown in the form’s words', () => {
    expect(labelled('Поле «floor»: этаж больше этажности дома (floors)')).toBe('Поле «Этаж»: этаж больше этажности дома («Этажей в доме»)');
    expect(labelled('Укажите хотя бы одну сумму страхования (cover)')).toBe('Укажите хотя бы одну сумму страхования («Что страхуем»)');
  });
});
