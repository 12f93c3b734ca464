import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTRACT_PRODUCTS, CONTRACT_PRODUCT_TITLES, DEMO_USERS, type ContractDetails, type ContractListItem } from '@oyster/shared-kit/domain';
import { currentLocation, emptyInitState, fakeHttp, httpError, renderSection } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const ID = 'c1'.repeat(12);
const ROW: ContractListItem = {
  id: ID,
  product: 'eosago',
  kind: 'eosago',
  productName: 'Е-ОСАГО',
  status: 250,
  statusTitle: 'Ожидает оплаты',
  reportStatus: 'wait_payment',
  policyNumber: null,
  companyId: 'a'.repeat(24),
  companyName: 'ВСК',
  premium: 1_234_567,
  clientName: 'Смирнова Анна Петровна',
  plate: 'А123ВС777',
  vin: null,
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  agent: { id: 'b'.repeat(24), fio: 'Иванов Иван' },
  resumeStep: null,
};
const DETAILS: ContractDetails = {
  ...ROW,
  status: 106,
  statusTitle: 'Расчёт получен',
  reportStatus: 'draft',
  calculation: { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' }, owner: { address: { value: 'г Москва', data: {} } }, unrestricted: true, periodMonths: 12, startDate: '2026-12-01' },
  offer: null,
  details: {},
  history: [{ from: 105, to: 106, at: '2026-11-20T09:00:00.000Z', actor: 'system', by: null, note: 'ВСК: 12345.67 ₽' }],
  next: [10000],
  paymentUrl: null,
  paymentExpiresAt: null,
  insurerMessage: null,
  documents: ['draft'],
  files: [],
  canAttachFiles: true,
  money: null,
  summary: [],
  currency: 'RUB',
  foreign: null,
  instalments: [{ number: 1, of: 1, purpose: 'premium', dueDate: '2026-11-20', amount: 1_234_567, state: 'scheduled', overdue: false, paymentUrl: null, paymentExpiresAt: null, paidAt: null }],
  changes: [],
  canCancel: true,
  canEndorse: false,
  canReview: false,
};
const FILE = {
  _id: 'f'.repeat(24),
  uploadFileName: 'паспорт.pdf',
  storageFileName: `${'0'.repeat(32)}.pdf`,
  size: 2048,
  extension: 'pdf',
  mime: 'application/pdf',
  user: { userId: DEMO_USERS.agent._id, firstName: 'Иван', secondName: 'Иванов', middleName: '' },
  createDate: '2026-11-20T09:30:00.000Z',
  updateDate: '2026-11-20T09:30:00.000Z',
  typeId: 't2'.repeat(12),
  typeName: 'Паспорт собственника',
};

describe('Полисы', () => {
  test('rows with the status, insurer, client and premium in roubles; «Показать ещё» asks with the cursor; a socket move changes the row in place', async () => {
    const http = fakeHttp({
      'GET /api/v2/contracts': (_b: unknown, call: { path: string }) =>
        call.path.includes('after=next1') ? { data: { items: [{ ...ROW, id: 'd'.repeat(24), clientName: 'Петров Пётр' }], next: null } } : { data: { items: [ROW], next: 'next1' } },
    });
    const { bus } = await renderSection(RemoteRoutes, '/contracts', { http, user: DEMO_USERS.agent });
    const list = await screen.findByRole('list', { name: 'Договоры' });
    expect(within(list).getAllByText('Ожидает оплаты').length).toBeGreaterThan(0);
    expect(within(list).getByText(/ВСК · Смирнова Анна Петровна · А123ВС777/)).toBeTruthy();
    expect(within(list).getByText(/12\s345,67\s₽/)).toBeTruthy();
    // Another agent's sale (a network owner's or staff's view) says whose it is.
    expect(within(list).getByText('Агент: Иванов Иван')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText(/Петров Пётр/)).toBeTruthy();
    const listed = http.calls.filter((c) => c.path.startsWith('/api/v2/contracts')).length;
    act(() => bus.publish('contract_status', { contractId: ID, status: 510, statusTitle: 'Полис выпущен', policyNumber: 'ХХХ0123456789', at: '2026-11-20T10:00:00.000Z' }));
    expect((await screen.findAllByText('Полис выпущен')).length).toBeGreaterThan(0);
    expect(screen.getByText('Е-ОСАГО ХХХ0123456789')).toBeTruthy();
    expect(http.calls.filter((c) => c.path.startsWith('/api/v2/contracts')).length).toBe(listed);
  });

  test('a quick period goes to the query; nothing found offers to reset the filters; a failure offers a retry', async () => {
    let fail = false;
    const http = fakeHttp({
      'GET /api/v2/contracts': () => {
        if (fail) throw httpError(500);
        return { data: { items: [], next: null } };
      },
    });
    await renderSection(RemoteRoutes, '/contracts', { http, user: DEMO_USERS.agent });
    expect(await screen.findByText('Договоров пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Последние 7 дней' }));
    expect(await screen.findByText('По этим условиям договоров нет')).toBeTruthy();
    expect(http.calls[http.calls.length - 1].path).toContain('period=7');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(await screen.findByText('Не удалось загрузить договоры')).toBeTruthy();
  });

  test('the insurer and the product filter the list through the URL (§3 company, product); the insurers come from init-state', async () => {
    const http = fakeHttp({ 'GET /api/v2/contracts': { data: { items: [ROW], next: null } } });
    const initState = { ...emptyInitState(), companies: [{ _id: 'b'.repeat(24), shortName: 'СОГАЗ' }, { _id: 'a'.repeat(24), shortName: 'ВСК' }] };
    await renderSection(RemoteRoutes, '/contracts', { http, user: DEMO_USERS.agent, initState });
    await screen.findByRole('list', { name: 'Договоры' });
    const insurer = screen.getByRole('combobox', { name: 'Страховщик' });
    await waitFor(() => expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все страховщики', 'ВСК', 'СОГАЗ']));
    fireEvent.change(insurer, { target: { value: 'b'.repeat(24) } });
    await waitFor(() => expect(http.calls[http.calls.length - 1].path).toContain(`company=${'b'.repeat(24)}`));
    const product = screen.getByRole('combobox', { name: 'Продукт' });
    expect(within(product).getAllByRole('option').map((o) => o.textContent)).toEqual(['Все продукты', ...CONTRACT_PRODUCTS.map((p) => CONTRACT_PRODUCT_TITLES[p])]);
    fireEvent.change(product, { target: { value: 'eosago' } });
    await waitFor(() => expect(http.calls[http.calls.length - 1].path).toMatch(/company=b{24}.*product=eosago|product=eosago.*company=b{24}/));
    expect(currentLocation()).toMatch(/company=b{24}/);
  });

  test('one agent\'s contracts (agentId from the agent card\'s link): asked of the api, the agent named in a chip, kept in the URL; removing the chip lists everyone again', async () => {
    const AGENT = 'b'.repeat(24);
    const http = fakeHttp({
      'GET /api/v2/contracts': (_b: unknown, call: { path: string }) =>
        call.path.includes('after=next1')
          ? { data: { items: [{ ...ROW, id: 'f'.repeat(24) }], next: null, agent: { id: AGENT, fio: 'Иванов Иван' } } }
          : call.path.includes(`agentId=${AGENT}`)
          ? { data: { items: [ROW], next: 'next1', agent: { id: AGENT, fio: 'Иванов Иван' } } }
          : { data: { items: [ROW, { ...ROW, id: 'd'.repeat(24), agent: { id: 'e'.repeat(24), fio: 'Петров Пётр' } }], next: null } },
    });
    await renderSection(RemoteRoutes, `/contracts?agentId=${AGENT}`, { http, user: DEMO_USERS.admin });
    const chip = await screen.findByRole('group', { name: 'Фильтр по агенту' });
    await waitFor(() => expect(chip.textContent).toContain('Агент: Иванов Иван'));
    expect(http.calls[0].path).toContain(`agentId=${AGENT}`);
    expect(within(screen.getByRole('list', { name: 'Договоры' })).getAllByRole('listitem')).toHaveLength(1);
    // «Показать ещё» keeps the filter; so does another filter added.
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(http.calls[http.calls.length - 1].path).toMatch(new RegExp(`agentId=${AGENT}.*after=next1`)));
    fireEvent.click(screen.getByRole('button', { name: 'Последние 7 дней' }));
    await waitFor(() => expect(http.calls[http.calls.length - 1].path).toMatch(new RegExp(`period=7.*agentId=${AGENT}|agentId=${AGENT}.*period=7`)));
    expect(currentLocation()).toContain(`agentId=${AGENT}`);

    fireEvent.click(within(chip).getByRole('button', { name: 'Убрать фильтр по агенту' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Фильтр по агенту' })).toBeNull());
    expect(currentLocation()).not.toContain('agentId');
    expect(http.calls[http.calls.length - 1].path).not.toContain('agentId');
    expect(await screen.findByText('Агент: Петров Пётр')).toBeTruthy();
  });

  test('an agent the user may not see: the api\'s 403 in place, the chip still lets the filter go', async () => {
    const OTHER = 'e'.repeat(24);
    const http = fakeHttp({
      'GET /api/v2/contracts': (_b: unknown, call: { path: string }) => {
        if (call.path.includes('agentId=')) throw httpError(403, { message: 'Недостаточно прав' });
        return { data: { items: [ROW], next: null } };
      },
    });
    await renderSection(RemoteRoutes, `/contracts?agentId=${OTHER}`, { http, user: DEMO_USERS.owner });
    expect(await screen.findByText('Не удалось загрузить договоры')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать фильтр по агенту' }));
    expect(await screen.findByRole('list', { name: 'Договоры' })).toBeTruthy();
  });

  test('the contract: history, where the documents stand, «Продолжить оформление» at the first unfinished step', async () => {
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: { ...DETAILS, resumeStep: 'vehicle' } } });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    expect(await screen.findByRole('region', { name: 'История статусов' })).toBeTruthy();
    expect(screen.getByText('Черновик полиса (PDF)')).toBeTruthy();
    // A year's policy used all year: its term, and no separate period of use.
    const facts = screen.getByRole('region', { name: 'Договор' });
    expect(within(facts).getByText('Срок страхования').nextSibling?.textContent).toBe('с 01.12.2026 по 30.11.2027');
    expect(within(facts).queryByText('Период использования')).toBeNull();
    const docs = screen.getByRole('region', { name: 'Данные для оформления' });
    expect(within(docs).getByText('Осталось: Заполните поле «Марка»')).toBeTruthy();
    expect(within(docs).getAllByRole('link').map((a) => a.textContent)).toEqual(['Транспортное средство', 'Собственник', 'Страхователь', 'Водители', 'Контакты и отправка']);
    fireEvent.click(within(docs).getByRole('button', { name: 'Продолжить оформление' }));
    expect(await screen.findByRole('heading', { name: 'Оформление Е-ОСАГО' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Транспортное средство' })).toBeTruthy();
  });

  test('the contract with the socket back after being away: read again in place, and a move made meanwhile shows', async () => {
    let contract: ContractDetails = { ...DETAILS, status: 250, statusTitle: 'Ожидает оплаты' };
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: () => ({ data: contract }) });
    const { bus } = await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    act(() => bus.connection$.next('connected'));
    expect((await screen.findAllByText('Ожидает оплаты')).length).toBeGreaterThan(0);
    act(() => bus.connection$.next('reconnecting'));
    // Paid while the socket was away: its contract_status never came here.
    contract = { ...contract, status: 510, statusTitle: 'Полис выпущен', policyNumber: 'ХХХ0123456789' };
    act(() => bus.connection$.next('connected'));
    expect(screen.getByRole('region', { name: 'История статусов' })).toBeTruthy();
    expect((await screen.findAllByText('Полис выпущен')).length).toBeGreaterThan(0);
  });

  test('any product: the summary blocks as the api gives them, the schedule (paid, to pay with its link, overdue), a euro premium with its rate, the changes; a paid contract is cancelled at the insurer', async () => {
    const kasko: ContractDetails = {
      ...DETAILS,
      product: 'vzr',
      productName: 'ВЗР',
      status: 600,
      statusTitle: 'Действует',
      reportStatus: 'in_action',
      next: [10000],
      summary: [{ title: 'Путешественники', rows: [{ label: 'Страна', value: 'Италия' }], lines: ['1. Смирнова Анна, 30.09.1985'] }],
      currency: 'EUR',
      foreign: { premium: 450_033, rate: 984_517, rateDate: '2026-11-27', rateSource: 'demo' },
      instalments: [
        { number: 1, of: 2, purpose: 'premium', dueDate: '2026-11-20', amount: 500_001, state: 'paid', overdue: false, paymentUrl: null, paymentExpiresAt: null, paidAt: '2026-11-20T10:00:00.000Z' },
        { number: 2, of: 2, purpose: 'premium', dueDate: '2026-11-25', amount: 500_000, state: 'waiting', overdue: true, paymentUrl: 'http://x/pay/abcdefghijklmnop', paymentExpiresAt: null, paidAt: null },
      ],
      changes: [{ id: 'c'.repeat(24), kind: 'endorsement', at: '2026-11-21T10:00:00.000Z', description: 'Изменение суммы с 21.11.2026: доплата 3 000,00 ₽', premiumDelta: 300_000, by: null }],
      canCancel: true,
    };
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: kasko }, [`POST /api/v2/contracts/${ID}/cancel`]: { data: { ...kasko, status: 10000, statusTitle: 'Отменён', canCancel: false } } });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.admin });
    const insured = await screen.findByRole('region', { name: 'Что застраховано' });
    expect(within(insured).getByText('Страна').nextSibling?.textContent).toBe('Италия');
    expect(within(insured).getByText('1. Смирнова Анна, 30.09.1985')).toBeTruthy();
    expect(screen.getByText('Премия в валюте').nextSibling?.textContent).toBe('4\u00a0500,33\u00a0€ по курсу 98,4517 ₽ за 1 € на 27.11.2026 (демонстрационный курс)');
    const schedule = screen.getByRole('region', { name: 'График платежей' });
    expect(within(schedule).getByText('Взнос 2 из 2')).toBeTruthy();
    expect(within(schedule).getByText(/Просрочен/)).toBeTruthy();
    expect(within(schedule).getByRole('link', { name: 'ссылка на оплату' }).getAttribute('href')).toBe('http://x/pay/abcdefghijklmnop');
    expect(within(screen.getByRole('region', { name: 'Изменения договора' })).getByText(/доплата 3 000,00 ₽/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Данные для оформления' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Расторгнуть у страховщика' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Да' }));
    await waitFor(() => expect(http.calls.some((c) => c.method === 'POST' && c.path === `/api/v2/contracts/${ID}/cancel`)).toBe(true));
  });

  test('a policy used 3 months of its year: «Срок страхования» is the year, «Период использования» its own line', async () => {
    // The period of use is e-OSAGO's line of the summary (api products/eosago), shown among the facts.
    const used = {
      ...DETAILS,
      startDate: '2026-11-30',
      endDate: '2027-11-29',
      calculation: { ...DETAILS.calculation, periodMonths: 3, startDate: '2026-11-30' },
      summary: [{ title: '', rows: [{ label: 'Период использования', value: 'с 30.11.2026 по 28.02.2027 (3 мес.)' }] }],
    };
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http: fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: used } }), user: DEMO_USERS.agent });
    const facts = await screen.findByRole('region', { name: 'Договор' });
    expect(within(facts).getByText('Срок страхования').nextSibling?.textContent).toBe('с 30.11.2026 по 29.11.2027');
    expect(within(facts).getByText('Период использования').nextSibling?.textContent).toBe('с 30.11.2026 по 28.02.2027 (3 мес.)');
  });

  test('the steps: typed values are saved; «Далее» stays with the missing field named under it; a filled step goes on; the owner starts at the priced address; the server’s 400 on sending is shown', async () => {
    const VEHICLE = { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS' as const, series: '77УХ', number: '123456', issuedAt: '2019-05-20' } };
    const OWNER = { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-09-30', passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД' }, address: 'г Москва' };
    let saved: Record<string, unknown> = {};
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: () => ({ data: { ...DETAILS, details: saved } }),
      [`PATCH /api/v2/contracts/${ID}/details`]: (body: unknown) => {
        saved = (body as { details: Record<string, unknown> }).details;
        return { data: { ...DETAILS, details: saved } };
      },
      [`POST /api/v2/contracts/${ID}/send`]: () => {
        throw httpError(400, { message: 'Год выпуска не совпадает с расчётом (2018): исправьте год или рассчитайте полис заново', field: 'details.vehicle.year' });
      },
    });
    await renderSection(RemoteRoutes, `/contracts/${ID}/vehicle`, { http, user: DEMO_USERS.agent });
    const vehicle = await screen.findByRole('region', { name: 'Транспортное средство' });
    fireEvent.change(within(vehicle).getByRole('textbox', { name: 'Марка' }), { target: { value: 'LADA' } });
    await waitFor(() => expect(http.calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    expect(saved).toMatchObject({ vehicle: { make: 'LADA' }, insurantIsOwner: true, owner: { address: 'г Москва' } });
    fireEvent.click(within(vehicle).getByRole('button', { name: 'Далее' }));
    // No VIN nor body number: the step stays, the field says why.
    expect(await within(vehicle).findByText('Заполните поле «VIN или номер кузова»')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Транспортное средство' })).toBeTruthy();

    // A contract whose vehicle and owner are filled resumes further on; the contacts step sends it.
    saved = { vehicle: VEHICLE, owner: OWNER, insurantIsOwner: true, contacts: { phone: '+7 (916) 123-45-67', email: 'anna@example.ru' } };
    await renderSection(RemoteRoutes, `/contracts/${ID}/contacts`, { http, user: DEMO_USERS.agent });
    const contacts = await screen.findByRole('region', { name: 'Контакты и отправка' });
    fireEvent.click(within(contacts).getByRole('button', { name: 'Отправить страховщику' }));
    expect(await within(contacts).findByText(/Год выпуска не совпадает с расчётом/)).toBeTruthy();
  });

  test('a save made in a pause of typing and still on its way does not undo a newer one: «Отправить страховщику» sends what was typed last', async () => {
    const VEHICLE = { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS' as const, series: '77УХ', number: '123456', issuedAt: '2019-05-20' } };
    const OWNER = { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-09-30', passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД' }, address: 'г Москва' };
    // The server keeps the details of the PATCH it finishes last; the first one is slow.
    let saved: Record<string, unknown> = { vehicle: VEHICLE, owner: OWNER, insurantIsOwner: true, contacts: { phone: '+7 (916) 123-45-67', email: '' } };
    let releaseFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    let patches = 0;
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: () => ({ data: { ...DETAILS, details: saved } }),
      [`PATCH /api/v2/contracts/${ID}/details`]: async (body: unknown) => {
        const details = (body as { details: Record<string, unknown> }).details;
        if (++patches === 1) await firstDone;
        saved = details;
        return { data: { ...DETAILS, details } };
      },
      [`POST /api/v2/contracts/${ID}/send`]: async () => {
        await firstDone;
        const email = (saved.contacts as { email?: string }).email;
        if (!email) throw httpError(400, { message: 'Укажите e-mail клиента: на него уйдут ссылка на оплату и полис', field: 'details.contacts.email' });
        return { data: { ...DETAILS, status: 125, details: saved } };
      },
      'POST /suggest/email': { suggestions: [] },
    });
    await renderSection(RemoteRoutes, `/contracts/${ID}/contacts`, { http, user: DEMO_USERS.agent });
    const contacts = await screen.findByRole('region', { name: 'Контакты и отправка' });
    const email = within(contacts).getByRole('combobox', { name: /E-mail клиента/ });
    fireEvent.change(email, { target: { value: 'anna' } });
    await waitFor(() => expect(patches).toBe(1), { timeout: 3000 });
    fireEvent.change(email, { target: { value: 'anna@example.ru' } });
    fireEvent.click(within(contacts).getByRole('button', { name: 'Отправить страховщику' }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
      releaseFirst();
    });
    await waitFor(() => expect(http.calls.some((c) => c.method === 'POST' && c.path.endsWith('/send'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Контакты и отправка' })).toBeNull());
    expect(screen.queryByText(/Укажите e-mail клиента/)).toBeNull();
    expect(saved).toMatchObject({ contacts: { email: 'anna@example.ru' } });
  });

  test('files: picked files need an insurer’s type (sorted) before «Да»; the server’s message is the toast; a refused file shows the server’s reason; live reload on contract_files', async () => {
    let detail: ContractDetails = DETAILS;
    const http = fakeHttp({
      [`GET /api/v2/contracts/${ID}`]: () => ({ data: detail }),
      [`GET /api/v2/file-list-company/${'a'.repeat(24)}`]: { data: { fileTypes: [{ _id: 't2'.repeat(12), name: 'Паспорт собственника' }, { _id: 't1'.repeat(12), name: 'Диагностическая карта' }] } },
      [`POST /api/v2/contracts/${ID}/attach-files`]: (body: unknown) => {
        const form = body as FormData;
        if ((form.getAll('file') as File[]).some((f) => f.name === 'вирус.pdf')) throw httpError(400, { error: true, message: 'Файл «вирус.pdf»: допустимы PDF, JPEG, PNG, WEBP', field: 'file' });
        return { error: false, message: 'Файл успешно прикреплен к запросу', data: { files: [FILE] } };
      },
    });
    const { toasts, bus } = await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    const files = await screen.findByRole('region', { name: 'Файлы договора' });
    expect(within(files).getByText(/Файлов пока нет/)).toBeTruthy();
    const pick = (name: string) => fireEvent.change(within(files).getByLabelText('Файлы для прикрепления'), { target: { files: [new File(['%PDF-1.7'], name, { type: 'application/pdf' })] } });

    pick('паспорт.pdf');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Вы действительно хотите добавить файл?');
    expect(dialog).toHaveTextContent('файл будет добавлен в файлы запроса');
    const yes = within(dialog).getByRole('button', { name: 'Да' });
    expect(yes).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Выберите тип файла' }));
    const typeOptions = async () => within(await screen.findByRole('listbox')).findAllByRole('option');
    const options = await typeOptions();
    expect(options.map((o) => o.textContent)).toEqual(['Диагностическая карта', 'Паспорт собственника']);
    fireEvent.click(screen.getByTitle('Паспорт собственника'));
    await waitFor(() => expect(yes).toBeEnabled());
    fireEvent.click(yes);
    expect(await within(files).findByText('паспорт.pdf')).toBeTruthy();
    expect(within(files).getByText('Паспорт собственника')).toBeTruthy();
    const sent = http.calls.find((c) => c.path.endsWith('/attach-files'))!.body as FormData;
    expect(sent.get('typeId')).toBe('t2'.repeat(12));
    expect(toasts).toContainEqual({ type: 'success', body: 'Файл успешно прикреплен к запросу' });

    pick('вирус.pdf');
    const again = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(again).getByRole('combobox', { name: 'Выберите тип файла' }));
    fireEvent.click(await screen.findByTitle('Диагностическая карта'));
    fireEvent.click(within(again).getByRole('button', { name: 'Да' }));
    expect(await within(files).findByRole('alert')).toHaveTextContent('Файл «вирус.pdf»: допустимы PDF, JPEG, PNG, WEBP');

    // Someone else attached a file: the event reloads the contract.
    detail = { ...DETAILS, files: [FILE, { ...FILE, _id: 'e'.repeat(24), uploadFileName: 'СТС.jpg', user: null }] };
    act(() => bus.publish('contract_files', { contractId: ID }));
    expect(await within(files).findByText('СТС.jpg')).toBeTruthy();
  });

  test('money (finance staff): the commission lines with «нет ставки» where no rate was in force, the payments to return to the client; a contract_money event reloads it; nobody else gets the block', async () => {
    const paid: ContractDetails = { ...DETAILS, status: 600, statusTitle: 'Действует', reportStatus: 'in_action', next: [], documents: ['policy'], canAttachFiles: true };
    let detail: ContractDetails = {
      ...paid,
      money: {
        lines: [
          { kind: 'commission', kindTitle: 'КВ агента', agent: { id: 'b'.repeat(24), fio: 'Иванов Иван' }, rateBp: null, rateReason: null, note: null, baseKopecks: 1_234_567, amountKopecks: 0, at: '2026-11-20T09:10:00.000Z' },
          { kind: 'override', kindTitle: 'КВ владельца сети', agent: { id: 'c'.repeat(24), fio: 'Белый Олег' }, rateBp: 200, rateReason: 'КВ владельца сети: 2% с 01.01.2025', note: null, baseKopecks: 1_234_567, amountKopecks: 24_691, at: '2026-11-20T09:10:00.000Z' },
        ],
        refundDue: [],
      },
    };
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: () => ({ data: detail }) });
    const { bus } = await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.finance });
    const money = await screen.findByRole('region', { name: 'Деньги по договору' });
    const lines = within(money).getByRole('list', { name: 'Начисления КВ' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^КВ агента — Иванов Иваннет ставки0,00\s₽/),
      expect.stringMatching(/^КВ владельца сети — Белый Олег2% от 12\s345,67\s₽КВ владельца сети: 2% с 01\.01\.2025246,91\s₽/),
    ]);
    expect(within(money).getByText('Платежей к возврату нет.')).toBeTruthy();

    // A second payment came for the paid contract: finance is told, the page reloads.
    detail = {
      ...detail,
      money: {
        ...detail.money!,
        refundDue: [{ id: 'd'.repeat(24), paymentId: 'pay_second_0001', companyCode: 'vsk', amountKopecks: 1_234_567, reason: 'already_paid', reasonTitle: 'Договор уже оплачен другим платежом', paidAt: '2026-11-20T10:00:00.000Z', recordedAt: '2026-11-20T10:00:05.000Z' }],
      },
    };
    act(() => bus.publish('contract_money', { contractId: ID }));
    const refunds = await within(money).findByRole('list', { name: 'Платежи к возврату' });
    expect(refunds).toHaveTextContent('Договор уже оплачен другим платежом · платёж pay_second_0001');
    expect(refunds).toHaveTextContent('оплачен 20.11.2026, 13:00');
    expect(refunds).toHaveTextContent(/12\s345,67\s₽/);
  });

  test('the money block is not shown without money on the wire (the api sends it to finance staff only)', async () => {
    const http = fakeHttp({ [`GET /api/v2/contracts/${ID}`]: { data: DETAILS } });
    await renderSection(RemoteRoutes, `/contracts/${ID}`, { http, user: DEMO_USERS.agent });
    await screen.findByRole('region', { name: 'История статусов' });
    expect(screen.queryByRole('region', { name: 'Деньги по договору' })).toBeNull();
  });
});
