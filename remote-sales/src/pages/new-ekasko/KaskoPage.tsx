import * as React from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  KASKO_ANTI_THEFT,
  KASKO_ANTI_THEFT_TITLES,
  KASKO_DEDUCTIBLES,
  KASKO_DEDUCTIBLE_TITLES,
  KASKO_INSTALMENTS,
  KASKO_INSTALMENT_TITLES,
  KASKO_MAX_DRIVERS,
  KASKO_PHOTO_TYPES,
  KASKO_REGIONS,
  KASKO_REGION_TITLES,
  RENEW_QUERY,
  formatMoney,
  missingKaskoDetail,
  missingKaskoPhoto,
  toIsoDate,
  formatDate,
  factorReason,
  type KaskoCalculateRequest,
  type RenewalQuote,
  type KaskoContractDetails,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Checkbox, ClientPicker, DateInput, Dropdown, FormBlock, Input, IntegerInput, MoneyInput, PhoneInput, Spin, Stepper, Field, VehiclePicker } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { attachContractFiles, companyFileTypes, getContract, sendContract } from '../../api/contracts';
import { renewalQuote } from '../../api/renewals';
import { createKaskoContract, quoteKasko, saveKaskoDetails, type KaskoOfferWire, type KaskoQuote } from '../../api/ekasko';
import { CommissionChips, RefusalsList, carryRenewalDetails } from '../../components/calculator';
import { KASKO_FORM_STEPS, initialKaskoValues, kaskoDetailsWithClient, kaskoErrors, kaskoValuesOf, kaskoValuesWithVehicle, toKaskoRequest, type KaskoValues } from './kaskoForm';
import './kasko.css';

const TITLE = 'Калькулятор Е-КАСКО';
const options = <K extends string | number>(keys: readonly K[], titles: Record<K, string>) => keys.map((k) => ({ key: String(k), value: k, text: titles[k] }));
/** What the offers are for, in one line: «Kia Rio, 2021 · страховая сумма 1 800 000,00 ₽ · 1 водитель · Два платежа». */
export function calculatedText(v: KaskoValues): string {
  const drivers = v.unrestricted ? 'без ограничения водителей' : `водителей: ${v.drivers.length}`;
  return [`${v.make} ${v.model}, ${v.year ?? ''}`.trim(), `страховая сумма ${formatMoney(v.sumInsured ?? 0)}`, drivers, KASKO_INSTALMENT_TITLES[v.instalments], `с ${v.startDate}`].join(' · ');
}
const STEP_TITLES = [...KASKO_FORM_STEPS.map((s) => s.title), 'Предложения страховщиков'];

/** The pre-fill of «Оформить КАСКО на этот автомобиль» (query make, model, year, plate, vin). */
function carOf(q: URLSearchParams) {
  const year = Number(q.get('year'));
  return { make: q.get('make') ?? undefined, model: q.get('model') ?? undefined, year: Number.isInteger(year) && year > 0 ? year : undefined, plate: q.get('plate') ?? undefined, vin: q.get('vin') ?? undefined };
}

/** One insurer's offer: premium, payments, every factor with its reason, «Ваше КВ» (hidden from sub-agents by the api). */
export function KaskoOfferCard({ offer, onChoose }: { offer: KaskoOfferWire; onChoose(o: KaskoOfferWire): Promise<string | null> }) {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  return (
    <article className="oy-kasko-offer" aria-label={offer.companyName}>
      <header className="oy-kasko-offer__head">
        <h3>{offer.companyName}</h3>
        <span className="oy-kasko-offer__premium">{formatMoney(offer.premium)}</span>
      </header>
      {offer.instalments.length > 1 ? <p className="oy-kasko-offer__payments">Платежи: {offer.instalments.map((a) => formatMoney(a)).join(' + ')}</p> : null}
      <div className="oy-kasko-offer__chips">
        <CommissionChips offer={offer} chip="oy-kasko-offer__chip" />
      </div>
      <dl className="oy-kasko-offer__factors" aria-label={`Множители: ${offer.companyName}`}>
        {offer.factors.map((f) => (
          <div key={f.key} title={factorReason(f.why)}>
            <dt>{f.label}</dt>
            <dd>{f.text}</dd>
          </div>
        ))}
      </dl>
      {offer.clamps.map((c) => (
        <p key={c} className="oy-kasko-offer__note">{c}</p>
      ))}
      <Button
        type="primary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const problem = await onChoose(offer);
          if (problem) {
            setError(problem);
            setBusy(false);
          }
        }}
      >
        Оформить
      </Button>
      {error ? <p role="alert" className="oy-kasko__error">{error}</p> : null}
    </article>
  );
}

