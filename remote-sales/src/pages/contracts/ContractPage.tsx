import * as React from 'react';
import { useParams } from 'react-router-dom';
import {
  COEFFICIENT_TITLES,
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  VEHICLE_DOCUMENT_TITLES,
  VEHICLE_DOCUMENT_TYPES,
  formatDate,
  formatMoney,
  missingContractDetail,
  type CoefficientName,
  type ContractDetails,
  type ContractPerson,
  type EosagoContractDetails,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Input, StatusIcon } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, errorText, useDebounced, useLoad } from '@oyster/shared-kit/ui/screens';
import { documentUrl, getContract, moveContract, saveContractDetails, sendContract } from '../../api/contracts';
import './contracts.css';

const EDITABLE: number[] = [CONTRACT_STATUS.calculated, CONTRACT_STATUS.needsFixing];
const COEFFICIENTS = Object.keys(COEFFICIENT_TITLES) as CoefficientName[];

type Details = Partial<EosagoContractDetails>;
type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

/** A value at a dotted path of the details (`vehicle.document.number`). */
function at(d: Details, path: string): string {
  let v: unknown = d;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v == null ? '' : String(v);
}
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

function TextField({ d, path, label, onChange, type = 'text', wide }: { d: Details; path: string; label: string; onChange(path: string, v: unknown): void; type?: string; wide?: boolean }) {
  const id = `contract-${path.replace(/\./g, '-')}`;
  return (
    <label className={`oy-contract__field${wide ? ' oy-contract__field--wide' : ''}`} htmlFor={id}>
      <span>{label}</span>
      <Input id={id} type={type} value={at(d, path)} onChange={(e) => onChange(path, type === 'number' ? (e.target.value ? Number(e.target.value) : null) : e.target.value)} />
    </label>
  );
}

function PersonFields({ d, who, onChange }: { d: Details; who: 'owner' | 'insurant'; onChange(path: string, v: unknown): void }) {
  const f = (k: keyof ContractPerson | string, label: string, type?: string, wide?: boolean) => <TextField d={d} path={`${who}.${k}`} label={label} onChange={onChange} type={type} wide={wide} />;
  return (
    <div className="oy-contract__grid">
      {f('lastName', 'Фамилия')}
      {f('firstName', 'Имя')}
      {f('middleName', 'Отчество')}
      {f('birthDate', 'Дата рождения', 'date')}
      {f('passport.series', 'Серия паспорта')}
      {f('passport.number', 'Номер паспорта')}
      {f('passport.issuedAt', 'Дата выдачи', 'date')}
      {f('passport.issuer', 'Кем выдан', 'text', true)}
      {f('address', 'Адрес регистрации', 'text', true)}
    </div>
  );
}

