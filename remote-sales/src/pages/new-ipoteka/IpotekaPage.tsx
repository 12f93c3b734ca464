import * as React from 'react';
import { FieldArray, Formik, getIn, setNestedObjectValues, useFormikContext, type FormikTouched } from 'formik';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  BORROWER_SEXES,
  BORROWER_SEX_TITLES,
  MORTGAGE_BALANCE_MAX,
  MORTGAGE_BALANCE_MIN,
  MORTGAGE_BANKS,
  MORTGAGE_MAX_BORROWERS,
  MORTGAGE_MAX_YEARS,
  MORTGAGE_PROPERTIES,
  MORTGAGE_PROPERTY_TITLES,
  MORTGAGE_STEPS,
  MORTGAGE_TITLE_YEARS,
  formatDate,
  formatMoney,
  isContractEditable,
  missingMortgageDetail,
  moscowIsoDay,
  mortgageBank,
  mortgageSchedule,
  mortgageSumInsured,
  sectionOf,
  type ContractDetails,
  type MortgageCalculateRequest,
  type MortgageContractDetails,
  type ProductOffer,
  type RenewalQuote,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { AddressSuggestInput, Button, Checkbox, DateInput, Dropdown, FormBlock, FormikField, Input, IntegerInput, MoneyInput, PhoneInput, Stepper, type FormBlockStatus } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, ItemUnavailable, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract } from '../../api/contracts';
import { createProductContract, quoteProduct, type RatedOffer } from '../../api/products';
import { CalculatorShell, DetailsFrame, OfferCard, OfferFactors, carryRenewalDetails, QuotingSpinner, RefusalsList, RenewableCalculator, RenewalNote, tabKeeper } from '../../components/calculator';
import { FormikCheckbox } from '../../components/formikParts';
import { SummaryBlocks } from '../../components/SummaryBlocks';
import {
  CALC_STEPS,
  detailsErrors,
  detailsOf,
  detailsValuesOf,
  formPathOf,
  initialMortgageValues,
  mortgageErrors,
  mortgageValuesOf,
  stepOfField,
  toMortgageRequest,
  type DetailsValues,
  type MortgageValues,
} from './ipotekaForm';
import '../new-vzr/vzr.css';
import './ipoteka.css';

const TITLE = sectionOf('/new-ipoteka')?.heading ?? 'Ипотека';
const INSURANT_STEP = MORTGAGE_STEPS.findIndex((s) => s.key === 'insurant');
const STEP_TITLES = MORTGAGE_STEPS.map((s) => s.title);
const BANK_OPTIONS = MORTGAGE_BANKS.map((b) => ({ key: b.code, text: b.name }));
const PROPERTY_OPTIONS = MORTGAGE_PROPERTIES.map((p) => ({ key: p, text: MORTGAGE_PROPERTY_TITLES[p] }));
const SEX_OPTIONS = BORROWER_SEXES.map((s) => ({ key: s, text: BORROWER_SEX_TITLES[s][0].toUpperCase() + BORROWER_SEX_TITLES[s].slice(1) }));
const yearsWord = (n: number) => (n === 1 ? 'год' : n < 5 ? 'года' : 'лет');
const YEARS_OPTIONS = Array.from({ length: MORTGAGE_MAX_YEARS }, (_, i) => i + 1).map((n) => ({ key: String(n), value: n, text: `${n} ${yearsWord(n)} — ${n === 1 ? 'один взнос' : `${n} ежегодных ${n < 5 ? 'взноса' : 'взносов'}`}` }));
/** How the rating's note of the yearly amounts begins (shared-kit sales/mortgage/rating.ts). */
const YEARLY_NOTE = 'Взносы по годам:';

/** A mortgage offer as the quote route answers it: the rails' part and the rating's, with the yearly amounts. */
type MortgageOffer = RatedOffer & Pick<ProductOffer, 'instalments'>;
type Quote = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; offers: MortgageOffer[]; refusals: { companyId: string; companyName: string; reason: string }[] };
type Issue = (offer: MortgageOffer) => Promise<string | null>;

