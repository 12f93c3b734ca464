import { LEDGER_PERIOD_PATTERN, PAYOUT_STATUSES, VAT_MODES } from '@oyster/shared-kit/domain';
import { isoDate, objectIdSchema, yup } from '../../platform/validation.js';
import { decodePayoutCursor } from './store.js';

/** Request schemas of payouts and registers; every message names its field. */

const period = yup.string().trim().matches(LEDGER_PERIOD_PATTERN, 'Поле «period»: месяц в формате ГГГГ-ММ').label('period');
const numericId = (label: string) => yup.string().trim().matches(/^\d{1,18}$/, `Поле «${label}»: номер из цифр`).label(label);

export const payoutsQuerySchema = yup.object({
  period,
  agent: objectIdSchema.label('agent'),
  status: yup.string().oneOf([...PAYOUT_STATUSES], `Поле «status» должно быть одним из: ${PAYOUT_STATUSES.join(', ')}`).label('status'),
  register: yup.string().trim().matches(/^\d{1,18}$/, 'Поле «register»: номер из цифр').label('register'),
  after: yup.string().trim().max(40).test('cursor', 'Поле «after»: неверный курсор страницы', (v) => v == null || decodePayoutCursor(v) !== null).label('after'),
  limit: yup.number().integer().min(1).max(200).default(50).label('limit'),
});

export const periodBodySchema = yup.object({ period: period.required() });
export const payoutParams = yup.object({ payoutId: numericId('payoutId').required() });
export const registerParams = yup.object({ registerId: numericId('registerId').required() });

export const receiptSchema = yup.object({
  number: yup.string().trim().matches(/^[0-9A-Za-zА-Яа-яЁё-]{3,40}$/, 'Поле «number»: номер чека — от 3 до 40 букв и цифр').required().label('number'),
  date: isoDate('date').required(),
  amountKopecks: yup.number().strict().integer('Поле «amountKopecks»: сумма в копейках, целое число').min(1, 'Поле «amountKopecks»: сумма больше нуля').required().label('amountKopecks'),
  inn: yup.string().trim().matches(/^\d{12}$/, 'Поле «inn»: ИНН самозанятого — 12 цифр').required().label('inn'),
  link: yup.string().trim().max(500, 'Поле «link»: не длиннее 500 символов').url('Поле «link»: ссылка на чек вида https://…').matches(/^https:\/\//, { message: 'Поле «link»: ссылка на чек вида https://…', excludeEmptyString: true }).nullable().label('link'),
});

export const registerExportSchema = yup.object({
  format: yup.string().oneOf(['1c', 'xlsx'], 'Поле «format» должно быть одним из: 1c, xlsx').default('1c').label('format'),
});

export const markPaidSchema = yup.object({
  payoutIds: yup.array(numericId('payoutIds').required()).min(1, 'Поле «payoutIds»: хотя бы одна выплата').max(100_000).label('payoutIds'),
});

const digits = (label: string, n: number, what: string) =>
  yup.string().trim().matches(new RegExp(`^\\d{${n}}$`), `Поле «${label}»: ${what} — ${n} цифр`).label(label);
const optional = <S extends yup.StringSchema>(s: S) => s.nullable().transform((v: string | null) => (v === '' ? null : v));

export const billingParams = yup.object({ agentId: objectIdSchema.required().label('agentId') });
export const billingSchema = yup.object({
  legalName: yup.string().trim().min(3, 'Поле «legalName»: от 3 до 200 символов').max(200, 'Поле «legalName»: от 3 до 200 символов').required().label('legalName'),
  inn: yup.string().trim().matches(/^(\d{10}|\d{12})$/, 'Поле «inn»: ИНН — 10 или 12 цифр').required().label('inn'),
  kpp: optional(digits('kpp', 9, 'КПП')),
  bankName: optional(yup.string().trim().max(200, 'Поле «bankName»: не длиннее 200 символов').label('bankName')),
  bik: optional(digits('bik', 9, 'БИК')),
  account: optional(digits('account', 20, 'расчётный счёт')),
  corrAccount: optional(digits('corrAccount', 20, 'корреспондентский счёт')),
  vatMode: yup.string().oneOf([...VAT_MODES], `Поле «vatMode» должно быть одним из: ${VAT_MODES.join(', ')}`).required().label('vatMode'),
});
