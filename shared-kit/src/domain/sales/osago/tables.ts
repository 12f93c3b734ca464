/**
 * OSAGO rating tables (Bank of Russia instruction 6007-У and its amendments), each with its source and
 * the dates it is valid for. Values and their marks come from ../shared/research/insurance-rating.md:
 * [V] seen in the cited source, [I] inferred there (verify before release). Nothing here is filled from
 * memory: where the note has no value the table says so (`MISSING`) and the calculation refuses with a
 * Russian reason instead of guessing.
 *
 * Coefficients are kept in hundredths (1.17 → 117) and base rates in whole roubles, so the premium is
 * computed exactly (rating.ts) and rounded once, to kopecks.
 */

/** A table version: valid from `validFrom` (inclusive) until the next version's `validFrom`. */
export interface TableVersion<T> {
  validFrom: string; // YYYY-MM-DD
  /** Where the values were seen (the research note's marks kept). */
  source: string;
  rows: T;
  /**
   * Set when the note knows this version was replaced on that date but not the new values: a
   * calculation on or after it still uses this version and says so in its warnings.
   */
  supersededFrom?: string;
  supersededNote?: string;
}

/** Vehicle groups the calculation supports (the ones whose corridor, КМ and КВС are all known). */
export type TariffGroup = 'B_FL' | 'B_YL' | 'B_TAXI';

/**
 * ТБ: the base-rate corridor per group, roubles a year (research 1.2). Each insurer picks its own base
 * rate inside the corridor in force on the policy start date.
 */
export const BASE_RATE_CORRIDORS: readonly TableVersion<Record<TariffGroup, { min: number; max: number }>>[] = [
  {
    validFrom: '2022-09-13',
    source: '6209-У of 28.07.2022, in force from 13.09.2022 (research 1.2: B FL 1 646 – 7 535 [V]; B YL 852 – 5 722 [V Klerk]; taxi 1 490 – 15 756 [V Klerk; I 15 756 per sib.fm])',
    rows: {
      B_FL: { min: 1646, max: 7535 },
      B_YL: { min: 852, max: 5722 },
      B_TAXI: { min: 1490, max: 15756 },
    },
  },
  {
    validFrom: '2025-12-09',
    source: '7204-У of 09.10.2025, in force from 09.12.2025 (research 1.2: B FL 1 399 – 8 665 [V Vedomosti]; B YL max 6 580 [V Евроинс], min 724 [I = 852 × 0.85]; taxi max 18 119 [V sib.fm, Евроинс], min 1 267 [I = 1 490 × 0.85])',
    rows: {
      B_FL: { min: 1399, max: 8665 },
      B_YL: { min: 724, max: 6580 },
      B_TAXI: { min: 1267, max: 18119 },
    },
  },
];

/**
 * Categories whose rating the note cannot complete, with what is missing (research 1.2, 1.5, 6).
 * The calculation answers these with the reason rather than a made-up figure.
 */
export const MISSING: Record<string, string> = {
  A: 'для мотоциклов (категории A и M) с 27.01.2025 действуют свои КМ и КВС, их значений нет в тарифных таблицах продукта',
  M: 'для мотоциклов (категории A и M) с 27.01.2025 действуют свои КМ и КВС, их значений нет в тарифных таблицах продукта',
  C: 'для категории C известен только максимум коридора базовых ставок (минимум не получен)',
  CE: 'для категории C известен только максимум коридора базовых ставок (минимум не получен)',
  D: 'для категории D известен только максимум коридора базовых ставок (минимум не получен)',
  DE: 'для категории D известен только максимум коридора базовых ставок (минимум не получен)',
  Tb: 'для троллейбусов известен только максимум коридора базовых ставок (минимум не получен)',
  Tm: 'для трамваев известен только максимум коридора базовых ставок (минимум не получен)',
  tractor: 'базовые ставки для тракторов и самоходных машин не получены',
};

/** КТ by the owner's registration address. */
export interface TerritoryRow {
  /** Two-digit region code (the first two digits of a KLADR id, as the address suggestion gives it). */
  region: string;
  /** A city of the region with its own КТ; null: the region's row for every other settlement. */
  city: string | null;
  kt: number; // hundredths
}

