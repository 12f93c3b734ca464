import * as React from 'react';
import { FieldArray, Formik, getIn, setNestedObjectValues, useFormikContext, type FormikTouched } from 'formik';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  APARTMENT_CONSTRUCTIONS,
  APARTMENT_CONSTRUCTION_TITLES,
  HOUSE_HEATING,
  HOUSE_HEATING_TITLES,
  HOUSE_WALLS,
  HOUSE_WALL_TITLES,
  PROPERTY_MAX_OUTBUILDINGS,
  PROPERTY_PARTS,
  PROPERTY_PART_TITLES,
  PROPERTY_PRODUCTS,
  RENEW_QUERY,
  formatDate,
  formatMoney,
  missingPropertyDetail,
  propertySteps,
  sectionOf,
  type ContractDetails,
  type PropertyCalculateRequest,
  type PropertyContractDetails,
  type PropertyKind,
  type RenewalQuote,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, Checkbox, ClientPicker, DateInput, Dropdown, Field, FormBlock, FormikField, Input, IntegerInput, MoneyInput, Spin, Stepper, type FormBlockStatus } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract, sendContract } from '../../api/contracts';
import { createProductContract, quoteProduct, saveProductDetails, type ProductQuoteAnswer, type RatedOffer } from '../../api/products';
import { renewalQuote } from '../../api/renewals';
import { STEP_FIELDS, initialPropertyValues, isoFromRu, propertyErrors, propertyValuesOf, toPropertyRequest, type PropertyValues } from './propertyForm';
import '../../components/osagoDetails.css';
import '../new-eosago/eosago.css';
import { FormikCheckbox, SuggestedAddress } from '../../components/formikParts';
import { OfferCard, OfferFactors, RefusalsList, carryRenewalDetails } from '../../components/calculator';
import { autoSaveText, useAutoSave } from '../../components/autoSave';
import { withPerson } from '../../components/clientPrefill';
import './property.css';

const options = <K extends string>(keys: readonly K[], titles: Record<K, string>) => keys.map((k) => ({ key: k, text: titles[k] }));
const TEXTS = {
  apartment: { lead: 'Расчёт страхования квартиры у всех страховщиков, продающих его онлайн: адрес, дом, что страхуем и на какие суммы.' },
  house: { lead: 'Расчёт страхования дома у всех страховщиков, продающих его онлайн: адрес, стены и отопление, постройки, что страхуем и на какие суммы.' },
} as const;

type Quote = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ProductQuoteAnswer };

/** One insurer's offer: the premium, «Ваше КВ» (only to whom the api shows it), every factor with why. */
export function PropertyOfferCard({ offer, onIssue }: { offer: RatedOffer; onIssue(offer: RatedOffer): Promise<string | null> }) {
  return (
    <OfferCard offer={offer} issue={onIssue}>
      <OfferFactors offer={offer} label="Факторы" />
      {offer.notes.map((n) => (
        <p key={n} className="oy-property__muted">
          {n}
        </p>
      ))}
    </OfferCard>
  );
}

/** The insurers' answers: offers cheapest first (the api sorts them), refusals with reasons; loading, empty and error states. */
export function PropertyOffers({ quote, onRetry, onIssue }: { quote: Quote; onRetry(): void; onIssue(offer: RatedOffer): Promise<string | null> }) {
  if (quote.status === 'idle') return null;
  if (quote.status === 'loading') {
    return (
      <div className="oy-property__loading" role="status">
        <Spin /> <span>Запрашиваем страховщиков…</span>
      </div>
    );
  }
  if (quote.status === 'error') return <ErrorState title="Не удалось рассчитать" message={quote.message} onRetry={onRetry} />;
  const { offers, refusals } = quote.data;
  return (
    <div className="oy-property__result">
      {offers.length ? (
        <div className="oy-property__offers">
          {offers.map((o) => (
            <PropertyOfferCard key={o.companyId} offer={o} onIssue={onIssue} />
          ))}
        </div>
      ) : (
        <EmptyState text="Ни один страховщик не сделал предложение" />
      )}
      <RefusalsList refusals={refusals} className="oy-property__refusals" />
    </div>
  );
}

