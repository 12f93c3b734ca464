import * as React from 'react';
import { FieldArray, Formik, getIn, setNestedObjectValues, useFormikContext, type FormikTouched } from 'formik';
import { useNavigate } from 'react-router-dom';
import {
  TRAVEL_COUNTRY_TITLES,
  TRAVEL_MAX_TRAVELLERS,
  TRAVEL_OPTIONS,
  TRAVEL_OPTION_TITLES,
  TRAVEL_SPORTS,
  TRAVEL_SPORT_TITLES,
  TRAVEL_STEPS,
  TRAVEL_SUM_TITLES,
  TRAVEL_ZONE_SUMS,
  TRAVEL_ZONE_TITLES,
  foreignPremiumText,
  sectionOf,
  travelZone,
  type RenewalQuote,
  type TravelCalculateRequest,
  type TravelOffer,
} from '@oyster/shared-kit/domain';
import { Button, Checkbox, DateInput, Dropdown, FormBlock, FormikField, MultiDropdown, type FormBlockStatus } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, PageFrame, errorText } from '@oyster/shared-kit/ui/screens';
import { createProductContract, quoteProduct } from '../../api/products';
import { CalculatorShell, OfferCard, OfferFactors, QuotingSpinner, RefusalsList, RenewableCalculator, RenewalNote, tabKeeper } from '../../components/calculator';
import { CALC_STEPS, initialTravelValues, stepOfField, sumForZone, toTravelRequest, travelErrors, travelValuesOf, type TravelValues } from './vzrForm';
import './vzr.css';

const TITLE = sectionOf('/new-vzr')?.heading ?? 'ВЗР';
const STEP_TITLES = TRAVEL_STEPS.map((s) => s.title);
const COUNTRY_OPTIONS = Object.entries(TRAVEL_COUNTRY_TITLES).map(([key, text]) => ({ key, text }));
const TRIP_OPTIONS = [
  { key: 'single', text: 'Однократная поездка' },
  { key: 'multi', text: 'Многократные поездки (годовой полис)' },
];
const DAYS_OPTIONS = [
  { key: '30', value: 30, text: '30 дней за границей' },
  { key: '90', value: 90, text: '90 дней за границей' },
];
const SPORT_OPTIONS = TRAVEL_SPORTS.map((s) => ({ key: s, text: TRAVEL_SPORT_TITLES[s] }));

type Refusal = { companyId: string; companyName: string; reason: string };
type Quote = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; offers: TravelOffer[]; refusals: Refusal[] };
/** «Оформить» with one offer: answers the error text, or navigates away. */
type Issue = (offer: TravelOffer) => Promise<string | null>;

/** What the tab keeps while the agent works (a reload loses nothing). */
const STORAGE_KEY = 'oyster.vzr.calculator';
interface Kept {
  values: TravelValues;
  step: number;
}
const kept$ = tabKeeper<Kept>(STORAGE_KEY, (k) => !!k.values && Number.isInteger(k.step));
const readKept = kept$.read;
const keep = kept$.write;

