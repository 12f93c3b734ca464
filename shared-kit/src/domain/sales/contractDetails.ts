/**
 * When an e-OSAGO contract's documents are complete enough to send to the insurer — the one rule the
 * api enforces at «Отправить страховщику» (a 400 naming the field) and the contract page mirrors.
 * Field paths are the wire's (`details.vehicle.make`); the titles are what the agent reads.
 */
import { EMAIL_PATTERN } from '../login';
import { PHONE_PATTERN, PLATE_PATTERN, STS_PATTERN, VIN_PATTERN } from '../forms/validators';
import type { ContractPerson, ContractStepKey, EosagoContractDetails } from './contractWire';
import type { OsagoCalculateRequest } from './osago/wire';

export const PASSPORT_SERIES_PATTERN = /^\d{4}$/;
export const PASSPORT_NUMBER_PATTERN = /^\d{6}$/;
/** Series of an STS or a paper PTS: 2 digits + 2 digits or Cyrillic letters; the number: 6 digits. */
export const VEHICLE_DOC_SERIES_PATTERN = /^\d{2}[\dА-ЯЁ]{2}$/;
export const VEHICLE_DOC_NUMBER_PATTERN = /^\d{6}$/;
/** An electronic PTS number: 15 digits. */
export const EPTS_NUMBER_PATTERN = /^\d{15}$/;

export interface MissingDetail {
  field: string;
  message: string;
}

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

export function missingPersonDetail(p: Partial<ContractPerson> | null | undefined, path: string, who: string): MissingDetail | null {
  const need = (field: string, title: string): MissingDetail => ({ field: `${path}.${field}`, message: `Заполните поле «${title}» (${who})` });
  if (!p) return need('lastName', 'Фамилия');
  if (blank(p.lastName)) return need('lastName', 'Фамилия');
  if (blank(p.firstName)) return need('firstName', 'Имя');
  if (blank(p.birthDate)) return need('birthDate', 'Дата рождения');
  if (!p.passport || blank(p.passport.series)) return need('passport.series', 'Серия паспорта');
  if (!PASSPORT_SERIES_PATTERN.test(p.passport.series)) return { field: `${path}.passport.series`, message: `Серия паспорта — 4 цифры (${who})` };
  if (blank(p.passport.number)) return need('passport.number', 'Номер паспорта');
  if (!PASSPORT_NUMBER_PATTERN.test(p.passport.number)) return { field: `${path}.passport.number`, message: `Номер паспорта — 6 цифр (${who})` };
  if (blank(p.passport.issuedAt)) return need('passport.issuedAt', 'Дата выдачи паспорта');
  if (blank(p.passport.issuer)) return need('passport.issuer', 'Кем выдан');
  if (blank(p.address)) return need('address', 'Адрес регистрации');
  return null;
}

/** What of the calculation the documents must agree with. */
export type PricedAs = Pick<OsagoCalculateRequest, 'unrestricted' | 'drivers'> & { vehicle: Pick<OsagoCalculateRequest['vehicle'], 'year'> };

/** How many drivers the calculation names (each needs a full name on the contract). */
export const namedDriverCount = (c: Pick<PricedAs, 'unrestricted' | 'drivers'>) => (c.unrestricted ? 0 : (c.drivers ?? []).length);

/**
 * The first thing missing or malformed before the contract can go to the insurer; null when complete.
 * `pricedAs`: the calculation the offer was made for — its named drivers each need a name, and a year
 * given there must be the year on the documents (the insurer accepted and priced that vehicle).
 */
export function missingContractDetail(d: Partial<EosagoContractDetails>, pricedAs: PricedAs): MissingDetail | null {
  const namedDrivers = namedDriverCount(pricedAs);
  const v = d.vehicle;
  const vehicle = (field: string, title: string): MissingDetail => ({ field: `details.vehicle.${field}`, message: `Заполните поле «${title}»` });
  if (!v) return vehicle('make', 'Марка');
  if (!blank(v.plate) && !PLATE_PATTERN.test(v.plate!)) return { field: 'details.vehicle.plate', message: 'Госномер в формате А123ВС77 или А123ВС777' };
  if (blank(v.vin) && blank(v.bodyNumber)) return vehicle('vin', 'VIN или номер кузова');
  if (!blank(v.vin) && !VIN_PATTERN.test(v.vin!)) return { field: 'details.vehicle.vin', message: 'VIN — 17 латинских букв и цифр без I, O, Q' };
  if (blank(v.make)) return vehicle('make', 'Марка');
  if (blank(v.model)) return vehicle('model', 'Модель');
  if (v.year == null) return vehicle('year', 'Год выпуска');
  if (pricedAs.vehicle.year != null && v.year !== pricedAs.vehicle.year) {
    return { field: 'details.vehicle.year', message: `Год выпуска не совпадает с расчётом (${pricedAs.vehicle.year}): исправьте год или рассчитайте полис заново` };
  }
  if (!v.document || blank(v.document.type)) return vehicle('document.type', 'Документ ТС');
  if (v.document.type === 'EPTS') {
    if (blank(v.document.number) || !EPTS_NUMBER_PATTERN.test(v.document.number)) return { field: 'details.vehicle.document.number', message: 'Номер ЭПТС — 15 цифр' };
  } else {
    const series = v.document.series ?? '';
    if (!STS_PATTERN.test(`${series}${v.document.number ?? ''}`) || !VEHICLE_DOC_SERIES_PATTERN.test(series)) {
      return { field: 'details.vehicle.document.series', message: 'Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр' };
    }
  }
  if (blank(v.document.issuedAt)) return vehicle('document.issuedAt', 'Дата выдачи документа ТС');
  const owner = missingPersonDetail(d.owner, 'details.owner', 'собственник');
  if (owner) return owner;
  if (d.insurantIsOwner === false) {
    const insurant = missingPersonDetail(d.insurant, 'details.insurant', 'страхователь');
    if (insurant) return insurant;
  }
  for (let i = 0; i < namedDrivers; i++) {
    if (blank(d.driverNames?.[i])) return { field: `details.driverNames[${i}]`, message: `Заполните ФИО водителя ${i + 1}` };
  }
  if (!d.contacts || blank(d.contacts.phone) || !PHONE_PATTERN.test(d.contacts.phone)) return { field: 'details.contacts.phone', message: 'Укажите телефон клиента в формате +7 (900) 000-00-00' };
  if (blank(d.contacts.email) || !EMAIL_PATTERN.test(d.contacts.email)) return { field: 'details.contacts.email', message: 'Укажите e-mail клиента: на него уйдут ссылка на оплату и полис' };
  return null;
}

