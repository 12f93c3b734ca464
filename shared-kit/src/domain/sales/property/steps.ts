/** The property calculators' steps and what a property policy shows (the contract page, the PDF). */
import { formatMoney } from '../../format';
import { CALCULATOR_CLOSING_STEPS, premiumBlock, spanText, yearPolicyEnd, type CalculatorStep, type ProductOffer, type SummaryBlock } from '../ratingKit';
import {
  APARTMENT_CONSTRUCTION_TITLES,
  HOUSE_HEATING_TITLES,
  HOUSE_WALL_TITLES,
  PROPERTY_PARTS,
  PROPERTY_PART_TITLES,
  type PropertyCalculateRequest,
  type PropertyKind,
} from './input';

export const APARTMENT_STEPS = [
  { key: 'object', title: 'Квартира' },
  { key: 'cover', title: 'Что страхуем' },
  ...CALCULATOR_CLOSING_STEPS,
] as const satisfies readonly CalculatorStep[];

export const HOUSE_STEPS = [
  { key: 'object', title: 'Дом' },
  { key: 'outbuildings', title: 'Постройки' },
  { key: 'cover', title: 'Что страхуем' },
  ...CALCULATOR_CLOSING_STEPS,
] as const satisfies readonly CalculatorStep[];

export const propertySteps = (kind: PropertyKind): readonly CalculatorStep[] => (kind === 'apartment' ? APARTMENT_STEPS : HOUSE_STEPS);

const yesNo = (b: boolean | undefined) => (b ? 'Да' : 'Нет');

/** The policy's summary blocks, label → value, in the order they are printed. */
export function propertySummary(req: PropertyCalculateRequest, offer: ProductOffer, insurerName: string): SummaryBlock[] {
  const apartment = req.kind === 'apartment';
  const object = [
    { label: 'Адрес', value: req.address.value },
    { label: 'Площадь', value: `${req.area} м²` },
    { label: 'Год постройки', value: String(req.yearBuilt) },
    ...(apartment
      ? [
          { label: 'Тип дома', value: APARTMENT_CONSTRUCTION_TITLES[req.construction!] },
          { label: 'Этаж', value: `${req.floor} из ${req.floors}` },
        ]
      : [
          { label: 'Материал стен', value: HOUSE_WALL_TITLES[req.walls!] },
          { label: 'Отопление', value: HOUSE_HEATING_TITLES[req.heating!] },
          { label: 'Сезонное проживание', value: yesNo(req.seasonal) },
        ]),
    { label: 'Средства пожарной безопасности', value: yesNo(req.fireSafety) },
    { label: 'Охранная сигнализация', value: yesNo(req.alarm) },
  ];
  const cover = [
    ...PROPERTY_PARTS.filter((p) => (req.cover[p] ?? 0) > 0).map((p) => ({ label: PROPERTY_PART_TITLES[p], value: formatMoney(req.cover[p]!) })),
    ...(req.outbuildings ?? []).map((o) => ({ label: `Постройка «${o.name}»`, value: `${formatMoney(o.sum)} (${HOUSE_WALL_TITLES[o.walls].toLowerCase()})` })),
    { label: 'Срок страхования', value: spanText(req.startDate, yearPolicyEnd(req.startDate)) },
  ];
  return [{ title: apartment ? 'Квартира' : 'Дом', rows: object }, { title: 'Страховые суммы', rows: cover }, premiumBlock(offer, insurerName)];
}
