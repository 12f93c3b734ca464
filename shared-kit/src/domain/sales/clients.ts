/**
 * The client and the vehicle, typed once (issue 25): an agent's client record (a person or a company:
 * documents, address, contacts) and their vehicles, which every calculator and broker request pre-fills
 * from. The one place of their wire types, their normalising (§5: names case, phone, plate, VIN) and
 * their validation (§5 masks; all errors at once, each with its field path and a Russian message) — the
 * api's routes (api/src/sales/clients) and the pages (remote-sales «Клиенты», the picker) both call it.
 * Dates are YYYY-MM-DD on the wire.
 */
import { EMAIL_PATTERN } from '../login';
import { PHONE_PATTERN, PLATE_PATTERN, VIN_PATTERN, phoneDigits } from '../forms/validators';
import { nameCase, normalizeCyrillicDoc, normalizePhone, normalizePlate, normalizeVin } from '../forms/normalize';
import { VEHICLE_DOCUMENT_TYPES, type ContractListItem, type ContractParty, type VehicleDocumentType } from './contractWire';
import { EPTS_NUMBER_PATTERN, PASSPORT_NUMBER_PATTERN, PASSPORT_SERIES_PATTERN, VEHICLE_DOC_NUMBER_PATTERN, VEHICLE_DOC_SERIES_PATTERN } from './contractDetails';

