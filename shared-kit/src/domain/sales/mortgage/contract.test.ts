import { offerOf } from '../ratingKit';
import { missingMortgageDetail, mortgageClientName, mortgageDetailsBlock, mortgageDetailsSchema, type MortgageContractDetails } from './details';
import { validateMortgageInput, type MortgageCalculateRequest } from './input';
import { mortgageSchedule, mortgageTerm, mortgageYearStart, rateMortgage, rateMortgageContract } from './rating';
import { mortgageSummary } from './steps';
import { collectErrors } from '../../validation';

/** A mortgage contract of several policy years (issue 25: «mortgage: yearly»), and what the insurer needs after the offer. */

const rub = (r: number) => r * 100;
const MAN_35 = { birthDate: '1991-03-01', sex: 'male' as const, share: 100 };
const loan = (over: Partial<MortgageCalculateRequest> = {}): MortgageCalculateRequest => ({
  bank: 'sber',
  balance: rub(3_000_000),
  property: 'flat',
  life: true,
  borrowers: [MAN_35],
  title: false,
  startDate: '2026-06-01',
  ...over,
});

describe('several policy years', () => {
  test('one year: the same offer as the year’s rating', () => {
    expect(rateMortgageContract(loan({ years: 1 }), 'ingos')).toEqual(rateMortgage(loan(), 'ingos'));
  });

  test('five years with title: 19 800 ₽ in years 1–3, 13 200 ₽ in years 4–5 (title only the first 3), one instalment each', () => {
    const o = offerOf(rateMortgageContract(loan({ years: 5, title: true }), 'ingos'));
    expect(o.instalments).toEqual([19_800, 19_800, 19_800, 13_200, 13_200].map(rub));
    expect(o.premium).toBe(rub(85_800));
    expect(o.notes).toContain('Титул не страхуется: 4-й год, титул — только первые 3 года');
    expect(o.notes.at(-1)).toBe(
      'Взносы по годам: 1-й год — 19\u00a0800,00\u00a0₽, 2-й год — 19\u00a0800,00\u00a0₽, 3-й год — 19\u00a0800,00\u00a0₽, 4-й год — 13\u00a0200,00\u00a0₽, 5-й год — 13\u00a0200,00\u00a0₽; следующие годы рассчитаны по сегодняшнему остатку долга, страховщик пересчитает их по остатку на начало года',
    );
  });

  test('a contract from the loan’s 3rd year: title in its first year only', () => {
    expect(offerOf(rateMortgageContract(loan({ years: 2, title: true, policyYear: 3 }), 'ingos')).instalments).toEqual([rub(19_800), rub(13_200)]);
  });

  test('each year at the borrower’s age on its first day: 39 → 40 → 41 moves the life rate from 0,3 % to 0,55 % in year 3', () => {
    // 3 300 000 × 0,55 % = 18 150 + property 3 300 = 21 450
    const o = offerOf(rateMortgageContract(loan({ years: 3, borrowers: [{ ...MAN_35, birthDate: '1986-07-01' }] }), 'ingos'));
    expect(o.instalments).toEqual([13_200, 13_200, 21_450].map(rub));
  });

  test('a year the insurer refuses refuses the contract, naming the year', () => {
    expect(rateMortgageContract(loan({ years: 3, borrowers: [{ ...MAN_35, birthDate: '1967-01-01' }] }), 'ingos')).toEqual({
      kind: 'refusal',
      insurer: 'ingos',
      reason: '3-й год страхования (с 01.06.2028): Заёмщик 1: страхование жизни старше 60 лет — по запросу к страховщику',
    });
  });

  test('term, years’ first days and the schedule: the first due today, the next on each anniversary', () => {
    expect(mortgageTerm(loan())).toEqual({ from: '2026-06-01', to: '2027-05-31' });
    expect(mortgageTerm(loan({ years: 5 }))).toEqual({ from: '2026-06-01', to: '2031-05-31' });
    expect(mortgageYearStart('2028-02-29', 1)).toBe('2029-03-01');
    expect(mortgageSchedule([3, 2, 1], loan({ years: 3 }), '2026-05-20')).toEqual([
      { dueDate: '2026-05-20', amount: 3 },
      { dueDate: '2027-06-01', amount: 2 },
      { dueDate: '2028-06-01', amount: 1 },
    ]);
    expect(() => mortgageSchedule([3, 2], loan({ years: 3 }), '2026-05-20')).toThrow();
  });

  test('the summary says the term of all the years', () => {
    const req = loan({ years: 3 });
    const [credit, , money] = mortgageSummary(req, offerOf(rateMortgageContract(req, 'ingos')), 'Ингосстрах').map((b) => Object.fromEntries(b.rows.map((r) => [r.label, r.value])));
    expect(credit['Срок страхования']).toBe('с 01.06.2026 по 31.05.2029 (1–3-й годы, взнос ежегодно)');
    expect(money['Платежи']).toBe('13\u00a0200,00\u00a0₽ + 13\u00a0200,00\u00a0₽ + 13\u00a0200,00\u00a0₽');
  });

  test('years: 1 to 5, in Russian naming the field', () => {
    const errors = (v: unknown) => validateMortgageInput(v).map((e) => [e.path, e.message]);
    expect(errors(loan({ years: 5 }))).toEqual([]);
    expect(errors(loan({ years: 6 }))).toEqual([['years', 'Поле «years»: срок страхования — от 1 до 5 лет']]);
    expect(errors(loan({ years: 0 }))).toEqual([['years', 'Поле «years»: срок страхования — от 1 до 5 лет']]);
    expect(errors(loan({ years: 1.5 }))).toEqual([['years', 'Поле «years»: срок страхования — целое число лет']]);
  });
});

