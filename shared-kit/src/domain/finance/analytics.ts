import type { SessionUser } from '../roles';
import { isAppointedOnly } from '../scope';
import { moscowIsoDay } from '../sales/contracts';

/**
 * Аналитика (§2 `analytics/*`, issue 26): premiums, policies, commission and conversion by period, product,
 * insurer, network and agent, within the viewer's scope (§6).
 *
 * Who sees the section is access.ts's `canSeeAnalytics`; whose figures, `analyticsScope`:
 * - `all`: administrators, finance controllers, supervisors without canViewOnlyAppointedAgents;
 * - `own`: any other personal user with canAnalyticsView — their own sales, their sub-agents' and their
 *   network's (the scope module's kind `own`), even when their role would see every agent elsewhere.
 *
 * Figures (api/src/finance/analytics, kept per Moscow day by migration 34):
 * - «Расчёты» (created): contracts created, by the day they were created, whatever became of them;
 * - «Запросы котировок» (quotes): e-OSAGO quote requests sent to the insurers (osago_quotes);
 * - «Полисы» (policies) and «Премии» (premium): contracts paid, by the day of payment; «Расторгнуто» those of
 *   them cancelled since (their count and premium; the net figures are paid minus cancelled);
 * - «КВ» (commission): the ledger's lines by the day written, to the agent they are written to;
 * - «Конверсия»: policies / created (paid contracts per contract started), in basis points;
 * - renewals: policies in force or ended whose end date falls in the period (the renewal worklist's),
 *   «Продлено у нас» / «Клиент потерян» as a share of them.
 */

export type AnalyticsScope = 'all' | 'own';
export function analyticsScope(user: Pick<SessionUser, 'roles' | 'canViewOnlyAppointedAgents'> | null | undefined): AnalyticsScope {
  if (!user) return 'own';
  const staffAll = user.roles.includes('admin') || user.roles.includes('finance_controller') || (user.roles.includes('agent_supervisor') && !isAppointedOnly(user));
  return staffAll ? 'all' : 'own';
}

export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];
export const ANALYTICS_BUCKET_TITLES: Record<AnalyticsBucket, string> = { day: 'По дням', week: 'По неделям', month: 'По месяцам' };

/** §9 quick date filters: today, yesterday, last 7, 14, 30 days (Moscow days, today included). */
export const ANALYTICS_QUICK_RANGES = ['today', 'yesterday', 'last7', 'last14', 'last30'] as const;
export type AnalyticsQuickRange = (typeof ANALYTICS_QUICK_RANGES)[number];
export const ANALYTICS_QUICK_RANGE_TITLES: Record<AnalyticsQuickRange, string> = {
  today: 'Сегодня',
  yesterday: 'Вчера',
  last7: 'Последние 7 дней',
  last14: 'Последние 14 дней',
  last30: 'Последние 30 дней',
};
const QUICK_DAYS: Record<AnalyticsQuickRange, [number, number]> = { today: [0, 0], yesterday: [-1, -1], last7: [-6, 0], last14: [-13, 0], last30: [-29, 0] };
/** The Moscow days (from, to — both included) of a quick filter, as of `now`. */
export function quickRange(key: AnalyticsQuickRange, now: Date = new Date()): { from: string; to: string } {
  const [a, b] = QUICK_DAYS[key];
  return { from: moscowIsoDay(now, a), to: moscowIsoDay(now, b) };
}

/** The longest period one report covers (a year and a day). */
export const ANALYTICS_MAX_DAYS = 366;
/** How many agents the «По агентам» table shows (the best by premium). */
export const ANALYTICS_TOP_AGENTS = 50;

export interface AnalyticsQuery {
  from: string;
  to: string;
  bucket: AnalyticsBucket;
  product?: string;
  company?: string;
  network?: string;
  agent?: string;
}

export interface AnalyticsFigures {
  quotes: number;
  created: number;
  policies: number;
  premiumKopecks: number;
  cancelled: number;
  cancelledPremiumKopecks: number;
  commissionKopecks: number;
}

export interface AnalyticsRow extends AnalyticsFigures {
  /** The bucket's first day (series), or the product code / insurer id / network id / agent id; null: none. */
  key: string | null;
  title: string;
}

export interface AnalyticsRenewals {
  /** Policies in force or ended whose end date is in the period. */
  ended: number;
  renewedHere: number;
  renewedElsewhere: number;
  lost: number;
  /** renewedHere / ended and lost / ended, basis points (null: nothing ended). */
  renewalRateBp: number | null;
  lostRateBp: number | null;
}

export interface AnalyticsReport {
  query: AnalyticsQuery;
  scope: AnalyticsScope;
  totals: AnalyticsFigures & { conversionBp: number | null };
  series: AnalyticsRow[];
  byProduct: AnalyticsRow[];
  byInsurer: AnalyticsRow[];
  byNetwork: AnalyticsRow[];
  byAgent: AnalyticsRow[];
  renewals: AnalyticsRenewals;
}

/** The choices of the filters: the insurers and networks there are (products are shared-kit's). */
export interface AnalyticsFilters {
  insurers: { id: string; name: string }[];
  networks: { id: string; name: string }[];
}

/** Conversion in basis points: part / whole × 10000, rounded; null when the whole is 0. */
export const shareBp = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part * 10_000) / whole) : null);
/** «12,5 %» from basis points; «—» for null. */
export const formatBp = (bp: number | null): string => (bp == null ? '—' : `${(bp / 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`);

/** Words of the screen and of the file (the same on both). */
export const ANALYTICS_TEXTS = {
  title: 'Аналитика',
  quotes: 'Запросы котировок',
  created: 'Расчёты',
  policies: 'Полисы',
  premium: 'Премии',
  cancelled: 'Расторгнуто',
  commission: 'КВ',
  conversion: 'Конверсия',
  renewalRate: 'Продлено у нас',
  lostRate: 'Клиент потерян',
  ended: 'Полисов к продлению',
  period: 'Период',
  product: 'Продукт',
  insurer: 'Страховщик',
  network: 'Сеть',
  agent: 'Агент',
  noNetwork: 'Без сети',
  noInsurer: 'Страховщик не выбран',
  noProduct: 'Без продукта',
  export: 'Выгрузить в XLSX',
  empty: 'За этот период продаж нет',
  ownScope: 'Показаны ваши продажи, продажи ваших субагентов и вашей сети',
} as const;
