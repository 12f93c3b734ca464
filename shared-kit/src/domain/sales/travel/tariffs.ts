/**
 * Travel (vzr) — the demo insurers' tariffs (issue 25). No regulated tariff: the model and ranges are
 * ../shared/research/insurance-rating.md §4 («Proposed model [I]»), built on what was seen there [V]:
 * the Schengen minimum of 30 000 € (sovest-bank.ru / Banki.ru), a visa agency's €/day price list by age
 * (vizavshengen.com: 1 € a day for 2–65 on the basic tier), a 2-week Europe policy at 800–1 000 ₽.
 * Each insurer's value is its own demo choice INSIDE the range (tests hold them there): ingos, alfa, renins,
 * reso and vsk (the five demo insurers that sell travel online, api insurers/demo.ts).
 *
 * Premium (in the zone's currency, cents) = Σ travellers (days × base day rate(zone) × K_sum × K_age ×
 * K_sport × K_multi-trip), one rounding. The conversion to roubles at the day's rate is the rails'.
 */
import { chosen, type InsurerTariff, type ResearchRange, type TariffValue } from '../ratingKit';

const R = (min: number, max: number, source: string): ResearchRange => ({ min, max, source });
/** The research note's section, as the agent reads it in an offer's «why» (tests find the section by it). */
export const TRAVEL_RESEARCH = 'исследование тарифов, раздел 4 [I]';
const I4 = TRAVEL_RESEARCH;

/** Base day rates are CENTS a day (exact integers); the other values are coefficients in ppm. */
export const TRAVEL_RANGES = {
  europe: R(80, 100, `${I4}: Шенген и Европа, 30 000 €, 0,8–1,0 € в день (совпадает с «1 € в день, 2–65 лет» [V vizavshengen.com])`),
  worldExclUs: R(120, 150, `${I4}: весь мир, кроме США и Канады, 50 000 $, 1,2–1,5 $ в день`),
  worldInclUs: R(250, 350, `${I4}: весь мир, включая США, 100 000 $, 2,5–3,5 $ в день`),
  europe50: R(1_200_000, 1_200_000, `${I4}: Шенген и Европа, 50 000 € — × 1,2`),
  age0to1: R(2_000_000, 2_000_000, `${I4}: возраст 0–1 × 2 (прайс-лист [V])`),
  age2to64: R(1_000_000, 1_000_000, `${I4}: возраст 2–64 × 1`),
  age65to69: R(2_000_000, 2_000_000, `${I4}: возраст 65–69 × 2`),
  age70to74: R(3_000_000, 3_000_000, `${I4}: возраст 70–74 × 3`),
  age75to84: R(4_000_000, 4_000_000, `${I4}: возраст 75–84 × 4`),
  sportNone: R(1_000_000, 1_000_000, 'без спорта: 1,0'),
  sportActive: R(1_500_000, 1_500_000, `${I4}: активный отдых × 1,5`),
  sportSkiing: R(2_000_000, 2_000_000, `${I4}: горные лыжи × 2`),
  sportExtreme: R(3_000_000, 5_000_000, `${I4}: экстремальный спорт × 3–5`),
  multi30: R(600_000, 700_000, `${I4}: многократные поездки, 30 дней ≈ 0,6–0,7 × (30 × тариф в день)`),
  multi90: R(500_000, 500_000, `${I4}: многократные поездки, 90 дней ≈ 0,5 ×`),
} as const;

/** From this age a traveller is priced only on request (§4: «85+ on request»). */
export const TRAVEL_ON_REQUEST_AGE = 85;

export interface TravelTariffRows {
  /** Cents a day (the range is in cents too). */
  europe: TariffValue;
  worldExclUs: TariffValue;
  /** null: the insurer does not cover the USA and Canada. */
  worldInclUs: TariffValue | null;
  /** null: the insurer does not cover extreme sports. */
  sportExtreme: TariffValue | null;
  multi30: TariffValue;
}

const T = TRAVEL_RANGES;
export const TRAVEL_VALID_FROM = '2026-01-01';
const SOURCE = 'Демо-тариф страховщика в диапазонах исследования, раздел 4 (ВЗР)';

export const TRAVEL_TARIFFS: readonly InsurerTariff<TravelTariffRows>[] = [
  {
    // ingos: the price list's 1 € a day for Europe; extreme sports × 4.
    insurer: 'ingos',
    validFrom: TRAVEL_VALID_FROM,
    source: SOURCE,
    rows: { europe: chosen(100, T.europe), worldExclUs: chosen(130, T.worldExclUs), worldInclUs: chosen(300, T.worldInclUs), sportExtreme: chosen(4_000_000, T.sportExtreme), multi30: chosen(650_000, T.multi30) },
  },
  {
    // alfa: the low end; no extreme sports.
    insurer: 'alfa',
    validFrom: TRAVEL_VALID_FROM,
    source: SOURCE,
    rows: { europe: chosen(80, T.europe), worldExclUs: chosen(120, T.worldExclUs), worldInclUs: chosen(250, T.worldInclUs), sportExtreme: null, multi30: chosen(600_000, T.multi30) },
  },
  {
    // renins: no USA and Canada; extreme sports × 3.
    insurer: 'renins',
    validFrom: TRAVEL_VALID_FROM,
    source: SOURCE,
    rows: { europe: chosen(95, T.europe), worldExclUs: chosen(150, T.worldExclUs), worldInclUs: null, sportExtreme: chosen(3_000_000, T.sportExtreme), multi30: chosen(700_000, T.multi30) },
  },
  {
    // reso: the middle of every range; extreme sports × 5 (the top of 3–5).
    insurer: 'reso',
    validFrom: TRAVEL_VALID_FROM,
    source: SOURCE,
    rows: { europe: chosen(90, T.europe), worldExclUs: chosen(140, T.worldExclUs), worldInclUs: chosen(320, T.worldInclUs), sportExtreme: chosen(5_000_000, T.sportExtreme), multi30: chosen(680_000, T.multi30) },
  },
  {
    // vsk: near the low end; extreme sports × 3,5.
    insurer: 'vsk',
    validFrom: TRAVEL_VALID_FROM,
    source: SOURCE,
    rows: { europe: chosen(85, T.europe), worldExclUs: chosen(125, T.worldExclUs), worldInclUs: chosen(280, T.worldInclUs), sportExtreme: chosen(3_500_000, T.sportExtreme), multi30: chosen(620_000, T.multi30) },
  },
];
