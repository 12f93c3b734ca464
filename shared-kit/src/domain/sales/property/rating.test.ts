import fc from 'fast-check';
import DEMO from '../../../testing/demo-calculations.json';
import { rateProperty, ratePropertyAll, PROPERTY_INSURERS } from './rating';
import { validatePropertyInput, type PropertyCalculateRequest } from './input';
import { PROPERTY_TARIFFS } from './tariffs';
import { APARTMENT_STEPS, HOUSE_STEPS, propertySummary } from './steps';
import { offerOf, tariffsOutsideRanges } from '../ratingKit';

/** Property (ifl, ifl_house) against research §3: worked examples by hand, factors, refusals, fields, properties. */

const rub = (r: number) => r * 100;
const offer = offerOf;

const flat = (over: Partial<PropertyCalculateRequest> = {}): PropertyCalculateRequest => ({ ...(DEMO.flat as PropertyCalculateRequest), startDate: '2026-06-01', ...over });

const house = (over: Partial<PropertyCalculateRequest> = {}): PropertyCalculateRequest => ({
  kind: 'house',
  address: { value: 'Московская обл, д Горки, ул Лесная, д 3' },
  area: 120,
  yearBuilt: 2010,
  walls: 'brick_stone',
  heating: 'other',
  seasonal: false,
  cover: { structure: rub(3_000_000), contents: rub(500_000) },
  outbuildings: [{ name: 'Баня', walls: 'wooden_frame', sum: rub(400_000) }],
  fireSafety: true,
  alarm: false,
  startDate: '2026-06-01',
  ...over,
});

const premium = (req: PropertyCalculateRequest, insurer = 'ingos') => offer(rateProperty(req, insurer)).premium;

describe('worked examples', () => {
  test('apartment (ingos): four parts at their rates', () => {
    // 1 000 000 × 0,12 % = 1 200; 500 000 × 0,4 % = 2 000; 300 000 × 0,5 % = 1 500; liability 500 000 × 0,3 % = 1 500 → 6 200 ₽
    // (0,27 % of 2,3 m ₽: inside the market average 0,2–0,3 % [V informetr.ru])
    const o = offer(rateProperty(flat(), 'ingos'));
    expect(o.premium).toBe(rub(6_200));
    expect(o.factors.map((f) => [f.label, f.text])).toEqual([
      ['Конструктив', '0,12\u00a0%'],
      ['Отделка и инженерное оборудование', '0,40\u00a0%'],
      ['Движимое имущество', '0,50\u00a0%'],
      ['Гражданская ответственность перед соседями', '0,30\u00a0%'],
    ]);
    expect(o.factors[0].why).toContain('research §3 [I]: apartment, structure 0.10–0.15 %');
  });

  test('house (ingos): brick, contents and a wooden bath-house', () => {
    // 3 000 000 × 0,25 % = 7 500; 500 000 × 0,65 % = 3 250; bath-house 400 000 × 0,6 % (wooden structure) = 2 400 → 13 150 ₽
    expect(premium(house())).toBe(rub(13_150));
  });
});

describe('each multiplier (on the property parts, not on liability)', () => {
  test.each<[string, Partial<PropertyCalculateRequest>, number]>([
    // (1 200 + 2 000 + 1 500) × 0,9 + 1 500 = 5 730
    ['alarm × 0,9', { alarm: true }, 5_730],
    // 4 700 × 1,15 + 1 500 = 6 905
    ['no fire safety × 1,15', { fireSafety: false }, 6_905],
    // 4 700 × 1,1 + 1 500 = 6 670
    ['ground floor × 1,1', { floor: 1 }, 6_670],
    ['top floor × 1,1', { floor: 9 }, 6_670],
    // built 1970: 56 years > 50 → 4 700 × 1,2 + 1 500 = 7 140
    ['a building over 50 years × 1,2', { yearBuilt: 1970 }, 7_140],
  ])('apartment, %s', (_t, over, expected) => expect(premium(flat(over))).toBe(rub(expected)));

  test('house: seasonal × 1,2 → 13 150 × 1,2 = 15 780 ₽', () => expect(premium(house({ seasonal: true }))).toBe(rub(15_780)));
  test('house: wooden with a stove (reso) — 3 m × 0,8 % + 500 000 × 1,2 % + 400 000 × 0,8 % = 33 200; × 1,5 = 49 800 ₽', () => {
    expect(premium(house({ walls: 'wooden_frame', heating: 'stove_fireplace' }), 'reso')).toBe(rub(49_800));
  });
});