/** One insurer's offer: the premium in its currency and in roubles at the day's rate, «Ваше КВ», every factor and why. */
export function TravelOfferCard({ offer, issue }: { offer: TravelOffer; issue: Issue }) {
  const [foreign, roubles] = foreignPremiumText(offer.premiumForeign, offer.currency, offer.premium, offer.rate, offer.rateDate).split(' ≈ ');
  return (
    <OfferCard offer={offer} issue={issue} premium={foreign} lead={<p className="oy-vzr__roubles">≈ {roubles}{offer.rateSource === 'demo' ? ' (демонстрационный курс)' : ''}</p>}>
      <OfferFactors offer={offer} />
      <ul className="oy-vzr__notes">
        {offer.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </OfferCard>
  );
}

/** The insurers' answers: offers cheapest first (the api's order), refusals with reasons; loading, empty and error states. */
export function TravelOffers({ quote, onRetry, issue }: { quote: Quote; onRetry(): void; issue: Issue }) {
  if (quote.status === 'idle') return null;
  if (quote.status === 'loading') {
    return <QuotingSpinner />;
  }
  if (quote.status === 'error') return <ErrorState title="Не удалось рассчитать" message={quote.message} onRetry={onRetry} />;
  return (
    <div className="oy-eosago__result">
      {quote.offers.length ? (
        <div className="oy-eosago__offers">
          {quote.offers.map((o) => (
            <TravelOfferCard key={o.companyId} offer={o} issue={issue} />
          ))}
        </div>
      ) : (
        <EmptyState text="Ни один страховщик не сделал предложение" />
      )}
      <RefusalsList refusals={quote.refusals} />
    </div>
  );
}

/** The sum insured follows the zone of the countries (Europe: 30 000 € or 50 000 €; the world: dollars). */
function ZoneSync() {
  const { values, setFieldValue } = useFormikContext<TravelValues>();
  const next = sumForZone(values.countries, values.sumInsured);
  React.useEffect(() => {
    if (next !== values.sumInsured) void setFieldValue('sumInsured', next, false);
  }, [next, values.sumInsured, setFieldValue]);
  return null;
}

function TripStep({ status }: { status: FormBlockStatus }) {
  const { values } = useFormikContext<TravelValues>();
  return (
    <FormBlock title="Куда и когда" status={status}>
      <div className="oy-vzr__grid">
        <div className="oy-vzr__wide">
          <FormikField<string[]> name="countries" label="Страны поездки" required>
            {(f) => <MultiDropdown {...f} options={COUNTRY_OPTIONS} />}
          </FormikField>
          {values.countries.length ? <p className="oy-eosago__muted">Территория: {TRAVEL_ZONE_TITLES[travelZone(values.countries)]}</p> : null}
        </div>
        <FormikField<string> name="tripType" label="Тип полиса" required>
          {(f) => <Dropdown {...f} options={TRIP_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
        <FormikField<string> name="startDate" label="Дата начала" required>
          {(f) => <DateInput {...f} />}
        </FormikField>
        {values.tripType === 'single' ? (
          <FormikField<string> name="endDate" label="Дата окончания" required>
            {(f) => <DateInput {...f} />}
          </FormikField>
        ) : (
          <FormikField<number> name="coveredDays" label="Дней за границей в году" required>
            {(f) => <Dropdown {...f} options={DAYS_OPTIONS} allowClear={false} sorted={false} />}
          </FormikField>
        )}
      </div>
    </FormBlock>
  );
}

function TravellersStep({ status }: { status: FormBlockStatus }) {
  const { values } = useFormikContext<TravelValues>();
  return (
    <FormBlock title="Кто едет: возраст каждого на дату начала" status={status}>
      <FieldArray name="travellers">
        {({ push, remove }) => (
          <div className="oy-vzr__travellers">
            {values.travellers.map((_, i) => (
              <div key={i} className="oy-vzr__traveller">
                <FormikField<string> name={`travellers.${i}.birthDate`} label={`Путешественник ${i + 1}: дата рождения`} required>
                  {(f) => <DateInput {...f} />}
                </FormikField>
                {values.travellers.length > 1 ? (
                  <Button type="link" onClick={() => remove(i)} aria-label={`Убрать путешественника ${i + 1}`}>
                    Убрать
                  </Button>
                ) : null}
              </div>
            ))}
            {values.travellers.length < TRAVEL_MAX_TRAVELLERS ? <Button onClick={() => push({ birthDate: '' })}>Добавить путешественника</Button> : null}
          </div>
        )}
      </FieldArray>
      <p className="oy-eosago__muted">Имена латиницей и номера загранпаспортов — после выбора предложения.</p>
    </FormBlock>
  );
}

function CoverStep({ status }: { status: FormBlockStatus }) {
  const { values, setFieldValue } = useFormikContext<TravelValues>();
  const sums = values.countries.length ? TRAVEL_ZONE_SUMS[travelZone(values.countries)] : TRAVEL_ZONE_SUMS.europe;
  return (
    <FormBlock title="Страховая сумма, спорт и опции" status={status}>
      <div className="oy-vzr__grid">
        <FormikField<string> name="sumInsured" label="Страховая сумма" required>
          {(f) => <Dropdown {...f} options={sums.map((s) => ({ key: s, text: TRAVEL_SUM_TITLES[s] }))} allowClear={false} sorted={false} />}
        </FormikField>
        <FormikField<string> name="sport" label="Спорт" required>
          {(f) => <Dropdown {...f} options={SPORT_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
      </div>
      <div className="oy-eosago__checks" role="group" aria-label="Опции">
        {TRAVEL_OPTIONS.map((o) => (
          <Checkbox
            key={o}
            checked={values.options.includes(o)}
            onChange={(e) => void setFieldValue('options', e.target.checked ? [...values.options, o] : values.options.filter((x) => x !== o))}
          >
            {TRAVEL_OPTION_TITLES[o]}
          </Checkbox>
        ))}
      </div>
    </FormBlock>
  );
}

interface CalculatorProps {
  step: number;
  setStep(step: number): void;
  quote: Quote;
  calculate(v: TravelValues): void;
  retry(): void;
  issue: Issue;
  restart(): void;
}

function Calculator({ step, setStep, quote, calculate, retry, issue, restart }: CalculatorProps) {
  const form = useFormikContext<TravelValues>();
  const [checked, setChecked] = React.useState<ReadonlySet<number>>(() => new Set());
  const offersStep = CALC_STEPS.length;
  const fieldsOf = (i: number) => (i < CALC_STEPS.length ? (CALC_STEPS[i].fields as readonly string[]) : []);
  const status: FormBlockStatus = checked.has(step) ? (fieldsOf(step).some((n) => getIn(form.errors, n)) ? 'invalid' : 'valid') : null;

  /** Shows the errors of these steps' fields and answers the first step with one (or -1). */
  async function firstWrong(steps: number[]): Promise<number> {
    setChecked((prev) => new Set([...prev, ...steps]));
    const errors = await form.validateForm();
    const bad = Object.keys(errors).filter((n) => steps.includes(stepOfField(n)));
    if (!bad.length) return -1;
    const touched = setNestedObjectValues<FormikTouched<TravelValues>>(Object.fromEntries(bad.map((n) => [n, errors[n as keyof TravelValues]])), true);
    void form.setTouched({ ...form.touched, ...touched }, false);
    return Math.min(...bad.map(stepOfField));
  }

  async function go(to: number) {
    if (to > step) {
      const wrong = await firstWrong(to >= offersStep ? CALC_STEPS.map((_, i) => i) : [step]);
      if (wrong >= 0) {
        setStep(wrong);
        return;
      }
      if (to >= offersStep) calculate(form.values);
    }
    setStep(to);
  }

  return (
    <CalculatorShell
      label="Расчёт ВЗР"
      steps={STEP_TITLES}
      step={step}
      offersStep={offersStep}
      errorStep={status === 'invalid' ? step : null}
      go={(i) => void go(i)}
      setStep={setStep}
      restart={restart}
      offers={<TravelOffers quote={quote} onRetry={retry} issue={issue} />}
    >
      {CALC_STEPS[step]?.key === 'trip' ? <TripStep status={status} /> : null}
      {CALC_STEPS[step]?.key === 'travellers' ? <TravellersStep status={status} /> : null}
      {CALC_STEPS[step]?.key === 'cover' ? <CoverStep status={status} /> : null}
    </CalculatorShell>
  );
}

/**
 * /app/new-vzr: the travel calculator (issue 25) — the trip (countries decide the zone and the currency),
 * the travellers' birth dates, the sum insured, sport and options; then every demo insurer's offer in euros
 * or dollars with its rouble amount at the day's rate, its factors and «Ваше КВ», the refusals with reasons.
 * «Оформить» makes the contract on the server and opens its «Страхователь» step (/new-vzr/insurant).
 * `?renew=<contractId>` (the renewals worklist's «Пересчитать») fills it from the old policy.
 */
export default function VzrCalculatorPage() {
  return (
    <RenewableCalculator
      title={TITLE}
      section="new-vzr"
      fresh={() => <TravelCalculator kept={readKept()} renews={null} />}
      renewed={(q) => <TravelCalculator kept={{ values: q.fromManual ? initialTravelValues() : travelValuesOf(q.calculation as unknown as TravelCalculateRequest), step: 0 }} renews={q} />}
    />
  );
}

function TravelCalculator({ kept, renews }: { kept: Kept | null; renews: RenewalQuote | null }) {
  const navigate = useNavigate();
  const [initial, setInitial] = React.useState(() => kept?.values ?? initialTravelValues());
  const [step, setStep] = React.useState(() => Math.min(kept?.step ?? 0, CALC_STEPS.length - 1));
  const [generation, setGeneration] = React.useState(0);
  const [quote, setQuote] = React.useState<Quote>({ status: 'idle' });
  const priced = React.useRef<TravelCalculateRequest | null>(null);
  const asked = React.useRef(0);

  const calculate = React.useCallback((v: TravelValues) => {
    const req = toTravelRequest(v);
    priced.current = req;
    const n = ++asked.current;
    setQuote({ status: 'loading' });
    quoteProduct<TravelOffer>('vzr', req).then(
      (answer) => n === asked.current && setQuote({ status: 'ready', ...answer }),
      (e) => n === asked.current && setQuote({ status: 'error', message: errorText(e) }),
    );
  }, []);

  const issue: Issue = async (offer) => {
    if (!priced.current) return null;
    try {
      const contract = await createProductContract('vzr', priced.current, offer.companyId, renews?.contractId);
      keep(null);
      navigate(`/new-vzr/insurant?contract=${contract.id}`);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };

  const restart = () => {
    keep(null);
    if (renews) navigate('/new-vzr', { replace: true });
    priced.current = null;
    asked.current++;
    setInitial(initialTravelValues());
    setStep(0);
    setQuote({ status: 'idle' });
    setGeneration((g) => g + 1);
  };

  return (
    <PageFrame title={TITLE} section="new-vzr">
      <p className="oy-eosago__muted oy-eosago__lead">
        Расчёт у всех страховщиков, продающих ВЗР онлайн. Премия — в евро или долларах по территории поездки; в рублях она фиксируется по курсу дня оформления.
        {/* Client pre-fill: when shared-kit/src/ui gets the client picker («Выбрать клиента»), it goes here and fills the insurant step. */}
      </p>
      <RenewalNote renews={renews} check="Проверьте даты и нажмите «Рассчитать»." />
      <Formik key={generation} initialValues={initial} validate={travelErrors} onSubmit={() => undefined}>
        {(form) => (
          <>
            <ZoneSync />
            <KeepInTab values={form.values} step={step} />
            <Calculator step={step} setStep={setStep} quote={quote} calculate={calculate} retry={() => calculate(form.values)} issue={issue} restart={restart} />
          </>
        )}
      </Formik>
    </PageFrame>
  );
}

function KeepInTab({ values, step }: Kept) {
  React.useEffect(() => keep({ values, step: Math.min(step, CALC_STEPS.length - 1) }), [values, step]);
  return null;
}
