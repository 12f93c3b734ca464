import { CONTRACT_STATUS as S, DEMO_ACCOUNT_KEYS, type DemoAccountKey, type LedgerPage } from '@oyster/shared-kit/domain';
import ExcelJS from 'exceljs';
import { currentPeriod } from '../../src/finance/statement';
import { reverseCommission } from '../../src/finance/ledger';
import { BACKENDS, call, connectSocket, connected, expectOnly, signInAll, start, type Running } from '../support';
import { contractsDriver, postCallback } from '../support/contracts';

/**
 * Мое КВ / КВ всех (issue 24): the commission ledger by Moscow month, in the viewer's scope — an agent
 * their own lines, a network owner also their sub-agent's and their override on them, the appointed
 * supervisor their appointed agents', staff everyone; the period's totals (carried in, accrued, reversed,
 * owed after); filters; keyset pages; live on ledger_changed.
 */
describe.each(BACKENDS)('Мое КВ / КВ всех ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const as = (key: DemoAccountKey, path: string) => call(r.url, 'GET', path, { token: tokens[key] });
  const page = async (key: DemoAccountKey, q: string): Promise<LedgerPage> => {
    const res = await as(key, `/api/v2/finance/ledger?${q}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const ids: Record<string, string> = {};
  let contracts: string[] = [];

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    const db = r.oyster.db;
    for (const u of await db.query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[u.email.split('@')[0]] = u.id;
    // A ledger of our own making on the demo's contracts: known lines at known Moscow moments (the demo's
    // paid payouts go first: TRUNCATE, as their locked lines refuse a DELETE; TRUNCATE fires no row trigger, so
    // migration 24's TRUNCATE trigger on payout_lines zeroes the paid sums of commission_ledger_months, which
    // КВ всех's totals read; the DELETE's statement trigger takes the lines' sums away).
    await db.query('TRUNCATE payout_lines, payouts, payout_registers');
    await db.query('DELETE FROM commission_ledger');
    contracts = (await db.query<{ id: string }>(`SELECT id FROM contracts WHERE status = ${S.inAction} ORDER BY id LIMIT 6`)).map((c) => c.id);
    const line = (contract: number, agent: string, kind: string, rate: number | null, base: number, amount: number, at: string) =>
      db.query('INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        contracts[contract],
        ids[agent],
        kind,
        rate,
        base,
        amount,
        at,
      ]);
    // October (Moscow): agent@ 1 000,00; November: agent@ 2 000,00, reversed the October one, a sale without a rate.
    await line(0, 'agent', 'commission', 1000, 10_000_00, 1_000_00, '2026-10-15T09:00:00Z');
    await line(1, 'agent', 'commission', 1000, 20_000_00, 2_000_00, '2026-11-10T09:00:00Z');
    await line(0, 'agent', 'commission_reversal', 1000, 10_000_00, -1_000_00, '2026-11-12T09:00:00Z');
    await line(2, 'agent', 'commission', null, 15_000_00, 0, '2026-11-13T09:00:00Z');
    // The sub-agent's sale and the owner's override on it.
    await line(3, 'subagent', 'commission', 1000, 30_000_00, 3_000_00, '2026-11-14T09:00:00Z');
    await line(3, 'owner', 'override', 200, 30_000_00, 600_00, '2026-11-14T09:00:00Z');
    // agent6@ (appointed to supervisor.appointed@): 22:30 UTC on 30 November is already December in Moscow.
    await line(4, 'agent6', 'commission', 1000, 5_000_00, 500_00, '2026-11-30T22:30:00Z');
    await line(5, 'agent2', 'commission', 1000, 7_000_00, 700_00, '2026-11-20T09:00:00Z');
  });
  afterAll(() => r.stop());

  test('who sees which lines in November: an agent their own; a network owner also the sub-agent’s and the override; the appointed supervisor their agents’; staff everyone; managers and copywriters nothing', async () => {
    const answers = await expectOnly(['admin', 'supervisor', 'supervisorAppointed', 'finance', 'agent', 'newagent', 'owner', 'subagent', 'broker'], (key) => as(key, '/api/v2/finance/ledger?period=2026-11'));
    const seen = (key: DemoAccountKey) => (answers[key as keyof typeof answers].body.data as LedgerPage).items.map((i) => `${i.agent.id === ids.owner ? 'owner' : Object.keys(ids).find((k) => ids[k] === i.agent.id)} ${i.kind} ${i.amountKopecks}`).sort();
    expect(seen('agent')).toEqual(['agent commission 0', 'agent commission 200000', 'agent commission_reversal -100000']);
    expect(seen('owner')).toEqual(['owner override 60000', 'subagent commission 300000']);
    expect(seen('subagent')).toEqual(['subagent commission 300000']);
    expect(seen('supervisorAppointed')).toEqual(['agent commission 0', 'agent commission 200000', 'agent commission_reversal -100000']);
    expect(seen('broker')).toEqual(['agent commission 0', 'agent commission 200000', 'agent commission_reversal -100000', 'agent2 commission 70000']);
    expect(seen('newagent')).toEqual([]);
    expect(seen('admin')).toHaveLength(6);
    expect(seen('finance')).toEqual(seen('admin'));
  });

  test('the period’s totals: carried in from before, accrued, reversed, owed after; the sale without a rate counted apart', async () => {
    const { items, totals } = await page('agent', 'period=2026-11');
    expect(totals).toEqual({ period: '2026-11', openingKopecks: 1_000_00, accruedKopecks: 2_000_00, reversedKopecks: -1_000_00, netKopecks: 1_000_00, paidKopecks: 0, closingKopecks: 2_000_00, noRateLines: 1, lines: 3 });
    expect(items.map((i) => [i.kindTitle, i.rateBp, i.amountKopecks, i.statusTitle])).toEqual([
      ['КВ агента', null, 0, 'Ожидается'],
      ['Сторно КВ агента', 1000, -1_000_00, 'Ожидается'],
      ['КВ агента', 1000, 2_000_00, 'Ожидается'],
    ]);
    expect(items[0].contract).toMatchObject({ id: contracts[2], productName: 'Е-ОСАГО', companyName: expect.any(String) });
    expect((await page('agent', 'period=2026-10')).totals).toMatchObject({ openingKopecks: 0, accruedKopecks: 1_000_00, closingKopecks: 1_000_00, lines: 1 });
    // A Moscow month: the line at 22:30 UTC on 30 November is December's.
    expect((await page('supervisorAppointed', 'period=2026-12')).items.map((i) => i.amountKopecks)).toEqual([500_00]);
    expect((await page('supervisorAppointed', 'period=2026-11')).totals.closingKopecks).toBe(2_000_00);
  });

  test('periods: the current Moscow month and every month with lines in scope, newest first, by name', async () => {
    const res = await as('agent', '/api/v2/payments/period-filters-pay-lists');
    expect(res.status).toBe(200);
    const values = (res.body.data as { value: string }[]).map((p) => p.value);
    expect(values[0]).toBe(currentPeriod() > '2026-11' ? currentPeriod() : '2026-11');
    expect(values).toEqual([...new Set([currentPeriod(), '2026-11', '2026-10'])].sort().reverse());
    expect(res.body.data).toContainEqual({ value: '2026-10', title: 'Октябрь 2026' });
    // Staff: every month with anyone's line (agent6@'s at 22:30 UTC on 30 November is December's in Moscow).
    const staff = ((await as('finance', '/api/v2/payments/period-filters-pay-lists')).body.data as { value: string }[]).map((p) => p.value);
    expect(staff).toEqual([...new Set([currentPeriod(), '2026-12', '2026-11', '2026-10'])].sort().reverse());
    expect((await as('copywriter', '/api/v2/payments/period-filters-pay-lists')).status).toBe(403);
  });

  test('filters and pages: by agent (an agent outside the scope is an empty page), kind, insurer, product; keyset pages without gaps or repeats; a bad filter is a 400 naming it', async () => {
    expect((await page('owner', `period=2026-11&agent=${ids.subagent}`)).items.map((i) => i.kind)).toEqual(['commission']);
    expect((await page('owner', `period=2026-11&agent=${ids.agent}`)).items).toEqual([]);
    expect((await page('admin', 'period=2026-11&kind=override')).items.map((i) => i.agent.id)).toEqual([ids.owner]);
    expect((await page('admin', 'period=2026-11&product=eosago')).totals.lines).toBe(6);
    const [{ company_id: company }] = await r.oyster.db.query<{ company_id: string }>('SELECT company_id FROM contracts WHERE id = $1', [contracts[5]]);
    expect((await page('admin', `period=2026-11&company=${company}`)).items.every((i) => i.contract?.companyName != null)).toBe(true);
    const all = (await page('admin', 'period=2026-11')).items.map((i) => i.id);
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const p: LedgerPage = await page('admin', `period=2026-11&limit=4${after ? `&after=${after}` : ''}`);
      paged.push(...p.items.map((i) => i.id));
      expect(p.totals.lines).toBe(6);
      after = p.next;
    } while (after);
    expect(paged).toEqual(all);
    expect(await as('admin', '/api/v2/finance/ledger?period=2026-13')).toMatchObject({ status: 400, body: { field: 'period', message: 'Поле «period»: месяц в формате ГГГГ-ММ' } });
    expect(await as('admin', '/api/v2/finance/ledger')).toMatchObject({ status: 400, body: { field: 'period' } });
    expect(await as('admin', '/api/v2/finance/ledger?period=2026-11&after=zzz')).toMatchObject({ status: 400, body: { field: 'after' } });
    expect(await as('admin', '/api/v2/finance/ledger?period=2026-11&kind=bonus')).toMatchObject({ status: 400, body: { field: 'kind' } });
  });

  test('live: a sub-agent’s paid sale tells the sub-agent, the network owner and staff who see them (ledger_changed), and lands in this month', async () => {
    const d = await contractsDriver(r.url, { subagent: tokens.subagent });
    const c = await d.waitingForPayment('subagent', 'vsk');
    const heard: Record<string, string[]> = {};
    const sockets = (['subagent', 'owner', 'admin', 'agent', 'supervisorAppointed'] as const).map((key) => {
      const s = connectSocket(r.url, tokens[key]);
      heard[key] = [];
      s.on('ledger_changed', (e: { agentId: string }) => heard[key].push(e.agentId));
      return s;
    });
    try {
      await Promise.all(sockets.map(connected));
      expect((await postCallback(r.url, 'vsk', d.payment(c, 'pay_ledger_live_1'))).status).toBe(200);
      await d.until('subagent', c.id, S.released);
      for (let i = 0; i < 50 && !(heard.admin.includes(ids.owner) && heard.admin.includes(ids.subagent)); i++) await new Promise((res) => setTimeout(res, 20));
      expect(heard.subagent).toEqual([ids.subagent]);
      expect(heard.owner.sort()).toEqual([ids.owner, ids.subagent].sort());
      // The admin sees every agent: another sale's lines written meanwhile (a late retry of an earlier test's
      // callback, seen once in CI under load) may be heard too; these two must be.
      expect(heard.admin).toEqual(expect.arrayContaining([ids.owner, ids.subagent]));
      expect(heard.agent).toEqual([]);
      expect(heard.supervisorAppointed).toEqual([]);
    } finally {
      sockets.forEach((s) => s.close());
    }
    const now = (await page('subagent', `period=${currentPeriod()}`)).items;
    expect(now[0]).toMatchObject({ contract: { id: c.id }, kind: 'commission', rateBp: 1000 });
  });

  test('export: what is on screen as XLSX and CSV — the same lines of the viewer’s scope and filters, and the totals; a bad format is a 400, a copywriter a 403', async () => {
    const download = (key: DemoAccountKey, q: string) => fetch(`${r.url}/api/v2/finance/ledger/export?${q}`, { headers: { 'x-api-token': tokens[key] } });
    const csv = await download('agent', 'period=2026-11&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(csv.headers.get('content-disposition') ?? '')).toContain('КВ Ноябрь 2026.csv');
    const text = Buffer.from(await csv.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFДата (МСК);Начисление;Агент;Полис;Продукт;Страховщик;Клиент;Ставка, %;Основание ставки;База, ₽;Сумма, ₽;Статус;Выплата\r\n')).toBe(true);
    const rows = text.trim().split('\r\n').slice(1).map((l) => l.split(';'));
    // The agent's own three November lines, newest first: the sale without a rate, the reversal, the accrual.
    expect(rows.map((x) => [x[0], x[1], x[7], x[10], x[11]])).toEqual([
      ['13.11.2026', 'КВ агента', 'нет ставки', '0', 'Ожидается'],
      ['12.11.2026', 'Сторно КВ агента', '10', '-1000', 'Ожидается'],
      ['10.11.2026', 'КВ агента', '10', '2000', 'Ожидается'],
    ]);

    // October (no sale of this test's own in it): agent@'s one line, and the month's figures below it.
    const xlsx = await download('admin', 'period=2026-10');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Октябрь 2026');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Дата (МСК)', 'Начисление', 'Агент', 'Полис', 'Продукт', 'Страховщик', 'Клиент', 'Ставка, %', 'Основание ставки', 'База, ₽', 'Сумма, ₽', 'Статус', 'Выплата']);
    expect(values(2)).toEqual(expect.arrayContaining(['15.10.2026', 'КВ агента', 'Иванов Иван Петрович', 10, 10000, 1000, 'Ожидается']));
    const totals = Object.fromEntries([4, 5, 6, 7, 8, 9].map((n) => [values(n)[0], values(n)[10]]));
    expect(totals).toEqual({ 'Остаток на начало': 0, Начислено: 1000, Сторно: 0, 'Итого за период': 1000, Выплачено: 0, 'К выплате': 1000 });

    expect(await (await download('admin', 'period=2026-11&format=pdf')).json()).toMatchObject({ field: 'format' });
    expect((await download('copywriter', 'period=2026-11')).status).toBe(403);
  });

  test('adjustments: finance staff write a new line for an agent, plus or minus, with the reason the agent reads — tied to one of their contracts or to none; bad input a 400 naming the field; others 403; the agent hears it', async () => {
    const agentSocket = connectSocket(r.url, tokens.agent);
    const heard: string[] = [];
    agentSocket.on('ledger_changed', (e: { agentId: string }) => heard.push(e.agentId));
    await connected(agentSocket);
    const post = (key: DemoAccountKey, body: unknown) => call(r.url, 'POST', '/api/v2/finance/ledger/adjustments', { token: tokens[key], body });
    try {
      expect(await post('finance', { agentId: ids.agent, amountKopecks: -500_00, reason: 'Удержание: полис расторгнут страховщиком' })).toMatchObject({ status: 200, body: { data: { id: expect.any(String) } } });
      for (let i = 0; i < 50 && !heard.length; i++) await new Promise((res) => setTimeout(res, 20));
      expect(heard).toEqual([ids.agent]);
    } finally {
      agentSocket.close();
    }
    const [own] = (await r.oyster.db.query<{ id: string }>(`SELECT id FROM contracts WHERE agent_id = $1 LIMIT 1`, [ids.agent])).map((c) => c.id);
    expect((await post('admin', { agentId: ids.agent, amountKopecks: 250_00, reason: 'Бонус за ноябрь', contractId: own })).status).toBe(200);
    const lines = (await page('agent', `period=${currentPeriod()}&kind=adjustment`)).items;
    expect(lines.map((l) => [l.kindTitle, l.amountKopecks, l.note, l.contract?.id ?? null, l.rateBp])).toEqual([
      ['Корректировка', 250_00, 'Бонус за ноябрь', own, null],
      ['Корректировка', -500_00, 'Удержание: полис расторгнут страховщиком', null, null],
    ]);
    // A filter on the insurer leaves out an adjustment tied to no contract.
    const [{ company_id: company }] = await r.oyster.db.query<{ company_id: string }>('SELECT company_id FROM contracts WHERE id = $1', [own]);
    expect((await page('agent', `period=${currentPeriod()}&kind=adjustment&company=${company}`)).items.map((l) => l.amountKopecks)).toEqual([250_00]);
    // The CSV says so too.
    const csv = Buffer.from(await (await fetch(`${r.url}/api/v2/finance/ledger/export?period=${currentPeriod()}&kind=adjustment&format=csv`, { headers: { 'x-api-token': tokens.agent } })).arrayBuffer()).toString('utf8');
    expect(csv).toContain(';Корректировка;Иванов Иван Петрович;без договора;;;;;Удержание: полис расторгнут страховщиком;0;-500;Ожидается');

    const [foreign] = (await r.oyster.db.query<{ id: string }>(`SELECT id FROM contracts WHERE agent_id <> $1 LIMIT 1`, [ids.agent])).map((c) => c.id);
    expect(await post('finance', { agentId: ids.agent, amountKopecks: 100, reason: 'Чужой договор', contractId: foreign })).toMatchObject({ status: 400, body: { field: 'contractId', message: 'Поле «contractId»: у этого агента нет такого договора' } });
    expect(await post('finance', { agentId: ids.agent, amountKopecks: 0, reason: 'Ноль рублей' })).toMatchObject({ status: 400, body: { field: 'amountKopecks', message: 'Поле «amountKopecks»: корректировка не может быть нулевой' } });
    expect(await post('finance', { agentId: ids.agent, amountKopecks: 10.5, reason: 'Дробные копейки' })).toMatchObject({ status: 400, body: { field: 'amountKopecks' } });
    expect(await post('finance', { agentId: ids.agent, amountKopecks: 100, reason: 'Ой' })).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(await post('finance', { agentId: ids.finance, amountKopecks: 100, reason: 'Не агенту' })).toMatchObject({ status: 400, body: { field: 'agentId', message: 'Поле «agentId»: такого агента нет' } });
    for (const key of ['agent', 'supervisor', 'owner', 'manager'] as const) expect((await post(key, { agentId: ids.agent, amountKopecks: 100, reason: 'Себе бонус' })).status).toBe(403);
    expect((await page('agent', `period=${currentPeriod()}&kind=adjustment`)).items).toHaveLength(2);
  });

  test('the ledger’s key allows several payment events of one contract (instalments, endorsements), each accrued once', async () => {
    const db = r.oyster.db;
    const insert = (event: string) =>
      db.query(`INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks, event_key) VALUES ($1, $2, 'commission', 1000, 100000, 10000, $3)`, [contracts[5], ids.agent2, event]);
    await insert('instalment-2');
    await insert('instalment-3');
    await expect(insert('instalment-3')).rejects.toThrow();
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM commission_ledger WHERE contract_id = $1 AND agent_id = $2 AND kind = 'commission'`, [contracts[5], ids.agent2]))[0].n).toBe(3);
  });

  test('a partial refund reverses the commission in proportion (half up, in kopecks), once per refund; the cancellation then reverses only what is left', async () => {
    const db = r.oyster.db;
    // A sub-agent's sale: the seller's commission and the owner's override, 1 234,57 ₽ and 246,91 ₽ on 12 345,67 ₽.
    const [c] = await db.query<{ id: string }>(`SELECT id FROM contracts WHERE agent_id = $1 AND status = ${S.inAction} AND id <> ALL($2) LIMIT 1`, [ids.subagent, contracts]);
    await db.query('DELETE FROM commission_ledger WHERE contract_id = $1', [c.id]);
    await db.query(
      `INSERT INTO commission_ledger (contract_id, agent_id, kind, rate_bp, base_kopecks, amount_kopecks) VALUES ($1, $2, 'commission', 1000, 1234567, 123457), ($1, $3, 'override', 200, 1234567, 24691)`,
      [c.id, ids.subagent, ids.owner],
    );
    const lines = async () =>
      (await db.query<{ agent_id: string; kind: string; amount_kopecks: string; event_key: string }>('SELECT agent_id, kind, amount_kopecks, event_key FROM commission_ledger WHERE contract_id = $1 ORDER BY id', [c.id]))
        .map((l) => `${l.agent_id === ids.owner ? 'owner' : 'seller'} ${l.kind} ${l.amount_kopecks} ${l.event_key}`);
    // The insurer returns a third of the premium: 411 522 of 1 234 567 kopecks.
    await reverseCommission(db, c.id, { eventKey: 'refund-1', refundKopecks: 411_522, premiumKopecks: 1_234_567 });
    await reverseCommission(db, c.id, { eventKey: 'refund-1', refundKopecks: 411_522, premiumKopecks: 1_234_567 });
    expect(await lines()).toEqual(['seller commission 123457 payment', 'owner override 24691 payment', 'seller commission_reversal -41152 refund-1', 'owner override_reversal -8230 refund-1']);
    await reverseCommission(db, c.id);
    const all = await lines();
    expect(all.slice(4)).toEqual(['seller commission_reversal -82305 payment', 'owner override_reversal -16461 payment']);
    const [sum] = await db.query<{ s: string }>('SELECT sum(amount_kopecks)::text AS s FROM commission_ledger WHERE contract_id = $1', [c.id]);
    expect(sum.s).toBe('0');
  });
});
