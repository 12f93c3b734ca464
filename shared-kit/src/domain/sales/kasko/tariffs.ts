/**
 * e-KASKO tariffs of the demo insurers (issue 25). KASKO has no regulated tariff: the model and every
 * range are ../shared/research/insurance-rating.md §2 («Proposed model [I]»), built on the market facts
 * seen there [V]: the youngest, least experienced driver sets the rate (onys.ru); no deductible costs
 * 1.5–2× (autorol.ru); tariffs fall as the car gets more expensive (dedal.ua). Each insurer's value is
 * its own demo choice INSIDE the range (tariffs.test.ts holds every value to it); nothing here is a
 * tariff of the company whose name the demo data borrows.
 *
 * Premium = Σ(price tier × BaseRate(age band, tier) [+ high-theft loading]) × K_driver × K_deductible ×
 * K_antitheft × K_instalment × K_region, then clamped to 2–12 % of the sum insured (§2 «Output bounds»).
 *
 * The price bands: §2 says «≥ 5 m ₽ cars at the low end, budget cars at the high end». Applied as TIERS
 * (the part of the sum up to 5 000 000 ₽ at the insurer's higher rate, the part above it at its lower
 * rate), so a dearer car never costs less: the effective rate falls with the price, the premium does
 * not. The 5 m ₽ boundary is the research's; splitting by tiers is ours.
 */
import { chosen, type InsurerTariff, type ResearchRange, type TariffValue } from '../ratingKit';

const R = (min: number, max: number, source: string): ResearchRange => ({ min, max, source });
const I2 = 'research §2 [I]';

/** The research ranges, ppm (a rate 5 % = 50 000; a coefficient 1.3 = 1 300 000). */
export const KASKO_RANGES = {
  base0to3: R(40_000, 60_000, `${I2}: BaseRate, car 0–3 years old, 4–6 %`),
  base4to7: R(50_000, 80_000, `${I2}: BaseRate, car 4–7 years, 5–8 %`),
  base8plus: R(70_000, 100_000, `${I2}: BaseRate, car 8+ years, 7–10 %, or decline`),
  highTheft: R(10_000, 30_000, `${I2}: high-theft models, +1–3 percentage points`),
  driverYoung: R(1_600_000, 2_000_000, `${I2}: K_driver, age < 22 or experience < 2 years, 1.6–2.0`),
  driverMiddle: R(1_200_000, 1_400_000, `${I2}: K_driver, age 22–25 or experience 2–5 years, 1.2–1.4`),
  driverExperienced: R(1_000_000, 1_000_000, `${I2}: K_driver, experienced, 1.0`),
  driverUnrestricted: R(1_500_000, 2_000_000, `${I2}: K_driver, any driver (unrestricted), 1.5–2.0`),
  deductibleNone: R(1_000_000, 1_000_000, `${I2}: K_deductible 0 — 1.0`),
  deductible15k: R(850_000, 850_000, `${I2}: K_deductible 15 000 ₽ — 0.85`),
  deductible30k: R(750_000, 750_000, `${I2}: K_deductible 30 000 ₽ — 0.75`),
  deductible50k: R(650_000, 650_000, `${I2}: K_deductible 50 000 ₽ — 0.65`),
  deductible2pct: R(600_000, 600_000, `${I2}: K_deductible 2 % of SI — 0.6 (bounded by «1.5–2× without deductible» [V autorol.ru])`),
  antiTheftSatellite: R(850_000, 950_000, `${I2}: K_antitheft, satellite tracking, 0.85–0.95`),
  antiTheftNoneHighTheft: R(1_100_000, 1_300_000, `${I2}: K_antitheft, none on a high-theft model, 1.1–1.3, or decline`),
  /** Not in the research: a standard alarm, or none on a model off the high-theft list, neither loads nor discounts. */
  antiTheftNeutral: R(1_000_000, 1_000_000, 'not in research §2: no loading, no discount (1.0)'),
  instalments1: R(1_000_000, 1_000_000, 'paid at once: 1.0'),
  instalments2: R(1_030_000, 1_030_000, `${I2}: K_instalment, 2 payments, 1.03`),
  instalments4: R(1_050_000, 1_050_000, `${I2}: K_instalment, 4 payments, 1.05`),
  regionCapitals: R(1_100_000, 1_300_000, `${I2}: K_region, Moscow and St Petersburg, 1.1–1.3`),
  regionOther: R(800_000, 1_000_000, `${I2}: K_region, other regions, 0.8–1.0`),
} as const;

/** §2 «Output bounds»: the final rate is clamped to 2–12 % of the sum insured. */
export const KASKO_CLAMP = { minPpm: 20_000, maxPpm: 120_000, source: `${I2}: clamp the final rate to 2–12 % of SI, label results as "indicative"` } as const;

/** The price tier boundary, kopecks: «≥ 5 m ₽ cars at the low end» (research §2 [I]). */
export const KASKO_PRICE_TIER = 5_000_000_00;

/** A base rate per age band: the higher rate on the part of the sum up to 5 m ₽, the lower above it. */
export interface KaskoBaseRate {
  upTo5m: TariffValue;
  above5m: TariffValue;
}

