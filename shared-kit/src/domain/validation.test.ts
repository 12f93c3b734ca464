import { collectErrors, loginSchema, loginErrors, isEmail, httpErrorReaction, formatMoney, formatDate, copyrightLine, companyProductItems, COMPANY_CATALOGUE } from './index';

describe('login form validation (§5)', () => {
  test.each<[Record<string, unknown>, Array<[string, string]>]>([
    [{ email: '', password: '' }, [['email', 'email обязательное поле'], ['password', 'Пароль обязательное поле']]],
    [{ email: 'agent@', password: 'Oyster2026!' }, [['email', 'Неправильный email']]],
    [{ email: 'agent@oyster.test', password: 'short' }, [['password', 'Минимальная длина пароля 8 символов']]],
    [{ email: 'agent@oyster.test', password: '12345678' }, []],
  ])('%j', (value, expected) => {
    expect(collectErrors(loginSchema, value).map((e) => [e.path, e.message])).toEqual(expected);
  });
  // The login page checks with loginErrors (no yup on its first paint), the api with loginSchema.
  test.each([
    ['', ''], ['  ', 'x'], ['agent@', 'Oyster2026!'], [' agent@oyster.test ', 'short'], ['agent@oyster.test', '1234567'],
    ['agent@oyster.test', '12345678'], ['x@domain.museum', ''], ['a.b-c_d@mail.ru', '        '], ['x y@mail.ru', 'пароль-длинный'],
  ])('the page and the api agree on %j / %j', (email, password) => {
    const api = Object.fromEntries(collectErrors(loginSchema, { email, password }).map((e) => [e.path, e.message]));
    expect(loginErrors({ email, password })).toEqual(api);
  });
  test.each([
    ['a.b-c_d@mail.ru', true],
    ['x@sub.domain.info', true],
    ['x@domain.museum', false],
    ['x y@mail.ru', false],
    ['@mail.ru', false],
  ])('email %s → %s', (v, ok) => expect(isEmail(v)).toBe(ok));
});

describe('HTTP error catalogue (§8, §9)', () => {
  test.each<[number, string | null, string, number]>([
    [400, 'Поле «email» заполнено неверно', 'Поле «email» заполнено неверно', 5],
    [403, null, 'Нет доступа к данному ресурсу', 15],
    [403, 'Только для администраторов', 'Только для администраторов', 15],
    [404, 'whatever', 'Запрашиваемый ресурс не найден', 5],
    [429, null, 'Слишком много запросов', 5],
    [500, 'stack', 'Системная ошибка. Обратитесь к администратору', 5],
    [502, null, 'Системная ошибка. Обратитесь к администратору', 5],
    // The database away for a moment: the api's own Russian text, not «Системная ошибка».
    [503, 'Сервис временно недоступен. Повторите попытку через минуту', 'Сервис временно недоступен. Повторите попытку через минуту', 5],
    [503, null, 'Сервис временно недоступен. Повторите попытку через минуту', 5],
  ])('%i %s → %s for %is', (status, msg, text, sec) => {
    const r = httpErrorReaction(status, msg);
    expect(r.kind).toBe('toast');
    expect(r.text).toBe(text);
    expect(r.durationSec).toBe(sec);
  });
  test('401 logs out with «Вы не авторизованы»', () => {
    expect(httpErrorReaction(401, 'x')).toEqual({ kind: 'logout', text: 'Вы не авторизованы', durationSec: 5 });
  });
});

describe('formatting', () => {
  test('money in kopecks → «1 234,56 ₽»', () => {
    expect(formatMoney(123456)).toBe('1\u00a0234,56\u00a0₽');
    expect(formatMoney(0)).toBe('0,00\u00a0₽');
    expect(formatMoney(100000000)).toBe('1\u00a0000\u00a0000,00\u00a0₽');
  });
  test('dates dd.mm.yyyy', () => {
    expect(formatDate(new Date(2026, 10, 2))).toBe('02.11.2026');
    expect(formatDate('garbage')).toBe('');
  });
  test('copyright line', () => {
    expect(copyrightLine(new Date(2026, 0, 1))).toBe('© 2007–2026');
  });
  test('legal-entity product shows three items', () => {
    expect(companyProductItems(COMPANY_CATALOGUE[0].products[0])).toEqual(['+10 за полис', 'до 8%', 'до 16 р.ч.']);
  });
});
