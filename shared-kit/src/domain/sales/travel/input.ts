/**
 * What the agent types in the travel calculator (new-vzr, product vzr) and its check, with Russian
 * messages naming the field path. The zone follows the countries (the farthest wins), the currency
 * follows the zone (Europe: euro; the world: dollars), and the sum insured must be one of the zone's.
 */
import * as yup from 'yup';
import type { FieldError } from '../../validation';
import { daysInclusive, fields, validateInput, type PremiumCurrency } from '../ratingKit';

export const TRAVEL_ZONES = ['europe', 'world_excl_us', 'world_incl_us'] as const;
export type TravelZone = (typeof TRAVEL_ZONES)[number];
export const TRAVEL_ZONE_TITLES: Record<TravelZone, string> = {
  europe: 'Шенген и Европа',
  world_excl_us: 'Весь мир, кроме США и Канады',
  world_incl_us: 'Весь мир, включая США и Канаду',
};
export const TRAVEL_ZONE_CURRENCY: Record<TravelZone, Exclude<PremiumCurrency, 'RUB'>> = { europe: 'EUR', world_excl_us: 'USD', world_incl_us: 'USD' };

/** The sums insured of research §4, by zone. */
export const TRAVEL_SUMS = ['eur30000', 'eur50000', 'usd50000', 'usd100000'] as const;
export type TravelSum = (typeof TRAVEL_SUMS)[number];
export const TRAVEL_SUM_TITLES: Record<TravelSum, string> = { eur30000: '30 000 €', eur50000: '50 000 €', usd50000: '50 000 $', usd100000: '100 000 $' };
export const TRAVEL_ZONE_SUMS: Record<TravelZone, readonly TravelSum[]> = { europe: ['eur30000', 'eur50000'], world_excl_us: ['usd50000'], world_incl_us: ['usd100000'] };

/**
 * Countries the calculator knows (ISO 3166 alpha-2) and their zone: Europe (the Schengen states and the
 * rest of Europe the form lists), the USA and Canada; any other code is «the world excl. USA/Canada».
 */
export const EUROPE_COUNTRIES = [
  'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  'RS', 'ME', 'AL', 'BA', 'MK', 'GB', 'IE',
] as const;
export const USA_CANADA = ['US', 'CA'] as const;

/** The zone of a trip: the farthest of its countries'. */
export function travelZone(countries: readonly string[]): TravelZone {
  const codes = countries.map((c) => c.toUpperCase());
  if (codes.some((c) => (USA_CANADA as readonly string[]).includes(c))) return 'world_incl_us';
  if (codes.every((c) => (EUROPE_COUNTRIES as readonly string[]).includes(c))) return 'europe';
  return 'world_excl_us';
}

export const TRAVEL_SPORTS = ['none', 'active', 'skiing', 'extreme'] as const;
export type TravelSport = (typeof TRAVEL_SPORTS)[number];
export const TRAVEL_SPORT_TITLES: Record<TravelSport, string> = { none: 'Без спорта', active: 'Активный отдых', skiing: 'Горные лыжи и сноуборд', extreme: 'Экстремальный спорт' };

/** Options the policy lists; research §4 gives no figure for them, so the demo tariffs do not price them. */
export const TRAVEL_OPTIONS = ['baggage', 'cancellation', 'liability'] as const;
export type TravelOption = (typeof TRAVEL_OPTIONS)[number];
export const TRAVEL_OPTION_TITLES: Record<TravelOption, string> = { baggage: 'Багаж', cancellation: 'Отмена поездки', liability: 'Гражданская ответственность' };

export const TRAVEL_COVERED_DAYS = [30, 90] as const;
export const TRAVEL_MAX_TRAVELLERS = 10;
/** A single trip of at most this many days. */
export const TRAVEL_MAX_DAYS = 365;

