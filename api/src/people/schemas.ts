import { ROLES, isObjectId } from '@oyster/shared-kit/domain';
import { objectIdSchema, pageSchema, pageSizeSchema, queryBool, yup } from '../platform/validation.js';

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
  status: yup.number().oneOf([0, 1], 'Поле «status»: 0 — активные, 1 — заблокированные').nullable().default(null),
  byNetwork: yup.mixed<boolean | string>()
    .test('byNetwork', 'Поле «byNetwork» должно быть true/false или идентификатором сети', (v) => v == null || typeof v === 'boolean' || v === '' || isObjectId(v))
    .nullable().default(null),
  sortBy: yup.string().oneOf(['createDate'], 'Поле «sortBy»: поддерживается только createDate').default('createDate'),
  sortType: yup.string().oneOf(['asc', 'desc'] as const, 'Поле «sortType» должно быть asc или desc').default('desc'),
  page: pageSchema,
  pageSize: pageSizeSchema(20, 100),
});

const name = (label: string) => yup.string().trim().min(1).max(100).label(label);
export const userPatchSchema = yup.object({
  firstName: name('firstName'),
  secondName: name('secondName'),
  middleName: yup.string().trim().max(100).label('middleName'),
  roles: yup.array(yup.string().oneOf([...ROLES], ({ value }: { value: unknown }) => `Неизвестная роль: ${String(value)}`).required()).min(1).label('roles'),
  opf: yup.string().oneOf(['FL', 'IP', 'SZ', 'YL'], OPF_MESSAGE).nullable(),
  isPersonal: yup.boolean().strict(),
  canChatWithAgents: yup.boolean().strict(),
  canChatWithClients: yup.boolean().strict(),
  canViewOnlyAppointedAgents: yup.boolean().strict(),
  canAnalyticsView: yup.boolean().strict(),
  isBlocked: yup.boolean().strict(),
});
