import { DEMO_ACCOUNT_KEYS, type DemoAccountKey } from '@oyster/shared-kit/domain';
import { newId } from '../../src/platform/db';
import { personSearchCondition } from '../../src/people/search';
import { BACKENDS, call, signInAll, start, type Running } from '../support';

/**
 * The people search of §5 (people/search.ts over migration 35's trigram index): the same answers as the
 * `ILIKE '%x%'` it replaced — any part of the surname, first name, patronymic or e-mail, in any case,
 * Cyrillic and Ё included — in the pickers' search, the agents list and Управление's users; a 24-hex
 * text is an id; LIKE's wildcards are literal. And the condition is the index's own expression.
 */
describe.each(BACKENDS)('people search ($name)', (backend) => {
  let r: Running;
  let tokens: Record<DemoAccountKey, string>;
  const get = (who: DemoAccountKey, path: string) => call(r.url, 'GET', path, { token: tokens[who] });
  const post = (who: DemoAccountKey, path: string, body: unknown) => call(r.url, 'POST', path, { token: tokens[who], body });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    r = await start(backend);
    tokens = await signInAll(r.url, DEMO_ACCOUNT_KEYS);
    const people: [string, string, string, string, string][] = [
      ['yolkina', 'alena.yolkina@search.test', 'Ёлкина', 'Алёна', 'Сергеевна'],
      ['fedorov', 'f.fedorov@search.test', 'Фёдоров', 'Пётр', 'Семёнович'],
      ['percent', 'rate_100%@search.test', 'Процентов', 'Игорь', ''],
    ];
    for (const [key, email, second, first, middle] of people) {
      ids[key] = newId();
      await r.oyster.db.query(
        `INSERT INTO users (id, email, password_hash, roles, second_name, first_name, middle_name) VALUES ($1, $2, 'x', '{agent}', $3, $4, $5)`,
        [ids[key], email, second, first, middle],
      );
    }
  });
  afterAll(() => r.stop());

  const picker = async (text: string) => ((await get('admin', `/api/v2/agents/search?search=${encodeURIComponent(text)}`)).body as { email: string }[]).map((a) => a.email).sort();
  const list = async (text: string) => ((await post('admin', '/api/v2/agents/', { search: text })).body.data.agents as { email: string }[]).map((a) => a.email).sort();
  const users = async (text: string) => ((await get('admin', `/api/v2/users?limit=100&search=${encodeURIComponent(text)}`)).body.data.items as { email: string }[]).map((a) => a.email).sort();
  /** The three searches answer the same agents (Управление lists staff too: only agents are compared). */
  async function found(text: string) {
    const [a, b, c] = await Promise.all([picker(text), list(text), users(text)]);
    expect(b).toEqual(a);
    expect(c).toEqual(expect.arrayContaining(a));
    return a;
  }

  test('a part of the surname, the first name, the patronymic; any case; Ё and ё alike, and ё found by е', async () => {
    expect(await found('Иванов')).toEqual(['agent@oyster.test']);
    expect(await found('ванов')).toEqual(['agent@oyster.test']);
    expect(await found('ИВАНОВ ИВАН')).toEqual(['agent@oyster.test']);
    expect(await found('ёлкина')).toEqual(['alena.yolkina@search.test']);
    expect(await found('ЁЛК')).toEqual(['alena.yolkina@search.test']);
    expect(await found('Елкина')).toEqual(['alena.yolkina@search.test']);
    expect(await found('алёна')).toEqual(['alena.yolkina@search.test']);
    expect(await found('Алена')).toEqual(['alena.yolkina@search.test']);
    expect(await found('ПЁТР С')).toEqual(['f.fedorov@search.test']);
    // «Петрович» holds «петр»: a part of any word.
    expect(await found('пЁтр')).toEqual(['agent@oyster.test', 'f.fedorov@search.test']);
    expect(await found('семенович')).toEqual(['f.fedorov@search.test']);
    expect(await found('фёдоров пётр семёнович')).toEqual(['f.fedorov@search.test']);
    // The name's words in their order, as «Фамилия Имя Отчество» reads.
    expect(await found('Пётр Фёдоров')).toEqual([]);
    expect(await found('Жжжжж')).toEqual([]);
  });

  test('the e-mail, any part of it, any case; not across the e-mail and the name', async () => {
    expect(await found('AGENT@oyster.test')).toEqual(['agent@oyster.test', 'newagent@oyster.test', 'subagent@oyster.test']);
    expect(await found('ALENA.YOLKINA@')).toEqual(['alena.yolkina@search.test']);
    expect(await found('yolkina@search')).toEqual(['alena.yolkina@search.test']);
    expect(await found('search.test')).toEqual(['alena.yolkina@search.test', 'f.fedorov@search.test', 'rate_100%@search.test']);
    expect(await found('search.test Ёлкина')).toEqual([]);
  });

  test('LIKE wildcards typed are literal; an id finds its user; the picker by agentId', async () => {
    expect(await found('_100%')).toEqual(['rate_100%@search.test']);
    expect(await found('e_1')).toEqual(['rate_100%@search.test']);
    expect(await found('%')).toEqual(['rate_100%@search.test']);
    expect(await found('a%b')).toEqual([]);
    expect(await found(ids.fedorov)).toEqual(['f.fedorov@search.test']);
    expect(await found(ids.fedorov.toUpperCase())).toEqual(['f.fedorov@search.test']);
    const byId = await get('admin', `/api/v2/agents/search?agentId=${ids.yolkina}`);
    expect(byId.body).toEqual([{ _id: ids.yolkina, fio: 'Ёлкина Алёна Сергеевна', email: 'alena.yolkina@search.test', isBlocked: false }]);
    // The scope still decides: a network owner does not find agents outside their network by name or id.
    expect((await get('owner', `/api/v2/agents/search?search=${encodeURIComponent('Ёлкина')}`)).body).toEqual([]);
    expect((await get('owner', `/api/v2/agents/search?search=${ids.yolkina}`)).body).toEqual([]);
  });

  test('a searched list pages as the list does: the same rows in the same order, by cursor and by page number', async () => {
    const all = (await get('admin', '/api/v2/users?limit=100&search=oyster')).body.data.items.map((u: any) => u._id);
    expect(all.length).toBeGreaterThan(6);
    const paged: string[] = [];
    let after: string | null = null;
    do {
      const res: any = await get('admin', `/api/v2/users?limit=2&search=oyster${after ? `&after=${after}` : ''}`);
      paged.push(...res.body.data.items.map((u: any) => u._id));
      after = res.body.data.next;
    } while (after);
    expect(paged).toEqual(all);

    const agents = (await post('admin', '/api/v2/agents/', { search: 'OYSTER', pageSize: 50 })).body.data.agents.map((a: any) => a._id);
    expect(agents.length).toBeGreaterThan(6);
    expect((await post('admin', '/api/v2/agents/', { search: 'OYSTER', pageSize: 3, page: 2 })).body.data.agents.map((a: any) => a._id)).toEqual(agents.slice(3, 6));
    const first = (await post('admin', '/api/v2/agents/', { search: 'OYSTER', pageSize: 3 })).body.data;
    expect(first.agents.map((a: any) => a._id)).toEqual(agents.slice(0, 3));
    expect((await post('admin', '/api/v2/agents/', { search: 'OYSTER', pageSize: 3, after: first.next })).body.data.agents.map((a: any) => a._id)).toEqual(agents.slice(3, 6));
  });

  test('the condition is the trigram index\'s own expression (the planner may read the matches from it)', async () => {
    const plan = await r.oyster.db.tx(async (q) => {
      await q.query('SET LOCAL enable_seqscan = off');
      await q.query('SET LOCAL enable_indexscan = off');
      const params: unknown[] = [];
      const rows = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT u.id FROM users u WHERE ${personSearchCondition('u', 'Ёлкина', params)}`, params);
      return rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_person_search_idx');
  });
});
