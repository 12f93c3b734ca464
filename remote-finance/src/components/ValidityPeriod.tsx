import * as React from 'react';
import { FORM_TEXTS, PARTNER_TEXTS, toIsoDate } from '@oyster/shared-kit/domain';
import { DateInput, Field } from '@oyster/shared-kit/ui/form';

/** What an empty «Действует по» means. */
export const OPEN_ENDED = 'бессрочно';

/** A validity period's errors: «Действует с» is required, «по» (empty: «бессрочно») is not before it. */
export function periodErrors(validFrom: string, validTo: string): { validFrom?: string; validTo?: string } {
  const from = toIsoDate(validFrom);
  const to = toIsoDate(validTo);
  if (!from) return { validFrom: FORM_TEXTS.required };
  if (to && to < from) return { validTo: PARTNER_TEXTS.toBeforeFrom };
  return {};
}

/**
 * «Действует с» and «Действует по» of a dated rule (a commission template, a tariff mapping): dd.mm.yyyy
 * on screen (the form sends toIsoDate of each), an empty «по» for «бессрочно»; `fromDisabled` for a rule
 * already in force, whose first day no longer changes.
 */
export function ValidityPeriodFields({
  idPrefix,
  validFrom,
  validTo,
  errors,
  fromDisabled = false,
  onChange,
}: {
  idPrefix: string;
  validFrom: string;
  validTo: string;
  errors: { validFrom?: string; validTo?: string };
  fromDisabled?: boolean;
  onChange(key: 'validFrom' | 'validTo', value: string): void;
}) {
  return (
    <>
      <Field label="Действует с" htmlFor={`${idPrefix}-from`} required={!fromDisabled} error={errors.validFrom}>
        <DateInput id={`${idPrefix}-from`} disabled={fromDisabled} value={validFrom} error={errors.validFrom} onChange={(v) => onChange('validFrom', v)} />
      </Field>
      <Field label="Действует по" htmlFor={`${idPrefix}-to`} error={errors.validTo}>
        <DateInput id={`${idPrefix}-to`} value={validTo} placeholder={OPEN_ENDED} error={errors.validTo} onChange={(v) => onChange('validTo', v)} />
      </Field>
    </>
  );
}
