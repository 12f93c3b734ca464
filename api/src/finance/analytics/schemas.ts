import { ANALYTICS_BUCKETS, ANALYTICS_MAX_DAYS, CONTRACT_PRODUCTS } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, yup } from '../../platform/validation.js';

/** Request schemas of Аналитика; every message names its field. */

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** GET /api/v2/analytics: the period (Moscow days, both included), the buckets and the filters. */
export const analyticsQuerySchema = yup.object({
  from: isoDate('from').required('Поле «from»: укажите начало периода'),
  to: isoDate('to')
    .required('Поле «to»: укажите конец периода')
    .test('after-from', 'Поле «to»: конец периода раньше начала', function (to) {
      const from = this.parent.from as string | undefined;
      return !to || !from || !/^\d{4}-\d{2}-\d{2}$/.test(from) || to >= from;
    })
    .test('max-days', `Поле «to»: период не длиннее ${ANALYTICS_MAX_DAYS} дней`, function (to) {
      const from = this.parent.from as string | undefined;
      return !to || !from || !/^\d{4}-\d{2}-\d{2}$/.test(from) || days(from, to) <= ANALYTICS_MAX_DAYS;
    }),
  bucket: yup.string().oneOf([...ANALYTICS_BUCKETS], `Поле «bucket» должно быть одним из: ${ANALYTICS_BUCKETS.join(', ')}`).default('day').label('bucket'),
  product: yup.string().oneOf([...CONTRACT_PRODUCTS], `Поле «product» должно быть одним из: ${CONTRACT_PRODUCTS.join(', ')}`).label('product'),
  company: objectIdSchema.label('company'),
  network: objectIdSchema.label('network'),
  agent: objectIdSchema.label('agent'),
});

/** GET /api/v2/analytics/export: the same and the file's format. */
export const analyticsExportSchema = analyticsQuerySchema.shape({
  format: yup.string().oneOf(['xlsx'], 'Поле «format» должно быть одним из: xlsx').default('xlsx').label('format'),
});
