import {
  FORM_TEXTS,
  alnum10Error,
  dateError,
  dateTextPatternError,
  emailError,
  foreignLicenceError,
  formatMoneyInput,
  integerError,
  latinHyphenError,
  licenceError,
  maskMoneyTyping,
  moneyError,
  numberError,
  osagoNumberError,
  parseDateText,
  parseMoney,
  parseNumberText,
  passwordError,
  phoneDigits,
  phoneError,
  plateError,
  policyNumberError,
  ptsError,
  stsError,
  timeError,
  toDateText,
  toIsoDate,
  vinError,
} from './index';

const NOW = new Date(2026, 10, 22); // 22.11.2026

describe('email and password (§5 texts)', () => {
  test.each([
    ['a.b-c_d@mail.ru', null],
    ['x@sub.domain.info', null],
    ['x@domain.museum', 'Неправильный email'],
    ['иван@mail.ru', 'Неправильный email'],
    ['x y@mail.ru', 'Неправильный email'],
    ['', null],
  ])('%s → %s', (v, e) => expect(emailError(v)).toBe(e));
  test.each([
    ['1234567', 'Минимальная длина пароля 8 символов'],
    ['12345678', null],
    ['', null],
  ])('password %s → %s', (v, e) => expect(passwordError(v)).toBe(e));
});

describe('date dd.mm.yyyy', () => {
  test.each([
    ['01.01.2000', null],
    ['31.12.1926', null], // 100 years back is still in the span
    ['01.01.2126', null],
    ['31.12.1925', 'Год должен быть не дальше 100 лет от текущего'],
    ['01.01.2127', 'Год должен быть не дальше 100 лет от текущего'],
    ['29.02.2024', null],
    ['29.02.2023', 'Такой даты не существует'],
    ['31.04.2020', 'Такой даты не существует'],
    ['00.01.2020', 'Неверный формат даты'],
    ['32.01.2020', 'Неверный формат даты'],
    ['10.13.2020', 'Неверный формат даты'],
    ['10.00.2020', 'Неверный формат даты'],
    ['1.1.2020', 'Неверный формат даты'],
    ['10.10.20', 'Неверный формат даты'],
    ['2020-10-10', 'Неверный формат даты'],
    ['__.__.____', 'Неверный формат даты'],
    ['', null],
  ])('%s → %s', (v, e) => expect(dateError(v, { now: NOW })).toBe(e));

  test('min and max are inclusive', () => {
    expect(dateError('10.10.2020', { now: NOW, min: '10.10.2020', max: '10.10.2020' })).toBeNull();
    expect(dateError('09.10.2020', { now: NOW, min: '10.10.2020' })).toBe(FORM_TEXTS.dateBeforeMin);
    expect(dateError('11.10.2020', { now: NOW, max: new Date(2020, 9, 10) })).toBe(FORM_TEXTS.dateAfterMax);
  });

  test('the span follows the current year', () => {
    expect(dateError('01.01.1930', { now: new Date(2031, 0, 1) })).toBe(FORM_TEXTS.dateOutOfRange);
    expect(dateError('01.01.1930', { now: new Date(2030, 0, 1) })).toBeNull();
  });

  test.each([
    ['00.00.1900', null],
    ['39.19.2099', null],
    ['40.01.2000', 'Неверный формат даты'],
    ['01.20.2000', 'Неверный формат даты'],
    ['01.01.1899', 'Неверный формат даты'],
    ['01.01.2100', 'Неверный формат даты'],
  ])('text-pattern variant %s → %s', (v, e) => expect(dateTextPatternError(v)).toBe(e));

  test('parse and convert', () => {
    expect(parseDateText('05.03.2021')).toEqual({ day: 5, month: 3, year: 2021 });
    expect(parseDateText('30.02.2021')).toBeNull();
    expect(toDateText('2021-03-05')).toBe('05.03.2021');
    expect(toDateText('2021-03-05T10:00:00.000Z')).toBe('05.03.2021');
    expect(toDateText('2021-02-30')).toBeNull();
    expect(toDateText(new Date(2021, 2, 5))).toBe('05.03.2021');
    expect(toDateText(new Date(NaN))).toBeNull();
    expect(toDateText('завтра')).toBeNull();
    expect(toIsoDate('05.03.2021')).toBe('2021-03-05');
    expect(toIsoDate('30.02.2021')).toBeNull();
    expect(toIsoDate('')).toBeNull();
  });
});

