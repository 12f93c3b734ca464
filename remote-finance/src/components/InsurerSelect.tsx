import * as React from 'react';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * «Страховщик» of a list's filters: every insurer of the cached init-state, by name, and «Все
 * страховщики»; the value is the URL's `company`. (remote-sales has the same select for Полисы.)
 */
export function InsurerSelect({ value, onChange, className }: { value: string; onChange(companyId: string): void; className?: string }) {
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
    <select className={className} aria-label="Страховщик" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Все страховщики</option>
      {companies.map((c) => (
        <option key={c._id} value={c._id}>
          {c.shortName}
        </option>
      ))}
    </select>
  );
}
