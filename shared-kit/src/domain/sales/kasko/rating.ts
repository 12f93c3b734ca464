/**
 * The e-KASKO premium of one demo insurer (tariffs.ts gives the model, the ranges and the choices).
 * Input is a valid KaskoCalculateRequest (input.ts); output an offer in integer kopecks with every
 * factor and the clamp said in Russian, or the insurer's refusal with its reason.
 */
import { wholeYears } from '../osago/rating';
import type { KaskoCalculateRequest, KaskoDeductible } from './input';
import { KASKO_DEDUCTIBLE_TITLES, KASKO_INSTALMENT_TITLES, KASKO_REGION_TITLES } from './input';
import {
  INDICATIVE_NOTE,
  checkTariffValue,
  chosen,
  coefficientFactor,
  noTariffRefusal,
  percentText,
  premiumOfParts,
  applyPpm,
  splitInstalments,
  tariffInsurers,
  tariffOn,
  type AppliedFactor,
  type ProductQuote,
  type TariffValue,
} from '../ratingKit';
import { formatMoney } from '../../format';
import { KASKO_CLAMP, KASKO_PRICE_TIER, KASKO_RANGES, KASKO_TARIFFS, type KaskoBaseRate, type KaskoTariffRows } from './tariffs';

/** The insurers with a KASKO tariff. */
export const KASKO_INSURERS = tariffInsurers(KASKO_TARIFFS);

/** The car's age in whole model years on the start date (a 2025 car is 1 year old in 2026). */
export const kaskoVehicleAge = (req: Pick<KaskoCalculateRequest, 'vehicle' | 'startDate'>) => Number(req.startDate.slice(0, 4)) - req.vehicle.year;

type DriverBand = 'young' | 'middle' | 'experienced';

/**
 * A driver's band (research §2): age < 22 or experience < 2 years — young; age 22–25 or experience
 * 2–4 full years — middle («2–5 years»: five full years count as experienced); else experienced.
 */
export function kaskoDriverBand(age: number, experience: number): DriverBand {
  if (age < 22 || experience < 2) return 'young';
  if (age <= 25 || experience < 5) return 'middle';
  return 'experienced';
}

const BAND_ORDER: DriverBand[] = ['young', 'middle', 'experienced'];
const BAND_TITLES: Record<DriverBand, string> = {
  young: 'моложе 22 лет или стаж менее 2 лет',
  middle: '22–25 лет или стаж 2–4 года',
  experienced: 'старше 25 лет и стаж от 5 лет',
};

const DEDUCTIBLE_RANGE: Record<KaskoDeductible, keyof typeof KASKO_RANGES> = {
  none: 'deductibleNone',
  rub15000: 'deductible15k',
  rub30000: 'deductible30k',
  rub50000: 'deductible50k',
  percent2: 'deductible2pct',
};

function baseBand(rows: KaskoTariffRows, age: number): { rate: KaskoBaseRate; title: string } {
  if (age <= 3) return { rate: rows.base0to3, title: 'автомобиль 0–3 лет' };
  if (age <= 7) return { rate: rows.base4to7, title: 'автомобиль 4–7 лет' };
  return { rate: rows.base8plus, title: 'автомобиль 8 лет и старше' };
}

/** The reason `insurer` declines this case, or null. */
function refusal(rows: KaskoTariffRows, req: KaskoCalculateRequest, age: number, experiences: number[]): string | null {
  if (rows.maxVehicleAge !== null && age > rows.maxVehicleAge) return `Не страхуем автомобили старше ${rows.maxVehicleAge} лет (этому ${age})`;
  if (req.vehicle.highTheft && req.antiTheft === 'none' && rows.antiTheftNoneHighTheft === null) {
    return 'Модель в списке угоняемых: страхуем только с противоугонной системой';
  }
  if (rows.minExperience !== null && experiences.some((e) => e < rows.minExperience!)) return `Не страхуем водителей со стажем менее ${rows.minExperience} года`;
  return null;
}

