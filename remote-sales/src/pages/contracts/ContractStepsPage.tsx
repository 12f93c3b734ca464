import * as React from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  isContractEditable,
  CONTRACT_STATUS,
  CONTRACT_STEPS,
  CONTRACT_STEP_KEYS,
  VEHICLE_DOCUMENT_TITLES,
  VEHICLE_DOCUMENT_TYPES,
  contractStepOf,
  formatDate,
  formatMoney,
  missingContractDetail,
  namedDriverCount,
  toDateText,
  toIsoDate,
  type ContractDetails,
  type ContractStep,
  type EosagoContractDetails,
  type MissingDetail,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import {
  AddressSuggestInput,
  Button,
  Checkbox,
  DateInput,
  Dropdown,
  EmailSuggestInput,
  Field,
  FirstNameSuggestInput,
  Input,
  IntegerInput,
  IssuerSuggestInput,
  LastNameSuggestInput,
  MaskedInput,
  MiddleNameSuggestInput,
  PhoneInput,
  PlateInput,
  PtsInput,
  Stepper,
  StsInput,
  VinInput,
} from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, errorText, useDebounced, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract, saveContractDetails, sendContract } from '../../api/contracts';
import './contracts.css';

const DOCUMENT_OPTIONS = VEHICLE_DOCUMENT_TYPES.map((t) => ({ key: t, text: VEHICLE_DOCUMENT_TITLES[t] }));

type Details = Partial<EosagoContractDetails>;
type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

/** A value at a dotted path of the details (`vehicle.document.number`). */
function at(d: Details, path: string): unknown {
  let v: unknown = d;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}
const text = (d: Details, path: string) => {
  const v = at(d, path);
  return v == null ? '' : String(v);
};
function withValue(d: Details, path: string, value: unknown): Details {
  const keys = path.split('.');
  const copy: Record<string, unknown> = { ...(d as Record<string, unknown>) };
  let node = copy;
  keys.slice(0, -1).forEach((k) => {
    node[k] = { ...((node[k] as Record<string, unknown>) ?? {}) };
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]] = value;
  return copy as Details;
}

/** What a step's fields need: the values, a setter by path, and the error of a path (the server's rule, shown where it belongs). */
interface StepProps {
  d: Details;
  set(path: string, value: unknown): void;
  errorOf(path: string): string | undefined;
}

const idOf = (path: string) => `contract-${path.replace(/[.[\]]+/g, '-')}`;

/** A field of the details with the kit's label and its error underneath. */
function DetailField({ path, label, errorOf, required = true, wide, children }: { path: string; label: string; errorOf: StepProps['errorOf']; required?: boolean; wide?: boolean; children(id: string, error: string | undefined): React.ReactNode }) {
  const id = idOf(path);
  const error = errorOf(path);
  return (
    <div className={wide ? 'oy-steps__wide' : undefined}>
      <Field label={label} htmlFor={id} error={error} required={required}>
        {children(id, error)}
      </Field>
    </div>
  );
}

function DateField({ path, label, ...p }: StepProps & { path: string; label: string }) {
  return (
    <DetailField path={path} label={label} errorOf={p.errorOf}>
      {(id, error) => <DateInput id={id} error={error} value={toDateText(text(p.d, path)) ?? ''} onChange={(t) => p.set(path, t ? toIsoDate(t) : null)} />}
    </DetailField>
  );
}

