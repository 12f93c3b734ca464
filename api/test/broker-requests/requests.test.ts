import {
  BROKER_REQUEST_STATUS as S,
  BROKER_REQUEST_TRANSITIONS,
  DEMO_ACCOUNT_KEYS,
  formatMoney,
  slaDeadline,
  type BrokerFormValues,
  type BrokerRequestStatus,
  type DemoAccountKey,
} from '@oyster/shared-kit/domain';
import { escalateOverdue } from '../../src/broker-requests/escalation';
import { newId } from '../../src/platform/db';
import { BACKENDS, PDF, PNG, GIF, connectSocket, connected, once, postForm, startSignedIn, type SignedInApp } from '../support';

/**
 * Broker requests (issue 12): a request's form checked against its product's, the state machine of
 * shared-kit enforced by the api (409 in Russian, history with who and when), each side's moves, the
 * scope of every demo account, the offers, the files, the executor's badge and the SLA escalation.
 */

/** A complete legal-entity property request (iyl_yl). */
const IYL: BrokerFormValues = {
  companyName: 'ООО «Северный склад»',
  companyInn: '7701234567',
  companyActivity: 'Складская логистика',
  companyAddress: 'г Москва, ул Складочная, д 1',
  orderOption: 'ЧГ',
  contactLastName: 'Петров',
  contactFirstName: 'Сергей',
  contactPhone: '+7 (916) 123-45-67',
  objects: [{ kind: 'Здание', address: 'г Москва, ул Складочная, д 1', value: '85000000' }],
  protection: 'Сигнализация и охрана',
  fireAlarm: '1',
  startDate: '2026-12-15',
  periodMonths: '12 мес.',
};

