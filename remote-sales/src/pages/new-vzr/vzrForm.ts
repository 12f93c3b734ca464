import { setIn, type FormikErrors } from 'formik';
import {
  FORM_TEXTS,
  TRAVEL_ZONE_SUMS,
  collectErrors,
  formatDate,
  moscowCalendarDay,
  toIsoDate,
  travelDetailsSchema,
  travelZone,
  validateTravelInput,
  type TravelCalculateRequest,
  type TravelContractDetails,
  type TravelOption,
  type TravelSport,
  type TravelSum,
} from '@oyster/shared-kit/domain';

/**
 * The travel calculator's form (new-vzr): what the agent types (dates as the kit's dd.mm.yyyy) → the api's
 * calculation (shared-kit sales/travel), checked by shared-kit's own schema with its messages made plain
 * for the agent («Поле «endDate»: дата окончания раньше даты начала» → «Дата окончания раньше даты начала»).
 */
export interface TravelValues {
  countries: string[];
  tripType: 'single' | 'multi';
  startDate: string;
  endDate: string;
  coveredDays: 30 | 90;
  travellers: { birthDate: string }[];
  sumInsured: TravelSum | null;
  sport: TravelSport;
  options: TravelOption[];
}

/** The calculation steps and the fields each asks (checked at «Далее»). */
export const CALC_STEPS = [
  { key: 'trip', fields: ['countries', 'tripType', 'startDate', 'endDate', 'coveredDays'] },
  { key: 'travellers', fields: ['travellers'] },
  { key: 'cover', fields: ['sumInsured', 'sport', 'options'] },
] as const;
export const stepOfField = (path: string) => CALC_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(path.split(/[.[]/)[0]));

// A Date at local midnight, formatted as it is (toISOString would step back a day east of UTC).
const ru = (d: Date) => formatDate(d);
const iso = (text: string) => toIsoDate(text) ?? text;

export function initialTravelValues(now = new Date()): TravelValues {
  const start = moscowCalendarDay(now, 7);
  const end = moscowCalendarDay(now, 20);
  return { countries: [], tripType: 'single', startDate: ru(start), endDate: ru(end), coveredDays: 30, travellers: [{ birthDate: '' }], sumInsured: null, sport: 'none', options: [] };
}

/** The sum insured the zone of these countries allows (the one chosen, if allowed; else the zone's first). */
export function sumForZone(countries: readonly string[], chosen: TravelSum | null): TravelSum | null {
  if (!countries.length) return chosen;
  const allowed = TRAVEL_ZONE_SUMS[travelZone(countries)];
  return chosen && allowed.includes(chosen) ? chosen : allowed[0];
}

export function toTravelRequest(v: TravelValues): TravelCalculateRequest {
  return {
    countries: v.countries,
    tripType: v.tripType,
    startDate: iso(v.startDate),
    ...(v.tripType === 'single' ? { endDate: iso(v.endDate) } : { coveredDays: v.coveredDays }),
    travellers: v.travellers.map((t) => ({ birthDate: iso(t.birthDate) })),
    sumInsured: v.sumInsured as TravelSum,
    sport: v.sport,
    ...(v.options.length ? { options: v.options } : {}),
  };
}

/**
 * A stored calculation back into the form (a renewal's, its start moved to the day after the old end): a
 * single trip's old end is then before the start, and is left for the agent to type.
 */
export function travelValuesOf(req: TravelCalculateRequest): TravelValues {
  const end = req.endDate && req.endDate >= req.startDate ? req.endDate : null;
  return {
    countries: req.countries,
    tripType: req.tripType,
    startDate: formatDate(req.startDate),
    endDate: end ? formatDate(end) : '',
    coveredDays: req.coveredDays ?? 30,
    travellers: req.travellers.map((t) => ({ birthDate: formatDate(t.birthDate) })),
    sumInsured: req.sumInsured,
    sport: req.sport,
    options: req.options ?? [],
  };
}

/** shared-kit's message for the agent: the field's api name dropped, «обязательно» as the kit says it. */
export function plainMessage(message: string): string {
  if (/^Поле «[^»]+» обязательно$/.test(message)) return FORM_TEXTS.required;
  const rest = message.replace(/^Поле «[^»]+»:?\s*/, '');
  return rest ? rest[0].toUpperCase() + rest.slice(1) : message;
}

/** Formik errors of the calculation (the paths shared-kit names: `endDate`, `travellers[1].birthDate`). */
export function travelErrors(v: TravelValues): FormikErrors<TravelValues> {
  let errors: FormikErrors<TravelValues> = {};
  for (const e of validateTravelInput(toTravelRequest(v))) {
    const path = e.path.startsWith('countries') ? 'countries' : e.path;
    if (path) errors = setIn(errors, path, plainMessage(e.message));
  }
  return errors;
}

/** The details form (travellers as in their passports, the insurant): dates as dd.mm.yyyy. */
export interface DetailsValues {
  travellers: { lastName: string; firstName: string; passport: string }[];
  insurant: { lastName: string; firstName: string; middleName: string; birthDate: string; phone: string; email: string };
}

export function detailsValuesOf(d: Partial<TravelContractDetails>, travellers: number): DetailsValues {
  const p = d.insurant ?? {};
  return {
    travellers: Array.from({ length: travellers }, (_, i) => ({ lastName: d.travellers?.[i]?.lastName ?? '', firstName: d.travellers?.[i]?.firstName ?? '', passport: d.travellers?.[i]?.passport ?? '' })),
    insurant: { lastName: p.lastName ?? '', firstName: p.firstName ?? '', middleName: p.middleName ?? '', birthDate: p.birthDate ? formatDate(p.birthDate) : '', phone: p.phone ?? '', email: p.email ?? '' },
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** What the api stores (empty fields as null: the part is saved as typed so far). */
export function detailsOf(v: DetailsValues): TravelContractDetails {
  return {
    travellers: v.travellers.map((t) => ({ lastName: orNull(t.lastName), firstName: orNull(t.firstName), passport: orNull(t.passport) }) as never),
    insurant: { lastName: orNull(v.insurant.lastName), firstName: orNull(v.insurant.firstName), middleName: orNull(v.insurant.middleName), birthDate: v.insurant.birthDate ? iso(v.insurant.birthDate) : null, phone: orNull(v.insurant.phone), email: orNull(v.insurant.email) } as never,
  };
}

/** Formik errors of the details, by shared-kit's schema (the api's): `travellers[0].lastName`, `insurant.phone`. */
export function detailsErrors(v: DetailsValues): FormikErrors<DetailsValues> {
  let errors: FormikErrors<DetailsValues> = {};
  for (const e of collectErrors(travelDetailsSchema, { details: detailsOf(v) })) {
    const path = e.path.replace(/^details\./, '');
    if (path) errors = setIn(errors, path, plainMessage(e.message));
  }
  return errors;
}
