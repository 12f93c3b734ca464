import * as React from 'react';
import { ConfigProvider, DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../dayjs-ru';
import { DATE_YEAR_SPAN, MASKS, MASK_FORMAT_CHARS, formatDateParts, parseDateText } from '@oyster/shared-kit/domain';
import { InputMask } from './InputMask';
import { inputAttrs, type BaseInputProps } from './MaskedInput';

/** §5: the calendar is 226px wide (7 day columns + the panel's side paddings of 18px). */
export const DATE_POPUP_WIDTH = 226;
const DATE_FORMAT = 'DD.MM.YYYY';
const calendarTheme = {
  components: { DatePicker: { cellWidth: (DATE_POPUP_WIDTH - 36) / 7 } },
};

type DateLike = string | Date | null | undefined;

/**
 * The picker's text box behind the §5 date mask 99.99.9999: a person types 15012024 and sees
 * 15.01.2024; the picker takes the text once it is a whole, allowed date.
 */
const DateMaskInput = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(function DateMaskInput({ children: _none, ...props }, ref) {
  const setRef = React.useCallback(
    (el: HTMLInputElement | null) => {
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  return <InputMask {...props} mask={MASKS.date} maskChar={null} formatChars={MASK_FORMAT_CHARS} value={String(props.value ?? '')} inputRef={setRef} />;
});

function toDayjs(value: DateLike): Dayjs | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dayjs(value).startOf('day');
  const p = parseDateText(value);
  return p ? dayjs(new Date(p.year, p.month - 1, p.day)) : null;
}

const toText = (d: Dayjs) => formatDateParts({ day: d.date(), month: d.month() + 1, year: d.year() });

export interface DateInputProps extends BaseInputProps<string> {
  /** Earliest date that can be chosen ('dd.mm.yyyy' or a Date); default 100 years back. */
  min?: DateLike;
  /** Latest date; default 100 years ahead. */
  max?: DateLike;
  /** Tiles that cannot be chosen (besides those outside min/max). */
  disabledDate?(date: string): boolean;
}

/**
 * A date 'dd.mm.yyyy' with a Russian calendar (§5): typing follows the mask, the calendar is 226px,
 * min/max and disabled tiles are honoured, clearing gives ''. A typed date that is not a real,
 * allowed date is ignored (the field keeps its value and shows it again once left) and Enter closes
 * the calendar; Escape closes it too, keeping a whole, allowed date typed before it.
 */
export function DateInput(props: DateInputProps) {
  const { value, onChange, onBlur, onFocus, disabled, min, max, disabledDate } = props;
  const [open, setOpen] = React.useState(false);
  const now = dayjs();
  const minDate = toDayjs(min) ?? now.subtract(DATE_YEAR_SPAN, 'year').startOf('year');
  const maxDate = toDayjs(max) ?? now.add(DATE_YEAR_SPAN, 'year').endOf('year');
  const allowed = (d: Dayjs) => !d.isBefore(minDate, 'day') && !d.isAfter(maxDate, 'day') && !disabledDate?.(toText(d));
  /** The typed text as a whole, allowed date, or null. */
  const typedDate = (text: string) => {
    const d = toDayjs(text);
    return d && allowed(d) ? d : null;
  };
  const committed = toDayjs(value);
  const committedText = React.useRef('');
  committedText.current = committed ? toText(committed) : '';
  // Bumped to show the kept value again after an invalid date was typed and the field was left
  // with Tab (the picker keeps the typed text on screen otherwise).
  const [generation, setGeneration] = React.useState(0);
  // Tab goes from the date to the next field: the clear cross stays a mouse target, not a tab stop
  // (emptying the text clears the date from the keyboard).
  const picker = React.useRef<{ nativeElement?: HTMLElement } | null>(null);
  React.useEffect(() => {
    picker.current?.nativeElement?.querySelectorAll('.ant-picker-clear').forEach((el) => el.setAttribute('tabindex', '-1'));
  });
  const attrs = inputAttrs(props);
  return (
    <ConfigProvider theme={calendarTheme}>
      <DatePicker
        key={generation}
        ref={picker as never}
        id={attrs.id}
        name={attrs.name}
        aria-label={attrs['aria-label']}
        aria-invalid={attrs['aria-invalid']}
        aria-describedby={attrs['aria-describedby']}
        aria-required={attrs['aria-required']}
        status={attrs.status}
        style={{ width: '100%', ...props.style }}
        value={committed}
        format={DATE_FORMAT}
        components={{ input: DateMaskInput }}
        inputMode="numeric"
        placeholder={props.placeholder ?? 'дд.мм.гггг'}
        disabled={disabled}
        minDate={minDate}
        maxDate={maxDate}
        disabledDate={(d) => !allowed(d)}
        open={open}
        onOpenChange={setOpen}
        allowClear
        showNow={false}
        // No preview of the day under the pointer: a calendar opening under a resting mouse would put
        // that day into the box and the digits being typed would overwrite it.
        previewValue={false}
        onChange={(d) => onChange(d ? toText(d) : '')}
        onKeyDown={(e) => {
          const typed = (e.target as HTMLInputElement).value;
          if (e.key === 'Enter' && !typedDate(typed)) setOpen(false);
          // Escape closes the calendar; a whole, allowed date typed before it is kept, not thrown away.
          if (e.key === 'Escape') {
            const d = typedDate(typed);
            if (d && toText(d) !== committedText.current) onChange(toText(d));
          }
        }}
        onBlur={(e) => {
          const input = e.target as HTMLInputElement;
          // Text emptied from the keyboard clears the date, as the cross does ('').
          if (input.value === '' && committedText.current !== '') onChange('');
          // After the picker has had its say: text that is not the kept date and not a date at all is dropped.
          setTimeout(() => {
            if (!input.isConnected || document.activeElement === input) return;
            if (input.value !== committedText.current && input.value !== '' && !typedDate(input.value)) setGeneration((g) => g + 1);
          }, 0);
          onBlur?.(e as React.FocusEvent<HTMLInputElement>);
        }}
        onFocus={(e) => onFocus?.(e as React.FocusEvent<HTMLInputElement>)}
      />
    </ConfigProvider>
  );
}
