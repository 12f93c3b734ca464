/**
 * Pure validators of §5. Each `xxxError(value)` returns the Russian error text or null; an empty
 * value is never an error here (whether a field is required is the form's business, see
 * `fieldSchemas` and FORM_TEXTS.required). Validators check the canonical form — the normalisers in
 * ./normalize.ts produce it from what a person types.
 */
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../validation';
import { FORM_TEXTS } from './texts';

const empty = (v: string | null | undefined): v is '' | null | undefined => v == null || v === '';

// ─── email, password ────────────────────────────────────────────────────────────────────────────
export function emailError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return EMAIL_PATTERN.test(value) ? null : FORM_TEXTS.emailInvalid;
}

export function passwordError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return value.length >= MIN_PASSWORD_LENGTH ? null : FORM_TEXTS.passwordTooShort;
}

// ─── date dd.mm.yyyy ────────────────────────────────────────────────────────────────────────────
/** dd.mm.yyyy, two-digit day and month, four-digit year. */
export const DATE_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;
/** §5 text-pattern variant: day 00–39, month 00–19, year 19xx or 20xx. */
export const DATE_TEXT_PATTERN = /^[0-3]\d\.[01]\d\.(?:19|20)\d{2}$/;
/** §5: the year mask spans 100 years either side of the current year. */
export const DATE_YEAR_SPAN = 100;

export interface DateParts {
  day: number;
  month: number;
  year: number;
}

/** A real calendar date from 'dd.mm.yyyy' (31.02 and 29.02 of a common year are not), else null. */
export function parseDateText(value: string | null | undefined): DateParts | null {
  const m = DATE_PATTERN.exec(value ?? '');
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function formatDateParts({ day, month, year }: DateParts): string {
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
}

/** 'yyyy-mm-dd' (or a full ISO timestamp, or a Date) → 'dd.mm.yyyy'; anything else → null. */
export function toDateText(value: string | Date | null | undefined): string | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return formatDateParts({ day: value.getDate(), month: value.getMonth() + 1, year: value.getFullYear() });
  }
  if (parseDateText(value)) return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!m) return null;
  const text = `${m[3]}.${m[2]}.${m[1]}`;
  return parseDateText(text) ? text : null;
}

/** 'dd.mm.yyyy' → 'yyyy-mm-dd' (the api's dates); not a real date → null. */
export function toIsoDate(text: string | null | undefined): string | null {
  const p = parseDateText(text);
  return p ? `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}` : null;
}

const dateKey = (p: DateParts) => p.year * 10000 + p.month * 100 + p.day;
const asParts = (d: string | Date): DateParts | null =>
  d instanceof Date ? { day: d.getDate(), month: d.getMonth() + 1, year: d.getFullYear() } : parseDateText(d);

export interface DateRuleOptions {
  /** Today for the ±100-year span (tests pass a fixed one). */
  now?: Date;
  /** Earliest allowed date (inclusive), 'dd.mm.yyyy' or a Date. */
  min?: string | Date | null;
  /** Latest allowed date (inclusive). */
  max?: string | Date | null;
}

export function dateError(value: string | null | undefined, opts: DateRuleOptions = {}): string | null {
  if (empty(value)) return null;
  const m = DATE_PATTERN.exec(value);
  if (!m) return FORM_TEXTS.dateInvalid;
  const day = Number(m[1]);
  const month = Number(m[2]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return FORM_TEXTS.dateInvalid;
  const parts = parseDateText(value);
  if (!parts) return FORM_TEXTS.dateNotReal;
  const thisYear = (opts.now ?? new Date()).getFullYear();
  if (Math.abs(parts.year - thisYear) > DATE_YEAR_SPAN) return FORM_TEXTS.dateOutOfRange;
  const min = opts.min ? asParts(opts.min) : null;
  const max = opts.max ? asParts(opts.max) : null;
  if (min && dateKey(parts) < dateKey(min)) return FORM_TEXTS.dateBeforeMin;
  if (max && dateKey(parts) > dateKey(max)) return FORM_TEXTS.dateAfterMax;
  return null;
}

/** The text-pattern variant (§5): only the shape is checked, not the calendar. */
export function dateTextPatternError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return DATE_TEXT_PATTERN.test(value) ? null : FORM_TEXTS.dateInvalid;
}

// ─── time HH:mm ─────────────────────────────────────────────────────────────────────────────────
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function timeError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return TIME_PATTERN.test(value) ? null : FORM_TEXTS.timeInvalid;
}

// ─── phone +7 (A00) 000-00-00 ───────────────────────────────────────────────────────────────────
/** §5: +7 (A00) 000-00-00 with A = 4, 8 or 9; a leading +7, 7 or 8 (or none) is accepted. */
export const PHONE_PATTERN = /^(?:\+7|7|8)?[\s-]*\(?[489]\d{2}\)?[\s-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}$/;

/** The national digits (up to 10) of what was typed: '+7…', '7…' or '8…' (11 digits) lose the prefix. */
export function phoneDigits(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+7')) digits = digits.slice(1);
  else if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) digits = digits.slice(1);
  return digits;
}

export function phoneError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  const digits = phoneDigits(value);
  if (digits.length === 0) return null; // an untouched mask '+7 (___) ___-__-__'
  if (!/^[489]/.test(digits)) return FORM_TEXTS.phoneFirstDigit;
  if (digits.length < 10) return FORM_TEXTS.phoneIncomplete;
  if (digits.length > 10 || /[^\d\s()+-]/.test(value)) return FORM_TEXTS.phoneInvalid;
  return null;
}

