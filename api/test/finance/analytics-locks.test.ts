import pg from 'pg';
import { CONTRACT_STATUS as S } from '@oyster/shared-kit/domain';
import { start, type Running } from '../support';

/**
 * Two sales' writes at once on PostgreSQL: Аналитика's day sums (migration 34) are kept by triggers in the
 * writing transaction, and every sale of one insurer and product on one day adds to the same row of
 * analytics_days_all. The node-kill drill saw a deadlock there (one POST /contracts answered 500): a payment
 * held that shared row and then wrote a ledger line to another agent, whose own ledger line, written at the
 * same time, held that agent's row and waited for the shared one. Migration 37 takes the shared rows first,
 * in key order, so such writers wait in line instead. Replayed here step by step, on two connections.
 * PGlite has one connection: nothing to replay there.
 */
const onPostgres = process.env.DATABASE_URL && process.env.OYSTER_TEST_BACKENDS !== 'pglite' ? describe : describe.skip;

onPostgres('Аналитика: two sales of one insurer and product written at once (PostgreSQL)', () => {
  let r: Running;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const c = new pg.Client({ connectionString: r.databaseUrl, options: r.schema ? `-c search_path="${r.schema}"` : undefined });
    await c.connect();
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    r = await start({ databaseUrl: process.env.DATABASE_URL });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await r.stop();
  });

  test('a payment and a ledger line to another agent of the same insurer and product both commit; the day sums count both', async () => {
    const db = r.oyster.db;
    // Two draft contracts of two agents, one insurer, one product (the demo's), not paid.
    const [company] = await db.query<{ id: string }>(`SELECT id FROM companies ORDER BY id LIMIT 1`);
    const agents = (await db.query<{ id: string }>(`SELECT id FROM users WHERE 'agent' = ANY(roles) ORDER BY id LIMIT 2`)).map((u) => u.id);
    expect(agents).toHaveLength(2);
    const ids = ['a1'.repeat(12), 'b2'.repeat(12)];
    for (const [i, id] of ids.entries()) {
      await db.query(
        `INSERT INTO contracts (id, agent_id, created_by, product, status, company_id, premium, calculation, offer) VALUES ($1, $2, $2, 'eosago', $3, $4, 1000000, '{}', '{}')`,
        [id, agents[i], S.draft, company.id],
      );
    }
    const sums = async () =>
      (
        await db.query<{ policies: number; commission: string }>(
          `SELECT coalesce(sum(policies), 0)::int AS policies, coalesce(sum(commission_kopecks), 0)::text AS commission
             FROM analytics_days_all WHERE day = (now() AT TIME ZONE 'Europe/Moscow')::date AND company_id = $1 AND product = 'eosago'`,
          [company.id],
        )
      )[0];
    const before = await sums();

    const first = await connect();
    const second = await connect();
    const writeLine = (c: pg.Client, contract: string, agent: string, amount: number) =>
      c.query(`INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, event_key) VALUES ($1, $2, 'commission', 1000, 1000000, $3, 'payment')`, [contract, agent, amount]);

    // The first: a payment of agent 0's contract (the insurer's day row is now its to write)…
    await first.query('BEGIN');
    await first.query(`UPDATE contracts SET status = $2, paid_at = now() WHERE id = $1`, [ids[0], S.paid]);
    // …meanwhile the second writes agent 1's line of agent 1's contract: it needs the same day row;
    await second.query('BEGIN');
    const secondLine = writeLine(second, ids[1], agents[1], 30_000).then(
      () => second.query('COMMIT').then(() => 'committed'),
      async (e: { code?: string }) => {
        await second.query('ROLLBACK');
        return `failed ${e.code}`;
      },
    );
    await new Promise((res) => setTimeout(res, 300));
    // …then the first writes a line to agent 1 on its contract (an override, as a network's owner gets).
    const firstEnd = writeLine(first, ids[0], agents[1], 20_000).then(
      () => first.query('COMMIT').then(() => 'committed'),
      async (e: { code?: string }) => {
        await first.query('ROLLBACK');
        return `failed ${e.code}`;
      },
    );
    // Without the order, PostgreSQL finds a deadlock after deadlock_timeout (1 s) and fails one: 40P01.
    expect(await Promise.all([firstEnd, secondLine])).toEqual(['committed', 'committed']);
    const after = await sums();
    expect(after.policies - before.policies).toBe(1);
    expect(BigInt(after.commission) - BigInt(before.commission)).toBe(50_000n);
  }, 60_000);
});