describe('refusals', () => {
  test('ingos: a wooden house with a stove', () => {
    expect(rateProperty(house({ walls: 'wooden_frame', heating: 'stove_fireplace' }), 'ingos')).toEqual({ kind: 'refusal', insurer: 'ingos', reason: 'Не страхуем деревянные и каркасные дома с печным отоплением или камином' });
  });
  test('reso: a flat in a wooden building', () => {
    expect(rateProperty(flat({ construction: 'wooden' }), 'reso')).toMatchObject({ kind: 'refusal', reason: 'Не страхуем квартиры в деревянных домах' });
  });
  test('vsk: a building over 100 years', () => {
    expect(rateProperty(flat({ yearBuilt: 1900 }), 'vsk')).toMatchObject({ kind: 'refusal', reason: 'Не страхуем здания старше 100 лет (этому 126)' });
  });
  test('every insurer answers', () => expect(ratePropertyAll(flat()).map((q) => q.kind)).toEqual(PROPERTY_INSURERS.map(() => 'offer')));
});

test('every tariff value lies inside its research §3 range', () => {
  expect(tariffsOutsideRanges(PROPERTY_TARIFFS, 'research §3 [I]')).toEqual([]);
});

describe('validation names the field in Russian', () => {
  const errors = (v: unknown) => validatePropertyInput(v).map((e) => [e.path, e.message]);
  test('valid inputs', () => {
    expect(errors(flat())).toEqual([]);
    expect(errors(house())).toEqual([]);
  });
  test('apartment fields, floor of floors, nothing covered', () => {
    expect(errors({ ...flat(), floor: undefined })).toEqual([['floor', 'Поле «floor» обязательно']]);
    expect(errors(flat({ floor: 10 }))).toEqual([['floor', 'Поле «floor»: этаж больше этажности дома (floors)']]);
    expect(errors(flat({ cover: {} }))).toEqual([['cover', 'Укажите хотя бы одну сумму страхования (cover)']]);
    expect(errors(flat({ cover: { structure: -1, contents: rub(1) } }))).toEqual([['cover.structure', 'Поле «cover.structure» должно быть не меньше 0']]);
  });
  test('house fields and outbuildings', () => {
    expect(errors({ ...house(), walls: 'straw' })).toEqual([['walls', 'Поле «walls» должно быть одним из: brick_stone, wooden_frame']]);
    expect(errors(house({ outbuildings: [{ name: '', walls: 'brick_stone', sum: rub(1) }] }))).toEqual([['outbuildings[0].name', 'Поле «outbuildings[].name» обязательно']]);
    expect(errors(flat({ outbuildings: [{ name: 'Гараж', walls: 'brick_stone', sum: rub(1) }] }))).toEqual([['outbuildings', 'Поле «outbuildings»: постройки страхуются только с домом']]);
  });
});

test('steps and summary', () => {
  expect(APARTMENT_STEPS.map((s) => s.title)).toEqual(['Квартира', 'Что страхуем', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
  expect(HOUSE_STEPS.map((s) => s.title)).toEqual(['Дом', 'Постройки', 'Что страхуем', 'Предложения страховщиков', 'Страхователь', 'Оплата']);
  const req = house();
  const blocks = propertySummary(req, offer(rateProperty(req, 'ingos')), 'Ингосстрах');
  expect(blocks.map((b) => b.title)).toEqual(['Дом', 'Страховые суммы', 'Премия']);
  const [object, sums, money] = blocks.map((b) => Object.fromEntries(b.rows.map((r) => [r.label, r.value])));
  expect(object['Материал стен']).toBe('Кирпич или камень');
  expect(sums['Постройка «Баня»']).toBe('400\u00a0000,00\u00a0₽ (дерево или каркас)');
  expect(money['Постройка «Баня»']).toMatch(/^0,60\u00a0% — по ставке конструктива дома/);
  expect(money['Страховая премия']).toBe('13\u00a0150,00\u00a0₽');
});

test('premiums are integers and never fall as a sum insured grows', () => {
  const part = fc.constantFrom('structure', 'finishing', 'contents', 'liability' as const);
  fc.assert(
    fc.property(
      fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.constantFrom(...PROPERTY_INSURERS), part,
      fc.integer({ min: 0, max: 5_000_000_000 }), fc.integer({ min: 0, max: 5_000_000_000 }),
      (isHouse, alarm, fireSafety, wooden, insurer, which, sum, more) => {
        const mk = (s: number) => {
          const r = isHouse ? house({ alarm, fireSafety, walls: wooden ? 'wooden_frame' : 'brick_stone' }) : flat({ alarm, fireSafety, construction: wooden ? 'wooden' : 'brick' });
          return { ...r, cover: { ...r.cover, [which]: s } };
        };
        const a = rateProperty(mk(sum), insurer);
        const b = rateProperty(mk(sum + more), insurer);
        if (a.kind !== 'offer' || b.kind !== 'offer') return;
        expect(Number.isInteger(a.premium)).toBe(true);
        expect(b.premium).toBeGreaterThanOrEqual(a.premium);
      },
    ),
    { numRuns: 300 },
  );
});
