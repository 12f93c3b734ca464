import { DEMO_ACCOUNT_KEYS, access, type DemoAccountKey, type ReconLine, type ReconStatementPage } from '@oyster/shared-kit/domain';
import { demoStatement } from '../../src/finance/reconciliation/demo';
import { csvRows, parsePercent, parseRoubles } from '../../src/finance/reconciliation/import';
import { BACKENDS, PNG, call, connectSocket, connected, expectOnly, once, postForm, signInAll, start, type Running } from '../support';

/**
 * Reconciliation with insurers (issue 24): an insurer's statement imported (XLSX or CSV, the column
 * mapping saved per insurer), every line matched to a contract, the exceptions resolved by a person —
 * accept (an insurer-side adjustment, never an agent's line), dispute, ignore — and the broker's margin
 * per insurer × product following what was accepted. Finance staff only.
 */

describe('reading money and rates from a statement', () => {
  test('roubles become kopecks by reading the text, never a float', () => {
    expect(['1 234,56', '1234.56', '1\u00a0234,56', '-12,5', '0,1', '0.29', '1 234', '12 345 678,9 ₽'].map(parseRoubles)).toEqual([123456, 123456, 123456, -1250, 10, 29, 123400, 1234567890]);
    expect(['', 'abc', '1,234.56', '12,345', '1.2.3', '--1'].map(parseRoubles)).toEqual([null, null, null, null, null, null]);
    expect(['14', '14,5', '14.25', '13%', '101', 'x'].map(parsePercent)).toEqual([1400, 1450, 1425, 1300, null, null]);
  });
  test('CSV with ";" or ",", a BOM, quotes as Excel writes them', () => {
    expect(csvRows('\ufeffa;b\r\n"x;1";"he said ""hi"""\r\n')).toEqual([['a', 'b'], ['x;1', 'he said "hi"']]);
    expect(csvRows('a,b\n1,2\n')).toEqual([['a', 'b'], ['1', '2']]);
  });
});

