import {
  COEFFICIENT_TITLES,
  PERIOD_OF_USE_TITLE,
  VEHICLE_DOCUMENT_TITLES,
  contractClientName,
  formatDate,
  missingContractDetail,
  policyTerm,
  shorterPeriodOfUse,
  type CoefficientName,
  type ContractPerson,
  type EosagoContractDetails,
  type OsagoCalculateRequest,
  type OsagoOffer,
  type SummaryBlock,
} from '@oyster/shared-kit/domain';
import type { OsagoContractSubmission, OsagoQuoteDetail, OsagoQuoteRequest } from '../../insurers/adapter.js';
import { ratingInput } from '../../osago.js';
import { contractDetailsPatchSchema, osagoCalculateSchema } from '../../schemas.js';
import type { ProductModule, ProductRow } from '../types.js';

/**
 * e-OSAGO on the rails: its calculation and details schemas (sales/schemas.ts), the rating input with КБМ
 * (sales/osago.ts), what the insurer gets, the summary of the contract page and PDFs. One instalment, in
 * roubles; the term is the policy's year. Its quote is streamed by routes/osago.ts; the demo insurers rate
 * it themselves (insurers/demo.ts: their base rates inside the Bank of Russia corridor).
 */

const personLine = (p: Partial<ContractPerson> | null | undefined) =>
  p ? [[p.lastName, p.firstName, p.middleName].filter(Boolean).join(' '), p.birthDate ? `дата рождения ${formatDate(p.birthDate)}` : ''].filter(Boolean).join(', ') : '—';

type Row = ProductRow<OsagoCalculateRequest, EosagoContractDetails>;

export const eosago: ProductModule<OsagoCalculateRequest, EosagoContractDetails, OsagoQuoteRequest> = {
  code: 'eosago',
  calculationSchema: osagoCalculateSchema,
  detailsSchema: contractDetailsPatchSchema,
  async quoteRequest(q, calc) {
    const { rating, group } = await ratingInput(q, calc as never);
    return { rating, group, vehicleYear: calc.vehicle.year ?? null };
  },
  offer(answer, insurer) {
    const { rated } = answer.detail as OsagoQuoteDetail;
    const offer: OsagoOffer = { companyId: insurer.id, companyName: insurer.name, premium: rated.premium, coefficients: rated.coefficients, explain: rated.explain, capped: rated.capped, warnings: rated.warnings };
    return offer as unknown as Record<string, unknown>;
  },
  submission(row: Row): OsagoContractSubmission {
    const d = row.details as EosagoContractDetails;
    return {
      contractId: row.id,
      product: 'eosago',
      premium: Number(row.premium),
      startDate: row.calculation.startDate,
      vehicle: { vin: d.vehicle.vin ?? null, bodyNumber: d.vehicle.bodyNumber ?? null, plate: d.vehicle.plate ?? null, year: d.vehicle.year, documentIssuedAt: d.vehicle.document.issuedAt },
      owner: { birthDate: d.owner.birthDate, passportIssuedAt: d.owner.passport.issuedAt },
    };
  },
  searchColumns: (details) => ({ client_name: contractClientName(details), plate: details.vehicle?.plate || null, vin: details.vehicle?.vin || null }),
  missing: (details, calc) => missingContractDetail(details, calc),
  summary(row: Row): SummaryBlock[] {
    const d = row.details;
    const calc = row.calculation;
    const start = row.start_date ?? calc.startDate;
    const period = shorterPeriodOfUse(start, calc.periodMonths);
    const v = d.vehicle;
    const c = (row.offer as OsagoOffer | null)?.coefficients;
    const names = Object.keys(COEFFICIENT_TITLES) as CoefficientName[];
    return [
      ...(period ? [{ title: '', rows: [{ label: PERIOD_OF_USE_TITLE, value: `с ${formatDate(period.from)} по ${formatDate(period.to)} (${calc.periodMonths} мес.)` }] }] : []),
      {
        title: 'Страхователь и собственник',
        rows: [
          { label: 'Собственник', value: personLine(d.owner) },
          { label: 'Страхователь', value: d.insurantIsOwner === false ? personLine(d.insurant) : 'собственник' },
          { label: 'Адрес регистрации собственника', value: d.owner?.address ?? calc.owner.address.value },
        ],
      },
      {
        title: 'Транспортное средство',
        rows: [
          { label: 'Марка, модель, год', value: v ? `${v.make ?? ''} ${v.model ?? ''}, ${v.year ?? ''}`.trim() : '—' },
          { label: 'Госномер', value: v?.plate ?? 'без номера' },
          { label: v?.vin ? 'VIN' : 'Номер кузова', value: v?.vin ?? v?.bodyNumber ?? '—' },
          { label: 'Документ', value: v?.document ? `${VEHICLE_DOCUMENT_TITLES[v.document.type]} ${v.document.series ?? ''} ${v.document.number} от ${formatDate(v.document.issuedAt)}` : '—' },
          { label: 'Категория, мощность', value: `${calc.vehicle.category}, ${calc.vehicle.powerHp} л. с.` },
        ],
      },
      {
        title: 'Лица, допущенные к управлению',
        rows: [],
        lines: calc.unrestricted ? ['Без ограничений'] : (calc.drivers ?? []).map((drv, i) => `${i + 1}. ${d.driverNames?.[i] ?? 'Водитель'} — ВУ ${drv.licence}, стаж с ${formatDate(drv.experienceSince)}`),
      },
      {
        title: 'Расчёт премии: Т = ТБ × КТ × КБМ × КВС × КО × КМ × КС × КН × КПр',
        rows: [],
        lines: c ? [names.map((n) => `${COEFFICIENT_TITLES[n]} ${n === 'tb' ? `${c[n]} ₽` : c[n]}`).join('   ')] : [],
      },
    ];
  },
  term: (calc) => policyTerm(calc.startDate),
  schedule: (premium, _calc, today) => [{ dueDate: today, amount: premium }],
  currency: () => 'RUB',
  documentTitles: { draft: 'Проект полиса ОСАГО', policy: 'Полис ОСАГО', payment: 'Оплата полиса ОСАГО' },
};
