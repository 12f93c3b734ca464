import { BASE_RATE_CORRIDORS, KBM, KM, KO, KPR, KS, KVS, TERRITORY } from './tables';
import { OsagoRatingError, rateOsago, tariffGroup, territoryCoefficient, versionOn, wholeYears, type OsagoRatingInput } from './rating';

/**
 * The OSAGO rating against ../shared/research/insurance-rating.md: every table row as the note prints
 * it (copied here as text, so a slip in tables.ts shows), the worked cases T1–T4 of note 1.6, the cap,
 * several drivers, and the table version chosen by the policy start date.
 */

const AFTER_DEC_2025 = '2026-12-01';
const MOSCOW = { region: '77', city: 'Москва' };

/** A named driver whose КВС is 1.00 on AFTER_DEC_2025: 35–39 years old, 3–4 years of experience. */
const plainDriver = (kbmClass: OsagoRatingInput['ownerKbmClass'] = '4') => ({ birthDate: '1990-01-15', experienceSince: '2023-03-01', kbmClass: kbmClass! });

const base = (over: Partial<OsagoRatingInput>): OsagoRatingInput => ({
  category: 'B',
  ownerType: 'FL',
  powerHp: 150,
  territory: MOSCOW,
  drivers: 'unrestricted',
  periodMonths: 12,
  startDate: AFTER_DEC_2025,
  ...over,
});

describe('tables as the research note prints them', () => {
  test('КБМ by class (1.4)', () => {
    const note = 'M 3.92 | 0 2.94 | 1 2.25 | 2 1.76 | 3 1.17 | 4 1.00 | 5 0.91 | 6 0.83 | 7 0.78 | 8 0.74 | 9 0.68 | 10 0.63 | 11 0.57 | 12 0.52 | 13 0.46';
    const expected = Object.fromEntries(note.split(' | ').map((p) => { const [c, v] = p.split(' '); return [c, Math.round(Number(v) * 100)]; }));
    expect(KBM.rows).toEqual(expected);
  });

  test('КВС by age × experience (1.5a)', () => {
    const note = `
      16–21 | 2.27 | 1.92 | 1.84 | 1.65 | 1.62 | – | – | –
      22–24 | 1.88 | 1.72 | 1.71 | 1.13 | 1.10 | 1.09 | – | –
      25–29 | 1.72 | 1.60 | 1.54 | 1.09 | 1.08 | 1.07 | 1.02 | –
      30–34 | 1.56 | 1.50 | 1.48 | 1.05 | 1.04 | 1.01 | 0.97 | 0.95
      35–39 | 1.54 | 1.47 | 1.46 | 1.00 | 0.97 | 0.95 | 0.94 | 0.93
      40–49 | 1.50 | 1.44 | 1.43 | 0.96 | 0.95 | 0.94 | 0.93 | 0.91
      50–59 | 1.46 | 1.40 | 1.39 | 0.93 | 0.92 | 0.91 | 0.90 | 0.86
      over 59 | 1.43 | 1.36 | 1.35 | 0.91 | 0.90 | 0.89 | 0.88 | 0.83`;
    const rows = note.trim().split('\n').map((l) => l.trim().split(' | ').slice(1).map((v) => (v === '–' ? null : Math.round(Number(v) * 100))));
    expect(KVS.rows.values).toEqual(rows);
    expect(KVS.rows.ages).toEqual([16, 22, 25, 30, 35, 40, 50, 60]);
    expect(KVS.rows.experience).toEqual([0, 1, 2, 3, 5, 7, 10, 15]);
  });

  test('КО, КМ, КС, КПр (1.5)', () => {
    expect(KO.rows).toEqual({ restricted: 100, unrestrictedFL: 232, unrestrictedYL: 197 });
    // ≤50: 0.6; 51–70: 1.0; 71–100: 1.1; 101–120: 1.2; 121–150: 1.4; >150: 1.6
    expect([50, 51, 70, 71, 100, 101, 120, 121, 150, 151].map((hp) => KM.rows.find((r) => hp <= r.upToHp)!.km)).toEqual([60, 100, 100, 110, 110, 120, 120, 140, 140, 160]);
    // 3: 0.5; 4: 0.6; 5: 0.65; 6: 0.7; 7: 0.8; 8: 0.9; 9: 0.95; 10–12: 1.0
    expect(KS.rows).toEqual({ 3: 50, 4: 60, 5: 65, 6: 70, 7: 80, 8: 90, 9: 95, 10: 100, 11: 100, 12: 100 });
    expect(KPR.rows).toEqual({ FL: 100, YL: 116 }); // B individuals 1.00; B legal entities and taxi 1.16
  });

  test('base-rate corridors for category B, before and from 09.12.2025 (1.2)', () => {
    expect(BASE_RATE_CORRIDORS.map((v) => [v.validFrom, v.rows])).toEqual([
      ['2022-09-13', { B_FL: { min: 1646, max: 7535 }, B_YL: { min: 852, max: 5722 }, B_TAXI: { min: 1490, max: 15756 } }],
      ['2025-12-09', { B_FL: { min: 1399, max: 8665 }, B_YL: { min: 724, max: 6580 }, B_TAXI: { min: 1267, max: 18119 } }],
    ]);
  });

  test('КТ rows (1.3), a city before its region’s «other settlements»', () => {
    const kt = (region: string, city: string | null) => territoryCoefficient({ region, city }, AFTER_DEC_2025).kt;
    expect([kt('77', 'Москва'), kt('50', 'Химки'), kt('78', 'Санкт-Петербург'), kt('47', 'Гатчина')]).toEqual([180, 156, 164, 124]);
    expect([kt('16', 'Казань'), kt('16', 'Набережные Челны'), kt('16', 'Нижнекамск'), kt('16', 'Бугульма')]).toEqual([180, 156, 124, 108]);
    expect([kt('66', 'Екатеринбург'), kt('66', 'Первоуральск'), kt('66', null)]).toEqual([164, 124, 100]);
    expect([kt('54', 'Новосибирск'), kt('54', 'Бердск'), kt('54', 'Искитим'), kt('54', 'Куйбышев'), kt('54', null)]).toEqual([163, 124, 116, 100, 94]);
    expect([kt('23', 'Краснодар'), kt('23', 'Новороссийск'), kt('23', 'Анапа'), kt('23', 'Сочи'), kt('23', 'Ейск')]).toEqual([164, 164, 124, 116, 100]);
    expect([kt('02', 'Уфа'), kt('74', 'Челябинск'), kt('59', 'Пермь'), kt('63', 'Самара'), kt('61', 'Ростов-на-Дону'), kt('52', 'Нижний Новгород'), kt('24', 'Красноярск'), kt('36', 'Воронеж')]).toEqual([164, 188, 180, 148, 164, 164, 164, 140]);
    expect(TERRITORY[0].validFrom).toBe('2022-09-13');
  });

  test('an address outside the table is refused by name, not guessed', () => {
    expect(() => territoryCoefficient({ region: '02', city: 'Стерлитамак', label: 'Респ Башкортостан, г Стерлитамак' }, AFTER_DEC_2025)).toThrow(
      'Для адреса «Респ Башкортостан, г Стерлитамак» в тарифах продукта нет коэффициента КТ',
    );
  });
});

