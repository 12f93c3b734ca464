import * as React from 'react';
import { Input } from 'antd';
import {
  LATIN_HYPHEN_MAX,
  MASKS,
  MASK_FORMAT_CHARS,
  POLICY_NUMBER_MAX,
  CYRILLIC_LOOKALIKE_MASKS,
  UPPER_CASE_MASKS,
  afterTypingLookAlikes,
  conformToMask,
  maskPrefixLength,
  phoneAfterTyping,
  phoneMaskInput,
  type MaskedField,
} from '@oyster/shared-kit/domain';
import { InputMask, type MaskState } from './InputMask';

/** What every kit input takes: formik-friendly (`name`, value, onChange(value), onBlur, error). */
export interface BaseInputProps<V = string> {
  id?: string;
  name?: string;
  value: V | null | undefined;
  onChange(value: V): void;
  onBlur?(event: React.FocusEvent<HTMLInputElement>): void;
  onFocus?(event: React.FocusEvent<HTMLInputElement>): void;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** An error text or true: the field is drawn in the error colour and described by its error. */
  error?: React.ReactNode | boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** Props the antd Input gets from every kit input (the 38px look, error state, a11y). */
export function inputAttrs(p: BaseInputProps<unknown>) {
  const invalid = !!p.error;
  return {
    id: p.id,
    name: p.name,
    placeholder: p.placeholder,
    autoFocus: p.autoFocus,
    autoComplete: p.autoComplete ?? 'off',
    style: p.style,
    status: invalid ? ('error' as const) : undefined,
    'aria-label': p['aria-label'],
    'aria-invalid': invalid || undefined,
    'aria-required': p['aria-required'],
    'aria-describedby': p['aria-describedby'] ?? (invalid && p.id && typeof p.error !== 'boolean' ? `${p.id}-error` : undefined),
  };
}

export interface MaskedInputProps extends BaseInputProps {
  /** react-input-mask mask with the §5 mask characters 9 a r R * V. */
  mask: string;
  formatChars?: Readonly<Record<string, string>>;
  /** Letters are shown (and kept) in upper case whatever is typed. */
  upperCase?: boolean;
  /** Turns pasted text into what the mask should receive (the phone drops a +7/7/8 country code). */
  pasteTransform?(text: string): string;
  /** What the field shows after a key (`typed`: what was typed at the end; null for a deletion or a key inside the text), from its value before and the masked text after. */
  afterTyping?(before: string, after: string, typed: string | null): string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** An antd Input behind react-input-mask 2.0.4. The value is the masked text ('' when empty). */
export function MaskedInput(props: MaskedInputProps) {
  const { mask, formatChars = MASK_FORMAT_CHARS, upperCase, pasteTransform, afterTyping, value, onChange, onBlur, onFocus, disabled, readOnly, inputMode } = props;
  const text = value ?? '';
  // antd's Input hands on a copy of the change event carrying the text as the browser had it,
  // before the mask fixed it: the masked text is taken from react-input-mask itself instead.
  const masked = React.useRef<string | null>(null);
  const beforeMaskedValueChange = (next: MaskState, old: MaskState, typed: string | null): MaskState => {
    let state = upperCase ? { ...next, value: next.value.toUpperCase() } : next;
    if (afterTyping) {
      // Only what is typed at the end counts as typed: a key inside the text is the mask's alone.
      const atEnd = !old.selection || old.selection.start >= (old.value ?? '').length;
      const shown = afterTyping(text, state.value, atEnd ? typed : null);
      if (shown !== state.value) state = { value: shown, selection: { start: shown.length, end: shown.length } };
    }
    masked.current = state.value;
    return state;
  };
  const onPaste = pasteTransform
    ? (e: React.ClipboardEvent<HTMLInputElement>) => {
        const pasted = e.clipboardData?.getData('text') ?? '';
        if (!pasted) return;
        e.preventDefault();
        const next = conformToMask(mask, pasteTransform(pasted), formatChars);
        onChange(upperCase ? next.toUpperCase() : next);
      }
    : undefined;
  // react-input-mask learns where the caret is once per animation frame; a key pressed right after the
  // focus on a busy machine (or with the caret put inside «+7 (») was read as no change and lost.
  // A character typed inside the fixed start goes right after it, where the mask expects it.
  const prefixLength = maskPrefixLength(mask, formatChars);
  const onKeyDown = prefixLength
    ? (e: React.KeyboardEvent<HTMLInputElement>) => {
        const el = e.currentTarget;
        if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey || el.selectionStart !== el.selectionEnd) return;
        const start = Math.min(prefixLength, el.value.length);
        if ((el.selectionStart ?? 0) < start) el.setSelectionRange(start, start);
      }
    : undefined;
  return (
    <InputMask
      mask={mask}
      maskChar={null}
      formatChars={formatChars}
      value={text}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(e) => {
        const next = masked.current ?? e.target.value;
        masked.current = null;
        if (next !== text) onChange(next);
      }}
      onBlur={onBlur}
      onFocus={onFocus}
      onPaste={onPaste}
      beforeMaskedValueChange={beforeMaskedValueChange}
    >
      {(inputProps) => <Input {...(inputProps as Record<string, unknown>)} {...inputAttrs(props)} inputMode={inputMode} disabled={disabled} readOnly={readOnly} onKeyDown={onKeyDown} />}
    </InputMask>
  );
}

