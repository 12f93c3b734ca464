import {
  BOOLEAN_ITEM_OPTIONS,
  cleanSuggestionText,
  coerceDynamicItem,
  nameCase,
  normalizeCyrillicDoc,
  normalizeField,
  normalizePhone,
  normalizePlate,
  normalizeVin,
  plateError,
  toBooleanItem,
} from './index';

describe('name case on blur (§5)', () => {
  test.each([
    ['анна-мария', 'Анна-Мария'],
    ['ИВАНОВ', 'Иванов'],
    ['иВАН', 'Иван'],
    ['салтыков-щедрин', 'Салтыков-Щедрин'],
    ['ёлкин', 'Ёлкин'],
    ['john', 'John'],
    ['', ''],
    [' анна', ' Анна'],
  ])('%s → %s', (v, out) => expect(nameCase(v)).toBe(out));
  test('null stays null', () => expect(nameCase(null)).toBeNull());
});

describe('suggestion text cleaning (§5)', () => {
  test.each([
    ['иванов', 'Иванов'],
    ['ИВАНОВ', 'Иванов'],
    ['иванов1 ', 'Иванов'],
    ['Ivan иванов', 'Иванов'],
    ['римский-корсаков', 'Римский-корсаков'],
    ['-петров', '-Петров'],
    ['123', ''],
    ['ivan.petrov@mail.ru', 'ivan.petrov@mail.ru'],
    ['IVAN@', 'IVAN@'],
  ])('%s → %s', (v, out) => expect(cleanSuggestionText(v)).toBe(out));
  test('an email input is never changed, even before its @', () => {
    expect(cleanSuggestionText('Ivan.Petrov', { email: true })).toBe('Ivan.Petrov');
  });
});

describe('generic field (§5)', () => {
  test.each<[string | null | undefined, string | null]>([
    ['  Иван  Петров', 'Иван Петров'],
    ['a   b', 'a b'],
    ['\t x', 'x'],
    ['x ', 'x '],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (v, out) => expect(normalizeField(v)).toBe(out));
});

describe('boolean items (§5)', () => {
  test.each<[unknown, string | null]>([
    [true, '1'],
    [1, '1'],
    ['1', '1'],
    [false, '0'],
    [0, '0'],
    ['0', '0'],
    [null, null],
    ['yes', null],
    [2, null],
  ])('%j → %j', (v, out) => expect(toBooleanItem(v)).toBe(out));
  test('options Да / Нет', () => expect(BOOLEAN_ITEM_OPTIONS).toEqual([{ value: '1', text: 'Да' }, { value: '0', text: 'Нет' }]));
});

describe('dynamic item types (§3)', () => {
  test.each<[string, unknown, unknown]>([
    ['Number', '12,5', 12.5],
    ['Number', 7, 7],
    ['Number', '-3', -3],
    ['Number', 'abc', null],
    ['String', '  Иван  Петров', 'Иван Петров'],
    ['String', 42, '42'],
    ['DADATA', 'г Москва,  ул Ленина', 'г Москва, ул Ленина'],
    ['List', 5, '5'],
    ['List', 'opt-1', 'opt-1'],
    ['Boolean', true, '1'],
    ['Boolean', 0, '0'],
    ['Boolean', 'maybe', null],
    ['date', '2021-03-05', '05.03.2021'],
    ['date', '05.03.2021', '05.03.2021'],
    ['date', '31.02.2021', null],
    ['Number', '', null],
    ['String', null, null],
    ['String', { a: 1 }, null],
    ['Unknown', 'x', 'x'],
  ])('%s %j → %j', (type, v, out) => expect(coerceDynamicItem(type, v)).toBe(out));
});

describe('phone, VIN, documents', () => {
  test.each<[string, string | null]>([
    ['89123456789', '+7 (912) 345-67-89'],
    ['+7 912 345 67 89', '+7 (912) 345-67-89'],
    ['7 (495) 123-45-67', '+7 (495) 123-45-67'],
    ['9123456789', '+7 (912) 345-67-89'],
    ['8 800 555 35 35', '+7 (800) 555-35-35'],
    ['+7 (312) 345-67-89', null],
    ['+7 (912) 345-67', null],
    ['+7 (912) 345-67-8x9', null],
  ])('phone %s → %s', (v, out) => expect(normalizePhone(v)).toBe(out));
  test('VIN upper case without spaces', () => expect(normalizeVin(' xta 21099043593751 ')).toBe('XTA21099043593751'));
  test('plate: Latin twins become Cyrillic and then validate', () => {
    expect(normalizePlate('a 123 bc 77')).toBe('А123ВС77');
    expect(plateError(normalizePlate('a123bc777'))).toBeNull();
    expect(normalizeCyrillicDoc('77ab 123456')).toBe('77АВ 123456');
  });
});