function VehicleStep(p: StepProps) {
  const docType = text(p.d, 'vehicle.document.type');
  const series = text(p.d, 'vehicle.document.series');
  const number = text(p.d, 'vehicle.document.number');
  // СТС and ПТС are typed as one masked text «77УХ 123456»; the details keep the series and the number apart.
  const setSeriesNumber = (t: string) => {
    const clean = t.replace(/[\s_]/g, '');
    p.set('vehicle.document.series', clean.slice(0, 4));
    p.set('vehicle.document.number', clean.slice(4));
  };
  const DocInput = docType === 'PTS' ? PtsInput : StsInput;
  return (
    <div className="oy-steps__grid">
      <DetailField path="vehicle.plate" label="Госномер" errorOf={p.errorOf} required={false}>
        {(id, error) => <PlateInput id={id} error={error} value={text(p.d, 'vehicle.plate')} onChange={(v) => p.set('vehicle.plate', v.replace(/[\s_]/g, '') || null)} />}
      </DetailField>
      <DetailField path="vehicle.vin" label="VIN" errorOf={p.errorOf} required={false}>
        {(id, error) => <VinInput id={id} error={error} value={text(p.d, 'vehicle.vin')} onChange={(v) => p.set('vehicle.vin', v.replace(/[\s_]/g, '') || null)} />}
      </DetailField>
      <DetailField path="vehicle.bodyNumber" label="Номер кузова или шасси (если нет VIN)" errorOf={p.errorOf} required={false}>
        {(id) => <Input id={id} value={text(p.d, 'vehicle.bodyNumber')} maxLength={30} onChange={(e) => p.set('vehicle.bodyNumber', e.target.value.toUpperCase() || null)} />}
      </DetailField>
      <DetailField path="vehicle.make" label="Марка" errorOf={p.errorOf}>
        {(id, error) => <Input id={id} status={error ? 'error' : undefined} value={text(p.d, 'vehicle.make')} maxLength={60} onChange={(e) => p.set('vehicle.make', e.target.value)} />}
      </DetailField>
      <DetailField path="vehicle.model" label="Модель" errorOf={p.errorOf}>
        {(id, error) => <Input id={id} status={error ? 'error' : undefined} value={text(p.d, 'vehicle.model')} maxLength={60} onChange={(e) => p.set('vehicle.model', e.target.value)} />}
      </DetailField>
      <DetailField path="vehicle.year" label="Год выпуска" errorOf={p.errorOf}>
        {(id, error) => <IntegerInput id={id} error={error} value={(at(p.d, 'vehicle.year') as number | null) ?? null} onChange={(v) => p.set('vehicle.year', v)} />}
      </DetailField>
      <DetailField path="vehicle.document.type" label="Документ ТС" errorOf={p.errorOf}>
        {(id, error) => <Dropdown id={id} error={error} options={DOCUMENT_OPTIONS} value={docType || null} sorted={false} onChange={(v) => p.set('vehicle.document.type', v)} />}
      </DetailField>
      {docType === 'EPTS' ? (
        <DetailField path="vehicle.document.number" label="Номер ЭПТС" errorOf={p.errorOf}>
          {(id, error) => (
            <Input id={id} status={error ? 'error' : undefined} inputMode="numeric" maxLength={15} value={number} onChange={(e) => p.set('vehicle.document.number', e.target.value.replace(/\D/g, ''))} />
          )}
        </DetailField>
      ) : (
        <DetailField path="vehicle.document.series" label={`Серия и номер ${docType ? VEHICLE_DOCUMENT_TITLES[docType as 'STS'] : 'документа'}`} errorOf={p.errorOf}>
          {(id, error) => <DocInput id={id} error={error} value={series || number ? `${series} ${number}`.trim() : ''} onChange={setSeriesNumber} />}
        </DetailField>
      )}
      <DateField {...p} path="vehicle.document.issuedAt" label="Дата выдачи документа" />
    </div>
  );
}

/** A person of the contract (the owner or the insurant): name with suggestions, passport, address. */
function PersonFields({ who, ...p }: StepProps & { who: 'owner' | 'insurant' }) {
  const path = (k: string) => `${who}.${k}`;
  return (
    <div className="oy-steps__grid">
      <DetailField path={path('lastName')} label="Фамилия" errorOf={p.errorOf}>
        {(id, error) => <LastNameSuggestInput id={id} error={error} value={text(p.d, path('lastName'))} onChange={(v) => p.set(path('lastName'), v)} />}
      </DetailField>
      <DetailField path={path('firstName')} label="Имя" errorOf={p.errorOf}>
        {(id, error) => <FirstNameSuggestInput id={id} error={error} value={text(p.d, path('firstName'))} onChange={(v) => p.set(path('firstName'), v)} />}
      </DetailField>
      <DetailField path={path('middleName')} label="Отчество" errorOf={p.errorOf} required={false}>
        {(id, error) => <MiddleNameSuggestInput id={id} error={error} value={text(p.d, path('middleName'))} onChange={(v) => p.set(path('middleName'), v || null)} />}
      </DetailField>
      <DateField {...p} path={path('birthDate')} label="Дата рождения" />
      <DetailField path={path('passport.series')} label="Серия паспорта" errorOf={p.errorOf}>
        {(id, error) => <MaskedInput id={id} error={error} mask="9999" inputMode="numeric" placeholder="9999" value={text(p.d, path('passport.series'))} onChange={(v) => p.set(path('passport.series'), v.replace(/\D/g, ''))} />}
      </DetailField>
      <DetailField path={path('passport.number')} label="Номер паспорта" errorOf={p.errorOf}>
        {(id, error) => <MaskedInput id={id} error={error} mask="999999" inputMode="numeric" placeholder="999999" value={text(p.d, path('passport.number'))} onChange={(v) => p.set(path('passport.number'), v.replace(/\D/g, ''))} />}
      </DetailField>
      <DateField {...p} path={path('passport.issuedAt')} label="Дата выдачи паспорта" />
      <DetailField path={path('passport.issuer')} label="Кем выдан" errorOf={p.errorOf} wide>
        {(id, error) => <IssuerSuggestInput id={id} error={error} value={text(p.d, path('passport.issuer'))} onChange={(v) => p.set(path('passport.issuer'), v)} />}
      </DetailField>
      <DetailField path={path('address')} label="Адрес регистрации" errorOf={p.errorOf} wide>
        {(id, error) => <AddressSuggestInput id={id} error={error} value={text(p.d, path('address'))} onChange={(v) => p.set(path('address'), v)} />}
      </DetailField>
    </div>
  );
}