/** What the tab keeps while the agent works (a reload loses nothing). */
interface Kept {
  values: MortgageValues;
  step: number;
}
const kept$ = tabKeeper<Kept>('oyster.ipoteka.calculator', (k) => !!k.values && Array.isArray(k.values.borrowers) && Number.isInteger(k.step));

const todayIso = () => moscowIsoDay();

/** One insurer's offer: the premium of all the years, each year's instalment and when it is due, «Ваше КВ», every factor and why. */
export function MortgageOfferCard({ offer, request, issue }: { offer: MortgageOffer; request: MortgageCalculateRequest; issue: Issue }) {
  const first = request.policyYear ?? 1;
  const yearly = offer.instalments?.length === (request.years ?? 1) ? mortgageSchedule(offer.instalments, request, todayIso()) : [];
  return (
    <OfferCard offer={offer} issue={issue}>
      {yearly.length > 1 ? (
        <ol className="oy-ipoteka__years" aria-label={`Взносы по годам: ${offer.companyName}`}>
          {yearly.map((y, k) => (
            <li key={k}>
              <span>{first + k}-й год</span>
              <span>{k === 0 ? 'сейчас' : `до ${formatDate(y.dueDate)}`}</span>
              <strong>{formatMoney(y.amount)}</strong>
            </li>
          ))}
        </ol>
      ) : null}
      <OfferFactors offer={offer} />
      <ul className="oy-vzr__notes">
        {/* The yearly amounts are in the list above; the note says them again for the policy's printout. */}
        {offer.notes
          .filter((n) => !(yearly.length > 1 && n.startsWith(YEARLY_NOTE)))
          .map((n) => (
            <li key={n}>{n}</li>
          ))}
        {yearly.length > 1 ? <li>Следующие годы рассчитаны по сегодняшнему остатку долга; страховщик пересчитает их по остатку на начало года</li> : null}
      </ul>
    </OfferCard>
  );
}

/** The insurers' answers: offers cheapest first (the api's order), refusals with reasons; loading, empty and error states. */
function MortgageOffers({ quote, request, onRetry, issue }: { quote: Quote; request: MortgageCalculateRequest | null; onRetry(): void; issue: Issue }) {
  if (quote.status === 'idle') return null;
  if (quote.status === 'loading') return <QuotingSpinner />;
  if (quote.status === 'error') return <ErrorState title="Не удалось рассчитать" message={quote.message} onRetry={onRetry} />;
  return (
    <div className="oy-eosago__result">
      {quote.offers.length && request ? (
        <div className="oy-eosago__offers">
          {quote.offers.map((o) => (
            <MortgageOfferCard key={o.companyId} offer={o} request={request} issue={issue} />
          ))}
        </div>
      ) : (
        <EmptyState text="Ни один страховщик не сделал предложение" />
      )}
      <RefusalsList refusals={quote.refusals} />
    </div>
  );
}

