import * as React from 'react';
import { Formik, getIn, useFormikContext } from 'formik';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  TRAVEL_STEPS,
  formatDate,
  isContractEditable,
  missingTravelDetail,
  sectionOf,
  type Client,
  type ContractDetails,
  type TravelCalculateRequest,
  type TravelContractDetails,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Alnum10Input, Button, ClientPicker, DateInput, FormBlock, FormikField, Input, LatinInput, PhoneInput, Stepper, type FormBlockStatus } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract, sendContract } from '../../api/contracts';
import { saveProductDetails } from '../../api/products';
import { SummaryBlocks } from '../../components/SummaryBlocks';
import { personFromClient } from '../../components/clientPrefill';
import { detailsErrors, detailsOf, detailsValuesOf, type DetailsValues } from './vzrForm';
import './vzr.css';

const TITLE = sectionOf('/new-vzr')?.heading ?? 'ВЗР';
const INSURANT_STEP = TRAVEL_STEPS.findIndex((s) => s.key === 'insurant');
const SAVE_DELAY_MS = 600;

type Save = { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'error'; message: string };

/** Saves the form as the agent types (after a pause), when what is typed is well-formed: a reload resumes from the server. */
function AutoSave({ contract, onSaved, onState }: { contract: ContractDetails; onSaved(c: ContractDetails): void; onState(s: Save): void }) {
  const { values, errors } = useFormikContext<DetailsValues>();
  const first = React.useRef(true);
  const json = JSON.stringify(values);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (Object.keys(errors).length) return;
    const t = window.setTimeout(() => {
      onState({ status: 'saving' });
      saveProductDetails('vzr', contract.id, detailsOf(JSON.parse(json) as DetailsValues) as unknown as Record<string, unknown>).then(
        (c) => {
          onSaved(c);
          onState({ status: 'saved' });
        },
        (e) => onState({ status: 'error', message: errorText(e) }),
      );
    }, SAVE_DELAY_MS);
    return () => window.clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [json, contract.id]);
  return null;
}

/** The insurant's fields from a client record: what the record knows replaces, the rest stays as typed. */
function insurantFromClient(was: DetailsValues['insurant'], c: Client): DetailsValues['insurant'] {
  const p = personFromClient(c);
  return {
    ...was,
    ...(p.lastName ? { lastName: p.lastName } : {}),
    ...(p.firstName ? { firstName: p.firstName } : {}),
    ...(p.middleName ? { middleName: p.middleName } : {}),
    ...(p.birthDate ? { birthDate: formatDate(p.birthDate) } : {}),
    ...(c.phone ? { phone: c.phone } : {}),
    ...(c.email ? { email: c.email } : {}),
  };
}

function blockStatus(errors: object, prefix: string, shown: boolean): FormBlockStatus {
  if (!shown) return null;
  return getIn(errors, prefix) ? 'invalid' : 'valid';
}

