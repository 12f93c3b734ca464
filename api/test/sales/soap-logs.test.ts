import { CONTRACT_STATUS as S, DEMO_ACCOUNT_KEYS, INSURER_CALL_METHODS, insurerCallMethodNames, INSURER_LOG_MASK, type DemoAccountKey, type EosagoContractDetails, type InsurerCallLogItem } from '@oyster/shared-kit/domain';
import { createPgDb, createPgliteDb, type Db } from '../../src/platform/db';
import { runMigrations } from '../../src/platform/migrations';
import { MIGRATIONS } from '../../src/migrations';
import { loggedCall } from '../../src/sales/contracts/insurer-calls';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, dropSchema, expectOnly, freshSchema, startSignedIn, type SignedInApp } from '../support';

/**
 * SOAP-логи, GET /api/v2/soap-logs (issue 23, «Leaks across scope»): a viewer sees the calls of the
 * contracts they may open and the quotes of the agents in their scope, through every filter and page;
 * payment tokens and passport numbers are never stored, for anyone: masked as the row is written, and
 * in the rows stored before (migration 18).
 */
const VIEWERS = ['admin', 'supervisor', 'supervisorAppointed', 'finance'] as const;
type Viewer = (typeof VIEWERS)[number];

const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const START = plusDays(moscowToday(), 1);

/** The passport the sale's owner shows: its number is searched for in the raw log. */
const PASSPORT = { series: '4609', number: '090807', issuedAt: '2005-10-12', issuer: 'ОВД Тверского района г. Москвы' };
const DETAILS: EosagoContractDetails = {
  vehicle: { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: '2019-05-20' } },
  owner: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-09-30', passport: PASSPORT, address: 'г Москва, ул Тверская, д 1' },
  insurantIsOwner: true,
  contacts: { phone: '+7 (916) 123-45-67', email: 'anna@example.ru' },
};

/** `needle` as a whole run of digits (not a part of a longer number) in `text`. */
const hasDigits = (text: string, needle: string) => new RegExp(`(?<!\\d)${needle}(?!\\d)`).test(text);

