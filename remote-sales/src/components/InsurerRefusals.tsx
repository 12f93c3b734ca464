import * as React from 'react';
import type { OsagoRefusal } from '@oyster/shared-kit/domain';

/** «Отказали»: the insurers that would not quote, each with its reason (every calculator's offers). */
export function InsurerRefusals({ refusals, className }: { refusals: readonly OsagoRefusal[]; className: string }) {
  if (!refusals.length) return null;
  return (
    <section className={className} aria-label="Отказы страховщиков">
      <h3>Отказали</h3>
      <ul>
        {refusals.map((r) => (
          <li key={r.companyId}>
            <strong>{r.companyName}</strong>: {r.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
