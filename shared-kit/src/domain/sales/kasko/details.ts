/**
 * What issuing an e-KASKO policy needs after the offer was chosen (the calculation holds the car and
 * the drivers): the insurant, the named drivers' full names, the VIN (the insurer identifies the car by
 * it), the client's contacts, and the inspection photos the insurer asks for (the contract's files of
 * the KASKO file types, spec §3 «kasko contract files also typeId and typeName»). The api refuses
 * «Отправить страховщику» with the first of these missing (a 400 naming the field); the page mirrors it.
 */
import { EMAIL_PATTERN } from '../../login';
import { PHONE_PATTERN, VIN_PATTERN } from '../../forms/validators';
import type { ContractPerson } from '../contractWire';
import { missingPersonDetail, type MissingDetail } from '../contractDetails';
import type { KaskoCalculateRequest } from './input';

export interface KaskoContractDetails {
  insurant: ContractPerson;
  /** The car's VIN when the calculation had none (a plate was enough to rate it). */
  vehicle: { vin?: string | null };
  /** Full names of the named drivers, in the calculation's order. */
  driverNames?: string[];
  /** Where the payment links and the policy go. */
  contacts: { phone: string; email: string };
}

/**
 * The inspection photos every demo insurer asks for before a KASKO policy (its pre-insurance
 * inspection, taken by the agent or the client from a phone): the contract's file types of these names.
 */
export const KASKO_PHOTO_TYPES = ['Фото ТС спереди', 'Фото ТС сзади', 'Фото VIN-номера', 'Фото одометра'] as const;

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** The VIN the policy carries: the calculation's, else the one typed in the details. */
export const kaskoVin = (d: Partial<KaskoContractDetails>, calc: Pick<KaskoCalculateRequest, 'vehicle'>) => calc.vehicle.vin || d.vehicle?.vin || null;

/** The first thing missing before «Отправить страховщику» (photos apart: missingKaskoPhoto), or null. */
export function missingKaskoDetail(d: Partial<KaskoContractDetails>, calc: KaskoCalculateRequest): MissingDetail | null {
  if (!calc.vehicle.vin) {
    const vin = d.vehicle?.vin;
    if (blank(vin)) return { field: 'details.vehicle.vin', message: 'Заполните поле «VIN»: страховщик КАСКО принимает автомобиль по VIN' };
    if (!VIN_PATTERN.test(vin!)) return { field: 'details.vehicle.vin', message: 'VIN — 17 латинских букв и цифр без I, O, Q' };
  }
  const insurant = missingPersonDetail(d.insurant, 'details.insurant', 'страхователь');
  if (insurant) return insurant;
  const named = calc.unrestricted ? 0 : (calc.drivers ?? []).length;
  for (let i = 0; i < named; i++) {
    if (blank(d.driverNames?.[i])) return { field: `details.driverNames[${i}]`, message: `Заполните ФИО водителя ${i + 1}` };
  }
  if (!d.contacts || blank(d.contacts.phone) || !PHONE_PATTERN.test(d.contacts.phone)) return { field: 'details.contacts.phone', message: 'Укажите телефон клиента в формате +7 (900) 000-00-00' };
  if (blank(d.contacts.email) || !EMAIL_PATTERN.test(d.contacts.email)) return { field: 'details.contacts.email', message: 'Укажите e-mail клиента: на него уйдут ссылки на оплату и полис' };
  return null;
}

/** The first inspection photo not yet attached (by the file's type name), or null when all are. */
export function missingKaskoPhoto(files: readonly { typeName: string | null }[]): MissingDetail | null {
  const have = new Set(files.map((f) => f.typeName));
  const lacking = KASKO_PHOTO_TYPES.find((t) => !have.has(t));
  return lacking ? { field: 'files', message: `Прикрепите фото осмотра: «${lacking}»` } : null;
}

/** The client's name as the list shows it: the insurant's. */
export function kaskoClientName(d: Partial<KaskoContractDetails>): string | null {
  const p = d.insurant;
  const name = [p?.lastName, p?.firstName, p?.middleName].filter((x) => !blank(x)).join(' ');
  return name || null;
}