const Check = ({ name, children }: { name: 'fireSafety' | 'alarm' | 'seasonal'; children: React.ReactNode }) => <FormikCheckbox name={name}>{children}</FormikCheckbox>;

function ObjectStep({ kind, status }: { kind: PropertyKind; status: FormBlockStatus }) {
  return (
    <FormBlock title={kind === 'apartment' ? 'Квартира и дом, в котором она' : 'Дом'} status={status}>
      <SuggestedAddress label={kind === 'apartment' ? 'Адрес квартиры' : 'Адрес дома'} placeholder="Город, улица, дом, квартира" />
      <div className="oy-steps__grid">
        <FormikField<number | null> name="area" label="Площадь, м²" required>
          {(f) => <IntegerInput {...f} />}
        </FormikField>
        <FormikField<number | null> name="yearBuilt" label="Год постройки" required>
          {(f) => <IntegerInput {...f} />}
        </FormikField>
        {kind === 'apartment' ? (
          <>
            <FormikField<string> name="construction" label="Тип дома" required>
              {(f) => <Dropdown {...f} options={options(APARTMENT_CONSTRUCTIONS, APARTMENT_CONSTRUCTION_TITLES)} sorted={false} />}
            </FormikField>
            <FormikField<number | null> name="floor" label="Этаж" required>
              {(f) => <IntegerInput {...f} />}
            </FormikField>
            <FormikField<number | null> name="floors" label="Этажей в доме" required>
              {(f) => <IntegerInput {...f} />}
            </FormikField>
          </>
        ) : (
          <>
            <FormikField<string> name="walls" label="Материал стен" required>
              {(f) => <Dropdown {...f} options={options(HOUSE_WALLS, HOUSE_WALL_TITLES)} sorted={false} />}
            </FormikField>
            <FormikField<string> name="heating" label="Отопление" required>
              {(f) => <Dropdown {...f} options={options(HOUSE_HEATING, HOUSE_HEATING_TITLES)} sorted={false} />}
            </FormikField>
          </>
        )}
        <FormikField<string> name="startDate" label="Дата начала" required>
          {(f) => <DateInput {...f} />}
        </FormikField>
      </div>
      <div className="oy-property__checks">
        <Check name="fireSafety">Есть средства пожарной безопасности (огнетушитель, датчики дыма)</Check>
        <Check name="alarm">Охранная сигнализация с выводом на пульт</Check>
        {kind === 'house' ? <Check name="seasonal">Сезонное проживание</Check> : null}
      </div>
    </FormBlock>
  );
}

