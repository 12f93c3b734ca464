import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RENEW_QUERY, formatDate, formatMoney, type ContractDetails, type ProductCode, type RenewalQuote } from '@oyster/shared-kit/domain';
import { Button, Spin, Stepper } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { sendContract } from '../api/contracts';
import { saveProductDetails } from '../api/products';
import { renewalQuote } from '../api/renewals';
import { Tooltip } from '@oyster/shared-kit/ui';
import { autoSaveText, useAutoSave } from './autoSave';
import './calculator.css';

/**
 * What the product calculators (new-eosago, new-vzr, …) share: the form kept in the tab while the agent
 * works, «Оформить» on an offer, the waiting line, the refusals, the renewal's note.
 */

/** A value kept in the tab's session storage under `key` (a reload loses nothing); `valid` checks what is read back. */
export function tabKeeper<T>(key: string, valid: (x: T) => boolean) {
  return {
    read(): T | null {
      try {
        const raw = window.sessionStorage.getItem(key);
        const kept = raw ? (JSON.parse(raw) as T) : null;
        return kept && valid(kept) ? kept : null;
      } catch {
        return null;
      }
    },
    write(value: T | null) {
      try {
        if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
        else window.sessionStorage.removeItem(key);
      } catch {
        /* storage full or off: the form still works, it is only not kept */
      }
    },
  };
}

/** 12.5 → «12,5%» (Russian decimal comma). */
export const formatPercent = (p: number) => `${String(p).replace('.', ',')}%`;

/**
 * An offer's commission chips: «Ваше КВ» (the api gives it only to whom it may show it — not to sub-agents)
 * and «КВ страховщика». `chip` is the page's chip class (its accent variant is `${chip}--accent`).
 */
export function CommissionChips({ offer, chip = 'oy-offer__chip' }: { offer: { agentCommission?: { amount: number; percent: number } | null; commissionPercent?: number | null }; chip?: string }) {
  return (
    <>
      {offer.agentCommission ? (
        <span className={`${chip} ${chip}--accent`}>
          Ваше КВ {formatMoney(offer.agentCommission.amount)} ({formatPercent(offer.agentCommission.percent)})
        </span>
      ) : null}
      {offer.commissionPercent !== undefined && offer.commissionPercent !== null ? <span className={chip}>КВ страховщика {formatPercent(offer.commissionPercent)}</span> : null}
    </>
  );
}

/** What every offer card shows the same way. */
interface CardOffer {
  companyName: string;
  premium: number;
  agentCommission?: { amount: number; percent: number } | null;
  commissionPercent?: number | null;
}

/**
 * An insurer's offer card: the company and the premium (`premium`, the roubles by default), `lead` under the
 * head, the commission chips after the product's own `chips`, the product's body, «Оформить».
 */
export function OfferCard<O extends CardOffer>({
  offer,
  issue,
  premium,
  lead,
  chips,
  children,
}: {
  offer: O;
  issue: (offer: O) => Promise<string | null>;
  premium?: React.ReactNode;
  lead?: React.ReactNode;
  chips?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <article className="oy-offer" aria-label={offer.companyName}>
      <header className="oy-offer__head">
        <h3 className="oy-offer__company">{offer.companyName}</h3>
        <span className="oy-offer__premium">{premium ?? formatMoney(offer.premium)}</span>
      </header>
      {lead}
      <div className="oy-offer__notes">
        {chips}
        <CommissionChips offer={offer} />
      </div>
      {children}
      <IssueButton offer={offer} issue={issue} />
    </article>
  );
}

/** An offer's rating factors, each with why it is so on hover (travel, mortgage, property); `label` names the list: «Расчёт: Альфа». */
export function OfferFactors({ offer, label = 'Расчёт' }: { offer: { companyName: string; factors: { key: string; label: string; text: string; why: string }[] }; label?: string }) {
  return (
    <dl className="oy-offer__factors" aria-label={`${label}: ${offer.companyName}`}>
      {offer.factors.map((f) => (
        <Tooltip key={f.key} title={f.why}>
          <div className="oy-offer__factor">
            <dt>{f.label}</dt>
            <dd>{f.text}</dd>
          </div>
        </Tooltip>
      ))}
    </dl>
  );
}

