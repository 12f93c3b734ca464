import * as React from 'react';
import { FieldArray, Formik, getIn, setNestedObjectValues, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useNavigate } from 'react-router-dom';
import {
  COEFFICIENT_NAMES,
  COEFFICIENT_TITLES,
  OSAGO_MAX_DRIVERS,
  formatCoefficient,
  malformedContractDetail,
  sectionOf,
  type ClientCard,
  type MissingDetail,
  type OsagoCalculateRequest,
  type Vehicle,
  type OsagoOffer,
  formatDate,
  type RenewalQuote,
} from '@oyster/shared-kit/domain';
import { Tooltip } from '@oyster/shared-kit/ui';
import {
  Button,
  ClientPicker,
  DateInput,
  Dropdown,
  FormBlock,
  FormikField,
  Input,
  IntegerInput,
  LicenceInput,
  Spin,
  Stepper,
  VehiclePicker,
  type FormBlockStatus,
} from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, PageFrame, errorText } from '@oyster/shared-kit/ui/screens';
import { createContract, saveContractDetails } from '../../api/contracts';
import { addressSuggestionOf, withClient, withVehicle } from '../../components/clientPrefill';
import { OfferCard, QuotingSpinner, RefusalsList, RenewableCalculator, RenewalNote, tabKeeper } from '../../components/calculator';
import { DocumentsMayWait, InsurantFields, PersonFields, VehicleFields, idOf, withValue, type StepProps } from '../../components/osagoDetails';
import {
  contractDetailsOf,
  emptyDriver,
  initialDetails,
  initialQuoteValues,
  quoteSchema,
  quoteValuesOf,
  toRequest,
  type CalculatorDetails,
  type QuoteValues,
} from './quoteForm';
import { useStreamedQuote, type QuoteResult } from './useStreamedQuote';
import { FormikCheckbox, SuggestedAddress } from '../../components/formikParts';
import './eosago.css';

const CATEGORY_OPTIONS = [
  { key: 'B', text: 'B — легковые' },
  { key: 'BE', text: 'BE — легковые с прицепом' },
];
const OWNER_OPTIONS = [
  { key: 'FL', text: 'Физлицо или ИП' },
  { key: 'YL', text: 'Юрлицо' },
];
const PERIOD_OPTIONS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => ({ key: String(m), value: m, text: `${m} мес.` }));

/**
 * The calculator's steps: each with the rating factors it asks (checked at «Далее»); the documents
 * beside them are optional here (the contract's steps ask what is missing) but refused when wrong.
 */
const STEPS = [
  { key: 'vehicle', title: 'Транспортное средство', factors: ['category', 'powerHp', 'year'] },
  { key: 'owner', title: 'Собственник', factors: ['ownerType', 'address'] },
  { key: 'insurant', title: 'Страхователь', factors: [] },
  { key: 'drivers', title: 'Водители', factors: ['drivers', 'ownerLicence'] },
  { key: 'period', title: 'Период и расчёт', factors: ['periodMonths', 'startDate'] },
] as const;
type StepKey = (typeof STEPS)[number]['key'];
const stepOfFactor = (name: string) => STEPS.findIndex((s) => (s.factors as readonly string[]).includes(name));

/** «Оформить» with one offer: answers the error text, or navigates away. */
type Issue = (offer: OsagoOffer) => Promise<string | null>;

/** What the tab keeps while the agent works (a reload or a look at another page loses nothing). */
const STORAGE_KEY = 'oyster.eosago.calculator';
interface Kept {
  values: QuoteValues;
  details: CalculatorDetails;
  step: number;
}
const kept$ = tabKeeper<Kept>(STORAGE_KEY, (k) => !!k.values && !!k.details && Number.isInteger(k.step));
const readKept = kept$.read;
const keep = kept$.write;


