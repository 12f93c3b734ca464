import { RENEWAL_BUCKETS, RENEWAL_COMMENT_MAX, RENEWAL_MARKS, RENEWAL_OUTCOME_FILTERS, RENEWAL_PERIODS } from '@oyster/shared-kit/domain';
import { objectIdSchema, yup } from '../../platform/validation.js';
import { decodeRenewalCursor } from './store.js';

/** Request schemas of the renewals api; every message names its field. */

const oneOf = <T extends string>(label: string, values: readonly T[]) =>
  yup.string().oneOf([...values], `Поле «${label}» должно быть одним из: ${values.join(', ')}`).label(label);

/** GET /api/v2/renewals: the worklist's URL filters and the keyset cursor. */
export const renewalListQuerySchema = yup.object({
  bucket: oneOf('bucket', RENEWAL_BUCKETS),
  outcome: oneOf('outcome', RENEWAL_OUTCOME_FILTERS),
  agent: objectIdSchema.label('agent'),
  after: yup.string().trim().max(100).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => !v || decodeRenewalCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(100).default(20).label('limit'),
});

/** GET /api/v2/renewals/stats: the period the rate is counted over, and one agent (staff). */
export const renewalStatsQuerySchema = yup.object({
  period: oneOf('period', RENEWAL_PERIODS).default('30'),
  agent: objectIdSchema.label('agent'),
});

/** POST /api/v2/renewals/:contractId/outcome: the agent's mark. */
export const renewalMarkSchema = yup.object({
  outcome: oneOf('outcome', RENEWAL_MARKS).required('Поле «outcome» обязательно'),
  comment: yup.string().trim().max(RENEWAL_COMMENT_MAX, `Поле «comment»: не длиннее ${RENEWAL_COMMENT_MAX} символов`).nullable().meta({ multiline: true }).label('comment'),
});
