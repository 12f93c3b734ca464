/** The offline suggestion data (api/data/suggest) and its search engine, without the HTTP layer. */
import { findDataDir, loadBanks, loadCities, loadFmsUnits, loadNames, loadPatronymics, loadRegions, loadStreets, loadSurnames } from '../../src/suggest/data';
import { createOfflineSuggest } from '../../src/suggest/offline';
import { TokenDictionary, fold, tokensOf, typoPrefix, within1 } from '../../src/suggest/text';

const dir = findDataDir();

/** Bank of Russia control key of a correspondent account: '0' + BIC digits 5–6 + account, weights 7 1 3. */
function corrAccountKeyOk(bic: string, account: string): boolean {
  const digits = `0${bic.slice(4, 6)}${account}`;
  const weights = [7, 1, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i % 3];
  return sum % 10 === 0;
}

describe('offline data files', () => {
  test('banks: real BIC directory shapes; every correspondent account passes the control key', () => {
    const banks = loadBanks(dir);
    expect(banks.length).toBeGreaterThanOrEqual(180);
    for (const b of banks) {
      expect(b.bic).toMatch(/^04\d{7}$/);
      expect(b.correspondentAccount).toMatch(/^30101810\d{12}$/);
      expect({ bic: b.bic, ok: corrAccountKeyOk(b.bic, b.correspondentAccount) }).toEqual({ bic: b.bic, ok: true });
      if (b.kpp) expect(b.kpp).toMatch(/^\d{9}$/);
      if (b.inn) expect(b.inn).toMatch(/^\d{10}$/);
      expect(b.payment).toBe(b.payment.toUpperCase());
    }
    expect(new Set(banks.map((b) => b.bic)).size).toBe(banks.length);
    // The control key does catch a wrong digit.
    expect(corrAccountKeyOk('044525225', '30101810400000000225')).toBe(true);
    expect(corrAccountKeyOk('044525225', '30101810500000000225')).toBe(false);
  });

  test('regions, cities and streets refer to each other', () => {
    const regions = new Map(loadRegions(dir).map((r) => [r.code, r]));
    expect(regions.size).toBe(85);
    const cities = loadCities(dir);
    const names = new Set(cities.map((c) => c.name));
    expect(names.size).toBe(cities.length);
    for (const c of cities) {
      expect(regions.has(c.regionCode)).toBe(true);
      expect(c.postalCode).toMatch(/^\d{6}$/);
      expect(c.population).toBeGreaterThan(0);
    }
    const streets = loadStreets(dir);
    const perCity = new Map<string, number>();
    for (const s of streets) {
      expect(names.has(s.city)).toBe(true);
      perCity.set(s.city, (perCity.get(s.city) ?? 0) + 1);
    }
    expect(perCity.size).toBeGreaterThanOrEqual(20);
    for (const [city, n] of perCity) expect({ city, enough: n >= 30 }).toEqual({ city, enough: true });
    expect(new Set(streets.map((s) => `${s.city}|${s.withType}`)).size).toBe(streets.length);
  });

  test('names, patronymics and surnames', () => {
    const names = loadNames(dir);
    expect(names.filter((n) => n.gender === 'MALE').length).toBeGreaterThan(80);
    expect(names.filter((n) => n.gender === 'FEMALE').length).toBeGreaterThan(80);
    const pats = loadPatronymics(dir);
    for (const p of pats) {
      expect(p.male).toMatch(/(ович|евич|ич)$/);
      expect(p.female).toMatch(/(овна|евна|ична|инична)$/);
    }
    expect(pats).toEqual(expect.arrayContaining([{ male: 'Львович', female: 'Львовна' }, { male: 'Ильич', female: 'Ильинична' }, { male: 'Игоревич', female: 'Игоревна' }]));
    const surnames = loadSurnames(dir);
    expect(surnames).toEqual(expect.arrayContaining([{ male: 'Иванов', female: 'Иванова' }, { male: 'Высоцкий', female: 'Высоцкая' }, { male: 'Шевченко', female: 'Шевченко' }, { male: 'Толстой', female: 'Толстая' }]));
  });

  test('issuing units: every region has some; unique codes xxx-xxx whose first two digits are the region', () => {
    const units = loadFmsUnits(dir);
    expect(units.length).toBeGreaterThan(600);
    const regions = loadRegions(dir).map((r) => r.code);
    expect(regions.filter((code) => !units.some((u) => u.regionCode === code))).toEqual([]);
    expect(new Set(units.map((u) => u.code)).size).toBe(units.length);
    for (const u of units) {
      expect(u.code).toMatch(/^\d{3}-\d{3}$/);
      expect(u.code.slice(0, 2)).toBe(u.regionCode);
      expect(['0', '1', '2']).toContain(u.type);
    }
  });
});

