/**
 * What a client changes in an e-KASKO policy in force (an endorsement, issue 25): the sum insured, the
 * drivers (a named list, or anyone), the deductible. A change is a partial calculation over the stored
 * one: the api checks it (kaskoChangeSchema: 400s name `change.<field>`), the insurer re-rates the changed
 * calculation with its own rating (rating.ts, the quote's) and prices the rest of the term pro rata
 * (../endorsement.ts); the contract page's «Внести изменение» offers the same fields with these labels.
 */
import * as yup from 'yup';
import { formatDate } from '../../format';
import { fields } from '../ratingKit';
import { moneyChangeText, priceEndorsement, type EndorsementPrice, type EndorsementTerm } from '../endorsement';
import { KASKO_DEDUCTIBLES, KASKO_DEDUCTIBLE_TITLES, KASKO_MAX_DRIVERS, KASKO_SUM_MAX, KASKO_SUM_MIN, type KaskoCalculateRequest, type KaskoDeductible, type KaskoDriver } from './input';
import { rateKasko } from './rating';

/** The fields of a KASKO policy a change may touch, in the form's order. */
export const KASKO_CHANGE_FIELDS = ['sumInsured', 'drivers', 'deductible'] as const;
export type KaskoChangeField = (typeof KASKO_CHANGE_FIELDS)[number];
export const KASKO_CHANGE_LABELS: Record<KaskoChangeField, string> = {
  sumInsured: 'Страховая сумма',
  drivers: 'Водители',
  deductible: 'Франшиза',
};

/** A named driver of a change: the insurer needs the name as well as the rating's dates. */
export interface KaskoChangeDriver extends KaskoDriver {
  name: string;
}

/** POST …/endorsements' `change` for e-KASKO: only what changes. `drivers` — the whole new list; `unrestricted: true` — anyone drives. */
export interface KaskoChange {
  sumInsured?: number;
  unrestricted?: boolean;
  drivers?: KaskoChangeDriver[];
  deductible?: KaskoDeductible;
}

const driver = yup.object({
  name: fields.text('change.drivers[].name', 200).required(fields.required('change.drivers[].name')),
  birthDate: fields.date('change.drivers[].birthDate').required(fields.required('change.drivers[].birthDate')),
  experienceSince: fields.date('change.drivers[].experienceSince').required(fields.required('change.drivers[].experienceSince')),
});

export const kaskoChangeSchema = yup
  .object({
    sumInsured: fields.int('change.sumInsured', KASKO_SUM_MIN, KASKO_SUM_MAX),
    unrestricted: fields.bool('change.unrestricted'),
    drivers: yup
      .array(driver)
      .max(KASKO_MAX_DRIVERS, `Поле «change.drivers»: не больше ${KASKO_MAX_DRIVERS} водителей`)
      .default(undefined)
      .label('change.drivers'),
    deductible: fields.oneOf('change.deductible', KASKO_DEDUCTIBLES),
  })
  .test('drivers-or-unrestricted', 'Поле «change.drivers»: укажите водителей или «без ограничений» (unrestricted: true), не то и другое вместе', function (v) {
    if (!v) return true;
    const named = v.drivers != null;
    const ok = v.unrestricted === true ? !named || v.drivers!.length === 0 : v.unrestricted === false ? named && v.drivers!.length > 0 : !named || v.drivers!.length > 0;
    return ok || this.createError({ path: 'drivers' });
  })
  .test('something', 'Поле «change»: укажите, что меняется — страховая сумма (sumInsured), водители (drivers или unrestricted) или франшиза (deductible)', function (v) {
    return !v || v.sumInsured != null || v.unrestricted != null || v.drivers != null || v.deductible != null || this.createError({ path: 'change' });
  });

/** The stored calculation and the drivers' names with the change applied. */
export function applyKaskoChange(calc: KaskoCalculateRequest, driverNames: readonly string[] | undefined, change: KaskoChange): { calculation: KaskoCalculateRequest; driverNames: string[] } {
  const next: KaskoCalculateRequest = { ...calc };
  let names = [...(driverNames ?? [])];
  if (change.sumInsured != null) next.sumInsured = change.sumInsured;
  if (change.deductible != null) next.deductible = change.deductible;
  if (change.unrestricted === true) {
    next.unrestricted = true;
    delete next.drivers;
    names = [];
  } else if (change.drivers?.length) {
    delete next.unrestricted;
    next.drivers = change.drivers.map((d) => ({ birthDate: d.birthDate, experienceSince: d.experienceSince }));
    names = change.drivers.map((d) => d.name.trim());
  }
  return { calculation: next, driverNames: names };
}

