import * as React from 'react';
import { Input } from 'antd';
import { formatMoneyInput, maskMoneyTyping, parseMoney, parseNumberText } from '@oyster/shared-kit/domain';
import { inputAttrs, type BaseInputProps } from './MaskedInput';

/** The money text a person has typed so far → kopecks ('12,' and '12,5' are 1200 and 1250). */
function typedKopecks(text: string): number | null {
  if (text === '') return null;
  return parseMoney(text.replace(/,$/, ''));
}

export interface MoneyInputProps extends BaseInputProps<number | null> {
  /** Shown after the amount; default «₽». */
  suffix?: React.ReactNode;
}

/**
 * Money (§5): unsigned, comma radix, 2 decimals, space between thousands — formatted while typing.
 * The value is integer kopecks (ARCHITECTURE: money travels in kopecks) or null when empty;
 * on blur the text is completed to two decimals («1 234,5» → «1 234,50»).
 */
export function MoneyInput(props: MoneyInputProps) {
  const { value, onChange, onBlur, onFocus, disabled, readOnly, suffix = '₽' } = props;
  const [text, setText] = React.useState(() => formatMoneyInput(value ?? null));
  // A value set from outside (a reset, a loaded form) replaces the text unless it is what was typed.
  React.useEffect(() => {
    setText((current) => (typedKopecks(current) === (value ?? null) ? current : formatMoneyInput(value ?? null)));
  }, [value]);
  return (
    <Input
      {...inputAttrs(props)}
      inputMode="decimal"
      value={text}
      suffix={suffix}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(e) => {
        const next = maskMoneyTyping(e.target.value);
        setText(next);
        const kopecks = typedKopecks(next);
        if (kopecks !== (value ?? null)) onChange(kopecks);
      }}
      onBlur={(e) => {
        if (text !== '') setText(formatMoneyInput(typedKopecks(text)));
        onBlur?.(e);
      }}
      onFocus={onFocus}
    />
  );
}

export interface NumberInputProps extends BaseInputProps<number | null> {
  /** Whole numbers only. */
  integer?: boolean;
  /** Allow a leading minus. */
  signed?: boolean;
  /** Decimal places kept while typing (numbers only); default unlimited. */
  scale?: number;
  suffix?: React.ReactNode;
}

/** Keeps digits, one comma (a dot becomes one), an optional leading minus. */
export function maskNumberTyping(raw: string, opts: { integer?: boolean; signed?: boolean; scale?: number } = {}): string {
  const minus = opts.signed && raw.trim().startsWith('-') ? '-' : '';
  let body = raw.replace(/\./g, ',').replace(opts.integer ? /[^\d]/g : /[^\d,]/g, '');
  const comma = body.indexOf(',');
  if (comma >= 0) {
    let frac = body.slice(comma + 1).replace(/,/g, '');
    if (opts.scale !== undefined) frac = frac.slice(0, opts.scale);
    body = `${body.slice(0, comma) || '0'},${frac}`;
  }
  return minus + body;
}

const numberText = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : String(v).replace('.', ','));

/** A number or an integer (§5): the value is a number or null; a comma or a dot is the radix. */
export function NumberInput(props: NumberInputProps) {
  const { value, onChange, onBlur, onFocus, disabled, readOnly, integer, signed, scale, suffix } = props;
  const [text, setText] = React.useState(() => numberText(value));
  const parse = (t: string) => parseNumberText(t.replace(/,$/, ''), { signed });
  React.useEffect(() => {
    setText((current) => (parse(current) === (value ?? null) ? current : numberText(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      {...inputAttrs(props)}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      suffix={suffix}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(e) => {
        const next = maskNumberTyping(e.target.value, { integer, signed, scale });
        setText(next);
        const n = parse(next);
        if (n !== (value ?? null)) onChange(n);
      }}
      onBlur={(e) => {
        setText(numberText(parse(text)));
        onBlur?.(e);
      }}
      onFocus={onFocus}
    />
  );
}

/** An integer input. */
export function IntegerInput(props: Omit<NumberInputProps, 'integer' | 'scale'>) {
  return <NumberInput {...props} integer />;
}
