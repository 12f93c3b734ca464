import * as React from 'react';
import { FORM_TEXTS, formatMoney, toIsoDate, type PayoutReceiptInput, type PayoutRow } from '@oyster/shared-kit/domain';
import { ConfirmDialog, DateInput, Field, Input, MoneyInput } from '@oyster/shared-kit/ui/form';
import { attachReceipt } from '../api/payouts';
import { saveProblem } from '../api/rates';

type Key = 'number' | 'date' | 'amountKopecks' | 'inn' | 'link';

export const RECEIPT_TEXTS = {
  title: 'Чек «Мой налог»',
  open: 'Прикрепить чек',
  submit: 'Прикрепить',
  done: 'Чек прикреплён: выплата пойдёт в реестр на выплату',
} as const;

/**
 * «Прикрепить чек» (the SZ agent's own payout «Ждёт чек»): the «Мой налог» receipt's number, date, amount
 * (the payout's, filled in) and the agent's INN, its link if any. The api checks the amount against the payout
 * and the INN against the agent's: its refusal is shown under the field it names.
 */
export function ReceiptDialog({ payout, onClose, onDone }: { payout: PayoutRow; onClose(): void; onDone(row: PayoutRow): void }) {
  const [number, setNumber] = React.useState('');
  const [date, setDate] = React.useState('');
  const [amount, setAmount] = React.useState<number | null>(payout.netKopecks);
  const [inn, setInn] = React.useState('');
  const [link, setLink] = React.useState('');
  const [errors, setErrors] = React.useState<Partial<Record<Key | 'form', string>>>({});
  const [busy, setBusy] = React.useState(false);

  const submit = async () => {
    const found: Partial<Record<Key, string>> = {};
    if (!number.trim()) found.number = FORM_TEXTS.required;
    const isoDate = toIsoDate(date);
    if (!isoDate) found.date = FORM_TEXTS.required;
    if (!amount) found.amountKopecks = FORM_TEXTS.required;
    if (!inn.trim()) found.inn = FORM_TEXTS.required;
    setErrors(found);
    if (Object.keys(found).length) return;
    const input: PayoutReceiptInput = { number: number.trim(), date: isoDate!, amountKopecks: amount!, inn: inn.trim(), link: link.trim() || null };
    setBusy(true);
    try {
      onDone(await attachReceipt(payout.id, input));
    } catch (e) {
      const p = saveProblem(e);
      const field = p.field && ['number', 'date', 'amountKopecks', 'inn', 'link'].includes(p.field) ? p.field : 'form';
      setErrors({ [field]: p.message });
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog open title={RECEIPT_TEXTS.title} okText={RECEIPT_TEXTS.submit} loading={busy} onOk={() => void submit()} onCancel={onClose} width={480}>
      <form
        className="oy-pay-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="oy-pay-muted">
          Выплата за {payout.periodTitle.toLowerCase()}: {formatMoney(payout.netKopecks)}. Сформируйте чек в приложении «Мой налог» на эту сумму со своим ИНН.
        </p>
        <div className="oy-pay-form__row">
          <Field label="Номер чека" htmlFor="receipt-number" required error={errors.number}>
            <Input id="receipt-number" value={number} maxLength={64} onChange={(e) => setNumber(e.target.value)} />
          </Field>
          <Field label="Дата чека" htmlFor="receipt-date" required error={errors.date}>
            <DateInput id="receipt-date" value={date} error={errors.date} onChange={(v) => setDate(v)} />
          </Field>
        </div>
        <div className="oy-pay-form__row">
          <Field label="Сумма" htmlFor="receipt-amount" required error={errors.amountKopecks}>
            <MoneyInput id="receipt-amount" value={amount} onChange={(v) => setAmount(v)} />
          </Field>
          <Field label="ИНН" htmlFor="receipt-inn" required error={errors.inn}>
            <Input id="receipt-inn" inputMode="numeric" maxLength={12} value={inn} onChange={(e) => setInn(e.target.value.replace(/\D/g, ''))} />
          </Field>
        </div>
        <Field label="Ссылка на чек" htmlFor="receipt-link" error={errors.link}>
          <Input id="receipt-link" placeholder="https://lknpd.nalog.ru/api/v1/receipt/…" value={link} maxLength={500} onChange={(e) => setLink(e.target.value)} />
        </Field>
        {errors.form ? (
          <p className="oy-pay-error" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
