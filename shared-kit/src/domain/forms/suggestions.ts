/**
 * Suggestion contracts (§3, §7): the gateway answers in DaData's shapes — `{ suggestions: [{ value,
 * unrestricted_value, data }] }` — and the inputs map them to the §3 suggestion entities. The request
 * schemas are the gateway's input rules; the UI can use them to avoid sending what would be refused.
 */
import * as yup from 'yup';

// ─── answers (DaData shapes) ────────────────────────────────────────────────────────────────────
export interface DadataSuggestion<D> {
  value: string;
  unrestricted_value: string;
  data: D;
}
export interface DadataResponse<D> {
  suggestions: DadataSuggestion<D>[];
}

type S = string | null;

/** DaData address data (the fields Oyster reads; DaData sends more, all strings or null). */
export interface DadataAddress {
  postal_code: S;
  country: S;
  country_iso_code: S;
  federal_district: S;
  region_fias_id: S;
  region_kladr_id: S;
  region_iso_code: S;
  region_with_type: S;
  region_type: S;
  region_type_full: S;
  region: S;
  area_fias_id: S;
  area_kladr_id: S;
  area_with_type: S;
  area_type: S;
  area_type_full: S;
  area: S;
  city_fias_id: S;
  city_kladr_id: S;
  city_with_type: S;
  city_type: S;
  city_type_full: S;
  city: S;
  settlement_fias_id: S;
  settlement_kladr_id: S;
  settlement_with_type: S;
  settlement_type: S;
  settlement_type_full: S;
  settlement: S;
  street_fias_id: S;
  street_kladr_id: S;
  street_with_type: S;
  street_type: S;
  street_type_full: S;
  street: S;
  house_fias_id: S;
  house_kladr_id: S;
  house_type: S;
  house_type_full: S;
  house: S;
  block_type: S;
  block_type_full: S;
  block: S;
  flat_type: S;
  flat_type_full: S;
  flat: S;
  fias_id: S;
  /** '0' country, '1' region, '3' area, '4' city, '6' settlement, '7' street, '8' house, '9' flat, '-1' foreign/unknown. */
  fias_level: S;
  kladr_id: S;
  capital_marker: S;
  okato: S;
  oktmo: S;
  tax_office: S;
  timezone: S;
  geo_lat: S;
  geo_lon: S;
  qc_geo: S;
  [key: string]: unknown;
}

export type DadataGender = 'MALE' | 'FEMALE' | 'UNKNOWN';
export interface DadataFio {
  surname: S;
  name: S;
  patronymic: S;
  gender: DadataGender;
  qc: S;
  source: S;
}

export interface DadataBank {
  bic: S;
  correspondent_account: S;
  swift?: S;
  inn?: S;
  kpp: S;
  registration_number?: S;
  name: { payment: S; full?: S; short: S };
  /** DaData sends an address suggestion here: { value, unrestricted_value, data }. */
  address: { value: string; unrestricted_value: string; data: Partial<DadataAddress> | null } | null;
  phones?: string[] | null;
  state?: { status: 'ACTIVE' | 'LIQUIDATING' | 'LIQUIDATED'; actuality_date?: number | null; registration_date?: number | null; liquidation_date?: number | null } | null;
  opf?: { type: S; full?: S; short?: S } | null;
  [key: string]: unknown;
}

export interface DadataFmsUnit {
  /** 'xxx-xxx' */
  code: string;
  name: string;
  region_code: S;
  /** DaData's unit type digit: 0 FMS, 1 region, 2 city/district police, 3 … */
  type: S;
}

export interface DadataEmail {
  local: S;
  domain: S;
  type?: S;
  source?: S;
  qc?: S;
}

export type SuggestKind = 'address' | 'fio' | 'bank' | 'fms_unit' | 'email';

// ─── §3 suggestion entities ─────────────────────────────────────────────────────────────────────
export interface AddressSuggestion {
  value: string;
  result: string;
  flat: S;
  postalCode: S;
  address: string;
  country: S;
  countryISO: S;
  federalDistrict: S;
  region: S;
  subregion: S;
  city: S;
  settlement: S;
  street: S;
  house: S;
  block: S;
  fiasLevel: S;
  regionFiasId: S;
  regionKladrId: S;
  subregionFiasId: S;
  subregionKladrId: S;
  cityFiasId: S;
  cityKladrId: S;
  settlementFiasId: S;
  settlementKladrId: S;
  streetFiasId: S;
  streetKladrId: S;
  houseFiasId: S;
  houseKladrId: S;
}