/** The documents the insurer needs, saved as the agent types (nothing lost on reload). */
function DetailsForm({ contract, onSent }: { contract: ContractDetails; onSent(c: ContractDetails): void }) {
  const [d, setD] = React.useState<Details>(() => ({ insurantIsOwner: true, ...contract.details }));
  const [save, setSave] = React.useState<SaveState>('idle');
  const [sending, setSending] = React.useState(false);
  const [sendError, setSendError] = React.useState<string | null>(null);
  const touched = React.useRef(false);
  const debounced = useDebounced(d, 700);
  const named = contract.calculation.unrestricted ? 0 : (contract.calculation.drivers ?? []).length;

  React.useEffect(() => {
    if (!touched.current) return;
    let live = true;
    setSave('saving');
    saveContractDetails(contract.id, debounced).then(
      () => live && setSave('saved'),
      (e) => live && setSave({ error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [debounced, contract.id]);

  const change = (path: string, value: unknown) => {
    touched.current = true;
    setD((prev) => withValue(prev, path, value));
  };
  const missing = missingContractDetail(d, named);

  async function send() {
    setSending(true);
    setSendError(null);
    try {
      await saveContractDetails(contract.id, d);
      onSent(await sendContract(contract.id));
    } catch (e) {
      setSendError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="oy-contract__block" aria-label="Данные для оформления">
      <h2>Данные для оформления</h2>
      {contract.insurerMessage && contract.status === CONTRACT_STATUS.needsFixing ? (
        <p className="oy-contract__warning" role="alert">
          Страховщик просит исправить: {contract.insurerMessage}
        </p>
      ) : null}
      <h3>Транспортное средство</h3>
      <div className="oy-contract__grid">
        <TextField d={d} path="vehicle.plate" label="Госномер" onChange={change} />
        <TextField d={d} path="vehicle.vin" label="VIN" onChange={change} />
        <TextField d={d} path="vehicle.bodyNumber" label="Номер кузова (если нет VIN)" onChange={change} />
        <TextField d={d} path="vehicle.make" label="Марка" onChange={change} />
        <TextField d={d} path="vehicle.model" label="Модель" onChange={change} />
        <TextField d={d} path="vehicle.year" label="Год выпуска" type="number" onChange={change} />
        <label className="oy-contract__field" htmlFor="contract-vehicle-document-type">
          <span>Документ ТС</span>
          <select id="contract-vehicle-document-type" value={at(d, 'vehicle.document.type')} onChange={(e) => change('vehicle.document.type', e.target.value || null)}>
            <option value="">Выбрать</option>
            {VEHICLE_DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {VEHICLE_DOCUMENT_TITLES[t]}
              </option>
            ))}
          </select>
        </label>
        <TextField d={d} path="vehicle.document.series" label="Серия документа" onChange={change} />
        <TextField d={d} path="vehicle.document.number" label="Номер документа" onChange={change} />
        <TextField d={d} path="vehicle.document.issuedAt" label="Дата выдачи документа" type="date" onChange={change} />
      </div>
      <h3>Собственник</h3>
      <PersonFields d={d} who="owner" onChange={change} />
      <label className="oy-contract__check">
        <input type="checkbox" checked={d.insurantIsOwner !== false} onChange={(e) => change('insurantIsOwner', e.target.checked)} /> Страхователь — собственник
      </label>
      {d.insurantIsOwner === false ? (
        <>
          <h3>Страхователь</h3>
          <PersonFields d={d} who="insurant" onChange={change} />
        </>
      ) : null}
      {named ? (
        <>
          <h3>Водители</h3>
          <div className="oy-contract__grid">
            {(contract.calculation.drivers ?? []).map((drv, i) => (
              <label key={drv.licence} className="oy-contract__field oy-contract__field--wide" htmlFor={`contract-driver-${i}`}>
                <span>ФИО водителя {i + 1} (ВУ {drv.licence})</span>
                <Input id={`contract-driver-${i}`} value={d.driverNames?.[i] ?? ''} onChange={(e) => change('driverNames', Object.assign([...(d.driverNames ?? [])], { [i]: e.target.value }))} />
              </label>
            ))}
          </div>
        </>
      ) : null}
      <h3>Контакты клиента</h3>
      <div className="oy-contract__grid">
        <TextField d={d} path="contacts.phone" label="Телефон" onChange={change} />
        <TextField d={d} path="contacts.email" label="E-mail" onChange={change} />
      </div>
      <div className="oy-contract__actions">
        <Button type="primary" onClick={() => void send()} loading={sending}>
          Отправить страховщику
        </Button>
        <span className="oy-contract__muted" role="status">
          {save === 'saving' ? 'Сохраняем…' : save === 'saved' ? 'Сохранено' : typeof save === 'object' ? `Не сохранено: ${save.error}` : missing ? `Осталось: ${missing.message}` : 'Все поля заполнены'}
        </span>
      </div>
      {sendError ? (
        <p className="oy-contract__error" role="alert">
          {sendError}
        </p>
      ) : null}
    </section>
  );
}

function PaymentLink({ contract }: { contract: ContractDetails }) {
  const [copied, setCopied] = React.useState(false);
  if (!contract.paymentUrl) return null;
  const email = contract.details.contacts?.email;
  return (
    <section className="oy-contract__block" aria-label="Оплата">
      <h2>Ссылка на оплату</h2>
      <p className="oy-contract__link">{contract.paymentUrl}</p>
      <div className="oy-contract__actions">
        <Button onClick={() => void navigator.clipboard?.writeText(contract.paymentUrl!).then(() => setCopied(true))}>{copied ? 'Скопировано' : 'Скопировать ссылку'}</Button>
        {email ? <Button href={`mailto:${email}?subject=${encodeURIComponent('Оплата полиса ОСАГО')}&body=${encodeURIComponent(contract.paymentUrl)}`}>Отправить на почту</Button> : null}
        <Button href={contract.paymentUrl} target="_blank" rel="noopener noreferrer">
          Открыть
        </Button>
      </div>
    </section>
  );
}

/** One contract: what is insured, by whom, its status history, the documents to fill and send, the payment link, the PDFs. */
export default function ContractPage() {
  const { contractId = '' } = useParams();
  const { state, reload, update } = useLoad(() => getContract(contractId), [contractId], { keepPrevious: true });
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const [moveError, setMoveError] = React.useState<string | null>(null);

  // Live: every move of this contract reloads it.
  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('contract_status')
      .subscribe((e) => e.contractId === contractId && reload());
    return () => sub.unsubscribe();
  }, [contractId, reload]);

  const back = { to: '/contracts', label: 'Полисы' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const c = state.data;
  async function cancel() {
    setConfirmCancel(false);
    setMoveError(null);
    try {
      const next = await moveContract(c.id, CONTRACT_STATUS.canceled);
      update(() => next);
    } catch (e) {
      setMoveError(errorText(e));
    }
  }
  return (
    <PageFrame title={`${c.productName}${c.policyNumber ? ` № ${c.policyNumber}` : ''}`} back={back} section="contracts">
      <section className="oy-contract__head" aria-label="Договор">
        <span className="oy-contract__status">
          <StatusIcon status={c.reportStatus} size={20} /> {c.statusTitle}
        </span>
        <dl className="oy-contract__facts">
          <div><dt>Страховщик</dt><dd>{c.companyName ?? '—'}</dd></div>
          <div><dt>Премия</dt><dd>{c.premium == null ? '—' : formatMoney(c.premium)}</dd></div>
          <div><dt>Срок</dt><dd>{c.startDate ? `${formatDate(c.startDate)} — ${formatDate(c.endDate)}` : '—'}</dd></div>
          <div><dt>Клиент</dt><dd>{c.clientName ?? '—'}</dd></div>
          <div><dt>Агент</dt><dd>{c.agent.fio}</dd></div>
        </dl>
        {c.offer ? (
          <dl className="oy-contract__coefficients" aria-label="Коэффициенты">
            {COEFFICIENTS.map((k) => (
              <div key={k}>
                <dt>{COEFFICIENT_TITLES[k]}</dt>
                <dd>{k === 'tb' ? `${c.offer!.coefficients.tb.toLocaleString('ru-RU')} ₽` : c.offer!.coefficients[k].toLocaleString('ru-RU', { minimumFractionDigits: 2 })}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="oy-contract__actions">
          {c.documents.map((k) => (
            <Button key={k} href={documentUrl(c.id, k)}>
              {k === 'policy' ? 'Полис (PDF)' : 'Черновик полиса (PDF)'}
            </Button>
          ))}
          {c.next.includes(CONTRACT_STATUS.canceled) ? (
            <Button danger onClick={() => setConfirmCancel(true)}>
              Отменить договор
            </Button>
          ) : null}
        </div>
        {moveError ? <p className="oy-contract__error" role="alert">{moveError}</p> : null}
        {c.insurerMessage && c.status === CONTRACT_STATUS.notReleased ? <p className="oy-contract__warning">Страховщик отказал: {c.insurerMessage}</p> : null}
      </section>
      {EDITABLE.includes(c.status) ? <DetailsForm key={c.status} contract={c} onSent={(next) => update(() => next)} /> : null}
      <PaymentLink contract={c} />
      <section className="oy-contract__block" aria-label="История статусов">
        <h2>История статусов</h2>
        <ul className="oy-contract__history">
          {[...c.history].reverse().map((h, i) => (
            <li key={i}>
              <span className="oy-contract__muted">{new Date(h.at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })}</span>{' '}
              <strong>{CONTRACT_STATUS_TITLES[h.to]}</strong>
              {h.by ? ` — ${h.by.fio}` : h.actor === 'system' ? ' — система' : ''}
              {h.note ? <span className="oy-contract__muted"> · {h.note}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <div data-chat-slot="contract" />
      <ConfirmDialog open={confirmCancel} title="Отменить договор?" onOk={() => void cancel()} onCancel={() => setConfirmCancel(false)}>
        Договор перейдёт в статус «Отменён».
      </ConfirmDialog>
    </PageFrame>
  );
}