describe('worked cases T1–T4 of the research note (1.6)', () => {
  test('T1: Moscow, unrestricted, class 3, 150 hp — 59 271.10 capped at 3 × ТБ × КТ = 46 791.00', () => {
    const r = rateOsago(base({ drivers: 'unrestricted', ownerKbmClass: '3' }), 8665);
    expect(r.uncapped).toBe(5_927_110);
    expect(r.premium).toBe(4_679_100);
    expect(r.capped).toBe(true);
    expect(r.coefficients).toEqual({ tb: 8665, kt: 1.8, kbm: 1.17, kvs: 1, ko: 2.32, km: 1.4, ks: 1, kn: 1, kpr: 1 });
  });

  test('T2: ТБ 1 399, КТ 1.0, class 13 (0.46), КМ 1.0 — 643.54', () => {
    const r = rateOsago(base({ territory: { region: '66', city: null }, powerHp: 70, drivers: [plainDriver('13')] }), 1399);
    expect(r.coefficients).toMatchObject({ kt: 1, kbm: 0.46, kvs: 1, ko: 1, km: 1, ks: 1 });
    expect(r.premium).toBe(64_354);
    expect(r.capped).toBe(false);
  });

  test('T3: St Petersburg, КБМ 1.0, КМ 1.2 — 17 052.72', () => {
    const r = rateOsago(base({ territory: { region: '78', city: 'Санкт-Петербург' }, powerHp: 110, drivers: [plainDriver('4')] }), 8665);
    expect(r.premium).toBe(1_705_272);
  });

  test('T4: Moscow, КБМ 2.94, КМ 1.4, КН 1.5 — 96 295.88 capped at 5 × ТБ × КТ = 77 985.00', () => {
    const r = rateOsago(base({ drivers: [plainDriver('0')], grossViolation: true }), 8665);
    expect(r.uncapped).toBe(9_629_588);
    expect(r.premium).toBe(7_798_500);
    expect(r.explain.cap).toContain('не более 5 × ТБ × КТ');
  });
});