export interface TravelCalculateRequest {
  /** ISO 3166 alpha-2 codes; the zone follows them. */
  countries: string[];
  tripType: 'single' | 'multi';
  startDate: string; // YYYY-MM-DD
  /** A single trip's last day (both days insured). */
  endDate?: string;
  /** A multi-trip year: days abroad covered. */
  coveredDays?: 30 | 90;
  travellers: { birthDate: string }[];
  sumInsured: TravelSum;
  sport: TravelSport;
  options?: TravelOption[];
}

export const travelCalculateSchema = yup
  .object({
    countries: yup
      .array(fields.text('countries[]', 50).matches(/^[A-Za-z]{2}$/, 'Поле «countries[]»: код страны из двух латинских букв').required(fields.required('countries[]')))
      .min(1, 'Поле «countries»: укажите хотя бы одну страну')
      .max(30, 'Поле «countries»: не больше 30 стран')
      .required(fields.required('countries'))
      .label('countries'),
    tripType: fields.oneOf('tripType', ['single', 'multi'] as const).required(fields.required('tripType')),
    startDate: fields.date('startDate').required(fields.required('startDate')),
    endDate: fields.date('endDate').when('tripType', { is: 'single', then: (s) => s.required(fields.required('endDate')) }),
    coveredDays: fields.oneOf('coveredDays', TRAVEL_COVERED_DAYS).when('tripType', { is: 'multi', then: (s) => s.required(fields.required('coveredDays')) }),
    travellers: yup
      .array(yup.object({ birthDate: fields.date('travellers[].birthDate').required(fields.required('travellers[].birthDate')) }))
      .min(1, 'Поле «travellers»: укажите хотя бы одного путешественника')
      .max(TRAVEL_MAX_TRAVELLERS, `Поле «travellers»: не больше ${TRAVEL_MAX_TRAVELLERS} путешественников`)
      .required(fields.required('travellers'))
      .label('travellers'),
    sumInsured: fields.oneOf('sumInsured', TRAVEL_SUMS).required(fields.required('sumInsured')),
    sport: fields.oneOf('sport', TRAVEL_SPORTS).required(fields.required('sport')),
    options: yup.array(fields.oneOf('options[]', TRAVEL_OPTIONS).required(fields.required('options[]'))).label('options'),
  })
  .test('dates', 'Поле «endDate»: дата окончания раньше даты начала', function (v) {
    if (!v || v.tripType !== 'single' || !v.startDate || !v.endDate) return true;
    const days = daysInclusive(v.startDate, v.endDate);
    if (days < 1) return this.createError({ path: 'endDate' });
    return days <= TRAVEL_MAX_DAYS || this.createError({ path: 'endDate', message: `Поле «endDate»: поездка не длиннее ${TRAVEL_MAX_DAYS} дней` });
  })
  .test('sum-of-zone', 'Поле «sumInsured» не подходит к территории', function (v) {
    if (!v?.countries?.length || !v.sumInsured || !v.countries.every((c) => /^[A-Za-z]{2}$/.test(c ?? ''))) return true;
    const zone = travelZone(v.countries);
    const allowed = TRAVEL_ZONE_SUMS[zone];
    return (
      allowed.includes(v.sumInsured) ||
      this.createError({ path: 'sumInsured', message: `Поле «sumInsured»: для территории «${TRAVEL_ZONE_TITLES[zone]}» — ${allowed.map((s) => TRAVEL_SUM_TITLES[s]).join(' или ')}` })
    );
  });

/** Every problem of a travel calculation input (empty when it can be rated). */
export const validateTravelInput = (v: unknown): FieldError[] => validateInput(travelCalculateSchema, v);

/** Days the premium is computed on: a single trip's calendar days, or a multi-trip's covered days. */
export const travelDays = (req: Pick<TravelCalculateRequest, 'tripType' | 'startDate' | 'endDate' | 'coveredDays'>) =>
  req.tripType === 'multi' ? req.coveredDays! : daysInclusive(req.startDate, req.endDate!);
