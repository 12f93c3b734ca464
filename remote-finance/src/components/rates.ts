import { formatDate, moscowParts, toIsoDate } from '@oyster/shared-kit/domain';

/**
 * How the rate screens write rates and days. A rate travels as integer basis points (1000 = 10%); a
 * person reads and types percent with up to two decimals («12,5»), so the two are converted digit by
 * digit — never through a floating-point number.
 */

/** Percent with up to two decimals, a comma (or a dot) between: «12», «12,5», «0,25», «100» (more is too high, not malformed). */
const PERCENT_PATTERN = /^(\d{1,7})(?:[,.](\d{1,2}))?$/;
/** The most a rate can be: 100%. */
export const MAX_RATE_BP = 10_000;

export const RATE_TEXTS = {
  invalid: 'Ставка в процентах, не больше двух знаков после запятой',
  tooHigh: 'Ставка не больше 100%',
} as const;

/** «12,5» → 1250; null when it is not a percent with up to two decimals. */
export function percentToBp(text: string): number | null {
  const m = PERCENT_PATTERN.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1250 → «12,5» (what the rate field shows): no trailing zeros, no sign. */
export function bpToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const part = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return part ? `${whole},${part}` : String(whole);
}

/** 1250 → «12,5%». */
export const rateText = (bp: number) => `${bpToPercent(bp)}%`;

/** What is wrong with a typed rate, or null. */
export function rateError(text: string): string | null {
  const bp = percentToBp(text);
  if (bp === null) return RATE_TEXTS.invalid;
  return bp > MAX_RATE_BP ? RATE_TEXTS.tooHigh : null;
}

/** Today in Moscow, 'YYYY-MM-DD' (the api's days). */
export function moscowToday(now: Date = new Date()): string {
  return toIsoDate(moscowParts(now).date)!;
}

/** «с 01.12.2026 по 31.12.2026», or «с 01.12.2026, бессрочно». */
export function validityText(validFrom: string, validTo: string | null): string {
  return validTo ? `с ${formatDate(validFrom)} по ${formatDate(validTo)}` : `с ${formatDate(validFrom)}, бессрочно`;
}

/** Where a span of days stands today (Moscow): not started yet, in force, or over. */
export type Standing = 'future' | 'current' | 'past';
export const STANDING_TITLES: Record<Standing, string> = {
  future: 'Ещё не начал действовать',
  current: 'Действует',
  past: 'Завершён',
};

export function standingOf(validFrom: string, validTo: string | null, today = moscowToday()): Standing {
  if (validFrom > today) return 'future';
  return validTo !== null && validTo < today ? 'past' : 'current';
}