type FieldInputProps = BaseInputProps;

function masked(field: MaskedField, extra: Partial<MaskedInputProps> = {}) {
  const mask = MASKS[field];
  const lookAlikes = CYRILLIC_LOOKALIKE_MASKS.has(field) ? (before: string, after: string, typed: string | null) => afterTypingLookAlikes(mask, before, after, typed) : undefined;
  const Component = (props: FieldInputProps) => (
    <MaskedInput afterTyping={lookAlikes} {...extra} {...props} mask={mask} upperCase={UPPER_CASE_MASKS.has(field)} />
  );
  Component.displayName = `MaskedInput(${field})`;
  return Component;
}

/** +7 (999) 999-99-99; a pasted +7…, 7… or 8… number loses its country code, and so does a typed one. */
export function PhoneInput(props: FieldInputProps) {
  const countryCodeTaken = React.useRef(false);
  const afterTyping = React.useCallback((before: string, after: string, typed: string | null) => {
    const next = phoneAfterTyping(before, after, typed, countryCodeTaken.current);
    countryCodeTaken.current = next.countryCodeTaken;
    return next.shown;
  }, []);
  return <MaskedInput placeholder="+7 (___) ___-__-__" {...props} mask={MASKS.phone} inputMode="tel" pasteTransform={phoneMaskInput} afterTyping={afterTyping} />;
}
/** 17 characters, upper case, no I, O, Q. */
export const VinInput = masked('vin', { placeholder: 'XTA21099012345678' });
/** 3 Cyrillic letters and 10 digits: «ХХХ 0123456789». */
export const OsagoPolicyInput = masked('osago', { placeholder: 'ХХХ 0123456789' });
/** Russian licence: 99АА 999999. */
export const LicenceInput = masked('licence', { placeholder: '99АА 999999' });
/** Foreign licence: 12 Latin letters or digits. */
export const ForeignLicenceInput = masked('foreignLicence');
/** Registration plate: А000АА000. */
export const PlateInput = masked('plate', { placeholder: 'А000АА000' });
/** STS: 99АА 999999. */
export const StsInput = masked('sts', { placeholder: '99АА 999999' });
/** PTS: 99АА 999999. */
export const PtsInput = masked('pts', { placeholder: '99АА 999999' });
/** 10 Latin letters or digits. */
export const Alnum10Input = masked('alnum10');
/** HH:mm (the time rules are checked by `timeError`). */
export const TimeInput = masked('time', { inputMode: 'numeric', placeholder: 'чч:мм' });

/** A plain input that keeps only what `keep` lets through, at most `max` characters. */
function filtered(displayName: string, keep: (text: string) => string, max: number, extra: { upperCase?: boolean; placeholder?: string } = {}) {
  const Component = (props: FieldInputProps) => (
    <Input
      {...inputAttrs({ placeholder: extra.placeholder, ...props })}
      value={props.value ?? ''}
      maxLength={max}
      disabled={props.disabled}
      readOnly={props.readOnly}
      onChange={(e) => {
        const next = keep(e.target.value).slice(0, max);
        props.onChange(extra.upperCase ? next.toUpperCase() : next);
      }}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    />
  );
  Component.displayName = displayName;
  return Component;
}

/** A generic policy number: up to 30 characters. */
export const PolicyNumberInput = filtered('PolicyNumberInput', (t) => t.replace(/^\s+/, ''), POLICY_NUMBER_MAX);
/** Latin letters and hyphens, up to 45 characters. */
export const LatinInput = filtered('LatinInput', (t) => t.replace(/[^A-Za-z-]/g, ''), LATIN_HYPHEN_MAX);
