/**
 * The OSAGO premium (6007-У): T = ТБ × КТ × КБМ × КВС × КО × КМ × КС × КН × КПр, capped by art. 9 of
 * 40-ФЗ at 3 × ТБ × КТ (5 × with КН), in integer kopecks. One function for the api's quotes and the
 * calculator's display, so both sides agree to the kopeck. Tables and their sources: tables.ts.
 */
import {
  BASE_RATE_CORRIDORS,
  KBM,
  KBM_DEFAULT_CLASS,
  KM,
  KN_VALUE,
  KO,
  KPR,
  KS,
  KS_MIN_MONTHS,
  KVS,
  MISSING,
  PREMIUM_CAP,
  TERRITORY,
  type KbmClass,
  type TableVersion,
  type TariffGroup,
  type TerritoryRow,
} from './tables';

export type OsagoOwnerType = 'FL' | 'YL';
/** The coefficient names the Yandex OSAGO partner API uses (research 1.5b). */
export type CoefficientName = 'tb' | 'kt' | 'kbm' | 'kvs' | 'ko' | 'km' | 'ks' | 'kn' | 'kpr';
/** tb in roubles a year, the others as decimals (1.17). */
export type Coefficients = Record<CoefficientName, number>;

export interface RatedDriver {
  birthDate: string; // YYYY-MM-DD
  experienceSince: string; // YYYY-MM-DD
  kbmClass: KbmClass;
}

export interface OsagoRatingInput {
  category: string;
  ownerType: OsagoOwnerType;
  taxi?: boolean;
  powerHp: number;
  /** The owner's registration address: region code (two digits) and city (null outside a city). */
  territory: { region: string; city: string | null; label?: string };
  /** Named drivers, or 'unrestricted' (any driver; КБМ is then the owner's, КВС 1). */
  drivers: RatedDriver[] | 'unrestricted';
  /** Unrestricted policies: the owner's (FL) or the vehicle's (YL) bonus-malus class. */
  ownerKbmClass?: KbmClass;
  periodMonths: number;
  startDate: string; // YYYY-MM-DD
  trailer?: boolean;
  /** A gross breach of art. 9(3) of 40-ФЗ since the last contract (КН 1.5). */
  grossViolation?: boolean;
}

export interface OsagoPremium {
  /** Integer kopecks, after the cap. */
  premium: number;
  /** The product before the cap, kopecks. */
  uncapped: number;
  capped: boolean;
  coefficients: Coefficients;
  /** Where each value came from, in words for the agent. */
  explain: Record<CoefficientName | 'cap', string>;
  /** Values used past the date the note knows they were replaced. */
  warnings: string[];
}

/** A Russian reason the policy cannot be rated: what is missing or what is out of range, by field. */
export class OsagoRatingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const hundredths = (n: number) => n / 100;

/** The version in force on `date`: the last one whose validFrom is not after it. */
export function versionOn<T>(versions: readonly TableVersion<T>[], date: string): TableVersion<T> | null {
  let found: TableVersion<T> | null = null;
  for (const v of versions) if (v.validFrom <= date && (!found || v.validFrom > found.validFrom)) found = v;
  return found;
}

/** The tariff group of a vehicle; refuses categories whose tables are incomplete, saying what is missing. */
export function tariffGroup(category: string, ownerType: OsagoOwnerType, taxi = false): TariffGroup {
  if (category === 'B' || category === 'BE') return taxi ? 'B_TAXI' : ownerType === 'YL' ? 'B_YL' : 'B_FL';
  const missing = MISSING[category];
  throw new OsagoRatingError('vehicle.category', missing ? `Категория ${category}: расчёт недоступен — ${missing}` : `Неизвестная категория ТС: ${category}`);
}

