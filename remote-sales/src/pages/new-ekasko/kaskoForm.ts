import {
  formatDate,
  moscowCalendarDay,
  toIsoDate,
  validateKaskoInput,
  type KaskoAntiTheft,
  type KaskoCalculateRequest,
  type KaskoContractDetails,
  type ClientCard,
  type Vehicle,
  type KaskoDeductible,
  type KaskoInstalments,
  type KaskoRegion,
} from '@oyster/shared-kit/domain';
import { withPerson } from '../../components/clientPrefill';

/** The calculator's form as typed (dates «дд.мм.гггг», money in kopecks): turned into the api's request by toKaskoRequest. */
export interface KaskoValues {
  make: string;
  model: string;
  year: number | null;
  plate: string;
  vin: string;
  highTheft: boolean;
  sumInsured: number | null;
  unrestricted: boolean;
  drivers: { birthDate: string; experienceSince: string }[];
  deductible: KaskoDeductible;
  antiTheft: KaskoAntiTheft;
  instalments: KaskoInstalments;
  region: KaskoRegion;
  startDate: string;
}

// Moscow's tomorrow, whatever the browser's zone (between 00:00 and 03:00 in Moscow a UTC clock still has yesterday).
const tomorrow = () => formatDate(moscowCalendarDay(new Date(), 1));

/** A fresh form; `car` pre-fills the vehicle (the e-OSAGO contract's «Оформить КАСКО на этот автомобиль»). */
export function initialKaskoValues(car: Partial<Pick<KaskoValues, 'make' | 'model' | 'year' | 'plate' | 'vin'>> = {}): KaskoValues {
  return {
    make: car.make ?? '',
    model: car.model ?? '',
    year: car.year ?? null,
    plate: car.plate ?? '',
    vin: car.vin ?? '',
    highTheft: false,
    sumInsured: null,
    unrestricted: false,
    drivers: [{ birthDate: '', experienceSince: '' }],
    deductible: 'none',
    antiTheft: 'standard',
    instalments: 1,
    region: 'capitals',
    startDate: tomorrow(),
  };
}

/** The car block with a picked vehicle record («Выбрать автомобиль»): what the record knows replaces the form's. */
export function kaskoValuesWithVehicle(v: KaskoValues, r: Vehicle): KaskoValues {
  return { ...v, make: r.make || v.make, model: r.model || v.model, year: r.year ?? v.year, plate: r.plate || v.plate, vin: r.vin || v.vin };
}

/** The contract's details with a picked client as the insurant («Выбрать клиента»), and the VIN of their car of the calculation's plate when the calculation has none. */
export function kaskoDetailsWithClient(d: Partial<KaskoContractDetails>, card: ClientCard, calc: Pick<KaskoCalculateRequest, 'vehicle'>): Partial<KaskoContractDetails> {
  const next = withPerson(d, card.client, 'insurant');
  const car = calc.vehicle.vin ? undefined : card.vehicles.find((x) => x.vin && x.plate && x.plate === calc.vehicle.plate);
  return car ? { ...next, vehicle: { ...next.vehicle, vin: car.vin } } : next;
}

/** The form → the api's request (empty texts left out, dates to ISO). */
export function toKaskoRequest(v: KaskoValues): KaskoCalculateRequest {
  const text = (s: string) => s.trim().toUpperCase() || undefined;
  return {
    vehicle: { make: v.make.trim(), model: v.model.trim(), year: v.year as number, plate: text(v.plate), vin: text(v.vin), highTheft: v.highTheft },
    sumInsured: v.sumInsured as number,
    ...(v.unrestricted ? { unrestricted: true } : { drivers: v.drivers.map((d) => ({ birthDate: toIsoDate(d.birthDate) ?? d.birthDate, experienceSince: toIsoDate(d.experienceSince) ?? d.experienceSince })) }),
    deductible: v.deductible,
    antiTheft: v.antiTheft,
    instalments: v.instalments,
    region: v.region,
    startDate: toIsoDate(v.startDate) ?? v.startDate,
  };
}

/** The stored calculation → the form (a renewal's «Пересчитать», a draft reopened). */
export function kaskoValuesOf(c: KaskoCalculateRequest): KaskoValues {
  return {
    make: c.vehicle.make,
    model: c.vehicle.model,
    year: c.vehicle.year,
    plate: c.vehicle.plate ?? '',
    vin: c.vehicle.vin ?? '',
    highTheft: c.vehicle.highTheft,
    sumInsured: c.sumInsured,
    unrestricted: !!c.unrestricted,
    drivers: c.unrestricted ? [{ birthDate: '', experienceSince: '' }] : (c.drivers ?? []).map((d) => ({ birthDate: formatDate(d.birthDate), experienceSince: formatDate(d.experienceSince) })),
    deductible: c.deductible,
    antiTheft: c.antiTheft,
    instalments: c.instalments,
    region: c.region,
    startDate: formatDate(c.startDate),
  };
}

/** Which calculator step a field of the request belongs to. */
export const KASKO_FORM_STEPS = [
  { key: 'vehicle', title: 'Автомобиль', fields: ['vehicle', 'sumInsured'] },
  { key: 'drivers', title: 'Водители', fields: ['drivers', 'unrestricted'] },
  { key: 'cover', title: 'Условия страхования', fields: ['deductible', 'antiTheft', 'instalments', 'region', 'startDate'] },
] as const;

/** The calculator's field labels by the request's path (a driver's index left out): the api's messages name the path. */
const FIELD_LABELS: Record<string, string> = {
  'vehicle.make': 'Марка',
  'vehicle.model': 'Модель',
  'vehicle.year': 'Год выпуска',
  'vehicle.plate': 'Госномер',
  'vehicle.vin': 'VIN',
  sumInsured: 'Страховая сумма',
  drivers: 'Водители',
  'drivers[].birthDate': 'Дата рождения',
  'drivers[].experienceSince': 'Стаж с',
  deductible: 'Франшиза',
  antiTheft: 'Противоугонная система',
  instalments: 'Оплата',
  region: 'Регион использования',
  startDate: 'Начало действия полиса',
};

/** An api message as the form shows it: «Поле «vehicle.make» обязательно» → «Поле «Марка» обязательно»; «(vehicle.vin)» asides dropped. */
export function kaskoFormMessage(message: string): string {
  return message
    .replace(/\s*\((?:[a-zA-Z][\w.[\]]*)(?::[^)]*)?\)/g, '')
    .replace(/«([a-zA-Z][\w.[\]]*)»/g, (all, path: string) => {
      const label = FIELD_LABELS[path.replace(/\[\d+\]/g, '[]')];
      return label ? `«${label}»` : all;
    });
}

/** The form's errors by field path, for the steps up to `step` (the api's own schema, its Russian messages). */
export function kaskoErrors(v: KaskoValues, step: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of validateKaskoInput(toKaskoRequest(v))) {
    const at = KASKO_FORM_STEPS.findIndex((s) => (s.fields as readonly string[]).some((f) => e.path === f || e.path.startsWith(`${f}.`) || e.path.startsWith(`${f}[`)));
    if (at !== -1 && at <= step && !out[e.path]) out[e.path] = kaskoFormMessage(e.message);
  }
  return out;
}
