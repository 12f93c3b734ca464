import { ADDRESS_DATA_KEYS, CLIENT_KINDS, VEHICLE_CATEGORIES, VEHICLE_DOCUMENT_TYPES } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, yup } from '../../platform/validation.js';
import { decodeClientCursor } from './store.js';

/**
 * Request schemas of the clients api: the shape (types, lengths, known values; a 400 naming the field).
 * The rules of the values (masks, check digits, what is required) are shared-kit's clientErrors /
 * vehicleErrors, run by the routes on the record as it will be stored.
 */
const text = (label: string, max = 200) => yup.string().trim().max(max, `Поле «${label}»: не длиннее ${max} символов`).nullable().label(label);
const oneOf = <T extends string>(label: string, values: readonly T[]) =>
  yup.string().oneOf([...values], `Поле «${label}» должно быть одним из: ${values.join(', ')}`).label(label);

const addressSchema = yup
  .object({
    value: text('address.value', 500).required('Поле «address.value» обязательно'),
    /** The suggestion's parts kept with it: those the e-OSAGO rating reads (КТ) and the postal code. */
    data: yup
      .object(Object.fromEntries(ADDRESS_DATA_KEYS.map((k) => [k, text(`address.data.${k}`, 200)])))
      .default(undefined)
      .nullable()
      .label('address.data'),
  })
  .default(undefined)
  .nullable()
  .label('address');

const clientShape = {
  kind: oneOf('kind', CLIENT_KINDS),
  lastName: text('lastName', 100),
  firstName: text('firstName', 100),
  middleName: text('middleName', 100),
  birthDate: isoDate('birthDate').nullable(),
  passport: yup
    .object({
      series: text('passport.series', 4),
      number: text('passport.number', 6),
      issuedAt: isoDate('passport.issuedAt').nullable(),
      issuer: text('passport.issuer', 300),
      unitCode: text('passport.unitCode', 7),
    })
    .default(undefined)
    .nullable()
    .label('passport'),
  companyName: text('companyName', 300),
  inn: text('inn', 12),
  kpp: text('kpp', 9),
  ogrn: text('ogrn', 15),
  contactPerson: text('contactPerson', 200),
  address: addressSchema,
  phone: text('phone', 30),
  email: text('email', 120),
};

export const vehicleShape = {
  make: text('make', 60),
  model: text('model', 60),
  year: yup.number().integer().min(1900).max(2100).nullable().label('year'),
  vin: text('vin', 17),
  bodyNumber: text('bodyNumber', 30),
  plate: text('plate', 12),
  powerHp: yup.number().integer().min(1).max(2000).nullable().label('powerHp'),
  category: oneOf('category', VEHICLE_CATEGORIES).nullable(),
  document: yup
    .object({
      type: oneOf('document.type', VEHICLE_DOCUMENT_TYPES).nullable(),
      series: text('document.series', 4),
      number: text('document.number', 15),
      issuedAt: isoDate('document.issuedAt').nullable(),
    })
    .default(undefined)
    .nullable()
    .label('document'),
};

/** POST /api/v2/clients: the record; staff may name the agent whose client it is (one they see), else it is the caller's. */
export const clientCreateSchema = yup.object({
  ...clientShape,
  kind: oneOf('kind', CLIENT_KINDS).required('Поле «kind» обязательно'),
  agentId: objectIdSchema.label('agentId'),
  vehicles: yup.array(yup.object(vehicleShape)).max(20, 'Поле «vehicles»: не больше 20 автомобилей').label('vehicles'),
});

/** PATCH /api/v2/clients/:id: the fields that change (the kind too). */
export const clientPatchSchema = yup.object(clientShape);

export const vehicleCreateSchema = yup.object(vehicleShape);
export const vehiclePatchSchema = yup.object(vehicleShape);

export const clientListQuerySchema = yup.object({
  search: yup.string().trim().max(100).label('search'),
  kind: oneOf('kind', CLIENT_KINDS),
  after: yup.string().trim().max(400).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeClientCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});

export const vehicleSearchQuerySchema = yup.object({
  search: yup.string().trim().max(100).label('search'),
  limit: yup.number().integer().min(1).max(50).default(20).label('limit'),
});