/** Whole years between two YYYY-MM-DD dates (a birthday or anniversary on `at` counts). */
export function wholeYears(from: string, at: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = at.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** КТ for an address: the city's own row, else the region's «other settlements» row. */
export function territoryCoefficient(territory: OsagoRatingInput['territory'], date: string): { kt: number; version: TableVersion<readonly TerritoryRow[]>; row: TerritoryRow } {
  const version = versionOn(TERRITORY, date);
  if (!version) throw new OsagoRatingError('startDate', `Нет таблицы КТ на дату ${date}`);
  const city = territory.city ? norm(territory.city) : null;
  const rows = version.rows.filter((r) => r.region === territory.region);
  const row = (city && rows.find((r) => r.city !== null && norm(r.city) === city)) || rows.find((r) => r.city === null);
  if (!row) {
    const where = territory.label ?? [territory.city, `регион ${territory.region}`].filter(Boolean).join(', ');
    throw new OsagoRatingError('owner.address', `Для адреса «${where}» в тарифах продукта нет коэффициента КТ: известны только территории из таблицы 6209-У, внесённые в продукт`);
  }
  return { kt: row.kt, version, row };
}

/** КВС of one driver on the policy start date. */
export function driverKvs(driver: Pick<RatedDriver, 'birthDate' | 'experienceSince'>, date: string, index = 0): number {
  const age = wholeYears(driver.birthDate, date);
  const experience = Math.max(0, wholeYears(driver.experienceSince, date));
  const { ages, experience: exp, values } = KVS.rows;
  if (age < ages[0]) throw new OsagoRatingError(`drivers[${index}].birthDate`, `Водителю ${index + 1} меньше ${ages[0]} лет на дату начала полиса`);
  const row = ages.filter((a) => a <= age).length - 1;
  const col = exp.filter((e) => e <= experience).length - 1;
  const v = values[row][col];
  if (v === null) throw new OsagoRatingError(`drivers[${index}].experienceSince`, `Водитель ${index + 1}: стаж ${experience} лет невозможен в возрасте ${age} лет`);
  return v;
}

const kmFor = (hp: number) => KM.rows.find((r) => hp <= r.upToHp)!.km;

/**
 * The premium for an insurer whose base rate for this vehicle's group is `baseRate` roubles.
 * Exact arithmetic: coefficients in hundredths multiplied as BigInt, rounded half up once, to kopecks.
 */
export function rateOsago(input: OsagoRatingInput, baseRate: number): OsagoPremium {
  const date = input.startDate;
  const group = tariffGroup(input.category, input.ownerType, input.taxi);
  const corridor = versionOn(BASE_RATE_CORRIDORS, date);
  if (!corridor) throw new OsagoRatingError('startDate', `Нет коридора базовых ставок на дату ${date}`);
  const { min, max } = corridor.rows[group];
  if (!Number.isInteger(baseRate) || baseRate < min || baseRate > max) {
    throw new OsagoRatingError('baseRate', `Базовая ставка ${baseRate} ₽ вне коридора ${min}–${max} ₽ на ${date}`);
  }
  const warnings: string[] = [];
  const territory = territoryCoefficient(input.territory, date);
  if (territory.version.supersededFrom && date >= territory.version.supersededFrom && territory.version.supersededNote) warnings.push(territory.version.supersededNote);

  const unrestricted = input.drivers === 'unrestricted';
  let kbm: number;
  let kvs: number;
  let kbmWhy: string;
  let kvsWhy: string;
  if (input.drivers === 'unrestricted') {
    const cls = input.ownerKbmClass ?? KBM_DEFAULT_CLASS;
    kbm = KBM.rows[cls];
    kvs = 100;
    kbmWhy = `класс ${cls} ${input.ownerType === 'YL' ? 'транспортного средства' : 'собственника'} (без ограничения списка водителей)`;
    kvsWhy = 'не применяется: без ограничения списка водителей';
  } else {
    if (!input.drivers.length) throw new OsagoRatingError('drivers', 'Укажите хотя бы одного водителя или выберите «без ограничений»');
    const each = input.drivers.map((d, i) => ({ kbm: KBM.rows[d.kbmClass], cls: d.kbmClass, kvs: driverKvs(d, date, i) }));
    // Several named drivers: the highest КБМ and the highest КВС among them (research 1.5a).
    const worstKbm = each.reduce((a, b) => (b.kbm > a.kbm ? b : a));
    kbm = worstKbm.kbm;
    kvs = Math.max(...each.map((e) => e.kvs));
    kbmWhy = each.length > 1 ? `наибольший среди ${each.length} водителей: класс ${worstKbm.cls}` : `класс ${worstKbm.cls} водителя`;
    kvsWhy = each.length > 1 ? `наибольший среди ${each.length} водителей (возраст × стаж)` : 'возраст × стаж водителя';
  }
  const ko = unrestricted ? (input.ownerType === 'YL' ? KO.rows.unrestrictedYL : KO.rows.unrestrictedFL) : KO.rows.restricted;
  if (!Number.isFinite(input.powerHp) || input.powerHp <= 0) throw new OsagoRatingError('vehicle.powerHp', 'Мощность двигателя должна быть больше нуля');
  const km = kmFor(input.powerHp);
  const minMonths = KS_MIN_MONTHS[input.ownerType];
  const ks = KS.rows[input.periodMonths];
  if (!Number.isInteger(input.periodMonths) || input.periodMonths < minMonths || input.periodMonths > 12 || ks === undefined) {
    throw new OsagoRatingError('periodMonths', `Период использования: от ${minMonths} до 12 месяцев${input.ownerType === 'YL' ? ' для юридических лиц' : ''}`);
  }
  const kn = input.grossViolation ? KN_VALUE : 100;
  const kpr = input.trailer ? (group === 'B_FL' ? KPR.rows.FL : KPR.rows.YL) : 100;

  // ТБ in kopecks × nine factors in hundredths (ТБ is exact already): one division, rounded half up.
  const factors = [territory.kt, kbm, kvs, ko, km, ks, kn, kpr].map(BigInt);
  const scale = 100n ** BigInt(factors.length);
  const product = factors.reduce((acc, f) => acc * f, BigInt(baseRate) * 100n);
  const uncapped = Number((product * 2n + scale) / (2n * scale));
  const times = input.grossViolation ? PREMIUM_CAP.withKn : PREMIUM_CAP.plain;
  const cap = Number((BigInt(baseRate) * 100n * BigInt(territory.kt) * BigInt(times) * 2n + 100n) / 200n);
  const capped = uncapped > cap;

  return {
    premium: capped ? cap : uncapped,
    uncapped,
    capped,
    coefficients: { tb: baseRate, kt: hundredths(territory.kt), kbm: hundredths(kbm), kvs: hundredths(kvs), ko: hundredths(ko), km: hundredths(km), ks: hundredths(ks), kn: hundredths(kn), kpr: hundredths(kpr) },
    explain: {
      tb: `базовая ставка страховщика в коридоре ${min}–${max} ₽ (${corridor.source})`,
      kt: `${territory.row.city ?? 'регион, прочие населённые пункты'} (${territory.version.source})`,
      kbm: `${kbmWhy} (${KBM.source})`,
      kvs: unrestricted ? kvsWhy : `${kvsWhy} (${KVS.source})`,
      ko: `${unrestricted ? 'без ограничения списка водителей' : 'ограниченный список водителей'} (${KO.source})`,
      km: `${input.powerHp} л. с. (${KM.source})`,
      ks: `${input.periodMonths} мес. использования (${KS.source})`,
      kn: input.grossViolation ? 'грубое нарушение по ст. 9 п. 3 40-ФЗ' : 'не применяется',
      kpr: input.trailer ? `с прицепом (${KPR.source})` : 'без прицепа',
      cap: capped ? `премия ограничена: не более ${times} × ТБ × КТ (${PREMIUM_CAP.source})` : `не превышает ${times} × ТБ × КТ`,
    },
    warnings,
  };
}
