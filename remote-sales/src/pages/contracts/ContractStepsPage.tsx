import * as React from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  isContractEditable,
  CONTRACT_STATUS,
  CONTRACT_STEPS,
  CONTRACT_STEP_KEYS,
  contractStepOf,
  formatDate,
  formatMoney,
  missingContractDetail,
  namedDriverCount,
  type ContractDetails,
  type ContractStep,
  type MissingDetail,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ClientPicker, EmailSuggestInput, Input, PhoneInput, Stepper, VehiclePicker } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract, saveContractDetails, sendContract } from '../../api/contracts';
import { autoSaveText, useAutoSave } from '../../components/autoSave';
import { withClient, withVehicle } from '../../components/clientPrefill';
import { DetailField, InsurantFields, PersonFields, VehicleFields, idOf, text, withValue, type Details, type StepProps } from '../../components/osagoDetails';
import './contracts.css';

function DriversStep({ contract, ...p }: StepProps & { contract: ContractDetails }) {
  if (namedDriverCount(contract.calculation) === 0) {
    return <p className="oy-contract__muted">Полис без ограничения списка водителей: водителей указывать не нужно.</p>;
  }
  return (
    <div className="oy-steps__grid">
      {(contract.calculation.drivers ?? []).map((drv, i) => {
        const path = `driverNames[${i}]`;
        return (
          <DetailField key={drv.licence} path={path} label={`ФИО водителя ${i + 1}`} errorOf={p.errorOf} wide>
            {(id, error) => (
              <>
                <Input
                  id={id}
                  status={error ? 'error' : undefined}
                  value={p.d.driverNames?.[i] ?? ''}
                  maxLength={120}
                  onChange={(e) => p.set('driverNames', Object.assign([...(p.d.driverNames ?? [])], { [i]: e.target.value }))}
                />
                <span className="oy-contract__muted">
                  ВУ {drv.licence}, дата рождения {formatDate(drv.birthDate)}, стаж с {formatDate(drv.experienceSince)} — как в расчёте
                </span>
              </>
            )}
          </DetailField>
        );
      })}
    </div>
  );
}

function ContactsStep(p: StepProps) {
  return (
    <div className="oy-steps__grid">
      <DetailField path="contacts.phone" label="Телефон клиента" errorOf={p.errorOf}>
        {(id, error) => <PhoneInput id={id} error={error} value={text(p.d, 'contacts.phone')} onChange={(v) => p.set('contacts.phone', v)} />}
      </DetailField>
      <DetailField path="contacts.email" label="E-mail клиента (ссылка на оплату и полис)" errorOf={p.errorOf}>
        {(id, error) => <EmailSuggestInput id={id} error={error} value={text(p.d, 'contacts.email')} onChange={(v) => p.set('contacts.email', v)} />}
      </DetailField>
    </div>
  );
}

