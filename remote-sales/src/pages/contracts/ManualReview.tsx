import * as React from 'react';
import { Link } from 'react-router-dom';
import { CONTRACT_STATUS, MANUAL_SCAN_FILE_TYPE, MANUAL_TEXTS, manualStepPath, type ContractDetails } from '@oyster/shared-kit/domain';
import { Button, Field, Input } from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { contractFileUrl } from '../../api/contracts';

// Staff's two calls (api/src/sales/routes/manual.ts), here and not from api/manual.ts: the contract page's chunk then shares
// nothing new with the steps' chunk (remoteEntry, on home's first load, lists every shared chunk).
const review = (id: string, act: 'confirm' | 'return', body?: { reason: string }) =>
  getRuntime().http.post<{ data: ContractDetails }>(`/api/v2/products/manual/contracts/${id}/${act}`, body, { silent: true }).then((r) => r.data);
import { getRuntime } from '@oyster/shared-kit/runtime';

/** On the contract page of a manual policy: staff's «Проверка» (the scan, «Подтвердить» / «Вернуть агенту»); the agent's way back into the steps. */
export function ManualReview({ contract, onChanged }: { contract: ContractDetails; onChanged(c: ContractDetails): void }) {
  const [reason, setReason] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const scans = contract.files.filter((f) => f.typeName === MANUAL_SCAN_FILE_TYPE);
  async function run(act: () => Promise<ContractDetails>) {
    setBusy(true);
    setError(null);
    try {
      onChanged(await act());
      setReason(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  if (contract.status === CONTRACT_STATUS.draft) {
    return (
      <section className="oy-contract__block" aria-label="Ввод полиса">
        <h2>Ввод полиса</h2>
        {contract.insurerMessage ? <p className="oy-contract__warning" role="alert">{MANUAL_TEXTS.returned(contract.insurerMessage)}</p> : null}
        <Link to={manualStepPath(contract.id, 'policy')}>{MANUAL_TEXTS.continueEntry}</Link>
      </section>
    );
  }
  if (contract.status !== CONTRACT_STATUS.review) return null;
  if (!contract.canReview) {
    return (
      <section className="oy-contract__block" aria-label={MANUAL_TEXTS.reviewHeading}>
        <p className="oy-contract__muted">{MANUAL_TEXTS.waitingReview}</p>
      </section>
    );
  }
  return (
    <section className="oy-contract__block oy-manual__review" aria-label={MANUAL_TEXTS.reviewHeading}>
      <h2>{MANUAL_TEXTS.reviewHeading}</h2>
      <p className="oy-contract__muted">{MANUAL_TEXTS.reviewLead}</p>
      <p>
        Скан полиса:{' '}
        {scans.length
          ? scans.map((f, i) => (
              <React.Fragment key={f._id}>
                {i ? ', ' : ''}
                <a href={contractFileUrl(contract.id, f._id)} target="_blank" rel="noopener noreferrer">{f.uploadFileName}</a>
              </React.Fragment>
            ))
          : '—'}
      </p>
      {reason !== null ? (
        <Field label="Причина возврата" htmlFor="m-reason" required>
          <Input.TextArea id="m-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      ) : null}
      {error ? <p className="oy-contract__error" role="alert">{error}</p> : null}
      <div className="oy-contract__actions">
        {reason === null ? (
          <>
            <Button type="primary" loading={busy} onClick={() => void run(() => review(contract.id, 'confirm'))}>
              {MANUAL_TEXTS.confirm}
            </Button>
            <Button onClick={() => setReason('')}>{MANUAL_TEXTS.returnToAgent}</Button>
          </>
        ) : (
          <>
            <Button danger loading={busy} disabled={reason.trim().length < 3} onClick={() => void run(() => review(contract.id, 'return', { reason: reason.trim() }))}>
              {MANUAL_TEXTS.returnToAgent}
            </Button>
            <Button onClick={() => setReason(null)}>Отмена</Button>
          </>
        )}
      </div>
    </section>
  );
}
