/** The e-KASKO calculator's steps and what a KASKO policy shows (the contract page, the policy PDF). */
import { formatDate, formatMoney } from '../../format';
import { wholeYears } from '../osago/rating';
import {
  KASKO_ANTI_THEFT_TITLES,
  KASKO_DEDUCTIBLE_TITLES,
  KASKO_INSTALMENT_TITLES,
  KASKO_REGION_TITLES,
  type KaskoCalculateRequest,
} from './input';
import { CALCULATOR_CLOSING_STEPS, premiumBlock, spanText, yearPolicyEnd, type CalculatorStep, type ProductOffer, type SummaryBlock } from '../ratingKit';

export const KASKO_STEPS = [
  { key: 'vehicle', title: 'Автомобиль' },
  { key: 'drivers', title: 'Водители' },
  { key: 'cover', title: 'Условия страхования' },
  { key: 'offers', title: 'Предложения страховщиков' },
  { key: 'inspection', title: 'Осмотр и фото' },
  ...CALCULATOR_CLOSING_STEPS.slice(1),
] as const satisfies readonly CalculatorStep[];
export type KaskoStepKey = (typeof KASKO_STEPS)[number]['key'];

const yesNo = (b: boolean) => (b ? 'Да' : 'Нет');

/** The policy's summary blocks, label → value, in the order they are printed. */
export function kaskoSummary(req: KaskoCalculateRequest, offer: ProductOffer, insurerName: string): SummaryBlock[] {
  const v = req.vehicle;
  const drivers = req.unrestricted
    ? [{ label: 'Водители', value: 'Без ограничений' }]
    : (req.drivers ?? []).map((d, i) => ({
        label: `Водитель ${i + 1}`,
        value: `${wholeYears(d.birthDate, req.startDate)} лет (${formatDate(d.birthDate)}), стаж с ${formatDate(d.experienceSince)}`,
      }));
  return [
    {
      title: 'Транспортное средство',
      rows: [
        { label: 'Марка и модель', value: `${v.make} ${v.model}` },
        { label: 'Год выпуска', value: String(v.year) },
        ...(v.plate ? [{ label: 'Госномер', value: v.plate }] : []),
        ...(v.vin ? [{ label: 'VIN', value: v.vin }] : []),
        { label: 'Модель в списке угоняемых', value: yesNo(v.highTheft) },
      ],
    },
    { title: 'Водители', rows: drivers },
    {
      title: 'Условия страхования',
      rows: [
        { label: 'Страховая сумма', value: formatMoney(req.sumInsured) },
        { label: 'Франшиза', value: KASKO_DEDUCTIBLE_TITLES[req.deductible] },
        { label: 'Противоугонная система', value: KASKO_ANTI_THEFT_TITLES[req.antiTheft] },
        { label: 'Оплата', value: KASKO_INSTALMENT_TITLES[req.instalments] },
        { label: 'Регион использования', value: KASKO_REGION_TITLES[req.region] },
        { label: 'Срок страхования', value: spanText(req.startDate, yearPolicyEnd(req.startDate)) },
      ],
    },
    premiumBlock(offer, insurerName),
  ];
}
