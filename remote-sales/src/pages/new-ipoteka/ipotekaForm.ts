import { setIn, type FormikErrors } from 'formik';
import {
  FORM_TEXTS,
  MORTGAGE_BANKS,
  collectErrors,
  formatDate,
  moscowCalendarDay,
  mortgageDetailsSchema,
  toIsoDate,
  validateMortgageInput,
  type BorrowerSex,
  type MortgageCalculateRequest,
  type MortgageContractDetails,
  type MortgageProperty,
} from '@oyster/shared-kit/domain';

/**
 * The mortgage calculator's form (new-ipoteka): what the agent types (dates as the kit's dd.mm.yyyy, money in
 * kopecks) → the api's calculation (shared-kit sales/mortgage), checked by shared-kit's own schema with its
 * messages made plain for the agent; and the details form after «Оформить».
 */
export interface MortgageValues {
  bank: string;
  /** The bank's requirements the agent has gone through with the client (indexes into its checklist). */
  ticked: number[];
  balance: number | null;
  property: MortgageProperty | '';
  startDate: string;
  years: number;
  policyYear: number | null;
  life: boolean;
  title: boolean;
  borrowers: { birthDate: string; sex: BorrowerSex | ''; share: number | null }[];
}

/** The calculation steps (MORTGAGE_STEPS' first three) and the fields each asks (checked at «Далее»). */
export const CALC_STEPS = [
  { key: 'bank', fields: ['bank', 'ticked'] },
  { key: 'loan', fields: ['balance', 'property', 'startDate', 'years', 'policyYear', 'life', 'title'] },
  { key: 'borrowers', fields: ['borrowers'] },
] as const;
export const stepOfField = (path: string) => CALC_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(path.split(/[.[]/)[0]));

const iso = (text: string) => toIsoDate(text) ?? text;

export function initialMortgageValues(now = new Date()): MortgageValues {
  return {
    bank: '',
    ticked: [],
    balance: null,
    property: 'flat',
    // A Date at local midnight: formatted as it is (toISOString would step back a day east of UTC).
    startDate: formatDate(moscowCalendarDay(now, 1)),
    years: 1,
    policyYear: 1,
    life: true,
    title: false,
    borrowers: [{ birthDate: '', sex: '', share: 100 }],
  };
}

export function toMortgageRequest(v: MortgageValues): MortgageCalculateRequest {
  return {
    // An empty choice is «not given» (the kit's «Обязательное поле»), not a wrong one.
    bank: v.bank || (undefined as never),
    balance: v.balance as number,
    property: (v.property || undefined) as MortgageProperty,
    life: v.life,
    ...(v.life ? { borrowers: v.borrowers.map((b) => ({ birthDate: iso(b.birthDate), sex: (b.sex || undefined) as BorrowerSex, share: b.share as number })) } : {}),
    title: v.title,
    startDate: iso(v.startDate),
    ...(v.policyYear && v.policyYear !== 1 ? { policyYear: v.policyYear } : {}),
    years: v.years,
  };
}

/** A stored calculation back into the form (a renewal's: its start moved on, the next policy year). */
export function mortgageValuesOf(req: MortgageCalculateRequest): MortgageValues {
  const bank = MORTGAGE_BANKS.find((b) => b.code === req.bank);
  return {
    bank: req.bank,
    ticked: bank ? bank.requirements.map((_, i) => i) : [],
    balance: req.balance,
    property: req.property,
    startDate: formatDate(req.startDate),
    years: req.years ?? 1,
    policyYear: req.policyYear ?? 1,
    life: req.life,
    title: req.title,
    borrowers: (req.borrowers ?? []).length ? req.borrowers!.map((b) => ({ birthDate: formatDate(b.birthDate), sex: b.sex, share: b.share })) : [{ birthDate: '', sex: '', share: 100 }],
  };
}

/** shared-kit's message for the agent: the field's api name dropped, «обязательно» as the kit says it. */
export function plainMessage(message: string): string {
  if (/^Поле «[^»]+» обязательно$/.test(message)) return FORM_TEXTS.required;
  const rest = message.replace(/^Поле «[^»]+»:?\s*/, '');
  return rest ? rest[0].toUpperCase() + rest.slice(1) : message;
}

/** The bank's obligatory requirements the agent has not ticked yet. */
export const untickedRequired = (v: Pick<MortgageValues, 'bank' | 'ticked'>) =>
  (MORTGAGE_BANKS.find((b) => b.code === v.bank)?.requirements ?? []).map((r, i) => ({ ...r, i })).filter((r) => r.required && !v.ticked.includes(r.i));

