import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEMO_USERS, USER_TEXTS, type AgentCard, type AgentListItem, type SubAgentsPage } from '@oyster/shared-kit/domain';
import { fakeHttp, httpError, renderSection, typeInto } from '@oyster/shared-kit/testing';
import RemoteRoutes from '../../routes';

const id = (n: number) => n.toString(16).padStart(24, '0');
const agent = (n: number, over: Partial<AgentListItem> = {}): AgentListItem => ({
  _id: id(n), fio: `Агентов${n} Иван`, email: `a${n}@oyster.test`, isBlocked: false, opf: 'FL', level: 1, network: null, createDate: '2026-11-01T10:00:00.000Z', ...over,
});
const text = (el: Element) => el.textContent!.replace(/\u00a0/g, ' ');

describe('«Агенты»', () => {
  test('newest first with legal form, level, network and blocked state; «Показать ещё» asks for the next keyset page; a card opens', async () => {
    const bodies: any[] = [];
    const h = fakeHttp({
      'POST /api/v2/agents/': (body: any) => {
        bodies.push(body);
        return body.after
          ? { data: { agents: [agent(3)], total: 3, next: null } }
          : { data: { agents: [agent(1, { opf: 'SZ', level: 2, network: { _id: id(90), name: 'Брокерская сеть «Север»' } }), agent(2, { isBlocked: true })], total: 3, next: 'cursor-1' } };
      },
    });
    await renderSection(RemoteRoutes, '/agents', { http: h, user: DEMO_USERS.manager });
    expect(await screen.findByRole('heading', { level: 1, name: 'Агенты' })).toBeTruthy();
    const rows = () => within(screen.getByRole('list', { name: 'Агенты' })).getAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(text(screen.getByText(/агента$/))).toBe('3 агента');
    expect(text(rows()[0])).toContain('Самозанятый');
    expect(text(rows()[0])).toContain('Эксперт');
    expect(text(rows()[0])).toContain('Брокерская сеть «Север»');
    expect(within(rows()[1]).getByText('Заблокирован')).toBeTruthy();
    expect(bodies[0]).toMatchObject({ sortBy: 'createDate', sortType: 'desc', after: null, search: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(bodies[1]).toMatchObject({ after: 'cursor-1' });
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    expect(within(rows()[0]).getByRole('link').getAttribute('href')).toBe(`/agent/${id(1)}`);
  });

  test('filters of §7 go to the api: legal form, status (1 blocked), by network; search waits 300 ms after typing; nothing found offers a reset', async () => {
    jest.useFakeTimers();
    try {
      const bodies: any[] = [];
      const h = fakeHttp({ 'POST /api/v2/agents/': (body: any) => (bodies.push(body), { data: { agents: body.search || body.status !== null ? [] : [agent(1)], total: 1, next: null } }) });
      await renderSection(RemoteRoutes, '/agents', { http: h, user: DEMO_USERS.admin });
      await act(async () => void (await Promise.resolve()));
      fireEvent.change(screen.getByRole('combobox', { name: 'Правовая форма' }), { target: { value: 'IP' } });
      await act(async () => void (await Promise.resolve()));
      expect(bodies.at(-1)).toMatchObject({ opf: 'IP' });
      fireEvent.click(screen.getByRole('checkbox', { name: /Только в брокерских сетях/ }));
      await act(async () => void (await Promise.resolve()));
      expect(bodies.at(-1)).toMatchObject({ opf: 'IP', byNetwork: true });
      fireEvent.change(screen.getByRole('combobox', { name: 'Статус' }), { target: { value: '1' } });
      await act(async () => void (await Promise.resolve()));
      expect(bodies.at(-1)).toMatchObject({ status: 1 });
      const n = bodies.length;
      fireEvent.change(screen.getByRole('textbox', { name: 'Поиск агента' }), { target: { value: 'Ива' } });
      await act(async () => void jest.advanceTimersByTime(299));
      expect(bodies).toHaveLength(n);
      await act(async () => void jest.advanceTimersByTime(1));
      await act(async () => void (await Promise.resolve()));
      expect(bodies.at(-1)).toMatchObject({ search: 'Ива', status: 1 });
      expect(screen.getByText('Никого не нашли')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Сбросить фильтры' })).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  test('live: agent_changed reads the list again; a failure says so and offers a retry', async () => {
    let fail = true;
    const h = fakeHttp({ 'POST /api/v2/agents/': () => { if (fail) throw httpError(500, { message: 'Сервис недоступен' }); return { data: { agents: [agent(7)], total: 1, next: null } }; } });
    const { bus } = await renderSection(RemoteRoutes, '/agents', { http: h, user: DEMO_USERS.broker });
    expect(await screen.findByText('Не удалось загрузить агентов')).toBeTruthy();
    fail = false;
    act(() => bus.publish('agent_changed', { agentId: id(7) }));
    expect(await screen.findByText('Агентов7 Иван')).toBeTruthy();
  });

  test('no access for a plain agent', async () => {
    await renderSection(RemoteRoutes, '/agents', { http: fakeHttp({}), user: DEMO_USERS.agent });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
  });
});

const CARD: AgentCard = {
  ...agent(5, { fio: 'Иванов Иван Петрович', email: 'agent@oyster.test', network: { _id: id(90), name: 'Брокерская сеть «Север»' } }),
  firstName: 'Иван', secondName: 'Иванов', middleName: 'Петрович', phone: '+79001234567', roles: ['agent'], isSubAgent: false, parent: null,
  curators: [{ _id: id(70), fio: 'Петров Сергей Николаевич' }],
  contracts: { total: 12, paid: 9, premium: 12_345_600 }, brokerRequests: { total: 3, open: 1 },
  ledger: { commission: 150_000, override: 0, total: 150_000 },
  sessions: [{ _id: id(80), createdAt: '2026-11-27T07:00:00.000Z', expiresAt: '2026-11-27T19:00:00.000Z', lastRoute: '/contracts' }],
  can: { block: true, changeLevel: true, moveNetwork: true, appointCurator: true },
};

describe('«Карточка агента»', () => {
  const options = { networks: [{ _id: id(90), name: 'Брокерская сеть «Север»' }, { _id: id(91), name: 'Брокерская сеть «Волга»' }], curators: [{ _id: id(70), fio: 'Петров Сергей Николаевич' }, { _id: id(71), fio: 'Васильева Анна Игоревна' }] };

  test('an administrator: profile, sales and ledger, sessions; changes the level, moves the network, appoints a curator, blocks with a confirmation', async () => {
    const patches: any[] = [];
    let card = CARD;
    const h = fakeHttp({
      [`GET /api/v2/agents/${CARD._id}`]: () => card,
      'GET /api/v2/agents/options': options,
      [`GET /api/v2/finance/billing/${CARD._id}`]: { data: null },
      [`PATCH /api/v2/agents/${CARD._id}`]: (body: any) => {
        patches.push(body);
        card = { ...card, ...(body.level ? { level: body.level } : {}), ...(body.isBlocked !== undefined ? { isBlocked: body.isBlocked } : {}), ...(body.networkId ? { network: options.networks.find((n) => n._id === body.networkId)! } : {}) };
        return card;
      },
      [`POST /api/v2/agents/${CARD._id}/curators`]: (body: any) => (card = { ...card, curators: [...card.curators, { _id: body.curatorId, fio: 'Васильева Анна Игоревна' }] }),
    });
    await renderSection(RemoteRoutes, `/agent/${CARD._id}`, { http: h, user: DEMO_USERS.admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванов Иван Петрович' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Профиль' });
    expect(within(profile).getByText('Активен')).toBeTruthy();
    expect(within(profile).getByText('+79001234567')).toBeTruthy();
    const work = text(screen.getByRole('region', { name: 'Продажи и начисления' }));
    expect(work).toContain('12, оплачено 9');
    expect(work).toContain('123 456,00 ₽');
    expect(work).toContain('1 500,00 ₽');
    expect(within(screen.getByRole('region', { name: 'Сеансы' })).getByText('/contracts')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Правовая форма и реквизиты' })).getByText('Реквизиты не заполнены')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Уровень' }), { target: { value: '3' } });
    expect(await screen.findByText('3 — Брокер')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Брокерская сеть' })).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Брокерская сеть' }), { target: { value: id(91) } });
    expect(await within(screen.getByRole('region', { name: 'Уровень и сеть' })).findByText('Брокерская сеть «Волга»', { selector: 'dd' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Куратор' }), { target: { value: id(71) } });
    fireEvent.click(screen.getByRole('button', { name: 'Назначить куратора' }));
    expect(await within(screen.getByRole('region', { name: 'Кураторы' })).findByText('Васильева Анна Игоревна')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Заблокировать агента? Все его сеансы закончатся сразу.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    expect(await within(screen.getByRole('region', { name: 'Профиль' })).findByText('Заблокирован')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Разблокировать' })).toBeTruthy();
    expect(patches).toEqual([{ level: 3 }, { networkId: id(91) }, { isBlocked: true }]);
  });

  test('a manager sees the card without controls, sessions or billing details', async () => {
    const readOnly = { ...CARD, sessions: [], can: { block: false, changeLevel: false, moveNetwork: false, appointCurator: false } };
    const h = fakeHttp({ [`GET /api/v2/agents/${CARD._id}`]: readOnly });
    await renderSection(RemoteRoutes, `/agent/${CARD._id}`, { http: h, user: DEMO_USERS.manager });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иванов Иван Петрович' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Заблокировать' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Уровень' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Сеансы' })).toBeNull();
    expect(screen.getByText('Реквизиты ведут финансовые контролёры')).toBeTruthy();
  });

  test('the counts open the lists they count: Полисы filtered by the agent (agentId), the requests by agent; a zero count is no link', async () => {
    const readOnly = { ...CARD, sessions: [], can: { block: false, changeLevel: false, moveNetwork: false, appointCurator: false } };
    await renderSection(RemoteRoutes, `/agent/${CARD._id}`, { http: fakeHttp({ [`GET /api/v2/agents/${CARD._id}`]: readOnly }), user: DEMO_USERS.manager });
    const work = await screen.findByRole('region', { name: 'Продажи и начисления' });
    expect(within(work).getByRole('link', { name: '12, оплачено 9' }).getAttribute('href')).toBe(`/contracts?agentId=${CARD._id}`);
    expect(within(work).getByRole('link', { name: '3, в работе 1' }).getAttribute('href')).toBe(`/broker-requests?agent=${CARD._id}`);
    cleanup();
    const none = { ...readOnly, contracts: { total: 0, paid: 0, premium: 0 }, brokerRequests: { total: 0, open: 0 } };
    await renderSection(RemoteRoutes, `/agent/${CARD._id}`, { http: fakeHttp({ [`GET /api/v2/agents/${CARD._id}`]: none }), user: DEMO_USERS.manager });
    const empty = await screen.findByRole('region', { name: 'Продажи и начисления' });
    expect(text(empty)).toContain('0, оплачено 0');
    expect(within(empty).queryAllByRole('link')).toEqual([]);
  });

  test('live: agent_changed of this agent reads the card again (blocked elsewhere)', async () => {
    let card = CARD;
    const h = fakeHttp({ [`GET /api/v2/agents/${CARD._id}`]: () => card, 'GET /api/v2/agents/options': options, [`GET /api/v2/finance/billing/${CARD._id}`]: { data: null } });
    const { bus } = await renderSection(RemoteRoutes, `/agent/${CARD._id}`, { http: h, user: DEMO_USERS.admin });
    expect(await screen.findByText('Активен')).toBeTruthy();
    card = { ...CARD, isBlocked: true };
    act(() => bus.publish('agent_changed', { agentId: id(999) }));
    act(() => bus.publish('agent_changed', { agentId: CARD._id }));
    expect(await screen.findByText('Заблокирован')).toBeTruthy();
  });
});

const SUBS: SubAgentsPage = {
  subAgents: [
    { _id: id(11), fio: 'Морозова Дарья Евгеньевна', email: 'subagent@oyster.test', phone: null, isBlocked: false, createDate: '2026-10-01T10:00:00.000Z', sales: { count: 4, premium: 2_000_000 }, override: 30_000 },
    { _id: id(12), fio: 'Ершов Георгий Валерьевич', email: 'agent11@oyster.test', phone: '+79001112233', isBlocked: true, createDate: '2026-09-01T10:00:00.000Z', sales: { count: 0, premium: 0 }, override: 0 },
  ],
  totals: { count: 4, premium: 2_000_000, override: 30_000 },
};

describe('«Субагенты»', () => {
  test('the owner\'s sub-agents with sales, premium and override; block asks first; unblock at once', async () => {
    const patches: any[] = [];
    const h = fakeHttp({
      'GET /api/v2/sub-agents/': { data: SUBS },
      [`PATCH /api/v2/agents/${id(11)}`]: (b: any) => (patches.push([id(11), b]), CARD),
      [`PATCH /api/v2/agents/${id(12)}`]: (b: any) => (patches.push([id(12), b]), CARD),
    });
    await renderSection(RemoteRoutes, '/sub_agents', { http: h, user: DEMO_USERS.owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Субагенты' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Субагенты' })).getAllByRole('row').slice(1);
    expect(text(rows[0])).toContain('Морозова Дарья Евгеньевна');
    expect(text(rows[0])).toContain('20 000,00 ₽');
    expect(text(rows[0])).toContain('300,00 ₽');
    expect(text(screen.getByLabelText('Итого'))).toContain('Мой оверрайд300,00 ₽');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Разблокировать' }));
    await waitFor(() => expect(patches).toEqual(expect.arrayContaining([[id(11), { isBlocked: true }], [id(12), { isBlocked: false }]])));
  });

  test('«Пригласить субагента»: the roles an owner may assign; the link is shown to copy; the server\'s refusal names the field', async () => {
    let refuse = true;
    const invites: any[] = [];
    const h = fakeHttp({
      'GET /api/v2/sub-agents/': { data: { subAgents: [], totals: { count: 0, premium: 0, override: 0 } } },
      'POST /api/v2/sub-agents/invite': (b: any) => {
        invites.push(b);
        if (refuse) throw httpError(400, { message: 'Поле «email»: пользователь с таким email уже есть', field: 'email' });
        return { _id: id(20), link: `/app/password/${'a'.repeat(64)}`, expiresAt: '2026-12-04T10:00:00.000Z' };
      },
    });
    await renderSection(RemoteRoutes, '/sub_agents', { http: h, user: DEMO_USERS.owner });
    expect(await screen.findByText('Субагентов пока нет: пригласите первого')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Пригласить субагента' }));
    const form = screen.getByRole('region', { name: 'Пригласить субагента' });
    expect(within(form).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent!.trim())).toEqual(['Агент', 'Владелец сети', 'Субагент']);
    fireEvent.change(within(form).getByLabelText('Фамилия'), { target: { value: 'Ястребова' } });
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Ольга' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'olga@oyster.test' } });
    // The phone by §5's one rule (shared-kit userPhone), before anything is sent.
    typeInto(within(form).getByLabelText('Телефон'), '1234567890');
    fireEvent.click(within(form).getByRole('button', { name: 'Создать приглашение' }));
    expect(await within(form).findByText(USER_TEXTS.phoneFormat)).toBeTruthy();
    expect(invites).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Телефон'), { target: { value: '' } });
    typeInto(within(form).getByLabelText('Телефон'), '9001234567');
    fireEvent.click(within(form).getByRole('button', { name: 'Создать приглашение' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Поле «email»: пользователь с таким email уже есть');
    expect(within(form).queryByText(USER_TEXTS.phoneFormat)).toBeNull();
    expect(invites[0].phone).toBe('+7 (900) 123-45-67');
    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Создать приглашение' }));
    expect(await screen.findByText('Приглашение создано. Отправьте ссылку субагенту: по ней он задаст пароль и войдёт.')).toBeTruthy();
    expect(screen.getByTestId('invite-link').textContent).toBe(`${window.location.origin}/app/password/${'a'.repeat(64)}`);
    expect(invites[1]).toMatchObject({ secondName: 'Ястребова', firstName: 'Ольга', email: 'olga@oyster.test', opf: 'FL', roles: ['agent', 'sub_agent'] });
  });

  test('only network agent owners', async () => {
    await renderSection(RemoteRoutes, '/sub_agents', { http: fakeHttp({}), user: DEMO_USERS.broker });
    expect(await screen.findByText('Нет доступа')).toBeTruthy();
  });
});