describe('time HH:mm', () => {
  test.each([
    ['00:00', null],
    ['23:59', null],
    ['09:05', null],
    ['24:00', 'Неверный формат времени'],
    ['12:60', 'Неверный формат времени'],
    ['9:05', 'Неверный формат времени'],
    ['12-30', 'Неверный формат времени'],
  ])('%s → %s', (v, e) => expect(timeError(v)).toBe(e));
});

describe('phone +7 (A00) 000-00-00', () => {
  test.each([
    ['+7 (912) 345-67-89', null],
    ['+7 (495) 123-45-67', null],
    ['+7 (800) 555-35-35', null],
    ['89123456789', null],
    ['79123456789', null],
    ['9123456789', null],
    ['8 912 345 67 89', null],
    ['+7 (312) 345-67-89', 'Номер телефона должен начинаться с +7 4, +7 8 или +7 9'],
    ['+7 (612) 345-67-89', 'Номер телефона должен начинаться с +7 4, +7 8 или +7 9'],
    ['+7 (912) 345-67-8_', 'Введите номер телефона полностью'],
    ['+7 (9', 'Введите номер телефона полностью'],
    ['+7 (912) 345-67-899', 'Неверный номер телефона'],
    ['+7 (___) ___-__-__', null], // an untouched mask is an empty field
  ])('%s → %s', (v, e) => expect(phoneError(v)).toBe(e));
  test('national digits', () => {
    expect(phoneDigits('+7 (912) 345-67-89')).toBe('9123456789');
    expect(phoneDigits('8 (800) 555-35-35')).toBe('8005553535');
    expect(phoneDigits('8005553535')).toBe('8005553535');
  });
});

describe('vehicles and documents', () => {
  test.each([
    ['XTA21099043593751', null],
    ['WVWZZZ1JZXW000001', null],
    ['xta21099043593751', FORM_TEXTS.vinInvalid], // upper case only
    ['XTA2109904359375', FORM_TEXTS.vinInvalid], // 16
    ['XTA210990435937511', FORM_TEXTS.vinInvalid], // 18
    ['XTA2109904359375I', FORM_TEXTS.vinInvalid],
    ['XTA2109904359375O', FORM_TEXTS.vinInvalid],
    ['XTA2109904359375Q', FORM_TEXTS.vinInvalid],
  ])('VIN %s → %s', (v, e) => expect(vinError(v)).toBe(e));

  test.each([
    ['ХХХ 0123456789', null],
    ['ТТТ7012345678', null],
    ['XXX 0123456789', FORM_TEXTS.osagoInvalid], // Latin
    ['ХХ 0123456789', FORM_TEXTS.osagoInvalid],
    ['ХХХ 012345678', FORM_TEXTS.osagoInvalid],
  ])('OSAGO %s → %s', (v, e) => expect(osagoNumberError(v)).toBe(e));

  test.each([
    ['77АВ 123456', null],
    ['7712 123456', null],
    ['77АВ123456', null],
    ['77ДЖ 123456', FORM_TEXTS.licenceInvalid], // letters outside А В Е К М Н О Р С Т У Х
    ['77AB 123456', FORM_TEXTS.licenceInvalid], // Latin
    ['7АВ 123456', FORM_TEXTS.licenceInvalid],
    ['77АВ 12345', FORM_TEXTS.licenceInvalid],
  ])('licence %s → %s', (v, e) => expect(licenceError(v)).toBe(e));

  test.each([
    ['AB1234567890', null],
    ['ab12cd34ef56', null],
    ['AB123456789', FORM_TEXTS.foreignLicenceInvalid],
    ['AB12345678-0', FORM_TEXTS.foreignLicenceInvalid],
    ['АВ1234567890', FORM_TEXTS.foreignLicenceInvalid], // Cyrillic
  ])('foreign licence %s → %s', (v, e) => expect(foreignLicenceError(v)).toBe(e));

  test.each([
    ['А123ВС77', null],
    ['А123ВС777', null],
    ['Х001ХХ199', null],
    ['А123ВС7', FORM_TEXTS.plateInvalid],
    ['Б123ВС77', FORM_TEXTS.plateInvalid],
    ['А123ВЖ77', FORM_TEXTS.plateInvalid],
    ['A123BC77', FORM_TEXTS.plateInvalid], // Latin — normalizePlate converts it
    ['А12ВС77', FORM_TEXTS.plateInvalid],
  ])('plate %s → %s', (v, e) => expect(plateError(v)).toBe(e));

  test.each([
    ['99ТУ 123456', null],
    ['9912 123456', null],
    ['99ЖЯ123456', null], // STS/PTS take any Cyrillic letter
    ['99TY 123456', FORM_TEXTS.stsInvalid],
    ['99ТУ 12345', FORM_TEXTS.stsInvalid],
  ])('STS %s → %s', (v, e) => expect(stsError(v)).toBe(e));
  test('PTS has the STS rule with its own text', () => {
    expect(ptsError('77МР 654321')).toBeNull();
    expect(ptsError('77МР 65432')).toBe('Серия и номер ПТС в формате 99АА 999999');
  });

  test('generic policy number up to 30', () => {
    expect(policyNumberError('x'.repeat(30))).toBeNull();
    expect(policyNumberError('x'.repeat(31))).toBe('Номер полиса не длиннее 30 символов');
  });
  test.each([
    ['Smith-Jones', null],
    ['a'.repeat(45), null],
    ['a'.repeat(46), FORM_TEXTS.latinInvalid],
    ['Smith Jones', FORM_TEXTS.latinInvalid],
    ['Иванов', FORM_TEXTS.latinInvalid],
    ['O\'Neil', FORM_TEXTS.latinInvalid],
  ])('Latin and hyphen %s → %s', (v, e) => expect(latinHyphenError(v)).toBe(e));
  test.each([
    ['AB12CD34EF', null],
    ['AB12CD34E', FORM_TEXTS.alnum10Invalid],
    ['AB12CD34EF1', FORM_TEXTS.alnum10Invalid],
    ['AB12CD34E-', FORM_TEXTS.alnum10Invalid],
  ])('10 alphanumeric %s → %s', (v, e) => expect(alnum10Error(v)).toBe(e));
});

