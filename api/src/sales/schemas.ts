import { FORM_TEXTS, KBM_CLASSES, LICENCE_PATTERN, OSAGO_MAX_DRIVERS, cyrillicLookAlikes } from '@oyster/shared-kit/domain';
import { strictBool, yup } from '../platform/validation.js';

/** Request schemas of the sales api; every message names its field (spec §7). */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD (a real day: 2026-02-30 is refused). */
export const isoDate = (label: string) =>
  yup
    .string()
    .trim()
    .test('iso-date', `Поле «${label}»: дата в формате ГГГГ-ММ-ДД`, (v) => {
      if (v == null) return true;
      if (!ISO_DATE.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    })
    .label(label);

/** A Russian driving licence, series and number; Latin look-alikes and spaces are accepted and normalised. */
export const licenceField = (label: string) =>
  yup
    .string()
    .trim()
    .transform((v: unknown) => (typeof v === 'string' ? cyrillicLookAlikes(v.toUpperCase()).replace(/\s+/g, '') : v))
    .test('licence', `Поле «${label}»: ${FORM_TEXTS.licenceInvalid}`, (v) => v == null || LICENCE_PATTERN.test(v))
    .label(label);

const VEHICLE_CATEGORIES = ['A', 'M', 'B', 'BE', 'C', 'CE', 'D', 'DE', 'Tb', 'Tm', 'tractor'] as const;

/** One address suggestion as /api/v2/suggest/address returns it: the parts the rating reads are kept. */
const addressSchema = yup
  .object({
    value: yup.string().trim().max(500).required().label('owner.address.value'),
    data: yup
      .object({
        region_kladr_id: yup.string().trim().max(30).nullable().label('owner.address.data.region_kladr_id'),
        kladr_id: yup.string().trim().max(30).nullable().label('owner.address.data.kladr_id'),
        region_with_type: yup.string().trim().max(200).nullable().label('owner.address.data.region_with_type'),
        city: yup.string().trim().max(200).nullable().label('owner.address.data.city'),
        settlement: yup.string().trim().max(200).nullable().label('owner.address.data.settlement'),
      })
      .required()
      .label('owner.address.data'),
  })
  .required()
  .label('owner.address');

const driverSchema = yup.object({
  birthDate: isoDate('drivers[].birthDate').required(),
  experienceSince: isoDate('drivers[].experienceSince').required(),
  licence: licenceField('drivers[].licence').required(),
});

/**
 * POST /api/v2/osago/calculate: the rating factors only (the agent on the phone, before the documents).
 * Either `unrestricted: true` or a list of named drivers.
 */
export const osagoCalculateSchema = yup
  .object({
    vehicle: yup
      .object({
        category: yup.string().oneOf(VEHICLE_CATEGORIES, `Поле «vehicle.category» должно быть одним из: ${VEHICLE_CATEGORIES.join(', ')}`).required().label('vehicle.category'),
        powerHp: yup.number().min(1).max(2000).required().label('vehicle.powerHp'),
        ownerType: yup.string().oneOf(['FL', 'YL'] as const, 'Поле «vehicle.ownerType» должно быть одним из: FL, YL').required().label('vehicle.ownerType'),
        year: yup.number().integer().min(1900).max(2100).label('vehicle.year'),
        taxi: strictBool('vehicle.taxi'),
        trailer: strictBool('vehicle.trailer'),
      })
      .required()
      .label('vehicle'),
    owner: yup
      .object({
        address: addressSchema,
        /** Unrestricted policies of individuals: the owner's licence, for the owner's КБМ. */
        licence: licenceField('owner.licence'),
      })
      .required()
      .label('owner'),
    unrestricted: strictBool('unrestricted'),
    drivers: yup.array(driverSchema).max(OSAGO_MAX_DRIVERS, `Поле «drivers»: не больше ${OSAGO_MAX_DRIVERS} водителей`).label('drivers'),
    /** Unrestricted policies of legal entities: the vehicle's class, as the registry gives it. */
    vehicleKbmClass: yup.string().oneOf(KBM_CLASSES, `Поле «vehicleKbmClass» должно быть одним из: ${KBM_CLASSES.join(', ')}`).label('vehicleKbmClass'),
    periodMonths: yup.number().integer().min(3).max(12).required().label('periodMonths'),
    startDate: isoDate('startDate').required(),
    grossViolation: strictBool('grossViolation'),
  })
  .test('drivers-or-unrestricted', 'Укажите водителей (drivers) или «без ограничений» (unrestricted: true)', (v) =>
    !v ? true : v.unrestricted === true ? !v.drivers?.length : !!v.drivers?.length,
  );

export type OsagoCalculateBody = yup.InferType<typeof osagoCalculateSchema>;