describe.each(BACKENDS)('reconciliation with insurers ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  let companies: { id: string; code: string }[];
  const get = (path: string, key: DemoAccountKey = 'finance') => call(r.url, 'GET', path, { token: tokens[key] });
  const resolve = (lineId: string, body: unknown, key: DemoAccountKey = 'finance') => call(r.url, 'POST', `/api/v2/finance/reconciliation/lines/${lineId}/resolve`, { token: tokens[key], body });
  const importFile = (fields: Record<string, string>, fileName: string, data: Buffer, key: DemoAccountKey = 'finance') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(data)]), fileName);
    return postForm(r.url, tokens[key], '/api/v2/finance/reconciliation/statements', form);
  };
  const page = async (id: string): Promise<ReconStatementPage> => (await get(`/api/v2/finance/reconciliation/statements/${id}`)).body.data;
  const counts = async () => {
    const tables = ['insurer_statements', 'insurer_statement_lines', 'insurer_commission_adjustments', 'insurer_statement_mappings', 'commission_ledger'];
    return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await r.oyster.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n])));
  };
  const byPolicy = (lines: ReconLine[], status: string) => lines.filter((l) => l.status === status).map((l) => l.contract?.policyNumber ?? l.policyNumber).sort();

  beforeAll(async () => {
    r = await start(backend, { demoInsurerDelayMs: 0 });
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    companies = (await r.oyster.db.query<{ id: string; id_unicus: string }>(`SELECT id, id_unicus FROM companies WHERE id_unicus IN ('ingos','reso','alfa','sogaz','renins','vsk') ORDER BY id_unicus`)).map((c) => ({ id: c.id, code: c.id_unicus }));
  }, 180_000);
  afterAll(() => r.stop());

  test('every demo statement: the matcher finds exactly the planted mismatches, and every kind is planted', async () => {
    const kinds = { amountDiffers: 0, rateDiffers: 0, missing: 0, byClient: 0, unknown: 0 };
    expect(companies).toHaveLength(6);
    for (const c of companies) {
      const demo = (await demoStatement(r.oyster.db, c.id))!;
      expect(demo).not.toBeNull();
      // The file served from the page is the same file.
      const served = await get(`/api/v2/finance/reconciliation/demo/${c.id}`);
      expect(served.status).toBe(200);
      const res = await importFile({ companyId: c.id, period: demo.period }, demo.fileName, demo.data);
      expect({ code: c.code, status: res.status, body: res.body }).toEqual({ code: c.code, status: 200, body: { data: { id: expect.any(String) } } });
      const { statement, lines } = await page(res.body.data.id);
      expect({ code: c.code, amount: byPolicy(lines, 'amount_differs'), rate: byPolicy(lines, 'rate_differs'), missing: byPolicy(lines, 'missing'), unknown: byPolicy(lines, 'unknown') }).toEqual({
        code: c.code,
        amount: demo.planted.amountDiffers,
        rate: demo.planted.rateDiffers,
        missing: demo.planted.missing,
        unknown: demo.planted.unknown,
      });
      expect(lines.filter((l) => l.matchedBy === 'client').map((l) => l.contract!.policyNumber)).toEqual(demo.planted.byClient);
      const exceptions = demo.planted.amountDiffers.length + demo.planted.rateDiffers.length + demo.planted.missing.length + demo.planted.unknown.length;
      expect(statement.progress).toEqual({ lines: demo.rows + demo.planted.missing.length, matched: demo.rows + demo.planted.missing.length - exceptions, exceptions, resolved: 0, disputed: 0, open: exceptions });
      for (const k of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[k] += demo.planted[k].length;
    }
    for (const k of Object.keys(kinds) as (keyof typeof kinds)[]) expect({ kind: k, planted: kinds[k] > 0 }).toEqual({ kind: k, planted: true });
    const overview = (await get('/api/v2/finance/reconciliation')).body.data;
    expect(overview.statements).toHaveLength(6);
    expect(overview.insurers).toHaveLength(6);
  });

  test('resolving: accept writes an insurer-side adjustment (never an agent line), dispute keeps the line open, ignore closes it; no line twice; the margin and the next import follow', async () => {
    const c = companies[0];
    const demo = (await demoStatement(r.oyster.db, c.id))!;
    const id = (await importFile({ companyId: c.id, period: demo.period }, demo.fileName, demo.data)).body.data.id;
    const { lines } = await page(id);
    const line = (status: string) => lines.find((l) => l.status === status)!;
    const marginOf = async () => {
      const rows = (await get(`/api/v2/finance/reconciliation/margin?period=${demo.period}`)).body.data as { companyId: string; product: string | null; insurerExpectedKopecks: number; adjustmentsKopecks: number; agentsKopecks: number; marginKopecks: number }[];
      return rows.filter((m) => m.companyId === c.id);
    };
    const before = await counts();
    const marginBefore = await marginOf();
    const eosago = marginBefore.find((m) => m.product === 'eosago')!;
    expect(eosago.marginKopecks).toBe(eosago.insurerExpectedKopecks + eosago.adjustmentsKopecks - eosago.agentsKopecks);
    expect(eosago.agentsKopecks).toBeGreaterThan(0);

    const differs = line('amount_differs');
    const accepted = await resolve(differs.id, { action: 'accept' });
    expect(accepted.status).toBe(200);
    const after = accepted.body.data.lines.find((l: ReconLine) => l.id === differs.id);
    expect(after).toMatchObject({ resolution: 'accept', resolutionTitle: 'Принято', resolvedBy: expect.any(String), resolvedAt: expect.any(String), adjustmentKopecks: differs.amountKopecks! - differs.expectedKopecks! });
    expect(differs.amountKopecks! - differs.expectedKopecks!).toBe(-10_000);
    expect(await counts()).toEqual({ ...before, insurer_commission_adjustments: before.insurer_commission_adjustments + 1 });
    expect((await marginOf()).find((m) => m.product === 'eosago')!.marginKopecks).toBe(eosago.marginKopecks - 10_000);
    // Once only.
    expect(await resolve(differs.id, { action: 'ignore', note: 'Повторное решение' })).toMatchObject({ status: 409, body: { message: 'Строка уже решена («Принято»): повторно решить нельзя' } });
    expect(await resolve(line('matched').id, { action: 'accept' })).toMatchObject({ status: 409, body: { message: 'Строка сошлась: решать нечего' } });

    const rate = line('rate_differs');
    expect(await resolve(rate.id, { action: 'dispute' })).toMatchObject({ status: 400, body: { field: 'note', message: 'Поле «note»: опишите, что оспариваете (от 5 до 500 символов)' } });
    expect(await resolve(rate.id, { action: 'dispute', note: 'Ставка по договору 14%, письмо отправлено' })).toMatchObject({ status: 200 });
    expect(await resolve(rate.id, { action: 'dispute', note: 'Ещё раз' })).toMatchObject({ status: 409, body: { message: 'Строка уже оспорена: примите сумму страховщика или игнорируйте строку' } });
    let p = await page(id);
    expect(p.statement.progress).toMatchObject({ resolved: 1, disputed: 1, open: p.statement.progress.exceptions - 1 });
    expect(await resolve(rate.id, { action: 'ignore', note: 'Страховщик исправит в следующем акте' })).toMatchObject({ status: 200 });

    const unknown = line('unknown');
    expect(await resolve(unknown.id, { action: 'accept', note: 'Полис субагента вне системы' })).toMatchObject({ status: 200 });
    const [adj] = await r.oyster.db.query<{ contract_id: string | null; amount_kopecks: string; note: string }>('SELECT contract_id, amount_kopecks, note FROM insurer_commission_adjustments WHERE line_id = $1', [unknown.id]);
    expect({ ...adj, amount_kopecks: Number(adj.amount_kopecks) }).toEqual({ contract_id: null, amount_kopecks: unknown.amountKopecks, note: 'Полис субагента вне системы' });
    const missing = line('missing');
    expect(await resolve(missing.id, { action: 'ignore', note: 'Придёт в следующем месяце' })).toMatchObject({ status: 200 });
    p = await page(id);
    expect(p.statement.progress).toMatchObject({ resolved: 4, disputed: 0, open: 0 });
    // The agents' ledger is untouched by all of it.
    expect((await counts()).commission_ledger).toBe(before.commission_ledger);

    // The same file again: the accepted line now matches (what we expect followed the acceptance).
    const again = (await importFile({ companyId: c.id, period: demo.period }, demo.fileName, demo.data)).body.data.id;
    const next = await page(again);
    expect(next.lines.find((l) => l.contract?.id === differs.contract!.id)!.status).toBe('matched');
  });

  test('the column mapping is saved per insurer and reads its next file', async () => {
    const c = companies[1];
    const demo = (await demoStatement(r.oyster.db, c.id))!;
    const csv = (head: string) => Buffer.from(`${head}\r\n${head.startsWith('Итого') ? '100,00;ХХХ 0000000001' : 'ХХХ 0000000001;100,00'}\r\n`, 'utf8');
    // As if this insurer had sent no file yet (the first test saved the demo file's mapping).
    await r.oyster.db.query('DELETE FROM insurer_statement_mappings WHERE company_id = $1', [c.id]);
    // Headers no guess can read: a 400 asking for the mapping, nothing written.
    const before = await counts();
    expect(await importFile({ companyId: c.id, period: demo.period }, 'акт.csv', csv('Документ;Итого'))).toMatchObject({ status: 400, body: { field: 'file', message: 'Не найден столбец «Номер полиса»: укажите его в сопоставлении столбцов' } });
    expect(await counts()).toEqual(before);
    const ok = await importFile({ companyId: c.id, period: demo.period, 'mapping.policyNumber': 'Документ', 'mapping.commission': 'Итого' }, 'акт.csv', csv('Документ;Итого'));
    expect(ok.status).toBe(200);
    expect((await get(`/api/v2/finance/reconciliation/mappings/${c.id}`)).body.data).toEqual({ policyNumber: 'Документ', commission: 'Итого' });
    // The next file of this insurer is read by it without sending it again.
    expect((await importFile({ companyId: c.id, period: demo.period }, 'акт2.csv', csv('Итого;Документ'))).status).toBe(200);
    // A mapping naming a column the file does not have: said so.
    expect(await importFile({ companyId: c.id, period: demo.period, 'mapping.policyNumber': 'Номер', 'mapping.commission': 'Итого' }, 'акт.csv', csv('Документ;Итого'))).toMatchObject({
      status: 400,
      body: { message: 'Столбец «Номер» (Номер полиса) не найден в файле: проверьте сопоставление столбцов' },
    });
  });

  test('bad input: a 400 in Russian naming the field, nothing written', async () => {
    const c = companies[2];
    const good = Buffer.from('Номер полиса;Сумма КВ, руб.\r\nХХХ 1;100,00\r\n', 'utf8');
    await r.oyster.db.query('DELETE FROM insurer_statement_mappings WHERE company_id = $1', [c.id]);
    const before = await counts();
    const cases: [Record<string, string>, string, Buffer, { field: string; message: string }][] = [
      [{ companyId: c.id, period: '2026-13' }, 'a.csv', good, { field: 'period', message: 'Поле «period»: месяц в формате ГГГГ-ММ' }],
      [{ period: '2026-10' }, 'a.csv', good, { field: 'companyId', message: expect.stringContaining('companyId') }],
      [{ companyId: '0123456789abcdef01234567', period: '2026-10' }, 'a.csv', good, { field: 'companyId', message: 'Поле «companyId»: такого страховщика нет' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.csv', Buffer.from('Номер полиса;Сумма КВ, руб.\r\nХХХ 1;сто рублей\r\n'), { field: 'file', message: 'Строка 1: «Сумма КВ, ₽» — не сумма в рублях: «сто рублей»' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.csv', Buffer.from('Номер полиса;Сумма КВ, руб.\r\nХХХ 1;\r\n'), { field: 'file', message: 'Строка 1: не указана «Сумма КВ, ₽»' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.csv', Buffer.from('Номер полиса;Сумма КВ, руб.\r\n'), { field: 'file', message: 'В файле нет строк с данными' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.xlsx', Buffer.from('PK\u0003\u0004not a workbook'), { field: 'file', message: 'Файл не читается как книга XLSX' }],
      [{ companyId: c.id, period: '2026-10' }, 'скан.png', PNG, { field: 'file', message: 'Файл «скан.png»: допустимы XLSX, CSV' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.xlsx', good, { field: 'file', message: 'Файл «a.xlsx»: расширение не совпадает с содержимым файла' }],
      [{ companyId: c.id, period: '2026-10' }, 'a.html', Buffer.from('<html><body>x</body></html>'), { field: 'file', message: 'Файл «a.html»: допустимы XLSX, CSV' }],
    ];
    for (const [fields, name, data, body] of cases) {
      const res = await importFile(fields, name, data);
      expect({ fields, status: res.status, body: res.body }).toEqual({ fields, status: 400, body: expect.objectContaining(body) });
    }
    expect((await call(r.url, 'POST', '/api/v2/finance/reconciliation/statements', { token: tokens.finance, body: {} })).status).toBe(400);
    expect(await resolve('0123456789abcdef01234567', { action: 'sell' })).toMatchObject({ status: 400, body: { field: 'action' } });
    expect(await resolve('0123456789abcdef01234567', { action: 'accept' })).toMatchObject({ status: 404, body: { message: 'Строка выписки не найдена' } });
    expect(await get('/api/v2/finance/reconciliation/margin?period=2026-1')).toMatchObject({ status: 400, body: { field: 'period' } });
    expect(await counts()).toEqual(before);
  });

  test('finance staff only, on every route; live to finance staff on reconciliation_changed', async () => {
    const can: DemoAccountKey[] = [];
    for (const key of DEMO_ACCOUNT_KEYS) if (access((await get('/api/v2/auth/get-user', key)).body.user).canManageCommissionRates) can.push(key);
    expect(can.sort()).toEqual(['admin', 'finance']);
    const c = companies[3];
    const demo = (await demoStatement(r.oyster.db, c.id))!;
    const statementId = (await importFile({ companyId: c.id, period: demo.period }, demo.fileName, demo.data)).body.data.id;
    const line = (await page(statementId)).lines.find((l) => l.status === 'missing')!;
    await expectOnly(can, (key) => get('/api/v2/finance/reconciliation', key));
    await expectOnly(can, (key) => get(`/api/v2/finance/reconciliation/margin?period=${demo.period}`, key));
    await expectOnly(can, (key) => get(`/api/v2/finance/reconciliation/mappings/${c.id}`, key));
    await expectOnly(can, (key) => get(`/api/v2/finance/reconciliation/demo/${c.id}`, key));
    await expectOnly(can, (key) => get(`/api/v2/finance/reconciliation/statements/${statementId}`, key));
    const before = await counts();
    await expectOnly([], (key) => importFile({ companyId: c.id, period: demo.period }, demo.fileName, demo.data, key), DEMO_ACCOUNT_KEYS.filter((k) => !can.includes(k)));
    await expectOnly([], (key) => resolve(line.id, { action: 'ignore', note: 'Не наш вопрос' }, key), DEMO_ACCOUNT_KEYS.filter((k) => !can.includes(k)));
    expect(await counts()).toEqual(before);

    const socket = connectSocket(r.url, tokens.finance);
    await connected(socket);
    const event = once<{ statementId: string }>(socket, 'reconciliation_changed');
    expect((await resolve(line.id, { action: 'ignore', note: 'Договор расторгнут страховщиком' }, 'admin')).status).toBe(200);
    expect(await event).toEqual({ statementId });
    socket.close();
  });
});