/**
 * КТ (research 1.3): the 6209-У values from 13.09.2022, as the public youstrah dataset holds them
 * [V for the file; I that it equals the official table]. 7204-У changed КТ for 48 territories from
 * 09.12.2025 and the new values are not in the note: a later start date still uses these and says so.
 * Only the territories the note lists are here; an address elsewhere gets no КТ (the calculation
 * refuses it by name). A region without an «other settlements» value covers its listed cities only.
 */
export const TERRITORY: readonly TableVersion<readonly TerritoryRow[]>[] = [
  {
    validFrom: '2022-09-13',
    source: '6209-У, КТ from 13.09.2022 (research 1.3: public dataset dr-uiux-design/youstrah getkt.php, April 2023)',
    supersededFrom: '2025-12-09',
    supersededNote: 'КТ по таблице 6209-У: с 09.12.2025 действует 7204-У, её значения в тарифы продукта ещё не внесены — проверьте КТ перед выпуском',
    rows: [
      { region: '77', city: null, kt: 180 }, // Москва
      { region: '50', city: null, kt: 156 }, // Московская обл. (одно значение на всю область)
      { region: '78', city: null, kt: 164 }, // Санкт-Петербург
      { region: '47', city: null, kt: 124 }, // Ленинградская обл. (одно значение)
      { region: '16', city: 'Казань', kt: 180 },
      { region: '16', city: 'Набережные Челны', kt: 156 },
      { region: '16', city: 'Альметьевск', kt: 124 },
      { region: '16', city: 'Зеленодольск', kt: 124 },
      { region: '16', city: 'Нижнекамск', kt: 124 },
      { region: '16', city: null, kt: 108 }, // Татарстан, прочие
      { region: '66', city: 'Екатеринбург', kt: 164 },
      { region: '66', city: 'Березовский', kt: 124 },
      { region: '66', city: 'Верхняя Пышма', kt: 124 },
      { region: '66', city: 'Новоуральск', kt: 124 },
      { region: '66', city: 'Первоуральск', kt: 124 },
      { region: '66', city: null, kt: 100 }, // Свердловская обл., прочие
      { region: '54', city: 'Новосибирск', kt: 163 },
      { region: '54', city: 'Бердск', kt: 124 },
      { region: '54', city: 'Искитим', kt: 116 },
      { region: '54', city: 'Куйбышев', kt: 100 },
      { region: '54', city: null, kt: 94 }, // Новосибирская обл., прочие
      { region: '23', city: 'Краснодар', kt: 164 },
      { region: '23', city: 'Новороссийск', kt: 164 },
      { region: '23', city: 'Анапа', kt: 124 },
      { region: '23', city: 'Геленджик', kt: 124 },
      { region: '23', city: 'Сочи', kt: 116 },
      { region: '23', city: 'Туапсе', kt: 116 },
      { region: '23', city: 'Армавир', kt: 116 },
      { region: '23', city: null, kt: 100 }, // Краснодарский край, прочие
      // Cities the note lists without their region's other settlements:
      { region: '02', city: 'Уфа', kt: 164 },
      { region: '74', city: 'Челябинск', kt: 188 },
      { region: '59', city: 'Пермь', kt: 180 },
      { region: '63', city: 'Самара', kt: 148 },
      { region: '61', city: 'Ростов-на-Дону', kt: 164 },
      { region: '52', city: 'Нижний Новгород', kt: 164 },
      { region: '24', city: 'Красноярск', kt: 164 },
      { region: '36', city: 'Воронеж', kt: 140 },
    ],
  },
];

