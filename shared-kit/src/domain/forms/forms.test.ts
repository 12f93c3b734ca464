import * as yup from 'yup';
import {
  DROPDOWN_EMPTY_TEXT,
  FORM_TEXTS,
  dropdownFilter,
  errorsByPath,
  fieldSchemas,
  flattenPartErrors,
  hasPartErrors,
  prepareDropdownOptions,
  requiredField,
  searchDropdownOptions,
  toAddressSuggestion,
  toBankSuggestion,
  toIssuerSuggestion,
  toNameSuggestion,
  validateParts,
  suggestAddressSchema,
  suggestFioSchema,
  collectErrors,
} from '../index';

describe('yup field schemas', () => {
  test('empty passes unless required', () => {
    expect(fieldSchemas.phone().isValidSync('')).toBe(true);
    expect(fieldSchemas.phone().isValidSync(undefined)).toBe(true);
    expect(collectErrors(yup.object({ p: requiredField('phone') }), { p: '' })).toEqual([{ path: 'p', type: 'required', message: 'Обязательное поле' }]);
  });
  test('each schema carries its validator text and type', () => {
    const schema = yup.object({
      email: fieldSchemas.email(),
      password: fieldSchemas.password(),
      date: fieldSchemas.date({ now: new Date(2026, 0, 1) }),
      time: fieldSchemas.time(),
      phone: fieldSchemas.phone(),
      vin: fieldSchemas.vin(),
      money: fieldSchemas.money(),
    });
    expect(collectErrors(schema, { email: 'x@', password: '123', date: '30.02.2020', time: '25:00', phone: '+7 (912) 3', vin: 'XTA', money: '1,234' })).toEqual([
      { path: 'email', type: 'email', message: 'Неправильный email' },
      { path: 'password', type: 'password', message: 'Минимальная длина пароля 8 символов' },
      { path: 'date', type: 'date', message: 'Такой даты не существует' },
      { path: 'time', type: 'time', message: 'Неверный формат времени' },
      { path: 'phone', type: 'phone', message: 'Введите номер телефона полностью' },
      { path: 'vin', type: 'vin', message: FORM_TEXTS.vinInvalid },
      { path: 'money', type: 'money', message: FORM_TEXTS.moneyInvalid },
    ]);
  });
});

describe('validateParts: all errors of every part, no early stop (§5)', () => {
  const schemas = {
    insurer: yup.object({ lastName: requiredField('latinHyphen'), phone: requiredField('phone'), email: fieldSchemas.email() }),
    vehicle: yup.object({ vin: requiredField('vin'), plate: fieldSchemas.plate() }),
    extra: yup.object({ note: yup.string() }),
  };
  test('collects every error with path, type and message', () => {
    const errors = validateParts(schemas, {
      insurer: { lastName: '', phone: '+7 (312) 000-00-00', email: 'bad' },
      vehicle: { vin: 'XTA2109904359375I', plate: 'А12ВС77' },
    });
    expect(errors).toEqual({
      insurer: [
        { path: 'lastName', type: 'required', message: 'Обязательное поле' },
        { path: 'phone', type: 'phone', message: 'Номер телефона должен начинаться с +7 4, +7 8 или +7 9' },
        { path: 'email', type: 'email', message: 'Неправильный email' },
      ],
      vehicle: [
        { path: 'vin', type: 'vin', message: FORM_TEXTS.vinInvalid },
        { path: 'plate', type: 'plate', message: FORM_TEXTS.plateInvalid },
      ],
      extra: [],
    });
    expect(hasPartErrors(errors)).toBe(true);
    expect(flattenPartErrors(errors).map((e) => e.path)).toEqual(['insurer.lastName', 'insurer.phone', 'insurer.email', 'vehicle.vin', 'vehicle.plate']);
    expect(errorsByPath(flattenPartErrors(errors))['vehicle.vin']).toBe(FORM_TEXTS.vinInvalid);
  });
  test('a valid form has no errors', () => {
    const errors = validateParts(schemas, {
      insurer: { lastName: 'Smith', phone: '+7 (912) 345-67-89' },
      vehicle: { vin: 'XTA21099043593751' },
    });
    expect(hasPartErrors(errors)).toBe(false);
  });
});

