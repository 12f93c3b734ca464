import { DEMO_ACCOUNT_KEYS, PARTNER_TEXTS, withAccountKey, withInnControl } from '@oyster/shared-kit/domain';
import { demoTariffCode } from '../../src/reference/partners-seed';
import { moscowToday, quoteAll } from '../../src/sales/osago';
import { BACKENDS, call, expectOnly, signInAll, start, type Running } from '../support';
import { plusDays } from '../support/contracts';

/**
 * Partners and the tariff mapping (issue 26, Управление): whoever sees Управление reads them, administrators
 * and finance controllers change them; the card is the row init-state, file-list-company and the calculators
 * read; bad input is a 400 in Russian naming the field and writes nothing; every change is in the audit log;
 * periods of one insurer × product never overlap; the insurer's request carries the code in force that day.
 */
const VIEWERS = ['admin', 'supervisor', 'finance', 'copywriter'] as const;
const EDITORS = ['admin', 'finance'] as const;
const BIK = '044525225';

test('quoteAll: the request to an insurer with a mapping in force carries its codes; one without gets the request as it was', async () => {
  const got: Record<string, unknown> = {};
  const adapter = (code: string) => ({
    code,
    quote: async (_p: unknown, req: unknown) => {
      got[code] = req;
      return { kind: 'refusal' as const, reason: 'нет' };
    },
  });
  const insurers = [{ id: 'a'.repeat(24), code: 'one', name: 'Один' }, { id: 'b'.repeat(24), code: 'two', name: 'Два' }];
  await quoteAll([adapter('one'), adapter('two')], insurers, { x: 1 }, { product: 'vzr', showCommission: false, tariffs: new Map([['a'.repeat(24), { tariffCode: 'ONE-VZR-1', productCode: 'VZR' }]]) });
  expect(got).toEqual({ one: { x: 1, insurerTariff: { tariffCode: 'ONE-VZR-1', productCode: 'VZR' } }, two: { x: 1 } });
});

