/**
 * Renewals (issue 25): the agent's worklist of policies in force that end soon, the reminders before
 * each threshold, the outcome of each renewal and the renewal rate. Pure rules shared by the api
 * (api/src/sales/renewals) and remote-sales' «Продления» (/app/contracts/renewals).
 * Days are Moscow calendar days, 'YYYY-MM-DD'; money is integer kopecks.
 */
import type { EosagoContractDetails } from './contractWire';

/** Days before the end at which the agent is reminded, largest first: each starts a bucket of the worklist. */
export const RENEWAL_THRESHOLDS = [45, 30, 7] as const;
export type RenewalThreshold = (typeof RENEWAL_THRESHOLDS)[number];
/** How long after its end a policy without an outcome stays on the worklist (overdue). */
export const RENEWAL_OVERDUE_DAYS = 30;
/** How long an agent may take back a mark («Отменить»). */
export const RENEWAL_UNDO_HOURS = 24;
/** The longest comment to a mark. */
export const RENEWAL_COMMENT_MAX = 500;

export const RENEWAL_BUCKETS = ['45', '30', '7', 'overdue'] as const;
export type RenewalBucket = (typeof RENEWAL_BUCKETS)[number];
export const RENEWAL_BUCKET_TITLES: Record<RenewalBucket, string> = {
  '45': '31–45 дней',
  '30': '8–30 дней',
  '7': '7 дней и меньше',
  overdue: 'Просрочены',
};

export const RENEWAL_OUTCOMES = ['renewed_here', 'lost', 'renewed_elsewhere'] as const;
export type RenewalOutcomeKind = (typeof RENEWAL_OUTCOMES)[number];
/** What the agent marks by hand; «продлён у нас» is set when the renewing contract is paid. */
export const RENEWAL_MARKS = ['lost', 'renewed_elsewhere'] as const;
export type RenewalMark = (typeof RENEWAL_MARKS)[number];
export const RENEWAL_OUTCOME_TITLES: Record<RenewalOutcomeKind, string> = {
  renewed_here: 'Продлён у нас',
  lost: 'Клиент потерян',
  renewed_elsewhere: 'Продлён в другом месте',
};
/** The worklist's outcome filter: an outcome, or none yet. */
export const RENEWAL_OUTCOME_FILTERS = ['none', ...RENEWAL_OUTCOMES] as const;
export type RenewalOutcomeFilter = (typeof RENEWAL_OUTCOME_FILTERS)[number];
export const RENEWAL_OUTCOME_FILTER_TITLES: Record<RenewalOutcomeFilter, string> = { none: 'Без результата', ...RENEWAL_OUTCOME_TITLES };

/** The periods the renewal rate is counted over: policies that ended in the last N days. */
export const RENEWAL_PERIODS = ['30', '90', '365'] as const;
export type RenewalPeriod = (typeof RENEWAL_PERIODS)[number];
export const RENEWAL_PERIOD_TITLES: Record<RenewalPeriod, string> = { '30': 'за 30 дней', '90': 'за 90 дней', '365': 'за год' };

/** Whole calendar days from `today` to `day` (negative when it has passed); both 'YYYY-MM-DD'. */
export function calendarDaysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * The bucket of a policy whose end date is `daysLeft` days away (0: it ends today, its last day):
 * 31–45 → «45», 8–30 → «30», 0–7 → «7», ended up to 30 days ago → overdue; null outside the worklist.
 */
export function renewalBucketOf(daysLeft: number): RenewalBucket | null {
  if (daysLeft > RENEWAL_THRESHOLDS[0] || daysLeft < -RENEWAL_OVERDUE_DAYS) return null;
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= RENEWAL_THRESHOLDS[2]) return '7';
  if (daysLeft <= RENEWAL_THRESHOLDS[1]) return '30';
  return '45';
}

/** The end-date window of a bucket (or of the whole worklist), days from today inclusive. */
export function renewalBucketDays(bucket: RenewalBucket | null): { min: number; max: number } {
  switch (bucket) {
    case '45':
      return { min: RENEWAL_THRESHOLDS[1] + 1, max: RENEWAL_THRESHOLDS[0] };
    case '30':
      return { min: RENEWAL_THRESHOLDS[2] + 1, max: RENEWAL_THRESHOLDS[1] };
    case '7':
      return { min: 0, max: RENEWAL_THRESHOLDS[2] };
    case 'overdue':
      return { min: -RENEWAL_OVERDUE_DAYS, max: -1 };
    default:
      return { min: -RENEWAL_OVERDUE_DAYS, max: RENEWAL_THRESHOLDS[0] };
  }
}

/** The threshold whose reminder is due for a policy `daysLeft` days from its end (the bucket's), or null. */
export function dueReminderThreshold(daysLeft: number): RenewalThreshold | null {
  const b = renewalBucketOf(daysLeft);
  return b === null || b === 'overdue' ? null : (Number(b) as RenewalThreshold);
}

/** «1 день», «3 дня», «5 дней». */
export function daysText(n: number): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  const word = a > 10 && a < 20 ? 'дней' : b === 1 ? 'день' : b >= 2 && b <= 4 ? 'дня' : 'дней';
  return `${n} ${word}`;
}

