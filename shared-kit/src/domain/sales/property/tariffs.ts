/**
 * Property of individuals (ifl: apartment; ifl_house: house) — the demo insurers' tariffs (issue 25).
 * No regulated tariff: the rates and multipliers are ../shared/research/insurance-rating.md §3
 * («Proposed rates [I]», «Multipliers [I]»), over the market facts seen there [V]: a flat costs on average
 * 0.2–0.3 % of the sum insured and fire alarms and the building's state move the price (informetr.ru);
 * a flat splits into structure, finishing, contents and liability (metrinfo.ru); houses add outbuildings
 * (informetr.ru). Each insurer's value is its own demo choice INSIDE the range (tests hold them there).
 *
 * Premium = Σ(part's sum × part's rate × multipliers) + liability limit × liability rate, one rounding.
 * The multipliers (stove heating, seasonal occupancy, no fire safety, alarm, an old building, ground or
 * top floor) describe the property's risk, so they apply to the property parts and not to liability to
 * neighbours — our reading of §3. Outbuildings are rated at the house structure rate of their walls —
 * §3 gives no separate rate for them (our choice, said in the offer).
 */
import { chosen, type InsurerTariff, type ResearchRange, type TariffValue } from '../ratingKit';

const R = (min: number, max: number, source: string): ResearchRange => ({ min, max, source });
const I3 = 'research §3 [I]';

/** Rates in ppm of the part's sum (0.1 % = 1 000), multipliers in ppm (1.2 = 1 200 000). */
export const PROPERTY_RANGES = {
  flatStructure: R(1_000, 1_500, `${I3}: apartment, structure 0.10–0.15 %`),
  flatFinishing: R(3_000, 5_000, `${I3}: apartment, finishing and fittings 0.3–0.5 %`),
  flatContents: R(4_000, 7_000, `${I3}: apartment, contents 0.4–0.7 %`),
  brickStructure: R(2_000, 3_000, `${I3}: house, brick or stone, structure 0.2–0.3 %`),
  brickFinishing: R(4_000, 6_000, `${I3}: house, brick or stone, finishing 0.4–0.6 %`),
  brickContents: R(5_000, 8_000, `${I3}: house, brick or stone, contents 0.5–0.8 %`),
  woodStructure: R(4_000, 8_000, `${I3}: house, wooden or frame, structure 0.4–0.8 %`),
  woodFinishing: R(6_000, 10_000, `${I3}: house, wooden or frame, finishing 0.6–1.0 %`),
  woodContents: R(7_000, 12_000, `${I3}: house, wooden or frame, contents 0.7–1.2 %`),
  liability: R(2_000, 5_000, `${I3}: civil liability (fixed limit) 0.2–0.5 % of limit`),
  stoveHeating: R(1_200_000, 1_500_000, `${I3}: stove or fireplace heating × 1.2–1.5`),
  seasonal: R(1_200_000, 1_200_000, `${I3}: seasonal occupancy × 1.2`),
  noFireSafety: R(1_100_000, 1_200_000, `${I3}: no fire-safety measures × 1.1–1.2`),
  alarm: R(900_000, 900_000, `${I3}: alarm/monitoring × 0.9`),
  oldBuilding: R(1_200_000, 1_200_000, `${I3}: building older than 50 years × 1.2`),
  edgeFloor: R(1_100_000, 1_100_000, `${I3}: ground floor or top floor × 1.1 (water damage and theft)`),
} as const;

/** A building older than this many years is loaded (§3). */
export const PROPERTY_OLD_BUILDING_YEARS = 50;

export interface PropertyPartRates {
  structure: TariffValue;
  finishing: TariffValue;
  contents: TariffValue;
}

export interface PropertyTariffRows {
  flat: PropertyPartRates;
  brick: PropertyPartRates;
  wood: PropertyPartRates;
  liability: TariffValue;
  stoveHeating: TariffValue;
  noFireSafety: TariffValue;
  /** The insurer declines wooden or frame houses heated by a stove or fireplace. */
  refusesWoodenWithStove: boolean;
  /** The insurer declines buildings older than this many years; null: no limit. */
  maxBuildingAge: number | null;
  /** The insurer declines flats in wooden buildings. */
  refusesWoodenFlats: boolean;
}

const P = PROPERTY_RANGES;
const parts = (s: number, f: number, c: number, kind: 'flat' | 'brick' | 'wood'): PropertyPartRates => ({
  structure: chosen(s, P[`${kind}Structure`]),
  finishing: chosen(f, P[`${kind}Finishing`]),
  contents: chosen(c, P[`${kind}Contents`]),
});

export const PROPERTY_VALID_FROM = '2026-01-01';
const SOURCE = 'Демо-тариф страховщика в диапазонах исследования, раздел 3 (имущество физических лиц)';

export const PROPERTY_TARIFFS: readonly InsurerTariff<PropertyTariffRows>[] = [
  {
    // ingos: middle of the ranges; declines wooden houses with stove heating.
    insurer: 'ingos',
    validFrom: PROPERTY_VALID_FROM,
    source: SOURCE,
    rows: {
      flat: parts(1_200, 4_000, 5_000, 'flat'),
      brick: parts(2_500, 5_000, 6_500, 'brick'),
      wood: parts(6_000, 8_000, 9_500, 'wood'),
      liability: chosen(3_000, P.liability),
      stoveHeating: chosen(1_300_000, P.stoveHeating),
      noFireSafety: chosen(1_150_000, P.noFireSafety),
      refusesWoodenWithStove: true,
      maxBuildingAge: null,
      refusesWoodenFlats: false,
    },
  },
  {
    // reso: the low end for flats, the high end for wooden houses; declines flats in wooden buildings.
    insurer: 'reso',
    validFrom: PROPERTY_VALID_FROM,
    source: SOURCE,
    rows: {
      flat: parts(1_000, 3_000, 4_000, 'flat'),
      brick: parts(2_200, 4_500, 5_500, 'brick'),
      wood: parts(8_000, 10_000, 12_000, 'wood'),
      liability: chosen(2_000, P.liability),
      stoveHeating: chosen(1_500_000, P.stoveHeating),
      noFireSafety: chosen(1_200_000, P.noFireSafety),
      refusesWoodenWithStove: false,
      maxBuildingAge: null,
      refusesWoodenFlats: true,
    },
  },
  {
    // vsk: the high end for flats; declines buildings older than 100 years.
    insurer: 'vsk',
    validFrom: PROPERTY_VALID_FROM,
    source: SOURCE,
    rows: {
      flat: parts(1_500, 5_000, 7_000, 'flat'),
      brick: parts(3_000, 6_000, 8_000, 'brick'),
      wood: parts(4_000, 6_000, 7_000, 'wood'),
      liability: chosen(5_000, P.liability),
      stoveHeating: chosen(1_200_000, P.stoveHeating),
      noFireSafety: chosen(1_100_000, P.noFireSafety),
      refusesWoodenWithStove: false,
      maxBuildingAge: 100,
      refusesWoodenFlats: false,
    },
  },
];
