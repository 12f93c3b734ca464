/**
 * The travel premium of one demo insurer (tariffs.ts: model, ranges, choices) for a valid
 * TravelCalculateRequest: integer cents of the zone's currency (euro or dollar), every factor said in
 * Russian, or a refusal. The rouble premium at the day's rate is fixed by the rails, not here.
 */
import { wholeYears } from '../osago/rating';
import {
  INDICATIVE_NOTE,
  checkTariffValue,
  chosen,
  coefficientFactor,
  formatPremium,
  noTariffRefusal,
  premiumOfParts,
  tariffInsurers,
  tariffOn,
  type AppliedFactor,
  type ProductQuote,
  type TariffValue,
} from '../ratingKit';
import { TRAVEL_OPTION_TITLES, TRAVEL_SPORT_TITLES, TRAVEL_ZONE_CURRENCY, TRAVEL_ZONE_TITLES, travelDays, travelZone, type TravelCalculateRequest } from './input';
import { TRAVEL_ON_REQUEST_AGE, TRAVEL_RANGES, TRAVEL_TARIFFS } from './tariffs';

export const TRAVEL_INSURERS = tariffInsurers(TRAVEL_TARIFFS);

/** K_age of research §4 for an age in whole years on the start date; null from 85 («по запросу»). */
export function travelAgeCoefficient(age: number): { v: TariffValue; band: string } | null {
  const T = TRAVEL_RANGES;
  const at = (range: (typeof T)[keyof typeof T], band: string) => ({ v: chosen(range.min, range), band });
  if (age <= 1) return at(T.age0to1, '0–1 год');
  if (age <= 64) return at(T.age2to64, '2–64 года');
  if (age <= 69) return at(T.age65to69, '65–69 лет');
  if (age <= 74) return at(T.age70to74, '70–74 года');
  if (age < TRAVEL_ON_REQUEST_AGE) return at(T.age75to84, '75–84 года');
  return null;
}

const SPORT_RANGE = { none: 'sportNone', active: 'sportActive', skiing: 'sportSkiing', extreme: 'sportExtreme' } as const;

/** The travel quote of one insurer. */
export function rateTravel(req: TravelCalculateRequest, insurer: string): ProductQuote {
  const tariff = tariffOn(TRAVEL_TARIFFS, insurer, req.startDate);
  if (!tariff) return noTariffRefusal(insurer, req.startDate);
  const rows = tariff.rows;
  const zone = travelZone(req.countries);
  const ages = req.travellers.map((t) => wholeYears(t.birthDate, req.startDate));
  const old = ages.findIndex((a) => a >= TRAVEL_ON_REQUEST_AGE);
  if (old >= 0) return { kind: 'refusal', insurer, reason: `Путешественник ${old + 1}: с ${TRAVEL_ON_REQUEST_AGE} лет — по запросу к страховщику` };
  const base = zone === 'europe' ? rows.europe : zone === 'world_excl_us' ? rows.worldExclUs : rows.worldInclUs;
  if (!base) return { kind: 'refusal', insurer, reason: 'Не страхуем поездки в США и Канаду' };
  const fixedSport = TRAVEL_RANGES[SPORT_RANGE[req.sport]];
  const sport: TariffValue | null = req.sport === 'extreme' ? rows.sportExtreme : chosen(fixedSport.min, fixedSport);
  if (!sport) return { kind: 'refusal', insurer, reason: 'Экстремальный спорт не страхуем' };

  const days = travelDays(req);
  const currency = TRAVEL_ZONE_CURRENCY[zone];
  const dayRate = checkTariffValue('baseDayRate', base);
  const common: [string, string, TariffValue, string][] = [];
  if (req.sumInsured === 'eur50000') common.push(['sumInsured', 'Страховая сумма', chosen(TRAVEL_RANGES.europe50.min, TRAVEL_RANGES.europe50), '50 000 € вместо 30 000 €']);
  common.push(['sport', 'Спорт', sport, TRAVEL_SPORT_TITLES[req.sport]]);
  if (req.tripType === 'multi') {
    const multi = req.coveredDays === 90 ? chosen(TRAVEL_RANGES.multi90.min, TRAVEL_RANGES.multi90) : rows.multi30;
    common.push(['multiTrip', 'Многократные поездки', multi, `годовой полис, ${req.coveredDays} дней за границей`]);
  }
  const commonPpm = common.map(([key, , v]) => checkTariffValue(key, v));

  const factors: AppliedFactor[] = [
    {
      key: 'baseDayRate',
      label: 'Тариф в день',
      ppm: dayRate,
      kind: 'rate',
      text: `${formatPremium(dayRate, currency)} × ${days} дн.`,
      why: `${TRAVEL_ZONE_TITLES[zone]}; выбор страховщика в диапазоне ${formatPremium(base.range.min, currency)}–${formatPremium(base.range.max, currency)} в день (${base.range.source})`,
    },
  ];
  const parts = req.travellers.map((_, i) => {
    const k = travelAgeCoefficient(ages[i])!;
    factors.push(coefficientFactor(`age[${i}]`, `Возраст путешественника ${i + 1}`, k.v, `${ages[i]} лет, группа ${k.band}`));
    return { amount: days * dayRate, ppms: [checkTariffValue(`age[${i}]`, k.v), ...commonPpm] };
  });
  for (const [key, label, v, why] of common) factors.push(coefficientFactor(key, label, v, why));
  const premium = premiumOfParts(parts);
  const options = req.options ?? [];
  return {
    kind: 'offer',
    insurer,
    premium,
    currency,
    factors,
    clamps: [],
    notes: [
      INDICATIVE_NOTE,
      `Премия в ${currency === 'EUR' ? 'евро' : 'долларах США'}; в рублях — по курсу на день оформления`,
      ...(options.length ? [`Опции без доплаты в демо-тарифе (в исследовании нет их цены): ${options.map((o) => TRAVEL_OPTION_TITLES[o]).join(', ')}`] : []),
    ],
    instalments: [premium],
    tariff: { insurer, validFrom: tariff.validFrom, source: tariff.source },
  };
}

/** Every insurer's answer, in the tariff table's order. */
export const rateTravelAll = (req: TravelCalculateRequest): ProductQuote[] => TRAVEL_INSURERS.map((i) => rateTravel(req, i));