/** What the worklist says of the days left: «Осталось 12 дней», «Последний день», «Закончился 3 дня назад». */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Последний день';
  return daysLeft > 0 ? `Осталось ${daysText(daysLeft)}` : `Закончился ${daysText(-daysLeft)} назад`;
}

/** The reminder's title: «Через N дней заканчивается полис Е-ОСАГО ХХХ0123456789». */
export function renewalReminderTitle(daysLeft: number, productName: string, policyNumber: string | null): string {
  const policy = `полис ${productName}${policyNumber ? ` ${policyNumber}` : ''}`;
  return daysLeft === 0 ? `Сегодня заканчивается ${policy}` : `Через ${daysText(daysLeft)} заканчивается ${policy}`;
}

/** The worklist's path (the reminders lead there, to the reminder's bucket). */
export const RENEWALS_PATH = '/contracts/renewals';

/**
 * The calculator that re-quotes a product's policy, by product code: the page opens at
 * `<path>?renew=<contractId>` and reads the old policy through GET /api/v2/renewals/:contractId/quote.
 * Kept here until the product registry (shared-kit sales/products.ts) maps a product to its calculator;
 * a product not listed has no «Пересчитать» yet.
 */
export const RENEWAL_CALCULATORS: Readonly<Record<string, string>> = { eosago: '/new-eosago', ekasko: '/new-ekasko', vzr: '/new-vzr', ifl: '/new-ifl', ifl_house: '/new-ifl_house', ipoteka: '/new-ipoteka' };
export const RENEW_QUERY = 'renew';

/** Where «Пересчитать» opens the calculator of a product, or null when its calculator has not landed. */
export function renewalQuotePath(product: string, contractId: string): string | null {
  const path = RENEWAL_CALCULATORS[product];
  return path ? `${path}?${RENEW_QUERY}=${contractId}` : null;
}

/** A mark on a renewal. */
export interface RenewalOutcome {
  kind: RenewalOutcomeKind;
  title: string;
  comment: string | null;
  at: string;
  /** Who marked it (null: set by the payment of the renewing contract). */
  by: { id: string; fio: string } | null;
  /** The renewing contract (renewed here). */
  renewedBy: { id: string; policyNumber: string | null } | null;
  /** Whether this caller may take it back now (their own mark, within RENEWAL_UNDO_HOURS). */
  canUndo: boolean;
}

/** A row of the worklist: a policy in force that ends soon, or ended lately. */
export interface RenewalItem {
  contractId: string;
  product: string;
  productName: string;
  policyNumber: string | null;
  clientName: string | null;
  /** The insured object: a vehicle's plate and make, or what the product insures. */
  object: string | null;
  companyName: string | null;
  premium: number | null;
  endDate: string;
  daysLeft: number;
  bucket: RenewalBucket;
  outcome: RenewalOutcome | null;
  agent: { id: string; fio: string };
  /** «Пересчитать»: the calculator with the old policy's data, or null when the product has none yet. */
  quotePath: string | null;
}

export interface RenewalPage {
  items: RenewalItem[];
  next: string | null;
  today: string;
}

export interface RenewalListQuery {
  bucket?: RenewalBucket;
  outcome?: RenewalOutcomeFilter;
  agent?: string;
  after?: string;
}

/** One agent's counts over a period: policies that ended in it and what became of them. */
export interface RenewalCounts {
  agent: { id: string; fio: string };
  ended: number;
  renewedHere: number;
  lost: number;
  renewedElsewhere: number;
}

export interface RenewalStats {
  period: RenewalPeriod;
  from: string;
  to: string;
  total: Omit<RenewalCounts, 'agent'>;
  agents: RenewalCounts[];
}

/** The renewal rate, renewed here ÷ ended, as «42,9 %» (one decimal, exact integer arithmetic); «—» when none ended. */
export function renewalRateText(renewedHere: number, ended: number): string {
  if (!ended) return '—';
  const tenths = Math.floor((renewedHere * 1000 + Math.floor(ended / 2)) / ended);
  return `${Math.floor(tenths / 10)},${tenths % 10} %`;
}

/** GET /api/v2/renewals/:contractId/quote: the old policy's calculation for the calculator, with the new start date. */
export interface RenewalQuote {
  contractId: string;
  product: string;
  policyNumber: string | null;
  companyName: string | null;
  endDate: string;
  /** The day after the old end: the new policy's start. */
  startDate: string;
  /** The product's calculation as stored with the old contract, its start date moved to `startDate`. */
  calculation: Record<string, unknown> & { startDate: string };
  /** The documents the old contract holds (vehicle, owner, insurant, contacts for e-OSAGO). */
  details: Partial<EosagoContractDetails> & Record<string, unknown>;
  /**
   * The old policy was entered by hand (product `manual`, its kind `product`): `calculation` holds only the
   * start and what the entry knows of the kind's calculation (manualRenewalPrefill) — the calculator starts
   * from its own blank form with these filled in.
   */
  fromManual?: boolean;
}