const driverKey = (d: KaskoDriver) => `${d.birthDate}|${d.experienceSince}`;
const driverText = (name: string, d: KaskoDriver) => `${name} (дата рождения ${formatDate(d.birthDate)}, стаж с ${formatDate(d.experienceSince)})`;

/**
 * The change in words for the history and the contract page («Страховая сумма 1 800 000,00 ₽ → 2 000 000,00 ₽;
 * добавлен водитель …»), or null when it changes nothing of the policy.
 */
export function describeKaskoChange(calc: KaskoCalculateRequest, driverNames: readonly string[] | undefined, change: KaskoChange): string | null {
  const { calculation: next, driverNames: nextNames } = applyKaskoChange(calc, driverNames, change);
  const parts: string[] = [];
  if (next.sumInsured !== calc.sumInsured) parts.push(`страховая сумма ${moneyChangeText(calc.sumInsured, next.sumInsured)}`);
  const oldNamed = calc.unrestricted ? null : (calc.drivers ?? []).map((d, i) => ({ d, name: driverNames?.[i]?.trim() || `водитель ${i + 1}` }));
  const newNamed = next.unrestricted ? null : (next.drivers ?? []).map((d, i) => ({ d, name: nextNames[i] || `водитель ${i + 1}` }));
  if (oldNamed && !newNamed) parts.push('водители: без ограничений вместо списка');
  else if (!oldNamed && newNamed) parts.push(`водители: список вместо «без ограничений» — ${newNamed.map((x) => driverText(x.name, x.d)).join(', ')}`);
  else if (oldNamed && newNamed) {
    const key = (x: { d: KaskoDriver; name: string }) => `${x.name.toLowerCase()}|${driverKey(x.d)}`;
    const before = new Set(oldNamed.map(key));
    const after = new Set(newNamed.map(key));
    for (const x of newNamed) if (!before.has(key(x))) parts.push(`добавлен водитель ${driverText(x.name, x.d)}`);
    for (const x of oldNamed) if (!after.has(key(x))) parts.push(`исключён водитель ${x.name}`);
  }
  if (next.deductible !== calc.deductible) parts.push(`франшиза: ${KASKO_DEDUCTIBLE_TITLES[calc.deductible]} → ${KASKO_DEDUCTIBLE_TITLES[next.deductible]}`);
  if (!parts.length) return null;
  const text = parts.join('; ');
  return text[0].toUpperCase() + text.slice(1);
}

/** The field a refusal of this change names: the drivers when they change (the insurers' driver rules), else the first field changed. */
function refusedField(change: KaskoChange): string {
  if (change.drivers != null || change.unrestricted != null) return 'change.drivers';
  return change.sumInsured != null ? 'change.sumInsured' : 'change.deductible';
}

/**
 * One insurer's price of a change from `term.date`: the stored calculation and the changed one rated by its
 * KASKO tariff (the quote's rating, on the policy's start date), the difference for the days left.
 */
export function priceKaskoChange(insurer: string, calc: KaskoCalculateRequest, change: KaskoChange, term: EndorsementTerm): EndorsementPrice {
  const next = applyKaskoChange(calc, undefined, change).calculation;
  return priceEndorsement(rateKasko(calc, insurer), rateKasko(next, insurer), term, refusedField(change));
}

/** The form's starting values of a policy: its sum, drivers (with names) and deductible. */
export function kaskoChangeDefaults(calc: KaskoCalculateRequest, driverNames: readonly string[] | undefined): Required<Pick<KaskoChange, 'sumInsured' | 'deductible'>> & { unrestricted: boolean; drivers: KaskoChangeDriver[] } {
  return {
    sumInsured: calc.sumInsured,
    deductible: calc.deductible,
    unrestricted: !!calc.unrestricted,
    drivers: calc.unrestricted ? [] : (calc.drivers ?? []).map((d, i) => ({ ...d, name: driverNames?.[i] ?? '' })),
  };
}
