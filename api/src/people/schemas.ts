import { AUDIT_OBJECT_TITLES, EMAIL_PATTERN, LOGIN_TEXTS, MAX_ROLES, MIN_PASSWORD_LENGTH, ROLES, ROLE_TEXTS, USER_TEXTS, isObjectId, userPhone } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, pageSchema, pageSizeSchema, queryBool, yup } from '../platform/validation.js';
import { decodeCursor } from './manage.js';

/** Request schemas of agents and users; messages name the field. */

const OPF_MESSAGE = 'Поле «opf» должно быть одним из: FL, IP, SZ, YL';

export const agentSearchSchema = yup.object({
  search: yup.string().trim().max(100).default('').label('search'),
  subAgents: queryBool('subAgents').default(false),
  agentId: objectIdSchema.optional().transform((v) => (v === '' ? undefined : v)),
});

export const agentListSchema = yup.object({
  search: yup.string().trim().max(100).nullable().default(''),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL', ''], OPF_MESSAGE).nullable().default(null),
  // '' is «any status», as a form with nothing chosen sends it (spec §7 names the field, not its value).
  // A mixed field: the input screen would refuse '' for a number before the transform could read it.
  status: yup.mixed<number>()
    .transform((v: unknown) => (v === '' || v == null ? null : v === '0' || v === '1' ? Number(v) : v))
    .test('status', 'Поле «status»: 0 — активные, 1 — заблокированные', (v) => v == null || v === 0 || v === 1)
    .nullable().default(null),
  byNetwork: yup.mixed<boolean | string>()
    .test('byNetwork', 'Поле «byNetwork» должно быть true/false или идентификатором сети', (v) => v == null || typeof v === 'boolean' || v === '' || isObjectId(v))
    .nullable().default(null),
  sortBy: yup.string().oneOf(['createDate'], 'Поле «sortBy»: поддерживается только createDate').default('createDate'),
  sortType: yup.string().oneOf(['asc', 'desc'] as const, 'Поле «sortType» должно быть asc или desc').default('desc'),
  page: pageSchema,
  pageSize: pageSizeSchema(20, 100),
});

const name = (label: string) => yup.string().trim().min(1).max(100).label(label);
/** A user's phone (users and a sub-agent's invitation): shared-kit's userPhone, kept as '+7 (900) 123-45-67'; empty is null. */
const phoneSchema = yup.string().nullable().max(30)
  .transform((v: unknown) => (typeof v === 'string' ? (userPhone(v).valid ? userPhone(v).phone : v) : v))
  .test('phone', USER_TEXTS.phoneInvalid, (v) => v == null || userPhone(v).valid)
  .label('phone');
export const userPatchSchema = yup.object({
  firstName: name('firstName'),
  secondName: name('secondName'),
  middleName: yup.string().trim().max(100).label('middleName'),
  roles: yup.array(yup.string().oneOf([...ROLES], ({ value }: { value: unknown }) => `Неизвестная роль: ${String(value)}`).required()).min(1).label('roles'),
  phone: phoneSchema,
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL'], OPF_MESSAGE).nullable(),
  isPersonal: yup.boolean().strict(),
  canChatWithAgents: yup.boolean().strict(),
  canChatWithClients: yup.boolean().strict(),
  canViewOnlyAppointedAgents: yup.boolean().strict(),
  canAnalyticsView: yup.boolean().strict(),
  isBlocked: yup.boolean().strict(),
});

/**
 * A user's roles as sent: at most MAX_ROLES known roles (which of them may be given is shared-kit's
 * roleChangeError, asked by the route).
 */
export const rolesSchema = yup
  .array(yup.string().required())
  .min(1, ROLE_TEXTS.empty)
  .max(MAX_ROLES, ROLE_TEXTS.tooMany)
  .test('known', (roles, ctx) => {
    const unknown = roles?.find((r) => !(ROLES as readonly string[]).includes(r));
    return unknown === undefined || ctx.createError({ message: `Неизвестная роль: ${unknown}` });
  })
  .label('roles');

const flag = (label: string) => yup.boolean().strict().label(label);

