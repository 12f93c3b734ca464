/**
 * The suggestion gateway (§7) over HTTP with the offline data set (no DADATA_API_KEY). The gateway
 * does not touch the database beyond the session check, so it runs on PGlite only.
 */
import { BACKENDS, call, signIn, start, type Running } from '../support';

const ADDRESS_KEYS = [
  'postal_code', 'country', 'country_iso_code', 'federal_district', 'region_fias_id', 'region_kladr_id', 'region_with_type', 'region', 'area_fias_id', 'area_kladr_id',
  'area_with_type', 'city_fias_id', 'city_kladr_id', 'city_with_type', 'city', 'settlement_fias_id', 'settlement_kladr_id', 'settlement_with_type', 'settlement',
  'street_fias_id', 'street_kladr_id', 'street_with_type', 'street', 'house_fias_id', 'house_kladr_id', 'house', 'block', 'flat', 'fias_id', 'fias_level', 'kladr_id',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('suggestion gateway, offline data (§7)', () => {
  let r: Running;
  let url: string;
  let token: string;
  const post = (path: string, body: unknown, tok: string | null = token) => call(url, 'POST', path, { token: tok ?? undefined, body });
  const values = async (path: string, body: unknown) => {
    const res = await post(path, body);
    expect(res.status).toBe(200);
    return (res.body.suggestions as { value: string }[]).map((s) => s.value);
  };

  beforeAll(async () => {
    delete process.env.DADATA_API_KEY;
    r = await start(BACKENDS[0]);
    url = r.url;
    token = await signIn(url, 'agent');
  });
  afterAll(() => r.stop());

  test('401 without a session, on every endpoint', async () => {
    for (const path of ['/suggest/address', '/suggest/fio', '/suggest/bank', '/suggest/fms_unit', '/suggest/email', '/suggest/fio', '/suggest', '/suggest/nonsense']) {
      const res = await post(path, { query: 'моск' }, null);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: { message: 'Вы не авторизованы' } });
    }
    expect((await post('/suggest/address', { query: 'моск' }, 'f'.repeat(64))).status).toBe(401);
  });

  describe('address', () => {
    test("'моск' → Москва first, in DaData's shape", async () => {
      const res = await post('/suggest/address', { query: 'моск' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['suggestions']);
      const [first, second] = res.body.suggestions;
      expect(first.value).toBe('г Москва');
      expect(second.value).toBe('Московская обл');
      expect(first.data).toMatchObject({ region_with_type: 'г Москва', region: 'Москва', city: 'Москва', fias_level: '1', region_kladr_id: '7700000000000', country: 'Россия', federal_district: 'Центральный' });
      expect(first.data.region_fias_id).toMatch(UUID);
      for (const s of res.body.suggestions) {
        expect(Object.keys(s)).toEqual(['value', 'unrestricted_value', 'data']);
        for (const k of ADDRESS_KEYS) expect(s.data).toHaveProperty(k);
      }
      expect(res.body.suggestions.length).toBe(10); // the default count
    });

    test("'ленинск' finds streets in cities; with a city it is that city's street", async () => {
      const all = await values('/suggest/address', { query: 'ленинск' });
      expect(all).toEqual(expect.arrayContaining(['г Москва, Ленинский пр-кт', 'г Самара, ул Ленинская']));
      const samara = await post('/suggest/address', { query: 'самара ленинск' });
      expect(samara.body.suggestions[0]).toMatchObject({
        value: 'г Самара, ул Ленинская',
        data: { city: 'Самара', region_with_type: 'Самарская обл', street_with_type: 'ул Ленинская', street_type: 'ул', street: 'Ленинская', fias_level: '7', city_kladr_id: '6300000100000' },
      });
      const s = samara.body.suggestions[0];
      expect(s.unrestricted_value).toBe(`${s.data.postal_code}, Самарская обл, г Самара, ул Ленинская`);
      expect(s.data.postal_code).toMatch(/^443\d{3}$/);
      expect(s.data.street_kladr_id).toMatch(/^63000001000\d{4}00$/);
    });

    test('a number after the street gives houses', async () => {
      const res = await post('/suggest/address', { query: 'г. Москва, ул. Тверская, д. 7' });
      const first = res.body.suggestions[0];
      expect(first).toMatchObject({ value: 'г Москва, ул Тверская, д 7', data: { house: '7', house_type: 'д', fias_level: '8', street: 'Тверская' } });
      expect(first.data.house_kladr_id).toMatch(/^\d{19}$/);
      expect(first.data.house_fias_id).toMatch(UUID);
      expect(res.body.suggestions.every((s: { value: string }) => s.value.startsWith('г Москва, ул Тверская, д 7'))).toBe(true);
      // '8 Марта' is a street name, 12 the house
      expect((await values('/suggest/address', { query: 'екатеринбург 8 марта 12' }))[0]).toBe('г Екатеринбург, ул 8 Марта, д 12');
    });

    test('typos: one wrong, missing, extra or swapped letter in words of 4+ letters', async () => {
      expect((await values('/suggest/address', { query: 'масква' }))[0]).toBe('г Москва');
      expect(await values('/suggest/address', { query: 'новосибрск' })).toContain('г Новосибирск');
      expect((await values('/suggest/address', { query: 'казань баумна' }))[0]).toBe('г Казань, ул Баумана');
      expect((await values('/suggest/address', { query: 'екатреинбург' }))[0]).toBe('г Екатеринбург');
      // no fuzzy guesses when the word itself is found
      expect(await values('/suggest/address', { query: 'омск' })).toEqual(['г Омск', 'Омская обл']);
      expect(await values('/suggest/address', { query: 'абырвалг' })).toEqual([]);
    });

    test('count, bounds and locations', async () => {
      expect(await values('/suggest/address', { query: 'ленина', count: 3 })).toHaveLength(3);
      expect(await values('/suggest/address', { query: 'ленина', count: 20 })).toHaveLength(20);
      expect(await values('/suggest/address', { query: 'моск', from_bound: { value: 'city' }, to_bound: { value: 'city' } })).toEqual(['г Москва']);
      expect(await values('/suggest/address', { query: 'моск', from_bound: { value: 'region' }, to_bound: { value: 'region' } })).toEqual(['г Москва', 'Московская обл']);
      const inSamara = await values('/suggest/address', { query: 'ленин', locations: [{ city: 'Самара' }] });
      expect(inSamara.length).toBeGreaterThan(0);
      expect(inSamara.every((v) => v.startsWith('г Самара, '))).toBe(true);
      const byKladr = await values('/suggest/address', { query: 'ленин', locations: [{ kladr_id: '6300000100000' }, { city: 'Тольятти' }] });
      expect(byKladr.every((v) => v.startsWith('г Самара, ') || v.startsWith('Самарская обл, г Тольятти, '))).toBe(true);
      expect(byKladr.some((v) => v.includes('Тольятти'))).toBe(true);
      const region = await values('/suggest/address', { query: 'ленин', locations: [{ region: 'Самарская' }] });
      expect(region.every((v) => /Самара|Тольятти/.test(v))).toBe(true);
    });

    test('bad input → 400 with a Russian message naming the field', async () => {
      const cases: [unknown, string][] = [
        [{}, 'Поле «query» обязательно'],
        [{ query: '' }, 'Поле «query» обязательно'],
        [{ query: '   ' }, 'Поле «query» обязательно'],
        [{ query: 12 }, 'Поле «query» должно быть строкой'],
        [{ query: 'x'.repeat(301) }, 'Поле «query»: максимальная длина 300'],
        [{ query: 'моск', count: 21 }, 'Поле «count» должно быть не больше 20'],
        [{ query: 'моск', count: 0 }, 'Поле «count» должно быть не меньше 1'],
        [{ query: 'моск', count: 2.5 }, 'Поле «count» должно быть целым числом'],
        [{ query: 'моск', count: 'много' }, 'Поле «count» должно быть числом'],
        [{ query: 'моск', locations: 'Самара' }, 'Поле «locations» должно быть списком'],
        [{ query: 'моск', locations: ['Самара'] }, 'Поле «locations» должно быть списком объектов'],
        [{ query: 'моск', from_bound: { value: 'planet' } }, 'Поле «from_bound.value» должно быть одним из: country, region, area, city, settlement, street, house, flat'],
        [{ query: 'моск', to_bound: 'city' }, 'Поле «to_bound» должно быть объектом { value }'],
      ];
      for (const [body, message] of cases) {
        const res = await post('/suggest/address', body);
        expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
      }
      for (const rawBody of ['{"query":', '[]', '"моск"', '42']) {
        const raw = await call(url, 'POST', '/suggest/address', { token, rawBody });
        expect({ rawBody, status: raw.status, message: typeof raw.body.message }).toEqual({ rawBody, status: 400, message: 'string' });
      }
    });
  });

  describe('fio', () => {
    test("'иван' → surnames by default (§7), each with surname, name, patronymic, gender, qc, source", async () => {
      const res = await post('/suggest/fio', { query: 'иван' });
      expect(res.status).toBe(200);
      expect(res.body.suggestions.slice(0, 2)).toEqual([
        { value: 'Иванов', unrestricted_value: 'Иванов', data: { surname: 'Иванов', name: null, patronymic: null, gender: 'MALE', qc: '0', source: null } },
        { value: 'Иванова', unrestricted_value: 'Иванова', data: { surname: 'Иванова', name: null, patronymic: null, gender: 'FEMALE', qc: '0', source: null } },
      ]);
    });

    test('parts and gender', async () => {
      expect((await values('/suggest/fio', { query: 'иван', parts: ['NAME'] }))[0]).toBe('Иван');
      const female = await post('/suggest/fio', { query: 'ал', parts: ['NAME'], gender: 'FEMALE' });
      expect(female.body.suggestions.length).toBeGreaterThan(3);
      expect(female.body.suggestions.every((s: { data: { gender: string } }) => s.data.gender === 'FEMALE')).toBe(true);
      expect((await values('/suggest/fio', { query: 'петр', parts: ['PATRONYMIC'], gender: 'FEMALE' }))).toEqual(['Петровна']);
      expect((await values('/suggest/fio', { query: 'петр', parts: ['PATRONYMIC'], gender: 'MALE' }))).toEqual(['Петрович']);
      expect(await values('/suggest/fio', { query: 'петр', parts: ['PATRONYMIC'] })).toEqual(['Петрович', 'Петровна']);
      // the surname's gender carries to the next part
      const full = await post('/suggest/fio', { query: 'иванова ал' });
      expect(full.body.suggestions[0].data).toMatchObject({ surname: 'Иванова', gender: 'FEMALE' });
      expect(full.body.suggestions.every((s: { data: { name: string } }) => ['Алина', 'Александра', 'Алёна', 'Алиса', 'Алла', 'Альбина'].includes(s.data.name))).toBe(true);
      expect((await values('/suggest/fio', { query: 'петров иван петр' }))[0]).toBe('Петров Иван Петрович');
      expect((await values('/suggest/fio', { query: 'ивнов' }))[0]).toBe('Иванов'); // typo
    });

    test('count ≤ 20 and bad input', async () => {
      expect(await values('/suggest/fio', { query: 'а', count: 20 })).toHaveLength(20);
      expect(await values('/suggest/fio', { query: 'а', count: 1 })).toHaveLength(1);
      for (const [body, message] of [
        [{ query: 'иван', parts: ['NAME', 'NICK'] }, 'Поле «parts» должно содержать только: SURNAME, NAME, PATRONYMIC'],
        [{ query: 'иван', parts: 'NAME' }, 'Поле «parts» должно быть списком'],
        [{ query: 'иван', gender: 'M' }, 'Поле «gender» должно быть одним из: MALE, FEMALE, UNKNOWN'],
        [{ query: 'иван', count: 21 }, 'Поле «count» должно быть не больше 20'],
        [{ query: '' }, 'Поле «query» обязательно'],
      ] as const) {
        const res = await post('/suggest/fio', body);
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      }
    });
  });

  describe('bank', () => {
    test("'0445' BIC prefix → Moscow banks with bic, correspondent account, kpp, name", async () => {
      const res = await post('/suggest/bank', { query: '0445' });
      expect(res.status).toBe(200);
      const list = res.body.suggestions;
      expect(list.length).toBe(10);
      expect(list.every((s: { data: { bic: string } }) => s.data.bic.startsWith('0445'))).toBe(true);
      expect(list[0]).toMatchObject({
        value: 'ПАО СБЕРБАНК',
        data: { bic: '044525225', correspondent_account: '30101810400000000225', kpp: '773601001', inn: '7707083893', name: { payment: 'ПАО СБЕРБАНК', short: 'Сбербанк' }, opf: { type: 'BANK' }, state: { status: 'ACTIVE' } },
      });
      expect(list[0].data.address.value).toBe('г Москва');
    });

    test('by name, by alias, with a typo, by full BIC', async () => {
      expect((await values('/suggest/bank', { query: 'сбер' }))[0]).toBe('ПАО СБЕРБАНК');
      expect(await values('/suggest/bank', { query: 'тинькофф' })).toEqual(['АО "ТБАНК"']);
      expect((await values('/suggest/bank', { query: 'альфа' }))[0]).toBe('АО "АЛЬФА-БАНК"');
      expect((await values('/suggest/bank', { query: 'газпрлмбанк' }))[0]).toBe('"ГАЗПРОМБАНК" (АКЦИОНЕРНОЕ ОБЩЕСТВО)');
      expect(await values('/suggest/bank', { query: '044030653' })).toEqual(['СЕВЕРО-ЗАПАДНЫЙ БАНК ПАО СБЕРБАНК']);
      expect(await values('/suggest/bank', { query: 'втб санкт' })).toEqual(['ФИЛИАЛ БАНКА ВТБ (ПАО) В Г. САНКТ-ПЕТЕРБУРГЕ', 'ФИЛИАЛ N 7806 БАНКА ВТБ (ПАО)']);
      expect(await values('/suggest/bank', { query: '999' })).toEqual([]);
      expect((await post('/suggest/bank', { query: 7 })).status).toBe(400);
    });
  });

  describe('fms_unit', () => {
    test("'770-0' code prefix → Moscow units with code, name, region_code, type", async () => {
      const res = await post('/suggest/fms_unit', { query: '770-0' });
      expect(res.status).toBe(200);
      expect(res.body.suggestions.length).toBe(10);
      for (const s of res.body.suggestions) {
        expect(s.data.code).toMatch(/^770-0\d\d$/);
        expect(s.data.region_code).toBe('77');
        expect(['0', '1', '2']).toContain(s.data.type);
        expect(s.value).toBe(s.data.name);
      }
      expect(res.body.suggestions[1].data).toEqual({ code: '770-001', name: 'ГУ МВД РОССИИ ПО Г. МОСКВЕ', region_code: '77', type: '1' });
      expect((await post('/suggest/fms_unit', { query: '770001' })).body.suggestions[0].data.code).toBe('770-001');
    });

    test('by name; parts restrict code or name search', async () => {
      const arbat = await values('/suggest/fms_unit', { query: 'арбат' });
      expect(arbat.length).toBeGreaterThan(0);
      expect(arbat.every((v) => v.includes('АРБАТ'))).toBe(true);
      expect((await values('/suggest/fms_unit', { query: 'ленинском новосибирска' }))[0]).toBe('ОТДЕЛОМ УФМС РОССИИ ПО НОВОСИБИРСКОЙ ОБЛ. В ЛЕНИНСКОМ Р-НЕ ГОР. НОВОСИБИРСКА');
      expect(await values('/suggest/fms_unit', { query: '770', parts: ['NAME'] })).toEqual([]);
      expect(await values('/suggest/fms_unit', { query: 'арбат', parts: ['CODE'] })).toEqual([]);
      expect((await post('/suggest/fms_unit', { query: '770', parts: ['SURNAME'] })).status).toBe(400);
    });
  });

  describe('email and the generic call', () => {
    test('email: the typed local part with common domains', async () => {
      expect(await values('/suggest/email', { query: 'ivan', count: 3 })).toEqual(['ivan@mail.ru', 'ivan@gmail.com', 'ivan@yandex.ru']);
      expect(await values('/suggest/email', { query: 'ivan@ya' })).toEqual(['ivan@yandex.ru', 'ivan@ya.ru', 'ivan@yahoo.com', 'ivan@yandex.com']);
      const own = await post('/suggest/email', { query: 'ivan@oyster.test' });
      expect(own.body.suggestions).toEqual([{ value: 'ivan@oyster.test', unrestricted_value: 'ivan@oyster.test', data: { local: 'ivan', domain: 'oyster.test', type: null, source: null, qc: null } }]);
      expect(await values('/suggest/email', { query: 'иван' })).toEqual([]);
    });

    test('/suggest/{suggest}: fio by default, email, others 404', async () => {
      expect(await values('/suggest', { query: 'иван', count: 2 })).toEqual(['Иванов', 'Иванова']);
      expect(await values('/suggest/fio', { query: 'иван', count: 2 })).toEqual(['Иванов', 'Иванова']);
      expect(await values('/suggest/email', { query: 'ivan', count: 1 })).toEqual(['ivan@mail.ru']);
      const other = await post('/suggest/passport', { query: 'иван' });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('Подсказки «passport» не поддерживаются: используйте address, fio, bank, fms_unit или email');
    });
  });
});