/** Formik errors of the calculation (the paths shared-kit names: `balance`, `borrowers[1].share`), and the checklist's. */
export function mortgageErrors(v: MortgageValues): FormikErrors<MortgageValues> {
  let errors: FormikErrors<MortgageValues> = {};
  for (const e of validateMortgageInput(toMortgageRequest(v))) {
    // A blank date is «обязательно», not a malformed one.
    const message = /birthDate|startDate/.test(e.path) && /ГГГГ-ММ-ДД/.test(e.message) && !/\d/.test(String(getPath(v, e.path) ?? '')) ? FORM_TEXTS.required : plainMessage(e.message);
    // The borrowers' own message (none given, the shares' sum) beside the list, not in place of it.
    const path = e.path === 'borrowers' ? 'borrowersTotal' : e.path;
    if (path && !getPathError(errors, path)) errors = setIn(errors, path, message);
  }
  if (untickedRequired(v).length) errors = setIn(errors, 'ticked', 'Отметьте обязательные требования банка');
  return errors;
}

const getPath = (o: unknown, path: string): unknown => path.split(/[.[\]]+/).filter(Boolean).reduce<unknown>((x, k) => (x == null ? x : (x as Record<string, unknown>)[k]), o);
const getPathError = (errors: object, path: string) => getPath(errors, path);

/** The details form: the insurant, the co-borrowers, the property, the loan agreement (dates as dd.mm.yyyy). */
export interface DetailsValues {
  insurant: { lastName: string; firstName: string; middleName: string; birthDate: string; series: string; number: string; issuedAt: string; issuer: string };
  contacts: { phone: string; email: string };
  coBorrowers: { lastName: string; firstName: string; middleName: string }[];
  property: { address: string; cadastralNumber: string };
  loan: { number: string; date: string };
}

/** The saved details into the form; the insurant's birth date defaults to borrower 1's (the insurant is borrower 1). */
export function detailsValuesOf(d: Partial<MortgageContractDetails>, calc: MortgageCalculateRequest): DetailsValues {
  const p = d.insurant ?? {};
  const borrowers = calc.life ? (calc.borrowers ?? []) : [];
  const birth = p.birthDate ?? borrowers[0]?.birthDate ?? null;
  return {
    insurant: {
      lastName: p.lastName ?? '',
      firstName: p.firstName ?? '',
      middleName: p.middleName ?? '',
      birthDate: birth ? formatDate(birth) : '',
      series: p.passport?.series ?? '',
      number: p.passport?.number ?? '',
      issuedAt: p.passport?.issuedAt ? formatDate(p.passport.issuedAt) : '',
      issuer: p.passport?.issuer ?? '',
    },
    contacts: { phone: d.contacts?.phone ?? '', email: d.contacts?.email ?? '' },
    coBorrowers: borrowers.slice(1).map((_, i) => ({ lastName: d.coBorrowers?.[i]?.lastName ?? '', firstName: d.coBorrowers?.[i]?.firstName ?? '', middleName: d.coBorrowers?.[i]?.middleName ?? '' })),
    property: { address: d.property?.address ?? '', cadastralNumber: d.property?.cadastralNumber ?? '' },
    loan: { number: d.loan?.number ?? '', date: d.loan?.date ? formatDate(d.loan.date) : '' },
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const dateOrNull = (s: string) => (s.trim() ? iso(s.trim()) : null);

/** What the api stores (empty fields as null: each part saved as typed so far). */
export function detailsOf(v: DetailsValues): MortgageContractDetails {
  const i = v.insurant;
  return {
    insurant: {
      lastName: orNull(i.lastName),
      firstName: orNull(i.firstName),
      middleName: orNull(i.middleName),
      birthDate: dateOrNull(i.birthDate),
      passport: { series: orNull(i.series), number: orNull(i.number), issuedAt: dateOrNull(i.issuedAt), issuer: orNull(i.issuer) },
    },
    contacts: { phone: orNull(v.contacts.phone), email: orNull(v.contacts.email) },
    coBorrowers: v.coBorrowers.map((b) => ({ lastName: orNull(b.lastName), firstName: orNull(b.firstName), middleName: orNull(b.middleName) })),
    property: { address: orNull(v.property.address), cadastralNumber: orNull(v.property.cadastralNumber) },
    loan: { number: orNull(v.loan.number), date: dateOrNull(v.loan.date) },
  };
}

/** The form path of an api field path (`details.insurant.passport.series` → `insurant.series`). */
export const formPathOf = (field: string) =>
  field
    .replace(/^details\./, '')
    .replace(/^insurant\.passport\./, 'insurant.')
    .replace(/\[(\d+)\]/g, '.$1');

/** Formik errors of the details, by shared-kit's schema (the api's). */
export function detailsErrors(v: DetailsValues): FormikErrors<DetailsValues> {
  let errors: FormikErrors<DetailsValues> = {};
  for (const e of collectErrors(mortgageDetailsSchema, { details: detailsOf(v) })) {
    const path = formPathOf(e.path.replace(/\[\]/g, ''));
    if (path) errors = setIn(errors, path, plainMessage(e.message));
  }
  return errors;
}
