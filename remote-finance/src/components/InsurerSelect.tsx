import * as React from 'react';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * «Страховщик»: every insurer of the cached init-state, by name. In a list's filters the empty choice is
 * «Все страховщики» and the value is the URL's `company`; in a form (`emptyText` «Выберите страховщика»,
 * labelled by its field through `id`) it is the insurer a rate is for. (remote-sales has the same select for Полисы.)
 */
export function InsurerSelect({
  value,
  onChange,
  className,
  id,
  emptyText = 'Все страховщики',
  invalid,
  disabled,
}: {
  value: string;
  onChange(companyId: string): void;
  className?: string;
  /** In a form: the field's label names the select by this id (no aria-label then). */
  id?: string;
  emptyText?: string;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const [companies, setCompanies] = React.useState<{ _id: string; shortName: string }[]>([]);
  React.useEffect(() => {
    let live = true;
    getRuntime()
      .initState()
      .then((s) => live && setCompanies([...(s.companies ?? [])].sort((a, b) => a.shortName.localeCompare(b.shortName, 'ru'))), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <select
      className={className}
      id={id}
      aria-label={id ? undefined : 'Страховщик'}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid && id ? `${id}-error` : undefined}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{emptyText}</option>
      {companies.map((c) => (
        <option key={c._id} value={c._id}>
          {c.shortName}
        </option>
      ))}
    </select>
  );
}
