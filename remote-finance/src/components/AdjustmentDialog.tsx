import * as React from 'react';
import { ADJUSTMENT_REASON_LIMITS, FORM_TEXTS, formatMoney } from '@oyster/shared-kit/domain';
import { ConfirmDialog, Field, MoneyInput } from '@oyster/shared-kit/ui/form';
import { addAdjustment } from '../api/ledger';
import { saveProblem } from '../api/rates';
import type { AgentChoice } from '../api/agents';
import { AgentPicker } from './AgentPicker';

type Direction = 'plus' | 'minus';
const DIRECTIONS: Record<Direction, string> = { plus: 'Начислить', minus: 'Удержать' };

/**
 * «Корректировка» (finance staff): a new ledger line for an agent, plus or minus, with the reason the agent
 * will read — never an edit of another line. The amount is typed unsigned in roubles (the kit's money input
 * gives kopecks) and the direction says its sign. The api's refusal is shown under its field.
 */
export function AdjustmentDialog({ open, onDone, onClose }: { open: boolean; onDone(message: string): void; onClose(): void }) {
  const [agent, setAgent] = React.useState<AgentChoice | null>(null);
  const [direction, setDirection] = React.useState<Direction>('plus');
  const [amount, setAmount] = React.useState<number | null>(null);
  const [reason, setReason] = React.useState('');
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (!open) return;
    setAgent(null);
    setDirection('plus');
    setAmount(null);
    setReason('');
    setErrors({});
    setBusy(false);
  }, [open]);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!agent) found.agentId = FORM_TEXTS.required;
    if (!amount) found.amountKopecks = FORM_TEXTS.required;
    if (reason.trim().length < ADJUSTMENT_REASON_LIMITS.min) found.reason = `Причина: от ${ADJUSTMENT_REASON_LIMITS.min} до ${ADJUSTMENT_REASON_LIMITS.max} символов`;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const amountKopecks = direction === 'minus' ? -amount! : amount!;
    try {
      await addAdjustment({ agentId: agent!._id, amountKopecks, reason: reason.trim() });
      onDone(`Корректировка записана: ${agent!.fio}, ${formatMoney(amountKopecks)}`);
    } catch (e) {
      const p = saveProblem(e);
      setErrors({ [p.field ?? 'form']: p.message });
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog open={open} title="Корректировка КВ" okText="Записать" loading={busy} onOk={() => void submit()} onCancel={onClose}>
      <form
        className="oy-cr__adjust"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Агент" htmlFor="adjust-agent" required error={errors.agentId}>
          {agent ? (
            <p className="oy-cr__adjust-agent">
              <strong>{agent.fio}</strong>{' '}
              <button type="button" className="oy-cr__link-button" onClick={() => setAgent(null)}>
                Другой агент
              </button>
            </p>
          ) : (
            <AgentPicker label="Агент корректировки" onPick={(a) => setAgent(a)} />
          )}
        </Field>
        <Field label="Что сделать" htmlFor="adjust-direction" required>
          <select id="adjust-direction" value={direction} onChange={(e) => setDirection(e.target.value as Direction)}>
            {(Object.keys(DIRECTIONS) as Direction[]).map((d) => (
              <option key={d} value={d}>
                {DIRECTIONS[d]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Сумма" htmlFor="adjust-amount" required error={errors.amountKopecks}>
          <MoneyInput id="adjust-amount" value={amount} onChange={(v) => setAmount(v)} />
        </Field>
        <Field label="Причина (её увидит агент)" htmlFor="adjust-reason" required error={errors.reason}>
          <textarea id="adjust-reason" rows={3} maxLength={ADJUSTMENT_REASON_LIMITS.max} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        {errors.form ? (
          <p className="oy-cr__error" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
