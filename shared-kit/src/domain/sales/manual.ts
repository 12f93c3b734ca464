import type { ClientFields } from './clients';
import type { ContractPerson } from './contractWire';
import { PRODUCT_CODES, PRODUCT_TITLES, type ProductCode } from './products';

/**
 * A policy issued elsewhere, entered by hand (issue 25, product `manual`: `new-manual` starts the draft,
 * `manual/contracts/{id}/{step}` is each step): the kind of insurance (one of the registry's products,
 * kept in the contract's calculation so the list, the renewals and the commission treat it as that
 * product), the insurer, the policy's number, dates, premium and how it was paid, the insurant, the
 * insured object and the scan of the policy. Nothing is paid through Oyster: «Отправить на проверку»
 * hands it to the broker's staff, who confirm it after looking at the scan (the status table in
 * contracts.ts: 100 → 130 → 500 → 510 → 600) or return it to the agent with the reason.
 * Rules both the api (api/src/sales/products/manual, routes/manual.ts) and the page agree on.
 */

export type ManualKind = Exclude<ProductCode, 'manual'>;
/** The kinds a manual policy may be: every product of the registry but `manual` itself. */
export const MANUAL_KINDS = PRODUCT_CODES.filter((c): c is ManualKind => c !== 'manual');
export const isManualKind = (v: unknown): v is ManualKind => typeof v === 'string' && (MANUAL_KINDS as readonly string[]).includes(v);

/** What the policy insures, by its kind: a vehicle (plate / VIN), a property (its address) or, for a trip, words. */
export type ManualObjectKind = 'vehicle' | 'address' | 'text';
export const MANUAL_OBJECT_OF: Record<ManualKind, ManualObjectKind> = { eosago: 'vehicle', ekasko: 'vehicle', ifl: 'address', ifl_house: 'address', ipoteka: 'address', vzr: 'text' };

/** How the client paid: the insurer took the money, or the agent took it and handed it to the insurer. */
export const MANUAL_PAYMENT_WAYS = ['insurer', 'agent'] as const;
export type ManualPaymentWay = (typeof MANUAL_PAYMENT_WAYS)[number];
export const MANUAL_PAYMENT_WAY_TITLES: Record<ManualPaymentWay, string> = {
  insurer: 'Клиент оплатил страховщику',
  agent: 'Агент принял оплату и передал страховщику',
};

/** The calculation of a manual contract: the kind only (the rest was priced by the insurer). */
export interface ManualCalculation {
  kind: ManualKind;
}

export interface ManualPolicy {
  /** The series, when the insurer's numbers have one ('ХХХ' of e-OSAGO); null otherwise. */
  series: string | null;
  number: string;
  /** 'YYYY-MM-DD' each. */
  issueDate: string;
  startDate: string;
  endDate: string;
  /** Kopecks, > 0. */
  premium: number;
  paymentWay: ManualPaymentWay;
  paidAt: string;
}

export interface ManualInsurant {
  /** The agent's client record it was picked from, if it was. */
  clientId: string | null;
  /** Full name of a person, or an organisation's name. */
  name: string;
  birthDate: string | null;
  phone: string | null;
}

export interface ManualObject {
  plate?: string | null;
  vin?: string | null;
  make?: string | null;
  model?: string | null;
  address?: string | null;
  description?: string | null;
}

export interface ManualDetails {
  policy: ManualPolicy;
  insurant: ManualInsurant;
  object: ManualObject;
}

/** The steps of `manual/contracts/{id}/{step}`, in order. */
export const MANUAL_STEPS = [
  { key: 'policy', title: 'Полис' },
  { key: 'insurant', title: 'Страхователь' },
  { key: 'object', title: 'Объект страхования' },
  { key: 'scan', title: 'Скан полиса' },
  { key: 'check', title: 'Проверка и отправка' },
] as const;
export type ManualStepKey = (typeof MANUAL_STEPS)[number]['key'];
export const MANUAL_STEP_KEYS: readonly ManualStepKey[] = MANUAL_STEPS.map((s) => s.key);
export const isManualStep = (v: unknown): v is ManualStepKey => typeof v === 'string' && (MANUAL_STEP_KEYS as readonly string[]).includes(v);
export const manualStepPath = (contractId: string, step: ManualStepKey) => `/manual/contracts/${contractId}/${step}`;