describe('money: unsigned, 2 decimals, comma radix, space thousands', () => {
  test.each<[string, number | null]>([
    ['0', 0],
    ['1 234,56', 123456],
    ['1\u00a0234,5', 123450],
    ['1234567,89', 123456789],
    ['12 345 678', 1234567800],
    ['0,01', 1],
    ['1,234', null],
    ['1.5', null],
    ['-5', null],
    ['12 34', null],
    [',50', null],
    ['', null],
    ['99999999999999999999', null],
  ])('parse %s → %s', (v, k) => expect(parseMoney(v)).toBe(k));
  test.each<[number, string]>([
    [0, '0,00'],
    [5, '0,05'],
    [123456, '1 234,56'],
    [100000000, '1 000 000,00'],
  ])('format %i → %s', (k, s) => expect(formatMoneyInput(k)).toBe(s));
  test('round trip', () => {
    for (const k of [1, 99, 100, 123456789, 1000000001]) expect(parseMoney(formatMoneyInput(k))).toBe(k);
  });
  test.each([
    ['1234567', '1 234 567'],
    ['1234567.891', '1 234 567,89'],
    ['0012', '12'],
    [',5', '0,5'],
    ['-1a2b3', '123'],
    ['12,3,4', '12,34'],
    ['', ''],
  ])('typing %s shows %s', (v, s) => expect(maskMoneyTyping(v)).toBe(s));
  test('error text', () => {
    expect(moneyError('1 234,56')).toBeNull();
    expect(moneyError('abc')).toBe('Введите сумму, например 1 234,56');
  });
});

describe('number and integer', () => {
  test.each<[string, number | null]>([
    ['12', 12],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1 000', 1000],
    ['-3', null],
    ['1e3', null],
    ['', null],
  ])('number %s → %s', (v, n) => expect(parseNumberText(v)).toBe(n));
  test('signed numbers on request', () => {
    expect(parseNumberText('-3,5', { signed: true })).toBe(-3.5);
    expect(numberError('-3', { signed: true })).toBeNull();
    expect(numberError('-3')).toBe('Введите число');
  });
  test.each([
    ['42', null],
    ['4.2', 'Введите целое число'],
    ['-4', 'Введите целое число'],
    ['99999999999999999', 'Введите целое число'],
  ])('integer %s → %s', (v, e) => expect(integerError(v)).toBe(e));
  test('signed integer', () => expect(integerError('-4', { signed: true })).toBeNull());
});