describe('text matching', () => {
  test('fold and tokens', () => {
    expect(fold('  Ёлкина, ул. «Большая»  ')).toBe('елкина ул большая');
    expect(tokensOf('Ростов-на-Дону')).toEqual(['ростов-на-дону', 'ростов', 'на', 'дону']);
  });
  test.each([
    ['москва', 'москва', true],
    ['масква', 'москва', true], // substitution
    ['моксва', 'москва', true], // swap
    ['мсква', 'москва', true], // missing letter
    ['мосскв', 'москва', true], // extra letter, as a prefix
    ['мска', 'москва', false],
    ['новосибрск', 'новосибирск', true],
    ['абвг', 'москва', false],
  ])('typoPrefix(%s, %s) = %s', (q, t, ok) => expect(typoPrefix(q, t)).toBe(ok));
  test.each([
    ['иванов', 'иванов', true],
    ['ивнов', 'иванов', true],
    ['иваонв', 'иванов', true],
    ['иванова', 'иванов', true],
    ['иван', 'иванов', false],
    ['петров', 'иванов', false],
  ])('within1(%s, %s) = %s', (a, b, ok) => expect(within1(a, b)).toBe(ok));
  test('dictionary: exact, then prefix; typos only when nothing starts with the word', () => {
    const d = new TokenDictionary();
    ['омск', 'омская', 'москва', 'томск'].forEach((t, i) => d.add(t, i));
    expect([...d.match('омск')]).toEqual([[0, 3], [1, 2]]);
    expect([...d.match('масква')]).toEqual([[2, 1 + 1 / 12]]); // a typo: 1, plus how much of the start is kept
    expect([...d.match('омск', { typo: true })].sort()).toEqual([[0, 3], [1, 2], [2, 1], [3, 1]]);
  });
  test('a typo that keeps the start of the word ranks above one that drops a first letter', () => {
    const d = new TokenDictionary();
    ['улан', 'тулы'].forEach((t, i) => d.add(t, i));
    const m = d.match('тула');
    expect(m.get(1)!).toBeGreaterThan(m.get(0)!);
    expect(m.get(0)!).toBeGreaterThanOrEqual(1);
    expect(m.get(1)!).toBeLessThan(2);
    expect([...d.match('омс', { prefix: false })]).toEqual([]);
  });
});

