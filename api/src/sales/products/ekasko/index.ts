import {
  applyKaskoChange,
  describeKaskoChange,
  formatDate,
  kaskoChangeSchema,
  kaskoCalculateSchema,
  kaskoClientName,
  kaskoSummary,
  kaskoVin,
  missingKaskoDetail,
  missingKaskoPhoto,
  policyTerm,
  rateKasko,
  priceKaskoChange,
  splitSchedule,
  type KaskoCalculateRequest,
  type KaskoChange,
  type KaskoContractDetails,
  type ProductOffer,
  type SummaryBlock,
} from '@oyster/shared-kit/domain';
import { validationError } from '../../../platform/errors.js';
import { yup } from '../../../platform/validation.js';
import { linkKaskoRecords } from '../../clients/link.js';
import { detailText, personSchema } from '../../schemas.js';
import { contactsSchema, ratedInRoubles } from '../rated.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * e-KASKO on the rails (issue 25): the calculation is shared-kit's kaskoCalculateSchema (400s name the
 * field), each demo insurer rates it by its own tariff (shared-kit sales/kasko: research §2 ranges, the
 * insurer's choice inside them; an insurer without a KASKO tariff refuses with the reason), the premium
 * is paid at once or in 2 or 4 instalments (K_instalment), and before «Отправить страховщику» the
 * insurer needs the insurant, the drivers' names, the VIN, the contacts and the inspection photos.
 * A policy in force takes changes (endorsements): the sum insured, the drivers (named, with their names,
 * or anyone), the deductible — shared-kit sales/kasko/changes.ts; the demo insurer re-rates the changed
 * calculation by its tariff and prices the days left pro rata.
 */
type Row = ProductRow<KaskoCalculateRequest, KaskoContractDetails>;

/** What a KASKO offer keeps (the contract's `offer`): the insurer's rating, whole. */
type KaskoOffer = ProductOffer & { companyId: string; companyName: string };

/** PATCH …/details: what the agent has typed so far; every part optional, each checked for its shape. */
export const kaskoDetailsPatchSchema = yup.object({
  details: yup
    .object({
      insurant: personSchema('details.insurant'),
      vehicle: yup
        .object({ vin: detailText('details.vehicle.vin', 17).transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase().replace(/\s+/g, '') : v)) })
        .default(undefined)
        .nullable()
        .label('details.vehicle'),
      driverNames: yup.array(detailText('details.driverNames[]', 200)).max(5, 'Поле «details.driverNames»: не больше 5 водителей').nullable().label('details.driverNames'),
      contacts: contactsSchema('details.contacts'),
    })
    .noUnknown(true, 'Поле «details»: лишние поля для Е-КАСКО')
    .required('Поле «details» обязательно')
    .label('details'),
});

const personLine = (d: Partial<KaskoContractDetails>) => {
  const p = d.insurant;
  if (!p) return '—';
  const name = kaskoClientName(d) ?? '—';
  return p.birthDate ? `${name}, дата рождения ${formatDate(p.birthDate)}` : name;
};

export const ekasko: ProductModule<KaskoCalculateRequest, KaskoContractDetails, KaskoCalculateRequest> = {
  code: 'ekasko',
  calculationSchema: kaskoCalculateSchema,
  detailsSchema: kaskoDetailsPatchSchema,
  changeSchema: kaskoChangeSchema,
  // The schema checked everything the insurers share; each insurer's own limits are its refusal.
  quoteRequest: async (_q, calc) => calc,
  ...ratedInRoubles(rateKasko, priceKaskoChange),
  applyChange(row: Row, change) {
    if (!describeKaskoChange(row.calculation, row.details.driverNames, change as KaskoChange)) throw validationError('Поле «change»: изменение не меняет условий полиса', 'change');
    const next = applyKaskoChange(row.calculation, row.details.driverNames, change as KaskoChange);
    return { calculation: next.calculation, details: { ...row.details, driverNames: next.driverNames } };
  },
  describeChange: (change, row: Row) => describeKaskoChange(row.calculation, row.details.driverNames, change as KaskoChange) ?? 'Изменение договора',
  submission(row: Row) {
    const d = row.details;
    const calc = row.calculation;
    return {
      contractId: row.id,
      product: 'ekasko',
      premium: Number(row.premium),
      startDate: calc.startDate,
      vehicle: { ...calc.vehicle, vin: kaskoVin(d, calc) },
      sumInsured: calc.sumInsured,
      insurant: d.insurant ?? null,
      drivers: (calc.drivers ?? []).map((drv, i) => ({ ...drv, name: d.driverNames?.[i] ?? null })),
      instalments: calc.instalments,
    };
  },
  linkRecords: linkKaskoRecords,
  searchColumns: (details, calc) => ({ client_name: kaskoClientName(details), plate: calc.vehicle.plate || null, vin: kaskoVin(details, calc) }),
  missing: (details, calc) => missingKaskoDetail(details, calc),
  missingFiles: (files) => missingKaskoPhoto(files),
  summary(row: Row): SummaryBlock[] {
    const d = row.details;
    const calc = row.calculation;
    const offer = row.offer as unknown as KaskoOffer | null;
    const blocks = offer ? kaskoSummary({ ...calc, vehicle: { ...calc.vehicle, vin: kaskoVin(d, calc) ?? undefined } }, { ...offer, premium: Number(row.premium ?? offer.premium) }, offer.companyName) : [];
    const insurant: SummaryBlock = {
      title: 'Страхователь',
      rows: [
        { label: 'Страхователь', value: personLine(d) },
        { label: 'Адрес регистрации', value: d.insurant?.address || '—' },
        { label: 'Телефон', value: d.contacts?.phone || '—' },
        { label: 'E-mail', value: d.contacts?.email || '—' },
      ],
      lines: calc.unrestricted ? [] : (calc.drivers ?? []).map((_, i) => `Водитель ${i + 1}: ${d.driverNames?.[i] || 'ФИО не заполнено'}`),
    };
    return [insurant, ...blocks];
  },
  term: (calc) => policyTerm(calc.startDate),
  schedule: (premium, calc, today) => splitSchedule(premium, calc.instalments ?? 1, calc.startDate, today),
  currency: () => 'RUB',
  documentTitles: { draft: 'Проект полиса КАСКО', policy: 'Полис КАСКО', payment: 'Оплата полиса КАСКО' },
};
