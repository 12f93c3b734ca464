/** The mortgage calculator's steps and what a mortgage policy shows (the contract page, the PDF). */
import { formatDate, formatMoney } from '../../format';
import { CALCULATOR_CLOSING_STEPS, premiumBlock, spanText, type CalculatorStep, type ProductOffer, type SummaryBlock } from '../ratingKit';
import { BORROWER_SEX_TITLES, MORTGAGE_PROPERTY_TITLES, type MortgageCalculateRequest } from './input';
import { mortgageBank, mortgageSumInsured, mortgageTerm } from './rating';

export const MORTGAGE_STEPS = [
  { key: 'bank', title: 'Банк и требования' },
  { key: 'loan', title: 'Кредит и имущество' },
  { key: 'borrowers', title: 'Заёмщики' },
  ...CALCULATOR_CLOSING_STEPS,
] as const satisfies readonly CalculatorStep[];

const yesNo = (b: boolean) => (b ? 'Да' : 'Нет');

/** «1-й год»; «1–3-й годы, взнос ежегодно». */
export function yearsText(req: Pick<MortgageCalculateRequest, 'policyYear' | 'years'>): string {
  const first = req.policyYear ?? 1;
  const years = req.years ?? 1;
  return years === 1 ? `${first}-й год` : `${first}–${first + years - 1}-й годы, взнос ежегодно`;
}

/** The policy's summary blocks, label → value, in the order they are printed. */
export function mortgageSummary(req: MortgageCalculateRequest, offer: ProductOffer, insurerName: string): SummaryBlock[] {
  const bank = mortgageBank(req.bank);
  return [
    {
      title: 'Кредит',
      rows: [
        { label: 'Банк', value: bank.name },
        { label: 'Остаток долга', value: formatMoney(req.balance) },
        { label: 'Страховая сумма', value: formatMoney(mortgageSumInsured(req)) },
        { label: 'Имущество', value: MORTGAGE_PROPERTY_TITLES[req.property] },
        { label: 'Страхование жизни', value: yesNo(req.life) },
        { label: 'Страхование титула', value: yesNo(req.title) },
        { label: 'Срок страхования', value: `${spanText(req.startDate, mortgageTerm(req).to)} (${yearsText(req)})` },
      ],
    },
    ...(req.life
      ? [{ title: 'Заёмщики', rows: (req.borrowers ?? []).map((b, i) => ({ label: `Заёмщик ${i + 1}`, value: `${BORROWER_SEX_TITLES[b.sex]}, ${formatDate(b.birthDate)}, доля ${b.share} %` })) }]
      : []),
    premiumBlock(offer, insurerName),
  ];
}