/** КБМ by class (research 1.4, [V] Pelesh1/OSAGO-VKR seed). A driver without history is class 3. */
export const KBM_CLASSES = ['M', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13'] as const;
export type KbmClass = (typeof KBM_CLASSES)[number];
export const KBM_DEFAULT_CLASS: KbmClass = '3';
export const KBM: TableVersion<Record<KbmClass, number>> = {
  validFrom: '2022-04-01',
  source: '6007-У appendix 4 (research 1.4: repo Pelesh1/OSAGO-VKR V2__osago_tariff_seed_and_kbm_kvs.sql [V])',
  rows: { M: 392, '0': 294, '1': 225, '2': 176, '3': 117, '4': 100, '5': 91, '6': 83, '7': 78, '8': 74, '9': 68, '10': 63, '11': 57, '12': 52, '13': 46 },
};

/**
 * КВС by age and driving experience (research 1.5a, seen in four or more public calculators [I against
 * 6007-У]). Rows: age bands (lower bound); columns: experience bands (lower bound, whole years); null
 * where the combination cannot occur.
 */
export const KVS: TableVersion<{ ages: number[]; experience: number[]; values: (number | null)[][] }> = {
  validFrom: '2022-04-01',
  source: '6007-У appendix 4 as of 2022 (research 1.5a: four public calculators in code [I]; the pre-2022 table is not used)',
  rows: {
    ages: [16, 22, 25, 30, 35, 40, 50, 60],
    experience: [0, 1, 2, 3, 5, 7, 10, 15],
    values: [
      [227, 192, 184, 165, 162, null, null, null],
      [188, 172, 171, 113, 110, 109, null, null],
      [172, 160, 154, 109, 108, 107, 102, null],
      [156, 150, 148, 105, 104, 101, 97, 95],
      [154, 147, 146, 100, 97, 95, 94, 93],
      [150, 144, 143, 96, 95, 94, 93, 91],
      [146, 140, 139, 93, 92, 91, 90, 86],
      [143, 136, 135, 91, 90, 89, 88, 83],
    ],
  },
};

/** КО (research 1.5): named drivers 1.00; unrestricted 2.32 for individuals [V], 1.97 for legal entities [seen in two codebases]. */
export const KO: TableVersion<{ restricted: number; unrestrictedFL: number; unrestrictedYL: number }> = {
  validFrom: '2022-04-01',
  source: '6007-У (research 1.5: Pelesh1 seed [V]; 1.97 for legal entities seen in two calculators)',
  rows: { restricted: 100, unrestrictedFL: 232, unrestrictedYL: 197 },
};

/** КМ by engine power, hp (research 1.5, [V] Pelesh1 seed): upper bounds inclusive. */
export const KM: TableVersion<{ upToHp: number; km: number }[]> = {
  validFrom: '2022-04-01',
  source: '6007-У (research 1.5: Pelesh1 seed [V])',
  rows: [
    { upToHp: 50, km: 60 },
    { upToHp: 70, km: 100 },
    { upToHp: 100, km: 110 },
    { upToHp: 120, km: 120 },
    { upToHp: 150, km: 140 },
    { upToHp: Infinity, km: 160 },
  ],
};

/** КС by months of use in the year, individuals (research 1.5, [V] Pelesh1 seed); legal entities at least 6 months. */
export const KS: TableVersion<Record<number, number>> = {
  validFrom: '2022-04-01',
  source: '6007-У (research 1.5: Pelesh1 seed [V])',
  rows: { 3: 50, 4: 60, 5: 65, 6: 70, 7: 80, 8: 90, 9: 95, 10: 100, 11: 100, 12: 100 },
};
export const KS_MIN_MONTHS = { FL: 3, YL: 6 } as const;

/** КН after a gross breach of art. 9(3) of 40-ФЗ (research 1.5 [I]); it also lifts the cap to 5 × ТБ × КТ. */
export const KN_VALUE = 150;

/** КПр, a vehicle used with a trailer (research 1.5, [V] student calculator «laba4»): category B. */
export const KPR: TableVersion<Record<'FL' | 'YL', number>> = {
  validFrom: '2022-04-01',
  source: '6007-У (research 1.5: student calculator «laba4» OSAGOwithTrailer.java [V])',
  rows: { FL: 100, YL: 116 },
};

/** Art. 9(2) of 40-ФЗ: T ≤ 3 × ТБ × КТ, or 5 × with КН (research 1.1 [I]; verify against the law text). */
export const PREMIUM_CAP = { plain: 3, withKn: 5, source: 'ст. 9 п. 2 Федерального закона 40-ФЗ «Об ОСАГО» (research 1.1 [I])' } as const;