export const CLIENT_KINDS = ['person', 'company'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_TITLES: Record<ClientKind, string> = { person: 'Физлицо', company: 'Организация' };

/** The vehicle categories a record may carry (the OSAGO tariff's, §3). */
export const VEHICLE_CATEGORIES = ['A', 'M', 'B', 'BE', 'C', 'CE', 'D', 'DE', 'Tb', 'Tm', 'tractor'] as const;
export type VehicleCategory = (typeof VEHICLE_CATEGORIES)[number];

/** A passport's issuing-unit code (§3 issuing-unit suggestion `code`): «770-001». */
export const UNIT_CODE_PATTERN = /^\d{3}-\d{3}$/;
export const INN_PATTERN = /^(\d{10}|\d{12})$/;
/** KPP: 4 digits (the tax office), 2 digits or Latin capitals (the reason), 3 digits. */
export const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;
export const OGRN_PATTERN = /^(\d{13}|\d{15})$/;

/**
 * An address as a suggestion gave it (§3 address suggestion): its text and the parts kept with it — the
 * region and city codes the e-OSAGO rating reads (КТ), so a pre-filled address needs no new lookup.
 */
export const ADDRESS_DATA_KEYS = ['region_kladr_id', 'kladr_id', 'region_with_type', 'city', 'settlement', 'postal_code', 'fias_id'] as const;
export interface ClientAddress {
  value: string;
  data?: Record<string, string | null> | null;
}

export interface ClientPassport {
  series: string | null;
  number: string | null;
  issuedAt: string | null;
  issuer: string | null;
  /** The issuing unit's code «770-001». */
  unitCode: string | null;
}

/** What a client record holds; the person's or the company's fields by `kind`, the others null. */
export interface ClientFields {
  kind: ClientKind;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  birthDate: string | null;
  passport: ClientPassport | null;
  companyName: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  contactPerson: string | null;
  /** The registration address (a person) or the legal address (a company). */
  address: ClientAddress | null;
  phone: string | null;
  email: string | null;
}

/** POST /api/v2/clients, PATCH /api/v2/clients/:id: the fields (a PATCH sends those it changes). */
export type ClientInput = Partial<ClientFields> & { kind?: ClientKind };

export interface Client extends ClientFields {
  id: string;
  /** «Фамилия Имя Отчество» or the company's name: what lists show and search by. */
  name: string;
  /** Whose client (the scope module's agent). */
  agent: ContractParty;
  createdAt: string;
  updatedAt: string;
}

export interface VehicleDocument {
  type: VehicleDocumentType | null;
  series: string | null;
  number: string | null;
  issuedAt: string | null;
}

export interface VehicleFieldsInput {
  make: string | null;
  model: string | null;
  year: number | null;
  vin: string | null;
  bodyNumber: string | null;
  plate: string | null;
  powerHp: number | null;
  category: VehicleCategory | null;
  document: VehicleDocument | null;
}
export type VehicleInput = Partial<VehicleFieldsInput>;

export interface Vehicle extends VehicleFieldsInput {
  id: string;
  /** The owner: a client of the same agent. */
  clientId: string;
  ownerName: string;
  agent: ContractParty;
  updatedAt: string;
}

/** One row of «Клиенты» and of the picker. */
export interface ClientListItem {
  id: string;
  kind: ClientKind;
  name: string;
  phone: string | null;
  email: string | null;
  birthDate: string | null;
  inn: string | null;
  /** Their vehicles' plates (or VINs when a vehicle has no plate). */
  plates: string[];
  agent: ContractParty;
  updatedAt: string;
}

export interface ClientPage {
  items: ClientListItem[];
  next: string | null;
}

export interface VehiclePage {
  items: Vehicle[];
  next: string | null;
}

/** GET /api/v2/clients/:id: the card — the client, their vehicles and their contracts (as client or as the vehicle's owner). */
export interface ClientCard {
  client: Client;
  vehicles: Vehicle[];
  contracts: ContractListItem[];
  /** Whether it may be deleted (no contract names the client or their vehicles). */
  canDelete: boolean;
}

/** The socket event `client_changed`: a client (or their vehicles) of an agent the user sees changed. */
export interface ClientChangedEvent {
  clientId: string;
  /** false when it was deleted. */
  exists: boolean;
}

export const CLIENT_TEXTS = {
  pickClient: 'Выбрать клиента',
  pickVehicle: 'Выбрать автомобиль',
  pickPlaceholder: 'ФИО, телефон или госномер',
  pickVehiclePlaceholder: 'Госномер, VIN или ФИО владельца',
  noneFound: 'Никого не нашли',
  duplicatePassport: 'Клиент с таким паспортом уже есть',
  duplicateInn: 'Организация с такими ИНН и КПП уже есть',
  duplicateVin: 'Автомобиль с таким VIN уже есть',
  hasContracts: 'У клиента есть договоры: удалить его нельзя',
  vehicleHasContracts: 'По автомобилю есть договоры: удалить его нельзя',
} as const;

export interface ClientFieldError {
  field: string;
  message: string;
}

const blank = (v: unknown): boolean => v == null || (typeof v === 'string' && v.trim() === '');
const clean = (v: string | null | undefined): string | null => (blank(v) ? null : v!.replace(/\s+/g, ' ').trim());
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealIsoDate = (v: string) => ISO_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The name lists show: «Фамилия Имя Отчество» of a person, the name of a company. */
export function clientName(c: Pick<ClientFields, 'kind' | 'lastName' | 'firstName' | 'middleName' | 'companyName'>): string {
  if (c.kind === 'company') return clean(c.companyName) ?? '';
  return [c.lastName, c.firstName, c.middleName].map(clean).filter(Boolean).join(' ');
}

/** The key a client is searched and ordered by: the name upper-cased, Ё as Е. */
export const clientNameKey = (name: string) => name.toLocaleUpperCase('ru').replace(/Ё/g, 'Е');

/**
 * The key a phone is searched by: its 10 national digits (no +7 / 8). A typed search «8 900 12» or
 * «+7900» gives the digits an agent means; «900» is a prefix of the national number.
 */
export const phoneKey = (phone: string | null | undefined): string | null => {
  const d = phoneDigits(phone);
  return d ? d : null;
};

/**
 * The record as stored (§5): names in name case, the phone canonical «+7 (900) 123-45-67», the plate
 * Cyrillic without spaces, the VIN upper-case; blank texts become null. Values that do not normalise are
 * kept as typed (validation then names them).
 */
export function normalizeClient(input: ClientInput): ClientInput {
  const out: ClientInput = { ...input };
  for (const k of ['lastName', 'firstName', 'middleName'] as const) if (k in input) out[k] = input[k] == null ? null : clean(nameCase(input[k]!.trim()));
  for (const k of ['companyName', 'contactPerson', 'birthDate', 'inn', 'kpp', 'ogrn'] as const) if (k in input) out[k] = clean(input[k] ?? null);
  if ('kpp' in input && out.kpp) out.kpp = out.kpp.toUpperCase();
  if ('phone' in input) out.phone = input.phone == null || blank(input.phone) ? null : (normalizePhone(input.phone) ?? input.phone.trim());
  if ('email' in input) out.email = clean(input.email ?? null);
  if ('passport' in input) {
    const p = input.passport;
    out.passport = p
      ? {
          series: clean(p.series?.replace(/\s+/g, '') ?? null),
          number: clean(p.number?.replace(/\s+/g, '') ?? null),
          issuedAt: clean(p.issuedAt ?? null),
          issuer: clean(p.issuer ?? null),
          unitCode: clean(p.unitCode ?? null),
        }
      : null;
  }
  if ('address' in input) out.address = input.address && !blank(input.address.value) ? { value: input.address.value.trim(), data: input.address.data ?? null } : null;
  return out;
}

export function normalizeVehicle(input: VehicleInput): VehicleInput {
  const out: VehicleInput = { ...input };
  for (const k of ['make', 'model', 'bodyNumber'] as const) if (k in input) out[k] = clean(input[k] ?? null);
  if ('bodyNumber' in input && out.bodyNumber) out.bodyNumber = out.bodyNumber.toUpperCase();
  if ('vin' in input) out.vin = blank(input.vin) ? null : normalizeVin(input.vin!);
  if ('plate' in input) out.plate = blank(input.plate) ? null : normalizePlate(input.plate!);
  if ('document' in input) {
    const d = input.document;
    out.document = d
      ? { type: d.type ?? null, series: blank(d.series) ? null : normalizeCyrillicDoc(d.series!).replace(/\s+/g, ''), number: clean(d.number?.replace(/\s+/g, '') ?? null), issuedAt: clean(d.issuedAt ?? null) }
      : null;
  }
  return out;
}

/** The INN's check digits (10 digits: one, 12 digits: two). */
export function innValid(inn: string): boolean {
  if (!INN_PATTERN.test(inn)) return false;
  const d = [...inn].map(Number);
  const check = (weights: number[]) => (weights.reduce((s, w, i) => s + w * d[i], 0) % 11) % 10;
  if (d.length === 10) return check([2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return check([7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && check([3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** The OGRN's (13 digits) or OGRNIP's (15) check digit. Exact integer arithmetic (BigInt). */
export function ogrnValid(ogrn: string): boolean {
  if (!OGRN_PATTERN.test(ogrn)) return false;
  const body = BigInt(ogrn.slice(0, -1));
  const mod = ogrn.length === 13 ? 11n : 13n;
  return Number((body % mod) % 10n) === Number(ogrn.slice(-1));
}

function dateError(v: string | null | undefined, field: string, title: string, opts: { past?: boolean; today?: string } = {}): ClientFieldError | null {
  if (blank(v)) return null;
  if (!isRealIsoDate(v!)) return { field, message: `${title}: неверная дата` };
  if (opts.past && opts.today && v! > opts.today) return { field, message: `${title} не может быть в будущем` };
  return null;
}

/**
 * Every problem of a client record (no early stop, §5), each with its field path and a Russian message.
 * `partial`: a PATCH — only the fields sent are checked, a required field only when it is sent empty.
 * `today` (YYYY-MM-DD): dates of birth and issue may not be later.
 */
export function clientErrors(input: ClientInput, { partial = false, today }: { partial?: boolean; today?: string } = {}): ClientFieldError[] {
  const errors: ClientFieldError[] = [];
  const add = (e: ClientFieldError | null) => e && errors.push(e);
  const has = (k: keyof ClientInput) => !partial || k in input;
  const need = (k: keyof ClientInput, title: string) => {
    if (has(k) && blank(input[k])) add({ field: k, message: `Заполните поле «${title}»` });
  };
  const kind = input.kind;
  if (!partial && !kind) add({ field: 'kind', message: 'Укажите, физлицо это или организация' });
  if (kind === 'person') {
    need('lastName', 'Фамилия');
    need('firstName', 'Имя');
  }
  if (kind === 'company') {
    need('companyName', 'Название организации');
    need('inn', 'ИНН');
  }
  add(dateError(input.birthDate, 'birthDate', 'Дата рождения', { past: true, today }));
  const p = input.passport;
  if (p) {
    if (!blank(p.series) && !PASSPORT_SERIES_PATTERN.test(p.series!)) add({ field: 'passport.series', message: 'Серия паспорта — 4 цифры' });
    if (!blank(p.number) && !PASSPORT_NUMBER_PATTERN.test(p.number!)) add({ field: 'passport.number', message: 'Номер паспорта — 6 цифр' });
    if (blank(p.series) !== blank(p.number)) add({ field: blank(p.series) ? 'passport.series' : 'passport.number', message: 'Укажите и серию, и номер паспорта' });
    add(dateError(p.issuedAt, 'passport.issuedAt', 'Дата выдачи паспорта', { past: true, today }));
    if (!blank(p.unitCode) && !UNIT_CODE_PATTERN.test(p.unitCode!)) add({ field: 'passport.unitCode', message: 'Код подразделения в формате 000-000' });
  }
  if (!blank(input.inn) && !innValid(input.inn!)) add({ field: 'inn', message: 'ИНН — 10 цифр у организации или 12 у ИП, с верным контрольным числом' });
  if (!blank(input.kpp) && !KPP_PATTERN.test(input.kpp!)) add({ field: 'kpp', message: 'КПП — 9 знаков: 4 цифры, 2 цифры или латинские буквы, 3 цифры' });
  if (!blank(input.ogrn) && !ogrnValid(input.ogrn!)) add({ field: 'ogrn', message: 'ОГРН — 13 цифр (ОГРНИП — 15) с верным контрольным числом' });
  if (!blank(input.phone) && !PHONE_PATTERN.test(input.phone!)) add({ field: 'phone', message: 'Телефон в формате +7 (900) 000-00-00' });
  if (!blank(input.email) && !EMAIL_PATTERN.test(input.email!)) add({ field: 'email', message: 'Неправильный email' });
  return errors;
}

/** Every problem of a vehicle record (no early stop). `thisYear`: a model year may be at most next year. */
export function vehicleErrors(input: VehicleInput, { partial = false, thisYear = new Date().getFullYear() }: { partial?: boolean; thisYear?: number } = {}): ClientFieldError[] {
  const errors: ClientFieldError[] = [];
  const has = (k: keyof VehicleInput) => !partial || k in input;
  if (has('make') && blank(input.make)) errors.push({ field: 'make', message: 'Заполните поле «Марка»' });
  if (has('model') && blank(input.model)) errors.push({ field: 'model', message: 'Заполните поле «Модель»' });
  if (!partial && blank(input.vin) && blank(input.bodyNumber)) errors.push({ field: 'vin', message: 'Укажите VIN или номер кузова' });
  if (!blank(input.vin) && !VIN_PATTERN.test(input.vin!)) errors.push({ field: 'vin', message: 'VIN — 17 латинских букв и цифр без I, O, Q' });
  if (!blank(input.plate) && !PLATE_PATTERN.test(input.plate!)) errors.push({ field: 'plate', message: 'Госномер в формате А123ВС77 или А123ВС777' });
  if (input.year != null && (!Number.isInteger(input.year) || input.year < 1900 || input.year > thisYear + 1)) errors.push({ field: 'year', message: `Год выпуска — от 1900 до ${thisYear + 1}` });
  if (input.powerHp != null && (!Number.isInteger(input.powerHp) || input.powerHp < 1 || input.powerHp > 2000)) errors.push({ field: 'powerHp', message: 'Мощность — от 1 до 2000 л. с.' });
  if (input.category != null && !(VEHICLE_CATEGORIES as readonly string[]).includes(input.category)) errors.push({ field: 'category', message: `Категория — одна из: ${VEHICLE_CATEGORIES.join(', ')}` });
  const d = input.document;
  if (d && (!blank(d.series) || !blank(d.number))) {
    if (d.type != null && !(VEHICLE_DOCUMENT_TYPES as readonly string[]).includes(d.type)) errors.push({ field: 'document.type', message: 'Документ ТС — СТС, ПТС или ЭПТС' });
    if (d.type === 'EPTS') {
      if (!EPTS_NUMBER_PATTERN.test(d.number ?? '')) errors.push({ field: 'document.number', message: 'Номер ЭПТС — 15 цифр' });
    } else if (!VEHICLE_DOC_SERIES_PATTERN.test(d.series ?? '') || !VEHICLE_DOC_NUMBER_PATTERN.test(d.number ?? '')) {
      errors.push({ field: 'document.series', message: 'Серия и номер документа ТС: 2 цифры, 2 цифры или буквы, 6 цифр' });
    }
  }
  if (d) {
    const e = dateError(d.issuedAt, 'document.issuedAt', 'Дата выдачи документа ТС');
    if (e) errors.push(e);
  }
  return errors;
}

/** A vehicle's one-line title: «Kia Rio, А123ВС77». */
export function vehicleTitle(v: Pick<VehicleFieldsInput, 'make' | 'model' | 'plate' | 'vin' | 'year'>): string {
  const name = [v.make, v.model].filter((x) => !blank(x)).join(' ') || 'Автомобиль';
  const id = v.plate ?? v.vin;
  return [name + (v.year ? ` ${v.year}` : ''), id].filter(Boolean).join(', ');
}

/**
 * The search text as the api reads it: `phones` — when the text is a phone's start (digits, spaces, «+»,
 * brackets, hyphens only), the national digits it may mean (typed «8 900…» or «7 900…»: with and without
 * the leading 8 or 7; «+7 900…»: without); `text` — upper-cased with Ё as Е, for names; `plate` — as a plate
 * is stored (Cyrillic look-alikes), for plates.
 */
export function clientSearchTerms(search: string): { phones: string[]; text: string; plate: string } {
  const t = search.trim();
  const phones: string[] = [];
  if (/^[+\d\s()-]+$/.test(t) && /\d/.test(t)) {
    const digits = t.replace(/\D/g, '');
    if (t.startsWith('+7')) phones.push(digits.slice(1));
    else {
      phones.push(digits);
      if (digits.length > 1 && (digits[0] === '7' || digits[0] === '8')) phones.push(digits.slice(1));
    }
  }
  return { phones: phones.filter(Boolean), text: clientNameKey(t), plate: normalizePlate(t) };
}
