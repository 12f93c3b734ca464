/**
 * What the agent types in the e-KASKO calculator (new-ekasko) and its check: every message is Russian
 * and names the field path as the api's validation layer does («Поле «vehicle.year» …»), so the api's
 * route can take `kaskoCalculateSchema` as its body schema and the page can show `validateKaskoInput`'s
 * errors next to the fields.
 */
import * as yup from 'yup';
import type { FieldError } from '../../validation';
import { PLATE_PATTERN, VIN_PATTERN } from '../../forms/validators';
import { fields, validateInput } from '../ratingKit';

export const KASKO_DEDUCTIBLES = ['none', 'rub15000', 'rub30000', 'rub50000', 'percent2'] as const;
export type KaskoDeductible = (typeof KASKO_DEDUCTIBLES)[number];
export const KASKO_DEDUCTIBLE_TITLES: Record<KaskoDeductible, string> = {
  none: 'Без франшизы',
  rub15000: '15 000 ₽',
  rub30000: '30 000 ₽',
  rub50000: '50 000 ₽',
  percent2: '2 % от страховой суммы',
};

export const KASKO_ANTI_THEFT = ['none', 'standard', 'satellite'] as const;
export type KaskoAntiTheft = (typeof KASKO_ANTI_THEFT)[number];
export const KASKO_ANTI_THEFT_TITLES: Record<KaskoAntiTheft, string> = {
  none: 'Нет',
  standard: 'Штатная сигнализация',
  satellite: 'Спутниковая противоугонная система',
};

export const KASKO_INSTALMENTS = [1, 2, 4] as const;
export type KaskoInstalments = (typeof KASKO_INSTALMENTS)[number];
export const KASKO_INSTALMENT_TITLES: Record<KaskoInstalments, string> = { 1: 'Единовременно', 2: 'Два платежа', 4: 'Четыре платежа' };

export const KASKO_REGIONS = ['capitals', 'other'] as const;
export type KaskoRegion = (typeof KASKO_REGIONS)[number];
export const KASKO_REGION_TITLES: Record<KaskoRegion, string> = { capitals: 'Москва или Санкт-Петербург', other: 'Другой регион' };

/** At most this many named drivers. */
export const KASKO_MAX_DRIVERS = 5;
/** The sum insured, kopecks: from 100 000 ₽ to 100 000 000 ₽ (the calculator's bounds, ours). */
export const KASKO_SUM_MIN = 100_000_00;
export const KASKO_SUM_MAX = 100_000_000_00;
/** The oldest model year the form takes. */
export const KASKO_MIN_YEAR = 1990;

export interface KaskoDriver {
  birthDate: string; // YYYY-MM-DD
  experienceSince: string; // YYYY-MM-DD
}

/** POST body of a KASKO calculation. Money in integer kopecks. */
export interface KaskoCalculateRequest {
  vehicle: {
    make: string;
    model: string;
    year: number;
    /** Plate or VIN: at least one. */
    plate?: string;
    vin?: string;
    /** The model is on the insurers' high-theft list (the agent ticks it; the list is the insurer's). */
    highTheft: boolean;
  };
  /** The car's market price, insured in full: kopecks. */
  sumInsured: number;
  /** Any driver may drive (then no named drivers). */
  unrestricted?: boolean;
  drivers?: KaskoDriver[];
  deductible: KaskoDeductible;
  antiTheft: KaskoAntiTheft;
  instalments: KaskoInstalments;
  /** Where the car is kept and used: Moscow/St Petersburg or another region. */
  region: KaskoRegion;
  startDate: string; // YYYY-MM-DD
}

const driverSchema = (i: string) =>
  yup.object({
    birthDate: fields.date(`drivers${i}.birthDate`).required(fields.required(`drivers${i}.birthDate`)),
    experienceSince: fields.date(`drivers${i}.experienceSince`).required(fields.required(`drivers${i}.experienceSince`)),
  });

export const kaskoCalculateSchema = yup
  .object({
    vehicle: yup
      .object({
        make: fields.text('vehicle.make', 100).required(fields.required('vehicle.make')),
        model: fields.text('vehicle.model', 100).required(fields.required('vehicle.model')),
        year: fields.int('vehicle.year', KASKO_MIN_YEAR, 2100).required(fields.required('vehicle.year')),
        plate: fields.text('vehicle.plate', 12).test('plate', 'Поле «vehicle.plate»: госномер в формате А123ВС77 или А123ВС777', (v) => !v || PLATE_PATTERN.test(v)),
        vin: fields.text('vehicle.vin', 17).test('vin', 'Поле «vehicle.vin»: VIN — 17 латинских букв и цифр без I, O, Q', (v) => !v || VIN_PATTERN.test(v)),
        highTheft: fields.bool('vehicle.highTheft').required(fields.required('vehicle.highTheft')),
      })
      .test('plate-or-vin', 'Укажите госномер (vehicle.plate) или VIN (vehicle.vin)', function (v) {
        return !v || !!v.plate || !!v.vin || this.createError({ path: 'vehicle.plate' });
      })
      .required(fields.required('vehicle'))
      .label('vehicle'),
    sumInsured: fields
      .int('sumInsured', KASKO_SUM_MIN, KASKO_SUM_MAX)
      .required(fields.required('sumInsured')),
    unrestricted: fields.bool('unrestricted'),
    drivers: yup
      .array(driverSchema('[]'))
      .max(KASKO_MAX_DRIVERS, `Поле «drivers»: не больше ${KASKO_MAX_DRIVERS} водителей`)
      .label('drivers'),
    deductible: fields.oneOf('deductible', KASKO_DEDUCTIBLES).required(fields.required('deductible')),
    antiTheft: fields.oneOf('antiTheft', KASKO_ANTI_THEFT).required(fields.required('antiTheft')),
    instalments: fields.oneOf('instalments', KASKO_INSTALMENTS).required(fields.required('instalments')),
    region: fields.oneOf('region', KASKO_REGIONS).required(fields.required('region')),
    startDate: fields.date('startDate').required(fields.required('startDate')),
  })
  .test('drivers-or-unrestricted', 'Укажите водителей (drivers) или «без ограничений» (unrestricted: true)', function (v) {
    const ok = !v || (v.unrestricted === true ? !v.drivers?.length : !!v.drivers?.length);
    return ok || this.createError({ path: 'drivers' });
  })
  .test('year-not-after-start', 'Поле «vehicle.year»: год выпуска позже даты начала полиса', function (v) {
    const ok = !v?.vehicle?.year || !v.startDate || v.vehicle.year <= Number(v.startDate.slice(0, 4));
    return ok || this.createError({ path: 'vehicle.year' });
  });

/** Every problem of a KASKO calculation input (empty when it can be rated). */
export const validateKaskoInput = (v: unknown): FieldError[] => validateInput(kaskoCalculateSchema, v);
