import { DEMO_ACCOUNT_KEYS, INSURER_CALL_METHODS, type DemoAccountKey, type InsurerCallLogItem } from '@oyster/shared-kit/domain';
import type { Db } from '../../src/platform/db';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, call, expectOnly, startSignedIn, type SignedInApp } from '../support';

/**
 * SOAP-логи, GET /api/v2/soap-logs (issue 23, «Leaks across scope»): a viewer sees the calls of the
 * contracts they may open and the quotes of the agents in their scope, through every filter and page.
 */
const VIEWERS = ['admin', 'supervisor', 'supervisorAppointed', 'finance'] as const;
type Viewer = (typeof VIEWERS)[number];

const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const START = plusDays(moscowToday(), 1);

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

  /** A quote by `who`, told apart by its power; answers once every insurer's answer is logged (the log does not hold the quote up). */
  const quote = async (who: DemoAccountKey, powerHp: number) => {
    const body = { vehicle: { category: 'B', powerHp, ownerType: 'FL', year: 2019 }, owner: { address }, unrestricted: true, periodMonths: 12, startDate: START };
    const res = await req(who, 'POST', '/api/v2/osago/calculate', body);
    expect(res.status).toBe(200);
    const answers = res.body.data.offers.length + res.body.data.refusals.length;
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM insurer_calls WHERE method = 'quoteOsago' AND (request #>> '{rating,powerHp}')::int = $1`, [powerHp]);
      if (n >= answers) return;
      await new Promise((res) => setTimeout(res, 20));
    }
    throw new Error(`the quote of ${who} was not logged`);
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
        expect({ who, method, ids: ids(await wholeList(who, `&method=${method}`, 25)) }).toEqual({ who, method, ids: ids(list.filter((x) => x.method === method)) });
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
});