function BankStep({ status }: { status: FormBlockStatus }) {
  const { values, errors, touched, submitCount, setFieldValue } = useFormikContext<MortgageValues>();
  const bank = MORTGAGE_BANKS.find((b) => b.code === values.bank);
  const tickError = typeof errors.ticked === 'string' && (touched.ticked || submitCount > 0) ? errors.ticked : null;
  return (
    <FormBlock title="Банк, выдавший кредит" status={status}>
      <div className="oy-vzr__grid">
        <FormikField<string> name="bank" label="Банк" required>
          {(f) => <Dropdown {...f} onChange={(code) => { f.onChange(code ?? ''); void setFieldValue('ticked', [], false); }} options={BANK_OPTIONS} sorted={false} />}
        </FormikField>
      </div>
      {bank ? (
        <section className="oy-ipoteka__requirements" aria-label={`Требования банка «${bank.name}»`}>
          <h3>Требования банка «{bank.name}» — пройдите их с клиентом</h3>
          <ul>
            {bank.requirements.map((r, i) => (
              <li key={r.text}>
                <Checkbox checked={values.ticked.includes(i)} onChange={(e) => void setFieldValue('ticked', e.target.checked ? [...values.ticked, i] : values.ticked.filter((x) => x !== i))}>
                  {r.text}
                </Checkbox>
                {r.required ? <span className="oy-offer__chip">обязательно</span> : null}
              </li>
            ))}
          </ul>
          <p className="oy-eosago__muted">
            Страховая сумма — остаток долга + {formatPercentPpm(bank.uplift.ppm)}
            {bank.upliftSource ? '' : ' (собственной цифры банка нет — принято 10 % по умолчанию)'}.
          </p>
          {tickError ? (
            <p className="oy-offer__error" role="alert">
              {tickError}
            </p>
          ) : null}
        </section>
      ) : null}
    </FormBlock>
  );
}

const formatPercentPpm = (ppm: number) => `${String(ppm / 10_000).replace('.', ',')} %`;

