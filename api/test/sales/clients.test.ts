import { BACKENDS, FORBIDDEN, connectSocket, connected, once, startSignedIn, type SignedInApp } from '../support';
import { COMPLETE_DETAILS, contractsDriver } from '../support/contracts';

/**
 * Clients and vehicles (issue 25, routes in api/src/sales/clients): whose they are (platform/scope.ts —
 * another agent's client is a 404, staff in scope see it, with its passport), the search by name, phone
 * and plate in keyset pages, 400s in Russian naming the field with nothing written, no deletion of a
 * client with contracts, `client_changed` to the agent and the staff who see them; and «typed once»: a
 * saved e-OSAGO contract writes its client and vehicle once, a second contract of the same person reuses them.
 */
const WHO = ['agent', 'newagent', 'owner', 'subagent', 'broker', 'admin', 'supervisorAppointed', 'copywriter'] as const;
type Who = (typeof WHO)[number];

const PERSON = {
  kind: 'person',
  lastName: 'петрова',
  firstName: 'мария-анна',
  middleName: 'Игоревна',
  birthDate: '1990-04-12',
  passport: { series: '4511', number: '654321', issuedAt: '2010-05-01', issuer: 'ОУФМС России по г. Москве', unitCode: '770-001' },
  address: { value: 'г Москва, ул Арбат, д 10', data: { region_kladr_id: '7700000000000', city: 'Москва' } },
  phone: '8 916 555 44 33',
  email: 'maria@example.ru',
  vehicles: [{ make: 'Kia', model: 'Rio', year: 2018, vin: 'Z94CB41AAJR123456', plate: 'a777mp77', powerHp: 123, category: 'B', document: { type: 'STS', series: '77ХА', number: '654321', issuedAt: '2018-06-01' } }],
};

