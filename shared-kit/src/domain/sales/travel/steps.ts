/** The travel calculator's steps and what a travel policy shows (the contract page, the PDF). */
import { formatDate } from '../../format';
import { CALCULATOR_CLOSING_STEPS, premiumBlock, spanText, yearPolicyEnd, type CalculatorStep, type ProductOffer, type SummaryBlock } from '../ratingKit';
import { foreignPremiumText } from '../products';
import { TRAVEL_OPTION_TITLES, TRAVEL_SPORT_TITLES, TRAVEL_SUM_TITLES, TRAVEL_ZONE_TITLES, travelDays, travelZone, type TravelCalculateRequest } from './input';
import { travelClientName, travellerLine, type TravelContractDetails } from './details';
import { countryTitle } from './countries';

export const TRAVEL_STEPS = [
  { key: 'trip', title: 'Поездка' },
  { key: 'travellers', title: 'Путешественники' },
  { key: 'cover', title: 'Страховая сумма и опции' },
  ...CALCULATOR_CLOSING_STEPS,
] as const satisfies readonly CalculatorStep[];

/** The premium fixed in roubles at the day's rate (the contract's), shown beside the foreign premium. */
export interface FixedInRoubles {
  kopecks: number;
  /** Roubles for one unit × RATE_SCALE. */
  rate: number;
  rateDate: string;
}

/**
 * The policy's summary blocks, label → value, in the order they are printed. With the contract's details
 * the travellers are named as in their passports and the insurant is listed; with the rouble premium the
 * premium block says it at the day's rate.
 */
export function travelSummary(req: TravelCalculateRequest, offer: ProductOffer, insurerName: string, details?: Partial<TravelContractDetails>, roubles?: FixedInRoubles): SummaryBlock[] {
  const multi = req.tripType === 'multi';
  const premium = premiumBlock(offer, insurerName);
  if (roubles && offer.currency !== 'RUB') {
    premium.rows.splice(2, 0, { label: 'Премия в рублях', value: foreignPremiumText(offer.premium, offer.currency, roubles.kopecks, roubles.rate, roubles.rateDate) });
  }
  return [
    {
      title: 'Поездка',
      rows: [
        { label: 'Страны', value: req.countries.map(countryTitle).join(', ') },
        { label: 'Территория', value: TRAVEL_ZONE_TITLES[travelZone(req.countries)] },
        { label: 'Тип полиса', value: multi ? `Многократные поездки, ${req.coveredDays} дней за границей` : 'Однократная поездка' },
        { label: 'Срок страхования', value: spanText(req.startDate, multi ? yearPolicyEnd(req.startDate) : req.endDate!) },
        ...(multi ? [] : [{ label: 'Дней', value: String(travelDays(req)) }]),
      ],
    },
    {
      title: 'Путешественники',
      rows: req.travellers.map((t, i) => ({ label: `Путешественник ${i + 1}`, value: details ? travellerLine(details.travellers?.[i], t.birthDate) : `дата рождения ${formatDate(t.birthDate)}` })),
    },
    ...(details
      ? [
          {
            title: 'Страхователь',
            rows: [
              { label: 'ФИО', value: travelClientName(details) ?? '—' },
              { label: 'Дата рождения', value: details.insurant?.birthDate ? formatDate(details.insurant.birthDate) : '—' },
              { label: 'Телефон', value: details.insurant?.phone ?? '—' },
              ...(details.insurant?.email ? [{ label: 'Эл. почта', value: details.insurant.email }] : []),
            ],
          },
        ]
      : []),
    {
      title: 'Условия страхования',
      rows: [
        { label: 'Страховая сумма', value: TRAVEL_SUM_TITLES[req.sumInsured] },
        { label: 'Спорт', value: TRAVEL_SPORT_TITLES[req.sport] },
        { label: 'Опции', value: (req.options ?? []).map((o) => TRAVEL_OPTION_TITLES[o]).join(', ') || 'Нет' },
      ],
    },
    premium,
  ];
}