export interface KaskoTariffRows {
  base0to3: KaskoBaseRate;
  base4to7: KaskoBaseRate;
  base8plus: KaskoBaseRate;
  highTheft: TariffValue;
  driverYoung: TariffValue;
  driverMiddle: TariffValue;
  driverExperienced: TariffValue;
  driverUnrestricted: TariffValue;
  antiTheftSatellite: TariffValue;
  /** null: the insurer declines a high-theft model without an anti-theft system (research: «or decline»). */
  antiTheftNoneHighTheft: TariffValue | null;
  regionCapitals: TariffValue;
  regionOther: TariffValue;
  /** The insurer declines cars older than this many years (research: «8+ years … or decline»); null: no limit. */
  maxVehicleAge: number | null;
  /** The insurer declines drivers with less experience than this, years; null: no limit. */
  minExperience: number | null;
}

const K = KASKO_RANGES;
const base = (range: ResearchRange, upTo5m: number, above5m: number): KaskoBaseRate => ({ upTo5m: chosen(upTo5m, range), above5m: chosen(above5m, range) });

/** The demo tariffs are valid from 01.01.2026 (the date the research note's ranges are taken as of). */
export const KASKO_VALID_FROM = '2026-01-01';
const SOURCE = 'Демо-тариф страховщика в диапазонах исследования, раздел 2 (КАСКО)';

export const KASKO_TARIFFS: readonly InsurerTariff<KaskoTariffRows>[] = [
  {
    // ingos: middle of every range; declines cars over 10 years (the 8+ band's «or decline»).
    insurer: 'ingos',
    validFrom: KASKO_VALID_FROM,
    source: SOURCE,
    rows: {
      base0to3: base(K.base0to3, 55_000, 42_000),
      base4to7: base(K.base4to7, 70_000, 55_000),
      base8plus: base(K.base8plus, 90_000, 75_000),
      highTheft: chosen(20_000, K.highTheft),
      driverYoung: chosen(1_800_000, K.driverYoung),
      driverMiddle: chosen(1_300_000, K.driverMiddle),
      driverExperienced: chosen(1_000_000, K.driverExperienced),
      driverUnrestricted: chosen(1_700_000, K.driverUnrestricted),
      antiTheftSatellite: chosen(900_000, K.antiTheftSatellite),
      antiTheftNoneHighTheft: chosen(1_200_000, K.antiTheftNoneHighTheft),
      regionCapitals: chosen(1_200_000, K.regionCapitals),
      regionOther: chosen(900_000, K.regionOther),
      maxVehicleAge: 10,
      minExperience: null,
    },
  },
  {
    // reso: the top of the ranges; declines a high-theft model without an anti-theft system.
    insurer: 'reso',
    validFrom: KASKO_VALID_FROM,
    source: SOURCE,
    rows: {
      base0to3: base(K.base0to3, 58_000, 45_000),
      base4to7: base(K.base4to7, 75_000, 60_000),
      base8plus: base(K.base8plus, 95_000, 80_000),
      highTheft: chosen(30_000, K.highTheft),
      driverYoung: chosen(2_000_000, K.driverYoung),
      driverMiddle: chosen(1_400_000, K.driverMiddle),
      driverExperienced: chosen(1_000_000, K.driverExperienced),
      driverUnrestricted: chosen(2_000_000, K.driverUnrestricted),
      antiTheftSatellite: chosen(850_000, K.antiTheftSatellite),
      antiTheftNoneHighTheft: null,
      regionCapitals: chosen(1_300_000, K.regionCapitals),
      regionOther: chosen(1_000_000, K.regionOther),
      maxVehicleAge: null,
      minExperience: null,
    },
  },
  {
    // alfa: the bottom of the ranges; declines drivers with under a year of experience.
    insurer: 'alfa',
    validFrom: KASKO_VALID_FROM,
    source: SOURCE,
    rows: {
      base0to3: base(K.base0to3, 50_000, 40_000),
      base4to7: base(K.base4to7, 65_000, 50_000),
      base8plus: base(K.base8plus, 85_000, 70_000),
      highTheft: chosen(10_000, K.highTheft),
      driverYoung: chosen(1_600_000, K.driverYoung),
      driverMiddle: chosen(1_200_000, K.driverMiddle),
      driverExperienced: chosen(1_000_000, K.driverExperienced),
      driverUnrestricted: chosen(1_500_000, K.driverUnrestricted),
      antiTheftSatellite: chosen(950_000, K.antiTheftSatellite),
      antiTheftNoneHighTheft: chosen(1_100_000, K.antiTheftNoneHighTheft),
      regionCapitals: chosen(1_100_000, K.regionCapitals),
      regionOther: chosen(800_000, K.regionOther),
      maxVehicleAge: null,
      minExperience: 1,
    },
  },
  {
    // sogaz: dear new cars, cheap old ones relative to the others; declines cars over 15 years.
    insurer: 'sogaz',
    validFrom: KASKO_VALID_FROM,
    source: SOURCE,
    rows: {
      base0to3: base(K.base0to3, 60_000, 48_000),
      base4to7: base(K.base4to7, 72_000, 58_000),
      base8plus: base(K.base8plus, 80_000, 70_000),
      highTheft: chosen(15_000, K.highTheft),
      driverYoung: chosen(1_900_000, K.driverYoung),
      driverMiddle: chosen(1_250_000, K.driverMiddle),
      driverExperienced: chosen(1_000_000, K.driverExperienced),
      driverUnrestricted: chosen(1_800_000, K.driverUnrestricted),
      antiTheftSatellite: chosen(900_000, K.antiTheftSatellite),
      antiTheftNoneHighTheft: chosen(1_300_000, K.antiTheftNoneHighTheft),
      regionCapitals: chosen(1_250_000, K.regionCapitals),
      regionOther: chosen(950_000, K.regionOther),
      maxVehicleAge: 15,
      minExperience: null,
    },
  },
];
