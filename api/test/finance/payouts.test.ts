import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { DEMO_ACCOUNT_KEYS, PAYOUT_WAITS_FOR_RECEIPT, formatMoney, withInnControl, type DemoAccountKey, type PayoutRow, type RegisterDetail } from '@oyster/shared-kit/domain';
import { currentPeriod } from '../../src/finance/statement';
import { BACKENDS, call, connectSocket, connected, login, signInAll, start, type Running } from '../support';

/**
 * Payouts by legal form, registers and acts (issue 24) on a ledger of known lines in January and February
 * 2025 (before the demo's sales, which go back up to a year from today, so only these count), for agents the demo sells nothing with:
 * Жукова (FL, agent14@) earns 2 000 000 ₽ then 1 000 000 ₽ — the scale's 2.4 M crossed in February;
 * Белова (SZ, agent8@) 50 000 ₽ — waits for her receipt; Медведев (IP, agent13@, no bank details) 30 000 ₽;
 * Тарасов (FL, agent9@) 500 ₽ in January (under the 1 000 ₽ minimum: carried) and 800 ₽ in February.
 */
const rub = (r: number) => r * 100;

describe.each(BACKENDS)('payouts, registers and acts ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const extra: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const as = (who: string) => tokens[who as DemoAccountKey] ?? extra[who];
  const post = (who: string, path: string, body?: unknown) => call(r.url, 'POST', path, { token: as(who), body });
  const get = (who: string, path: string) => call(r.url, 'GET', path, { token: as(who) });
  const payoutsOf = async (who: string, query = '') => (await get(who, `/api/v2/finance/payouts?limit=200&${query}`)).body.data.items as PayoutRow[];

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    for (const who of ['finance2', 'agent8', 'agent9', 'agent13', 'agent14']) extra[who] = await login(r.url, `${who}@oyster.test`);
    for (const u of await r.oyster.db.query<{ id: string; email: string }>('SELECT id, email FROM users')) ids[u.email.split('@')[0]] = u.id;
    const line = (agent: string, kopecks: number, at: string) =>
      r.oyster.db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at) VALUES ($1, 'adjustment', 0, $2, 'КВ за период', $3, 'adjustment', $4)`, [ids[agent], kopecks, ids.admin, at]);
    await line('agent14', rub(2_000_000), '2025-01-15T09:00:00Z');
    await line('agent8', rub(50_000), '2025-01-20T09:00:00Z');
    await line('agent13', rub(30_000), '2025-01-21T09:00:00Z');
    await line('agent9', rub(500), '2025-01-31T20:59:00Z'); // 23:59 on 31 January in Moscow
    await line('agent14', rub(1_000_000), '2025-02-10T09:00:00Z');
    await line('agent9', rub(800), '2025-01-31T21:00:00Z'); // 00:00 on 1 February in Moscow
  });
  afterAll(() => r.stop());

  test('calculating a finished month: FL withholds НДФЛ, SZ waits for the receipt, IP nothing, under the minimum carried; only finance staff; the current month refused; twice is once', async () => {
    expect((await post('agent', '/api/v2/finance/payouts/calculate', { period: '2025-01' })).status).toBe(403);
    expect((await post('manager', '/api/v2/finance/payouts/calculate', { period: '2025-01' })).status).toBe(403);
    expect(await post('finance', '/api/v2/finance/payouts/calculate', { period: currentPeriod() })).toMatchObject({
      status: 400,
      body: { field: 'period', message: 'Поле «period»: период ещё не закончился — выплаты считаются за прошедшие месяцы' },
    });
    expect(await post('finance', '/api/v2/finance/payouts/calculate', { period: '2025-13' })).toMatchObject({ status: 400, body: { field: 'period' } });

    const jan = await post('finance', '/api/v2/finance/payouts/calculate', { period: '2025-01' });
    expect(jan.body.data).toEqual({ period: '2025-01', created: 3, carried: 1, awaitingReceipt: 1 });
    expect((await post('admin', '/api/v2/finance/payouts/calculate', { period: '2025-01' })).body.data).toEqual({ period: '2025-01', created: 0, carried: 1, awaitingReceipt: 0 });

    const rows = await payoutsOf('finance', 'period=2025-01');
    const by = (agent: string) => rows.find((p) => p.agent.id === ids[agent])!;
    expect(rows).toHaveLength(3);
    expect(by('agent14')).toMatchObject({ opf: 'FL', grossKopecks: rub(2_000_000), taxKopecks: rub(260_000), netKopecks: rub(1_740_000), status: 'ready', statusTitle: 'К выплате', lines: 1 });
    expect(by('agent8')).toMatchObject({ opf: 'SZ', grossKopecks: rub(50_000), taxKopecks: 0, netKopecks: rub(50_000), status: 'awaiting_receipt', statusTitle: 'Ждёт чек «Мой налог»', waitingReason: PAYOUT_WAITS_FOR_RECEIPT });
    expect(by('agent13')).toMatchObject({ opf: 'IP', taxKopecks: 0, status: 'ready', vatTitle: 'НДС не облагается' });
    expect(by('agent14').actNumber).toMatch(/^А-2025-01-\d{6}$/);

    // February: Жукова's year passes 2.4 M — 13% on what is under it, 15% above; Тарасов's January 500 ₽ comes with his 800 ₽.
    expect((await post('finance', '/api/v2/finance/payouts/calculate', { period: '2025-02' })).body.data).toMatchObject({ created: 2, carried: 0 });
    const feb = await payoutsOf('finance', 'period=2025-02');
    expect(feb.find((p) => p.agent.id === ids.agent14)).toMatchObject({ grossKopecks: rub(1_000_000), taxKopecks: rub(52_000 + 90_000) });
    expect(feb.find((p) => p.agent.id === ids.agent9)).toMatchObject({ grossKopecks: rub(1_300), taxKopecks: rub(169), lines: 2 });
  });

  test('each sees their own payouts; the balance not yet paid out; the SZ receipt must match the payout and the agent’s INN', async () => {
    expect((await payoutsOf('agent8', 'period=2025-01')).map((p) => p.agent.id)).toEqual([ids.agent8]);
    expect(await payoutsOf('agent', 'period=2025-01')).toEqual(expect.not.arrayContaining([expect.objectContaining({ agent: expect.objectContaining({ id: ids.agent8 }) })]));
    expect((await get('agent9', '/api/v2/finance/payouts/balance')).body.data).toEqual({ unpaidKopecks: 0, minPayoutKopecks: rub(1_000) });

    const [payout] = await payoutsOf('agent8', 'period=2025-01');
    const [{ inn }] = await r.oyster.db.query<{ inn: string }>('SELECT inn FROM agent_billing WHERE user_id = $1', [ids.agent8]);
    const receipt = { number: '200abc1x2y', date: '2025-02-03', amountKopecks: rub(50_000), inn, link: 'https://lknpd.nalog.ru/api/v1/receipt/demo/print' };
    const attach = (who: string, body: unknown, id = payout.id) => post(who, `/api/v2/finance/payouts/${id}/receipt`, body);
    expect(await attach('agent8', { ...receipt, amountKopecks: rub(49_999) })).toMatchObject({ status: 400, body: { field: 'amountKopecks', message: `Поле «amountKopecks»: сумма чека должна быть равна выплате — ${formatMoney(rub(50_000))}` } });
    expect(await attach('agent8', { ...receipt, inn: '500100732259' })).toMatchObject({ status: 400, body: { field: 'inn', message: `Поле «inn»: в чеке должен быть ваш ИНН ${inn}` } });
    expect(await attach('agent8', { ...receipt, date: '2099-12-31' })).toMatchObject({ status: 400, body: { field: 'date' } }); // a receipt from the future
    expect(await attach('agent8', { ...receipt, link: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { field: 'link' } });
    expect((await attach('agent9', receipt)).status).toBe(404); // not theirs
    expect((await r.oyster.db.query<{ status: string }>('SELECT status FROM payouts WHERE id = $1', [payout.id]))[0].status).toBe('awaiting_receipt');
    const ok = await attach('agent8', receipt);
    expect(ok).toMatchObject({ status: 200, body: { data: { status: 'ready', waitingReason: null, receipt: { number: '200abc1x2y', date: '2025-02-03', amountKopecks: rub(50_000), inn } } } });
    const [ip] = await payoutsOf('agent13', 'period=2025-01');
    expect(await attach('agent13', { ...receipt, amountKopecks: ip.grossKopecks }, ip.id)).toMatchObject({ status: 409, body: { message: 'Чек «Мой налог» прикрепляют только к выплате самозанятого' } });
  });

  test('a register: built from ready payouts with bank details (the rest listed with the reason), approved only by another person, exported for the bank, paid line by line — the agent hears it; a paid payout is locked', async () => {
    expect((await post('agent', '/api/v2/finance/registers', { period: '2025-01' })).status).toBe(403);
    const built = await post('finance', '/api/v2/finance/registers', { period: '2025-01' });
    expect(built.status).toBe(200);
    const reg = built.body.data as RegisterDetail;
    expect(reg).toMatchObject({ status: 'draft', statusTitle: 'На проверке', period: '2025-01', lines: 2, builtBy: { id: ids.finance }, approvedBy: null });
    expect(reg.payouts.map((p) => p.agent.id).sort()).toEqual([ids.agent14, ids.agent8].sort());
    expect(reg.totalKopecks).toBe(reg.payouts.reduce((s, p) => s + p.netKopecks, 0));
    expect(reg.totalKopecks).toBe(rub(1_740_000 + 50_000));
    expect(reg.skipped).toEqual([{ agent: { id: ids.agent13, fio: expect.any(String) }, reason: 'Нет банковских реквизитов агента' }]);
    expect(await post('finance', '/api/v2/finance/registers', { period: '2025-01' })).toMatchObject({ status: 400, body: { field: 'period', message: 'Поле «period»: за январь 2025 нет выплат «К выплате» с банковскими реквизитами' } });

    const url = `/api/v2/finance/registers/${reg.id}`;
    expect(await get('finance', `${url}/export`)).toMatchObject({ status: 409, body: { message: 'Реестр ещё не утверждён' } });
    expect(await post('finance', `${url}/approve`)).toMatchObject({ status: 403, body: { message: 'Утвердить реестр должен другой сотрудник: вы его сформировали' } });
    // The total is checked against the lines before approval.
    await r.oyster.db.query('UPDATE payout_registers SET total_kopecks = total_kopecks + 1 WHERE id = $1', [reg.id]);
    expect(await post('finance2', `${url}/approve`)).toMatchObject({ status: 409, body: { message: 'Сумма реестра не сходится со строками — удалите черновик и соберите реестр заново' } });
    await r.oyster.db.query('UPDATE payout_registers SET total_kopecks = total_kopecks - 1 WHERE id = $1', [reg.id]);
    expect(await post('finance2', `${url}/approve`)).toMatchObject({ status: 200, body: { data: { status: 'approved', approvedBy: { id: ids.finance2 } } } });
    expect((await call(r.url, 'DELETE', url, { token: as('finance') })).status).toBe(409);

    // The bank file: 1CClientBankExchange 1.03 in windows-1251, one payment order per line, the sum of orders = the total.
    const file = await fetch(`${r.url}${url}/export?format=1c`, { headers: { 'x-api-token': as('finance') } });
    expect(file.headers.get('content-type')).toContain('windows-1251');
    const text = iconv.decode(Buffer.from(await file.arrayBuffer()), 'win1251');
    const lines = text.split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows']);
    expect(lines.filter((l) => l === 'СекцияДокумент=Платежное поручение')).toHaveLength(2);
    expect(lines.filter((l) => l === 'КонецДокумента')).toHaveLength(2);
    expect(lines.at(-2)).toBe('КонецФайла');
    const sums = lines.filter((l) => l.startsWith('Сумма=')).map((l) => l.slice(6));
    expect(sums.sort()).toEqual(['1740000.00', '50000.00']);
    const [zhukova] = reg.payouts.filter((p) => p.agent.id === ids.agent14);
    expect(lines).toContain(`НазначениеПлатежа=Агентское вознаграждение за январь 2025 по акту № ${zhukova.actNumber}, НДФЛ удержан 260000.00 руб., НДС не облагается`);
    const [{ account }] = await r.oyster.db.query<{ account: string }>('SELECT account FROM agent_billing WHERE user_id = $1', [ids.agent14]);
    expect(lines).toContain(`ПолучательСчет=${account}`);

    const xlsx = await fetch(`${r.url}${url}/export?format=xlsx`, { headers: { 'x-api-token': as('finance') } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(sheet.rowCount).getCell(2).value).toBe('Итого');
    expect(sheet.getRow(sheet.rowCount).getCell(10).value).toBe(1_790_000);

    // Paid line by line; Белова hears hers.
    const socket = connectSocket(r.url, as('agent8'));
    const heard: unknown[] = [];
    socket.on('payout_changed', (e) => heard.push(e));
    await connected(socket);
    const belova = reg.payouts.find((p) => p.agent.id === ids.agent8)!;
    try {
      expect(await post('finance', `${url}/paid`, { payoutIds: ['999999'] })).toMatchObject({ status: 400, body: { field: 'payoutIds' } });
      const one = await post('finance', `${url}/paid`, { payoutIds: [belova.id] });
      expect(one.body.data).toMatchObject({ status: 'approved', paidLines: 1 });
      for (let i = 0; i < 50 && !heard.length; i++) await new Promise((res) => setTimeout(res, 20));
      expect(heard).toEqual([{ agentId: ids.agent8, payoutId: belova.id, registerId: reg.id }]);
    } finally {
      socket.close();
    }
    expect((await payoutsOf('agent8', 'period=2025-01'))[0]).toMatchObject({ status: 'paid', statusTitle: 'Выплачено', paidAt: expect.any(String), register: { id: reg.id, number: reg.number } });
    expect((await post('admin', `${url}/paid`, {})).body.data).toMatchObject({ status: 'paid', statusTitle: 'Оплачен', paidLines: 2 });
    // Мое КВ: January's line is paid, names its payout; the period's totals count it paid, nothing owed.
    const ledger = (await get('agent8', '/api/v2/finance/ledger?period=2025-01')).body.data;
    expect(ledger.items.map((l: { status: string; statusTitle: string; payout: unknown }) => [l.statusTitle, l.payout])).toEqual([
      ['Выплачено', { id: belova.id, actNumber: belova.actNumber, period: '2025-01', status: 'paid', statusTitle: 'Выплачено' }],
    ]);
    expect(ledger.totals).toMatchObject({ accruedKopecks: rub(50_000), paidKopecks: rub(50_000), closingKopecks: 0 });
    // КВ всех filtered by status: January's paid lines are Белова's and Жукова's; expected: Медведев's (no bank
    // details) and Тарасов's 500 ₽ (carried into February's payout, not paid yet).
    const byStatus = async (status: string) =>
      ((await get('finance', `/api/v2/finance/ledger?period=2025-01&status=${status}`)).body.data.items as { agent: { id: string } }[]).map((l) => l.agent.id).sort();
    expect(await byStatus('paid')).toEqual([ids.agent14, ids.agent8].sort());
    expect(await byStatus('expected')).toEqual([ids.agent13, ids.agent9].sort());
    expect(await get('finance', '/api/v2/finance/ledger?period=2025-01&status=done')).toMatchObject({ status: 400, body: { field: 'status' } });

    // The period's statement is locked: a paid payout and its lines do not change.
    await expect(r.oyster.db.query('UPDATE payouts SET tax_kopecks = 0 WHERE id = $1', [belova.id])).rejects.toThrow(/locked/);
    await expect(r.oyster.db.query('DELETE FROM payout_lines WHERE payout_id = $1', [belova.id])).rejects.toThrow(/locked/);
  });

  test('a draft deleted gives its payouts back; the act: the agent’s own and finance’s, nobody else’s', async () => {
    const built = (await post('finance', '/api/v2/finance/registers', { period: '2025-02' })).body.data as RegisterDetail;
    expect(built.payouts).toHaveLength(2);
    expect((await call(r.url, 'DELETE', `/api/v2/finance/registers/${built.id}`, { token: as('finance2') })).status).toBe(200);
    expect((await payoutsOf('finance', 'period=2025-02')).map((p) => [p.status, p.register])).toEqual([['ready', null], ['ready', null]]);

    const [payout] = await payoutsOf('agent8', 'period=2025-01');
    const act = (who: string) => fetch(`${r.url}/api/v2/finance/payouts/${payout.id}/act`, { headers: { 'x-api-token': as(who) } });
    const own = await act('agent8');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(decodeURIComponent(own.headers.get('content-disposition') ?? '')).toContain(`Акт ${payout.actNumber}.pdf`);
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await act('finance')).status).toBe(200);
    expect((await act('agent')).status).toBe(404);
  });

  test('billing details: finance keeps them, checked offline (INN digits and length by legal form, the account against the BIK); the agent reads their own; then the skipped payout goes into a register', async () => {
    const [demo] = await r.oyster.db.query<{ bik: string; account: string; corr_account: string }>('SELECT bik, account, corr_account FROM agent_billing WHERE user_id = $1', [ids.agent14]);
    const put = (who: string, body: unknown, agent = ids.agent13) => call(r.url, 'PUT', `/api/v2/finance/billing/${agent}`, { token: as(who), body });
    const good = { legalName: 'ИП Медведев О. Л.', inn: withInnControl('7711000013'), kpp: '', bankName: 'АО «Демо-Банк» (демо)', bik: demo.bik, account: demo.account, corrAccount: demo.corr_account, vatMode: 'without' };
    expect((await put('agent13', good)).status).toBe(403);
    expect(await put('finance', { ...good, inn: withInnControl('771100001') })).toMatchObject({ status: 400, body: { field: 'inn', message: 'Поле «inn»: у формы «Индивидуальный предприниматель» ИНН из 12 цифр' } });
    expect(await put('finance', { ...good, inn: good.inn.slice(0, 11) + ((Number(good.inn[11]) + 1) % 10) })).toMatchObject({ status: 400, body: { field: 'inn' } });
    const badKey = demo.account.slice(0, 8) + ((Number(demo.account[8]) + 1) % 10) + demo.account.slice(9);
    expect(await put('finance', { ...good, account: badKey })).toMatchObject({ status: 400, body: { field: 'account', message: 'Поле «account»: счёт не сходится с БИК банка — проверьте цифры' } });
    expect(await put('finance', { ...good, bik: null })).toMatchObject({ status: 400, body: { field: 'bik' } });
    expect(await put('finance', good)).toMatchObject({ status: 200, body: { data: { agentId: ids.agent13, inn: good.inn, kpp: null, vatMode: 'without' } } });
    expect((await get('agent13', `/api/v2/finance/billing/${ids.agent13}`)).body.data).toMatchObject({ legalName: 'ИП Медведев О. Л.', account: demo.account });
    expect((await get('agent13', `/api/v2/finance/billing/${ids.agent14}`)).status).toBe(404);

    const built = (await post('finance', '/api/v2/finance/registers', { period: '2025-01' })).body.data as RegisterDetail;
    expect(built.payouts.map((p) => p.agent.id)).toEqual([ids.agent13]);
    expect(built.skipped).toEqual([]);
  });

  test('scope: a network owner sees their sub-agents’ payouts and downloads their acts; another agent sees neither; the sub-agent only their own', async () => {
    const [{ subs }] = await r.oyster.db.query<{ subs: string[] }>('SELECT coalesce(array_agg(id), $2::text[]) AS subs FROM users WHERE parent_agent_id = $1', [ids.owner, []]);
    expect(subs).toContain(ids.subagent);
    const own = await payoutsOf('owner');
    expect(own.map((p) => p.agent.id)).toContain(ids.subagent); // the demo's paid months of Морозова (subagent@)
    expect(own.every((p) => p.agent.id === ids.owner || subs.includes(p.agent.id))).toBe(true);
    expect((await payoutsOf('subagent')).every((p) => p.agent.id === ids.subagent)).toBe(true);
    expect(await payoutsOf('agent', `agent=${ids.subagent}`)).toEqual([]);
    const sub = own.find((p) => p.agent.id === ids.subagent)!;
    const act = (who: string) => fetch(`${r.url}/api/v2/finance/payouts/${sub.id}/act`, { headers: { 'x-api-token': as(who) } });
    expect((await act('owner')).status).toBe(200);
    expect((await act('agent')).status).toBe(404);
    expect((await payoutsOf('finance', `agent=${ids.subagent}`)).map((p) => p.id)).toEqual((await payoutsOf('owner', `agent=${ids.subagent}`)).map((p) => p.id));
  });

  test('a line never pays more than the agent’s payable balance: a reversal after the calculation keeps the payout out of the register, with the reason, and refuses the approval of a draft that has it', async () => {
    const lineOfTarasov = (kopecks: number) =>
      r.oyster.db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key) VALUES ($1, 'adjustment', 0, $2, 'Поправка после расчёта', $3, 'adjustment')`, [ids.agent9, kopecks, ids.admin]);
    expect((await payoutsOf('finance', 'period=2025-02')).find((p) => p.agent.id === ids.agent9)).toMatchObject({ grossKopecks: rub(1_300), status: 'ready' });
    const draft = (await post('finance', '/api/v2/finance/registers', { period: '2025-02' })).body.data as RegisterDetail;
    expect(draft.payouts.map((p) => p.agent.id).sort()).toEqual([ids.agent14, ids.agent9].sort());
    // A reversal written after the calculation: Тарасов's balance is 1 300 − 1 000 = 300 ₽, his payout 1 300 ₽.
    await lineOfTarasov(-rub(1_000));
    const url = `/api/v2/finance/registers/${draft.id}`;
    expect(await post('finance2', `${url}/approve`)).toMatchObject({
      status: 409,
      body: { message: 'В реестре есть выплата больше баланса агента (после расчёта пришло сторно) — удалите черновик и соберите реестр заново' },
    });
    expect((await call(r.url, 'DELETE', url, { token: as('finance2') })).status).toBe(200);
    const rebuilt = (await post('finance', '/api/v2/finance/registers', { period: '2025-02' })).body.data as RegisterDetail;
    expect(rebuilt.payouts.map((p) => p.agent.id)).toEqual([ids.agent14]);
    expect(rebuilt.skipped).toEqual([{ agent: { id: ids.agent9, fio: expect.any(String) }, reason: 'Выплата больше баланса агента: после расчёта пришло сторно — выплата ждёт новых начислений' }]);
    expect((await post('finance2', `/api/v2/finance/registers/${rebuilt.id}/approve`)).status).toBe(200);
    // New accruals cover it again: it goes into the month's next register.
    await lineOfTarasov(rub(1_000));
    const next = (await post('finance', '/api/v2/finance/registers', { period: '2025-02' })).body.data as RegisterDetail;
    expect(next.payouts.map((p) => [p.agent.id, p.grossKopecks])).toEqual([[ids.agent9, rub(1_300)]]);
    expect(next.skipped).toEqual([]);
  });

  test('a self-employed agent whose payouts from us this year pass 2 400 000 ₽ is flagged to finance (at the limit not yet)', async () => {
    const lineOfBelova = (kopecks: number, at: string) =>
      r.oyster.db.query(`INSERT INTO commission_ledger (agent_id, kind, base_kopecks, amount_kopecks, note, created_by, event_key, at) VALUES ($1, 'adjustment', 0, $2, 'КВ за период', $3, 'adjustment', $4)`, [ids.agent8, kopecks, ids.admin, at]);
    await lineOfBelova(rub(2_350_000), '2025-03-10T09:00:00Z'); // with January's 50 000 ₽: exactly 2 400 000 ₽
    await lineOfBelova(rub(1_000), '2025-04-10T09:00:00Z');
    for (const period of ['2025-03', '2025-04']) expect((await post('finance', '/api/v2/finance/payouts/calculate', { period })).status).toBe(200);
    const belova = async (period: string) => (await payoutsOf('finance', `period=${period}&agent=${ids.agent8}`))[0];
    expect(await belova('2025-01')).toMatchObject({ opf: 'SZ', selfEmployedLimitExceeded: false });
    expect(await belova('2025-03')).toMatchObject({ grossKopecks: rub(2_350_000), selfEmployedLimitExceeded: false });
    expect(await belova('2025-04')).toMatchObject({ grossKopecks: rub(1_000), status: 'awaiting_receipt', selfEmployedLimitExceeded: true });
  });
});
