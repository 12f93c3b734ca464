import { POLICY_TERM_TITLE, formatDate, formatForeign, formatMoney, moscowParts, rateText } from '@oyster/shared-kit/domain';
import { pdfDocument } from '../../platform/pdf.js';
import { moduleOf } from '../products/index.js';
import type { ContractRow } from './store.js';

/**
 * The contract's PDFs (platform/pdf.ts), for any product: the rails print the insurer, the term and the
 * premium (with the rate for a foreign currency), then the product module's summary blocks as they come.
 * - draft: before payment, on demand: what will be insured, marked as not a policy;
 * - policy: at release, stored with the contract (contract_documents), the same text with the number.
 */

export type ContractDocumentKind = 'draft' | 'policy';

export const DOCUMENT_FILE_NAMES: Record<ContractDocumentKind, (r: Pick<ContractRow, 'id' | 'policy_number' | 'product'>) => string> = {
  draft: (r) => `${moduleOf(r).documentTitles.draft} ${r.id.slice(-6)}.pdf`,
  policy: (r) => `${moduleOf(r).documentTitles.policy} ${r.policy_number ?? r.id.slice(-6)}.pdf`,
};

export async function contractPdf(kind: ContractDocumentKind, row: ContractRow, companyName: string): Promise<Buffer> {
  const module = moduleOf(row);
  const { doc, done } = await pdfDocument(DOCUMENT_FILE_NAMES[kind](row).replace(/\.pdf$/, ''));

  const heading = (text: string) => doc.moveDown(0.6).font('bold').fontSize(12).text(text).font('regular').fontSize(10).moveDown(0.2);
  const line = (label: string, value: string) => doc.font('regular').fontSize(10).text(`${label}: `, { continued: true }).font('bold').text(value || '—').font('regular');

  doc.font('bold').fontSize(16).text(kind === 'policy' ? `${module.documentTitles.policy} № ${row.policy_number}` : module.documentTitles.draft);
  if (kind === 'draft') doc.font('regular').fontSize(10).fillColor('#b00020').text('Черновик: не является полисом, действует только после оплаты и выпуска.').fillColor('black');
  doc.moveDown(0.4);
  line('Страховщик', companyName);
  const term = module.term(row.calculation);
  line(POLICY_TERM_TITLE, `с ${formatDate(row.start_date ?? term.from)} по ${formatDate(row.end_date ?? term.to)}`);
  line('Страховая премия', formatMoney(Number(row.premium ?? 0)));
  if (row.currency && row.currency !== 'RUB' && row.currency_rate) {
    line('Премия в валюте', `${formatForeign(Number(row.premium_foreign ?? 0), row.currency)} по курсу ${rateText(row.currency, row.currency_rate)} на ${formatDate(String(row.currency_rate_date))}${row.currency_rate_source === 'demo' ? ' (демонстрационный курс)' : ''}`);
  }
  for (const block of module.summary(row)) {
    if (block.title) heading(block.title);
    for (const r of block.rows) line(r.label, r.value);
    for (const l of block.lines ?? []) doc.text(l);
  }
  doc.moveDown(1).fontSize(8).fillColor('#555').text(`Сформировано ${moscowParts(new Date()).date} платформой Oyster. Договор ${row.id}.`);
  doc.end();
  return done;
}