/** The steps with the documents: saved as typed, each «Далее» checks the step by the server's rule before going on. */
function StepsForm({ contract, step }: { contract: ContractDetails; step: ContractStep }) {
  const navigate = useNavigate();
  const index = CONTRACT_STEP_KEYS.indexOf(step);
  const [d, setD] = React.useState<Details>(() => {
    const start: Details = { insurantIsOwner: true, ...contract.details };
    // The address the offer was priced for is the owner's registration: it starts there.
    return start.owner?.address ? start : withValue(start, 'owner.address', contract.calculation.owner.address.value);
  });
  const [problem, setProblem] = React.useState<MissingDetail | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [sendError, setSendError] = React.useState<string | null>(null);
  const { state: save, flush } = useAutoSave(d, (details) => saveContractDetails(contract.id, details), { enabled: true });

  const set = (path: string, value: unknown) => {
    setD((prev) => withValue(prev, path, value));
    setProblem((p) => (p && p.field.startsWith(`details.${path}`) ? null : p));
  };
  const errorOf = (path: string) => (problem && problem.field === `details.${path}` ? problem.message : undefined);
  /** A picked client or vehicle record fills the step (and is saved like anything typed). */
  const fill = (f: (prev: Details) => Details) => {
    setD(f);
    setProblem(null);
  };
  const missing = missingContractDetail(d, contract.calculation);

  /** Saves now (not waiting for the pause in typing) and goes to `to`; stays with the first problem of the steps up to here. */
  async function go(to: number) {
    if (to > index && missing && CONTRACT_STEP_KEYS.indexOf(contractStepOf(missing.field)) <= index) {
      setProblem(missing);
      document.getElementById(idOf(missing.field.replace(/^details\./, '')))?.focus();
      return;
    }
    setBusy(true);
    try {
      await flush();
      navigate(`/contracts/${contract.id}/${CONTRACT_STEP_KEYS[to]}`);
    } catch {
      // The line under the form says «Не сохранено: …».
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    if (missing) {
      setProblem(missing);
      navigate(`/contracts/${contract.id}/${contractStepOf(missing.field)}`);
      return;
    }
    setBusy(true);
    setSendError(null);
    try {
      await flush();
      await sendContract(contract.id);
      navigate(`/contracts/${contract.id}`);
    } catch (e) {
      setSendError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  const p: StepProps = { d, set, errorOf };
  const last = index === CONTRACT_STEP_KEYS.length - 1;
  return (
    <>
      <Stepper titlePlacement="vertical" steps={CONTRACT_STEPS.map((s) => s.title)} current={index} onChange={(i) => void go(i)} errorStep={problem ? CONTRACT_STEP_KEYS.indexOf(contractStepOf(problem.field)) : null} />
      {contract.insurerMessage && contract.status === CONTRACT_STATUS.needsFixing ? (
        <p className="oy-contract__warning" role="alert">
          Страховщик просит исправить: {contract.insurerMessage}
        </p>
      ) : null}
      <section className="oy-contract__block" aria-label={CONTRACT_STEPS[index].title}>
        <h2>{CONTRACT_STEPS[index].title}</h2>
        {step === 'vehicle' ? <VehiclePicker onPick={(v) => fill((prev) => withVehicle(prev, v))} /> : null}
        {step === 'owner' ? <ClientPicker onPick={(card) => fill((prev) => withClient(prev, card, 'owner'))} /> : null}
        {step === 'insurant' && d.insurantIsOwner === false ? <ClientPicker onPick={(card) => fill((prev) => withClient(prev, card, 'insurant'))} /> : null}
        {step === 'vehicle' ? <VehicleFields {...p} /> : null}
        {step === 'owner' ? <PersonFields {...p} who="owner" /> : null}
        {step === 'insurant' ? <InsurantFields {...p} /> : null}
        {step === 'drivers' ? <DriversStep {...p} contract={contract} /> : null}
        {step === 'contacts' ? <ContactsStep {...p} /> : null}
        <div className="oy-contract__actions">
          {index > 0 ? <Button onClick={() => void go(index - 1)}>Назад</Button> : <Button onClick={() => navigate(`/contracts/${contract.id}`)}>К договору</Button>}
          {last ? (
            <Button type="primary" onClick={() => void send()} loading={busy}>
              Отправить страховщику
            </Button>
          ) : (
            <Button type="primary" onClick={() => void go(index + 1)} loading={busy}>
              Далее
            </Button>
          )}
          <span className="oy-contract__muted" role="status">
            {autoSaveText(save) ?? (last && missing ? `Осталось: ${missing.message}` : '')}
          </span>
        </div>
        {sendError ? (
          <p className="oy-contract__error" role="alert">
            {sendError}
          </p>
        ) : null}
      </section>
    </>
  );
}

/**
 * Оформление (`/app/contracts/{id}/{step}`): the documents of a contract in «Расчёт получен» or
 * «Требует исправления», step by step with the kit's stepper, masks and suggestions. Every step is saved
 * on the server (a draft resumes from Полисы at its first unfinished step); the last one sends it.
 */
export default function ContractStepsPage() {
  const { contractId = '', step = '' } = useParams();
  const { state, reload, refresh } = useLoad(() => getContract(contractId), [contractId], { keepPrevious: true });

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('contract_status')
      .subscribe((e) => e.contractId === contractId && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [contractId, reload, refresh]);

  const back = { to: `/contracts/${contractId}`, label: 'Договор' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const c = state.data;
  // Sent, paid or closed: nothing to fill any more — the contract page says where it is.
  if (!isContractEditable(c.status)) return <Navigate to={`/contracts/${c.id}`} replace />;
  // These are e-OSAGO's steps; another product's steps are its calculator's own (its module in the api says what it needs).
  if (c.product !== 'eosago') return <Navigate to={`/contracts/${c.id}`} replace />;
  if (!CONTRACT_STEP_KEYS.includes(step as ContractStep)) return <Navigate to={`/contracts/${c.id}/${c.resumeStep ?? 'vehicle'}`} replace />;
  return (
    <PageFrame title={`Оформление ${c.productName}`} back={back} section="contracts">
      <p className="oy-steps__summary">
        {c.companyName} · {c.premium == null ? '—' : formatMoney(c.premium)} · {c.startDate ? `${formatDate(c.startDate)} — ${formatDate(c.endDate)}` : ''}
      </p>
      <StepsForm key={c.id} contract={c} step={step as ContractStep} />
    </PageFrame>
  );
}