describe('offline engine', () => {
  const o = createOfflineSuggest();

  test('every answer respects count and has the DaData shape, whatever is typed', () => {
    const queries = ['а', 'мо', 'ленина 1', 'ул', '123', '-', 'г. москва, ул. арбат, д. 5, кв. 7', 'zzz', 'ёж', '770', 'сбер', 'ivan@', '@', 'а-а-а', ' '.repeat(5) + 'х'];
    for (const query of queries) {
      for (const count of [1, 5, 20]) {
        for (const [kind, list] of [
          ['address', o.address({ query, count })],
          ['fio', o.fio({ query, count })],
          ['bank', o.bank({ query, count })],
          ['fms_unit', o.fms_unit({ query, count })],
          ['email', o.email({ query, count })],
        ] as const) {
          expect({ kind, query, count, over: list.length > count }).toEqual({ kind, query, count, over: false });
          for (const s of list as { value: unknown; unrestricted_value: unknown; data: unknown }[]) {
            expect(typeof s.value).toBe('string');
            expect(typeof s.unrestricted_value).toBe('string');
            expect(s.data).toBeTruthy();
          }
        }
      }
    }
  });

  test('regions rank with their cities: the bigger first', () => {
    expect(o.address({ query: 'санкт', count: 2 }).map((s) => s.value)).toEqual(['г Санкт-Петербург']);
    expect(o.address({ query: 'ленинград', count: 3 }).map((s) => s.value)[0]).toBe('Ленинградская обл');
    expect(o.address({ query: 'химки', count: 1 })[0]).toMatchObject({ value: 'Московская обл, г Химки', unrestricted_value: 'Московская обл, г Химки', data: { fias_level: '4', region_kladr_id: '5000000000000' } });
  });

  test('house numbers stop at the street length; a street with no such house is suggested itself', () => {
    const far = o.address({ query: 'москва арбат 999', count: 5 }).map((s) => s.value);
    expect(far).toEqual(['г Москва, ул Арбат', 'г Москва, ул Новый Арбат']);
    const blocks = o.address({ query: 'москва тверская 7', count: 10 }).map((s) => s.value);
    expect(blocks[0]).toBe('г Москва, ул Тверская, д 7');
    expect(new Set(blocks).size).toBe(blocks.length);
  });

  test('a flat after the house: «кв 12» gives that flat (fias level 9), nothing else of the house', () => {
    for (const query of ['москва тверская 7 кв 12', 'г. Москва, ул. Тверская, д. 7, кв. 12', 'Москва, Тверская 7, квартира 12']) {
      const [first, ...rest] = o.address({ query, count: 5 });
      expect({ query, value: first.value }).toEqual({ query, value: 'г Москва, ул Тверская, д 7, кв 12' });
      expect(first.data).toMatchObject({ house: '7', flat_type: 'кв', flat_type_full: 'квартира', flat: '12', fias_level: '9', street: 'Тверская' });
      expect(first.data.fias_id).not.toBe(first.data.house_fias_id);
      expect(first.unrestricted_value).toBe(`${first.data.postal_code}, г Москва, ул Тверская, д 7, кв 12`);
      expect(rest.every((s) => !s.value.includes('д 7,') || s.value.endsWith('кв 12'))).toBe(true);
    }
    expect(o.address({ query: 'казань баумана 5 офис 3', count: 1 })[0]).toMatchObject({ value: 'г Казань, ул Баумана, д 5, офис 3', data: { flat_type: 'офис', flat: '3' } });
    // the flat is not offered when the bound stops at the house
    expect(o.address({ query: 'москва тверская 7 кв 12', count: 1, to_bound: { value: 'house' } })[0].value).toBe('г Москва, ул Тверская, д 7');
  });

  test('a typed block: «7к1», «7 к 2», «7 стр 3», also with a flat', () => {
    expect(o.address({ query: 'москва тверская 7к1', count: 1 })[0]).toMatchObject({ value: 'г Москва, ул Тверская, д 7 к 1', data: { house: '7', block_type: 'к', block: '1', fias_level: '8' } });
    expect(o.address({ query: 'москва, тверская, д. 7, корп. 2', count: 1 })[0].value).toBe('г Москва, ул Тверская, д 7 к 2');
    expect(o.address({ query: 'москва тверская 7 стр 3', count: 1 })[0].value).toBe('г Москва, ул Тверская, д 7 стр 3');
    expect(o.address({ query: 'москва тверская 7 к 1 кв 40', count: 1 })[0].value).toBe('г Москва, ул Тверская, д 7 к 1, кв 40');
  });

  test('the short names of the largest cities: мск, спб, питер, екб, нск', () => {
    expect(o.address({ query: 'мск', count: 1 })[0].value).toBe('г Москва');
    expect(o.address({ query: 'спб невский 10', count: 1 })[0].value).toBe('г Санкт-Петербург, Невский пр-кт, д 10');
    expect(o.address({ query: 'питер', count: 1 })[0].value).toBe('г Санкт-Петербург');
    expect(o.address({ query: 'екб', count: 1 })[0].value).toBe('г Екатеринбург');
    expect(o.address({ query: 'нск', count: 1 })[0].value).toBe('г Новосибирск');
  });

  test('issuing units by a city in any case: «тула» gives the Tula units first', () => {
    const tula = o.fms_unit({ query: 'тула', count: 5 });
    expect(tula).toHaveLength(5);
    expect(tula.every((s) => s.data.region_code === '71')).toBe(true);
    expect(o.fms_unit({ query: 'мвд татарстан', count: 1 })[0].value).toBe('МВД ПО РЕСПУБЛИКЕ ТАТАРСТАН');
    expect(o.fms_unit({ query: '710', count: 10 }).every((s) => s.data.code.startsWith('710'))).toBe(true);
  });

  test('banks of the regions: a regional office by its city, with a typo; by a BIC prefix head offices first', () => {
    expect(o.bank({ query: 'сбербнк тул', count: 3 }).map((s) => [s.data.bic, s.value, s.data.opf?.type])).toEqual([['047003608', 'ТУЛЬСКОЕ ОТДЕЛЕНИЕ N8604 ПАО СБЕРБАНК', 'BANK_BRANCH']]);
    const krasnodar = o.bank({ query: '040349', count: 10 });
    expect(krasnodar.length).toBeGreaterThanOrEqual(4);
    expect(krasnodar.every((s) => s.data.bic?.startsWith('040349') && s.data.address?.value === 'г Краснодар')).toBe(true);
    expect(krasnodar[0].data.opf?.type).toBe('BANK');
    expect(krasnodar.find((s) => s.value.includes('РОССЕЛЬХОЗБАНК'))?.data.opf?.type).toBe('BANK_BRANCH');
  });

  test('fio keeps an unknown surname as typed and fits the name to its gender', () => {
    expect(o.fio({ query: 'пупкин ив', count: 3 }).map((s) => s.value)).toEqual(['Пупкин Иван']);
    const female = o.fio({ query: 'смирнова ма', count: 5 });
    expect(female.map((s) => s.value)).toEqual(['Смирнова Мария', 'Смирнова Марина', 'Смирнова Маргарита', 'Смирнова Майя', 'Смирнова Мадина']);
    expect(female.every((s) => s.data.gender === 'FEMALE')).toBe(true);
    expect(o.fio({ query: 'смирнова иван', count: 3 })).toEqual([]); // a male name after a female surname
    expect(o.fio({ query: 'шевченко ма', count: 20 }).some((s) => s.data.gender === 'MALE') && o.fio({ query: 'шевченко ма', count: 20 }).some((s) => s.data.gender === 'FEMALE')).toBe(true);
  });
});