const str = (v: unknown): S => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** A DaData address suggestion as the §3 address suggestion. `result` is the full address (with the postal code). */
export function toAddressSuggestion(s: DadataSuggestion<Partial<DadataAddress> | null>): AddressSuggestion {
  const d = s.data ?? {};
  return {
    value: s.value,
    result: s.unrestricted_value || s.value,
    flat: str(d.flat),
    postalCode: str(d.postal_code),
    address: s.value,
    country: str(d.country),
    countryISO: str(d.country_iso_code),
    federalDistrict: str(d.federal_district),
    region: str(d.region_with_type),
    subregion: str(d.area_with_type),
    city: str(d.city_with_type),
    settlement: str(d.settlement_with_type),
    street: str(d.street_with_type),
    house: str(d.house),
    block: str(d.block),
    fiasLevel: str(d.fias_level),
    regionFiasId: str(d.region_fias_id),
    regionKladrId: str(d.region_kladr_id),
    subregionFiasId: str(d.area_fias_id),
    subregionKladrId: str(d.area_kladr_id),
    cityFiasId: str(d.city_fias_id),
    cityKladrId: str(d.city_kladr_id),
    settlementFiasId: str(d.settlement_fias_id),
    settlementKladrId: str(d.settlement_kladr_id),
    streetFiasId: str(d.street_fias_id),
    streetKladrId: str(d.street_kladr_id),
    houseFiasId: str(d.house_fias_id),
    houseKladrId: str(d.house_kladr_id),
  };
}

export interface NameSuggestion {
  gender: DadataGender;
  name: S;
  patronymic: S;
  surname: S;
  qc: S;
  source: S;
}
export function toNameSuggestion(s: DadataSuggestion<Partial<DadataFio> | null>): NameSuggestion {
  const d = s.data ?? {};
  const g = d.gender;
  return {
    gender: g === 'MALE' || g === 'FEMALE' ? g : 'UNKNOWN',
    name: str(d.name),
    patronymic: str(d.patronymic),
    surname: str(d.surname),
    qc: str(d.qc),
    source: str(d.source),
  };
}

export interface BankSuggestion {
  name: string;
  bic: S;
  correspondentAccount: S;
  kpp: S;
}
export function toBankSuggestion(s: DadataSuggestion<Partial<DadataBank> | null>): BankSuggestion {
  const d = s.data ?? {};
  return {
    name: str(d.name?.payment) ?? s.value,
    bic: str(d.bic),
    correspondentAccount: str(d.correspondent_account),
    kpp: str(d.kpp),
  };
}

export interface IssuerSuggestion {
  code: string;
  name: string;
  region_code: S;
  type: S;
}
export function toIssuerSuggestion(s: DadataSuggestion<Partial<DadataFmsUnit> | null>): IssuerSuggestion {
  const d = s.data ?? {};
  return { code: str(d.code) ?? '', name: str(d.name) ?? s.value, region_code: str(d.region_code), type: str(d.type) };
}

// ─── requests ───────────────────────────────────────────────────────────────────────────────────
export const SUGGEST_QUERY_MAX = 300;
export const SUGGEST_COUNT_MAX = 20;
export const SUGGEST_COUNT_DEFAULT = 10;
export const FIO_PARTS = ['SURNAME', 'NAME', 'PATRONYMIC'] as const;
export type FioPart = (typeof FIO_PARTS)[number];
export const FMS_PARTS = ['CODE', 'NAME'] as const;
export type FmsPart = (typeof FMS_PARTS)[number];
export const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
/** Address levels a from_bound/to_bound may name, from the widest. */
export const ADDRESS_BOUNDS = ['country', 'region', 'area', 'city', 'settlement', 'street', 'house', 'flat'] as const;
export type AddressBound = (typeof ADDRESS_BOUNDS)[number];
/** The generic /suggest/{suggest} call: fio by default, or email (§7). */
export const GENERIC_SUGGEST_KINDS = ['fio', 'email'] as const;

