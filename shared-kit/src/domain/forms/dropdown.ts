/** §5 dropdown rules, pure: search case-insensitive on the label, options sorted by text, de-duplicated by key. */

export interface DropdownOption<V = unknown> {
  key: string | number;
  /** Shown in the list and sorted by. */
  text: string;
  /** Searched in; `text` when absent. */
  label?: string;
  value?: V;
}

/** §8: an empty dropdown list says so. */
export const DROPDOWN_EMPTY_TEXT = 'Не найдено';
/** §9 multi-dropdown. */
export const MULTI_DROPDOWN_PLACEHOLDER = 'Выбрать';

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** De-duplicated by key (the first one wins) and sorted by text (Russian collation, numbers in order). */
export function prepareDropdownOptions<T extends Pick<DropdownOption, 'key' | 'text'>>(options: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const o of options) {
    const k = `${typeof o.key}:${String(o.key)}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(o);
  }
  return out.sort((a, b) => collator.compare(a.text, b.text));
}

const fold = (s: string) => s.toLocaleLowerCase('ru').replace(/ё/g, 'е');

/** Options whose label (or text) contains the search, case-insensitively; an empty search keeps all. */
export function searchDropdownOptions<T extends Pick<DropdownOption, 'text' | 'label'>>(options: readonly T[], search: string | null | undefined): T[] {
  const q = fold((search ?? '').trim());
  if (!q) return [...options];
  return options.filter((o) => fold(o.label ?? o.text).includes(q));
}

/** antd Select `filterOption` with the same rule. */
export function dropdownFilter(input: string, option?: { label?: unknown; text?: unknown; children?: unknown }): boolean {
  const label = option?.label ?? option?.text ?? option?.children;
  return typeof label === 'string' ? fold(label).includes(fold(input.trim())) : false;
}