function InsurantStep(p: StepProps) {
  const same = p.d.insurantIsOwner !== false;
  return (
    <>
      <Checkbox checked={same} onChange={(e) => p.set('insurantIsOwner', e.target.checked)}>
        Страхователь — собственник
      </Checkbox>
      {same ? <p className="oy-contract__muted">Договор заключает собственник: его данные уже указаны на прошлом шаге.</p> : <PersonFields {...p} who="insurant" />}
    </>
  );
}

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
  const [save, setSave] = React.useState<SaveState>('idle');
  const [problem, setProblem] = React.useState<MissingDetail | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [sendError, setSendError] = React.useState<string | null>(null);
  const touched = React.useRef(false);
  const debounced = useDebounced(d, 700);
  // Saves go out one after another: a pause-in-typing save still on its way must not land after
  // a newer one (the server keeps the last it gets, and «Отправить» checks what the server holds).
  const lastSave = React.useRef<Promise<unknown>>(Promise.resolve());
  const persist = React.useCallback(
    (details: Details) => {
      const next = lastSave.current.catch(() => undefined).then(() => saveContractDetails(contract.id, details));
      lastSave.current = next;
      return next;
    },
    [contract.id],
  );

  React.useEffect(() => {
    if (!touched.current) return;
    let live = true;
    setSave('saving');
    persist(debounced).then(
      () => live && setSave('saved'),
      (e) => live && setSave({ error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [debounced, persist]);

  const set = (path: string, value: unknown) => {
    touched.current = true;
    setD((prev) => withValue(prev, path, value));
    setProblem((p) => (p && p.field.startsWith(`details.${path}`) ? null : p));
  };
  const errorOf = (path: string) => (problem && problem.field === `details.${path}` ? problem.message : undefined);
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
      await persist(d);
      setSave('saved');
      navigate(`/contracts/${contract.id}/${CONTRACT_STEP_KEYS[to]}`);
    } catch (e) {
      setSave({ error: errorText(e) });
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
      await persist(d);
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
        {step === 'vehicle' ? <VehicleStep {...p} /> : null}
        {step === 'owner' ? <PersonFields {...p} who="owner" /> : null}
        {step === 'insurant' ? <InsurantStep {...p} /> : null}
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
            {save === 'saving' ? 'Сохраняем…' : save === 'saved' ? 'Сохранено' : typeof save === 'object' ? `Не сохранено: ${save.error}` : last && missing ? `Осталось: ${missing.message}` : ''}
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
  const { state, reload } = useLoad(() => getContract(contractId), [contractId], { keepPrevious: true });

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('contract_status')
      .subscribe((e) => e.contractId === contractId && reload());
    return () => sub.unsubscribe();
  }, [contractId, reload]);

  const back = { to: `/contracts/${contractId}`, label: 'Договор' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const c = state.data;
  // Sent, paid or closed: nothing to fill any more — the contract page says where it is.
  if (!isContractEditable(c.status)) return <Navigate to={`/contracts/${c.id}`} replace />;
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
