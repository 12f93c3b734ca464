import * as React from 'react';
import { FORM_TEXTS, VAT_MODES, VAT_MODE_TITLES, type AgentBilling, type AgentBillingInput, type ContractParty, type VatMode } from '@oyster/shared-kit/domain';
import { ConfirmDialog, Field, Input } from '@oyster/shared-kit/ui/form';
import { LoadingBlock } from '@oyster/shared-kit/ui/screens';
import { agentBilling, saveAgentBilling } from '../api/payouts';
import { saveProblem } from '../api/rates';

type Key = keyof AgentBillingInput;
const KEYS: readonly Key[] = ['legalName', 'inn', 'kpp', 'bankName', 'bik', 'account', 'corrAccount', 'vatMode'];

export const BILLING_DIALOG_TEXTS = {
  title: (fio: string) => `Реквизиты: ${fio}`,
  open: 'Реквизиты',
  submit: 'Сохранить',
  loadFailed: 'Не удалось загрузить реквизиты',
} as const;

const EMPTY: AgentBillingInput = { legalName: '', inn: '', kpp: null, bankName: null, bik: null, account: null, corrAccount: null, vatMode: 'exempt' };

/**
 * An agent's billing details for the act and the bank file (finance staff): the name as printed, INN, KPP, the
 * bank with its BIK, the accounts, the act's VAT line. The api checks the INN's digits, the account against the
 * BIK; its refusal shows under the field it names.
 */
export function BillingDialog({ agent, onClose, onDone }: { agent: ContractParty; onClose(): void; onDone(b: AgentBilling): void }) {
  const [form, setForm] = React.useState<AgentBillingInput | null>(null);
  const [errors, setErrors] = React.useState<Partial<Record<Key | 'form', string>>>({});
  const [busy, setBusy] = React.useState(false);

  React.useEffect(() => {
    const ctl = new AbortController();
    agentBilling(agent.id, ctl.signal)
      .then((b) => setForm(b ? { ...b } : { ...EMPTY, legalName: agent.fio }))
      .catch((e) => {
        if (!ctl.signal.aborted) {
          setForm({ ...EMPTY, legalName: agent.fio });
          setErrors({ form: `${BILLING_DIALOG_TEXTS.loadFailed}: ${saveProblem(e).message}` });
        }
      });
    return () => ctl.abort();
  }, [agent.id, agent.fio]);

  const set = (k: Key, v: string) => setForm((f) => (f ? { ...f, [k]: k === 'legalName' || k === 'bankName' || k === 'vatMode' ? v : v.replace(/\D/g, '') } : f));
  const text = (k: Key) => (form?.[k] ?? '') as string;

  const submit = async () => {
    if (!form) return;
    const found: Partial<Record<Key, string>> = {};
    if (!form.legalName.trim()) found.legalName = FORM_TEXTS.required;
    if (!form.inn.trim()) found.inn = FORM_TEXTS.required;
    setErrors(found);
    if (Object.keys(found).length) return;
    const blank = (v: string | null) => (v && v.trim() ? v.trim() : null);
    const input: AgentBillingInput = {
      ...form,
      legalName: form.legalName.trim(),
      kpp: blank(form.kpp),
      bankName: blank(form.bankName),
      bik: blank(form.bik),
      account: blank(form.account),
      corrAccount: blank(form.corrAccount),
    };
    setBusy(true);
    try {
      onDone(await saveAgentBilling(agent.id, input));
    } catch (e) {
      const p = saveProblem(e);
      setErrors({ [p.field && (KEYS as readonly string[]).includes(p.field) ? p.field : 'form']: p.message });
      setBusy(false);
    }
  };

  const input = (k: Key, label: string, opts: { required?: boolean; max: number; numeric?: boolean }) => (
    <Field label={label} htmlFor={`billing-${k}`} required={opts.required} error={errors[k]}>
      <Input id={`billing-${k}`} inputMode={opts.numeric ? 'numeric' : undefined} maxLength={opts.max} value={text(k)} onChange={(e) => set(k, e.target.value)} />
    </Field>
  );

  return (
    <ConfirmDialog open title={BILLING_DIALOG_TEXTS.title(agent.fio)} okText={BILLING_DIALOG_TEXTS.submit} loading={busy} onOk={() => void submit()} onCancel={onClose} width={560}>
      {!form ? (
        <LoadingBlock rows={4} />
      ) : (
        <form
          className="oy-pay-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {input('legalName', 'Получатель (как в акте и в банке)', { required: true, max: 200 })}
          <div className="oy-pay-form__row">
            {input('inn', 'ИНН', { required: true, max: 12, numeric: true })}
            {input('kpp', 'КПП', { max: 9, numeric: true })}
          </div>
          {input('bankName', 'Банк', { max: 200 })}
          <div className="oy-pay-form__row">
            {input('bik', 'БИК', { max: 9, numeric: true })}
            {input('account', 'Расчётный счёт', { max: 20, numeric: true })}
          </div>
          <div className="oy-pay-form__row">
            {input('corrAccount', 'Корр. счёт', { max: 20, numeric: true })}
            <Field label="НДС в акте" htmlFor="billing-vatMode" error={errors.vatMode}>
              <select id="billing-vatMode" value={form.vatMode} onChange={(e) => set('vatMode', e.target.value as VatMode)}>
                {VAT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {VAT_MODE_TITLES[m]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          {errors.form ? (
            <p className="oy-pay-error" role="alert">
              {errors.form}
            </p>
          ) : null}
        </form>
      )}
    </ConfirmDialog>
  );
}
