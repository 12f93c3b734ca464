import * as React from 'react';
import { FORM_TEXTS, PRODUCT_TITLES, TARIFF_CODE_PATTERN, TARIFF_PRODUCTS, toDateText, toIsoDate, type PartnerListItem, type ProductCode, type TariffMappingInput } from '@oyster/shared-kit/domain';
import { Button, Field, Input } from '@oyster/shared-kit/ui/form';
import { saveProblem, type SaveProblem } from '../api/rates';
import { OPEN_ENDED, ValidityPeriodFields, periodErrors } from './ValidityPeriod';

export const TARIFF_FORM_TEXTS = {
  code: 'Код латиницей и цифрами (допустимы «_», «-», «.», «/»), до 40 символов',
  openEnded: OPEN_ENDED,
} as const;

type Key = keyof TariffMappingInput;
interface Typed {
  companyId: string;
  product: string;
  tariffCode: string;
  insurerProductCode: string;
  /** dd.mm.yyyy */
  validFrom: string;
  /** dd.mm.yyyy, '' for «бессрочно» */
  validTo: string;
}

function errorsOf(t: Typed): Partial<Record<Key, string>> {
  const e: Partial<Record<Key, string>> = {};
  if (!t.companyId) e.companyId = FORM_TEXTS.required;
  if (!t.tariffCode.trim()) e.tariffCode = FORM_TEXTS.required;
  else if (!TARIFF_CODE_PATTERN.test(t.tariffCode.trim())) e.tariffCode = TARIFF_FORM_TEXTS.code;
  if (t.insurerProductCode.trim() && !TARIFF_CODE_PATTERN.test(t.insurerProductCode.trim())) e.insurerProductCode = TARIFF_FORM_TEXTS.code;
  return { ...e, ...periodErrors(t.validFrom, t.validTo) };
}

/**
 * One period of a tariff mapping: the insurer, our product, the insurer's tariff code and product code,
 * from (dd.mm.yyyy on screen, YYYY-MM-DD on the wire) to (empty: «бессрочно»). A period overlapping another
 * of the same insurer × product is the api's 400, shown under «Действует с».
 */
export function TariffForm({
  insurers,
  initial,
  submitText,
  onSave,
  onCancel,
}: {
  insurers: PartnerListItem[];
  initial: Partial<TariffMappingInput>;
  submitText: string;
  onSave(values: TariffMappingInput): Promise<void>;
  onCancel(): void;
}) {
  const [t, setT] = React.useState<Typed>(() => ({
    companyId: initial.companyId ?? '',
    product: initial.product ?? TARIFF_PRODUCTS[0],
    tariffCode: initial.tariffCode ?? '',
    insurerProductCode: initial.insurerProductCode ?? '',
    validFrom: toDateText(initial.validFrom) ?? '',
    validTo: toDateText(initial.validTo) ?? '',
  }));
  const [submitted, setSubmitted] = React.useState(false);
  const [problem, setProblem] = React.useState<SaveProblem | null>(null);
  const [busy, setBusy] = React.useState(false);
  const errors = errorsOf(t);
  const set = (key: keyof Typed, value: string) => {
    setT((prev) => ({ ...prev, [key]: value }));
    setProblem(null);
  };
  const errorOf = (key: Key) => (problem?.field === key ? problem.message : submitted ? errors[key] : undefined);
  const formProblem = problem && !(['companyId', 'product', 'tariffCode', 'insurerProductCode', 'validFrom', 'validTo'] as (string | null)[]).includes(problem.field) ? problem.message : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setProblem(null);
    try {
      await onSave({
        companyId: t.companyId,
        product: t.product as ProductCode,
        tariffCode: t.tariffCode.trim(),
        insurerProductCode: t.insurerProductCode.trim(),
        validFrom: toIsoDate(t.validFrom)!,
        validTo: toIsoDate(t.validTo),
      });
    } catch (err) {
      setProblem(saveProblem(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="oy-fin-form" aria-label="Маппинг тарифа" noValidate onSubmit={(e) => void submit(e)}>
      <div className="oy-fin-form__row">
        <Field label="Страховщик" htmlFor="tariff-company" required error={errorOf('companyId')}>
          <select className="oy-fin-select" id="tariff-company" aria-invalid={!!errorOf('companyId') || undefined} value={t.companyId} onChange={(e) => set('companyId', e.target.value)}>
            <option value="">Выберите страховщика</option>
            {insurers.map((c) => (
              <option key={c._id} value={c._id}>
                {c.shortName}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Продукт" htmlFor="tariff-product" required error={errorOf('product')}>
          <select className="oy-fin-select" id="tariff-product" value={t.product} onChange={(e) => set('product', e.target.value)}>
            {TARIFF_PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {PRODUCT_TITLES[p]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="oy-fin-form__row">
        <Field label="Код тарифа страховщика" htmlFor="tariff-code" required error={errorOf('tariffCode')}>
          <Input id="tariff-code" value={t.tariffCode} placeholder="VSK-OSG-2026" status={errorOf('tariffCode') ? 'error' : undefined} aria-invalid={!!errorOf('tariffCode') || undefined} onChange={(e) => set('tariffCode', e.target.value)} />
        </Field>
        <Field label="Код продукта страховщика" htmlFor="tariff-product-code" error={errorOf('insurerProductCode')}>
          <Input id="tariff-product-code" value={t.insurerProductCode} placeholder="OSAGO" status={errorOf('insurerProductCode') ? 'error' : undefined} onChange={(e) => set('insurerProductCode', e.target.value)} />
        </Field>
      </div>
      <div className="oy-fin-form__row">
        <ValidityPeriodFields idPrefix="tariff" validFrom={t.validFrom} validTo={t.validTo} errors={{ validFrom: errorOf('validFrom'), validTo: errorOf('validTo') }} onChange={set} />
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
        <Button onClick={onCancel}>Отмена</Button>
      </div>
    </form>
  );
}
