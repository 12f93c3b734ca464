/** Normalisers of §3 and §5: pure functions the inputs run on blur/change and the api on payloads. */
import { phoneDigits, parseNumberText, toDateText, PLATE_LETTERS } from './validators';

/** §5 name fields on blur: first letter upper case, the rest lower, a letter after a hyphen upper. 'анна-мария' → 'Анна-Мария'. */
export function nameCase(value: string): string;
export function nameCase(value: string | null | undefined): string | null | undefined;
export function nameCase(value: string | null | undefined): string | null | undefined {
  if (value == null) return value;
  return value.toLocaleLowerCase('ru').replace(/(^[^\p{L}]*|-)(\p{L})/gu, (_, lead: string, ch: string) => lead + ch.toLocaleUpperCase('ru'));
}

export interface SuggestionTextOptions {
  /** The input is an email suggestion: its text is never changed. */
  email?: boolean;
}

/**
 * §5 suggestion text input: emails are left unchanged (an email input, or a value with '@');
 * anything else keeps only hyphens and Russian letters, first letter upper case, the rest lower.
 */
export function cleanSuggestionText(value: string, opts: SuggestionTextOptions = {}): string {
  if (opts.email || value.includes('@')) return value;
  const kept = value.replace(/[^А-Яа-яЁё-]/g, '').toLocaleLowerCase('ru');
  const i = kept.search(/[а-яё]/);
  return i < 0 ? kept : kept.slice(0, i) + kept[i].toLocaleUpperCase('ru') + kept.slice(i + 1);
}

/** §5 generic field: runs of spaces become one, leading whitespace trimmed, empty becomes null. */
export function normalizeField(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.replace(/ {2,}/g, ' ').replace(/^\s+/, '');
  return text === '' ? null : text;
}

/** §3/§5 boolean items: Yes is '1', No is '0'. */
export const BOOLEAN_ITEM_OPTIONS = [
  { value: '1', text: 'Да' },
  { value: '0', text: 'Нет' },
] as const;
export type BooleanItem = '1' | '0';

/** true, 1 (or '1', 'true') → '1'; false, 0 (or '0', 'false') → '0'; anything else → null. */
export function toBooleanItem(value: unknown): BooleanItem | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return '1';
  if (value === false || value === 0 || value === '0' || value === 'false') return '0';
  return null;
}

/** §3 dynamic item types; DADATA items are treated as strings. */
export const DYNAMIC_ITEM_TYPES = ['Number', 'String', 'List', 'Boolean', 'date', 'DADATA'] as const;
export type DynamicItemType = (typeof DYNAMIC_ITEM_TYPES)[number];
export type DynamicItemValue = number | string | BooleanItem | null;

/**
 * A dynamic item's value in its type: Number → number (comma or dot radix), String/DADATA → text
 * (generic-field rules), List → the option id as text, Boolean → '1'/'0', date → 'dd.mm.yyyy'
 * (from 'dd.mm.yyyy', 'yyyy-mm-dd' or a Date). A value that does not fit its type becomes null;
 * an unknown type is treated as String. Type names are matched without regard to case.
 */
export function coerceDynamicItem(type: string, value: unknown): DynamicItemValue {
  if (value == null || value === '') return null;
  switch (type.toLowerCase()) {
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? parseNumberText(value, { signed: true }) : null;
    case 'boolean':
      return toBooleanItem(value);
    case 'date':
      return typeof value === 'string' || value instanceof Date ? toDateText(value) : null;
    case 'list':
      return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    default: // String, DADATA and anything unknown
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? normalizeField(String(value)) : null;
  }
}

/** Canonical phone '+7 (900) 123-45-67' from '+7…', '7…', '8…' or 10 bare digits; null when not a full phone. */
export function normalizePhone(value: string | null | undefined): string | null {
  const d = phoneDigits(value);
  if (!/^[489]\d{9}$/.test(d)) return null;
  if (/[^\d\s()+-]/.test(value ?? '')) return null;
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8, 10)}`;
}

/** VIN as stored: spaces dropped, upper case. */
export function normalizeVin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const LATIN_TWINS: Record<string, string> = { A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', Y: 'У', X: 'Х' };

/** Cyrillic document text (plate, licence, STS/PTS, OSAGO series): upper case, Latin look-alikes become Cyrillic. */
export function normalizeCyrillicDoc(value: string): string {
  return value
    .trim()
    .toLocaleUpperCase('ru')
    .replace(/[ABEKMHOPCTYX]/g, (c) => LATIN_TWINS[c]);
}

/** Registration plate: as a Cyrillic document, without spaces. 'a 123 bc 77' → 'А123ВС77'. */
export function normalizePlate(value: string): string {
  return normalizeCyrillicDoc(value).replace(/\s+/g, '');
}

export { PLATE_LETTERS };
