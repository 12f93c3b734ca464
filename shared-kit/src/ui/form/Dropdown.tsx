import * as React from 'react';
import { Button, Select, Tooltip } from 'antd';
import {
  DROPDOWN_EMPTY_TEXT,
  MULTI_DROPDOWN_PLACEHOLDER,
  dropdownFilter,
  prepareDropdownOptions,
  type DropdownOption,
} from '@oyster/shared-kit/domain';
import { ensureFormStyles } from './styles';

export type { DropdownOption };

/** §9: dropdown menu 234px, multi-dropdown menu 250px, tooltip delay 300 ms. */
export const DROPDOWN_MENU_HEIGHT = 234;
export const MULTI_DROPDOWN_MENU_HEIGHT = 250;
export const MULTI_DROPDOWN_TOOLTIP_DELAY_S = 0.3;
export const MULTI_DROPDOWN_TEXTS = {
  placeholder: MULTI_DROPDOWN_PLACEHOLDER,
  selectAll: 'Выбрать все',
  clear: 'Очистить',
} as const;

type Key = string | number;
type Value = unknown;

interface AntOption {
  value: string;
  label: string;
  search: string;
  source: DropdownOption;
}

const keyOf = (k: Key) => `${typeof k}:${String(k)}`;
const valueOf = (o: DropdownOption): Value => (o.value === undefined ? o.key : o.value);

function useAntOptions(options: readonly DropdownOption[], sorted: boolean) {
  return React.useMemo(() => {
    const list = sorted ? prepareDropdownOptions(options) : [...options];
    const ant: AntOption[] = list.map((o) => ({ value: keyOf(o.key), label: o.text, search: o.label ?? o.text, source: o }));
    const byKey = new Map(ant.map((o) => [o.value, o]));
    const keyForValue = (v: Value): string | undefined => ant.find((o) => Object.is(valueOf(o.source), v))?.value;
    return { ant, byKey, keyForValue };
  }, [options, sorted]);
}

const filterOption = (input: string, option?: AntOption) => dropdownFilter(input, { label: option?.search });

interface CommonProps {
  id?: string;
  name?: string;
  options: readonly DropdownOption[];
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  /** Error text, or true: the field is shown in the error colour. */
  error?: React.ReactNode | boolean;
  onBlur?(): void;
  /** Sort by text and drop repeated keys (§5); default true. */
  sorted?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

export interface DropdownProps<V = Value> extends CommonProps {
  /** The chosen option's `value` (its `key` when it has none), or null. */
  value: V | null | undefined;
  onChange(value: V | null, option: DropdownOption | null): void;
  /** Show the clear cross; clearing gives null. Default true. */
  allowClear?: boolean;
}

/**
 * A dropdown (§4, §5): search on the label without regard to case, options sorted by text and
 * de-duplicated by key, «Не найдено» when nothing matches, clearing resets the value to null.
 */
export function Dropdown<V = Value>({
  id,
  name,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  loading,
  error,
  allowClear = true,
  sorted = true,
  style,
  'aria-label': ariaLabel,
}: DropdownProps<V>) {
  const { ant, byKey, keyForValue } = useAntOptions(options, sorted);
  const selected = value === null || value === undefined ? undefined : keyForValue(value);
  return (
    <Select<string, AntOption>
      id={id}
      data-name={name}
      aria-label={ariaLabel}
      style={{ width: '100%', ...style }}
      options={ant}
      value={selected}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      status={error ? 'error' : undefined}
      allowClear={allowClear}
      showSearch={{ filterOption }}
      notFoundContent={DROPDOWN_EMPTY_TEXT}
      listHeight={DROPDOWN_MENU_HEIGHT}
      virtual={false}
      onBlur={onBlur}
      onChange={(k) => {
        const o = k === undefined || k === null ? undefined : byKey.get(k);
        onChange(o ? (valueOf(o.source) as V) : null, o ? o.source : null);
      }}
    />
  );
}

export interface MultiDropdownProps<V = Value> extends CommonProps {
  value: readonly V[] | null | undefined;
  onChange(value: V[], options: DropdownOption[]): void;
}

/**
 * A multi-dropdown (§9): placeholder «Выбрать», «Выбрать все» and «Очистить» under the list, the
 * chosen items that do not fit are summed up as «+N» with a tooltip (300 ms) naming them.
 */
export function MultiDropdown<V = Value>({
  id,
  name,
  options,
  value,
  onChange,
  onBlur,
  placeholder = MULTI_DROPDOWN_TEXTS.placeholder,
  disabled,
  loading,
  error,
  sorted = true,
  style,
  'aria-label': ariaLabel,
}: MultiDropdownProps<V>) {
  ensureFormStyles();
  const { ant, byKey, keyForValue } = useAntOptions(options, sorted);
  const selected = (value ?? []).map((v) => keyForValue(v)).filter((k): k is string => k !== undefined);
  const emit = (keys: string[]) => {
    const chosen = keys.map((k) => byKey.get(k)).filter((o): o is AntOption => !!o);
    onChange(
      chosen.map((o) => valueOf(o.source) as V),
      chosen.map((o) => o.source),
    );
  };
  const keepOpen = (e: React.MouseEvent) => e.preventDefault();
  return (
    <Select<string[], AntOption>
      id={id}
      data-name={name}
      aria-label={ariaLabel}
      mode="multiple"
      style={{ width: '100%', ...style }}
      options={ant}
      value={selected}
      placeholder={placeholder}
      disabled={disabled}
      loading={loading}
      status={error ? 'error' : undefined}
      allowClear
      showSearch={{ filterOption }}
      notFoundContent={DROPDOWN_EMPTY_TEXT}
      listHeight={MULTI_DROPDOWN_MENU_HEIGHT}
      virtual={false}
      maxTagCount="responsive"
      maxTagPlaceholder={(omitted) => (
        <Tooltip mouseEnterDelay={MULTI_DROPDOWN_TOOLTIP_DELAY_S} title={omitted.map((o) => o.label).join(', ')}>
          <span>+{omitted.length}</span>
        </Tooltip>
      )}
      onBlur={onBlur}
      onChange={(keys) => emit(keys ?? [])}
      popupRender={(menu) => (
        <>
          {menu}
          <div className="oy-multi-actions" onMouseDown={keepOpen}>
            <Button size="small" onClick={() => emit(ant.map((o) => o.value))} disabled={!ant.length || selected.length === ant.length}>
              {MULTI_DROPDOWN_TEXTS.selectAll}
            </Button>
            <Button size="small" onClick={() => emit([])} disabled={!selected.length}>
              {MULTI_DROPDOWN_TEXTS.clear}
            </Button>
          </div>
        </>
      )}
    />
  );
}
