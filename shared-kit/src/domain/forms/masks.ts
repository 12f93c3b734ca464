/**
 * Input masks of §5 as data. The UI hands `MASK_FORMAT_CHARS` to react-input-mask 2.0.4 as
 * `formatChars` (it replaces the library's defaults, so every mask character is listed) and
 * `MASKS[field]` as `mask`. `conformToMask` is the same typing rule in pure form, for tests and for
 * places without the component (pasting, server-side normalising).
 */

/** §5 mask characters: 9 digit; a Latin letter; r Cyrillic letter; R Cyrillic letter or digit;
 * * Latin letter or digit; V vehicle-number character (Latin letters and digits except I, O, Q). */
export const MASK_FORMAT_CHARS: Readonly<Record<string, string>> = {
  '9': '[0-9]',
  a: '[A-Za-z]',
  r: '[А-Яа-яЁё]',
  R: '[А-Яа-яЁё0-9]',
  '*': '[A-Za-z0-9]',
  V: '[A-HJ-NPR-Za-hj-npr-z0-9]',
};

export const MASKS = {
  phone: '+7 (999) 999-99-99',
  date: '99.99.9999',
  time: '99:99',
  vin: 'VVVVVVVVVVVVVVVVV',
  osago: 'rrr 9999999999',
  licence: '99RR 999999',
  /** One letter, 3 digits, 2 letters, region of 3 digits (a 2-digit region leaves the last place empty). */
  plate: 'r999rr999',
  sts: '99RR 999999',
  pts: '99RR 999999',
  foreignLicence: '************',
  alnum10: '**********',
} as const;

export type MaskedField = keyof typeof MASKS;

/** Fields whose letters are shown in upper case whatever is typed (VIN, plate, documents). */
export const UPPER_CASE_MASKS: ReadonlySet<MaskedField> = new Set<MaskedField>(['vin', 'osago', 'licence', 'plate', 'sts', 'pts', 'foreignLicence', 'alnum10']);

/**
 * Masks whose letters are Cyrillic ones that have Latin twins (А В Е К М Н О Р С Т У Х): typed on a
 * Latin keyboard layout, A123BC77 becomes А123ВС77 instead of nothing.
 */
export const CYRILLIC_LOOKALIKE_MASKS: ReadonlySet<MaskedField> = new Set<MaskedField>(['osago', 'licence', 'plate', 'sts', 'pts']);

const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = { A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', Y: 'У', X: 'Х' };

/** Latin letters that look like Cyrillic ones, replaced by them (upper case); other characters kept. */
export function cyrillicLookAlikes(text: string): string {
  return text.replace(/[abekmhopctyx]/gi, (ch) => LATIN_TO_CYRILLIC[ch.toUpperCase()]);
}

/**
 * What a Cyrillic-letter mask shows when a Latin look-alike was typed at the end and the mask
 * refused it: the text with its Cyrillic twin put through the mask.
 */
export function afterTypingLookAlikes(mask: string, before: string, after: string, typed: string | null, formatChars: Readonly<Record<string, string>> = MASK_FORMAT_CHARS): string {
  if (!typed || !/[a-z]/i.test(typed) || after.length > before.length) return after;
  const twin = conformToMask(mask, before + cyrillicLookAlikes(typed), formatChars);
  return twin.length > after.length ? twin : after;
}

const compiled = new Map<string, RegExp>();
function charRule(formatChars: Readonly<Record<string, string>>, ch: string): RegExp | null {
  const src = formatChars[ch];
  if (!src) return null;
  const key = `${ch}\u0000${src}`;
  let re = compiled.get(key);
  if (!re) compiled.set(key, (re = new RegExp(`^${src}$`)));
  return re;
}

/**
 * What a masked input shows after `input` is typed or pasted (react-input-mask with `maskChar={null}`):
 * literal characters are put in by the mask (and skipped when typed), a character that does not fit
 * its place is dropped, the text stops where the input runs out. A typed '+7' or '7' before a phone is the mask's own
 * prefix; pass a pasted phone through `phoneMaskInput` first so a leading '8' is dropped too.
 */
export function conformToMask(mask: string, input: string, formatChars: Readonly<Record<string, string>> = MASK_FORMAT_CHARS): string {
  let out = '';
  let i = 0;
  let pendingLiterals = '';
  for (let m = 0; m < mask.length; m++) {
    const rule = charRule(formatChars, mask[m]);
    if (!rule) {
      // A literal: echo it now only if more input follows; skip it in the input if typed.
      pendingLiterals += mask[m];
      if (input[i] === mask[m]) i++;
      continue;
    }
    while (i < input.length && !rule.test(input[i])) i++;
    if (i >= input.length) break;
    out += pendingLiterals + input[i++];
    pendingLiterals = '';
  }
  return out;
}

/** Input for a mask with a fixed prefix ('+7 ' of the phone): strips a typed '+7', '7' or '8' country code. */
export function phoneMaskInput(text: string): string {
  const t = text.trim();
  const digits = t.replace(/\D/g, '');
  if (t.startsWith('+7')) return digits.slice(1);
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) return digits.slice(1);
  return digits;
}

/** The phone mask's fixed start ('+7 ('), taken from the mask itself. */
export const PHONE_PREFIX = MASKS.phone.slice(0, MASKS.phone.indexOf('9'));

/**
 * What the phone shows after a key. People start a number with 8 or 7 (or +7) out of habit, so the
 * first 8 or 7 typed while the field holds no digits of its own is taken as the country code the mask
 * already shows ('+7 (' stays, the digit goes) — once: the next 8 is the number's (+7 (800) …), until
 * the field is emptied again. `typed` is null for a deletion; `countryCodeTaken` is the memory.
 */
export function phoneAfterTyping(before: string, after: string, typed: string | null, countryCodeTaken: boolean): { shown: string; countryCodeTaken: boolean } {
  const national = (v: string) => v.replace(/\D/g, '').slice(1);
  const digits = national(after);
  if (digits === '') return { shown: after, countryCodeTaken: false };
  if (typed !== null && !countryCodeTaken && national(before) === '' && (digits === '8' || digits === '7')) return { shown: PHONE_PREFIX, countryCodeTaken: true };
  return { shown: after, countryCodeTaken };
}

/** How many fixed characters the mask starts with (4 for the phone's «+7 (»; 0 for the rest). */
export function maskPrefixLength(mask: string, formatChars: Readonly<Record<string, string>> = MASK_FORMAT_CHARS): number {
  let k = 0;
  while (k < mask.length && !(mask[k] in formatChars)) k++;
  return k;
}

/** Every editable place of the mask is filled. */
export function isMaskComplete(mask: string, value: string, formatChars: Readonly<Record<string, string>> = MASK_FORMAT_CHARS): boolean {
  if (value.length !== mask.length) return false;
  for (let k = 0; k < mask.length; k++) {
    const rule = charRule(formatChars, mask[k]);
    if (rule ? !rule.test(value[k]) : value[k] !== mask[k]) return false;
  }
  return true;
}