describe.each(BACKENDS)('partners and tariff mapping ($name)', (backend) => {
  let r: Running;
  let tokens: Record<(typeof DEMO_ACCOUNT_KEYS)[number], string>;
  const as = (key: keyof typeof tokens, method: string, path: string, body?: unknown) => call(r.url, method, path, { token: tokens[key], body });
  const count = async (table: string) => (await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const partner = (over: Record<string, unknown> = {}) => ({
    code: 'nordbank',
    kind: 'bank',
    shortName: 'Норд Банк',
    legalName: 'Акционерное общество «Норд Банк»',
    inn: withInnControl('770900123'),
    kpp: '770901001',
    ogrn: '1027700123456',
    address: 'г. Москва, ул. Северная, д. 1',
    bank: { bik: BIK, name: 'ПАО Сбербанк', account: withAccountKey('40702810038000000077', BIK), correspondentAccount: '30101810400000000225' },
    products: ['ipoteka'],
    contacts: [{ name: 'Орлова Анна', position: 'Ипотечный отдел', phone: '+7 (495) 765-43-21', email: 'ipoteka@nord.example' }],
    fileTypes: ['Кредитный договор'],
    ...over,
  });

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
  });
  afterAll(() => r.stop());

  test('the demo partners: the six insurers with their details and products, a bank and an agency; Управление reads them, nobody else', async () => {
    const { copywriter } = await expectOnly(VIEWERS, (key) => as(key, 'GET', '/api/v2/partners'));
    const list = copywriter.body.data as { code: string; kind: string; shortName: string; inn: string; products: string[] }[];
    expect(list.map((p) => p.code)).toEqual(expect.arrayContaining(['ingos', 'reso', 'alfa', 'sogaz', 'renins', 'vsk', 'demobank', 'demoagency']));
    expect(list.find((p) => p.code === 'sogaz')).toMatchObject({ kind: 'insurer', shortName: 'СОГАЗ', products: ['eosago', 'ekasko', 'ipoteka'] });
    expect(list.find((p) => p.code === 'demobank')).toMatchObject({ kind: 'bank', products: ['ipoteka'] });
    // init-state's insurers are the partners of kind insurer.
    const companies = (await as('agent', 'GET', '/api/v2/init-state')).body.data.companies as { idUnicus: string }[];
    expect(companies.map((c) => c.idUnicus).sort()).toEqual(['alfa', 'ingos', 'renins', 'reso', 'sogaz', 'vsk']);
    expect((await as('supervisorAppointed', 'GET', '/api/v2/partners')).status).toBe(403);
    const { admin } = await expectOnly(VIEWERS, (key) => as(key, 'GET', '/api/v2/tariff-mappings?product=eosago'));
    expect(admin.body.data).toHaveLength(6);
    expect(admin.body.data.find((m: { companyName: string }) => m.companyName === 'ВСК')).toMatchObject({ tariffCode: demoTariffCode('vsk', 'eosago'), validFrom: '2025-01-01', validTo: null });
  });

  test('an administrator adds a partner: its card, its file types answered by file-list-company, an audit record; a copywriter and a supervisor may not', async () => {
    for (const key of ['copywriter', 'supervisor', 'agent'] as const) expect((await as(key, 'POST', '/api/v2/partners', partner())).status).toBe(403);
    const res = await as('admin', 'POST', '/api/v2/partners', partner());
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ code: 'nordbank', kind: 'bank', shortName: 'Норд Банк', products: ['ipoteka'], fileTypes: [{ _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Кредитный договор' }] });
    expect((await as('admin', 'GET', `/api/v2/partners/${p._id}`)).body.data).toEqual(p);
    expect((await as('agent', 'GET', `/api/v2/file-list-company/${p._id}`)).body.data.fileTypes).toEqual(p.fileTypes);
    const [audit] = await r.oyster.db.query<{ action: string; after: Record<string, unknown> }>(`SELECT action, after FROM audit_log WHERE object_type = 'partner' AND object_id = $1`, [p._id]);
    expect(audit).toMatchObject({ action: 'create', after: { shortName: 'Норд Банк', fileTypes: ['Кредитный договор'] } });
    // A bank is not an insurer: not in init-state. An insurer added is there at once (the reference cache dropped).
    expect((await as('agent', 'GET', '/api/v2/init-state')).body.data.companies.map((c: { idUnicus: string }) => c.idUnicus)).not.toContain('nordbank');
    const insurer = await as('finance', 'POST', '/api/v2/partners', partner({ code: 'nordins', kind: 'insurer', shortName: 'Норд Страхование', fileTypes: [] }));
    expect(insurer.status).toBe(200);
    expect((await as('agent', 'GET', '/api/v2/init-state')).body.data.companies).toContainEqual({ _id: insurer.body.data._id, idUnicus: 'nordins', shortName: 'Норд Страхование' });
  });

  test('bad input is a 400 in Russian naming the field, and nothing is written', async () => {
    const before = [await count('companies'), await count('company_file_types'), await count('audit_log')];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'Норд' }, 'code', 'Поле «code»: код латиницей — строчные буквы, цифры, «_» и «-», от 2 до 40 символов'],
      [{ code: 'ingos' }, 'code', PARTNER_TEXTS.codeTaken],
      [{ shortName: '  ' }, 'shortName', 'Поле «shortName» обязательно'],
      [{ kind: 'friend' }, 'kind', 'Поле «kind» должно быть одним из: insurer, bank, agency, other'],
      [{ inn: '7709001231' }, 'inn', 'Поле «inn»: ИНН — 10 или 12 цифр с верными контрольными цифрами'],
      [{ kpp: '12' }, 'kpp', 'Поле «kpp»: КПП — 9 цифр'],
      [{ bank: { bik: BIK, name: '', account: '40702810038000000070', correspondentAccount: '' } }, 'bank', 'Поле «bank.account»: счёт не сходится с БИК банка (контрольный ключ)'],
      [{ products: ['osago'] }, 'products[0]', 'Поле «products[]» должно быть одним из: eosago, ekasko, ifl, ifl_house, vzr, ipoteka, manual'],
      [{ contacts: [{ name: 'Анна', email: 'anna@' }] }, 'contacts[0].email', 'Поле «contacts[].email»: неверный email'],
      [{ fileTypes: ['Паспорт', 'Паспорт'] }, 'fileTypes', 'Поле «fileTypes»: тип файла указан дважды'],
    ];
    for (const [over, field, message] of cases) {
      const res = await as('admin', 'POST', '/api/v2/partners', partner({ code: 'badpartner', ...over }));
      expect({ over, status: res.status, field: res.body.field, message: res.body.message }).toEqual({ over, status: 400, field, message });
    }
    expect([await count('companies'), await count('company_file_types'), await count('audit_log')]).toEqual(before);
  });

  test('an edit saves the card: file types by name (one kept keeps its id), the code stays, the audit keeps only what changed', async () => {
    const [{ id }] = await r.oyster.db.query<{ id: string }>(`SELECT id FROM companies WHERE id_unicus = 'demobank'`);
    const card = (await as('finance', 'GET', `/api/v2/partners/${id}`)).body.data;
    const kept = card.fileTypes.find((t: { name: string }) => t.name === 'Кредитный договор');
    const { _id, updatedAt, ...input } = card;
    void _id;
    void updatedAt;
    const body = { ...input, shortName: 'Демо Банк Ипотека', products: ['ipoteka', 'ifl'], fileTypes: ['Кредитный договор', 'Выписка ЕГРН'] };
    expect((await as('copywriter', 'PUT', `/api/v2/partners/${id}`, body)).status).toBe(403);
    const saved = (await as('admin', 'PUT', `/api/v2/partners/${id}`, body)).body.data;
    expect(saved).toMatchObject({ shortName: 'Демо Банк Ипотека', products: ['ipoteka', 'ifl'] });
    expect(saved.fileTypes.map((t: { name: string }) => t.name)).toEqual(['Выписка ЕГРН', 'Кредитный договор']);
    expect(saved.fileTypes).toContainEqual(kept);
    const [audit] = await r.oyster.db.query<{ before: object; after: object }>(`SELECT before, after FROM audit_log WHERE object_type = 'partner' AND object_id = $1 AND action = 'update'`, [id]);
    expect(audit).toEqual({
      before: { shortName: 'Демо Ипотечный Банк', products: ['ipoteka'], fileTypes: ['Кредитный договор', 'Отчёт об оценке'] },
      after: { shortName: 'Демо Банк Ипотека', products: ['ipoteka', 'ifl'], fileTypes: ['Выписка ЕГРН', 'Кредитный договор'] },
    });
    expect(await as('admin', 'PUT', `/api/v2/partners/${id}`, { ...body, code: 'otherbank' })).toMatchObject({ status: 400, body: { field: 'code' } });
    expect(await as('admin', 'PUT', `/api/v2/partners/${'f'.repeat(24)}`, body)).toMatchObject({ status: 404, body: { message: PARTNER_TEXTS.notFound } });
  });

  test('tariff mapping: periods of one insurer × product never overlap (400 naming the field); edit and delete are audited; the quote carries the code in force that day', async () => {
    const [{ id: vsk }] = await r.oyster.db.query<{ id: string }>(`SELECT id FROM companies WHERE id_unicus = 'vsk'`);
    const [{ id: bank }] = await r.oyster.db.query<{ id: string }>(`SELECT id FROM companies WHERE id_unicus = 'demoagency'`);
    const today = moscowToday();
    const seeded = (await as('finance', 'GET', `/api/v2/tariff-mappings?companyId=${vsk}&product=eosago`)).body.data[0];
    const mapping = (over: Record<string, unknown> = {}) => ({ companyId: vsk, product: 'eosago', tariffCode: 'VSK-OSG-2026', insurerProductCode: 'OSAGO', validFrom: today, validTo: null, ...over });
    const before = [await count('tariff_mappings'), await count('audit_log')];
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping())).toMatchObject({
      status: 400,
      body: { field: 'validFrom', message: 'Период пересекается с маппингом этого страховщика по тому же продукту (с 01.01.2025, бессрочно)' },
    });
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ validTo: plusDays(today, -1) }))).toMatchObject({ status: 400, body: { field: 'validTo', message: PARTNER_TEXTS.toBeforeFrom } });
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ companyId: bank }))).toMatchObject({ status: 400, body: { field: 'companyId', message: PARTNER_TEXTS.notInsurer } });
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ tariffCode: 'код' }))).toMatchObject({ status: 400, body: { field: 'tariffCode' } });
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ validFrom: '2026-02-30' }))).toMatchObject({ status: 400, body: { field: 'validFrom', message: 'Поле «validFrom»: дата в формате ГГГГ-ММ-ДД' } });
    expect(await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ product: 'osago' }))).toMatchObject({ status: 400, body: { field: 'product' } });
    expect((await as('copywriter', 'POST', '/api/v2/tariff-mappings', mapping())).status).toBe(403);
    expect([await count('tariff_mappings'), await count('audit_log')]).toEqual(before);

    // The seeded period ends yesterday; the new code is in force from today; a third from tomorrow waits.
    const ended = await as('finance', 'PUT', `/api/v2/tariff-mappings/${seeded._id}`, { ...mapping({ tariffCode: seeded.tariffCode, insurerProductCode: seeded.insurerProductCode, validFrom: seeded.validFrom }), validTo: plusDays(today, -1) });
    expect(ended).toMatchObject({ status: 200, body: { data: { validTo: plusDays(today, -1) } } });
    const current = await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ validTo: today }));
    expect(current.status).toBe(200);
    const next = await as('admin', 'POST', '/api/v2/tariff-mappings', mapping({ tariffCode: 'VSK-OSG-NEXT', validFrom: plusDays(today, 1) }));
    expect(next.status).toBe(200);
    const audit = await r.oyster.db.query<{ action: string; before: object | null; after: object | null }>(`SELECT action, before, after FROM audit_log WHERE object_type = 'tariff_mapping' ORDER BY at, id`);
    expect(audit.map((a) => a.action)).toEqual(['update', 'create', 'create']);
    expect(audit[0]).toMatchObject({ before: { validTo: null }, after: { validTo: plusDays(today, -1) } });

    const address = (await call(r.url, 'POST', '/suggest/address', { token: tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
    const calc = await as('agent', 'POST', '/api/v2/osago/calculate', {
      vehicle: { category: 'B', powerHp: 150, ownerType: 'FL' },
      owner: { address: { value: address.value, data: address.data } },
      unrestricted: true,
      periodMonths: 12,
      startDate: plusDays(today, 1),
    });
    expect(calc.status).toBe(200);
    let logged: { tariff: string | null }[] = [];
    for (let i = 0; i < 50 && !logged.length; i++) {
      logged = await r.oyster.db.query<{ tariff: string | null }>(`SELECT request #>> '{insurerTariff,tariffCode}' AS tariff FROM insurer_calls WHERE company_id = $1 AND method = 'quote' AND asked_by IS NOT NULL ORDER BY id DESC LIMIT 1`, [vsk]);
      if (!logged.length) await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(logged).toEqual([{ tariff: 'VSK-OSG-2026' }]);

    expect((await as('admin', 'DELETE', `/api/v2/tariff-mappings/${next.body.data._id}`)).status).toBe(200);
    expect(await as('admin', 'GET', `/api/v2/tariff-mappings?companyId=${vsk}&product=eosago`)).toMatchObject({ body: { data: [{ tariffCode: 'VSK-OSG-2026' }, { tariffCode: seeded.tariffCode }] } });
    expect((await r.oyster.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE object_type = 'tariff_mapping' ORDER BY at DESC, id DESC LIMIT 1`))[0].action).toBe('delete');
  });
});