describe('drivers, periods and dates', () => {
  test('several named drivers: the highest КБМ and the highest КВС, even from different drivers', () => {
    const young = { birthDate: '2004-06-01', experienceSince: '2025-09-01', kbmClass: '10' as const }; // 22, 1 year: 1.72; class 10: 0.63
    const worstKbm = { birthDate: '1970-02-02', experienceSince: '1995-01-01', kbmClass: '1' as const }; // 56, 31 years: 0.86; class 1: 2.25
    const r = rateOsago(base({ drivers: [young, worstKbm], powerHp: 90 }), 5000);
    expect(r.coefficients).toMatchObject({ kbm: 2.25, kvs: 1.72, ko: 1 });
    expect(r.explain.kbm).toContain('наибольший среди 2 водителей: класс 1');
  });

  test('a birthday on the start date counts: 22 on the day is the 22–24 row', () => {
    expect(wholeYears('2004-12-01', '2026-12-01')).toBe(22);
    expect(wholeYears('2004-12-02', '2026-12-01')).toBe(21);
    const r21 = rateOsago(base({ drivers: [{ birthDate: '2004-12-02', experienceSince: '2026-06-01', kbmClass: '3' }] }), 5000);
    const r22 = rateOsago(base({ drivers: [{ birthDate: '2004-12-01', experienceSince: '2026-06-01', kbmClass: '3' }] }), 5000);
    expect([r21.coefficients.kvs, r22.coefficients.kvs]).toEqual([2.27, 1.88]);
  });

  test('seasonal use: КС by months; legal entities from 6 months, individuals from 3', () => {
    expect(rateOsago(base({ periodMonths: 3 }), 5000).coefficients.ks).toBe(0.5);
    expect(rateOsago(base({ periodMonths: 9 }), 5000).coefficients.ks).toBe(0.95);
    expect(() => rateOsago(base({ periodMonths: 2 }), 5000)).toThrow('Период использования: от 3 до 12 месяцев');
    expect(() => rateOsago(base({ ownerType: 'YL', periodMonths: 5 }), 5000)).toThrow('от 6 до 12 месяцев для юридических лиц');
  });

  test('unrestricted legal entity: КО 1.97; a trailer: КПр 1.16 for legal entities and taxis, 1.00 for individuals', () => {
    expect(rateOsago(base({ ownerType: 'YL' }), 5000).coefficients).toMatchObject({ ko: 1.97, kpr: 1 });
    expect(rateOsago(base({ ownerType: 'YL', trailer: true }), 5000).coefficients.kpr).toBe(1.16);
    expect(rateOsago(base({ taxi: true, trailer: true }), 5000).coefficients.kpr).toBe(1.16);
    expect(rateOsago(base({ trailer: true }), 5000).coefficients.kpr).toBe(1);
  });

  test('the start date picks the corridor: 8 665 ₽ is allowed from 09.12.2025, not before', () => {
    expect(versionOn(BASE_RATE_CORRIDORS, '2025-12-08')!.validFrom).toBe('2022-09-13');
    expect(versionOn(BASE_RATE_CORRIDORS, '2025-12-09')!.validFrom).toBe('2025-12-09');
    expect(() => rateOsago(base({ startDate: '2025-12-08' }), 8665)).toThrow('Базовая ставка 8665 ₽ вне коридора 1646–7535 ₽ на 2025-12-08');
    expect(rateOsago(base({ startDate: '2025-12-09' }), 8665).premium).toBe(4_679_100);
    expect(() => rateOsago(base({ startDate: '2022-09-12' }), 5000)).toThrow('Нет коридора базовых ставок на дату 2022-09-12');
  });

  test('КТ past its replacement date is used with a warning; before it, without', () => {
    expect(rateOsago(base({ startDate: '2025-12-01' }), 5000).warnings).toEqual([]);
    expect(rateOsago(base({ startDate: '2025-12-09' }), 5000).warnings).toEqual([expect.stringContaining('с 09.12.2025 действует 7204-У')]);
  });

  test('categories with incomplete tables are refused with what is missing', () => {
    expect(tariffGroup('BE', 'FL')).toBe('B_FL');
    expect(() => tariffGroup('C', 'FL')).toThrow(new OsagoRatingError('vehicle.category', 'Категория C: расчёт недоступен — для категории C известен только максимум коридора базовых ставок (минимум не получен)'));
    expect(() => rateOsago(base({ category: 'A' }), 1000)).toThrow('КМ и КВС');
  });

  test('a driver younger than 16 or with impossible experience is named', () => {
    expect(() => rateOsago(base({ drivers: [{ birthDate: '2012-01-01', experienceSince: '2026-01-01', kbmClass: '3' }] }), 5000)).toThrow('Водителю 1 меньше 16 лет');
    expect(() => rateOsago(base({ drivers: [plainDriver(), { birthDate: '2005-01-01', experienceSince: '2016-01-01', kbmClass: '3' }] }), 5000)).toThrow('Водитель 2: стаж 10 лет невозможен в возрасте 21 лет');
  });
});