describe('what the insurer needs after the offer', () => {
  const two = loan({ borrowers: [{ ...MAN_35, share: 60 }, { birthDate: '1993-08-15', sex: 'female', share: 40 }] });
  const FULL: MortgageContractDetails = {
    insurant: { lastName: 'Смирнов', firstName: 'Пётр', middleName: 'Ильич', birthDate: '1991-03-01', passport: { series: '4510', number: '123456', issuedAt: '2011-04-01', issuer: 'ОВД Тверской' } },
    contacts: { phone: '+79161234567', email: 'petr@example.ru' },
    coBorrowers: [{ lastName: 'Смирнова', firstName: 'Анна', middleName: null }],
    property: { address: 'г Москва, ул Тверская, д 1, кв 10', cadastralNumber: '77:01:0001001:1234' },
    loan: { number: 'ИК-2026/145', date: '2026-05-25' },
  };

  test('missing, in order: the insurant, borrower 1’s birth date, the phone, each co-borrower, the property, the loan', () => {
    expect(missingMortgageDetail({}, two)).toEqual({ field: 'details.insurant.lastName', message: 'Страхователь: фамилия' });
    expect(missingMortgageDetail({ ...FULL, insurant: { ...FULL.insurant, birthDate: '1990-01-01' } }, two)).toEqual({
      field: 'details.insurant.birthDate',
      message: 'Страхователь — заёмщик 1: дата рождения должна быть 01.03.1991, как в расчёте',
    });
    expect(missingMortgageDetail({ ...FULL, contacts: {} }, two)).toEqual({ field: 'details.contacts.phone', message: 'Страхователь: телефон' });
    expect(missingMortgageDetail({ ...FULL, coBorrowers: [] }, two)).toEqual({ field: 'details.coBorrowers[0].lastName', message: 'Заёмщик 2 (дата рождения 15.08.1993): фамилия' });
    expect(missingMortgageDetail({ ...FULL, property: { address: 'x' } }, two)).toEqual({ field: 'details.property.cadastralNumber', message: 'Имущество: кадастровый номер' });
    expect(missingMortgageDetail({ ...FULL, loan: { number: '1' } }, two)).toEqual({ field: 'details.loan.date', message: 'Кредитный договор: дата' });
    expect(missingMortgageDetail(FULL, two)).toBeNull();
    // Without life cover: no borrowers to match or name.
    expect(missingMortgageDetail({ ...FULL, coBorrowers: [], insurant: { ...FULL.insurant, birthDate: '1980-01-01' } }, loan({ life: false, borrowers: undefined }))).toBeNull();
  });

  test('the schema names the field in Russian', () => {
    const errors = (d: unknown) => collectErrors(mortgageDetailsSchema, { details: d }).map((e) => [e.path, e.message]);
    expect(errors(FULL)).toEqual([]);
    expect(errors({ property: { cadastralNumber: '12345' } })).toEqual([['details.property.cadastralNumber', 'Поле «details.property.cadastralNumber»: кадастровый номер вида 77:01:0001001:1234']]);
    expect(errors({ insurant: { passport: { series: '45' } } })).toEqual([['details.insurant.passport.series', 'Поле «details.insurant.passport.series»: 4 цифры']]);
    expect(errors({ loan: { date: '2026-02-30' } })).toEqual([['details.loan.date', 'Поле «details.loan.date»: дата в формате ГГГГ-ММ-ДД']]);
  });

  test('the block of the contract page and the PDFs; the client’s name', () => {
    expect(mortgageClientName(FULL)).toBe('Смирнов Пётр Ильич');
    const block = mortgageDetailsBlock(FULL, two);
    expect(Object.fromEntries(block.rows.map((r) => [r.label, r.value]))).toMatchObject({
      Паспорт: '4510 123456 от 01.04.2011',
      'Кадастровый номер': '77:01:0001001:1234',
      'Кредитный договор': '№ ИК-2026/145 от 25.05.2026',
    });
    expect(block.lines).toEqual(['Заёмщик 2: Смирнова Анна']);
  });
});
