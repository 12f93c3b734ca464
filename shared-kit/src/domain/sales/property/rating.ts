/**
 * The property premium of one demo insurer (tariffs.ts: model, ranges, choices) for a valid
 * PropertyCalculateRequest: integer kopecks, every part and multiplier said in Russian, or a refusal.
 */
import {
  INDICATIVE_NOTE,
  checkTariffValue,
  chosen,
  coefficientFactor,
  noTariffRefusal,
  premiumOfParts,
  rateFactor,
  tariffInsurers,
  tariffOn,
  type AppliedFactor,
  type ProductQuote,
  type TariffValue,
} from '../ratingKit';
import { formatMoney } from '../../format';
import { HOUSE_WALL_TITLES, PROPERTY_PART_TITLES, type PropertyCalculateRequest } from './input';
import { PROPERTY_OLD_BUILDING_YEARS, PROPERTY_RANGES, PROPERTY_TARIFFS, type PropertyPartRates, type PropertyTariffRows } from './tariffs';

export const PROPERTY_INSURERS = tariffInsurers(PROPERTY_TARIFFS);

/** The building's age in years on the start date. */
export const buildingAge = (req: Pick<PropertyCalculateRequest, 'yearBuilt' | 'startDate'>) => Number(req.startDate.slice(0, 4)) - req.yearBuilt;

function refusal(rows: PropertyTariffRows, req: PropertyCalculateRequest): string | null {
  const age = buildingAge(req);
  if (rows.maxBuildingAge !== null && age > rows.maxBuildingAge) return `Не страхуем здания старше ${rows.maxBuildingAge} лет (этому ${age})`;
  if (req.kind === 'apartment' && req.construction === 'wooden' && rows.refusesWoodenFlats) return 'Не страхуем квартиры в деревянных домах';
  if (req.kind === 'house' && req.walls === 'wooden_frame' && req.heating === 'stove_fireplace' && rows.refusesWoodenWithStove) {
    return 'Не страхуем деревянные и каркасные дома с печным отоплением или камином';
  }
  return null;
}

/** The property quote of one insurer. */
export function rateProperty(req: PropertyCalculateRequest, insurer: string): ProductQuote {
  const tariff = tariffOn(PROPERTY_TARIFFS, insurer, req.startDate);
  if (!tariff) return noTariffRefusal(insurer, req.startDate);
  const rows = tariff.rows;
  const refused = refusal(rows, req);
  if (refused) return { kind: 'refusal', insurer, reason: refused };

  const rates: PropertyPartRates = req.kind === 'apartment' ? rows.flat : req.walls === 'wooden_frame' ? rows.wood : rows.brick;
  const where = req.kind === 'apartment' ? 'квартира' : `дом, стены: ${HOUSE_WALL_TITLES[req.walls ?? 'brick_stone'].toLowerCase()}`;

  // The multipliers of the property's risk (§3), applied to every property part.
  const multipliers: [key: string, label: string, v: TariffValue, why: string][] = [];
  if (req.kind === 'house' && req.heating === 'stove_fireplace') multipliers.push(['stoveHeating', 'Отопление', rows.stoveHeating, 'печь или камин']);
  if (req.kind === 'house' && req.seasonal) multipliers.push(['seasonal', 'Проживание', chosen(1_200_000, PROPERTY_RANGES.seasonal), 'сезонное']);
  if (!req.fireSafety) multipliers.push(['noFireSafety', 'Пожарная безопасность', rows.noFireSafety, 'нет средств пожарной безопасности']);
  if (req.alarm) multipliers.push(['alarm', 'Охранная сигнализация', chosen(900_000, PROPERTY_RANGES.alarm), 'сигнализация с выводом на пульт']);
  const age = buildingAge(req);
  if (age > PROPERTY_OLD_BUILDING_YEARS) multipliers.push(['oldBuilding', 'Возраст здания', chosen(1_200_000, PROPERTY_RANGES.oldBuilding), `${age} лет, старше ${PROPERTY_OLD_BUILDING_YEARS}`]);
  if (req.kind === 'apartment' && req.floor && req.floors && (req.floor === 1 || req.floor === req.floors) && req.floors > 1) {
    multipliers.push(['edgeFloor', 'Этаж', chosen(1_100_000, PROPERTY_RANGES.edgeFloor), req.floor === 1 ? 'первый этаж' : 'последний этаж']);
  }
  const mult = multipliers.map(([key, , v]) => checkTariffValue(key, v));

  const factors: AppliedFactor[] = [];
  const parts: { amount: number; ppms: number[] }[] = [];
  for (const part of ['structure', 'finishing', 'contents'] as const) {
    const amount = req.cover[part] ?? 0;
    if (amount <= 0) continue;
    const v = rates[part];
    parts.push({ amount, ppms: [checkTariffValue(part, v), ...mult] });
    factors.push(rateFactor(part, PROPERTY_PART_TITLES[part], v, `${where}, страховая сумма ${formatMoney(amount)}`));
  }
  for (const [i, o] of (req.outbuildings ?? []).entries()) {
    const v = o.walls === 'wooden_frame' ? rows.wood.structure : rows.brick.structure;
    parts.push({ amount: o.sum, ppms: [checkTariffValue(`outbuildings[${i}]`, v), ...mult] });
    factors.push(rateFactor(`outbuildings[${i}]`, `Постройка «${o.name}»`, v, `по ставке конструктива дома (${HOUSE_WALL_TITLES[o.walls].toLowerCase()}): отдельной ставки в исследовании нет, выбор наш; страховая сумма ${formatMoney(o.sum)}`));
  }
  for (const [key, label, v, why] of multipliers) factors.push(coefficientFactor(key, label, v, `${why}; к имуществу, не к ответственности`));
  const liability = req.cover.liability ?? 0;
  if (liability > 0) {
    parts.push({ amount: liability, ppms: [checkTariffValue('liability', rows.liability)] });
    factors.push(rateFactor('liability', PROPERTY_PART_TITLES.liability, rows.liability, `лимит ${formatMoney(liability)}`));
  }
  const premium = premiumOfParts(parts);
  return {
    kind: 'offer',
    insurer,
    premium,
    currency: 'RUB',
    factors,
    clamps: [],
    notes: [INDICATIVE_NOTE],
    instalments: [premium],
    tariff: { insurer, validFrom: tariff.validFrom, source: tariff.source },
  };
}

/** Every insurer's answer, in the tariff table's order. */
export const ratePropertyAll = (req: PropertyCalculateRequest): ProductQuote[] => PROPERTY_INSURERS.map((i) => rateProperty(req, i));