describe.each(BACKENDS)('broker requests ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  let companies: { _id: string; idUnicus: string }[];
  const company = (code: string) => companies.find((c) => c.idUnicus === code)!._id;
  const db = () => r.oyster.db;

  beforeAll(async () => {
    r = await startSignedIn(backend, DEMO_ACCOUNT_KEYS);
    companies = (await req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
  });
  afterAll(() => r.stop());

  const create = async (who: DemoAccountKey = 'agent', values: BrokerFormValues = IYL, productType = 'iyl_yl') => {
    const res = await req(who, 'POST', '/api/v2/broker-requests', { productType, values });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message: undefined });
    return res.body.data as { id: string; number: number; status: number };
  };
  const move = (who: DemoAccountKey, id: string, status: number, extra: Record<string, unknown> = {}) => req(who, 'POST', `/api/v2/broker-requests/${id}/status`, { status, ...extra });
  const statusOf = async (id: string) => (await db().query<{ status: number }>('SELECT status FROM broker_requests WHERE id = $1', [id]))[0].status;

  // First, while only the demo's requests exist (the other tests add many).
  test('whose requests each demo account sees: agents their own, a network owner the sub-agents’ too, staff every sent one (never a draft), the appointed-only supervisor their agents’, the copywriter none', async () => {
    const rows = await db().query<{ id: string; email: string; status: number }>('SELECT br.id, u.email, br.status FROM broker_requests br JOIN users u ON u.id = br.agent_id');
    const visible = async (who: DemoAccountKey) => {
      const res = await req(who, 'GET', '/api/v2/broker-requests?limit=100');
      if (res.status !== 200) return res.status;
      return new Set(res.body.data.items.map((i: { id: string }) => i.id));
    };
    const of = (pred: (row: { email: string; status: number }) => boolean) => new Set(rows.filter(pred).map((x) => x.id));
    const sent = (row: { status: number }) => row.status !== S.draft && row.status !== S.blank;
    expect(await visible('copywriter')).toBe(403);
    expect(await visible('agent')).toEqual(of((x) => x.email === 'agent@oyster.test'));
    expect(await visible('owner')).toEqual(of((x) => x.email === 'owner@oyster.test' || x.email === 'subagent@oyster.test'));
    expect(await visible('subagent')).toEqual(of((x) => x.email === 'subagent@oyster.test'));
    expect(await visible('newagent')).toEqual(of((x) => x.email === 'newagent@oyster.test'));
    // A broker-network owner: their own and every agent's of the network they own.
    const network = await db().query<{ email: string }>(
      `SELECT u.email FROM users u JOIN broker_networks n ON n.id = u.broker_network_id JOIN users o ON o.id = n.owner_user_id WHERE o.email = 'broker@oyster.test'`,
    );
    expect(await visible('broker')).toEqual(of((x) => x.email === 'broker@oyster.test' || network.some((a) => a.email === x.email)));
    for (const staff of ['admin', 'manager', 'finance', 'supervisor'] as const) expect(await visible(staff)).toEqual(of(sent));
    const appointed = await db().query<{ email: string }>(`SELECT u.email FROM agent_curators ac JOIN users u ON u.id = ac.agent_id JOIN users c ON c.id = ac.curator_id WHERE c.email = 'supervisor.appointed@oyster.test'`);
    expect(await visible('supervisorAppointed')).toEqual(of((x) => sent(x) && appointed.some((a) => a.email === x.email)));
    // Another's request is not told apart from a missing one.
    const agentsOwn = rows.find((x) => x.email === 'agent@oyster.test')!;
    expect((await req('newagent', 'GET', `/api/v2/broker-requests/${agentsOwn.id}`)).status).toBe(404);
    const draft = rows.find((x) => x.status === S.draft)!;
    expect((await req('admin', 'GET', `/api/v2/broker-requests/${draft.id}`)).status).toBe(404);
  });

  test('an agent sends a legal entity’s property request; the manager takes it, calculates, offers; the agent accepts; the history says who and when', async () => {
    // Opened and nothing typed: a blank no list shows; the first saved field makes it a draft.
    const blank = await create('agent', {});
    expect(blank.status).toBe(S.blank);
    expect((await req('agent', 'GET', '/api/v2/broker-requests?limit=100')).body.data.items.map((i: { id: string }) => i.id)).not.toContain(blank.id);
    expect((await req('agent', 'PATCH', `/api/v2/broker-requests/${blank.id}/values`, { values: { companyName: 'ООО «Ромашка»' } })).body.data.status).toBe(S.draft);
    const draft = await create('agent', { companyName: 'ООО «Северный склад»' });
    expect(draft).toMatchObject({ status: S.draft, productType: 'iyl_yl', productTitle: 'Имущество: ИЮЛ', clientName: 'ООО «Северный склад»', slaHours: 24, slaDueAt: null });
    // Sending a half-filled form names the first field missing; nothing moves.
    const refused = await move('agent', draft.id, S.sent);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Заполните поле «ИНН»');
    expect(await statusOf(draft.id)).toBe(S.draft);
    expect((await req('agent', 'PATCH', `/api/v2/broker-requests/${draft.id}/values`, { values: IYL })).status).toBe(200);
    const sent = (await move('agent', draft.id, S.sent)).body.data;
    expect(sent).toMatchObject({ status: S.sent, statusTitle: 'Запрос отправлен', step: 'calc' });
    expect(Date.parse(sent.slaDueAt)).toBeGreaterThan(Date.parse(sent.sentAt));
    // Sent: the form is the broker's now.
    expect((await req('agent', 'PATCH', `/api/v2/broker-requests/${draft.id}/values`, { values: IYL })).status).toBe(409);

    // The manager finds it among the new ones and takes it.
    const queue = (await req('manager', 'GET', '/api/v2/broker-requests?view=unassigned')).body.data.items;
    expect(queue.map((i: { id: string }) => i.id)).toContain(draft.id);
    const taken = (await move('manager', draft.id, S.prepared)).body.data;
    expect(taken.executor.fio).toBe('Кузнецова Ольга Сергеевна');
    expect((await req('manager', 'GET', '/api/v2/broker-requests?view=mine')).body.data.items.map((i: { id: string }) => i.id)).toContain(draft.id);
    await move('manager', draft.id, S.calculating);
    // Offers: two insurers, with their conditions; the agent sees the commission, a sub-agent would not.
    const offer = (code: string, premium: number) => req('manager', 'POST', `/api/v2/broker-requests/${draft.id}/offers`, { companyId: company(code), premium, commissionPercent: 15, conditions: 'Здание и оборудование, франшиза 50 000 ₽' });
    expect((await offer('sogaz', 412_500_00)).status).toBe(200);
    expect((await offer('ingos', 398_000_00)).status).toBe(200);
    // Being made, the offers are the executor's: the agent sees none yet.
    expect((await req('agent', 'GET', `/api/v2/broker-requests/${draft.id}`)).body.data.offers).toEqual([]);
    await move('manager', draft.id, S.calculated);
    await move('manager', draft.id, S.saved);
    await move('manager', draft.id, S.clientAcceptance);
    // The agent hears of it on the bell.
    const [bell] = await db().query<{ title: string }>(`SELECT n.title FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'agent@oyster.test' ORDER BY n.created_at DESC LIMIT 1`);
    expect(bell.title).toBe(`Запрос № ${draft.number}: пришли предложения`);
    const forAgent = (await req('agent', 'GET', `/api/v2/broker-requests/${draft.id}`)).body.data;
    expect(forAgent.offers.map((o: { companyName: string; premium: number; commissionPercent: number }) => [o.companyName, o.premium, o.commissionPercent])).toEqual([
      ['Ингосстрах', 398_000_00, 15],
      ['СОГАЗ', 412_500_00, 15],
    ]);
    expect(forAgent.next).toEqual(expect.arrayContaining([S.executorAcceptance, S.calculating, S.notReleased]));
    // Accepting needs an offer of this request.
    expect((await move('agent', draft.id, S.executorAcceptance)).body.message).toBe('Поле «offerId»: выберите предложение');
    const accepted = (await move('agent', draft.id, S.executorAcceptance, { offerId: forAgent.offers[0].id })).body.data;
    expect(accepted.offers.find((o: { accepted: boolean }) => o.accepted).companyName).toBe('Ингосстрах');
    await move('manager', draft.id, S.paymentChecked);
    const done = (await move('manager', draft.id, S.complete)).body.data;
    expect(done).toMatchObject({ status: S.complete, step: 'completed' });
    expect(done.history.map((h: { to: number; actor: string; by: string | null }) => [h.to, h.actor, h.by])).toEqual([
      [S.draft, 'agent', 'Иванов Иван Петрович'],
      [S.sent, 'agent', 'Иванов Иван Петрович'],
      [S.prepared, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.calculating, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.calculated, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.saved, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.clientAcceptance, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.executorAcceptance, 'agent', 'Иванов Иван Петрович'],
      [S.paymentChecked, 'executor', 'Кузнецова Ольга Сергеевна'],
      [S.complete, 'executor', 'Кузнецова Ольга Сергеевна'],
    ]);
    expect(done.history[7].note).toBe(`Выбрано предложение: Ингосстрах, ${formatMoney(398_000_00)}`);
  });

  test('each move only from its status and by its side: the table, tried by the agent and by the executor', async () => {
    const put = async (status: number, executor: string | null) => {
      const d = await create('agent');
      const manager = executor ? (await db().query<{ id: string }>(`SELECT id FROM users WHERE email = 'manager@oyster.test'`))[0].id : null;
      await db().query('UPDATE broker_requests SET status = $2, executor_id = $3, sent_at = now(), sla_due_at = now() + interval \'1 day\' WHERE id = $1', [d.id, status, manager]);
      return d.id;
    };
    const statuses = [S.draft, S.sent, S.prepared, S.calculating, S.calculated, S.saved, S.clientAcceptance, S.executorAcceptance, S.paymentChecked, S.complete, S.notReleased] as BrokerRequestStatus[];
    for (const from of statuses) {
      for (const to of statuses) {
        if (from === to) continue;
        const rule = BROKER_REQUEST_TRANSITIONS.find((t) => t.from === from && t.to === to);
        for (const who of ['agent', 'manager'] as const) {
          const id = await put(from, from === S.draft || from === S.sent ? null : 'manager');
          let offerId: string | undefined;
          if (to === S.clientAcceptance || to === S.executorAcceptance) {
            offerId = newId();
            await db().query('INSERT INTO broker_request_offers (id, request_id, company_id, premium_kopecks) VALUES ($1, $2, $3, 100000)', [offerId, id, company('vsk')]);
          }
          if (to === S.sent) await db().query('UPDATE broker_requests SET form = $2 WHERE id = $1', [id, JSON.stringify(IYL)]);
          const res = await move(who, id, to, { ...(to === S.notReleased ? { reason: 'Клиент передумал' } : {}), ...(offerId && to === S.executorAcceptance ? { offerId } : {}) });
          const side = who === 'agent' ? 'agent' : 'executor';
          const allowed = !!rule && rule.by.includes(side);
          // Refused: a 409 in Russian — or a 404 where staff cannot see the request at all (an agent's draft).
          const hidden = who === 'manager' && from === S.draft;
          expect({ from, to, who, status: res.status, moved: (await statusOf(id)) === to }).toEqual({ from, to, who, status: allowed ? 200 : hidden ? 404 : 409, moved: allowed });
          if (!allowed && !hidden) expect(res.body.message).toMatch(/^(Нельзя перевести запрос из статуса «.+» в «.+»|Перевести запрос в статус «.+» может только (исполнитель|агент))$/);
        }
      }
    }
  }, 180_000);

  test('a move is pushed live to the queue’s workers who may see the agent: the appointed-only supervisor hears only of their agents’ requests', async () => {
    const curator = `(SELECT id FROM users WHERE email = 'supervisor.appointed@oyster.test')`;
    const agentId = `(SELECT id FROM users WHERE email = 'agent@oyster.test')`;
    await db().query(`DELETE FROM agent_curators WHERE curator_id = ${curator} AND agent_id = ${agentId}`);
    const everyone = connectSocket(r.url, r.tokens.supervisor);
    const appointed = connectSocket(r.url, r.tokens.supervisorAppointed);
    const heard: unknown[] = [];
    appointed.on('broker_request', (e: unknown) => heard.push(e));
    try {
      await Promise.all([connected(everyone), connected(appointed)]);
      const d = await create('agent');
      const told = once<{ requestId: string; status: number }>(everyone, 'broker_request');
      expect((await move('agent', d.id, S.sent)).status).toBe(200);
      expect(await told).toMatchObject({ requestId: d.id, status: S.sent });
      await new Promise((res) => setTimeout(res, 300));
      expect(heard).toEqual([]);
      // Appointed to them, the agent's next request reaches them too.
      await db().query(`INSERT INTO agent_curators (curator_id, agent_id) SELECT ${curator}, ${agentId} ON CONFLICT DO NOTHING`);
      const next = await create('agent');
      const theirs = once<{ requestId: string }>(appointed, 'broker_request');
      await move('agent', next.id, S.sent);
      expect((await theirs).requestId).toBe(next.id);
    } finally {
      everyone.close();
      appointed.close();
    }
  });

  test('staff are told of a request only once it was sent: a draft the agent withdraws unsent reaches no staff socket, is a 404 and in no list of theirs; whatever they are told of, they can open', async () => {
    const staff = ['admin', 'manager', 'supervisor', 'supervisorAppointed', 'finance'] as const;
    const sockets = staff.map((who) => connectSocket(r.url, r.tokens[who]));
    const heard = new Map<DemoAccountKey, { requestId: string; status: number }[]>(staff.map((who) => [who, []]));
    sockets.forEach((s, i) => s.on('broker_request', (e: { requestId: string; status: number }) => heard.get(staff[i])!.push(e)));
    const agentSocket = connectSocket(r.url, r.tokens.agent);
    try {
      await Promise.all([...sockets, agentSocket].map(connected));
      // Withdrawn while a draft: the agent hears of it; no staff socket does, nobody on staff can open it or lists it.
      const draft = await create('agent');
      const agentTold = once<{ requestId: string; status: number }>(agentSocket, 'broker_request');
      expect((await move('agent', draft.id, S.notReleased, { reason: 'Клиент передумал' })).status).toBe(200);
      expect(await agentTold).toMatchObject({ requestId: draft.id, status: S.notReleased, statusTitle: 'Не состоялся' });
      // Sent and then withdrawn: staff are told of both moves (the queue shows it, then it leaves).
      const sent = await create('agent');
      await move('agent', sent.id, S.sent);
      await move('agent', sent.id, S.notReleased, { reason: 'Клиент передумал' });
      await new Promise((res) => setTimeout(res, 400));
      for (const who of staff) {
        const told = heard.get(who)!;
        expect({ who, draft: told.filter((e) => e.requestId === draft.id) }).toEqual({ who, draft: [] });
        expect({ who, opened: (await req(who, 'GET', `/api/v2/broker-requests/${draft.id}`)).status }).toEqual({ who, opened: 404 });
        const listed = (await req(who, 'GET', '/api/v2/broker-requests?limit=100')).body.data.items.map((i: { id: string }) => i.id);
        expect({ who, listed: listed.includes(draft.id) }).toEqual({ who, listed: false });
        // Everything a staff socket was told of is a request they can open.
        for (const e of told) expect({ who, id: e.requestId, opened: (await req(who, 'GET', `/api/v2/broker-requests/${e.requestId}`)).status }).toEqual({ who, id: e.requestId, opened: 200 });
      }
      // The queue's workers who see agent@ heard the sent one move twice; the finance controller works no queue.
      for (const who of ['admin', 'manager', 'supervisor'] as const) expect({ who, told: heard.get(who)!.filter((e) => e.requestId === sent.id).map((e) => e.status) }).toEqual({ who, told: [S.sent, S.notReleased] });
      expect(heard.get('finance')).toEqual([]);
      // The agent still opens and lists their withdrawn draft.
      expect((await req('agent', 'GET', `/api/v2/broker-requests/${draft.id}`)).body.data).toMatchObject({ status: S.notReleased, closeReason: 'Клиент передумал' });
    } finally {
      for (const s of [...sockets, agentSocket]) s.close();
    }
  });

  test('the SLA clock counts working hours across a weekend: sent on Friday at 16:00 Moscow time, a 24-hour product is due on Wednesday at 13:00, and a Saturday is not late', async () => {
    const d = await create('agent');
    const sent = (await move('agent', d.id, S.sent)).body.data;
    // The api's deadline is the shared rule's, from the moment it was sent.
    expect(Date.parse(sent.slaDueAt)).toBe(slaDeadline(new Date(sent.sentAt), 24).getTime());
    // As if sent on Friday 2026-11-27 at 16:00 MSK (13:00 UTC): 2 hours that day, 9 Monday, 9 Tuesday, 4 Wednesday.
    const friday = new Date('2026-11-27T13:00:00Z');
    const due = slaDeadline(friday, 24);
    expect(due.toISOString()).toBe('2026-12-02T10:00:00.000Z');
    await db().query('UPDATE broker_requests SET sent_at = $2, sla_due_at = $3, escalated_at = NULL WHERE id = $1', [d.id, friday.toISOString(), due.toISOString()]);
    const ctx = { db: r.oyster.db, rt: r.oyster.realtime, unread: r.oyster.unread } as never;
    const told = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE title = $1', [`Запрос № ${d.number} просрочен`]))[0].n;
    await escalateOverdue(ctx, new Date('2026-11-28T09:00:00Z')); // Saturday noon
    await escalateOverdue(ctx, new Date('2026-12-02T09:59:00Z')); // Wednesday, a minute before
    expect(await told()).toBe(0);
    await escalateOverdue(ctx, new Date('2026-12-02T11:00:00Z')); // Wednesday, an hour late
    expect(await told()).toBeGreaterThan(0);
    // Escalating at a future date takes every demo request then overdue (one notification each): it ran past 60 s
    // once on a loaded CI machine.
  }, 180_000);

  test('files: the §7 answer; content, extension, size and a path in the name checked; nothing written when refused', async () => {
    const d = await create('agent');
    const attach = (name: string, data: Buffer, typeName = 'Документы на имущество') => {
      const form = new FormData();
      form.append('typeName', typeName);
      form.append('file', new Blob([new Uint8Array(data)]), name);
      return postForm(r.url, r.tokens.agent, `/api/v2/broker-requests/${d.id}/attach-files`, form);
    };
    const ok = await attach('Свидетельство.pdf', PDF);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ error: false, message: 'Файл успешно прикреплен к запросу' });
    expect(ok.body.data.files.map((f: { uploadFileName: string; typeName: string }) => [f.uploadFileName, f.typeName])).toEqual([['Свидетельство.pdf', 'Документы на имущество']]);
    const refusals: [string, Buffer, string | undefined, string][] = [
      ['картинка.gif', GIF, undefined, 'Файл «картинка.gif»: допустимы PDF, JPEG, PNG, WEBP'],
      ['фото.pdf', PNG, undefined, 'Файл «фото.pdf»: расширение не совпадает с содержимым файла'],
      ['../../etc/passwd.pdf', PDF, undefined, 'Файл «../../etc/passwd.pdf»: имя файла без пути к нему'],
      ['договор.pdf', PDF, 'Ключи от квартиры', 'Поле «typeName»: выберите тип файла из списка'],
      ['большой.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), undefined, 'Файл «большой.pdf» больше 10 МБ'],
    ];
    for (const [name, data, type, message] of refusals) {
      const res = await attach(name, data, type);
      expect({ name, status: res.status, message: res.body.message }).toEqual({ name, status: 400, message });
    }
    const [{ n }] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM broker_request_files WHERE request_id = $1', [d.id]);
    expect(n).toBe(1);
    // Download with the right headers; a reader who may not act cannot attach.
    const file = ok.body.data.files[0];
    const got = await fetch(`${r.url}/api/v2/broker-requests/${d.id}/files/${file._id}`, { headers: { 'x-api-token': r.tokens.agent } });
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  test('bad input is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM broker_requests'))[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{ productType: 'tank' }, 'Поле «productType»: такого продукта нет в каталоге'],
      [{ productType: 'iyl_yl', values: { companyInn: 7701234567 } }, 'Поле «values»: ожидается объект из текстовых полей и списков строк'],
      [{ productType: 'iyl_yl', values: { fireAlarm: 'да' } }, '«Пожарная сигнализация» — Да или Нет'],
      [{ productType: 'iyl_yl', values: { hack: 'x' } }, 'Поле «hack» не относится к этой заявке'],
    ];
    for (const [body, message] of cases) {
      const res = await req('agent', 'POST', '/api/v2/broker-requests', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM broker_requests'))[0].n).toBe(before);
    expect((await req('manager', 'POST', '/api/v2/broker-requests', { productType: 'iyl_yl' })).status).toBe(403);
  });

  test('taking a request counts in the manager’s badge (brExecutorCount), pushed live as session_update', async () => {
    const d = await create('agent');
    await move('agent', d.id, S.sent);
    const badge = async () => (await req('manager', 'GET', '/api/v2/auth/get-user')).body.user.brExecutorCount as number;
    const before = await badge();
    const socket = connectSocket(r.url, r.tokens.manager);
    try {
      await connected(socket);
      const update = once<{ brExecutorCount: number }>(socket, 'session_update');
      const event = once<{ requestId: string; status: number }>(socket, 'broker_request');
      await move('manager', d.id, S.prepared);
      expect((await update).brExecutorCount).toBe(before + 1);
      expect(await event).toMatchObject({ requestId: d.id, status: S.prepared, statusTitle: 'Подготовлен' });
      expect(await badge()).toBe(before + 1);
      // Another manager cannot move it.
      await db().query(`UPDATE broker_requests SET executor_id = (SELECT id FROM users WHERE email = 'manager2@oyster.test') WHERE id = $1`, [d.id]);
      expect((await move('manager', d.id, S.calculating)).body.message).toBe('Это запрос другого исполнителя');
    } finally {
      socket.disconnect();
    }
  });

  test('a request past its deadline is escalated once, with how late it is, to the admins and supervisors who may see its agent', async () => {
    // agent@ is not appointed to the appointed-only supervisor: they are not told (the request is not theirs to open).
    const curator = `(SELECT id FROM users WHERE email = 'supervisor.appointed@oyster.test')`;
    const agentId = `(SELECT id FROM users WHERE email = 'agent@oyster.test')`;
    await db().query(`DELETE FROM agent_curators WHERE curator_id = ${curator} AND agent_id = ${agentId}`);
    const d = await create('agent');
    await move('agent', d.id, S.sent);
    await db().query(`UPDATE broker_requests SET sla_due_at = now() - interval '3 days' WHERE id = $1`, [d.id]);
    const told = async () => (await db().query<{ email: string; body: string }>(`SELECT u.email, n.body FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.title = $1`, [`Запрос № ${d.number} просрочен`]));
    const ctx = { db: r.oyster.db, rt: r.oyster.realtime, unread: r.oyster.unread } as never;
    expect(await escalateOverdue(ctx)).toBeGreaterThanOrEqual(1);
    const first = await told();
    expect(first.map((x) => x.email).sort()).toEqual(expect.arrayContaining(['admin@oyster.test', 'supervisor@oyster.test']));
    expect(first.map((x) => x.email)).not.toContain('supervisor.appointed@oyster.test');
    expect(first[0].body).toMatch(/^Имущество: ИЮЛ, агент Иванов Иван; исполнитель не назначен; просрочен на \d+ р\.ч\./);
    await escalateOverdue(ctx);
    expect((await told()).length).toBe(first.length);

    // Once agent@ is appointed to them, their next overdue request reaches that supervisor too.
    await db().query(`INSERT INTO agent_curators (curator_id, agent_id) SELECT ${curator}, ${agentId} ON CONFLICT DO NOTHING`);
    const next = await create('agent');
    await move('agent', next.id, S.sent);
    await db().query(`UPDATE broker_requests SET sla_due_at = now() - interval '1 day' WHERE id = $1`, [next.id]);
    await escalateOverdue(ctx);
    const toldNext = await db().query<{ email: string }>(`SELECT u.email FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.title = $1`, [`Запрос № ${next.number} просрочен`]);
    expect(toldNext.map((x) => x.email)).toEqual(expect.arrayContaining(['admin@oyster.test', 'supervisor@oyster.test', 'supervisor.appointed@oyster.test']));
  });
});
