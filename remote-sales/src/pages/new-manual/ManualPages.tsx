import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  moscowIsoDay,
  CONTRACT_STATUS,
  MANUAL_KINDS,
  MANUAL_OBJECT_OF,
  MANUAL_PAYMENT_WAYS,
  MANUAL_PAYMENT_WAY_TITLES,
  MANUAL_SCAN_FILE_TYPE,
  MANUAL_STEPS,
  MANUAL_STEP_KEYS,
  MANUAL_TEXTS,
  PRODUCT_TITLES,
  formatDate,
  formatFileSize,
  isManualStep,
  manualPolicyError,
  manualStepPath,
  missingManualDetail,
  missingManualScan,
  type ContractDetails,
  type ManualCalculation,
  type ManualDetails,
  type ManualInsurant,
  type ManualKind,
  type ManualObject,
  type ManualPolicy,
  type ManualStepKey,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ClientPicker, DateInput, Dropdown, Field, Input, MoneyInput, PhoneInput, Stepper, VinInput } from '@oyster/shared-kit/ui/form';
import { ErrorState, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { attachContractFiles, companyFileTypes, contractFileUrl, getContract } from '../../api/contracts';
import { createManualContract, saveManualStep, sendManual } from '../../api/manual';
import { SummaryBlocks } from '../../components/SummaryBlocks';
import './manual.css';

/**
 * A policy issued elsewhere, entered by hand (issue 25; rules: shared-kit sales/manual.ts): `new-manual` starts
 * the draft (the kind and the insurer), `manual/contracts/{id}/{step}` is each step — the policy, the insurant,
 * the insured object, the scan — and the check with «Отправить на проверку». Staff confirm or return it on the
 * contract page (pages/contracts/ManualReview.tsx).
 */

const SECTION = 'new-manual';
const HEADING = 'Ручное оформление полиса';
const kindOptions = MANUAL_KINDS.map((k) => ({ key: k, text: PRODUCT_TITLES[k] }));
const wayOptions = MANUAL_PAYMENT_WAYS.map((w) => ({ key: w, text: MANUAL_PAYMENT_WAY_TITLES[w] }));
const isoFromRu = (v: string) => (/^\d{2}\.\d{2}\.\d{4}$/.test(v) ? v.split('.').reverse().join('-') : '');
const todayIso = () => moscowIsoDay();

function useCompanies() {
  const [companies, setCompanies] = React.useState<{ key: string; text: string }[]>([]);
  React.useEffect(() => {
    let live = true;
    getRuntime()
      .initState()
      .then((s) => live && setCompanies((s.companies ?? []).map((c) => ({ key: c._id, text: c.shortName }))), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return companies;
}

/** A date field: 'dd.mm.yyyy' on screen, 'YYYY-MM-DD' in the form. */
function DateField({ id, label, value, onChange, error, required = true }: { id: string; label: string; value: string; onChange(v: string): void; error?: string; required?: boolean }) {
  return (
    <Field label={label} htmlFor={id} error={error} required={required}>
      <DateInput id={id} value={value ? formatDate(value) : ''} onChange={(v: string) => onChange(v ? isoFromRu(v) : '')} error={error} />
    </Field>
  );
}

/** `new-manual`: the kind and the insurer → the draft, then its first step. */
export function ManualStartPage() {
  const navigate = useNavigate();
  const companies = useCompanies();
  const [kind, setKind] = React.useState<ManualKind | null>(null);
  const [companyId, setCompanyId] = React.useState<string | null>(null);
  const [shown, setShown] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function start() {
    setShown(true);
    if (!kind || !companyId) return;
    setBusy(true);
    setError(null);
    try {
      const c = await createManualContract({ kind }, companyId);
      navigate(manualStepPath(c.id, 'policy'));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <PageFrame title={HEADING} section={SECTION}>
      <p className="oy-manual__lead">{MANUAL_TEXTS.lead}</p>
      <div className="oy-manual__form">
        <Field label="Вид страхования" htmlFor="m-kind" required error={shown && !kind ? 'Выберите вид страхования' : undefined}>
          <Dropdown id="m-kind" aria-label="Вид страхования" options={kindOptions} sorted={false} value={kind} onChange={(v) => setKind(v as ManualKind | null)} placeholder="Выбрать" />
        </Field>
        <Field label="Страховая компания" htmlFor="m-company" required error={shown && !companyId ? 'Выберите страховую компанию' : undefined}>
          <Dropdown id="m-company" aria-label="Страховая компания" options={companies} value={companyId} onChange={(v) => setCompanyId(v as string | null)} placeholder="Выбрать" />
        </Field>
      </div>
      {error ? <p className="oy-manual__error" role="alert">{error}</p> : null}
      <div className="oy-manual__actions">
        <Button type="primary" loading={busy} onClick={() => void start()}>
          {MANUAL_TEXTS.start}
        </Button>
      </div>
    </PageFrame>
  );
}

type PolicyForm = { kind: ManualKind; companyId: string } & Omit<ManualPolicy, 'premium' | 'series'> & { series: string; premium: number | null };

function policyFormOf(c: ContractDetails): PolicyForm {
  const p = (c.details as Partial<ManualDetails>).policy;
  return {
    kind: (c.calculation as unknown as ManualCalculation).kind,
    companyId: c.companyId ?? '',
    series: p?.series ?? '',
    number: p?.number ?? '',
    issueDate: p?.issueDate ?? '',
    startDate: p?.startDate ?? '',
    endDate: p?.endDate ?? '',
    premium: p?.premium ?? null,
    paymentWay: p?.paymentWay ?? 'insurer',
    paidAt: p?.paidAt ?? '',
  };
}

/** The policy step's errors before it is saved: every field, then the rules both sides share. */
function policyErrors(f: PolicyForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.number.trim()) e.number = 'Укажите номер полиса';
  if (!f.issueDate) e.issueDate = 'Укажите дату выдачи';
  if (!f.startDate) e.startDate = 'Укажите дату начала';
  if (!f.endDate) e.endDate = 'Укажите дату окончания';
  if (f.premium == null) e.premium = 'Укажите премию';
  if (!f.paidAt) e.paidAt = 'Укажите дату оплаты';
  if (Object.keys(e).length) return e;
  const rule = manualPolicyError({ ...f, premium: f.premium ?? 0 }, todayIso());
  if (rule) e[rule.field.replace('details.policy.', '')] = rule.message.replace(/^Поле «[^»]+»: /, '');
  return e;
}

function PolicyStep({ contract, onSaved }: { contract: ContractDetails; onSaved(c: ContractDetails): void }) {
  const companies = useCompanies();
  const [f, setF] = React.useState<PolicyForm>(() => policyFormOf(contract));
  const [shown, setShown] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const set = <K extends keyof PolicyForm>(k: K, v: PolicyForm[K]) => setF((p) => ({ ...p, [k]: v }));
  const errors = shown ? policyErrors(f) : {};
  async function save() {
    setShown(true);
    if (Object.keys(policyErrors(f)).length) return;
    setBusy(true);
    setError(null);
    try {
      const { kind, companyId, ...policy } = f;
      onSaved(await saveManualStep(contract.id, { policy: { ...policy, series: policy.series.trim() || null, premium: policy.premium! } }, { calculation: { kind }, companyId }));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <section className="oy-manual__step" aria-label="Полис">
      <div className="oy-manual__grid">
        <Field label="Вид страхования" htmlFor="m-kind" required>
          <Dropdown id="m-kind" aria-label="Вид страхования" options={kindOptions} sorted={false} allowClear={false} value={f.kind} onChange={(v) => v && set('kind', v as ManualKind)} />
        </Field>
        <Field label="Страховая компания" htmlFor="m-company" required>
          <Dropdown id="m-company" aria-label="Страховая компания" options={companies} allowClear={false} value={f.companyId} onChange={(v) => v && set('companyId', v as string)} />
        </Field>
        <Field label="Серия полиса" htmlFor="m-series">
          <Input id="m-series" value={f.series} maxLength={10} onChange={(e) => set('series', e.target.value)} />
        </Field>
        <Field label="Номер полиса" htmlFor="m-number" required error={errors.number}>
          <Input id="m-number" value={f.number} maxLength={40} status={errors.number ? 'error' : undefined} onChange={(e) => set('number', e.target.value)} />
        </Field>
        <DateField id="m-issue" label="Дата выдачи" value={f.issueDate} onChange={(v) => set('issueDate', v)} error={errors.issueDate} />
        <span />
        <DateField id="m-start" label="Начало действия" value={f.startDate} onChange={(v) => set('startDate', v)} error={errors.startDate} />
        <DateField id="m-end" label="Окончание действия" value={f.endDate} onChange={(v) => set('endDate', v)} error={errors.endDate} />
        <Field label="Страховая премия" htmlFor="m-premium" required error={errors.premium}>
          <MoneyInput id="m-premium" value={f.premium} onChange={(v) => set('premium', v)} error={errors.premium} />
        </Field>
        <span />
        <Field label="Как оплачен" htmlFor="m-way" required>
          <Dropdown id="m-way" aria-label="Как оплачен" options={wayOptions} sorted={false} allowClear={false} value={f.paymentWay} onChange={(v) => v && set('paymentWay', v as PolicyForm['paymentWay'])} />
        </Field>
        <DateField id="m-paid" label="Дата оплаты" value={f.paidAt} onChange={(v) => set('paidAt', v)} error={errors.paidAt} />
      </div>
      <StepActions busy={busy} error={error} onNext={() => void save()} />
    </section>
  );
}

function InsurantStep({ contract, onSaved }: { contract: ContractDetails; onSaved(c: ContractDetails): void }) {
  const saved = (contract.details as Partial<ManualDetails>).insurant;
  const [f, setF] = React.useState<ManualInsurant>(() => ({ clientId: saved?.clientId ?? null, name: saved?.name ?? '', birthDate: saved?.birthDate ?? null, phone: saved?.phone ?? null }));
  const [shown, setShown] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const nameError = shown && !f.name.trim() ? 'Укажите страхователя' : undefined;
  async function save() {
    setShown(true);
    if (!f.name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveManualStep(contract.id, { insurant: { ...f, name: f.name.trim(), phone: f.phone || null } }));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <section className="oy-manual__step" aria-label="Страхователь">
      <ClientPicker
        id="m-client"
        onPick={(card) => setF({ clientId: card.client.id, name: card.client.name, birthDate: card.client.birthDate ?? null, phone: card.client.phone ?? null })}
        pickedText={(card) => `Из карточки клиента: ${card.client.name}`}
      />
      <div className="oy-manual__grid">
        <Field label="Страхователь (ФИО или организация)" htmlFor="m-name" required error={nameError}>
          <Input id="m-name" value={f.name} maxLength={300} status={nameError ? 'error' : undefined} onChange={(e) => setF((p) => ({ ...p, name: e.target.value, clientId: null }))} />
        </Field>
        <DateField id="m-birth" label="Дата рождения" required={false} value={f.birthDate ?? ''} onChange={(v) => setF((p) => ({ ...p, birthDate: v || null }))} />
        <Field label="Телефон" htmlFor="m-phone">
          <PhoneInput id="m-phone" value={f.phone ?? ''} onChange={(v: string) => setF((p) => ({ ...p, phone: v }))} />
        </Field>
      </div>
      <StepActions busy={busy} error={error} onNext={() => void save()} />
    </section>
  );
}

function ObjectStep({ contract, onSaved }: { contract: ContractDetails; onSaved(c: ContractDetails): void }) {
  const kind = (contract.calculation as unknown as ManualCalculation).kind;
  const by = MANUAL_OBJECT_OF[kind];
  const [f, setF] = React.useState<ManualObject>(() => ({ ...(contract.details as Partial<ManualDetails>).object }));
  const [shown, setShown] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const missing = missingManualDetail({ policy: {} as ManualPolicy, insurant: { name: 'x' } as ManualInsurant, object: f }, kind);
  const fieldError = shown && missing ? missing.message : undefined;
  const set = (k: keyof ManualObject, v: string) => setF((p) => ({ ...p, [k]: v || null }));
  async function save() {
    setShown(true);
    if (missing) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveManualStep(contract.id, { object: f }));
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <section className="oy-manual__step" aria-label="Объект страхования">
      {by === 'vehicle' ? (
        <div className="oy-manual__grid">
          <Field label="Госномер" htmlFor="m-plate" error={fieldError}>
            <Input id="m-plate" value={f.plate ?? ''} maxLength={12} status={fieldError ? 'error' : undefined} onChange={(e) => set('plate', e.target.value.toUpperCase())} />
          </Field>
          <Field label="VIN" htmlFor="m-vin">
            <VinInput id="m-vin" value={f.vin ?? ''} onChange={(v: string) => set('vin', v)} />
          </Field>
          <Field label="Марка" htmlFor="m-make">
            <Input id="m-make" value={f.make ?? ''} maxLength={60} onChange={(e) => set('make', e.target.value)} />
          </Field>
          <Field label="Модель" htmlFor="m-model">
            <Input id="m-model" value={f.model ?? ''} maxLength={60} onChange={(e) => set('model', e.target.value)} />
          </Field>
        </div>
      ) : by === 'address' ? (
        <Field label="Адрес застрахованного имущества" htmlFor="m-address" required error={fieldError}>
          <Input id="m-address" value={f.address ?? ''} maxLength={500} status={fieldError ? 'error' : undefined} onChange={(e) => set('address', e.target.value)} />
        </Field>
      ) : (
        <Field label="Что застраховано (страна поездки, застрахованные)" htmlFor="m-description" required error={fieldError}>
          <Input.TextArea id="m-description" rows={3} value={f.description ?? ''} maxLength={1000} status={fieldError ? 'error' : undefined} onChange={(e) => set('description', e.target.value)} />
        </Field>
      )}
      <StepActions busy={busy} error={error} onNext={() => void save()} />
    </section>
  );
}

/** The scan: PDF, JPEG or PNG through the contract's files, with the insurer's «Скан полиса» type. */
function ScanStep({ contract, onFiles, onNext }: { contract: ContractDetails; onFiles(c: ContractDetails): void; onNext(): void }) {
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const scans = contract.files.filter((f) => f.typeName === MANUAL_SCAN_FILE_TYPE);
  async function attach(files: File[]) {
    setBusy(true);
    setError(null);
    try {
      const type = (await companyFileTypes(contract.companyId!)).find((t) => t.name === MANUAL_SCAN_FILE_TYPE);
      if (!type) throw new Error('У страховщика нет типа файла «Скан полиса»');
      const answer = await attachContractFiles(contract.id, type._id, files);
      onFiles({ ...contract, files: answer.data.files });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="oy-manual__step" aria-label="Скан полиса">
      <p className="oy-manual__muted">{MANUAL_TEXTS.scanHint}</p>
      {scans.length ? (
        <ul className="oy-manual__files">
          {scans.map((f) => (
            <li key={f._id}>
              <a href={contractFileUrl(contract.id, f._id)}>{f.uploadFileName}</a> <span className="oy-manual__muted">{formatFileSize(f.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        type="file"
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        hidden
        aria-label="Файл скана полиса"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void attach(files);
        }}
      />
      <div className="oy-manual__actions">
        <Button loading={busy} onClick={() => input.current?.click()}>
          {scans.length ? 'Прикрепить ещё' : 'Прикрепить скан'}
        </Button>
        <Button type="primary" onClick={() => (missingManualScan(contract.files) ? setError(MANUAL_TEXTS.scanMissing) : onNext())}>
          Далее
        </Button>
      </div>
      {error ? <p className="oy-manual__error" role="alert">{error}</p> : null}
    </section>
  );
}

function CheckStep({ contract, onSent }: { contract: ContractDetails; onSent(): void }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const kind = (contract.calculation as unknown as ManualCalculation).kind;
  const missing = missingManualDetail(contract.details as Partial<ManualDetails>, kind) ?? missingManualScan(contract.files);
  async function send() {
    setBusy(true);
    setError(null);
    try {
      await sendManual(contract.id);
      onSent();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <section className="oy-manual__step" aria-label="Проверка и отправка">
      <dl className="oy-manual__facts">
        <div><dt>Полис</dt><dd>{contract.policyNumber ?? '—'}</dd></div>
        <div><dt>Страховщик</dt><dd>{contract.companyName ?? '—'}</dd></div>
        <div><dt>Срок действия</dt><dd>{contract.startDate ? `с ${formatDate(contract.startDate)} по ${formatDate(contract.endDate)}` : '—'}</dd></div>
        <div><dt>Скан</dt><dd>{contract.files.filter((f) => f.typeName === MANUAL_SCAN_FILE_TYPE).map((f) => f.uploadFileName).join(', ') || '—'}</dd></div>
      </dl>
      <SummaryBlocks blocks={contract.summary} />
      {missing ? <p className="oy-manual__error" role="alert">Осталось: {missing.message}</p> : null}
      {error ? <p className="oy-manual__error" role="alert">{error}</p> : null}
      <div className="oy-manual__actions">
        <Button type="primary" loading={busy} disabled={!!missing} onClick={() => void send()}>
          {MANUAL_TEXTS.send}
        </Button>
      </div>
    </section>
  );
}

function StepActions({ busy, error, onNext }: { busy: boolean; error: string | null; onNext(): void }) {
  return (
    <>
      {error ? <p className="oy-manual__error" role="alert">{error}</p> : null}
      <div className="oy-manual__actions">
        <Button type="primary" loading={busy} onClick={onNext}>
          Далее
        </Button>
      </div>
    </>
  );
}

/** `manual/contracts/{id}/{step}`: the draft's steps on the stepper; a contract past its draft is shown on its page. */
export function ManualStepsPage() {
  const { contractId = '', step = 'policy' } = useParams();
  const navigate = useNavigate();
  const { state, reload, update } = useLoad(() => getContract(contractId), [contractId], { keepPrevious: true });
  const title = HEADING;
  if (state.status === 'loading') return <PageFrame title={title} section={SECTION}><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return (
      <PageFrame title={title} section={SECTION}>
        <ErrorState title={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} message={state.message} onRetry={reload} />
      </PageFrame>
    );
  }
  const c = state.data;
  const key: ManualStepKey = isManualStep(step) ? step : 'policy';
  const index = MANUAL_STEP_KEYS.indexOf(key);
  const go = (to: ManualStepKey) => navigate(manualStepPath(c.id, to));
  const next = (saved: ContractDetails) => {
    update(() => saved);
    go(MANUAL_STEP_KEYS[index + 1]);
  };
  const back = { to: `/contracts/${c.id}`, label: 'Договор' };
  if (c.product !== 'manual' || c.status !== CONTRACT_STATUS.draft) {
    return (
      <PageFrame title={title} back={back} section={SECTION}>
        <p className="oy-manual__muted">
          {c.product !== 'manual' ? MANUAL_TEXTS.notManual : `Полис в статусе «${c.statusTitle}»: его данные уже не меняются.`} <Link to={`/contracts/${c.id}`}>Открыть договор</Link>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`${title}: ${c.productName}`} back={back} section={SECTION}>
      {c.insurerMessage ? <p className="oy-manual__warning" role="alert">{MANUAL_TEXTS.returned(c.insurerMessage)}</p> : null}
      <Stepper titlePlacement="vertical" steps={MANUAL_STEPS.map((s) => s.title)} current={index} onChange={(i) => go(MANUAL_STEP_KEYS[i])} />
      <h2 className="oy-manual__heading">{MANUAL_STEPS[index].title}</h2>
      {key === 'policy' ? <PolicyStep key={c.id} contract={c} onSaved={next} /> : null}
      {key === 'insurant' ? <InsurantStep key={c.id} contract={c} onSaved={next} /> : null}
      {key === 'object' ? <ObjectStep key={c.id} contract={c} onSaved={next} /> : null}
      {key === 'scan' ? <ScanStep contract={c} onFiles={(n) => update(() => n)} onNext={() => go('check')} /> : null}
      {key === 'check' ? <CheckStep contract={c} onSent={() => navigate(`/contracts/${c.id}`)} /> : null}
    </PageFrame>
  );
}
