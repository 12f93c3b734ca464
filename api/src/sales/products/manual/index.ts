import {
  MANUAL_KINDS,
  MANUAL_OBJECT_OF,
  MANUAL_PAYMENT_WAYS,
  MANUAL_PAYMENT_WAY_TITLES,
  PRODUCT_TITLES,
  formatDate,
  manualObjectText,
  manualPolicyNumber,
  missingManualDetail,
  missingManualScan,
  type ManualCalculation,
  type ManualDetails,
  type SummaryBlock,
} from '@oyster/shared-kit/domain';
import { HttpError } from '../../../platform/errors.js';
import { objectIdSchema, yup } from '../../../platform/validation.js';
import { detailText, isoDate } from '../../schemas.js';
import { linkManualRecords } from '../../clients/link.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * A policy issued elsewhere, entered by hand (issue 25, `new-manual`): no insurer is asked anything — the
 * policy exists, the client paid the insurer. Its calculation is the kind of insurance only (one of the
 * registry's other products: what the list, the renewals and the ledger's rate take it for, through
 * contracts.kind); its details are what the agent typed from the policy (shared-kit sales/manual.ts). Its
 * routes are routes/manual.ts (draft, steps, «Отправить на проверку», staff's confirm / return), not the
 * quote-and-offer ones of routes/products.ts; the rails give it the contract page, files, list and cancel.
 */

type Row = ProductRow<ManualCalculation, ManualDetails>;

const KIND_MESSAGE = `Поле «calculation.kind» должно быть одним из: ${MANUAL_KINDS.join(', ')}`;
export const manualCalculationSchema = yup
  .object({ kind: yup.string().oneOf([...MANUAL_KINDS], KIND_MESSAGE).required(KIND_MESSAGE).label('calculation.kind') })
  .noUnknown(true)
  .label('calculation');

const required = (label: string, max = 200) => detailText(label, max).required(`Поле «${label}» обязательно`);
const requiredDate = (label: string) => isoDate(label).required(`Поле «${label}» обязательно`);

/** The policy part: sent whole from the «Полис» step, every field checked (the cross-field rules: routes/manual.ts with shared-kit manualPolicyError). */
const policySchema = yup
  .object({
    series: detailText('details.policy.series', 10).matches(/^[\p{L}\d -]*$/u, { message: 'Поле «details.policy.series»: буквы и цифры', excludeEmptyString: true }),
    number: required('details.policy.number', 40).matches(/^[\p{L}\d][\p{L}\d /-]*$/u, { message: 'Поле «details.policy.number»: буквы, цифры, дефис или косая черта', excludeEmptyString: true }),
    issueDate: requiredDate('details.policy.issueDate'),
    startDate: requiredDate('details.policy.startDate'),
    endDate: requiredDate('details.policy.endDate'),
    premium: yup
      .number()
      .strict()
      .integer('Поле «details.policy.premium»: премия в копейках, целым числом')
      .min(1, 'Поле «details.policy.premium»: премия больше нуля')
      .max(100_000_000_000, 'Поле «details.policy.premium»: слишком большая премия')
      .required('Поле «details.policy.premium» обязательно')
      .label('details.policy.premium'),
    paymentWay: yup.string().oneOf([...MANUAL_PAYMENT_WAYS], `Поле «details.policy.paymentWay» должно быть одним из: ${MANUAL_PAYMENT_WAYS.join(', ')}`).required('Поле «details.policy.paymentWay» обязательно').label('details.policy.paymentWay'),
    paidAt: requiredDate('details.policy.paidAt'),
  })
  .default(undefined)
  .noUnknown(true)
  .label('details.policy');

const insurantSchema = yup
  .object({
    clientId: objectIdSchema.nullable().label('details.insurant.clientId'),
    name: required('details.insurant.name', 300),
    birthDate: isoDate('details.insurant.birthDate').nullable(),
    phone: detailText('details.insurant.phone', 30),
  })
  .default(undefined)
  .noUnknown(true)
  .label('details.insurant');

const objectSchema = yup
  .object({
    plate: detailText('details.object.plate', 12),
    vin: detailText('details.object.vin', 17).matches(/^[A-HJ-NPR-Z0-9]{17}$/i, { message: 'Поле «details.object.vin»: 17 латинских букв и цифр (без I, O, Q)', excludeEmptyString: true }),
    make: detailText('details.object.make', 60),
    model: detailText('details.object.model', 60),
    address: detailText('details.object.address', 500),
    description: detailText('details.object.description', 1000),
  })
  .default(undefined)
  .noUnknown(true)
  .label('details.object');

/** PATCH …/manual/contracts/:id/details: a step's part (each part sent replaces that part), and the kind and insurer of the «Полис» step. */
export const manualDetailsSchema = yup.object({
  calculation: manualCalculationSchema.default(undefined),
  companyId: objectIdSchema.label('companyId'),
  details: yup.object({ policy: policySchema, insurant: insurantSchema, object: objectSchema }).noUnknown(true).required('Поле «details» обязательно').label('details'),
});

const policyNumberOf = (d: Partial<ManualDetails>) => (d.policy ? manualPolicyNumber(d.policy.series, d.policy.number) : null);

export const manual: ProductModule<ManualCalculation, ManualDetails, never> = {
  code: 'manual',
  calculationSchema: manualCalculationSchema,
  detailsSchema: manualDetailsSchema,
  quoteRequest() {
    // Never reached: routes/products.ts gives manual no quote route; a guard, not a path.
    throw new HttpError(409, 'Полис, оформленный вручную, у страховщиков не рассчитывается', { error: true });
  },
  offer: () => ({}),
  submission: (row: Row) => ({ contractId: row.id, product: 'manual', premium: Number(row.premium ?? 0), startDate: row.start_date ?? '', kind: row.calculation.kind, policyNumber: policyNumberOf(row.details) }),
  searchColumns(details, calc) {
    const o = details.object ?? {};
    const vehicle = MANUAL_OBJECT_OF[calc.kind] === 'vehicle';
    return {
      client_name: details.insurant?.name?.trim() || null,
      plate: vehicle && o.plate ? o.plate.replace(/\s+/g, '').toUpperCase() : null,
      vin: vehicle && o.vin ? o.vin.toUpperCase() : null,
    };
  },
  linkRecords: (q, contractId) => linkManualRecords(q, contractId),
  missing: (details, calc) => missingManualDetail(details, calc.kind),
  missingFiles: (files) => missingManualScan(files),
  summary(row: Row): SummaryBlock[] {
    const d = row.details ?? {};
    const kind = row.calculation.kind;
    const p = d.policy;
    return [
      {
        title: '',
        rows: [
          { label: 'Вид страхования', value: PRODUCT_TITLES[kind] },
          { label: 'Оформлен', value: 'Вручную: полис выдан страховщиком' },
          ...(p ? [{ label: 'Дата выдачи', value: formatDate(p.issueDate) }, { label: 'Оплата', value: `${MANUAL_PAYMENT_WAY_TITLES[p.paymentWay]}, ${formatDate(p.paidAt)}` }] : []),
        ],
      },
      {
        title: 'Страхователь',
        rows: [
          { label: 'Страхователь', value: d.insurant?.name || '—' },
          { label: 'Дата рождения', value: d.insurant?.birthDate ? formatDate(d.insurant.birthDate) : '—' },
          { label: 'Телефон', value: d.insurant?.phone || '—' },
        ],
      },
      { title: 'Объект страхования', rows: [{ label: MANUAL_OBJECT_OF[kind] === 'vehicle' ? 'Автомобиль' : MANUAL_OBJECT_OF[kind] === 'address' ? 'Адрес' : 'Что застраховано', value: manualObjectText(d.object, kind) ?? '—' }] },
    ];
  },
  // The term and the premium are typed from the policy (details.policy → the contract's columns, routes/manual.ts).
  term: () => {
    throw new Error('manual: the term is typed from the policy, not derived from a calculation');
  },
  schedule: () => [],
  currency: () => 'RUB',
  documentTitles: { draft: 'Полис, оформленный вручную', policy: 'Полис, оформленный вручную', payment: 'Полис, оформленный вручную' },
};