/** The offers, cheapest first (the api's order), then the refusals with their reasons. */
export function KaskoOffers({ quote, onChoose }: { quote: KaskoQuote; onChoose(o: KaskoOfferWire): Promise<string | null> }) {
  return (
    <div className="oy-kasko__offers">
      {quote.offers.length ? quote.offers.map((o) => <KaskoOfferCard key={o.companyId} offer={o} onChoose={onChoose} />) : <EmptyState text="Ни один страховщик не сделал предложение" />}
      <RefusalsList refusals={quote.refusals} className="oy-kasko__refusals" />
      {quote.offers.length ? <p className="oy-kasko__muted">{quote.offers[0].notes[0]}</p> : null}
    </div>
  );
}

function Calculator() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const renew = query.get(RENEW_QUERY);
  const [values, setValues] = React.useState<KaskoValues>(() => initialKaskoValues(carOf(query)));
  const [step, setStep] = React.useState(0);
  const [shown, setShown] = React.useState(-1);
  const [quote, setQuote] = React.useState<{ status: 'idle' | 'loading' } | { status: 'error'; message: string } | { status: 'ready'; quote: KaskoQuote }>({ status: 'idle' });
  const [renews, setRenews] = React.useState<RenewalQuote | null>(null);
  const set = <K extends keyof KaskoValues>(k: K, v: KaskoValues[K]) => setValues((p) => ({ ...p, [k]: v }));

  // «Пересчитать» from the renewals: the stored calculation with the new start date.
  React.useEffect(() => {
    if (!renew) return;
    renewalQuote(renew).then(
      (r) => {
        setRenews(r);
        // A policy entered by hand: a blank form with its car and the new start; otherwise the stored calculation.
        setValues(r.fromManual ? { ...initialKaskoValues((r.calculation.vehicle ?? {}) as Partial<KaskoValues>), startDate: formatDate(r.startDate) } : kaskoValuesOf(r.calculation as unknown as KaskoCalculateRequest));
      },
      () => undefined,
    );
  }, [renew]);

  const errors = kaskoErrors(values, Math.min(shown, 2));
  const stepHasErrors = (i: number) => Object.keys(kaskoErrors(values, i)).some((p) => (KASKO_FORM_STEPS[i].fields as readonly string[]).some((f) => p === f || p.startsWith(`${f}.`) || p.startsWith(`${f}[`)));
  const status = (i: number) => (shown < i ? null : stepHasErrors(i) ? 'invalid' : 'valid');

  async function runQuote() {
    setQuote({ status: 'loading' });
    try {
      setQuote({ status: 'ready', quote: await quoteKasko(toKaskoRequest(values)) });
    } catch (e) {
      setQuote({ status: 'error', message: errorText(e) });
    }
  }
  function next() {
    setShown((s) => Math.max(s, step));
    if (stepHasErrors(step)) return;
    if (step === 2) void runQuote();
    setStep(step + 1);
  }
  async function choose(o: KaskoOfferWire): Promise<string | null> {
    try {
      const c = await createKaskoContract(toKaskoRequest(values), o.companyId, renew);
      // From a policy entered by hand: its insurant and contacts go with the contract as a pre-fill.
      if (renews?.fromManual) await carryRenewalDetails('ekasko', c.id, renews);
      navigate(`/new-ekasko/${c.id}`);
      return null;
    } catch (e) {
      return errorText(e);
    }
  }
  const err = (p: string) => errors[p];
  const money = values.sumInsured;

  return (
    <>
      <Stepper steps={STEP_TITLES} current={step} onChange={setStep} titlePlacement="vertical" />
      {step === 0 ? (
        <FormBlock title="Автомобиль" status={status(0)}>
          <VehiclePicker onPick={(v) => setValues((p) => kaskoValuesWithVehicle(p, v))} />
          <div className="oy-kasko__grid">
            <Field label="Марка" htmlFor="k-make" error={err('vehicle.make')} required>
              <Input id="k-make" value={values.make} maxLength={100} onChange={(e) => set('make', e.target.value)} />
            </Field>
            <Field label="Модель" htmlFor="k-model" error={err('vehicle.model')} required>
              <Input id="k-model" value={values.model} maxLength={100} onChange={(e) => set('model', e.target.value)} />
            </Field>
            <Field label="Год выпуска" htmlFor="k-year" error={err('vehicle.year')} required>
              <IntegerInput id="k-year" value={values.year} onChange={(v) => set('year', v)} />
            </Field>
            <Field label="Госномер" htmlFor="k-plate" error={err('vehicle.plate')}>
              <Input id="k-plate" value={values.plate} maxLength={12} placeholder="А123ВС777" onChange={(e) => set('plate', e.target.value)} />
            </Field>
            <Field label="VIN" htmlFor="k-vin" error={err('vehicle.vin')}>
              <Input id="k-vin" value={values.vin} maxLength={17} onChange={(e) => set('vin', e.target.value)} />
            </Field>
            <Field label="Страховая сумма (рыночная цена)" htmlFor="k-sum" error={err('sumInsured')} required>
              <MoneyInput id="k-sum" value={money} onChange={(v) => set('sumInsured', v)} />
            </Field>
          </div>
          <Checkbox checked={values.highTheft} onChange={(e) => set('highTheft', e.target.checked)}>
            Модель в списке угоняемых
          </Checkbox>
          <p className="oy-kasko__muted">Укажите госномер или VIN.</p>
        </FormBlock>
      ) : null}
      {step === 1 ? (
        <FormBlock title="Водители" status={status(1)}>
          <Checkbox checked={values.unrestricted} onChange={(e) => set('unrestricted', e.target.checked)}>
            Без ограничения списка водителей
          </Checkbox>
          {err('drivers') ? <p className="oy-kasko__error" role="alert">{err('drivers')}</p> : null}
          {values.unrestricted
            ? null
            : values.drivers.map((d, i) => (
                <fieldset key={i} className="oy-kasko__driver">
                  <legend>
                    Водитель {i + 1}{' '}
                    {values.drivers.length > 1 ? (
                      <Button type="link" size="small" onClick={() => set('drivers', values.drivers.filter((_, j) => j !== i))}>
                        Убрать
                      </Button>
                    ) : null}
                  </legend>
                  <Field label="Дата рождения" htmlFor={`k-d${i}-b`} error={err(`drivers[${i}].birthDate`)} required>
                    <DateInput id={`k-d${i}-b`} value={d.birthDate} onChange={(v) => set('drivers', values.drivers.map((x, j) => (j === i ? { ...x, birthDate: v } : x)))} />
                  </Field>
                  <Field label="Стаж с" htmlFor={`k-d${i}-e`} error={err(`drivers[${i}].experienceSince`)} required>
                    <DateInput id={`k-d${i}-e`} value={d.experienceSince} onChange={(v) => set('drivers', values.drivers.map((x, j) => (j === i ? { ...x, experienceSince: v } : x)))} />
                  </Field>
                </fieldset>
              ))}
          {!values.unrestricted && values.drivers.length < KASKO_MAX_DRIVERS ? <Button onClick={() => set('drivers', [...values.drivers, { birthDate: '', experienceSince: '' }])}>Добавить водителя</Button> : null}
        </FormBlock>
      ) : null}
      {step === 2 ? (
        <FormBlock title="Условия страхования" status={status(2)}>
          <div className="oy-kasko__grid">
            <Field label="Франшиза" htmlFor="k-ded" error={err('deductible')}>
              <Dropdown id="k-ded" value={values.deductible} options={options(KASKO_DEDUCTIBLES, KASKO_DEDUCTIBLE_TITLES)} allowClear={false} sorted={false} onChange={(v) => v && set('deductible', v as never)} />
            </Field>
            <Field label="Противоугонная система" htmlFor="k-at" error={err('antiTheft')}>
              <Dropdown id="k-at" value={values.antiTheft} options={options(KASKO_ANTI_THEFT, KASKO_ANTI_THEFT_TITLES)} allowClear={false} sorted={false} onChange={(v) => v && set('antiTheft', v as never)} />
            </Field>
            <Field label="Оплата" htmlFor="k-inst" error={err('instalments')}>
              <Dropdown id="k-inst" value={values.instalments} options={options(KASKO_INSTALMENTS, KASKO_INSTALMENT_TITLES)} allowClear={false} sorted={false} onChange={(v) => v && set('instalments', v as never)} />
            </Field>
            <Field label="Регион использования" htmlFor="k-reg" error={err('region')}>
              <Dropdown id="k-reg" value={values.region} options={options(KASKO_REGIONS, KASKO_REGION_TITLES)} allowClear={false} sorted={false} onChange={(v) => v && set('region', v as never)} />
            </Field>
            <Field label="Начало действия полиса" htmlFor="k-start" error={err('startDate')} required>
              <DateInput id="k-start" value={values.startDate} onChange={(v) => set('startDate', v)} />
            </Field>
          </div>
        </FormBlock>
      ) : null}
      {step < 3 ? (
        <div className="oy-kasko__actions">
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>Назад</Button> : null}
          <Button type="primary" onClick={next}>
            {step === 2 ? 'Рассчитать' : 'Далее'}
          </Button>
        </div>
      ) : null}
      {step === 3 ? (
        <div className="oy-kasko__calculated">
          <p className="oy-kasko__muted" aria-label="Что рассчитано">
            {calculatedText(values)}
          </p>
          <Button onClick={() => setStep(2)}>Изменить условия</Button>
        </div>
      ) : null}
      {step < 3 ? null : quote.status === 'loading' ? (
        <div className="oy-kasko__loading" role="status">
          <Spin /> <span>Запрашиваем страховщиков…</span>
        </div>
      ) : quote.status === 'error' ? (
        <ErrorState title="Не удалось рассчитать" message={quote.message} onRetry={() => void runQuote()} />
      ) : quote.status === 'ready' ? (
        <KaskoOffers quote={quote.quote} onChoose={choose} />
      ) : null}
    </>
  );
}

