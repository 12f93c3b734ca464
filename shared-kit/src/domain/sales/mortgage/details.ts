/**
 * What the insurer needs of a mortgage policy once an offer is chosen (the «Страхователь» step of
 * new-ipoteka, saved on the server as the agent types): the insurant — the borrower who signs and pays,
 * borrower 1 of the calculation when lives are insured — with the passport and contacts, the names of the
 * other insured borrowers, the pledged property's address and cadastral number, the loan agreement's
 * number and date. The same checks run in the page and in the api
 * (PATCH /api/v2/products/ipoteka/contracts/:id/details): messages name the field.
 */
import * as yup from 'yup';
import { EMAIL_PATTERN } from '../../login';
import { formatDate } from '../../format';
import { wholeYears } from '../osago/rating';
import { PASSPORT_NUMBER_PATTERN, PASSPORT_SERIES_PATTERN } from '../contractDetails';
import type { SummaryBlock } from '../products';
import { fields } from '../ratingKit';
import { MORTGAGE_MAX_BORROWERS, type MortgageCalculateRequest } from './input';

/** Росреестр's cadastral number: «77:01:0001001:1234». */
export const CADASTRAL_NUMBER_PATTERN = /^\d{2}:\d{2}:\d{6,7}:\d{1,6}$/;
const PHONE = /^\+7\d{10}$/;
export const MORTGAGE_INSURANT_MIN_AGE = 18;

export interface MortgageInsurant {
  lastName?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  birthDate?: string | null;
  passport?: { series?: string | null; number?: string | null; issuedAt?: string | null; issuer?: string | null } | null;
}

export interface MortgageContractDetails {
  insurant: MortgageInsurant;
  contacts: { phone?: string | null; email?: string | null };
  /** Borrowers 2…N of the calculation (borrower 1 is the insurant): their names, in the calculation's order. */
  coBorrowers: { lastName?: string | null; firstName?: string | null; middleName?: string | null }[];
  property: { address?: string | null; cadastralNumber?: string | null };
  loan: { number?: string | null; date?: string | null };
}

const f = (path: string) => `Поле «${path}»`;
const text = (path: string, max: number) => fields.text(path, max).nullable();
const part = <T extends yup.AnyObject>(path: string, shape: yup.ObjectShape) =>
  yup
    .object<T>(shape)
    .noUnknown(true, `${f(path)}: лишнее поле`)
    .default(undefined)
    .nullable()
    .label(path);

/** PATCH …/details: every part optional (the steps save as the agent goes), each checked for its shape. */
export const mortgageDetailsSchema = yup.object({
  details: yup
    .object({
      insurant: part('details.insurant', {
        lastName: text('details.insurant.lastName', 100),
        firstName: text('details.insurant.firstName', 100),
        middleName: text('details.insurant.middleName', 100),
        birthDate: fields.date('details.insurant.birthDate').nullable(),
        passport: part('details.insurant.passport', {
          series: text('details.insurant.passport.series', 4).matches(PASSPORT_SERIES_PATTERN, { message: `${f('details.insurant.passport.series')}: 4 цифры`, excludeEmptyString: true }),
          number: text('details.insurant.passport.number', 6).matches(PASSPORT_NUMBER_PATTERN, { message: `${f('details.insurant.passport.number')}: 6 цифр`, excludeEmptyString: true }),
          issuedAt: fields.date('details.insurant.passport.issuedAt').nullable(),
          issuer: text('details.insurant.passport.issuer', 300),
        }),
      }),
      contacts: part('details.contacts', {
        phone: text('details.contacts.phone', 30)
          .transform((v: unknown) => (typeof v === 'string' ? v.replace(/[\s()-]/g, '').replace(/^8(\d{10})$/, '+7$1') : v))
          .matches(PHONE, { message: `${f('details.contacts.phone')}: номер в формате +7 999 999-99-99`, excludeEmptyString: true }),
        email: text('details.contacts.email', 120).matches(EMAIL_PATTERN, { message: `${f('details.contacts.email')}: адрес почты вида name@example.ru`, excludeEmptyString: true }),
      }),
      coBorrowers: yup
        .array(
          yup
            .object({
              lastName: text('details.coBorrowers[].lastName', 100),
              firstName: text('details.coBorrowers[].firstName', 100),
              middleName: text('details.coBorrowers[].middleName', 100),
            })
            .noUnknown(true, `${f('details.coBorrowers[]')}: лишнее поле`),
        )
        .max(MORTGAGE_MAX_BORROWERS - 1, `${f('details.coBorrowers')}: не больше ${MORTGAGE_MAX_BORROWERS - 1} созаёмщиков`)
        .nullable()
        .label('details.coBorrowers'),
      property: part('details.property', {
        address: text('details.property.address', 500),
        cadastralNumber: text('details.property.cadastralNumber', 40).matches(CADASTRAL_NUMBER_PATTERN, {
          message: `${f('details.property.cadastralNumber')}: кадастровый номер вида 77:01:0001001:1234`,
          excludeEmptyString: true,
        }),
      }),
      loan: part('details.loan', {
        number: text('details.loan.number', 60),
        date: fields.date('details.loan.date').nullable(),
      }),
    })
    .noUnknown(true, `${f('details')}: лишнее поле`)
    .required(fields.required('details'))
    .label('details'),
});

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The first thing still missing before «Отправить страховщику» (its field path and a Russian message), or
 * null when the insurer has all it needs.
 */