describe.each(BACKENDS)('sales: SOAP-логи ($name)', (backend) => {
  let r: SignedInApp<DemoAccountKey>;
  const req: SignedInApp<DemoAccountKey>['req'] = (...a) => r.req(...a);
  let db: Db;
  let address: { value: string; data: unknown };
  let companies: { _id: string; idUnicus: string }[];

  /** Every call the viewer's list shows for `filter`, following `next` to the last page. */
  const wholeList = async (who: Viewer, filter = '', limit = 40): Promise<InsurerCallLogItem[]> => {
    const items: InsurerCallLogItem[] = [];
    for (let before: number | null = null, pages = 0; ; pages++) {
      const res = await req(who, 'GET', `/api/v2/soap-logs?limit=${limit}${filter}${before ? `&before=${before}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.body.data.items);
      before = res.body.data.next;
      if (!before) return items;
      if (pages > 1000) throw new Error('the list does not end');
    }
  };
  /** The contracts with logged calls that `GET /api/v2/contracts/:id` opens for the viewer (200; else 404). */
  const opened = async (who: Viewer, ids: string[]) => {
    const out: string[] = [];
    for (const id of ids) {
      const { status } = await req(who, 'GET', `/api/v2/contracts/${id}`);
      expect([200, 404]).toContain(status);
      if (status === 200) out.push(id);
    }
    return out.sort();
  };
  const contractsWithCalls = async () =>
    (await db.query<{ id: string }>('SELECT DISTINCT contract_id AS id FROM insurer_calls WHERE contract_id IS NOT NULL ORDER BY 1')).map((x) => x.id);
  const rawRows = () => db.query<{ id: string; method: string; text: string }>(`SELECT id, method, request::text || ' ' || coalesce(response::text, '') || ' ' || coalesce(error, '') AS text FROM insurer_calls`);

  /** A quote by `who`, told apart by its power; answers once every insurer's answer is logged (the log does not hold the quote up). */
  const quote = async (who: DemoAccountKey, powerHp: number) => {
    const body = { vehicle: { category: 'B', powerHp, ownerType: 'FL', year: 2019 }, owner: { address }, unrestricted: true, periodMonths: 12, startDate: START };
    const res = await req(who, 'POST', '/api/v2/osago/calculate', body);
    expect(res.status).toBe(200);
    const answers = res.body.data.offers.length + res.body.data.refusals.length;
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insurer_calls WHERE method = 'quote' AND (request #>> '{rating,powerHp}')::int = $1`, [powerHp]);
      if (n >= answers) return;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error(`the quote of ${who} was not logged`);
  };
  const until = async (id: string, status: number) => {
    for (let i = 0; i < 200; i++) {
      const d = (await req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;
      if (d.status === status) return d;
      await new Promise((res) => setTimeout(res, 30));
    }
    throw new Error(`contract ${id} did not reach ${status}`);
  };

  beforeAll(async () => {
    r = await startSignedIn(backend, DEMO_ACCOUNT_KEYS, { demoInsurerDelayMs: 0 });
    db = r.oyster.db;
    const s = (await call(r.url, 'POST', '/suggest/address', { token: r.tokens.agent, body: { query: 'москва тверская', count: 1 } })).body.suggestions[0];
    address = { value: s.value, data: s.data };
    companies = (await req('agent', 'GET', '/api/v2/init-state')).body.data.companies;
  });
  afterAll(() => r.stop());

  test('SOAP-логи open for administrators, supervisors and finance controllers; everyone else gets 403', async () => {
    await expectOnly(VIEWERS, (key) => req(key, 'GET', '/api/v2/soap-logs'));
  });

  test('each viewer sees the calls of exactly the contracts GET /contracts/:id opens for them — the whole list, every filter, every page', async () => {
    const all = await contractsWithCalls();
    expect(all.length).toBeGreaterThan(10);
    for (const who of VIEWERS) {
      const mine = await opened(who, all);
      const list = await wholeList(who);
      const seen = [...new Set(list.flatMap((x) => (x.contractId ? [x.contractId] : [])))].sort();
      expect({ who, contracts: seen }).toEqual({ who, contracts: mine });
      // Each filter answers the scoped list's own calls of that kind, no fewer and no more.
      const ids = (items: InsurerCallLogItem[]) => items.map((x) => x.id);
      for (const method of INSURER_CALL_METHODS) {
        expect({ who, method, ids: ids(await wholeList(who, `&method=${method}`, 25)) }).toEqual({ who, method, ids: ids(list.filter((x) => insurerCallMethodNames(method).includes(x.method))) });
      }
      for (const c of companies) {
        expect({ who, company: c.idUnicus, ids: ids(await wholeList(who, `&company=${c._id}`, 200)) }).toEqual({ who, company: c.idUnicus, ids: ids(list.filter((x) => x.companyId === c._id)) });
      }
      expect({ who, errors: ids(await wholeList(who, '&errors=1')) }).toEqual({ who, errors: ids(list.filter((x) => x.error !== null)) });
      if (who === 'supervisorAppointed') expect(mine.length).toBeLessThan(all.length);
      else expect(mine).toEqual(all);
    }
  });

  test('asked for one contract outside their scope, a viewer gets an empty page, not its calls', async () => {
    const all = await contractsWithCalls();
    const mine = await opened('supervisorAppointed', all);
    const theirs = all.filter((id) => !mine.includes(id));
    expect(theirs.length).toBeGreaterThan(0);
    for (const id of theirs) {
      expect((await req('admin', 'GET', `/api/v2/soap-logs?contract=${id}`)).body.data.items.length).toBeGreaterThan(0);
      expect(await req('supervisorAppointed', 'GET', `/api/v2/soap-logs?contract=${id}`)).toMatchObject({ status: 200, body: { data: { items: [], next: null } } });
      expect((await req('supervisorAppointed', 'GET', `/api/v2/soap-logs?contract=${id}&method=prepareOsago&limit=1`)).body.data).toEqual({ items: [], next: null });
    }
    // One of their own is shown with its calls.
    const own = await req('supervisorAppointed', 'GET', `/api/v2/soap-logs?contract=${mine[0]}`);
    expect(own.body.data.items.length).toBeGreaterThan(0);
    expect(own.body.data.items.every((x: InsurerCallLogItem) => x.contractId === mine[0])).toBe(true);
  });

  test('a quote’s calls belong to the agent who asked: agent@ (appointed to supervisor.appointed@) and owner@ (not) are each seen within their viewers’ scope only; a quote logged with nobody recorded, by «all» viewers only', async () => {
    await quote('agent', 121);
    await quote('owner', 122);
    const [company] = companies;
    await db.query(`INSERT INTO insurer_calls (company_id, contract_id, method, request, response, duration_ms) VALUES ($1, NULL, 'quoteOsago', '{"rating":{"powerHp":123}}', '{"kind":"refusal","reason":"—"}', 5)`, [company._id]);
    const expected: Record<Viewer, number[]> = { admin: [121, 122, 123], supervisor: [121, 122, 123], finance: [121, 122, 123], supervisorAppointed: [121] };
    for (const who of VIEWERS) {
      const quotes = await wholeList(who, '&method=quoteOsago', 200);
      const powers = [...new Set(quotes.map((x) => (x.request as { rating: { powerHp: number } }).rating.powerHp))].filter((p) => p >= 121 && p <= 123).sort();
      expect({ who, powers }).toEqual({ who, powers: expected[who] });
      expect(quotes.every((x) => x.contractId === null)).toBe(true);
    }
  });

  test('after a full e-OSAGO sale (quote → contract → sent → paid → released) no stored call holds the payment token or the owner’s passport number; the log shows their last characters', async () => {
    await quote('agent', 131);
    const vsk = companies.find((c) => c.idUnicus === 'vsk')!._id;
    const calculation = { vehicle: { category: 'B', powerHp: 131, ownerType: 'FL', year: 2019 }, owner: { address }, unrestricted: true, periodMonths: 12, startDate: START };
    const created = await req('agent', 'POST', '/api/v2/contracts', { calculation, companyId: vsk });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await req('agent', 'PATCH', `/api/v2/contracts/${id}/details`, { details: DETAILS })).status).toBe(200);
    expect((await req('agent', 'POST', `/api/v2/contracts/${id}/send`)).status).toBe(200);
    const waiting = await until(id, S.waitingPayment);
    const token = String(waiting.paymentUrl).split('/pay/')[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const paid = await fetch(waiting.paymentUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await until(id, S.released);

    const calls = (await wholeList('admin', `&contract=${id}`)).map((x) => x.method).reverse();
    expect(calls).toEqual(['prepare', 'check', 'paymentLink', 'issue']);
    const rows = await rawRows();
    expect(rows.filter((x) => x.text.includes(token))).toEqual([]);
    expect(rows.filter((x) => hasDigits(x.text, PASSPORT.number))).toEqual([]);
    // What support still has to tell the link apart: its last 4 characters.
    const [link] = (await req('admin', 'GET', `/api/v2/soap-logs?contract=${id}&method=paymentLink`)).body.data.items;
    expect(link.response).toEqual({ token: `${INSURER_LOG_MASK}${token.slice(-4)}`, path: `/pay/${INSURER_LOG_MASK}${token.slice(-4)}` });
  });

  test('a passport’s or a driver’s licence’s series and number and a payment token are masked wherever they sit in a request, an answer or an error, as the row is written', async () => {
    const token = 'Zr4VqL8mN2pXw7Yt5Ks3Hd9A';
    const request = {
      owner: { birthDate: '1985-09-30', passport: { series: '4510', number: '735216', issuedAt: '2005-10-12' } },
      insurant: { passportSeries: '4511', passportNumber: 681943, passport_number: '681944' },
      drivers: [{ document: { type: 'passport', series: '4512', number: '592047' } }, { document: { type: 'STS', series: '77УХ', number: '123456' } }],
      holder: { passport: '4513 408176' },
      // Licences are not sent today either; they are a person's document like a passport.
      named: [{ licence: '9900 314159' }, { driverLicense: { series: '9901', number: '271828' } }, { licenceNumber: '161803' }],
    };
    const [company] = companies;
    await loggedCall(db, { companyId: company._id, contractId: null, method: 'paymentLink', request }, async () => ({ paymentToken: token, url: `https://insurer.example/pay/${token}?back=1`, query: `https://acq.example/p?order=1&token=${token}` }));
    await expect(
      loggedCall(db, { companyId: company._id, contractId: null, method: 'paymentLink', request: { ref: 'X-1' } }, async () => {
        throw new Error(`link https://insurer.example/pay/${token} refused`);
      }),
    ).rejects.toThrow();
    const rows = await db.query<{ request: any; response: any; error: string | null; text: string }>(
      `SELECT request, response, error, request::text || ' ' || coalesce(response::text, '') || ' ' || coalesce(error, '') AS text FROM insurer_calls WHERE company_id = $1 AND method = 'paymentLink' AND contract_id IS NULL ORDER BY id DESC LIMIT 2`,
      [company._id],
    );
    expect(rows.filter((x) => x.text.includes(token))).toEqual([]);
    for (const digits of ['4510', '735216', '4511', '681943', '681944', '4512', '592047', '4513', '408176', '9900', '314159', '9901', '271828', '161803']) expect({ digits, rows: rows.filter((x) => hasDigits(x.text, digits)).length }).toEqual({ digits, rows: 0 });
    const [failed, answered] = rows;
    const M = INSURER_LOG_MASK;
    expect(failed.error).toBe(`link https://insurer.example/pay/${M}${token.slice(-4)} refused`);
    expect(answered.response).toEqual({ paymentToken: `${M}${token.slice(-4)}`, url: `https://insurer.example/pay/${M}${token.slice(-4)}?back=1`, query: `https://acq.example/p?order=1&token=${M}${token.slice(-4)}` });
    expect(answered.request).toEqual({
      owner: { birthDate: '1985-09-30', passport: { series: `${M}0`, number: `${M}16`, issuedAt: '2005-10-12' } },
      insurant: { passportSeries: `${M}1`, passportNumber: `${M}43`, passport_number: `${M}44` },
      // A vehicle's document is not a person's: it stays as sent.
      drivers: [{ document: { type: 'passport', series: `${M}2`, number: `${M}47` } }, { document: { type: 'STS', series: '77УХ', number: '123456' } }],
      holder: { passport: `${M}176` },
      named: [{ licence: `${M}159` }, { driverLicense: { series: `${M}1`, number: `${M}28` } }, { licenceNumber: `${M}03` }],
    });
  });

  test('the demo’s insurer calls are stored masked too: no payment link answer keeps its token', async () => {
    const tokens = (await db.query<{ t: string }>('SELECT payment_token AS t FROM contracts WHERE payment_token IS NOT NULL')).map((x) => x.t);
    expect(tokens.length).toBeGreaterThan(0);
    const rows = await rawRows();
    for (const t of tokens) expect(rows.filter((x) => x.text.includes(t))).toEqual([]);
    const links = await db.query<{ token: string; path: string }>(`SELECT response->>'token' AS token, response->>'path' AS path FROM insurer_calls WHERE method = 'paymentLink' AND contract_id IS NOT NULL AND error IS NULL`);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      expect(l.token).toMatch(new RegExp(`^${INSURER_LOG_MASK}[A-Za-z0-9_-]{4}$`));
      expect(l.path).toBe(`/pay/${l.token}`);
    }
  });

  test('migration 18 masks the calls stored before it, and rows with nobody recorded stay as they were otherwise', async () => {
    const schema = backend.databaseUrl ? freshSchema('test_mask') : undefined;
    const old = backend.databaseUrl ? await createPgDb(backend.databaseUrl, schema) : await createPgliteDb('memory://');
    try {
      await runMigrations(old, MIGRATIONS.filter((m) => m.version < 18));
      const token = 'Qw3Er5Ty7Ui9Op1As2Df4Gh6';
      await old.query(`INSERT INTO insurer_calls (company_id, contract_id, method, request, response, error, duration_ms) VALUES
        (NULL, NULL, 'paymentLink', '{"ref":"VSK-1","premium":812300}', $1, NULL, 40),
        (NULL, NULL, 'prepareOsago', $2, NULL, $3, 50),
        (NULL, NULL, 'quoteOsago', '{"rating":{"powerHp":150}}', '{"kind":"offer"}', NULL, 60)`, [
        JSON.stringify({ token, path: `/pay/${token}` }),
        JSON.stringify({ owner: { passport: { series: '4510', number: '735216' } } }),
        `rejected /pay/${token}`,
      ]);
      await runMigrations(old, MIGRATIONS);
      const rows = await old.query<{ method: string; request: unknown; response: unknown; error: string | null; asked_by: string | null }>('SELECT method, request, response, error, asked_by FROM insurer_calls ORDER BY id');
      const M = INSURER_LOG_MASK;
      expect(rows).toEqual([
        { method: 'paymentLink', request: { ref: 'VSK-1', premium: 812300 }, response: { token: `${M}${token.slice(-4)}`, path: `/pay/${M}${token.slice(-4)}` }, error: null, asked_by: null },
        { method: 'prepareOsago', request: { owner: { passport: { series: `${M}0`, number: `${M}16` } } }, response: null, error: `rejected /pay/${M}${token.slice(-4)}`, asked_by: null },
        { method: 'quoteOsago', request: { rating: { powerHp: 150 } }, response: { kind: 'offer' }, error: null, asked_by: null },
      ]);
    } finally {
      await old.close();
      if (schema && backend.databaseUrl) await dropSchema(backend.databaseUrl, schema);
    }
  });
});