function OsagoOfferCard({ offer, issue }: { offer: OsagoOffer; issue: Issue }) {
  return (
    <OfferCard
      offer={offer}
      issue={issue}
      chips={
        offer.capped ? (
          <Tooltip title={offer.explain.cap}>
            <span className="oy-offer__chip">ограничено ст. 9 40-ФЗ</span>
          </Tooltip>
        ) : null
      }
    >
      <dl className="oy-offer__coefficients" aria-label={`Коэффициенты: ${offer.companyName}`}>
        {COEFFICIENT_NAMES.map((c) => (
          <Tooltip key={c} title={offer.explain[c]}>
            <div className="oy-offer__coefficient">
              <dt>{COEFFICIENT_TITLES[c]}</dt>
              <dd>{formatCoefficient(c, offer.coefficients[c])}</dd>
            </div>
          </Tooltip>
        ))}
      </dl>
    </OfferCard>
  );
}

function QuoteAnswers({ result, onRetry, issue }: { result: QuoteResult; onRetry: () => void; issue: Issue }) {
  if (result.status === 'idle') return null;
  if (result.status === 'starting') {
    return <QuotingSpinner />;
  }
  if (result.status === 'error') return <ErrorState title="Не удалось рассчитать" message={result.message} onRetry={onRetry} />;
  const { offers, refusals, drivers, insurers, pending } = result;
  const warnings = [...new Set(offers.flatMap((o) => o.warnings))];
  const waiting = insurers.filter((i) => pending.includes(i.companyId));
  return (
    <div className="oy-eosago__result">
      {drivers.length ? (
        <ul className="oy-eosago__kbm" aria-label="КБМ водителей">
          {drivers.map((d) => (
            <li key={d.licence}>
              ВУ {d.licence}: класс {d.kbmClass} {d.found ? '(найден в базе КБМ)' : '(не найден в базе КБМ — класс 3, как у водителя без истории)'}
            </li>
          ))}
        </ul>
      ) : null}
      {warnings.map((w) => (
        <p key={w} className="oy-eosago__warning" role="note">
          {w}
        </p>
      ))}
      {offers.length ? (
        <div className="oy-eosago__offers">
          {offers.map((o) => (
            <OsagoOfferCard key={o.companyId} offer={o} issue={issue} />
          ))}
        </div>
      ) : !waiting.length ? (
        <EmptyState text="Ни один страховщик не сделал предложение" />
      ) : null}
      {waiting.length ? (
        <ul className="oy-eosago__pending" aria-label="Ждём ответа">
          {waiting.map((i) => (
            <li key={i.companyId}>
              <Spin size="small" /> {i.companyName} — ждём ответа
            </li>
          ))}
        </ul>
      ) : null}
      <RefusalsList refusals={refusals} />
    </div>
  );
}