export function missingMortgageDetail(d: Partial<MortgageContractDetails>, calc: MortgageCalculateRequest): { field: string; message: string } | null {
  const p = d.insurant ?? {};
  const checks: [unknown, string, string][] = [
    [p.lastName, 'details.insurant.lastName', 'Страхователь: фамилия'],
    [p.firstName, 'details.insurant.firstName', 'Страхователь: имя'],
    [p.birthDate, 'details.insurant.birthDate', 'Страхователь: дата рождения'],
    [p.passport?.series, 'details.insurant.passport.series', 'Страхователь: серия паспорта'],
    [p.passport?.number, 'details.insurant.passport.number', 'Страхователь: номер паспорта'],
    [p.passport?.issuedAt, 'details.insurant.passport.issuedAt', 'Страхователь: дата выдачи паспорта'],
  ];
  const miss = checks.find(([v]) => blank(v));
  if (miss) return { field: miss[1], message: miss[2] };
  if (wholeYears(p.birthDate!, calc.startDate) < MORTGAGE_INSURANT_MIN_AGE) return { field: 'details.insurant.birthDate', message: `Страхователю должно быть не меньше ${MORTGAGE_INSURANT_MIN_AGE} лет на дату начала` };
  const borrowers = calc.life ? (calc.borrowers ?? []) : [];
  if (borrowers.length && borrowers[0].birthDate !== p.birthDate) {
    return { field: 'details.insurant.birthDate', message: `Страхователь — заёмщик 1: дата рождения должна быть ${formatDate(borrowers[0].birthDate)}, как в расчёте` };
  }
  if (blank(d.contacts?.phone)) return { field: 'details.contacts.phone', message: 'Страхователь: телефон' };
  for (let i = 1; i < borrowers.length; i++) {
    const b = d.coBorrowers?.[i - 1] ?? {};
    const who = `Заёмщик ${i + 1} (дата рождения ${formatDate(borrowers[i].birthDate)})`;
    if (blank(b.lastName)) return { field: `details.coBorrowers[${i - 1}].lastName`, message: `${who}: фамилия` };
    if (blank(b.firstName)) return { field: `details.coBorrowers[${i - 1}].firstName`, message: `${who}: имя` };
  }
  if (blank(d.property?.address)) return { field: 'details.property.address', message: 'Имущество: адрес' };
  if (blank(d.property?.cadastralNumber)) return { field: 'details.property.cadastralNumber', message: 'Имущество: кадастровый номер' };
  if (blank(d.loan?.number)) return { field: 'details.loan.number', message: 'Кредитный договор: номер' };
  if (blank(d.loan?.date)) return { field: 'details.loan.date', message: 'Кредитный договор: дата' };
  return null;
}

const fullName = (p: { lastName?: string | null; firstName?: string | null; middleName?: string | null } | undefined) => [p?.lastName, p?.firstName, p?.middleName].filter((x) => !blank(x)).join(' ');

/** The insurant's full name (the contract list's «Клиент»), or null before it is typed. */
export function mortgageClientName(d: Partial<MortgageContractDetails>): string | null {
  return fullName(d.insurant) || null;
}

/** The insurant, the co-borrowers, the property and the loan agreement: a block of the contract page and the PDFs. */
export function mortgageDetailsBlock(d: Partial<MortgageContractDetails>, calc: MortgageCalculateRequest): SummaryBlock {
  const p = d.insurant ?? {};
  const pass = p.passport;
  const borrowers = calc.life ? (calc.borrowers ?? []) : [];
  return {
    title: 'Страхователь и кредитный договор',
    rows: [
      { label: 'Страхователь', value: mortgageClientName(d) ?? '—' },
      { label: 'Дата рождения', value: p.birthDate ? formatDate(p.birthDate) : '—' },
      { label: 'Паспорт', value: pass?.number ? `${pass.series ?? ''} ${pass.number}${pass.issuedAt ? ` от ${formatDate(pass.issuedAt)}` : ''}`.trim() : '—' },
      { label: 'Телефон', value: d.contacts?.phone || '—' },
      ...(d.contacts?.email ? [{ label: 'E-mail', value: d.contacts.email }] : []),
      { label: 'Адрес имущества', value: d.property?.address || '—' },
      { label: 'Кадастровый номер', value: d.property?.cadastralNumber || '—' },
      { label: 'Кредитный договор', value: d.loan?.number ? `№ ${d.loan.number}${d.loan.date ? ` от ${formatDate(d.loan.date)}` : ''}` : '—' },
    ],
    lines: borrowers.slice(1).map((_, i) => `Заёмщик ${i + 2}: ${fullName(d.coBorrowers?.[i]) || 'ФИО не заполнено'}`),
  };
}