function LoanStep({ status }: { status: FormBlockStatus }) {
  const { values } = useFormikContext<MortgageValues>();
  const bank = MORTGAGE_BANKS.find((b) => b.code === values.bank);
  const balanceOk = values.balance !== null && values.balance >= MORTGAGE_BALANCE_MIN && values.balance <= MORTGAGE_BALANCE_MAX;
  return (
    <FormBlock title="Кредит, имущество и что страхуем" status={status}>
      <div className="oy-vzr__grid">
        <div>
          <FormikField<number | null> name="balance" label="Остаток долга по кредиту" required>
            {(f) => <MoneyInput {...f} />}
          </FormikField>
          {bank && balanceOk ? (
            <p className="oy-eosago__muted" role="status">
              Страховая сумма: {formatMoney(mortgageSumInsured({ bank: bank.code, balance: values.balance! }))} — остаток + {formatPercentPpm(mortgageBank(bank.code).uplift.ppm)} по требованию банка «{bank.name}»
            </p>
          ) : null}
        </div>
        <FormikField<string> name="property" label="Имущество в залоге" required>
          {(f) => <Dropdown {...f} options={PROPERTY_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
        <FormikField<string> name="startDate" label="Дата начала" required>
          {(f) => <DateInput {...f} />}
        </FormikField>
        <FormikField<number> name="years" label="Срок страхования" required>
          {(f) => <Dropdown {...f} options={YEARS_OPTIONS} allowClear={false} sorted={false} />}
        </FormikField>
        <FormikField<number | null> name="policyYear" label="Какой год кредита страхуем первым">
          {(f) => <IntegerInput {...f} />}
        </FormikField>
      </div>
      <div className="oy-eosago__checks" role="group" aria-label="Что страхуем">
        <Checkbox checked disabled>
          Имущество (залог) — обязательно по закону
        </Checkbox>
        <FormikCheckbox name="life">Жизнь и трудоспособность заёмщиков</FormikCheckbox>
        <FormikCheckbox name="title">Титул (право собственности) — только первые {MORTGAGE_TITLE_YEARS} года</FormikCheckbox>
      </div>
      {values.years > 1 ? <p className="oy-eosago__muted">Взнос платится ежегодно: первый — сейчас, следующие — к началу каждого года; они рассчитаны по сегодняшнему остатку.</p> : null}
    </FormBlock>
  );
}

function BorrowersStep({ status }: { status: FormBlockStatus }) {
  const { values, errors, submitCount, touched } = useFormikContext<MortgageValues>();
  if (!values.life) {
    return (
      <FormBlock title="Заёмщики" status={status}>
        <p className="oy-eosago__muted">Страхование жизни не выбрано — заёмщики не страхуются. Без него банк может повысить ставку по кредиту на 0,5–1 п. п.</p>
      </FormBlock>
    );
  }
  const total = values.borrowers.reduce((s, b) => s + (b.share ?? 0), 0);
  const totalError = (errors as Record<string, unknown>).borrowersTotal as string | undefined;
  const shown = submitCount > 0 || !!touched.borrowers;
  return (
    <FormBlock title="Заёмщики: возраст, пол и доля в страховой сумме" status={status}>
      <FieldArray name="borrowers">
        {({ push, remove }) => (
          <div className="oy-ipoteka__borrowers">
            {values.borrowers.map((_, i) => (
              <fieldset key={i} className="oy-ipoteka__borrower">
                <legend>Заёмщик {i + 1}{i === 0 ? ' — страхователь' : ''}</legend>
                <FormikField<string> name={`borrowers.${i}.birthDate`} label="Дата рождения" required>
                  {(f) => <DateInput {...f} />}
                </FormikField>
                <FormikField<string> name={`borrowers.${i}.sex`} label="Пол" required>
                  {(f) => <Dropdown {...f} options={SEX_OPTIONS} sorted={false} />}
                </FormikField>
                <FormikField<number | null> name={`borrowers.${i}.share`} label="Доля, %" required>
                  {(f) => <IntegerInput {...f} />}
                </FormikField>
                {values.borrowers.length > 1 ? (
                  <Button type="link" onClick={() => remove(i)} aria-label={`Убрать заёмщика ${i + 1}`}>
                    Убрать
                  </Button>
                ) : null}
              </fieldset>
            ))}
            {values.borrowers.length < MORTGAGE_MAX_BORROWERS ? (
              <Button onClick={() => push({ birthDate: '', sex: '', share: Math.max(0, 100 - total) || null })}>Добавить заёмщика</Button>
            ) : null}
          </div>
        )}
      </FieldArray>
      <p className={total === 100 ? 'oy-eosago__muted' : 'oy-ipoteka__total'} role="status">
        Сумма долей: {total} %{total === 100 ? '' : ' — должно быть 100 %'}
      </p>
      {totalError && shown ? (
        <p className="oy-offer__error" role="alert">
          {totalError}
        </p>
      ) : null}
    </FormBlock>
  );
}

interface CalculatorProps {
  step: number;
  setStep(step: number): void;
  quote: Quote;
  request: MortgageCalculateRequest | null;
  calculate(v: MortgageValues): void;
  retry(): void;
  issue: Issue;
  restart(): void;
}

function Calculator({ step, setStep, quote, request, calculate, retry, issue, restart }: CalculatorProps) {
  const form = useFormikContext<MortgageValues>();
  const [checked, setChecked] = React.useState<ReadonlySet<number>>(() => new Set());
  const offersStep = CALC_STEPS.length;
  const hasError = (errors: object, i: number) => (CALC_STEPS[i].fields as readonly string[]).some((n) => getIn(errors, n)) || (CALC_STEPS[i].key === 'borrowers' && !!getIn(errors, 'borrowersTotal'));
  const status: FormBlockStatus = step < offersStep && checked.has(step) ? (hasError(form.errors, step) ? 'invalid' : 'valid') : null;

  /** Shows the errors of these steps' fields and answers the first step with one (or -1). */
  async function firstWrong(steps: number[]): Promise<number> {
    setChecked((prev) => new Set([...prev, ...steps]));
    const errors = await form.validateForm();
    const wrong = steps.find((i) => hasError(errors, i));
    if (wrong === undefined) return -1;
    const names = Object.keys(errors).filter((k) => stepOfField(k) === wrong || (k === 'borrowersTotal' && CALC_STEPS[wrong].key === 'borrowers'));
    void form.setTouched({ ...form.touched, ...setNestedObjectValues<FormikTouched<MortgageValues>>(Object.fromEntries(names.map((n) => [n === 'borrowersTotal' ? 'borrowers' : n, (errors as Record<string, unknown>)[n]])), true) }, false);
    return wrong;
  }

  async function go(to: number) {
    if (to > step) {
      const wrong = await firstWrong(Array.from({ length: Math.min(to, offersStep) - Math.min(step, offersStep) }, (_, k) => Math.min(step, offersStep) + k).filter((i) => i < offersStep));
      if (wrong >= 0) {
        setStep(wrong);
        return;
      }
      if (to >= offersStep) calculate(form.values);
    }
    setStep(Math.min(to, offersStep));
  }

  return (
    <CalculatorShell
      label="Расчёт ипотечного страхования"
      steps={STEP_TITLES}
      step={step}
      offersStep={offersStep}
      errorStep={status === 'invalid' ? step : null}
      go={(i) => void go(i)}
      setStep={setStep}
      restart={restart}
      offers={<MortgageOffers quote={quote} request={request} onRetry={retry} issue={issue} />}
    >
      {CALC_STEPS[step]?.key === 'bank' ? <BankStep status={status} /> : null}
      {CALC_STEPS[step]?.key === 'loan' ? <LoanStep status={status} /> : null}
      {CALC_STEPS[step]?.key === 'borrowers' ? <BorrowersStep status={status} /> : null}
    </CalculatorShell>
  );
}

function KeepInTab({ values, step }: Kept) {
  React.useEffect(() => kept$.write({ values, step: Math.min(step, CALC_STEPS.length - 1) }), [values, step]);
  return null;
}

function MortgageCalculator({ kept, renews }: { kept: Kept | null; renews: RenewalQuote | null }) {
  const navigate = useNavigate();
  const [initial, setInitial] = React.useState(() => kept?.values ?? initialMortgageValues());
  const [step, setStep] = React.useState(() => Math.min(kept?.step ?? 0, CALC_STEPS.length - 1));
  const [generation, setGeneration] = React.useState(0);
  const [quote, setQuote] = React.useState<Quote>({ status: 'idle' });
  const [priced, setPriced] = React.useState<MortgageCalculateRequest | null>(null);
  const asked = React.useRef(0);

  const calculate = React.useCallback((v: MortgageValues) => {
    const req = toMortgageRequest(v);
    setPriced(req);
    const n = ++asked.current;
    setQuote({ status: 'loading' });
    quoteProduct<MortgageOffer>('ipoteka', req).then(
      (answer) => n === asked.current && setQuote({ status: 'ready', ...answer }),
      (e) => n === asked.current && setQuote({ status: 'error', message: errorText(e) }),
    );
  }, []);

  const issue: Issue = async (offer) => {
    if (!priced) return null;
    try {
      const contract = await createProductContract('ipoteka', priced, offer.companyId, renews?.contractId);
      // A renewal: the insurant, the property and the loan of the old policy go with it (checked before sending).
      await carryRenewalDetails('ipoteka', contract.id, renews);
      kept$.write(null);
      navigate(`/new-ipoteka/insurant?contract=${contract.id}`);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };

  const restart = () => {
    kept$.write(null);
    if (renews) navigate('/new-ipoteka', { replace: true });
    setPriced(null);
    asked.current++;
    setInitial(initialMortgageValues());
    setStep(0);
    setQuote({ status: 'idle' });
    setGeneration((g) => g + 1);
  };

  return (
    <PageFrame title={TITLE} section="new-ipoteka">
      <p className="oy-eosago__muted oy-eosago__lead">
        Расчёт у всех страховщиков, продающих ипотечное страхование онлайн: банк и его требования, остаток долга, имущество, жизнь и титул, заёмщики. Оплата — ежегодными взносами.
      </p>
      <RenewalNote renews={renews} check="Проверьте остаток долга и нажмите «Рассчитать»." />
      <Formik key={generation} initialValues={initial} validate={mortgageErrors} onSubmit={() => undefined}>
        {(form) => (
          <>
            <KeepInTab values={form.values} step={step} />
            <Calculator step={step} setStep={setStep} quote={quote} request={priced} calculate={calculate} retry={() => calculate(form.values)} issue={issue} restart={restart} />
          </>
        )}
      </Formik>
    </PageFrame>
  );
}

// ─── after «Оформить»: what the insurer needs ─────────────────────────────────────────────────────

const text = (name: string, label: string, max: number, required = false) => (
  <FormikField<string> name={name} label={label} required={required}>
    {(f) => <Input id={f.id} value={f.value} maxLength={max} status={f.error ? 'error' : undefined} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
  </FormikField>
);
const date = (name: string, label: string, required = true) => (
  <FormikField<string> name={name} label={label} required={required}>
    {(f) => <DateInput {...f} />}
  </FormikField>
);

function DetailsForm({ contract, onSaved }: { contract: ContractDetails; onSaved(c: ContractDetails): void }) {
  const form = useFormikContext<DetailsValues>();
  const calc = contract.calculation as unknown as MortgageCalculateRequest;
  const borrowers = calc.life ? (calc.borrowers ?? []) : [];
  const details = detailsOf(form.values);
  const missing = missingMortgageDetail(details, calc);

  async function check() {
    const errors = await form.validateForm();
    void form.setTouched(setNestedObjectValues<FormikTouched<DetailsValues>>(form.values, true), false);
    return !Object.keys(errors).length;
  }

  return (
    <DetailsFrame
      product="ipoteka"
      contract={contract}
      details={details as unknown as Record<string, unknown>}
      valid={!Object.keys(form.errors).length}
      missing={missing}
      check={check}
      onMissing={(m) => void form.setFieldTouched(formPathOf(m.field), true, false)}
      onSaved={onSaved}
    >
      <FormBlock title={borrowers.length ? 'Страхователь — заёмщик 1' : 'Страхователь — заёмщик'}>
        <div className="oy-vzr__insurant">
          {text('insurant.lastName', 'Фамилия', 100, true)}
          {text('insurant.firstName', 'Имя', 100, true)}
          {text('insurant.middleName', 'Отчество', 100)}
          {date('insurant.birthDate', 'Дата рождения')}
          {text('insurant.series', 'Серия паспорта', 4, true)}
          {text('insurant.number', 'Номер паспорта', 6, true)}
          {date('insurant.issuedAt', 'Дата выдачи паспорта')}
          <div className="oy-vzr__wide">{text('insurant.issuer', 'Кем выдан', 300)}</div>
          <FormikField<string> name="contacts.phone" label="Телефон" required>
            {(f) => <PhoneInput {...f} />}
          </FormikField>
          {text('contacts.email', 'Эл. почта', 120)}
        </div>
      </FormBlock>
      {form.values.coBorrowers.length ? (
        <FormBlock title="Другие заёмщики — как в паспорте">
          {form.values.coBorrowers.map((_, i) => (
            <fieldset key={i} className="oy-vzr__person">
              <legend>
                Заёмщик {i + 2}, дата рождения {formatDate(borrowers[i + 1]?.birthDate)}
              </legend>
              {text(`coBorrowers.${i}.lastName`, 'Фамилия', 100, true)}
              {text(`coBorrowers.${i}.firstName`, 'Имя', 100, true)}
              {text(`coBorrowers.${i}.middleName`, 'Отчество', 100)}
            </fieldset>
          ))}
        </FormBlock>
      ) : null}
      <FormBlock title="Имущество в залоге и кредитный договор">
        <div className="oy-vzr__insurant">
          <div className="oy-ipoteka__full">
            <FormikField<string> name="property.address" label="Адрес имущества" required>
              {(f) => <AddressSuggestInput {...f} placeholder="Город, улица, дом, квартира" />}
            </FormikField>
          </div>
          {text('property.cadastralNumber', 'Кадастровый номер', 40, true)}
          {text('loan.number', 'Номер кредитного договора', 60, true)}
          {date('loan.date', 'Дата кредитного договора')}
        </div>
      </FormBlock>
    </DetailsFrame>
  );
}

function Details({ id }: { id: string }) {
  const { state, reload, refresh, update } = useLoad(() => getContract(id), [id], { keepPrevious: true });
  // Live: the contract moved (sent by another tab, checked, paid): read it again.
  React.useEffect(() => {
    const sub = getRuntime().bus.on('contract_status').subscribe((e) => e.contractId === id && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [id, reload, refresh]);
  const back = { to: '/new-ipoteka', label: 'Калькулятор ипотеки' };
  if (state.status === 'loading') {
    return (
      <PageFrame title={TITLE} back={back} section="new-ipoteka">
        <LoadingBlock rows={6} />
      </PageFrame>
    );
  }
  if (state.status === 'error') return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  const c = state.data;
  if (c.product !== 'ipoteka') return <Navigate to={`/contracts/${c.id}`} replace />;
  const calc = c.calculation as unknown as MortgageCalculateRequest;
  return (
    <PageFrame title={TITLE} back={back} section="new-ipoteka">
      <Stepper titlePlacement="vertical" steps={MORTGAGE_STEPS.map((s) => s.title)} current={INSURANT_STEP} />
      <div className="oy-vzr__details">
        <section className="oy-eosago__step" aria-label="Страхователь">
          <h2>Страхователь, имущество и кредитный договор</h2>
          {isContractEditable(c.status) ? (
            <Formik initialValues={detailsValuesOf(c.details as unknown as Partial<MortgageContractDetails>, calc)} validate={detailsErrors} onSubmit={() => undefined}>
              <DetailsForm contract={c} onSaved={(next) => update(() => next)} />
            </Formik>
          ) : (
            <p>
              Договор отправлен страховщику ({c.statusTitle}). <Link to={`/contracts/${c.id}`}>Открыть карточку договора</Link>
            </p>
          )}
        </section>
        <aside className="oy-vzr__aside" aria-label="Выбранное предложение">
          <SummaryBlocks blocks={c.summary.filter((b) => b.title !== 'Страхователь и кредитный договор')} />
        </aside>
      </div>
    </PageFrame>
  );
}

/**
 * /app/new-ipoteka (issue 25): the mortgage calculator — the bank and its requirements as a checklist, the
 * outstanding balance with the bank's uplift, the pledged property, life and title cover, 1–5 policy years,
 * the borrowers with birth date, sex and share (100 % in all) → every demo insurer's offer (the premium of
 * all the years and each year's instalment, its factors, «Ваше КВ») and the refusals with reasons →
 * «Оформить» makes the contract on the server → /new-ipoteka/insurant?contract=<id>: what the insurer
 * needs, saved as typed → «Отправить страховщику» → the contract page (the yearly payment schedule, the
 * payment link, the policy PDF). `?renew=<contractId>` fills it from the policy it renews.
 */
export default function IpotekaPage() {
  const { step } = useParams();
  const [search] = useSearchParams();
  const id = search.get('contract');
  if (step === 'insurant' && id) return <Details key={id} id={id} />;
  if (step) return <Navigate to={id ? `/contracts/${id}` : '/new-ipoteka'} replace />;
  return (
    <RenewableCalculator
      title={TITLE}
      section="new-ipoteka"
      fresh={() => <MortgageCalculator kept={kept$.read()} renews={null} />}
      renewed={(q) => (
        <MortgageCalculator
          // A policy entered by hand: a blank form from the bank on, starting the day after it ends.
          kept={q.fromManual ? { values: { ...initialMortgageValues(), startDate: formatDate(q.startDate) }, step: 0 } : { values: mortgageValuesOf(q.calculation as unknown as MortgageCalculateRequest), step: 1 }}
          renews={q}
        />
      )}
    />
  );
}
