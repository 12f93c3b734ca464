import {
  COEFFICIENT_TITLES,
  VEHICLE_DOCUMENT_TITLES,
  PERIOD_OF_USE_TITLE,
  POLICY_TERM_TITLE,
  formatDate,
  formatMoney,
  moscowParts,
  shorterPeriodOfUse,
  type CoefficientName,
  type ContractPerson,
  type EosagoContractDetails,
} from '@oyster/shared-kit/domain';
import { pdfDocument } from '../../platform/pdf.js';
import type { ContractRow } from './store.js';

/**
 * The contract's PDFs (platform/pdf.ts):
 * - draft: before payment, on demand: what will be insured, marked as not a policy;
 * - policy: at release, stored with the contract (contract_documents), the same text with the number.
 */

export type ContractDocumentKind = 'draft' | 'policy';

export const DOCUMENT_FILE_NAMES: Record<ContractDocumentKind, (r: Pick<ContractRow, 'id' | 'policy_number'>) => string> = {
  draft: (r) => `Проект полиса ОСАГО ${r.id.slice(-6)}.pdf`,
  policy: (r) => `Полис ОСАГО ${r.policy_number ?? r.id.slice(-6)}.pdf`,
};

const personLine = (p: Partial<ContractPerson> | null | undefined) =>
  p ? [[p.lastName, p.firstName, p.middleName].filter(Boolean).join(' '), p.birthDate ? `дата рождения ${formatDate(p.birthDate)}` : ''].filter(Boolean).join(', ') : '—';

export function contractPdf(kind: ContractDocumentKind, row: ContractRow, companyName: string): Promise<Buffer> {
  const { doc, done } = pdfDocument(DOCUMENT_FILE_NAMES[kind](row).replace(/\.pdf$/, ''));

  const d = row.details as Partial<EosagoContractDetails>;
  const calc = row.calculation;
  const heading = (text: string) => doc.moveDown(0.6).font('bold').fontSize(12).text(text).font('regular').fontSize(10).moveDown(0.2);
  const line = (label: string, value: string) => doc.font('regular').fontSize(10).text(`${label}: `, { continued: true }).font('bold').text(value || '—').font('regular');

  doc.font('bold').fontSize(16).text(kind === 'policy' ? `Полис ОСАГО № ${row.policy_number}` : 'Проект полиса ОСАГО');
  if (kind === 'draft') doc.font('regular').fontSize(10).fillColor('#b00020').text('Черновик: не является полисом, действует только после оплаты и выпуска.').fillColor('black');
  doc.moveDown(0.4);
  line('Страховщик', companyName);
  // The term is the policy's year (end_date); the period of use only priced it (shared-kit sales/term.ts).
  const start = row.start_date ?? calc.startDate;
  line(POLICY_TERM_TITLE, `с ${formatDate(start)} по ${formatDate(row.end_date)}`);
  const period = shorterPeriodOfUse(start, calc.periodMonths);
  if (period) line(PERIOD_OF_USE_TITLE, `с ${formatDate(period.from)} по ${formatDate(period.to)} (${calc.periodMonths} мес.)`);
  line('Страховая премия', formatMoney(Number(row.premium ?? 0)));

  heading('Страхователь и собственник');
  line('Собственник', personLine(d.owner));
  line('Страхователь', d.insurantIsOwner === false ? personLine(d.insurant) : 'собственник');
  line('Адрес регистрации собственника', d.owner?.address ?? calc.owner.address.value);

  heading('Транспортное средство');
  const v = d.vehicle;
  line('Марка, модель, год', v ? `${v.make ?? ''} ${v.model ?? ''}, ${v.year ?? ''}`.trim() : '—');
  line('Госномер', v?.plate ?? 'без номера');
  line(v?.vin ? 'VIN' : 'Номер кузова', v?.vin ?? v?.bodyNumber ?? '—');
  line('Документ', v?.document ? `${VEHICLE_DOCUMENT_TITLES[v.document.type]} ${v.document.series ?? ''} ${v.document.number} от ${formatDate(v.document.issuedAt)}` : '—');
  line('Категория, мощность', `${calc.vehicle.category}, ${calc.vehicle.powerHp} л. с.`);

  heading('Лица, допущенные к управлению');
  if (calc.unrestricted) doc.text('Без ограничений');
  else (calc.drivers ?? []).forEach((drv, i) => doc.text(`${i + 1}. ${d.driverNames?.[i] ?? 'Водитель'} — ВУ ${drv.licence}, стаж с ${formatDate(drv.experienceSince)}`));

  heading('Расчёт премии: Т = ТБ × КТ × КБМ × КВС × КО × КМ × КС × КН × КПр');
  const c = row.offer?.coefficients;
  if (c) {
    const names = Object.keys(COEFFICIENT_TITLES) as CoefficientName[];
    doc.text(names.map((n) => `${COEFFICIENT_TITLES[n]} ${n === 'tb' ? `${c[n]} ₽` : c[n]}`).join('   '));
  }
  doc.moveDown(1).fontSize(8).fillColor('#555').text(`Сформировано ${moscowParts(new Date()).date} платформой Oyster. Договор ${row.id}.`);
  doc.end();
  return done;
}