describe.each(BACKENDS)('sales: clients ($name)', (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  const count = async (table: string) => Number((await r.oyster.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    // The demo book (seed.ts: agent@'s documented contracts typed in) is left out: these tests count their own records.
    await r.oyster.db.query('UPDATE contracts SET client_id = NULL, vehicle_id = NULL');
    await r.oyster.db.query('DELETE FROM clients');
  }, 180_000);
  afterAll(() => r.stop());

  let mariaId: string;
  test('an agent creates a client with a vehicle: names in name case, the phone and the plate canonical', async () => {
    const res = await req('agent', 'POST', '/api/v2/clients', PERSON);
    expect(res.status).toBe(200);
    const { client, vehicles, contracts, canDelete } = res.body.data;
    mariaId = client.id;
    expect(client).toMatchObject({ kind: 'person', name: 'Петрова Мария-Анна Игоревна', phone: '+7 (916) 555-44-33', passport: { series: '4511', number: '654321', unitCode: '770-001' } });
    expect(client.address).toEqual({ value: 'г Москва, ул Арбат, д 10', data: { region_kladr_id: '7700000000000', city: 'Москва' } });
    expect(vehicles).toEqual([expect.objectContaining({ make: 'Kia', plate: 'А777МР77', vin: 'Z94CB41AAJR123456', clientId: client.id, ownerName: client.name })]);
    expect({ contracts, canDelete }).toEqual({ contracts: [], canDelete: true });
  });

  test('another agent\'s client is not found (404); staff and the network owner who see the agent see it whole; no access flag is a 403', async () => {
    const seen: Record<string, unknown> = {};
    for (const who of WHO) {
      const res = await req(who, 'GET', `/api/v2/clients/${mariaId}`);
      seen[who] = res.status === 200 ? res.body.data.client.passport.number : res.status;
    }
    // agent@ is in broker@'s network «Север» and appointed to supervisor.appointed@.
    expect(seen).toEqual({ agent: '654321', broker: '654321', admin: '654321', supervisorAppointed: '654321', newagent: 404, owner: 404, subagent: 404, copywriter: 403 });
    const forbidden = await req('copywriter', 'GET', '/api/v2/clients');
    expect(forbidden.body).toMatchObject(FORBIDDEN);
    // Nor is it in another agent's list or search, nor may they change it.
    expect((await req('newagent', 'GET', '/api/v2/clients?search=Петрова')).body.data.items).toEqual([]);
    expect((await req('owner', 'PATCH', `/api/v2/clients/${mariaId}`, { phone: '+7 (900) 000-00-00' })).status).toBe(404);
    expect((await req('owner', 'DELETE', `/api/v2/clients/${mariaId}`)).status).toBe(404);
  });

  test('a staff member makes a client for an agent they see; one they do not see is refused', async () => {
    const res = await req('supervisorAppointed', 'POST', '/api/v2/clients', { kind: 'company', companyName: 'ООО «Ромашка»', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', agentId: (await req('agent', 'GET', '/api/v2/auth/get-user')).body.user._id });
    expect(res.status).toBe(200);
    expect(res.body.data.client).toMatchObject({ kind: 'company', name: 'ООО «Ромашка»', agent: { fio: expect.stringContaining('Иванов') } });
    const other = (await req('newagent', 'GET', '/api/v2/auth/get-user')).body.user._id;
    const refused = await req('supervisorAppointed', 'POST', '/api/v2/clients', { kind: 'company', companyName: 'ООО «Лютик»', inn: '7707083893', agentId: other });
    expect(refused).toMatchObject({ status: 400, body: { field: 'agentId' } });
  });

  test('search by the name, the phone (any way it is typed) and the plate or VIN: prefixes', async () => {
    const names = async (search: string) => ((await req('agent', 'GET', `/api/v2/clients?search=${encodeURIComponent(search)}`)).body.data.items as { name: string }[]).map((i) => i.name);
    for (const s of ['петр', 'ПЕТРОВА МАРИЯ', '916 555', '+7 (916) 55', '8916555', '79165554433', 'а777', 'A777MP', 'Z94CB41']) expect({ s, found: await names(s) }).toEqual({ s, found: ['Петрова Мария-Анна Игоревна'] });
    for (const s of ['мария', '555', 'В777', 'Ромашка!']) expect({ s, found: await names(s) }).toEqual({ s, found: [] });
    expect(await names('ооо')).toEqual(['ООО «Ромашка»']);
    const item = (await req('agent', 'GET', '/api/v2/clients?search=a777')).body.data.items[0];
    expect(item).toMatchObject({ plates: ['А777МР77'], phone: '+7 (916) 555-44-33' });
    expect(item.passport).toBeUndefined();
    // The vehicle picker: by plate, VIN or the owner's name.
    const cars = async (search: string) => ((await req('agent', 'GET', `/api/v2/vehicles?search=${encodeURIComponent(search)}`)).body.data.items as { plate: string }[]).map((v) => v.plate);
    expect([await cars('а777'), await cars('Z94'), await cars('петрова'), await cars('В1')]).toEqual([['А777МР77'], ['А777МР77'], ['А777МР77'], []]);
    expect((await req('newagent', 'GET', '/api/v2/vehicles?search=а777')).body.data.items).toEqual([]);
  });

  test('keyset pages in name order', async () => {
    for (const [i, last] of ['Яковлев', 'Аксёнов', 'Борисов', 'Воронов', 'Гусев'].entries()) {
      expect((await req('subagent', 'POST', '/api/v2/clients', { kind: 'person', lastName: last, firstName: 'Олег', phone: `+7 (900) 100-00-0${i}` })).status).toBe(200);
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { items: { name: string }[]; next: string | null } = (await req('subagent', 'GET', `/api/v2/clients?limit=2${after ? `&after=${after}` : ''}`)).body.data;
      seen.push(...page.items.map((i) => i.name));
      after = page.next;
    } while (after);
    expect(seen).toEqual(['Аксёнов Олег', 'Борисов Олег', 'Воронов Олег', 'Гусев Олег', 'Яковлев Олег']);
    // The sub-agent's parent sees them; the sub-agent's phone search finds by the national digits.
    expect((await req('owner', 'GET', '/api/v2/clients?search=900100')).body.data.items).toHaveLength(5);
    expect((await req('owner', 'GET', '/api/v2/clients?after=bad')).body).toMatchObject({ field: 'after' });
  });

  test('bad input is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = [await count('clients'), await count('vehicles')];
    const cases: [unknown, string, RegExp][] = [
      [{ ...PERSON, vehicles: [], lastName: '' }, 'lastName', /Фамилия/],
      [{ ...PERSON, vehicles: [], passport: { ...PERSON.passport, series: '45' } }, 'passport.series', /Серия паспорта — 4 цифры/],
      [{ ...PERSON, vehicles: [], passport: { ...PERSON.passport, unitCode: '770001' } }, 'passport.unitCode', /Код подразделения/],
      [{ ...PERSON, vehicles: [], phone: '+7 (100) 000-00-00' }, 'phone', /Телефон в формате/],
      [{ ...PERSON, vehicles: [], email: 'no-at' }, 'email', /Неправильный email/],
      [{ ...PERSON, vehicles: [], birthDate: '2990-01-01' }, 'birthDate', /в будущем/],
      [{ kind: 'company', companyName: 'ООО «Ошибка»', inn: '7707083890' }, 'inn', /ИНН/],
      [{ kind: 'company', companyName: 'ООО «Ошибка»', inn: '7707083893', ogrn: '1027700132190' }, 'ogrn', /ОГРН/],
      [{ ...PERSON, vehicles: [{ ...PERSON.vehicles[0], vin: 'Z94CB41AAJR12345O' }] }, 'vehicles[0].vin', /VIN — 17/],
      [{ ...PERSON, vehicles: [{ ...PERSON.vehicles[0], plate: 'Q123QQ77' }] }, 'vehicles[0].plate', /Госномер/],
      [{ ...PERSON, vehicles: [{ ...PERSON.vehicles[0], category: 'Z' }] }, 'vehicles[0].category', /category/],
      [{ ...PERSON, kind: 'robot' }, 'kind', /kind/],
      [{ ...PERSON, vehicles: [] }, 'passport.number', /таким паспортом уже есть/],
    ];
    for (const [body, field, message] of cases) {
      const res = await req('agent', 'POST', '/api/v2/clients', body);
      expect({ field, status: res.status === 409 ? 400 : res.status, named: res.body.field, message: message.test(res.body.message) ? 'ok' : res.body.message }).toEqual({ field, status: 400, named: field, message: 'ok' });
    }
    const patch = await req('agent', 'PATCH', `/api/v2/clients/${mariaId}`, { firstName: '' });
    expect(patch).toMatchObject({ status: 400, body: { field: 'firstName', message: 'Заполните поле «Имя»' } });
    expect((await req('agent', 'PATCH', `/api/v2/clients/${mariaId}`, {})).status).toBe(400);
    expect([await count('clients'), await count('vehicles')]).toEqual(before);
  });

  test('an update is pushed as client_changed to the agent and to the staff who see them, not to another agent', async () => {
    const ids = Object.fromEntries(await Promise.all((['agent', 'admin', 'broker', 'newagent'] as const).map(async (k) => [k, (await req(k, 'GET', '/api/v2/auth/get-user')).body.user._id])));
    const sockets = Object.fromEntries((['agent', 'admin', 'broker', 'newagent'] as const).map((k) => [k, connectSocket(r.url, r.tokens[k])]));
    try {
      await Promise.all(Object.values(sockets).map(connected));
      const got: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(sockets)) s.on('client_changed', (e: unknown) => (got[k] = e));
      const heard = once(sockets.broker, 'client_changed');
      const res = await req('admin', 'PATCH', `/api/v2/clients/${mariaId}`, { email: 'maria@new.ru' });
      expect(res.body.data.client.email).toBe('maria@new.ru');
      await heard;
      await new Promise((ok) => setTimeout(ok, 100));
      expect(got).toEqual({ agent: { clientId: mariaId, exists: true }, admin: { clientId: mariaId, exists: true }, broker: { clientId: mariaId, exists: true } });
      expect(ids.newagent).toBeTruthy();
    } finally {
      for (const s of Object.values(sockets)) s.close();
    }
  });

  test('the demo book: agent@\'s documented contracts are in it, each linked to its client and vehicle', async () => {
    const fresh = await startSignedIn(backend, ['agent'] as const);
    try {
      const [n] = await fresh.oyster.db.query<{ contracts: string; linked: string; clients: string }>(
        `SELECT count(*) AS contracts, count(client_id) AS linked, (SELECT count(*) FROM clients) AS clients
           FROM contracts c JOIN users u ON u.id = c.agent_id WHERE u.email = $1 AND c.details ? 'owner'`,
        ['agent@oyster.test'],
      );
      expect(Number(n.contracts)).toBeGreaterThan(0);
      expect(Number(n.linked)).toBe(Number(n.contracts));
      expect(Number(n.clients)).toBeGreaterThan(0);
      expect((await fresh.req('agent', 'GET', '/api/v2/clients')).body.data.items.length).toBeGreaterThan(0);
    } finally {
      await fresh.stop();
    }
  }, 180_000);

  describe('typed once: e-OSAGO contracts', () => {
    test('a saved contract writes its client and vehicle once; a second contract of the same person reuses them; a client with contracts is not deleted', async () => {
      const sales = await contractsDriver(r.url, { agent: r.tokens.agent });
      const before = [await count('clients'), await count('vehicles')];
      const first = await sales.create('agent');
      // Typed in parts, as the agent types: the owner's name first, then the rest — one record all along.
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${first.id}/details`, { details: { owner: { lastName: 'Смирнова', firstName: 'Анна' }, insurantIsOwner: true } })).status).toBe(200);
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${first.id}/details`, { details: COMPLETE_DETAILS })).status).toBe(200);
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${first.id}/details`, { details: COMPLETE_DETAILS })).status).toBe(200);
      expect([await count('clients'), await count('vehicles')]).toEqual([before[0] + 1, before[1] + 1]);

      const found = (await req('agent', 'GET', '/api/v2/clients?search=смирнова')).body.data.items;
      expect(found).toHaveLength(1);
      const card = (await req('agent', 'GET', `/api/v2/clients/${found[0].id}`)).body.data;
      expect(card.client).toMatchObject({
        name: 'Смирнова Анна Петровна',
        birthDate: '1985-09-30',
        passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД Тверского района г. Москвы' },
        phone: '+7 (916) 123-45-67',
        email: 'anna@example.ru',
        address: { value: 'г Москва, ул Тверская, д 1' },
      });
      expect(card.vehicles).toEqual([expect.objectContaining({ plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, powerHp: 150, category: 'B', document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: '2019-05-20' } })]);
      expect(card.contracts.map((c: { id: string }) => c.id)).toEqual([first.id]);

      // A second contract: the same passport and VIN — no new records, both contracts on the card.
      const second = await sales.create('agent');
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${second.id}/details`, { details: { ...COMPLETE_DETAILS, contacts: { phone: '+7 (916) 765-43-21', email: 'anna@example.ru' } } })).status).toBe(200);
      expect([await count('clients'), await count('vehicles')]).toEqual([before[0] + 1, before[1] + 1]);
      const again = (await req('agent', 'GET', `/api/v2/clients/${found[0].id}`)).body.data;
      expect(again.contracts.map((c: { id: string }) => c.id).sort()).toEqual([first.id, second.id].sort());
      expect(again.client.phone).toBe('+7 (916) 765-43-21');
      expect(again.canDelete).toBe(false);
      const links = await r.oyster.db.query<{ client_id: string; vehicle_id: string }>('SELECT client_id, vehicle_id FROM contracts WHERE id = ANY($1::text[])', [[first.id, second.id]]);
      expect(new Set(links.map((l) => `${l.client_id}/${l.vehicle_id}`))).toEqual(new Set([`${found[0].id}/${card.vehicles[0].id}`]));

      const refused = await req('agent', 'DELETE', `/api/v2/clients/${found[0].id}`);
      expect(refused).toMatchObject({ status: 409, body: { message: 'У клиента есть договоры: удалить его нельзя' } });
      expect((await req('agent', 'DELETE', `/api/v2/vehicles/${card.vehicles[0].id}`)).status).toBe(409);
      // A client without contracts goes.
      const lone = (await req('agent', 'POST', '/api/v2/clients', { kind: 'person', lastName: 'Одинокий', firstName: 'Пётр' })).body.data.client.id;
      expect((await req('agent', 'DELETE', `/api/v2/clients/${lone}`)).status).toBe(200);
      expect((await req('agent', 'GET', `/api/v2/clients/${lone}`)).status).toBe(404);
    });

    test('an insurant who is not the owner is a client of their own; the vehicle stays the owner\'s', async () => {
      const sales = await contractsDriver(r.url, { agent: r.tokens.agent });
      const c = await sales.create('agent');
      const insurant = { lastName: 'Кузьмин', firstName: 'Олег', birthDate: '1970-01-02', passport: { series: '4000', number: '111222', issuedAt: '2015-01-01', issuer: 'ОВД' }, address: 'г Москва' };
      expect((await req('agent', 'PATCH', `/api/v2/contracts/${c.id}/details`, { details: { ...COMPLETE_DETAILS, insurantIsOwner: false, insurant } })).status).toBe(200);
      const [link] = await r.oyster.db.query<{ client: string; owner: string }>(
        'SELECT cl.name AS client, o.name AS owner FROM contracts c JOIN clients cl ON cl.id = c.client_id JOIN vehicles v ON v.id = c.vehicle_id JOIN clients o ON o.id = v.client_id WHERE c.id = $1',
        [c.id],
      );
      expect(link).toEqual({ client: 'Кузьмин Олег', owner: 'Смирнова Анна Петровна' });
    });
  });
});