/** The KASKO quote of one insurer for a valid input. */
export function rateKasko(req: KaskoCalculateRequest, insurer: string): ProductQuote {
  const tariff = tariffOn(KASKO_TARIFFS, insurer, req.startDate);
  if (!tariff) return noTariffRefusal(insurer, req.startDate);
  const rows = tariff.rows;
  const age = kaskoVehicleAge(req);
  const drivers = req.unrestricted ? [] : (req.drivers ?? []).map((d) => ({ age: wholeYears(d.birthDate, req.startDate), experience: Math.max(0, wholeYears(d.experienceSince, req.startDate)) }));
  const refused = refusal(rows, req, age, drivers.map((d) => d.experience));
  if (refused) return { kind: 'refusal', insurer, reason: refused };

  const factors: AppliedFactor[] = [];
  const si = req.sumInsured;

  // Base rate: the part up to 5 m ₽ at the band's higher rate, the part above at its lower rate (+ the
  // high-theft loading on both), research §2.
  const band = baseBand(rows, age);
  const upper = Math.min(si, KASKO_PRICE_TIER);
  const over = si - upper;
  const theft = req.vehicle.highTheft ? checkTariffValue('highTheft', rows.highTheft) : 0;
  const r1 = checkTariffValue('base.upTo5m', band.rate.upTo5m);
  const r2 = checkTariffValue('base.above5m', band.rate.above5m);
  const parts = [{ amount: upper, ppms: [r1 + theft] }, ...(over > 0 ? [{ amount: over, ppms: [r2 + theft] }] : [])];
  const range = band.rate.upTo5m.range;
  factors.push({
    key: 'baseRate',
    label: 'Базовый тариф',
    ppm: r1,
    kind: 'rate',
    text: over > 0 ? `${percentText(r1)} до 5 млн ₽, ${percentText(r2)} свыше` : percentText(r1),
    why: `${band.title}, ${age} ${age === 1 ? 'год' : age >= 2 && age <= 4 ? 'года' : 'лет'}; выбор страховщика в диапазоне ${percentText(range.min)}–${percentText(range.max)} (${range.source}); дорогие автомобили — по нижней ставке на часть суммы свыше 5 млн ₽`,
  });
  if (req.vehicle.highTheft) {
    factors.push({
      key: 'highTheft',
      label: 'Надбавка за угоняемую модель',
      ppm: theft,
      kind: 'rate',
      text: `+ ${percentText(theft)}`,
      why: `модель в списке угоняемых; выбор страховщика в диапазоне ${percentText(rows.highTheft.range.min)}–${percentText(rows.highTheft.range.max)} (${rows.highTheft.range.source})`,
    });
  }

  // Drivers: the youngest, least experienced sets the rate (research §2 [V onys.ru]).
  let driver: TariffValue;
  let driverWhy: string;
  if (req.unrestricted) {
    driver = rows.driverUnrestricted;
    driverWhy = 'без ограничения списка водителей';
  } else {
    const worst = drivers.map((d) => kaskoDriverBand(d.age, d.experience)).reduce((a, b) => (BAND_ORDER.indexOf(b) < BAND_ORDER.indexOf(a) ? b : a));
    driver = worst === 'young' ? rows.driverYoung : worst === 'middle' ? rows.driverMiddle : rows.driverExperienced;
    driverWhy = `${drivers.length > 1 ? `худший из ${drivers.length} водителей` : 'водитель'}: ${BAND_TITLES[worst]}`;
  }
  const deductibleRange = KASKO_RANGES[DEDUCTIBLE_RANGE[req.deductible]];
  const antiTheft =
    req.antiTheft === 'satellite' ? { v: rows.antiTheftSatellite, why: 'спутниковая противоугонная система' }
    : req.antiTheft === 'none' && req.vehicle.highTheft ? { v: rows.antiTheftNoneHighTheft!, why: 'угоняемая модель без противоугонной системы' }
    : { v: chosen(1_000_000, KASKO_RANGES.antiTheftNeutral), why: req.antiTheft === 'standard' ? 'штатная сигнализация' : 'без противоугонной системы, модель не в списке угоняемых' };
  const instalmentRange = KASKO_RANGES[`instalments${req.instalments}`];
  const coefficients: [key: string, label: string, v: TariffValue, why: string][] = [
    ['driver', 'Водители', driver, driverWhy],
    ['deductible', 'Франшиза', chosen(deductibleRange.min, deductibleRange), KASKO_DEDUCTIBLE_TITLES[req.deductible]],
    ['antiTheft', 'Противоугонная система', antiTheft.v, antiTheft.why],
    ['instalments', 'Оплата', chosen(instalmentRange.min, instalmentRange), KASKO_INSTALMENT_TITLES[req.instalments]],
    ['region', 'Регион использования', req.region === 'capitals' ? rows.regionCapitals : rows.regionOther, KASKO_REGION_TITLES[req.region]],
  ];
  for (const [key, label, v, why] of coefficients) {
    checkTariffValue(key, v);
    factors.push(coefficientFactor(key, label, v, why));
  }
  const raw = premiumOfParts(parts, coefficients.map(([, , v]) => v.ppm));

  // §2 «Output bounds»: 2–12 % of the sum insured.
  const min = applyPpm(si, KASKO_CLAMP.minPpm);
  const max = applyPpm(si, KASKO_CLAMP.maxPpm);
  const clamps: string[] = [];
  let premium = raw;
  if (raw < min) {
    premium = min;
    clamps.push(`Премия ${formatMoney(raw)} меньше ${percentText(KASKO_CLAMP.minPpm)} страховой суммы: поднята до ${formatMoney(min)} (${KASKO_CLAMP.source})`);
  } else if (raw > max) {
    premium = max;
    clamps.push(`Премия ${formatMoney(raw)} больше ${percentText(KASKO_CLAMP.maxPpm)} страховой суммы: снижена до ${formatMoney(max)} (${KASKO_CLAMP.source})`);
  }
  return {
    kind: 'offer',
    insurer,
    premium,
    currency: 'RUB',
    factors,
    clamps,
    notes: [INDICATIVE_NOTE],
    instalments: splitInstalments(premium, req.instalments),
    tariff: { insurer, validFrom: tariff.validFrom, source: tariff.source },
  };
}

/** Every insurer's answer, in the tariff table's order. */
export const rateKaskoAll = (req: KaskoCalculateRequest): ProductQuote[] => KASKO_INSURERS.map((i) => rateKasko(req, i));