type Photos = Record<string, number>;
const DETAIL_TEXT = (d: Partial<KaskoContractDetails>, path: string) => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), d) as string | undefined;

/** The contract's details after the offer was chosen: saved as the agent goes (a reload resumes), the photos, «Отправить страховщику». */
function Details({ contractId }: { contractId: string }) {
  const navigate = useNavigate();
  const { state, reload, refresh } = useLoad(async () => {
    const c = await getContract(contractId);
    const types = c.companyId ? await companyFileTypes(c.companyId) : [];
    return { c, types };
  }, [contractId]);
  const [details, setDetails] = React.useState<Partial<KaskoContractDetails> | null>(null);
  const [saving, setSaving] = React.useState<'idle' | 'saving' | 'saved' | string>('idle');
  const [problem, setProblem] = React.useState<{ field: string; message: string } | null>(null);
  const [sending, setSending] = React.useState(false);
  const [uploading, setUploading] = React.useState<string | null>(null);
  // The texts are typed uncontrolled (saved on blur): a picked client remounts them with its values.
  const [picks, setPicks] = React.useState(0);
  /** The saves of the details, chained; the newest details asked to be saved. */
  const saveQueue = React.useRef<Promise<void>>(Promise.resolve());
  const latestSave = React.useRef<Partial<KaskoContractDetails> | null>(null);

  React.useEffect(() => {
    if (state.status === 'ready' && details === null) setDetails(state.data.c.details as unknown as Partial<KaskoContractDetails>);
  }, [state, details]);
  React.useEffect(() => {
    const bus = getRuntime().bus;
    const subs = [bus.on('contract_status'), bus.on('contract_files')].map((events) => events.subscribe((e) => e.contractId === contractId && reload()));
    // Back after the socket was away: read again in place (the details being typed stay).
    subs.push(bus.back$.subscribe(() => refresh()));
    return () => subs.forEach((s) => s.unsubscribe());
  }, [contractId, reload, refresh]);

  if (state.status === 'loading' || (state.status === 'ready' && !details)) return <LoadingBlock variant="page" />;
  if (state.status === 'error') return <ErrorState title="Не удалось открыть договор" message={state.message} onRetry={reload} />;
  const { c, types } = state.data;
  const calc = c.calculation as unknown as KaskoCalculateRequest;
  const d = details!;
  const photos: Photos = {};
  for (const f of c.files) if (f.typeName) photos[f.typeName] = (photos[f.typeName] ?? 0) + 1;
  const named = calc.unrestricted ? 0 : (calc.drivers ?? []).length;

  // Each save sends the whole details: one at a time and in order, the newest waiting for the one in flight
  // (two overlapping PATCHes could land the older last and drop a field — seen as «Укажите e-mail клиента»
  // after the e-mail was saved, on a loaded machine). Sending waits for them too.
  async function save(next: Partial<KaskoContractDetails>) {
    setDetails(next);
    setSaving('saving');
    latestSave.current = next;
    const turn = saveQueue.current.then(() => (latestSave.current === next ? saveKaskoDetails(contractId, next) : undefined));
    saveQueue.current = turn.then(
      () => undefined,
      () => undefined,
    );
    try {
      await turn;
      if (latestSave.current === next) setSaving('saved');
    } catch (e) {
      setSaving(errorText(e));
    }
  }
  const setPath = (path: string, value: string) => {
    const keys = path.split('.');
    const copy = JSON.parse(JSON.stringify(d)) as Record<string, any>;
    let o = copy;
    for (const k of keys.slice(0, -1)) o = o[k] = o[k] ?? {};
    o[keys.at(-1)!] = value;
    void save(copy as Partial<KaskoContractDetails>);
  };
  const text = (path: string, label: string, opts: { iso?: boolean; required?: boolean } = {}) => {
    const v = DETAIL_TEXT(d, path) ?? '';
    const id = `kd-${path.replace(/\W/g, '-')}`;
    return (
      <Field label={label} htmlFor={id} error={problem?.field === `details.${path}` ? problem.message : undefined} required={opts.required ?? true}>
        {opts.iso ? (
          <DateInput id={id} value={v ? formatDate(v) : ''} onChange={(x) => setPath(path, toIsoDate(x) ?? '')} />
        ) : path === 'contacts.phone' ? (
          <PhoneInput id={id} value={v} onChange={(x) => setPath(path, x)} />
        ) : (
          <Input id={id} defaultValue={v} onBlur={(e) => e.target.value !== v && setPath(path, e.target.value.trim())} />
        )}
      </Field>
    );
  };
  async function upload(typeName: string, files: FileList | null) {
    const type = types.find((t) => t.name === typeName);
    if (!files?.length || !type) return;
    setUploading(typeName);
    try {
      await attachContractFiles(contractId, type._id, [...files]);
      reload();
    } catch (e) {
      setProblem({ field: 'files', message: errorText(e) });
    } finally {
      setUploading(null);
    }
  }
  async function send() {
    const missing = missingKaskoDetail(d, calc) ?? missingKaskoPhoto(c.files);
    setProblem(missing);
    if (missing) return;
    setSending(true);
    try {
      await saveQueue.current;
      await sendContract(contractId);
      navigate(`/contracts/${contractId}`);
    } catch (e) {
      setProblem({ field: '', message: errorText(e) });
      setSending(false);
    }
  }
  const editable = c.status === 106 || c.status === 220;

  return (
    <>
      <p className="oy-kasko__muted">
        {c.companyName}: {formatMoney(c.premium ?? 0)} · {calc.vehicle.make} {calc.vehicle.model}, {calc.vehicle.year}
        {saving === 'saving' ? ' · Сохраняем…' : saving === 'saved' ? ' · Сохранено' : saving === 'idle' ? null : <span className="oy-kasko__error"> · {saving}</span>}
      </p>
      {!editable ? (
        <EmptyState text="Договор уже отправлен страховщику">
          <Button onClick={() => navigate(`/contracts/${contractId}`)}>Открыть договор</Button>
        </EmptyState>
      ) : (
        <>
          <FormBlock title="Страхователь" status={problem?.field.startsWith('details.insurant') ? 'invalid' : null}>
            <ClientPicker
              onPick={(card) => {
                setPicks((n) => n + 1);
                void save(kaskoDetailsWithClient(d, card, calc));
              }}
            />
            <div className="oy-kasko__grid" key={`insurant-${picks}`}>
              {text('insurant.lastName', 'Фамилия')}
              {text('insurant.firstName', 'Имя')}
              {text('insurant.middleName', 'Отчество', { required: false })}
              {text('insurant.birthDate', 'Дата рождения', { iso: true })}
              {text('insurant.passport.series', 'Серия паспорта')}
              {text('insurant.passport.number', 'Номер паспорта')}
              {text('insurant.passport.issuedAt', 'Дата выдачи', { iso: true })}
              {text('insurant.passport.issuer', 'Кем выдан')}
            </div>
            <div key={`address-${picks}`}>{text('insurant.address', 'Адрес регистрации')}</div>
          </FormBlock>
          <FormBlock title="Автомобиль, водители и контакты" status={problem && /^details\.(vehicle|driverNames|contacts)/.test(problem.field) ? 'invalid' : null}>
            <div className="oy-kasko__grid" key={`contacts-${picks}`}>
              {calc.vehicle.vin ? null : text('vehicle.vin', 'VIN')}
              {Array.from({ length: named }, (_, i) => (
                <Field key={i} label={`ФИО водителя ${i + 1}`} htmlFor={`kd-driver-${i}`} error={problem?.field === `details.driverNames[${i}]` ? problem.message : undefined} required>
                  <Input
                    id={`kd-driver-${i}`}
                    defaultValue={d.driverNames?.[i] ?? ''}
                    onBlur={(e) => {
                      const names = Array.from({ length: named }, (_, j) => d.driverNames?.[j] ?? '');
                      names[i] = e.target.value.trim();
                      if (names[i] !== (d.driverNames?.[i] ?? '')) void save({ ...d, driverNames: names });
                    }}
                  />
                </Field>
              ))}
              {text('contacts.phone', 'Телефон клиента')}
              {text('contacts.email', 'E-mail клиента')}
            </div>
          </FormBlock>
          <FormBlock title="Фото осмотра" status={problem?.field === 'files' ? 'invalid' : null}>
            <p className="oy-kasko__muted">Страховщик принимает автомобиль по фото: снимите его с телефона — на узком экране откроется камера.</p>
            <ul className="oy-kasko__photos">
              {KASKO_PHOTO_TYPES.map((t) => (
                <li key={t}>
                  <span>{t}</span>
                  <span className={photos[t] ? 'oy-kasko__ok' : 'oy-kasko__muted'}>{photos[t] ? `загружено: ${photos[t]}` : 'нет фото'}</span>
                  <label className="oy-kasko__upload">
                    {uploading === t ? <Spin size="small" /> : photos[t] ? 'Добавить' : 'Загрузить'}
                    <input type="file" accept="image/*" capture="environment" aria-label={t} onChange={(e) => void upload(t, e.target.files)} hidden />
                  </label>
                </li>
              ))}
            </ul>
          </FormBlock>
          {problem ? (
            <p className="oy-kasko__error" role="alert">
              {problem.message}
            </p>
          ) : null}
          <div className="oy-kasko__actions">
            <Button type="primary" loading={sending} onClick={() => void send()}>
              Отправить страховщику
            </Button>
          </div>
        </>
      )}
    </>
  );
}

/** /app/new-ekasko (the calculator) and /app/new-ekasko/:contractId (the chosen offer's details). */
export default function KaskoPage() {
  const { step } = useParams();
  return (
    <PageFrame title={step ? 'Оформление Е-КАСКО' : TITLE} section="new-ekasko" back={step ? { to: '/new-ekasko', label: 'Новый расчёт' } : undefined}>
      <div className="oy-kasko">{step ? <Details contractId={step} /> : <Calculator />}</div>
    </PageFrame>
  );
}