/** The file type of the scan (one of every insurer's file types; the api adds it to the insurer when a draft is made). */
export const MANUAL_SCAN_FILE_TYPE = 'Скан полиса';

export const MANUAL_TEXTS = {
  lead: 'Полис, оформленный у страховщика без Oyster: внесите его данные и скан — после проверки сотрудником брокера он появится в «Полисах», в КВ и в продлениях.',
  start: 'Начать ввод',
  send: 'Отправить на проверку',
  confirm: 'Подтвердить',
  returnToAgent: 'Вернуть агенту',
  reviewHeading: 'Проверка',
  reviewLead: 'Сверьте данные полиса со сканом. Подтверждённый полис начнёт действовать, агенту начислится КВ; возвращённый уйдёт агенту на доработку с вашей причиной.',
  waitingReview: 'Полис на проверке у сотрудника брокера.',
  returned: (reason: string) => `Полис возвращён на доработку: ${reason}`,
  continueEntry: 'Продолжить ввод',
  scanMissing: 'Прикрепите скан полиса: без него полис не отправить на проверку',
  scanHint: 'Скан или фото всего полиса: PDF, JPEG или PNG.',
  notManual: 'Это не полис, оформленный вручную',
  notInReview: (title: string) => `Полис не на проверке, а в статусе «${title}»`,
  notEditable: (title: string) => `Данные полиса в статусе «${title}» менять нельзя`,
  numberTaken: 'Поле «details.policy.number»: полис с таким номером у этого страховщика уже есть',
  confirmedTitle: (name: string, number: string) => `Полис ${name} № ${number} подтверждён`,
  confirmedBody: 'Сотрудник брокера проверил скан: полис действует, КВ начислено.',
  returnedTitle: (name: string, number: string) => `Полис ${name} № ${number} вернули на доработку`,
  sentNote: 'Отправлен на проверку со сканом полиса',
  confirmNote: 'Проверен по скану: оплачен клиентом страховщику',
  reasonRequired: 'Поле «reason»: напишите агенту, что исправить',
} as const;

/** The contract list's name of a manual policy: its kind, entered by hand. */
export const manualProductName = (kind: string) => `${(PRODUCT_TITLES as Record<string, string>)[kind] ?? kind} (вручную)`;

/** The policy number as stored and compared: the series and the number, single spaces, upper case. */
export function manualPolicyNumber(series: string | null | undefined, number: string): string {
  return [series, number]
    .map((s) => (s ?? '').trim().replace(/\s+/g, ' ').toUpperCase())
    .filter(Boolean)
    .join(' ');
}

/** The policy's own rules (a 400 naming the field, and the page's error): end after start, issued and paid by today, premium > 0. */
export function manualPolicyError(p: Pick<ManualPolicy, 'issueDate' | 'startDate' | 'endDate' | 'premium' | 'paidAt'>, today: string): { field: string; message: string } | null {
  if (!(p.premium > 0)) return { field: 'details.policy.premium', message: 'Поле «details.policy.premium»: премия больше нуля' };
  if (p.issueDate > today) return { field: 'details.policy.issueDate', message: 'Поле «details.policy.issueDate»: дата выдачи полиса не может быть в будущем' };
  if (p.endDate <= p.startDate) return { field: 'details.policy.endDate', message: 'Поле «details.policy.endDate»: дата окончания — позже даты начала' };
  if (p.paidAt > today) return { field: 'details.policy.paidAt', message: 'Поле «details.policy.paidAt»: дата оплаты не может быть в будущем' };
  return null;
}

const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** What is still missing before «Отправить на проверку» (besides the scan): its step, the field and a Russian message; null when complete. */
export function missingManualDetail(details: Partial<ManualDetails>, kind: ManualKind): { step: ManualStepKey; field: string; message: string } | null {
  if (!details.policy) return { step: 'policy', field: 'details.policy', message: 'Заполните данные полиса' };
  if (!details.insurant || blank(details.insurant.name)) return { step: 'insurant', field: 'details.insurant.name', message: 'Укажите страхователя' };
  const o = details.object ?? {};
  const by = MANUAL_OBJECT_OF[kind];
  if (by === 'vehicle' && blank(o.plate) && blank(o.vin)) return { step: 'object', field: 'details.object.plate', message: 'Укажите госномер или VIN автомобиля' };
  if (by === 'address' && blank(o.address)) return { step: 'object', field: 'details.object.address', message: 'Укажите адрес застрахованного имущества' };
  if (by === 'text' && blank(o.description)) return { step: 'object', field: 'details.object.description', message: 'Опишите, что застраховано' };
  return null;
}