/** «Оформить»: `issue` answers the error text, or navigates away. */
export function IssueButton<O>({ offer, issue }: { offer: O; issue: (offer: O) => Promise<string | null> }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    const problem = await issue(offer);
    if (problem) {
      setError(problem);
      setBusy(false);
    }
  }
  return (
    <div className="oy-offer__issue">
      <Button type="primary" onClick={() => void run()} loading={busy}>
        Оформить
      </Button>
      {error ? (
        <p className="oy-offer__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function QuotingSpinner() {
  return (
    <div className="oy-eosago__loading" role="status">
      <Spin /> <span>Запрашиваем страховщиков…</span>
    </div>
  );
}

/** «Отказали»: the insurers that would not quote, each with its reason (every calculator's offers; the class is the page's look). */
export function RefusalsList({
  refusals,
  className = 'oy-eosago__refusals',
}: {
  refusals: readonly { companyId: string; companyName: string; reason: string }[];
  className?: string;
}) {
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

/** Above a calculator opened from the renewals worklist: which policy it renews and from when. */
export function RenewalNote({ renews, check }: { renews: RenewalQuote | null; check: string }) {
  if (!renews) return null;
  return (
    <p className="oy-eosago__renewal" role="note">
      Продление полиса {renews.policyNumber ?? ''}
      {renews.companyName ? ` (${renews.companyName})` : ''}, который заканчивается {formatDate(renews.endDate)}: данные взяты из него, начало нового — {formatDate(renews.startDate)}. {check}
    </p>
  );
}

/**
 * After «Оформить» on a renewal: the old policy's documents (the insurant, the contacts, …) go with the new
 * contract, checked on the next step before sending. From a policy entered by hand they are only a pre-fill
 * (a typed name, a client record): one the product does not take stops nothing — the step asks for it.
 */
export async function carryRenewalDetails(product: ProductCode, contractId: string, renews: RenewalQuote | null): Promise<void> {
  if (!renews?.details || !Object.keys(renews.details).length) return;
  const saving = saveProductDetails(product, contractId, renews.details as Record<string, unknown>);
  if (renews.fromManual) await saving.catch(() => undefined);
  else await saving;
}

/**
 * A calculator page that may be opened from the renewals worklist (`?renew=<contractId>`, «Пересчитать»):
 * then the old policy's stored calculation is loaded first (loading and error states in the page's frame)
 * and `renewed` draws the calculator from it; otherwise `fresh` draws it.
 */
export function RenewableCalculator({ title, section, fresh, renewed }: { title: string; section: string; fresh(): React.ReactElement; renewed(q: RenewalQuote): React.ReactElement }) {
  const [search] = useSearchParams();
  const renew = search.get(RENEW_QUERY);
  return renew ? <RenewalLoader key={renew} contractId={renew} title={title} section={section} renewed={renewed} /> : fresh();
}

function RenewalLoader({ contractId, title, section, renewed }: { contractId: string; title: string; section: string; renewed(q: RenewalQuote): React.ReactElement }) {
  const { state, reload } = useLoad(() => renewalQuote(contractId), [contractId]);
  if (state.status === 'ready') return renewed(state.data);
  return (
    <PageFrame title={title} section={section}>
      {state.status === 'loading' ? <LoadingBlock rows={6} /> : <ErrorState title="Не удалось открыть полис для продления" message={state.message} onRetry={reload} />}
    </PageFrame>
  );
}

/**
 * A step-by-step calculator's frame (travel, mortgage): the stepper, then either the step's form with «Назад»,
 * «Далее» (on the last form step «Рассчитать») and «Начать заново», or the insurers' offers. `go(i)` moves
 * forward after checking the steps on the way (and quotes when it reaches the offers); the stepper's steps
 * after the offers (the insurer's details) are not reachable from here.
 */
export function CalculatorShell({
  label,
  steps,
  step,
  offersStep,
  errorStep,
  go,
  setStep,
  restart,
  offers,
  children,
}: {
  label: string;
  steps: readonly string[];
  step: number;
  offersStep: number;
  errorStep: number | null;
  go(to: number): void;
  setStep(step: number): void;
  restart(): void;
  offers: React.ReactNode;
  children: React.ReactNode;
}) {
  const restartButton = (
    <Button type="link" onClick={restart}>
      Начать заново
    </Button>
  );
  return (
    <>
      <Stepper titlePlacement="vertical" steps={[...steps]} current={step} onChange={(i) => (i <= offersStep ? go(i) : undefined)} errorStep={errorStep} />
      <div role="form" aria-label={label}>
        {step >= offersStep ? (
          <section className="oy-eosago__step" aria-label="Предложения страховщиков" aria-live="polite">
            <h2>Предложения страховщиков</h2>
            {offers}
            <div className="oy-eosago__actions">
              <Button onClick={() => setStep(offersStep - 1)}>Назад</Button>
              {restartButton}
            </div>
          </section>
        ) : (
          <section className="oy-eosago__step" aria-label={steps[step]}>
            <h2>{steps[step]}</h2>
            {children}
            <div className="oy-eosago__actions">
              {step > 0 ? <Button onClick={() => setStep(step - 1)}>Назад</Button> : null}
              <Button type="primary" onClick={() => go(step + 1)}>
                {step === offersStep - 1 ? 'Рассчитать' : 'Далее'}
              </Button>
              {restartButton}
            </div>
          </section>
        )}
      </div>
    </>
  );
}

// ─── after «Оформить»: what the insurer needs, saved as typed ───────────────────────────────────

/**
 * The details step's frame after «Оформить» (travel, mortgage): the product's fields (`children`) saved on the
 * server as typed, the line of what is saved and what is still missing, «Отправить страховщику» — `check()`
 * shows the form's errors and answers whether the fields are well-formed; with something `missing` it says
 * «Не заполнено: …» (`onMissing` may point at the field); then the details are saved, the contract sent and
 * its page opened.
 */
export function DetailsFrame<M extends { message: string }>({
  product,
  contract,
  details,
  valid,
  missing,
  check,
  onMissing,
  onSaved,
  children,
}: {
  product: ProductCode;
  contract: ContractDetails;
  details: Record<string, unknown>;
  valid: boolean;
  missing: M | null;
  check(): Promise<boolean>;
  onMissing?(missing: M): void;
  onSaved(c: ContractDetails): void;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const { state: save, flush } = useAutoSave(details, async (d) => onSaved(await saveProductDetails(product, contract.id, d)), { enabled: valid });
  const [sendError, setSendError] = React.useState<string | null>(null);
  const [sending, setSending] = React.useState(false);

  async function send() {
    setSendError(null);
    const wellFormed = await check();
    if (!wellFormed || missing) {
      if (missing) {
        setSendError(`Не заполнено: ${missing.message}`);
        onMissing?.(missing);
      }
      return;
    }
    setSending(true);
    try {
      await flush();
      await sendContract(contract.id);
      navigate(`/contracts/${contract.id}`);
    } catch (e) {
      setSendError(errorText(e));
      setSending(false);
    }
  }

  return (
    <>
      {children}
      <p className="oy-eosago__muted" role="status">
        {autoSaveText(save) ?? 'Данные сохраняются по мере ввода'}
        {missing ? ` · Осталось: ${missing.message}` : ' · Все данные для страховщика заполнены'}
      </p>
      {sendError ? (
        <p className="oy-offer__error" role="alert">
          {sendError}
        </p>
      ) : null}
      <div className="oy-eosago__actions">
        <Button type="primary" onClick={() => void send()} loading={sending}>
          Отправить страховщику
        </Button>
        <Link to={`/contracts/${contract.id}`}>Карточка договора</Link>
      </div>
    </>
  );
}