function OutbuildingsStep({ status }: { status: FormBlockStatus }) {
  const { values } = useFormikContext<PropertyValues>();
  return (
    <FormBlock title="Постройки на участке (баня, гараж) — по желанию" status={status}>
      <FieldArray name="outbuildings">
        {({ push, remove }) => (
          <div className="oy-property__outbuildings">
            {values.outbuildings.length ? null : <p className="oy-property__muted">Построек нет — страхуем только дом.</p>}
            {values.outbuildings.map((_, i) => (
              <fieldset key={i} className="oy-steps__grid">
                <legend>
                  Постройка {i + 1}{' '}
                  <Button type="link" size="small" onClick={() => remove(i)} aria-label={`Убрать постройку ${i + 1}`}>
                    Убрать
                  </Button>
                </legend>
                <FormikField<string> name={`outbuildings.${i}.name`} label="Что это" required>
                  {(f) => <Input id={f.id} value={f.value} maxLength={100} placeholder="Баня" onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
                </FormikField>
                <FormikField<string> name={`outbuildings.${i}.walls`} label="Материал стен" required>
                  {(f) => <Dropdown {...f} options={options(HOUSE_WALLS, HOUSE_WALL_TITLES)} sorted={false} />}
                </FormikField>
                <FormikField<number | null> name={`outbuildings.${i}.sum`} label="Страховая сумма" required>
                  {(f) => <MoneyInput {...f} />}
                </FormikField>
              </fieldset>
            ))}
            {values.outbuildings.length < PROPERTY_MAX_OUTBUILDINGS ? <Button onClick={() => push({ name: '', walls: '', sum: null })}>Добавить постройку</Button> : null}
          </div>
        )}
      </FieldArray>
    </FormBlock>
  );
}

function CoverStep({ status }: { status: FormBlockStatus }) {
  const { errors, submitCount, touched } = useFormikContext<PropertyValues>();
  const coverError = typeof errors.cover === 'string' && (submitCount > 0 || touched.cover) ? errors.cover : null;
  return (
    <FormBlock title="Что страхуем: страховая сумма по каждой части (пусто — не страхуем)" status={status}>
      <div className="oy-steps__grid">
        {PROPERTY_PARTS.map((p) => (
          <FormikField<number | null> key={p} name={`cover.${p}`} label={PROPERTY_PART_TITLES[p]}>
            {(f) => <MoneyInput {...f} />}
          </FormikField>
        ))}
      </div>
      {coverError ? (
        <p className="oy-property__error" role="alert">
          {coverError}
        </p>
      ) : null}
    </FormBlock>
  );
}

/** «Страхователь» of a contract made from an offer: saved on the server as the agent types (a reload resumes), then «Отправить страховщику». */
function InsurantStep({ contract, onSent }: { contract: ContractDetails; onSent(): void }) {
  const product = contract.product as 'ifl' | 'ifl_house';
  const [d, setD] = React.useState<Partial<PropertyContractDetails>>(() => ({ insurant: {}, contacts: {}, insurantIsOwner: null, cadastralNumber: null, ...(contract.details as Partial<PropertyContractDetails>) }));
  const [problem, setProblem] = React.useState<{ field: string; message: string } | null>(null);
  const [sending, setSending] = React.useState(false);
  const { state: saved, flush } = useAutoSave(d, (details) => saveProductDetails(product, contract.id, details as Record<string, unknown>), { enabled: true });

  const set = (path: string, value: unknown) => {
    setProblem(null);
    setD((prev) => {
      const [head, ...rest] = path.split('.');
      if (!rest.length) return { ...prev, [head]: value };
      const inner = { ...((prev as Record<string, any>)[head] ?? {}) };
      if (rest.length === 1) inner[rest[0]] = value;
      else inner[rest[0]] = { ...(inner[rest[0]] ?? {}), [rest[1]]: value };
      return { ...prev, [head]: inner };
    });
  };
  const get = (path: string) => path.split('.').reduce<any>((x, k) => (x == null ? x : x[k]), d);
  const errorOf = (path: string) => (problem?.field === `details.${path}` ? problem.message : undefined);
  const text = (path: string, label: string, required = false, max = 100) => (
    <Field key={path} label={label} htmlFor={`f-${path}`} error={errorOf(path)} required={required}>
      <Input id={`f-${path}`} value={get(path) ?? ''} maxLength={max} onChange={(e) => set(path, e.target.value)} status={errorOf(path) ? 'error' : undefined} />
    </Field>
  );
  const date = (path: string, label: string) => (
    <Field key={path} label={label} htmlFor={`f-${path}`} error={errorOf(path)} required>
      <DateInput id={`f-${path}`} name={path} value={get(path) ? formatDate(get(path)) : ''} onChange={(v: string) => set(path, v ? isoFromRu(v) : null)} onBlur={() => undefined} error={errorOf(path)} />
    </Field>
  );

  async function send() {
    const missing = missingPropertyDetail(d);
    if (missing) {
      setProblem(missing);
      document.getElementById(`f-${missing.field.replace(/^details\./, '')}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await flush();
      await sendContract(contract.id);
      onSent();
    } catch (e) {
      const err = e as { body?: { field?: string; message?: string } };
      setProblem({ field: err.body?.field ?? '', message: errorText(e) });
      setSending(false);
    }
  }

  return (
    <>
      <FormBlock title="Страхователь: кто заключает договор" status={problem && problem.field ? 'invalid' : null}>
        <ClientPicker
          onPick={(card) => {
            setProblem(null);
            setD((prev) => withPerson(prev, card.client, 'insurant'));
          }}
        />
        <div className="oy-steps__grid">
          {text('insurant.lastName', 'Фамилия', true)}
          {text('insurant.firstName', 'Имя', true)}
          {text('insurant.middleName', 'Отчество')}
          {date('insurant.birthDate', 'Дата рождения')}
          {text('insurant.passport.series', 'Серия паспорта', true, 4)}
          {text('insurant.passport.number', 'Номер паспорта', true, 6)}
          {date('insurant.passport.issuedAt', 'Дата выдачи')}
          {text('insurant.passport.issuer', 'Кем выдан', false, 300)}
          {text('contacts.phone', 'Телефон', true, 30)}
          {text('contacts.email', 'Эл. почта', false, 120)}
          {text('cadastralNumber', 'Кадастровый номер (если есть)', false, 40)}
        </div>
        <div className="oy-property__checks" id="f-insurantIsOwner" tabIndex={-1}>
          <Checkbox checked={d.insurantIsOwner === true} onChange={(e) => set('insurantIsOwner', e.target.checked ? true : null)}>
            Страхователь — собственник
          </Checkbox>
          <Checkbox checked={d.insurantIsOwner === false} onChange={(e) => set('insurantIsOwner', e.target.checked ? false : null)}>
            Собственник — другое лицо
          </Checkbox>
          {errorOf('insurantIsOwner') ? <div className="oy-property__error">{errorOf('insurantIsOwner')}</div> : null}
        </div>
      </FormBlock>
      {problem && !problem.field.startsWith('details.') ? (
        <p className="oy-property__error" role="alert">
          {problem.message}
        </p>
      ) : null}
      <div className="oy-property__actions">
        <Button type="primary" loading={sending} onClick={() => void send()}>
          Отправить страховщику
        </Button>
        <span className="oy-property__muted" role="status">
          {autoSaveText(saved) ?? 'Сохранено'}
        </span>
      </div>
    </>
  );
}

function Calculator({ kind, initial, startStep, renews }: { kind: PropertyKind; initial: PropertyValues; startStep: number; renews: RenewalQuote | null }) {
  const navigate = useNavigate();
  const steps = propertySteps(kind);
  const product = PROPERTY_PRODUCTS[kind];
  const base = `/new-${product}`;
  const offersStep = steps.findIndex((s) => s.key === 'offers');
  const [step, setStep] = React.useState(startStep);
  const [checked, setChecked] = React.useState<ReadonlySet<number>>(() => new Set());
  const [quote, setQuote] = React.useState<Quote>({ status: 'idle' });
  const priced = React.useRef<PropertyCalculateRequest | null>(null);
  const form = useFormikContext<PropertyValues>();
  const key = steps[step].key;

  const stepErrors = (errors: object, k: string) => (STEP_FIELDS[k] ?? []).filter((n) => getIn(errors, n));
  const status: FormBlockStatus = checked.has(step) ? (stepErrors(form.errors, key).length ? 'invalid' : 'valid') : null;

  async function refused(ks: string[]): Promise<number | null> {
    const errors = await form.validateForm();
    const bad = ks.flatMap((k) => stepErrors(errors, k));
    if (!bad.length) return null;
    void form.setTouched({ ...form.touched, ...setNestedObjectValues<FormikTouched<PropertyValues>>(Object.fromEntries(bad.map((n) => [n, getIn(errors, n)])), true) }, false);
    return steps.findIndex((s) => ks.includes(s.key) && stepErrors(errors, s.key).length);
  }

  async function calculate() {
    const calcSteps = steps.slice(0, offersStep).map((s) => s.key);
    setChecked(new Set(steps.slice(0, offersStep).map((_, i) => i)));
    const bad = await refused(calcSteps);
    if (bad !== null) return setStep(bad);
    const req = toPropertyRequest(form.values, kind);
    priced.current = req;
    setStep(offersStep);
    setQuote({ status: 'loading' });
    try {
      setQuote({ status: 'ready', data: await quoteProduct(product, req) });
    } catch (e) {
      setQuote({ status: 'error', message: errorText(e) });
    }
  }

  async function go(to: number) {
    if (to >= offersStep) return calculate();
    if (to > step) {
      setChecked((c) => new Set([...c, step]));
      if ((await refused([key])) !== null) return;
    }
    setStep(to);
  }

  const issue = async (offer: RatedOffer) => {
    if (!priced.current) return null;
    try {
      const c = await createProductContract(product, priced.current, offer.companyId, renews?.contractId);
      // A renewal: the insurant of the old policy goes with it (checked on the next step before sending).
      await carryRenewalDetails(product, c.id, renews);
      navigate(`${base}/insurant?contract=${c.id}`);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };

  return (
    <>
      <Stepper titlePlacement="vertical" steps={steps.map((s) => s.title)} current={step} onChange={(i) => void (i <= offersStep ? go(i) : undefined)} />
      <div role="form" aria-label={sectionOf(base)?.heading ?? 'Расчёт'}>
        <section className="oy-property__step" aria-label={steps[step].title}>
          {/* The form steps' blocks carry their own titles; the offers step has none of its own. */}
          {key === 'offers' ? <h2>{steps[step].title}</h2> : null}
          {key === 'object' ? <ObjectStep kind={kind} status={status} /> : null}
          {key === 'outbuildings' ? <OutbuildingsStep status={status} /> : null}
          {key === 'cover' ? <CoverStep status={status} /> : null}
          {key === 'offers' ? <PropertyOffers quote={quote} onRetry={() => void calculate()} onIssue={issue} /> : null}
          <div className="oy-property__actions">
            {step > 0 ? <Button onClick={() => setStep(step - 1)}>Назад</Button> : null}
            {step < offersStep ? (
              <Button type="primary" onClick={() => void go(step + 1)}>
                {step === offersStep - 1 ? 'Рассчитать' : 'Далее'}
              </Button>
            ) : (
              <Button onClick={() => void calculate()}>Пересчитать</Button>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

/**
 * /app/new-ifl and /app/new-ifl_house (issue 25): the property calculator — the property (address with
 * suggestions, area, year, construction and floor, or walls, heating and outbuildings), what is covered
 * with sums → every demo insurer's offer with its factors, refusals with reasons → «Оформить» makes the
 * contract (a server-side draft) → /new-<product>/insurant?contract=<id>: the insurant, saved as typed →
 * «Отправить страховщику» → the contract page (payment link, policy PDF). `?renew=<id>`: filled from the
 * policy it renews (the renewals worklist's «Пересчитать»). Client pre-fill: no client picker in the kit
 * yet — `initialPropertyValues()` is the hook a «Выбрать клиента» fills.
 */
export function PropertyCalculatorPage({ kind }: { kind: PropertyKind }) {
  const product = PROPERTY_PRODUCTS[kind];
  const title = sectionOf(`/new-${product}`)?.heading ?? (kind === 'apartment' ? 'Страхование квартиры' : 'Страхование дома');
  const [search] = useSearchParams();
  const { step } = useParams();
  const contractId = search.get('contract');
  const renew = search.get(RENEW_QUERY);
  return (
    <PageFrame title={title} section={`new-${product}`}>
      <p className="oy-property__muted oy-property__lead">{TEXTS[kind].lead}</p>
      {step === 'insurant' && contractId ? (
        <ContractSteps key={contractId} kind={kind} contractId={contractId} />
      ) : renew ? (
        <RenewalCalculator key={renew} kind={kind} contractId={renew} />
      ) : (
        <CalculatorForm kind={kind} initial={initialPropertyValues()} startStep={0} renews={null} />
      )}
    </PageFrame>
  );
}

function CalculatorForm({ kind, initial, startStep, renews }: { kind: PropertyKind; initial: PropertyValues; startStep: number; renews: RenewalQuote | null }) {
  return (
    <>
      {renews ? (
        <p className="oy-property__renewal" role="note">
          Продление полиса {renews.policyNumber ?? ''}{renews.companyName ? ` (${renews.companyName})` : ''}, который заканчивается {formatDate(renews.endDate)}: данные взяты из него, начало нового — {formatDate(renews.startDate)}. Проверьте и нажмите «Рассчитать».
        </p>
      ) : null}
      <Formik initialValues={initial} validate={(v) => propertyErrors(v, kind)} onSubmit={() => undefined}>
        <Calculator kind={kind} initial={initial} startStep={startStep} renews={renews} />
      </Formik>
    </>
  );
}

function RenewalCalculator({ kind, contractId }: { kind: PropertyKind; contractId: string }) {
  const { state, reload } = useLoad(() => renewalQuote(contractId), [contractId]);
  if (state.status === 'loading') return <LoadingBlock rows={6} />;
  if (state.status === 'error') return <ErrorState title="Не удалось открыть полис для продления" message={state.message} onRetry={reload} />;
  const q = state.data;
  const cover = propertySteps(kind).findIndex((s) => s.key === 'cover');
  if (q.fromManual) {
    // A policy entered by hand: a blank form with its address and the new start; the agent fills in the rest.
    const address = (q.calculation.address as { value?: string } | undefined)?.value ?? '';
    return <CalculatorForm kind={kind} initial={{ ...initialPropertyValues(), address, startDate: formatDate(q.startDate) }} startStep={0} renews={q} />;
  }
  return <CalculatorForm kind={kind} initial={propertyValuesOf(q.calculation as unknown as PropertyCalculateRequest)} startStep={cover} renews={q} />;
}

/** The contract's steps after «Оформить»: the insurant (resumed from the server), then the contract page. */
function ContractSteps({ kind, contractId }: { kind: PropertyKind; contractId: string }) {
  const navigate = useNavigate();
  const steps = propertySteps(kind);
  const { state, reload, refresh } = useLoad(() => getContract(contractId), [contractId]);
  // Live: the contract moved elsewhere (another tab sent it) — show where it is.
  React.useEffect(() => {
    const sub = getRuntime().bus.on('contract_status').subscribe((e) => e.contractId === contractId && reload());
    // Back after the socket was away: read again in place (what is being typed stays).
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [contractId, reload, refresh]);
  if (state.status === 'loading') return <LoadingBlock rows={6} />;
  if (state.status === 'error') return <ErrorState title="Не удалось открыть договор" message={state.message} onRetry={reload} />;
  const c = state.data;
  return (
    <>
      <Stepper titlePlacement="vertical" steps={steps.map((s) => s.title)} current={steps.findIndex((s) => s.key === 'insurant')} />
      <p className="oy-property__renewal" role="note">
        {c.companyName}: премия {c.premium === null ? "—" : formatMoney(c.premium)}. Договор сохранён в «Полисах» — к нему можно вернуться позже.
      </p>
      {c.status <= 200 ? (
        <InsurantStep contract={c} onSent={() => navigate(`/contracts/${c.id}`)} />
      ) : (
        <Button type="primary" onClick={() => navigate(`/contracts/${c.id}`)}>
          Открыть договор
        </Button>
      )}
    </>
  );
}
