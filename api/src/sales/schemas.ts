import {
  CONTRACT_PRODUCTS,
  FORM_TEXTS,
  KBM_CLASSES,
  LICENCE_PATTERN,
  OSAGO_MAX_DRIVERS,
  QUICK_PERIODS,
  VEHICLE_DOCUMENT_TYPES,
  cyrillicLookAlikes,
  isContractStatus,
} from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, strictBool, yup } from '../platform/validation.js';

export { isoDate };

/** Request schemas of the sales api; every message names its field (spec §7). */

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

// ─── contracts ──────────────────────────────────────────────────────────────────────────────────

/** POST /api/v2/contracts: the calculation the quote was made with and the insurer chosen. */
export const contractCreateSchema = yup.object({
  calculation: osagoCalculateSchema.required().label('calculation'),
  companyId: objectIdSchema.required().label('companyId'),
  /** The policy this contract renews (a quote opened from the renewals worklist). */
  renewsContractId: objectIdSchema.label('renewsContractId'),
});

export const detailText = (label: string, max = 200) => yup.string().trim().max(max, `Поле «${label}»: не длиннее ${max} символов`).nullable().label(label);

/** A person's name, birth date, passport and address as a contract's steps send them (every part optional). */
export const personSchema = (path: string) =>
  yup
    .object({
      lastName: detailText(`${path}.lastName`, 100),
      firstName: detailText(`${path}.firstName`, 100),
      middleName: detailText(`${path}.middleName`, 100),
      birthDate: isoDate(`${path}.birthDate`).nullable(),
      passport: yup
        .object({
          series: detailText(`${path}.passport.series`, 4),
          number: detailText(`${path}.passport.number`, 6),
          issuedAt: isoDate(`${path}.passport.issuedAt`).nullable(),
          issuer: detailText(`${path}.passport.issuer`, 300),
        })
        .default(undefined)
        .nullable()
        .label(`${path}.passport`),
      address: detailText(`${path}.address`, 500),
    })
    .default(undefined)
    .nullable()
    .label(path);

/** PATCH /api/v2/contracts/:id/details: what the agent has typed so far; every part optional, each checked for its shape. */
export const contractDetailsPatchSchema = yup.object({
  details: yup
    .object({
      vehicle: yup
        .object({
          plate: detailText('details.vehicle.plate', 12).transform((v: unknown) => (typeof v === 'string' ? cyrillicLookAlikes(v.toUpperCase()).replace(/\s+/g, '') : v)),
          vin: detailText('details.vehicle.vin', 17).transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase().replace(/\s+/g, '') : v)),
          bodyNumber: detailText('details.vehicle.bodyNumber', 30),
          make: detailText('details.vehicle.make', 60),
          model: detailText('details.vehicle.model', 60),
          year: yup.number().integer().min(1900).max(2100).nullable().label('details.vehicle.year'),
          document: yup
            .object({
              type: yup.string().oneOf([...VEHICLE_DOCUMENT_TYPES], `Поле «details.vehicle.document.type» должно быть одним из: ${VEHICLE_DOCUMENT_TYPES.join(', ')}`).nullable().label('details.vehicle.document.type'),
              series: detailText('details.vehicle.document.series', 4).transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v)),
              number: detailText('details.vehicle.document.number', 15),
              issuedAt: isoDate('details.vehicle.document.issuedAt').nullable(),
            })
            .default(undefined)
            .nullable()
            .label('details.vehicle.document'),
        })
        .default(undefined)
        .nullable()
        .label('details.vehicle'),
      owner: personSchema('details.owner'),
      insurantIsOwner: strictBool('details.insurantIsOwner').nullable(),
      insurant: personSchema('details.insurant'),
      driverNames: yup.array(detailText('details.driverNames[]', 200)).max(OSAGO_MAX_DRIVERS).nullable().label('details.driverNames'),
      contacts: yup
        .object({ phone: detailText('details.contacts.phone', 30), email: detailText('details.contacts.email', 120) })
        .default(undefined)
        .nullable()
        .label('details.contacts'),
    })
    .required()
    .label('details'),
});

/** POST /api/v2/contracts/:id/status: a move the caller makes (cancel, back to draft). */
export const contractStatusSchema = yup.object({
  status: yup.number().integer().required().test('status', 'Поле «status»: неизвестный статус договора', (v) => v == null || isContractStatus(v)).label('status'),
});

/** GET /api/v2/contracts: the §3 filters and the keyset cursor. */
export const contractListQuerySchema = yup.object({
  status: yup
    .string()
    .trim()
    .max(200)
    .test('statuses', 'Поле «status»: номера статусов через запятую', (v) => !v || v.split(',').every((s) => isContractStatus(Number(s))))
    .label('status'),
  period: yup.string().oneOf([...QUICK_PERIODS], `Поле «period» должно быть одним из: ${QUICK_PERIODS.join(', ')}`).label('period'),
  company: objectIdSchema.label('company'),
  product: yup.string().oneOf([...CONTRACT_PRODUCTS], `Поле «product» должно быть одним из: ${CONTRACT_PRODUCTS.join(', ')}`).label('product'),
  search: yup.string().trim().max(100).label('search'),
  agentId: objectIdSchema.label('agentId'),
  after: yup.string().trim().max(100).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeContractCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});

/** The keyset cursor of the contracts list: the last row's created_at and id. */
export function encodeContractCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

export function decodeContractCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !id || !/^[0-9a-f]{24}$/.test(id) || Number.isNaN(Date.parse(createdAt)) || !/^\d{4}-\d{2}-\d{2}T/.test(createdAt)) return null;
  return { createdAt, id };
}