/** POST /users: a new member of staff or agent (user/create). */
export const userCreateSchema = yup.object({
  email: yup.string().trim().lowercase().required().max(200).matches(EMAIL_PATTERN, { message: `Поле «email»: ${LOGIN_TEXTS.emailInvalid.toLowerCase()}` }).label('email'),
  firstName: name('firstName').required(),
  secondName: name('secondName').required(),
  middleName: yup.string().trim().max(100).default('').label('middleName'),
  phone: userPatchSchema.fields.phone,
  roles: rolesSchema.required(),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL'], OPF_MESSAGE).nullable().transform((v) => (v === '' ? null : v)),
  networkId: objectIdSchema.nullable().transform((v) => (v === '' ? null : v)).label('networkId'),
  canChatWithAgents: flag('canChatWithAgents'),
  canChatWithClients: flag('canChatWithClients'),
  canViewOnlyAppointedAgents: flag('canViewOnlyAppointedAgents'),
  canAnalyticsView: flag('canAnalyticsView'),
  // The sign-in rules (§5): at least MIN_PASSWORD_LENGTH; none — the user sets it through the one-time link.
  password: yup.string().max(200).test('min', `Поле «password»: ${LOGIN_TEXTS.passwordTooShort.toLowerCase()}`, (v) => !v || v.length >= MIN_PASSWORD_LENGTH).label('password'),
});

const cursor = yup.string().trim().max(400).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeCursor(v) !== null).label('after');
const limit = (def: number) => yup.number().integer().min(1).max(100).default(def).label('limit');

/** GET /users: Управление's list of staff and agents. */
export const userListSchema = yup.object({
  search: yup.string().trim().max(100).default('').label('search'),
  role: yup.string().oneOf([...ROLES, ''], 'Поле «role»: неизвестная роль').default('').label('role'),
  blocked: yup.number().transform((v, orig) => (orig === '' ? undefined : v)).oneOf([0, 1], 'Поле «blocked»: 0 — активные, 1 — заблокированные').label('blocked'),
  kind: yup.string().oneOf(['agent', 'staff', ''], 'Поле «kind» должно быть agent или staff').default('').label('kind'),
  after: cursor,
  limit: limit(30),
});

/** GET /audit: the audit log's filters. */
export const auditListSchema = yup.object({
  objectType: yup.string().oneOf([...Object.keys(AUDIT_OBJECT_TITLES), ''], `Поле «objectType» должно быть одним из: ${Object.keys(AUDIT_OBJECT_TITLES).join(', ')}`).default('').label('objectType'),
  actorId: objectIdSchema.optional().transform((v) => (v === '' ? undefined : v)).label('actorId'),
  objectId: objectIdSchema.optional().transform((v) => (v === '' ? undefined : v)).label('objectId'),
  from: isoDate('from'),
  to: isoDate('to'),
  after: cursor,
  limit: limit(50),
});

/** The keyset cursor of the agents list (`next` of the page before). */
export const agentListBodySchema = agentListSchema.shape({
  after: yup.string().nullable().default(null)
    .test('after', 'Поле «after» должно быть курсором из ответа (next)', (v) => v == null || v === '' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{24}$/.test(v)),
});

/** PATCH /agents/:agentId: the level (§9: 1, 2, 3), the broker network (null: none), blocked or not. */
export const agentPatchSchema = yup.object({
  level: yup.number().strict().integer().oneOf([1, 2, 3], 'Поле «level»: уровень 1 (агент), 2 (эксперт) или 3 (брокер)').label('level'),
  networkId: objectIdSchema.nullable().label('networkId'),
  isBlocked: yup.boolean().strict().label('isBlocked'),
});

export const curatorBodySchema = yup.object({
  curatorId: objectIdSchema.required('Поле «curatorId» обязательно').label('curatorId'),
});

/** A network owner's invitation of a sub-agent; roles only of §6's list for an owner (checked in the route). */
export const invitationSchema = yup.object({
  secondName: name('secondName').required('Поле «secondName» обязательно'),
  firstName: name('firstName').required('Поле «firstName» обязательно'),
  middleName: yup.string().trim().max(100).default('').label('middleName'),
  email: yup.string().trim().lowercase().required('Поле «email» обязательно').max(200)
    .matches(/^[A-Za-z0-9_.-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/, 'Поле «email»: неправильный email').label('email'),
  phone: phoneSchema.default(null),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL', ''], OPF_MESSAGE).nullable().default(null),
  roles: yup.array(yup.string().required()).max(5).default(['agent', 'sub_agent']).label('roles'),
});