describe('dropdown helpers (§5)', () => {
  const options = [
    { key: 3, text: 'Ренессанс' },
    { key: 1, text: 'Альфа' },
    { key: 2, text: 'ВСК' },
    { key: 1, text: 'Альфа (дубль)' },
    { key: '1', text: 'Ключ-строка' },
    { key: 4, text: 'альфа-страхование' },
    { key: 5, text: 'Ёлка' },
  ];
  test('de-duplicated by key (first wins) and sorted by text', () => {
    expect(prepareDropdownOptions(options).map((o) => o.text)).toEqual(['Альфа', 'альфа-страхование', 'ВСК', 'Ёлка', 'Ключ-строка', 'Ренессанс']);
  });
  test('search is case-insensitive on the label', () => {
    expect(searchDropdownOptions(options, 'АЛЬФА').map((o) => o.key)).toEqual([1, 1, 4]);
    expect(searchDropdownOptions([{ key: 1, text: 'Shown', label: 'Ингосстрах' }], 'ингос')).toHaveLength(1);
    expect(searchDropdownOptions([{ key: 1, text: 'Ингосстрах', label: 'Shown' }], 'ингос')).toHaveLength(0);
    expect(searchDropdownOptions(options, '')).toHaveLength(options.length);
    expect(searchDropdownOptions(options, 'елка').map((o) => o.key)).toEqual([5]);
    expect(searchDropdownOptions(options, 'нет такого')).toEqual([]);
    expect(DROPDOWN_EMPTY_TEXT).toBe('Не найдено');
  });
  test('antd filterOption', () => {
    expect(dropdownFilter('вск', { label: 'ВСК' })).toBe(true);
    expect(dropdownFilter('вск', { label: 'Согаз' })).toBe(false);
    expect(dropdownFilter('вск', {})).toBe(false);
  });
});

describe('suggestion mappers (§3)', () => {
  test('address', () => {
    const s = toAddressSuggestion({
      value: 'г Москва, ул Тверская, д 7',
      unrestricted_value: '125009, г Москва, ул Тверская, д 7',
      data: {
        postal_code: '125009', country: 'Россия', country_iso_code: 'RU', federal_district: 'Центральный',
        region_with_type: 'г Москва', region_fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', region_kladr_id: '7700000000000',
        area_with_type: null, city_with_type: 'г Москва', city_fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', city_kladr_id: '7700000000000',
        street_with_type: 'ул Тверская', street_fias_id: 'abc', street_kladr_id: '77000000000287700',
        house: '7', house_fias_id: 'def', house_kladr_id: '7700000000028770001', block: null, flat: null, fias_level: '8',
      },
    });
    expect(s).toMatchObject({
      value: 'г Москва, ул Тверская, д 7', result: '125009, г Москва, ул Тверская, д 7', address: 'г Москва, ул Тверская, д 7',
      postalCode: '125009', country: 'Россия', countryISO: 'RU', federalDistrict: 'Центральный', region: 'г Москва', subregion: null,
      city: 'г Москва', street: 'ул Тверская', house: '7', block: null, flat: null, fiasLevel: '8',
      regionKladrId: '7700000000000', streetKladrId: '77000000000287700', houseFiasId: 'def', settlementFiasId: null,
    });
  });
  test('name, bank, issuer', () => {
    expect(toNameSuggestion({ value: 'Иван', unrestricted_value: 'Иван', data: { surname: null, name: 'Иван', patronymic: null, gender: 'MALE', qc: '0', source: null } }))
      .toEqual({ gender: 'MALE', name: 'Иван', patronymic: null, surname: null, qc: '0', source: null });
    expect(toNameSuggestion({ value: 'Саша', unrestricted_value: 'Саша', data: null }).gender).toBe('UNKNOWN');
    expect(toBankSuggestion({ value: 'ПАО Сбербанк', unrestricted_value: 'ПАО Сбербанк', data: { bic: '044525225', correspondent_account: '30101810400000000225', kpp: '773601001', name: { payment: 'ПАО СБЕРБАНК', short: 'Сбербанк' }, address: null } }))
      .toEqual({ name: 'ПАО СБЕРБАНК', bic: '044525225', correspondentAccount: '30101810400000000225', kpp: '773601001' });
    expect(toIssuerSuggestion({ value: 'ОВД', unrestricted_value: 'ОВД', data: { code: '770-001', name: 'ОВД', region_code: '77', type: '2' } }))
      .toEqual({ code: '770-001', name: 'ОВД', region_code: '77', type: '2' });
  });
});

describe('suggestion request schemas', () => {
  test('defaults and limits', () => {
    expect(suggestAddressSchema.validateSync({ query: 'моск' })).toMatchObject({ query: 'моск', count: 10 });
    expect(collectErrors(suggestAddressSchema, { query: 'моск', count: 21 }).map((e) => e.message)).toEqual(['Поле «count» должно быть не больше 20']);
    expect(collectErrors(suggestAddressSchema, { query: '   ' }).map((e) => e.message)).toEqual(['Поле «query» обязательно']);
    expect(collectErrors(suggestAddressSchema, { query: 5 }).map((e) => e.message)).toEqual(['Поле «query» должно быть строкой']);
    expect(collectErrors(suggestAddressSchema, { query: 'x'.repeat(301) }).map((e) => e.message)).toEqual(['Поле «query»: максимальная длина 300']);
    expect(collectErrors(suggestAddressSchema, { query: 'x', from_bound: { value: 'planet' } }).map((e) => e.path)).toEqual(['from_bound.value']);
    expect(collectErrors(suggestFioSchema, { query: 'ив', parts: ['NAME', 'FOO'], gender: 'X' }).map((e) => e.path)).toEqual(['parts[1]', 'gender']);
    expect(collectErrors(suggestFioSchema, { query: 'ив', parts: 'NAME' }).map((e) => e.message)).toEqual(['Поле «parts» должно быть списком']);
  });
});