const f = (name: string) => `«${name}»`;
const queryField = () =>
  yup
    .string()
    .strict()
    .typeError(`Поле ${f('query')} должно быть строкой`)
    .required(`Поле ${f('query')} обязательно`)
    .test('notBlank', `Поле ${f('query')} обязательно`, (v) => v == null || v.trim().length > 0)
    .max(SUGGEST_QUERY_MAX, `Поле ${f('query')}: максимальная длина ${SUGGEST_QUERY_MAX}`);
const countField = () =>
  yup
    .number()
    .typeError(`Поле ${f('count')} должно быть числом`)
    .integer(`Поле ${f('count')} должно быть целым числом`)
    .min(1, `Поле ${f('count')} должно быть не меньше 1`)
    .max(SUGGEST_COUNT_MAX, `Поле ${f('count')} должно быть не больше ${SUGGEST_COUNT_MAX}`)
    .default(SUGGEST_COUNT_DEFAULT);
const oneOfList = <T extends string>(name: string, values: readonly T[]) =>
  yup
    .array()
    .strict()
    .typeError(`Поле ${f(name)} должно быть списком`)
    .of(
      yup
        .string()
        .strict()
        .typeError(`Поле ${f(name)} должно содержать только: ${values.join(', ')}`)
        .oneOf(values as T[], `Поле ${f(name)} должно содержать только: ${values.join(', ')}`)
        .required(`Поле ${f(name)} должно содержать только: ${values.join(', ')}`),
    )
    .max(values.length, `Поле ${f(name)}: не больше ${values.length} значений`)
    .optional();
const shortText = (name: string) => yup.string().strict().typeError(`Поле ${f(name)} должно быть строкой`).max(100, `Поле ${f(name)}: максимальная длина 100`).optional();
const boundField = (name: string) =>
  yup
    .object({
      value: yup
        .string()
        .strict()
        .oneOf([...ADDRESS_BOUNDS], `Поле ${f(`${name}.value`)} должно быть одним из: ${ADDRESS_BOUNDS.join(', ')}`)
        .required(`Поле ${f(`${name}.value`)} обязательно`),
    })
    .typeError(`Поле ${f(name)} должно быть объектом { value }`)
    .default(undefined)
    .optional();

export const suggestAddressSchema = yup.object({
  query: queryField(),
  count: countField(),
  locations: yup
    .array()
    .strict()
    .typeError(`Поле ${f('locations')} должно быть списком`)
    .of(
      yup
        .object({
          country: shortText('locations.country'),
          region: shortText('locations.region'),
          area: shortText('locations.area'),
          city: shortText('locations.city'),
          settlement: shortText('locations.settlement'),
          street: shortText('locations.street'),
          kladr_id: shortText('locations.kladr_id'),
          region_fias_id: shortText('locations.region_fias_id'),
          city_fias_id: shortText('locations.city_fias_id'),
          settlement_fias_id: shortText('locations.settlement_fias_id'),
          street_fias_id: shortText('locations.street_fias_id'),
        })
        .typeError(`Поле ${f('locations')} должно быть списком объектов`)
        .required(`Поле ${f('locations')} должно быть списком объектов`),
    )
    .max(20, `Поле ${f('locations')}: не больше 20 значений`)
    .optional(),
  from_bound: boundField('from_bound'),
  to_bound: boundField('to_bound'),
});
export type SuggestAddressRequest = yup.InferType<typeof suggestAddressSchema>;

export const suggestFioSchema = yup.object({
  query: queryField(),
  count: countField(),
  parts: oneOfList('parts', FIO_PARTS),
  gender: yup
    .string()
    .strict()
    .oneOf([...GENDERS], `Поле ${f('gender')} должно быть одним из: ${GENDERS.join(', ')}`)
    .optional(),
});
export type SuggestFioRequest = yup.InferType<typeof suggestFioSchema>;

export const suggestBankSchema = yup.object({ query: queryField(), count: countField() });
export type SuggestBankRequest = yup.InferType<typeof suggestBankSchema>;

export const suggestFmsUnitSchema = yup.object({ query: queryField(), count: countField(), parts: oneOfList('parts', FMS_PARTS) });
export type SuggestFmsUnitRequest = yup.InferType<typeof suggestFmsUnitSchema>;

export const suggestEmailSchema = yup.object({ query: queryField(), count: countField() });
export type SuggestEmailRequest = yup.InferType<typeof suggestEmailSchema>;
