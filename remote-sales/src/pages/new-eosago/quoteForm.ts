import * as yup from 'yup';
import { FORM_TEXTS, OSAGO_MAX_DRIVERS, fieldSchemas, formatDate, moscowCalendarDay, toIsoDate, type EosagoContractDetails, type OsagoCalculateRequest } from '@oyster/shared-kit/domain';

/**
 * The calculator's form: the rating factors (what the quote needs) and each named driver's name;
 * beside it the documents as far as the agent has them (CalculatorDetails) — both go to the contract
 * made from an offer, whose steps ask what is still missing.
 */
export interface QuoteValues {
  category: string;
  ownerType: 'FL' | 'YL';
  powerHp: number | null;
  year: number | null;
  taxi: boolean;
  trailer: boolean;
  /** The address field's text, and the suggestion chosen for it (the server needs its region code and city). */
  address: string;
  addressSuggestion: { value: string; data: Record<string, unknown> } | null;
  unrestricted: boolean;
  ownerLicence: string;
  drivers: { birthDate: string; experienceSince: string; licence: string; name: string }[];
  periodMonths: number;
  startDate: string; // dd.mm.yyyy
  grossViolation: boolean;
}

/** The documents (vehicle, owner, insurant) typed so far; the owner's address and the year are the factors'. */
export type CalculatorDetails = Partial<EosagoContractDetails>;
export const initialDetails = (): CalculatorDetails => ({ insurantIsOwner: true });

export const ADDRESS_NOT_CHOSEN = 'Выберите адрес из подсказок';
export const emptyDriver = () => ({ birthDate: '', experienceSince: '', licence: '', name: '' });

/** dd.mm.yyyy → YYYY-MM-DD (the api's dates); the form's schema has checked the date already. */
const isoFromRu = (text: string) => toIsoDate(text) ?? text;
const ruFromDate = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;

export function initialQuoteValues(now = new Date()): QuoteValues {
  // Tomorrow in Moscow: the start date's rules and the payment link's end are Moscow's.
  const tomorrow = moscowCalendarDay(now, 1);
  return {
    category: 'B',
    ownerType: 'FL',
    powerHp: null,
    year: null,
    taxi: false,
    trailer: false,
    address: '',
    addressSuggestion: null,
    unrestricted: false,
    ownerLicence: '',
    drivers: [emptyDriver()],
    periodMonths: 12,
    startDate: ruFromDate(tomorrow),
    grossViolation: false,
  };
}

const required = FORM_TEXTS.required;

export function quoteSchema(now = new Date()) {
  const today = moscowCalendarDay(now);
  const todayText = ruFromDate(today);
  return yup.object({
    category: yup.string().required(required),
    ownerType: yup.string().required(required),
    powerHp: yup.number().nullable().required(required).min(1, 'Мощность больше нуля').max(2000, 'Не больше 2000 л. с.'),
    year: yup.number().nullable().min(1900, 'Год не раньше 1900').max(today.getFullYear() + 1, 'Год не позже следующего'),
    // The api rates by the suggestion's region code and city: a typed text alone is not enough.
    address: yup
      .string()
      .required(required)
      .test('chosen', ADDRESS_NOT_CHOSEN, (v, ctx) => !v || ctx.parent.addressSuggestion?.value === v),
    ownerLicence: fieldSchemas.licence(),
    drivers: yup.array().when('unrestricted', {
      is: false,
      then: () =>
        yup
          .array(
            yup.object({
              birthDate: fieldSchemas.date({ max: todayText }).required(required),
              experienceSince: fieldSchemas.date({ max: todayText }).required(required),
              licence: fieldSchemas.licence().required(required),
            }),
          )
          .min(1)
          .max(OSAGO_MAX_DRIVERS),
      otherwise: (s) => s.strip(),
    }),
    periodMonths: yup.number().required(required),
    startDate: fieldSchemas.date({ min: todayText }).required(required),
  });
}

/** The form's values as the api's request. */
export function toRequest(v: QuoteValues): OsagoCalculateRequest {
  return {
    vehicle: {
      category: v.category,
      powerHp: v.powerHp ?? 0,
      ownerType: v.ownerType,
      ...(v.year ? { year: v.year } : {}),
      ...(v.taxi ? { taxi: true } : {}),
      ...(v.trailer ? { trailer: true } : {}),
    },
    owner: { address: v.addressSuggestion!, ...(v.unrestricted && v.ownerLicence ? { licence: v.ownerLicence } : {}) },
    ...(v.unrestricted
      ? { unrestricted: true }
      : { drivers: v.drivers.map((d) => ({ birthDate: isoFromRu(d.birthDate), experienceSince: isoFromRu(d.experienceSince), licence: d.licence })) }),
    periodMonths: v.periodMonths,
    startDate: isoFromRu(v.startDate),
    ...(v.grossViolation ? { grossViolation: true } : {}),
  };
}

/**
 * The documents for the contract made from an offer: what was typed, with the factors' owner
 * address and year, and the named drivers' names in the calculation's order.
 */
export function contractDetailsOf(v: QuoteValues, d: CalculatorDetails): CalculatorDetails {
  const address = v.addressSuggestion?.value ?? (v.address || null);
  const names = v.unrestricted ? [] : v.drivers.map((x) => x.name.trim());
  return {
    ...d,
    vehicle: { ...(d.vehicle ?? {}), year: v.year ?? d.vehicle?.year ?? null } as EosagoContractDetails['vehicle'],
    owner: { ...(d.owner ?? {}), address } as EosagoContractDetails['owner'],
    ...(names.some(Boolean) ? { driverNames: names } : {}),
  };
}


/**
 * The form filled from a stored calculation and its documents (a renewal: GET /api/v2/renewals/:id/quote,
 * the start date already the day after the old policy's end): the inverse of toRequest, the named
 * drivers' names from the documents.
 */
export function quoteValuesOf(calc: OsagoCalculateRequest, details: CalculatorDetails): QuoteValues {
  const names = details.driverNames ?? [];
  const address = calc.owner.address as { value: string; data?: Record<string, unknown> };
  return {
    ...initialQuoteValues(),
    category: calc.vehicle.category,
    ownerType: calc.vehicle.ownerType === 'YL' ? 'YL' : 'FL',
    powerHp: calc.vehicle.powerHp ?? null,
    year: calc.vehicle.year ?? details.vehicle?.year ?? null,
    taxi: !!calc.vehicle.taxi,
    trailer: !!calc.vehicle.trailer,
    address: address.value,
    addressSuggestion: { value: address.value, data: address.data ?? {} },
    unrestricted: !!calc.unrestricted,
    ownerLicence: calc.owner.licence ?? '',
    drivers: calc.unrestricted || !calc.drivers?.length
      ? [emptyDriver()]
      : calc.drivers.map((d, i) => ({ birthDate: formatDate(d.birthDate), experienceSince: formatDate(d.experienceSince), licence: d.licence, name: names[i] ?? '' })),
    periodMonths: calc.periodMonths,
    startDate: formatDate(calc.startDate),
    grossViolation: !!calc.grossViolation,
  };
}
