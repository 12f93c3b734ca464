/** The travel calculator's steps and what a travel policy shows (the contract page, the PDF). */
import { formatDate } from '../../format';
import { CALCULATOR_CLOSING_STEPS, premiumBlock, spanText, yearPolicyEnd, type CalculatorStep, type ProductOffer, type SummaryBlock } from '../ratingKit';
import { TRAVEL_OPTION_TITLES, TRAVEL_SPORT_TITLES, TRAVEL_SUM_TITLES, TRAVEL_ZONE_TITLES, travelDays, travelZone, type TravelCalculateRequest } from './input';

export const TRAVEL_STEPS = [
  { key: 'trip', title: 'Поездка' },
  { key: 'travellers', title: 'Путешественники' },
  { key: 'cover', title: 'Страховая сумма и опции' },
  ...CALCULATOR_CLOSING_STEPS,
] as const satisfies readonly CalculatorStep[];

/** The policy's summary blocks, label → value, in the order they are printed. */
export function travelSummary(req: TravelCalculateRequest, offer: ProductOffer, insurerName: string): SummaryBlock[] {
  const multi = req.tripType === 'multi';
  return [
    {
      title: 'Поездка',
      rows: [
        { label: 'Страны', value: req.countries.map((c) => c.toUpperCase()).join(', ') },
        { label: 'Территория', value: TRAVEL_ZONE_TITLES[travelZone(req.countries)] },
        { label: 'Тип полиса', value: multi ? `Многократные поездки, ${req.coveredDays} дней за границей` : 'Однократная поездка' },
        { label: 'Срок страхования', value: spanText(req.startDate, multi ? yearPolicyEnd(req.startDate) : req.endDate!) },
        ...(multi ? [] : [{ label: 'Дней', value: String(travelDays(req)) }]),
      ],
    },
    { title: 'Путешественники', rows: req.travellers.map((t, i) => ({ label: `Путешественник ${i + 1}`, value: `дата рождения ${formatDate(t.birthDate)}` })) },
    {
      title: 'Условия страхования',
      rows: [
        { label: 'Страховая сумма', value: TRAVEL_SUM_TITLES[req.sumInsured] },
        { label: 'Спорт', value: TRAVEL_SPORT_TITLES[req.sport] },
        { label: 'Опции', value: (req.options ?? []).map((o) => TRAVEL_OPTION_TITLES[o]).join(', ') || 'Нет' },
      ],
    },
    premiumBlock(offer, insurerName),
  ];
}