// ─── vehicles and documents ─────────────────────────────────────────────────────────────────────
/** Letters of Russian registration plates and licence series: those that look alike in Latin. */
export const PLATE_LETTERS = 'АВЕКМНОРСТУХ';
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const OSAGO_PATTERN = /^[А-ЯЁ]{3} ?\d{10}$/;
export const LICENCE_PATTERN = new RegExp(`^\\d{2}[\\d${PLATE_LETTERS}]{2} ?\\d{6}$`);
export const FOREIGN_LICENCE_PATTERN = /^[A-Za-z0-9]{12}$/;
export const PLATE_PATTERN = new RegExp(`^[${PLATE_LETTERS}]\\d{3}[${PLATE_LETTERS}]{2}\\d{2,3}$`);
export const STS_PATTERN = /^\d{2}[\dА-ЯЁ]{2} ?\d{6}$/;
export const PTS_PATTERN = STS_PATTERN;
export const POLICY_NUMBER_MAX = 30;
export const LATIN_HYPHEN_PATTERN = /^[A-Za-z-]{1,45}$/;
export const LATIN_HYPHEN_MAX = 45;
export const ALNUM10_PATTERN = /^[A-Za-z0-9]{10}$/;

const byPattern = (re: RegExp, message: string) => (value: string | null | undefined): string | null =>
  empty(value) ? null : re.test(value) ? null : message;

export const vinError = byPattern(VIN_PATTERN, FORM_TEXTS.vinInvalid);
export const osagoNumberError = byPattern(OSAGO_PATTERN, FORM_TEXTS.osagoInvalid);
export const licenceError = byPattern(LICENCE_PATTERN, FORM_TEXTS.licenceInvalid);
export const foreignLicenceError = byPattern(FOREIGN_LICENCE_PATTERN, FORM_TEXTS.foreignLicenceInvalid);
export const plateError = byPattern(PLATE_PATTERN, FORM_TEXTS.plateInvalid);
export const stsError = byPattern(STS_PATTERN, FORM_TEXTS.stsInvalid);
export const ptsError = byPattern(PTS_PATTERN, FORM_TEXTS.ptsInvalid);
export const latinHyphenError = byPattern(LATIN_HYPHEN_PATTERN, FORM_TEXTS.latinInvalid);
export const alnum10Error = byPattern(ALNUM10_PATTERN, FORM_TEXTS.alnum10Invalid);

export function policyNumberError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return value.length <= POLICY_NUMBER_MAX ? null : FORM_TEXTS.policyNumberTooLong;
}

// ─── money, numbers ─────────────────────────────────────────────────────────────────────────────
/** Unsigned, comma radix, up to 2 decimals, optional (regular or no-break) spaces between thousands. */
export const MONEY_PATTERN = /^(?:\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(?:,\d{1,2})?$/;

/** '1 234,56' → 123456 kopecks; null when it is not a money text (or too large to be exact). */
export function parseMoney(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!MONEY_PATTERN.test(text)) return null;
  const [rub, kop = ''] = text.replace(/[ \u00a0]/g, '').split(',');
  const kopecks = Number(rub) * 100 + Number(kop.padEnd(2, '0'));
  return Number.isSafeInteger(kopecks) ? kopecks : null;
}

/** 123456 kopecks → '1 234,56' (regular spaces, always two decimals) — the text of a money input. */
export function formatMoneyInput(kopecks: number | null | undefined): string {
  if (kopecks == null || !Number.isFinite(kopecks)) return '';
  const abs = Math.abs(Math.round(kopecks));
  const rub = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${rub},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a money input shows while typing: digits regrouped by thousands, one comma (a typed dot
 * becomes the comma), at most 2 decimals, no sign, leading zeros dropped. '1234567.891' → '1 234 567,89'.
 */
export function maskMoneyTyping(value: string | null | undefined): string {
  const text = (value ?? '').replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = text.indexOf(',');
  let int = (comma >= 0 ? text.slice(0, comma) : text).replace(/^0+(?=\d)/, '');
  const frac = comma >= 0 ? text.slice(comma + 1).replace(/,/g, '').slice(0, 2) : null;
  if (int === '' && frac !== null) int = '0';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return frac === null ? grouped : `${grouped},${frac}`;
}

export function moneyError(value: string | null | undefined): string | null {
  if (empty(value)) return null;
  return parseMoney(value) === null ? FORM_TEXTS.moneyInvalid : null;
}

export interface NumberRuleOptions {
  /** Allow a leading minus (default false: numbers in forms are amounts, counts and years). */
  signed?: boolean;
}

/** '12,5' or '12.5' → 12.5; '' / junk → null. */
export function parseNumberText(value: string | number | null | undefined, opts: NumberRuleOptions = {}): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && (opts.signed || value >= 0) ? value : null;
  const text = (value ?? '').trim().replace(/[ \u00a0]/g, '');
  const re = opts.signed ? /^-?\d+(?:[.,]\d+)?$/ : /^\d+(?:[.,]\d+)?$/;
  if (!re.test(text)) return null;
  return Number(text.replace(',', '.'));
}

export function numberError(value: string | null | undefined, opts: NumberRuleOptions = {}): string | null {
  if (empty(value)) return null;
  return parseNumberText(value, opts) === null ? FORM_TEXTS.numberInvalid : null;
}

export function integerError(value: string | null | undefined, opts: NumberRuleOptions = {}): string | null {
  if (empty(value)) return null;
  const text = value.trim().replace(/[ \u00a0]/g, '');
  const re = opts.signed ? /^-?\d+$/ : /^\d+$/;
  return re.test(text) && Number.isSafeInteger(Number(text)) ? null : FORM_TEXTS.integerInvalid;
}
