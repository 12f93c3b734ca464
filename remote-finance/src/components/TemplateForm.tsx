import * as React from 'react';
import { CONTRACT_PRODUCTS, CONTRACT_PRODUCT_TITLES, FORM_TEXTS, PARTNER_TEXTS, toDateText, toIsoDate } from '@oyster/shared-kit/domain';
import { Button, Field, Input, maskNumberTyping } from '@oyster/shared-kit/ui/form';
import { saveProblem, type SaveProblem } from '../api/rates';
import { InsurerSelect } from './InsurerSelect';
import { bpToPercent, percentToBp, rateError } from './rates';
import { OPEN_ENDED, ValidityPeriodFields, periodErrors } from './ValidityPeriod';

/** What the form sends, in the wire's names and units (basis points, 'YYYY-MM-DD'). */
export interface TemplateValues {
  companyId: string;
  product: string;
  rateBp: number;
  validFrom: string;
  validTo: string | null;
}

/** The fields, named as the api names them in a 400 (`field`). */
type Key = keyof TemplateValues;
interface Typed {
  companyId: string;
  product: string;
  /** Percent as typed, «12,5». */
  rate: string;
  /** dd.mm.yyyy */
  validFrom: string;
  /** dd.mm.yyyy, '' for «бессрочно». */
  validTo: string;
}

export const TEMPLATE_FORM_TEXTS = {
  toBeforeFrom: PARTNER_TEXTS.toBeforeFrom,
  openEnded: OPEN_ENDED,
  started: 'Шаблон уже действует: изменить ставку и дату начала нельзя, можно только завершить его раньше — укажите дату окончания.',
  nothingChanged: 'Изменений нет',
} as const;

function errorsOf(t: Typed, { fixed }: { fixed: boolean }): Partial<Record<Key, string>> {
  const e: Partial<Record<Key, string>> = {};
  if (!fixed && !t.companyId) e.companyId = FORM_TEXTS.required;
  if (!fixed && !t.product) e.product = FORM_TEXTS.required;
  if (!t.rate.trim()) e.rateBp = FORM_TEXTS.required;
  else if (rateError(t.rate)) e.rateBp = rateError(t.rate)!;
  return { ...e, ...periodErrors(t.validFrom, t.validTo) };
}

/**
 * A personal template's rate and days (and, for a new one, the insurer and the product): percent typed with
 * up to two decimals and sent as basis points, dd.mm.yyyy on screen and 'YYYY-MM-DD' on the wire, an empty
 * «по» for «бессрочно». `fixed`: the insurer and product are the template's own and not asked. `started`:
 * only the last day can change (the api decides; the form says so and asks only for it). A save that fails
 * shows the api's message under the field it names (a 400), else above the buttons.
 */
export function TemplateForm({
  initial,
  fixed = false,
  started = false,
  submitText,
  onSave,
  onCancel,
}: {
  initial: Partial<TemplateValues>;
  fixed?: boolean;
  started?: boolean;
  submitText: string;
  /** Sends the values; a rejection is shown in place. */
  onSave(values: TemplateValues): Promise<void>;
  onCancel(): void;
}) {
  const [t, setT] = React.useState<Typed>(() => ({
    companyId: initial.companyId ?? '',
    product: initial.product ?? CONTRACT_PRODUCTS[0],
    rate: initial.rateBp == null ? '' : bpToPercent(initial.rateBp),
    validFrom: toDateText(initial.validFrom) ?? '',
    validTo: toDateText(initial.validTo) ?? '',
  }));
  const [submitted, setSubmitted] = React.useState(false);
  const [problem, setProblem] = React.useState<SaveProblem | null>(null);
  const [busy, setBusy] = React.useState(false);
  const errors = errorsOf(t, { fixed });
  const set = <K extends keyof Typed>(key: K, value: Typed[K], field: Key) => {
    setT((prev) => ({ ...prev, [key]: value }));
    // The api's word about a field stands until the field changes.
    setProblem((p) => (p && (p.field === field || !p.field) ? null : p));
  };
  const errorOf = (key: Key) => (problem?.field === key ? problem.message : submitted ? errors[key] : undefined);
  const formProblem = problem && (!problem.field || !(['companyId', 'product', 'rateBp', 'validFrom', 'validTo'] as string[]).includes(problem.field)) ? problem.message : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSave({ companyId: t.companyId, product: t.product, rateBp: percentToBp(t.rate)!, validFrom: toIsoDate(t.validFrom)!, validTo: toIsoDate(t.validTo) });
    } catch (err) {
      setProblem(saveProblem(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="oy-fin-form" aria-label="Шаблон КВ" noValidate onSubmit={(e) => void submit(e)}>
      {started ? (
        <p className="oy-fin-note" role="note">
          {TEMPLATE_FORM_TEXTS.started}
        </p>
      ) : null}
      {fixed ? null : (
        <div className="oy-fin-form__row">
          <Field label="Страховщик" htmlFor="tpl-company" required error={errorOf('companyId')}>
            <InsurerSelect className="oy-fin-select" id="tpl-company" emptyText="Выберите страховщика" invalid={!!errorOf('companyId')} value={t.companyId} onChange={(v) => set('companyId', v, 'companyId')} />
          </Field>
          <Field label="Продукт" htmlFor="tpl-product" required error={errorOf('product')}>
            <select className="oy-fin-select" id="tpl-product" aria-invalid={!!errorOf('product') || undefined} value={t.product} onChange={(e) => set('product', e.target.value, 'product')}>
              {CONTRACT_PRODUCTS.map((p) => (
                <option key={p} value={p}>
                  {CONTRACT_PRODUCT_TITLES[p]}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <div className="oy-fin-form__row">
        <Field label="Ставка, %" htmlFor="tpl-rate" required={!started} error={errorOf('rateBp')}>
          <Input
            id="tpl-rate"
            inputMode="decimal"
            placeholder="12,5"
            suffix="%"
            disabled={started}
            value={t.rate}
            status={errorOf('rateBp') ? 'error' : undefined}
            aria-invalid={!!errorOf('rateBp') || undefined}
            aria-describedby={errorOf('rateBp') ? 'tpl-rate-error' : undefined}
            onChange={(e) => set('rate', maskNumberTyping(e.target.value, { scale: 2 }), 'rateBp')}
          />
        </Field>
        <ValidityPeriodFields idPrefix="tpl" fromDisabled={started} validFrom={t.validFrom} validTo={t.validTo} errors={{ validFrom: errorOf('validFrom'), validTo: errorOf('validTo') }} onChange={(key, v) => set(key, v, key)} />
      </div>
      {formProblem ? (
        <p className="oy-fin-error" role="alert">
          {formProblem}
        </p>
      ) : null}
      <div className="oy-fin-form__buttons">
        <Button type="primary" htmlType="submit" loading={busy}>
          {submitText}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Отмена
        </Button>
      </div>
    </form>
  );
}