/** The scan is there: a file of MANUAL_SCAN_FILE_TYPE among the contract's files. */
export function missingManualScan(files: readonly { typeName: string | null }[]): { field: string; message: string } | null {
  return files.some((f) => f.typeName === MANUAL_SCAN_FILE_TYPE) ? null : { field: 'scan', message: MANUAL_TEXTS.scanMissing };
}

/** The insured object in a few words (the list, the renewals, the contract page). */
export function manualObjectText(o: ManualObject | undefined, kind: ManualKind): string | null {
  if (!o) return null;
  const by = MANUAL_OBJECT_OF[kind];
  if (by === 'vehicle') return [[o.make, o.model].filter((s) => !blank(s)).join(' '), o.plate, o.vin].filter((s) => !blank(s)).join(', ') || null;
  if (by === 'address') return o.address?.trim() || null;
  return o.description?.trim() || null;
}

/**
 * What a policy entered by hand gives its kind's calculator when it is renewed («Пересчитать», issue 25: one
 * click re-quotes from the stored data): the insurant — the client record it was picked from (name, birth
 * date, passport, address, phone, e-mail), or the name typed split into surname, name and patronymic —, the
 * car for OSAGO and KASKO, the address for property and mortgage. `calculation` holds the parts of the
 * kind's calculation the entry knows (KASKO's vehicle, property's address), `details` the documents in the
 * shape the e-OSAGO calculator and the products' «Страхователь» steps take (insurant, contacts, vehicle).
 */
export function manualRenewalPrefill(
  kind: ManualKind,
  d: Partial<ManualDetails>,
  client: Pick<ClientFields, 'kind' | 'lastName' | 'firstName' | 'middleName' | 'birthDate' | 'passport' | 'address' | 'phone' | 'email' | 'companyName'> | null,
): { calculation: Record<string, unknown>; details: Record<string, unknown> } {
  const typed = (d.insurant?.name ?? '').trim().split(/\s+/).filter(Boolean);
  const person = client && client.kind === 'person'
    ? {
        lastName: client.lastName ?? '',
        firstName: client.firstName ?? '',
        ...(client.middleName ? { middleName: client.middleName } : {}),
        ...(client.birthDate ? { birthDate: client.birthDate } : {}),
        ...(client.passport?.number ? { passport: { series: client.passport.series ?? '', number: client.passport.number, issuedAt: client.passport.issuedAt ?? '', issuer: client.passport.issuer ?? '' } } : {}),
        ...(client.address?.value ? { address: client.address.value } : {}),
      }
    : typed.length >= 2 && !client
      ? { lastName: typed[0], firstName: typed[1], ...(typed.length > 2 ? { middleName: typed.slice(2).join(' ') } : {}), ...(d.insurant?.birthDate ? { birthDate: d.insurant.birthDate } : {}) }
      : null;
  const phone = client?.phone ?? d.insurant?.phone ?? null;
  const email = client?.email ?? null;
  const details: Record<string, unknown> = {};
  // A mortgage's insurant has no registration address of its own (the pledged property's is asked apart).
  if (person && kind === 'ipoteka') delete (person as { address?: string }).address;
  if (person) details.insurant = person as Partial<ContractPerson>;
  if (phone || email) details.contacts = { ...(phone ? { phone } : {}), ...(email ? { email } : {}) };
  const o = d.object ?? {};
  const calculation: Record<string, unknown> = {};
  if (MANUAL_OBJECT_OF[kind] === 'vehicle') {
    const car = Object.fromEntries(Object.entries({ make: o.make, model: o.model, plate: o.plate, vin: o.vin?.toUpperCase() }).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
    if (Object.keys(car).length) {
      details.vehicle = car;
      if (kind === 'ekasko') calculation.vehicle = car;
    }
    // e-OSAGO: the insurant is the owner (the calculator's «Страхователь — собственник»).
    if (kind === 'eosago' && person) {
      details.owner = person;
      details.insurantIsOwner = true;
      delete details.insurant;
    }
  }
  if (MANUAL_OBJECT_OF[kind] === 'address' && o.address?.trim()) {
    if (kind === 'ipoteka') details.property = { address: o.address.trim() };
    else calculation.address = { value: o.address.trim() };
  }
  return { calculation, details };
}