function Drivers() {
  const { values } = useFormikContext<QuoteValues>();
  if (values.unrestricted) {
    return (
      <FormikField<string> name="ownerLicence" label="ВУ собственника (для его КБМ; без него — класс 3)">
        {(f) => <LicenceInput {...f} />}
      </FormikField>
    );
  }
  return (
    <FieldArray name="drivers">
      {({ push, remove }) => (
        <div className="oy-eosago__drivers">
          {values.drivers.map((_, i) => (
            <fieldset key={i} className="oy-eosago__driver">
              <legend>
                Водитель {i + 1}
                {values.drivers.length > 1 ? (
                  <Button type="link" size="small" onClick={() => remove(i)} aria-label={`Убрать водителя ${i + 1}`}>
                    Убрать
                  </Button>
                ) : null}
              </legend>
              <div className="oy-eosago__driver-name">
                <FormikField<string> name={`drivers.${i}.name`} label="ФИО водителя">
                  {(f) => <Input id={f.id} value={f.value} maxLength={120} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
                </FormikField>
              </div>
              <FormikField<string> name={`drivers.${i}.birthDate`} label="Дата рождения" required>
                {(f) => <DateInput {...f} />}
              </FormikField>
              <FormikField<string> name={`drivers.${i}.experienceSince`} label="Стаж с" required>
                {(f) => <DateInput {...f} />}
              </FormikField>
              <FormikField<string> name={`drivers.${i}.licence`} label="Серия и номер ВУ" required>
                {(f) => <LicenceInput {...f} />}
              </FormikField>
            </fieldset>
          ))}
          {values.drivers.length < OSAGO_MAX_DRIVERS ? (
            <Button onClick={() => push(emptyDriver())}>Добавить водителя</Button>
          ) : null}
        </div>
      )}
    </FieldArray>
  );
}

/** A yes/no factor of the form (taxi, trailer, unrestricted, КН). */
const FactorCheckbox = ({ name, children }: { name: 'taxi' | 'trailer' | 'unrestricted' | 'grossViolation'; children: React.ReactNode }) => <FormikCheckbox name={name}>{children}</FormikCheckbox>;

/** What a step shows under its blocks (§2): nothing before its «Далее», then whether its fields are right. */
interface BlockStatuses {
  factors: FormBlockStatus;
  documents: FormBlockStatus;
}
const worst = (a: FormBlockStatus, b: FormBlockStatus): FormBlockStatus => (a === 'invalid' || b === 'invalid' ? 'invalid' : a ?? b);

function VehicleStep({ status, ...p }: StepProps & { status: BlockStatuses }) {
  return (
    <>
      <FormBlock title="Автомобиль" status={status.factors}>
        <div className="oy-steps__grid">
          <FormikField<string> name="category" label="Категория" required>
            {(f) => <Dropdown {...f} options={CATEGORY_OPTIONS} allowClear={false} sorted={false} />}
          </FormikField>
          <FormikField<number | null> name="powerHp" label="Мощность, л. с." required>
            {(f) => <IntegerInput {...f} />}
          </FormikField>
          <FormikField<number | null> name="year" label="Год выпуска">
            {(f) => <IntegerInput {...f} />}
          </FormikField>
        </div>
        <div className="oy-eosago__checks">
          <FactorCheckbox name="taxi">Используется как такси</FactorCheckbox>
          <FactorCheckbox name="trailer">С прицепом</FactorCheckbox>
        </div>
        <p className="oy-eosago__muted">Мотоциклы, грузовики, автобусы, трамваи, троллейбусы и тракторы пока не рассчитываются: их тарифы не внесены в продукт.</p>
      </FormBlock>
      <FormBlock title="Документ и номера — можно указать и при оформлении" status={status.documents}>
        <VehicleFields {...p} withYear={false} />
      </FormBlock>
    </>
  );
}

/** The owner's registration address: a rating factor — the suggestion chosen decides КТ. */
const OwnerAddress = () => <SuggestedAddress label="Адрес регистрации собственника" placeholder="Город, улица, дом" />;

function OwnerStep({ status, ...p }: StepProps & { status: BlockStatuses }) {
  return (
    <FormBlock title="Собственник ТС: адрес регистрации решает КТ, паспорт — можно и при оформлении" status={worst(status.factors, status.documents)}>
      <div className="oy-steps__grid">
        <FormikField<string> name="ownerType" label="Собственник" required>
          {(f) => <Dropdown {...f} options={OWNER_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
      </div>
      <PersonFields {...p} who="owner" address={<OwnerAddress />} />
    </FormBlock>
  );
}

function InsurantStep({ status, ...p }: StepProps & { status: BlockStatuses }) {
  return (
    <FormBlock title="Кто заключает договор" status={status.documents}>
      <InsurantFields {...p} />
    </FormBlock>
  );
}

function DriversStep({ status }: { status: BlockStatuses }) {
  return (
    <FormBlock title="Кто поедет: КБМ и КВС по каждому водителю" status={status.factors}>
      <FactorCheckbox name="unrestricted">Без ограничения списка водителей</FactorCheckbox>
      <Drivers />
    </FormBlock>
  );
}

function PeriodStep({ status }: { status: BlockStatuses }) {
  return (
    <FormBlock title="Срок страхования" status={status.factors}>
      <div className="oy-steps__grid">
        <FormikField<number> name="periodMonths" label="Период использования" required>
          {(f) => <Dropdown {...f} options={PERIOD_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
        <FormikField<string> name="startDate" label="Дата начала" required>
          {(f) => <DateInput {...f} />}
        </FormikField>
      </div>
      <FactorCheckbox name="grossViolation">Грубые нарушения по ст. 9 п. 3 40-ФЗ (КН 1,5)</FactorCheckbox>
    </FormBlock>
  );
}

/** The top-level factor names that have an error, in the steps' order. */
function errorNames(errors: FormikErrors<QuoteValues>): string[] {
  return Object.keys(errors).sort((a, b) => stepOfFactor(a) - stepOfFactor(b));
}

interface CalculatorProps {
  step: number;
  setStep(step: number): void;
  details: CalculatorDetails;
  setDetails: React.Dispatch<React.SetStateAction<CalculatorDetails>>;
  result: QuoteResult;
  calculate(values: QuoteValues): Promise<void>;
  retry(): void;
  issue: Issue;
  restart(): void;
}

function Calculator({ step, setStep, details, setDetails, result, calculate, retry, issue, restart }: CalculatorProps) {
  const form = useFormikContext<QuoteValues>();
  const [problem, setProblem] = React.useState<MissingDetail | null>(null);
  /** Steps whose «Далее» (or «Рассчитать») was pressed: their blocks say whether their fields are right. */
  const [checked, setChecked] = React.useState<ReadonlySet<number>>(() => new Set());
  const check = (...steps: number[]) => setChecked((prev) => new Set([...prev, ...steps]));
  const key: StepKey = STEPS[step].key;
  const status: BlockStatuses = checked.has(step)
    ? {
        factors: (STEPS[step].factors as readonly string[]).some((n) => getIn(form.errors, n)) ? 'invalid' : 'valid',
        documents: problem ? 'invalid' : 'valid',
      }
    : { factors: null, documents: null };

  const p: StepProps = {
    d: details,
    set: (path, value) => {
      setDetails((prev) => withValue(prev, path, value));
      setProblem((x) => (x && x.field.startsWith(`details.${path}`) ? null : x));
    },
    errorOf: (path) => (problem && problem.field === `details.${path}` ? problem.message : undefined),
  };

  /** Shows the errors of these factor names where they are (touched), and answers whether there were any. */
  async function refused(names: (name: string) => boolean): Promise<string | null> {
    const errors = await form.validateForm();
    const bad = errorNames(errors).filter(names);
    if (!bad.length) return null;
    const touched = setNestedObjectValues<FormikTouched<QuoteValues>>(Object.fromEntries(bad.map((n) => [n, errors[n as keyof QuoteValues]])), true);
    void form.setTouched({ ...form.touched, ...touched }, false);
    return bad[0];
  }

  /** «Далее» or a click on the stepper: forward only when this step's factors are right and its filled documents well-formed. */
  async function go(to: number) {
    if (to > step) {
      check(step);
      if (await refused((n) => (STEPS[step].factors as readonly string[]).includes(n))) return;
      const wrong = key === 'vehicle' || key === 'owner' || key === 'insurant' ? malformedContractDetail(details, key) : null;
      if (wrong) {
        setProblem(wrong);
        document.getElementById(idOf(wrong.field.replace(/^details\./, '')))?.focus();
        return;
      }
    }
    setProblem(null);
    setStep(to);
  }

  /** «Рассчитать»: every factor checked; a wrong one of an earlier step takes the agent there. */
  async function run() {
    check(...STEPS.map((_, i) => i));
    const first = await refused(() => true);
    if (first) {
      setStep(Math.max(0, stepOfFactor(first)));
      return;
    }
    await calculate(form.values);
  }

  /** A picked record's rating factors (power, year, category) go to the form; its documents to the details. */
  const factorsFrom = (v: Vehicle) => {
    if (v.powerHp) void form.setFieldValue('powerHp', v.powerHp);
    if (v.year) void form.setFieldValue('year', v.year);
    if (v.category && CATEGORY_OPTIONS.some((o) => o.key === v.category)) void form.setFieldValue('category', v.category);
  };
  const pickClient = (card: ClientCard) => {
    setDetails((prev) => withClient(prev, card, 'owner', true));
    setProblem(null);
    if (card.client.address) {
      void form.setFieldValue('address', card.client.address.value);
      void form.setFieldValue('addressSuggestion', addressSuggestionOf(card.client));
    }
    if (card.client.kind === 'company') void form.setFieldValue('ownerType', 'YL');
    if (card.vehicles.length === 1) factorsFrom(card.vehicles[0]);
  };
  const pickVehicle = (v: Vehicle) => {
    setDetails((prev) => withVehicle(prev, v));
    setProblem(null);
    factorsFrom(v);
  };

  const busy = result.status === 'starting' || (result.status === 'quote' && result.pending.length > 0);
  const last = step === STEPS.length - 1;
  return (
    <>
      <section className="oy-eosago__pickers" aria-label="Клиент из базы">
        <ClientPicker onPick={pickClient} />
        <VehiclePicker onPick={pickVehicle} />
      </section>
      <Stepper titlePlacement="vertical" steps={STEPS.map((s) => s.title)} current={step} onChange={(i) => void go(i)} errorStep={problem ? step : null} />
      {/* No <form>: Enter in a field (a date's calendar takes it) must not move to the next step. */}
      <div role="form" aria-label="Расчёт Е-ОСАГО">
        <section className="oy-eosago__step" aria-label={STEPS[step].title}>
          <h2>{STEPS[step].title}</h2>
          <DocumentsMayWait>
            {key === 'vehicle' ? <VehicleStep {...p} status={status} /> : null}
            {key === 'owner' ? <OwnerStep {...p} status={status} /> : null}
            {key === 'insurant' ? <InsurantStep {...p} status={status} /> : null}
          </DocumentsMayWait>
          {key === 'drivers' ? <DriversStep status={status} /> : null}
          {key === 'period' ? <PeriodStep status={status} /> : null}
          <div className="oy-eosago__actions">
            {step > 0 ? <Button onClick={() => void go(step - 1)}>Назад</Button> : null}
            <Button type="primary" onClick={() => void (last ? run() : go(step + 1))} loading={last && busy}>
              {last ? 'Рассчитать' : 'Далее'}
            </Button>
            <Button type="link" onClick={restart}>
              Начать заново
            </Button>
          </div>
        </section>
      </div>
      {last ? (
        <section className="oy-eosago__offers-col" aria-label="Предложения страховщиков" aria-live="polite">
          <QuoteAnswers result={result} onRetry={retry} issue={issue} />
        </section>
      ) : null}
    </>
  );
}

/**
 * /app/new-eosago: the e-OSAGO calculator (issue 11) — step by step with the kit's stepper: the vehicle,
 * the owner (the address decides КТ), the insurant, the drivers, the period; the rating factors are
 * what «Рассчитать» needs, the documents beside them are kept for the contract. Every insurer's offer
 * comes with its coefficients as it arrives, the refusals with reasons; «Оформить» makes the contract
 * with everything typed and opens its steps where something is still missing. The api rates (POST
 * /api/v2/osago/quotes, answers over the socket); the form is kept in the tab while the agent works.
 */
export default function EosagoQuotePage() {
  return <RenewableCalculator title={TITLE} section="new-eosago" fresh={() => <EosagoCalculator kept={readKept()} renews={null} />} renewed={renewedCalculator} />;
}

/**
 * /app/new-eosago?renew=<contractId> (issue 25, «Пересчитать» in the renewals worklist): the calculator
 * filled from the old policy's stored calculation and documents, starting the day after its end, on the
 * last step; the contract made from an offer remembers the policy it renews. Other products' calculators
 * take the same query parameter (shared-kit sales/renewals.ts RENEWAL_CALCULATORS).
 */
function renewedCalculator(q: RenewalQuote) {
  const details = { ...initialDetails(), ...(q.details as CalculatorDetails) };
  // A policy entered by hand: no rating factors stored — a blank form from the vehicle on, with its car and owner.
  if (q.fromManual) return <EosagoCalculator kept={{ values: { ...initialQuoteValues(), startDate: formatDate(q.startDate) }, details, step: 0 }} renews={q} />;
  return <EosagoCalculator kept={{ values: quoteValuesOf(q.calculation as unknown as OsagoCalculateRequest, details), details, step: STEPS.length - 1 }} renews={q} />;
}

const TITLE = sectionOf('/new-eosago')?.heading ?? 'Калькулятор Е-ОСАГО';

function EosagoCalculator({ kept, renews }: { kept: Kept | null; renews: RenewalQuote | null }) {
  const navigate = useNavigate();
  const [initial, setInitial] = React.useState(() => kept?.values ?? initialQuoteValues());
  const [details, setDetails] = React.useState<CalculatorDetails>(() => kept?.details ?? initialDetails());
  const [step, setStep] = React.useState(() => Math.min(kept?.step ?? 0, STEPS.length - 1));
  const [generation, setGeneration] = React.useState(0);
  const { result, start, reset } = useStreamedQuote();
  const last = React.useRef<QuoteValues | null>(null);
  const values = React.useRef<QuoteValues>(initial);
  const schema = React.useMemo(() => quoteSchema(), []);

  const calculate = React.useCallback(
    (v: QuoteValues) => {
      last.current = v;
      return start(toRequest(v));
    },
    [start],
  );

  const issue: Issue = async (offer) => {
    const priced = last.current;
    if (!priced) return null;
    try {
      const contract = await createContract(toRequest(priced), offer.companyId, renews?.contractId);
      const saved = await saveContractDetails(contract.id, contractDetailsOf(values.current, details));
      keep(null);
      navigate(`/contracts/${saved.id}/${saved.resumeStep ?? 'vehicle'}`);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };

  const restart = () => {
    keep(null);
    // A renewal started over is a new calculation: the link to the old policy goes with it.
    if (renews) navigate('/new-eosago', { replace: true });
    const fresh = initialQuoteValues();
    values.current = fresh;
    last.current = null;
    setInitial(fresh);
    setDetails(initialDetails());
    setStep(0);
    reset();
    setGeneration((g) => g + 1);
  };

  return (
    <PageFrame title={TITLE} section="new-eosago">
      <p className="oy-eosago__muted oy-eosago__lead">
        Расчёт у всех страховщиков по шагам. Для расчёта нужны только факторы тарифа (мощность, адрес собственника, водители, период) — документы можно внести сейчас или при оформлении. Предложения появляются по мере ответа страховщиков.
      </p>
      <RenewalNote renews={renews} check="Проверьте и нажмите «Рассчитать»." />
      <Formik key={generation} initialValues={initial} validationSchema={schema} onSubmit={() => undefined}>
        {(form) => {
          values.current = form.values;
          return (
            <>
              <KeepInTab values={form.values} details={details} step={step} />
              <Calculator
                step={step}
                setStep={setStep}
                details={details}
                setDetails={setDetails}
                result={result}
                calculate={calculate}
                retry={() => last.current && void calculate(last.current)}
                issue={issue}
                restart={restart}
              />
            </>
          );
        }}
      </Formik>
    </PageFrame>
  );
}

/** Writes the form to the tab's storage as it changes. */
function KeepInTab({ values, details, step }: Kept) {
  React.useEffect(() => keep({ values, details, step }), [values, details, step]);
  return null;
}
