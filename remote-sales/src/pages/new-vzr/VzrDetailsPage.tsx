import * as React from 'react';
import { Formik, getIn, useFormikContext } from 'formik';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
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
import { Alnum10Input, ClientPicker, DateInput, FormBlock, FormikField, Input, LatinInput, PhoneInput, Stepper, type FormBlockStatus } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { getContract } from '../../api/contracts';
import { DetailsFrame } from '../../components/calculator';
import { SummaryBlocks } from '../../components/SummaryBlocks';
import { personFromClient } from '../../components/clientPrefill';
import { detailsErrors, detailsOf, detailsValuesOf, type DetailsValues } from './vzrForm';
import './vzr.css';

const TITLE = sectionOf('/new-vzr')?.heading ?? 'ВЗР';
const INSURANT_STEP = TRAVEL_STEPS.findIndex((s) => s.key === 'insurant');

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
  const form = useFormikContext<DetailsValues>();
  const calc = contract.calculation as unknown as TravelCalculateRequest;
  const [checked, setChecked] = React.useState(false);
  const details = detailsOf(form.values);
  const missing = missingTravelDetail(details, calc);

  async function check() {
    setChecked(true);
    const errors = await form.validateForm();
    void form.setTouched({ travellers: form.values.travellers.map(() => ({ lastName: true, firstName: true, passport: true })), insurant: { lastName: true, firstName: true, birthDate: true, phone: true, email: true } } as never, false);
    return !Object.keys(errors).length;
  }

  return (
    <DetailsFrame product="vzr" contract={contract} details={details as unknown as Record<string, unknown>} valid={!Object.keys(form.errors).length} missing={missing} check={check} onSaved={onSaved}>
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
    </DetailsFrame>
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
  const { state, reload, refresh, update } = useLoad(() => getContract(id), [id], { keepPrevious: true });
  // Live: the contract moved (sent by another tab, checked, paid): read it again.
  React.useEffect(() => {
    const sub = getRuntime().bus.on('contract_status').subscribe((e) => e.contractId === id && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [id, reload, refresh]);
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