function DetailsForm({ contract, onSaved }: { contract: ContractDetails; onSaved(c: ContractDetails): void }) {
  const navigate = useNavigate();
  const form = useFormikContext<DetailsValues>();
  const calc = contract.calculation as unknown as TravelCalculateRequest;
  const [save, setSave] = React.useState<Save>({ status: 'idle' });
  const [checked, setChecked] = React.useState(false);
  const [sendError, setSendError] = React.useState<string | null>(null);
  const [sending, setSending] = React.useState(false);
  const missing = missingTravelDetail(detailsOf(form.values), calc);

  async function send() {
    setChecked(true);
    setSendError(null);
    const errors = await form.validateForm();
    void form.setTouched({ travellers: form.values.travellers.map(() => ({ lastName: true, firstName: true, passport: true })), insurant: { lastName: true, firstName: true, birthDate: true, phone: true, email: true } } as never, false);
    if (Object.keys(errors).length || missing) {
      if (missing) setSendError(`Не заполнено: ${missing.message}`);
      return;
    }
    setSending(true);
    try {
      await saveProductDetails('vzr', contract.id, detailsOf(form.values) as unknown as Record<string, unknown>);
      await sendContract(contract.id);
      navigate(`/contracts/${contract.id}`);
    } catch (e) {
      setSendError(errorText(e));
      setSending(false);
    }
  }

  return (
    <>
      <AutoSave contract={contract} onSaved={onSaved} onState={setSave} />
      <FormBlock title="Путешественники — как в загранпаспорте" status={blockStatus(form.errors, 'travellers', checked)}>
        {form.values.travellers.map((_, i) => (
          <fieldset key={i} className="oy-vzr__person">
            <legend>
              Путешественник {i + 1}, дата рождения {formatDate(calc.travellers[i]?.birthDate)}
            </legend>
            <FormikField<string> name={`travellers.${i}.lastName`} label="Фамилия латиницей" required>
              {(f) => <LatinInput {...f} />}
            </FormikField>
            <FormikField<string> name={`travellers.${i}.firstName`} label="Имя латиницей" required>
              {(f) => <LatinInput {...f} />}
            </FormikField>
            <FormikField<string> name={`travellers.${i}.passport`} label="Номер загранпаспорта" required>
              {(f) => <Alnum10Input {...f} />}
            </FormikField>
          </fieldset>
        ))}
      </FormBlock>
      <FormBlock title="Страхователь — кто заключает договор и платит" status={blockStatus(form.errors, 'insurant', checked)}>
        <ClientPicker onPick={(card) => void form.setFieldValue('insurant', insurantFromClient(form.values.insurant, card.client))} />
        <div className="oy-vzr__insurant">
          <FormikField<string> name="insurant.lastName" label="Фамилия" required>
            {(f) => <Input id={f.id} value={f.value} maxLength={100} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
          </FormikField>
          <FormikField<string> name="insurant.firstName" label="Имя" required>
            {(f) => <Input id={f.id} value={f.value} maxLength={100} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
          </FormikField>
          <FormikField<string> name="insurant.middleName" label="Отчество">
            {(f) => <Input id={f.id} value={f.value} maxLength={100} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
          </FormikField>
          <FormikField<string> name="insurant.birthDate" label="Дата рождения" required>
            {(f) => <DateInput {...f} />}
          </FormikField>
          <FormikField<string> name="insurant.phone" label="Телефон" required>
            {(f) => <PhoneInput {...f} />}
          </FormikField>
          <FormikField<string> name="insurant.email" label="Эл. почта">
            {(f) => <Input id={f.id} value={f.value} maxLength={120} onChange={(e) => f.onChange(e.target.value)} onBlur={f.onBlur} />}
          </FormikField>
        </div>
      </FormBlock>
      <p className="oy-eosago__muted" role="status">
        {save.status === 'saving' ? 'Сохраняем…' : save.status === 'saved' ? 'Сохранено' : save.status === 'error' ? `Не сохранено: ${save.message}` : 'Данные сохраняются по мере ввода'}
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

/**
 * /app/new-vzr/insurant?contract=<id>: the contract made from the chosen offer, its details for the insurer —
 * each traveller in Latin as in the foreign passport with the passport's number, the insurant — saved on the
 * server as the agent types; «Отправить страховщику» sends it and opens the contract page (the payment link,
 * then the policy PDF). Any other step goes to the calculator.
 */
export default function VzrDetailsPage() {
  const { step } = useParams();
  const [search] = useSearchParams();
  const id = search.get('contract');
  if (step !== 'insurant' || !id) return <Navigate to={id ? `/contracts/${id}` : '/new-vzr'} replace />;
  return <Details key={id} id={id} />;
}

function Details({ id }: { id: string }) {
  const { state, reload, update } = useLoad(() => getContract(id), [id], { keepPrevious: true });
  // Live: the contract moved (sent by another tab, checked, paid): read it again.
  React.useEffect(() => {
    const sub = getRuntime().bus.on('contract_status').subscribe((e) => e.contractId === id && reload());
    return () => sub.unsubscribe();
  }, [id, reload]);
  const back = { to: '/new-vzr', label: 'Калькулятор ВЗР' };
  if (state.status === 'loading') return <PageFrame title={TITLE} back={back} section="new-vzr"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  const c = state.data;
  if (c.product !== 'vzr') return <Navigate to={`/contracts/${c.id}`} replace />;
  const calc = c.calculation as unknown as TravelCalculateRequest;
  return (
    <PageFrame title={TITLE} back={back} section="new-vzr">
      <Stepper titlePlacement="vertical" steps={TRAVEL_STEPS.map((s) => s.title)} current={INSURANT_STEP} />
      <div className="oy-vzr__details">
        <section className="oy-eosago__step" aria-label="Страхователь">
          <h2>Страхователь и путешественники</h2>
          {isContractEditable(c.status) ? (
            <Formik initialValues={detailsValuesOf(c.details as unknown as Partial<TravelContractDetails>, calc.travellers.length)} validate={detailsErrors} onSubmit={() => undefined}>
              <DetailsForm contract={c} onSaved={(next) => update(() => next)} />
            </Formik>
          ) : (
            <p>
              Договор отправлен страховщику ({c.statusTitle}). <Link to={`/contracts/${c.id}`}>Открыть карточку договора</Link>
            </p>
          )}
        </section>
        <aside className="oy-vzr__aside" aria-label="Выбранное предложение">
          <SummaryBlocks blocks={c.summary.filter((b) => b.title !== 'Страхователь')} />
        </aside>
      </div>
    </PageFrame>
  );
}
