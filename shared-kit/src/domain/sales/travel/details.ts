/**
 * What the insurer needs of a travel policy once an offer is chosen (the «Страхователь» step of new-vzr,
 * saved on the server as the agent types): each traveller as in the foreign passport (surname and name in
 * Latin letters and hyphens, up to 45 characters — spec §3's Latin field; the passport number), and the
 * insurant (who signs and pays: name, birth date, phone, e-mail). The same checks run in the page and in
 * the api (PATCH /api/v2/products/vzr/contracts/:id/details): messages name the field.
 */
import * as yup from 'yup';
import { EMAIL_PATTERN } from '../../login';
import { formatDate } from '../../format';
import { wholeYears } from '../osago/rating';
import { fields } from '../ratingKit';
import { TRAVEL_MAX_TRAVELLERS, type TravelCalculateRequest } from './input';

/** Spec §3: «A Latin-letter-and-hyphen field up to 45 characters» (names as in the foreign passport). */
export const LATIN_NAME_PATTERN = /^[A-Za-z]+(?:[- ][A-Za-z]+)*$/;
export const LATIN_NAME_MAX = 45;
/** A foreign passport's number: 6–10 Latin letters or digits (a Russian one is 9 digits: «75 1234567»); spaces are dropped. */
export const FOREIGN_PASSPORT_PATTERN = /^[A-Z0-9]{6,10}$/;
/** Cyrillic names of the insurant (letters, hyphen, space, apostrophe). */
const CYRILLIC_NAME = /^[А-ЯЁа-яё]+(?:[-' ][А-ЯЁа-яё]+)*$/;
const PHONE = /^\+7\d{10}$/;
export const INSURANT_MIN_AGE = 18;

export interface TravelTraveller {
  /** Latin, as in the foreign passport (upper case). */
  lastName: string;
  firstName: string;
  /** The foreign passport's number, without spaces. */
  passport: string;
}

export interface TravelInsurant {
  lastName: string;
  firstName: string;
  middleName?: string | null;
  birthDate: string;
  /** +7XXXXXXXXXX */
  phone: string;
  email?: string | null;
}

export interface TravelContractDetails {
  travellers: Partial<TravelTraveller>[];
  insurant: Partial<TravelInsurant>;
  /** The client record the insurant came from (the client picker, when it lands), else absent. */
  clientId?: string | null;
}

const f = (path: string) => `Поле «${path}»`;
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const latin = (path: string) =>
  fields
    .text(path, LATIN_NAME_MAX)
    .transform(upper)
    .matches(LATIN_NAME_PATTERN, { message: `${f(path)}: латинскими буквами, как в загранпаспорте`, excludeEmptyString: true })
    .nullable();
const cyrillic = (path: string, max: number) =>
  fields.text(path, max).matches(CYRILLIC_NAME, { message: `${f(path)}: русскими буквами`, excludeEmptyString: true }).nullable();

/** PATCH …/details: every part optional (the steps save as the agent goes), each checked for its shape. */
export const travelDetailsSchema = yup.object({
  details: yup
    .object({
      travellers: yup
        .array(
          yup
            .object({
              lastName: latin('details.travellers[].lastName'),
              firstName: latin('details.travellers[].firstName'),
              passport: fields
                .text('details.travellers[].passport', 20)
                .transform((v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v))
                .matches(FOREIGN_PASSPORT_PATTERN, { message: `${f('details.travellers[].passport')}: номер загранпаспорта — от 6 до 10 латинских букв и цифр`, excludeEmptyString: true })
                .nullable(),
            })
            .noUnknown(`${f('details.travellers[]')}: лишнее поле`),
        )
        .max(TRAVEL_MAX_TRAVELLERS, `${f('details.travellers')}: не больше ${TRAVEL_MAX_TRAVELLERS} путешественников`)
        .nullable()
        .label('details.travellers'),
      insurant: yup
        .object({
          lastName: cyrillic('details.insurant.lastName', 100),
          firstName: cyrillic('details.insurant.firstName', 100),
          middleName: cyrillic('details.insurant.middleName', 100),
          birthDate: fields.date('details.insurant.birthDate').nullable(),
          phone: fields
            .text('details.insurant.phone', 30)
            .transform((v: unknown) => (typeof v === 'string' ? v.replace(/[\s()-]/g, '').replace(/^8(\d{10})$/, '+7$1') : v))
            .matches(PHONE, { message: `${f('details.insurant.phone')}: номер в формате +7 999 999-99-99`, excludeEmptyString: true })
            .nullable(),
          email: fields.text('details.insurant.email', 120).matches(EMAIL_PATTERN, { message: `${f('details.insurant.email')}: адрес почты вида name@example.ru`, excludeEmptyString: true }).nullable(),
        })
        .noUnknown(`${f('details.insurant')}: лишнее поле`)
        .default(undefined)
        .nullable()
        .label('details.insurant'),
      clientId: fields.text('details.clientId', 24).nullable(),
    })
    .noUnknown(`${f('details')}: лишнее поле`)
    .required(fields.required('details'))
    .label('details'),
});

/**
 * The first thing still missing before «Отправить страховщику» (its field path and a Russian message), or
 * null when the insurer has all it needs: every traveller of the calculation named and with a passport,
 * the insurant named, adult on the start date, with a phone.
 */
export function missingTravelDetail(details: Partial<TravelContractDetails>, calc: TravelCalculateRequest): { field: string; message: string } | null {
  for (let i = 0; i < calc.travellers.length; i++) {
    const t = details.travellers?.[i] ?? {};
    const who = `Путешественник ${i + 1} (дата рождения ${formatDate(calc.travellers[i].birthDate)})`;
    if (!t.lastName) return { field: `details.travellers[${i}].lastName`, message: `${who}: фамилия латиницей, как в загранпаспорте` };
    if (!t.firstName) return { field: `details.travellers[${i}].firstName`, message: `${who}: имя латиницей, как в загранпаспорте` };
    if (!t.passport) return { field: `details.travellers[${i}].passport`, message: `${who}: номер загранпаспорта` };
  }
  const p = details.insurant ?? {};
  if (!p.lastName) return { field: 'details.insurant.lastName', message: 'Страхователь: фамилия' };
  if (!p.firstName) return { field: 'details.insurant.firstName', message: 'Страхователь: имя' };
  if (!p.birthDate) return { field: 'details.insurant.birthDate', message: 'Страхователь: дата рождения' };
  if (wholeYears(p.birthDate, calc.startDate) < INSURANT_MIN_AGE) return { field: 'details.insurant.birthDate', message: `Страхователю должно быть не меньше ${INSURANT_MIN_AGE} лет на дату начала` };
  if (!p.phone) return { field: 'details.insurant.phone', message: 'Страхователь: телефон' };
  return null;
}

/** The insurant's full name (the contract list's «Клиент»), or null. */
export function travelClientName(details: Partial<TravelContractDetails>): string | null {
  const p = details.insurant;
  const name = p ? [p.lastName, p.firstName, p.middleName].filter(Boolean).join(' ') : '';
  return name || null;
}

/** «IVANOVA ANNA, загранпаспорт 751234567»: a traveller as the policy lists them. */
export function travellerLine(t: Partial<TravelTraveller> | undefined, birthDate: string): string {
  const name = [t?.lastName, t?.firstName].filter(Boolean).join(' ');
  return [name || 'имя не указано', `дата рождения ${formatDate(birthDate)}`, t?.passport ? `загранпаспорт ${t.passport}` : null].filter(Boolean).join(', ');
}

/** A travel offer as the quote route answers it (the rails fix the premium in kopecks at the day's rate). */
export interface TravelOffer {
  companyId: string;
  companyName: string;
  /** Kopecks at the day's rate. */
  premium: number;
  currency: 'EUR' | 'USD';
  /** The insurer's premium in cents of `currency`. */
  premiumForeign: number;
  /** Roubles for one unit × RATE_SCALE, of `rateDate`. */
  rate: number;
  rateDate: string;
  rateSource: string;
  factors: { key: string; label: string; text: string; why: string }[];
  notes: string[];
  tariff: { insurer: string; validFrom: string; source: string };
  /** «Ваше КВ»: only to who may see commissions (not sub-agents). */
  agentCommission?: { amount: number; percent: number };
  commissionPercent?: number;
}