/**
 * A filled field of one document step whose format is wrong; null when every filled one is right.
 * The calculator (`/app/new-eosago`) takes the documents as far as the agent has them: an empty
 * field waits for the contract's steps, a wrong one is refused where it was typed. The messages are
 * missingContractDetail's.
 */
export function malformedContractDetail(d: Partial<EosagoContractDetails>, step: 'vehicle' | 'owner' | 'insurant'): MissingDetail | null {
  if (step === 'vehicle') {
    const v = d.vehicle;
    if (!v) return null;
    if (!blank(v.plate) && !PLATE_PATTERN.test(v.plate!)) return { field: 'details.vehicle.plate', message: 'Госномер в формате А123ВС77 или А123ВС777' };
    if (!blank(v.vin) && !VIN_PATTERN.test(v.vin!)) return { field: 'details.vehicle.vin', message: 'VIN — 17 латинских букв и цифр без I, O, Q' };
    const doc = v.document;
    if (doc?.type === 'EPTS') {
      if (!blank(doc.number) && !EPTS_NUMBER_PATTERN.test(doc.number)) return { field: 'details.vehicle.document.number', message: 'Номер ЭПТС — 15 цифр' };
    } else if (doc && (!blank(doc.series) || !blank(doc.number))) {
      const series = doc.series ?? '';
      if (!STS_PATTERN.test(`${series}${doc.number ?? ''}`) || !VEHICLE_DOC_SERIES_PATTERN.test(series)) {
        return { field: 'details.vehicle.document.series', message: 'Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр' };
      }
    }
    return null;
  }
  if (step === 'insurant' && d.insurantIsOwner !== false) return null;
  const who = step === 'owner' ? 'собственник' : 'страхователь';
  const passport = d[step]?.passport;
  if (passport && !blank(passport.series) && !PASSPORT_SERIES_PATTERN.test(passport.series)) return { field: `details.${step}.passport.series`, message: `Серия паспорта — 4 цифры (${who})` };
  if (passport && !blank(passport.number) && !PASSPORT_NUMBER_PATTERN.test(passport.number)) return { field: `details.${step}.passport.number`, message: `Номер паспорта — 6 цифр (${who})` };
  return null;
}

/** The client's name as the list shows it: the insurant's, else the owner's. */
export function contractClientName(d: Partial<EosagoContractDetails>): string | null {
  const p = d.insurantIsOwner === false ? d.insurant : d.owner;
  const name = [p?.lastName, p?.firstName, p?.middleName].filter((x) => !blank(x)).join(' ');
  return name || null;
}

/**
 * The steps of issuing an e-OSAGO contract after an offer was chosen (`/app/contracts/{id}/{step}`),
 * in order; the rating factors were the calculator's step before them (`/app/new-eosago`).
 */
export const CONTRACT_STEPS = [
  { key: 'vehicle', title: 'Транспортное средство' },
  { key: 'owner', title: 'Собственник' },
  { key: 'insurant', title: 'Страхователь' },
  { key: 'drivers', title: 'Водители' },
  { key: 'contacts', title: 'Контакты и отправка' },
] as const satisfies readonly { key: ContractStepKey; title: string }[];
export type ContractStep = ContractStepKey;
export const CONTRACT_STEP_KEYS: readonly ContractStep[] = CONTRACT_STEPS.map((s) => s.key);

/** The step a field of the details belongs to (`details.owner.passport.series` → owner). */
export function contractStepOf(field: string): ContractStep {
  const part = field.replace(/^details\./, '').split(/[.[]/)[0];
  if (part === 'vehicle' || part === 'owner' || part === 'insurant') return part;
  if (part === 'driverNames') return 'drivers';
  return 'contacts';
}

/** Where a draft resumes: the step of the first thing missing, or the last step when all is filled. */
export function resumeContractStep(d: Partial<EosagoContractDetails>, pricedAs: PricedAs): ContractStep {
  const missing = missingContractDetail(d, pricedAs);
  return missing ? contractStepOf(missing.field) : 'contacts';
}
