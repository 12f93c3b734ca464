import PDFDocument from 'pdfkit';
import { CONTRACT_STATUS as S, policyTerm } from '@oyster/shared-kit/domain';
import { MIGRATIONS } from '../../src/migrations';
import { createPgDb, createPgliteDb, newId, type Db } from '../../src/platform/db';
import { runMigrations } from '../../src/platform/migrations';
import { calendarTick } from '../../src/sales/contracts/flow';
import { moscowToday } from '../../src/sales/osago';
import { BACKENDS, dropSchema, freshSchema, startSignedIn, type SignedInApp } from '../support';
import { contractsDriver, nextYearOf, plusDays } from '../support/contracts';

/**
 * A policy's term is its year (issue 23): the period of use (3–12 months, КС) only prices it — the
 * contract's end date, the calendar's moves, the PDF and migration 17, which corrects the contracts
 * written before. Calendar days in any zone: npm test runs this suite under Europe/Moscow and
 * America/New_York.
 */
const WHO = ['agent'] as const;
type Who = (typeof WHO)[number];

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

describe.each(BACKENDS)('sales: a policy’s term is its year ($name, TZ $TZ)'.replace('$TZ', process.env.TZ ?? 'local'), (backend) => {
  let r: SignedInApp<Who>;
  const req: SignedInApp<Who>['req'] = (...a) => r.req(...a);
  let d: Awaited<ReturnType<typeof contractsDriver<Who>>>;
  let vsk: string;
  const create = (startDate: string, periodMonths: number) => d.create('agent', 'vsk', d.calculationFrom(startDate, periodMonths));
  const read = async (id: string) => (await req('agent', 'GET', `/api/v2/contracts/${id}`)).body.data;
  const tick = (day: string) => calendarTick({ db: r.oyster.db, rt: r.oyster.realtime, log: r.oyster.app.log }, day);

  beforeAll(async () => {
    r = await startSignedIn(backend, WHO, { demoInsurerDelayMs: 0 });
    d = await contractsDriver(r.url, r.tokens);
    vsk = d.company('vsk');
  });
  afterAll(() => r.stop());

  test('a 3-month e-OSAGO policy from 30 November is issued for a year (по 29 November; the PDF says so), stays «Действует» after its 3 months and ends after its year', async () => {
    const y = nextYearOf('11-30');
    const start = `${y}-11-30`;
    const c = await create(start, 3);
    // Not 1 March (the month arithmetic overflowed) nor the end of February (the period of use).
    expect(c).toMatchObject({ startDate: start, endDate: `${y + 1}-11-29`, calculation: { periodMonths: 3 } });
    const periodEnds = `${y + 1}-02-${isLeap(y + 1) ? 29 : 28}`;
    const dmy = (day: string) => day.split('-').reverse().join('.');

    // The draft PDF says the same: the year, and the period of use on its own line.
    const written = jest.spyOn(PDFDocument.prototype, 'text');
    try {
      const pdf = await fetch(`${r.url}/api/v2/contracts/${c.id}/documents/draft`, { headers: { 'x-api-token': r.tokens.agent } });
      expect(pdf.status).toBe(200);
      const lines = written.mock.calls.map((call) => String(call[0]));
      const after = (label: string) => lines[lines.indexOf(`${label}: `) + 1];
      expect(after('Срок страхования')).toBe(`с ${dmy(start)} по ${dmy(`${y + 1}-11-29`)}`);
      expect(after('Период использования')).toBe(`с ${dmy(start)} по ${dmy(periodEnds)} (3 мес.)`);
    } finally {
      written.mockRestore();
    }

    // Released (as if paid and issued), then the calendar: in force on its start date…
    await r.oyster.db.query(`UPDATE contracts SET status = ${S.released} WHERE id = $1`, [c.id]);
    await tick(start);
    expect(await read(c.id)).toMatchObject({ status: S.inAction, statusTitle: 'Действует' });
    // …still in force once the 3 months of use are over, and on the last day of its year…
    for (const day of [`${y + 1}-03-01`, `${y + 1}-03-15`, `${y + 1}-11-29`]) {
      await tick(day);
      expect({ day, status: (await read(c.id)).status }).toEqual({ day, status: S.inAction });
    }
    // …and ended the day after.
    await tick(`${y + 1}-11-30`);
    const ended = await read(c.id);
    expect(ended).toMatchObject({ status: S.ended, statusTitle: 'Завершён' });
    expect(ended.history.at(-1)).toMatchObject({ from: S.inAction, to: S.ended, actor: 'system', note: 'Срок действия истёк' });
  });
});

