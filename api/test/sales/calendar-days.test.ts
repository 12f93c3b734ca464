import { CONTRACT_STATUS as S } from '@oyster/shared-kit/domain';
import { moveContract } from '../../src/sales/contracts/store';
import { BACKENDS, startSignedIn, type SignedInApp } from '../support';
import { contractsDriver, nextYearOf } from '../support/contracts';

/**
 * Calendar days stay calendar days (issue 23): a `date` column comes back as the day it is whatever the
 * server's zone — npm test runs this suite under Europe/Moscow and America/New_York. With real
 * PostgreSQL under Moscow a contract starting on 1 December listed 30 November, and a commission rate
 * valid from 1 December was missed for its sale.
 */
const WHO = ['agent'] as const;
type Who = (typeof WHO)[number];


describe.each(BACKENDS)('sales: calendar days ($name, TZ $TZ)'.replace('$TZ', process.env.TZ ?? 'local'), (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  let d: Awaited<ReturnType<typeof contractsDriver<Who>>>;
  let vsk: string;
  const create = (startDate: string, periodMonths: number) => d.create('agent', 'vsk', d.calculationFrom(startDate, periodMonths));
  const read = async (id: string) => (await req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    d = await contractsDriver(r.url, r.tokens);
    vsk = d.company('vsk');
  });
  afterAll(() => r.stop());

  test('a contract starting on 1 December lists startDate 1 December and ends on 30 November a year on, in the list and on its page', async () => {
    const y = nextYearOf('12-01');
    const c = await create(`${y}-12-01`, 12);
    expect(c).toMatchObject({ startDate: `${y}-12-01`, endDate: `${y + 1}-11-30` });
    expect(await read(c.id)).toMatchObject({ startDate: `${y}-12-01`, endDate: `${y + 1}-11-30` });
    const listed = (await req('agent', 'GET', '/api/v2/contracts?limit=100')).body.data.items.find((i: { id: string }) => i.id === c.id);
    expect(listed).toMatchObject({ startDate: `${y}-12-01`, endDate: `${y + 1}-11-30` });
  });

  test('a commission rate valid from 1 December is the one for a sale starting on 1 December', async () => {
    const y = nextYearOf('12-01');
    const c = await create(`${y}-12-01`, 12);
    const [{ level }] = await r.oyster.db.query<{ level: number }>(`SELECT rating_level AS level FROM users WHERE email = 'agent@oyster.test'`);
    // From that very day the agent's rate with ВСК is 9.99 % (the demo's rates run from 2025).
    await r.oyster.db.query(`INSERT INTO commission_rates (company_id, product, level, rate_bp, valid_from) VALUES ($1, 'eosago', $2, 999, $3)`, [vsk, level, `${y}-12-01`]);
    await r.oyster.db.query(`UPDATE contracts SET status = ${S.waitingPayment} WHERE id = $1`, [c.id]);
    await r.oyster.db.tx((q) => moveContract(q, c.id, S.paid, { actor: 'system', userId: null, note: 'Платёж' }));
    const ledger = await r.oyster.db.query<{ kind: string; rate_bp: number }>('SELECT kind, rate_bp FROM commission_ledger WHERE contract_id = $1', [c.id]);
    expect(ledger).toEqual([{ kind: 'commission', rate_bp: 999 }]);
  });
});
