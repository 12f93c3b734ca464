import * as React from 'react';
import { FieldArray, Formik, useFormikContext } from 'formik';
import {
  COEFFICIENT_NAMES,
  COEFFICIENT_TITLES,
  OSAGO_MAX_DRIVERS,
  formatMoney,
  sectionOf,
  type OsagoCalculateRequest,
  type OsagoOffer,
  formatCoefficient,
} from '@oyster/shared-kit/domain';
import { useNavigate } from 'react-router-dom';
import { createContract } from '../../api/contracts';
import { Tooltip } from '@oyster/shared-kit/ui';
import {
  AddressSuggestInput,
  Button,
  Checkbox,
  DateInput,
  Dropdown,
  FormBlock,
  FormikField,
  IntegerInput,
  LicenceInput,
  Spin,
} from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, PageFrame, errorText } from '@oyster/shared-kit/ui/screens';
import { emptyDriver, initialQuoteValues, quoteSchema, toRequest, type QuoteValues } from './quoteForm';
import { useStreamedQuote, type QuoteResult } from './useStreamedQuote';
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

/** A coefficient as the agent reads it: ТБ in roubles, the others with a comma. */

/** «Оформить»: the contract from this offer (the api asks the insurer again), then its page. */
function IssueButton({ offer, calculation }: { offer: OsagoOffer; calculation: () => OsagoCalculateRequest | null }) {
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  async function issue() {
    const request = calculation();
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      const contract = await createContract(request, offer.companyId);
      navigate(`/contracts/${contract.id}`);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  }
  return (
    <div className="oy-offer__issue">
      <Button type="primary" onClick={() => void issue()} loading={busy}>
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

function OfferCard({ offer, calculation }: { offer: OsagoOffer; calculation: () => OsagoCalculateRequest | null }) {
  return (
    <article className="oy-offer" aria-label={offer.companyName}>
      <header className="oy-offer__head">
        <h3 className="oy-offer__company">{offer.companyName}</h3>
        <span className="oy-offer__premium">{formatMoney(offer.premium)}</span>
      </header>
      <div className="oy-offer__notes">
        {offer.capped ? (
          <Tooltip title={offer.explain.cap}>
            <span className="oy-offer__chip">ограничено ст. 9 40-ФЗ</span>
          </Tooltip>
        ) : null}
        {offer.commissionPercent !== undefined ? <span className="oy-offer__chip oy-offer__chip--accent">КВ страховщика {offer.commissionPercent}%</span> : null}
      </div>
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
      <IssueButton offer={offer} calculation={calculation} />
    </article>
  );
}

function QuoteAnswers({ result, onRetry, calculation }: { result: QuoteResult; onRetry: () => void; calculation: () => OsagoCalculateRequest | null }) {
  if (result.status === 'idle') return null;
  if (result.status === 'starting') {
    return (
      <div className="oy-eosago__loading" role="status">
        <Spin /> <span>Запрашиваем страховщиков…</span>
      </div>
    );
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
            <OfferCard key={o.companyId} offer={o} calculation={calculation} />
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
      {refusals.length ? (
        <section className="oy-eosago__refusals" aria-label="Отказы страховщиков">
          <h3>Отказали</h3>
          <ul>
            {refusals.map((r) => (
              <li key={r.companyId}>
                <strong>{r.companyName}</strong>: {r.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
function FactorCheckbox({ name, children }: { name: 'taxi' | 'trailer' | 'unrestricted' | 'grossViolation'; children: React.ReactNode }) {
  const { values, setFieldValue } = useFormikContext<QuoteValues>();
  return (
    <Checkbox checked={values[name]} onChange={(e) => void setFieldValue(name, e.target.checked)}>
      {children}
    </Checkbox>
  );
}

function QuoteForm({ calculating }: { calculating: boolean }) {
  const { values, setFieldValue, handleSubmit } = useFormikContext<QuoteValues>();
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Предварительный расчёт Е-ОСАГО" className="oy-eosago__form">
      <FormBlock title="Транспортное средство">
        <div className="oy-eosago__grid">
          <FormikField<string> name="category" label="Категория" required>
            {(f) => <Dropdown {...f} options={CATEGORY_OPTIONS} allowClear={false} sorted={false} />}
          </FormikField>
          <FormikField<string> name="ownerType" label="Собственник" required>
            {(f) => <Dropdown {...f} options={OWNER_OPTIONS} allowClear={false} sorted={false} />}
          </FormikField>
          <FormikField<number | null> name="powerHp" label="Мощность, л. с." required>
            {(f) => <IntegerInput {...f} />}
          </FormikField>
          <FormikField<number | null> name="year" label="Год выпуска">
            {(f) => <IntegerInput {...f} />}
          </FormikField>
        </div>
        <div className="oy-eosago__checks">
          <FactorCheckbox name="taxi">
            Используется как такси
          </FactorCheckbox>
          <FactorCheckbox name="trailer">
            С прицепом
          </FactorCheckbox>
        </div>
        <p className="oy-eosago__muted">Мотоциклы, грузовики, автобусы, трамваи, троллейбусы и тракторы пока не рассчитываются: их тарифы не внесены в продукт.</p>
      </FormBlock>

      <FormBlock title="Собственник">
        <FormikField<string> name="address" label="Адрес регистрации собственника" required>
          {(f) => (
            <AddressSuggestInput
              {...f}
              placeholder="Город, улица, дом"
              onChange={(text) => {
                f.onChange(text);
                if (values.addressSuggestion && text !== values.addressSuggestion.value) void setFieldValue('addressSuggestion', null);
              }}
              onSelect={(s) => void setFieldValue('addressSuggestion', s ? { value: s.value, data: (s.data ?? {}) as Record<string, unknown> } : null)}
            />
          )}
        </FormikField>
      </FormBlock>

      <FormBlock title="Водители">
        <FactorCheckbox name="unrestricted">
          Без ограничения списка водителей
        </FactorCheckbox>
        <Drivers />
      </FormBlock>

      <FormBlock title="Период">
        <div className="oy-eosago__grid">
          <FormikField<number> name="periodMonths" label="Период использования" required>
            {(f) => <Dropdown {...f} options={PERIOD_OPTIONS} allowClear={false} sorted={false} />}
          </FormikField>
          <FormikField<string> name="startDate" label="Дата начала" required>
            {(f) => <DateInput {...f} />}
          </FormikField>
        </div>
        <FactorCheckbox name="grossViolation">
          Грубые нарушения по ст. 9 п. 3 40-ФЗ (КН 1,5)
        </FactorCheckbox>
      </FormBlock>

      <Button type="primary" htmlType="submit" loading={calculating}>
        Рассчитать
      </Button>
    </form>
  );
}

/**
 * /app/new-eosago: the quick e-OSAGO calculation (issue 11) — the rating factors, every insurer's offer
 * with its coefficients and where each came from as it arrives, and the refusals with reasons. The
 * api rates (POST /api/v2/osago/quotes, answers over the socket); this page only collects and shows.
 */
export default function EosagoQuotePage() {
  const { result, start } = useStreamedQuote();
  const last = React.useRef<QuoteValues | null>(null);
  const schema = React.useMemo(() => quoteSchema(), []);
  const run = React.useCallback(
    (values: QuoteValues) => {
      last.current = values;
      return start(toRequest(values));
    },
    [start],
  );
  const busy = result.status === 'starting' || (result.status === 'quote' && result.pending.length > 0);
  return (
    <PageFrame title={sectionOf('/new-eosago')?.heading ?? 'Калькулятор Е-ОСАГО'} section="new-eosago">
      <p className="oy-eosago__muted oy-eosago__lead">Предварительный расчёт у всех страховщиков по факторам тарифа — без документов клиента. Предложения появляются по мере ответа страховщиков.</p>
      <div className="oy-eosago">
        <Formik initialValues={initialQuoteValues()} validationSchema={schema} onSubmit={run}>
          <QuoteForm calculating={busy} />
        </Formik>
        <section className="oy-eosago__offers-col" aria-label="Предложения страховщиков" aria-live="polite">
          <QuoteAnswers result={result} onRetry={() => last.current && void run(last.current)} calculation={() => (last.current ? toRequest(last.current) : null)} />
        </section>
      </div>
    </PageFrame>
  );
}