/** Migration 17 corrects the contracts written before: end_date is the term's end; one ended too early is in force again. */
describe.each(BACKENDS)('migration 17: a policy’s term is its year ($name)', (backend) => {
  let db: Db;
  let schema: string | undefined;
  beforeAll(async () => {
    schema = backend.databaseUrl ? freshSchema('test_term') : undefined;
    db = backend.databaseUrl ? await createPgDb(backend.databaseUrl, schema) : await createPgliteDb('memory://');
    await runMigrations(db, MIGRATIONS.filter((m) => m.version < 17));
  });
  afterAll(async () => {
    await db.close();
    if (schema && backend.databaseUrl) await dropSchema(backend.databaseUrl, schema);
  });

  test('end dates cut to the period of use become the year’s; a policy the calendar ended before its year is «Действует» again, with a history line; one whose year is over stays ended', async () => {
    const agent = newId();
    await db.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, 'agent17@oyster.test', 'x')`, [agent]);
    const days = (n: number) => plusDays(moscowToday(), n);
    // [status, start, end_date as written before, months of use]
    const rows: Record<string, [number, string, string, number]> = {
      endedEarly: [S.ended, days(-100), days(-10), 3],
      endedForGood: [S.ended, days(-400), days(-310), 3],
      inForce: [S.inAction, days(-20), days(70), 3],
      overflowed: [S.calculated, '2030-11-30', '2031-03-01', 3],
      leapDay: [S.calculated, '2028-02-29', '2029-02-28', 12],
    };
    const ids: Record<string, string> = {};
    for (const [name, [status, start, end, months]] of Object.entries(rows)) {
      ids[name] = newId();
      await db.query(
        `INSERT INTO contracts (id, agent_id, created_by, product, status, calculation, start_date, end_date, updated_at) VALUES ($1, $2, $2, 'eosago', $3, $4, $5, $6, '2026-01-01T00:00:00Z')`,
        [ids[name], agent, status, JSON.stringify({ periodMonths: months, startDate: start }), start, end],
      );
    }
    expect(await runMigrations(db, MIGRATIONS)).toContain(17);

    const after = async (name: string) => {
      const [c] = await db.query<{ status: number; end_date: string; touched: boolean }>(`SELECT status, end_date, updated_at > '2026-01-01T00:00:00Z' AS touched FROM contracts WHERE id = $1`, [ids[name]]);
      const history = await db.query<{ from_status: number; to_status: number; actor: string; note: string }>('SELECT from_status, to_status, actor, note FROM contract_status_history WHERE contract_id = $1', [ids[name]]);
      return { ...c, history };
    };
    const term = (name: string) => policyTerm(rows[name][1]).to;
    const endedEarly = await after('endedEarly');
    expect(endedEarly).toMatchObject({ status: S.inAction, end_date: term('endedEarly'), touched: true });
    expect(endedEarly.history).toEqual([
      { from_status: S.ended, to_status: S.inAction, actor: 'system', note: `Полис действует по ${term('endedEarly').split('-').reverse().join('.')}: срок страхования — год, период использования его не сокращает` },
    ]);
    expect(await after('endedForGood')).toMatchObject({ status: S.ended, end_date: term('endedForGood'), history: [] });
    expect(await after('inForce')).toMatchObject({ status: S.inAction, end_date: term('inForce'), history: [] });
    expect(await after('overflowed')).toMatchObject({ status: S.calculated, end_date: '2031-11-29', history: [] });
    // A year from 29 February ends on 28 February: already right, left as it was.
    expect(await after('leapDay')).toMatchObject({ status: S.calculated, end_date: '2029-02-28', touched: false, history: [] });
  });
});
