/**
 * The products sold online on the contract rails (issue 25): one registry for the api (which products a
 * contract may be — api/src/sales/products/<code>/ holds each one's module) and the front (titles,
 * calculator routes, what the product's money can be). Codes are the spec's contract types (§2: new-eosago,
 * new-ekasko, new-ifl, new-ifl_house, new-vzr, new-ipoteka, new-manual).
 *
 * A new product: add its code here, then its module in api/src/sales/products/<code>/ (docs/sales.md).
 */
export const PRODUCT_CODES = ['eosago', 'ekasko', 'ifl', 'ifl_house', 'vzr', 'ipoteka', 'manual'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Currencies a contract's premium may be priced in; the ledger is always in roubles (kopecks). */
export const CONTRACT_CURRENCIES = ['RUB', 'EUR', 'USD'] as const;
export type ContractCurrency = (typeof CONTRACT_CURRENCIES)[number];
export const CURRENCY_SIGNS: Record<ContractCurrency, string> = { RUB: '₽', EUR: '€', USD: '$' };

export interface ProductInfo {
  code: ProductCode;
  /** As the contract list and documents name it. */
  title: string;
  /** The calculator's route inside the app (spec §2). */
  route: string;
  /** Whether the premium may be paid in several instalments (KASKO: 2 or 4; mortgage: yearly). */
  instalments: boolean;
  /** Whether the premium may be priced in a foreign currency (travel: euros or dollars). */
  currency: boolean;
}

export const PRODUCT_TITLES: Record<ProductCode, string> = {
  eosago: 'Е-ОСАГО',
  ekasko: 'Е-КАСКО',
  ifl: 'Страхование квартиры',
  ifl_house: 'Страхование дома',
  vzr: 'ВЗР',
  ipoteka: 'Ипотека',
  manual: 'Полис, оформленный вручную',
};

export const PRODUCTS: Record<ProductCode, ProductInfo> = {
  eosago: { code: 'eosago', title: PRODUCT_TITLES.eosago, route: '/new-eosago', instalments: false, currency: false },
  ekasko: { code: 'ekasko', title: PRODUCT_TITLES.ekasko, route: '/new-ekasko', instalments: true, currency: false },
  ifl: { code: 'ifl', title: PRODUCT_TITLES.ifl, route: '/new-ifl', instalments: false, currency: false },
  ifl_house: { code: 'ifl_house', title: PRODUCT_TITLES.ifl_house, route: '/new-ifl_house', instalments: false, currency: false },
  vzr: { code: 'vzr', title: PRODUCT_TITLES.vzr, route: '/new-vzr', instalments: false, currency: true },
  ipoteka: { code: 'ipoteka', title: PRODUCT_TITLES.ipoteka, route: '/new-ipoteka', instalments: true, currency: false },
  manual: { code: 'manual', title: PRODUCT_TITLES.manual, route: '/new-manual', instalments: true, currency: false },
};

export const isProductCode = (x: unknown): x is ProductCode => typeof x === 'string' && (PRODUCT_CODES as readonly string[]).includes(x);

/**
 * One block of a contract's summary (the contract page and the draft/policy PDFs render the blocks a
 * product module gives, in order, without knowing the product).
 */
export interface SummaryBlock {
  title: string;
  rows: { label: string; value: string }[];
  /** Free lines under the rows (drivers of a motor policy, travellers of a trip). */
  lines?: string[];
}

/**
 * A foreign-currency rate as it is stored with a contract: roubles for one unit × 10 000 (an integer),
 * e.g. 98.4512 ₽/€ → 984512.
 */
export const RATE_SCALE = 10_000;

/** A foreign premium (minor units: cents) in kopecks at `rate` (× RATE_SCALE): rounded half up, integers only. */
export function foreignToKopecks(minorUnits: number, rate: number): number {
  if (!Number.isSafeInteger(minorUnits) || !Number.isSafeInteger(rate) || minorUnits < 0 || rate <= 0) throw new Error('foreignToKopecks: integers expected');
  const product = BigInt(minorUnits) * BigInt(rate);
  return Number((product + BigInt(RATE_SCALE / 2)) / BigInt(RATE_SCALE));
}

/** «98,4512 ₽ за 1 €»: a stored rate as text. */
export function rateText(currency: ContractCurrency, rate: number): string {
  const whole = Math.floor(rate / RATE_SCALE);
  const frac = String(rate % RATE_SCALE).padStart(4, '0');
  return `${whole},${frac} ₽ за 1 ${CURRENCY_SIGNS[currency]}`;
}

/** A foreign amount in minor units as text: «1 234,50 €». */
export function formatForeign(minorUnits: number, currency: ContractCurrency): string {
  const sign = minorUnits < 0 ? '−' : '';
  const abs = Math.abs(minorUnits);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}\u00a0${CURRENCY_SIGNS[currency]}`;
}

/**
 * A foreign premium with its rouble amount at the stored rate of the day:
 * «45,00 € ≈ 4 432,00 ₽ по курсу 98,4512 ₽ за 1 € на 27.11.2026».
 */
export function foreignPremiumText(minorUnits: number, currency: ContractCurrency, kopecks: number, rate: number, rateDate: string): string {
  const day = rateDate.slice(0, 10).split('-').reverse().join('.');
  return `${formatForeign(minorUnits, currency)} ≈ ${formatForeign(kopecks, 'RUB')} по курсу ${rateText(currency, rate)} на ${day}`;
}

/** One instalment of a contract's payment schedule as the wire carries it. */
export const INSTALMENT_STATES = ['scheduled', 'waiting', 'paid', 'canceled'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

export interface ContractInstalment {
  number: number;
  /** Of how many premium instalments (an endorsement's extra payment is counted apart). */
  of: number;
  /** 'premium' (the schedule) or 'endorsement' (an extra premium after a change). */
  purpose: 'premium' | 'endorsement';
  /** An endorsement's extra payment: the change it pays for (ContractChange.id). */
  changeId?: string | null;
  dueDate: string;
  amount: number;
  state: InstalmentState;
  /** Unpaid and its due date passed. */
  overdue: boolean;
  /** While it waits for payment: the link the client pays by. */
  paymentUrl: string | null;
  paymentExpiresAt: string | null;
  paidAt: string | null;
}

/** «Взнос 2 из 4» / «Доплата по изменению». */
export const instalmentTitle = (i: Pick<ContractInstalment, 'number' | 'of' | 'purpose'>) => (i.purpose === 'endorsement' ? 'Доплата по изменению договора' : `Взнос ${i.number} из ${i.of}`);

export const INSTALMENT_STATE_TITLES: Record<InstalmentState | 'overdue', string> = {
  scheduled: 'К оплате позже',
  waiting: 'Ожидает оплаты',
  paid: 'Оплачен',
  canceled: 'Отменён',
  overdue: 'Просрочен',
};

/** A change of a contract at the insurer (cancellation or endorsement) as the contract page lists it. */
export interface ContractChange {
  id: string;
  kind: 'cancel' | 'endorsement';
  at: string;
  /** What changed, in words (the product's change described). */
  description: string;
  /** Kopecks: positive — the client pays extra; negative — returned to the client. */
  premiumDelta: number;
  by: { id: string; fio: string } | null;
}

/** Whole calendar months after a day (31 Jan + 1 month → 28/29 Feb). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return `${ty}-${String(tm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * A premium (kopecks) split into `count` instalments over the policy's year: the first due `today`, the
 * others every 12 / count months from the start date; equal shares, the kopecks left over on the first.
 */
export function splitSchedule(premium: number, count: number, startDate: string, today: string): { dueDate: string; amount: number }[] {
  if (!Number.isSafeInteger(premium) || premium <= 0 || !Number.isInteger(count) || count < 1 || 12 % count !== 0) throw new Error('splitSchedule: a positive premium and 1, 2, 3, 4, 6 or 12 instalments');
  const share = Math.floor(premium / count);
  return Array.from({ length: count }, (_, i) => ({ dueDate: i === 0 ? today : addMonths(startDate, (12 / count) * i), amount: i === 0 ? premium - share * (count - 1) : share }));
}
