import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  isContractEditable,
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  CONTRACT_STEPS,
  CONTRACT_STEP_KEYS,
  INSTALMENT_STATE_TITLES,
  POLICY_TERM_TITLE,
  access,
  formatDate,
  formatMoney,
  formatMoscowDateTime,
  formatForeign,
  instalmentTitle,
  missingContractDetail,
  rateText,
  type ContractDetails,
  KASKO_TIP,
  PRODUCTS,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, StatusIcon } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, WidgetSlot, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { cancelContract, documentUrl, getContract } from '../../api/contracts';
import { ContractChanges } from './ContractChanges';
import { ContractFiles } from './ContractFiles';
import { ContractMoney } from './ContractMoney';
import { ManualReview } from './ManualReview';
import { SummaryBlocks } from '../../components/SummaryBlocks';
import './contracts.css';


/** Where the documents stand and the way back into the steps (`/contracts/{id}/{step}`), while the agent fills them. */
function DocumentsBlock({ contract }: { contract: ContractDetails }) {
  const navigate = useNavigate();
  const missing = missingContractDetail(contract.details, contract.calculation);
  const resume = contract.resumeStep ?? 'vehicle';
  const resumeIndex = missing ? CONTRACT_STEP_KEYS.indexOf(resume) : CONTRACT_STEP_KEYS.length;
  return (
    <section className="oy-contract__block" aria-label="Данные для оформления">
      <h2>Данные для оформления</h2>
      {contract.insurerMessage && contract.status === CONTRACT_STATUS.needsFixing ? (
        <p className="oy-contract__warning" role="alert">
          Страховщик просит исправить: {contract.insurerMessage}
        </p>
      ) : null}
      <ol className="oy-contract__steps" aria-label="Шаги оформления">
        {CONTRACT_STEPS.map((s, i) => (
          <li key={s.key} className={i < resumeIndex ? 'oy-contract__step--done' : undefined}>
            <Link to={`/contracts/${contract.id}/${s.key}`}>{s.title}</Link>
            {i < resumeIndex ? <span className="oy-contract__muted"> — заполнено</span> : null}
          </li>
        ))}
      </ol>
      <p className="oy-contract__muted">{missing ? `Осталось: ${missing.message}` : 'Все данные заполнены: проверьте их и отправьте страховщику.'}</p>
      <div className="oy-contract__actions">
        <Button type="primary" onClick={() => navigate(`/contracts/${contract.id}/${missing ? resume : 'contacts'}`)}>
          {missing ? 'Продолжить оформление' : 'Проверить и отправить'}
        </Button>
      </div>
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
      {contract.paymentExpiresAt ? <p className="oy-contract__muted">Ссылка действует до {formatMoscowDateTime(contract.paymentExpiresAt)} (МСК); не оплаченный к этому времени договор не будет выпущен.</p> : null}
      <div className="oy-contract__actions">
        <Button onClick={() => void navigator.clipboard?.writeText(contract.paymentUrl!).then(() => setCopied(true))}>{copied ? 'Скопировано' : 'Скопировать ссылку'}</Button>
        {email ? <Button href={`mailto:${email}?subject=${encodeURIComponent(`Оплата полиса «${contract.productName}»`)}&body=${encodeURIComponent(contract.paymentUrl)}`}>Отправить на почту</Button> : null}
        <Button href={contract.paymentUrl} target="_blank" rel="noopener noreferrer">
          Открыть
        </Button>
      </div>
    </section>
  );
}

/** What the contract insures: the product module's titled blocks (the untitled one is in the head's facts). */
function WhatIsInsured({ contract }: { contract: ContractDetails }) {
  const blocks = (contract.summary ?? []).filter((b) => b.title);
  if (!blocks.length) return null;
  return (
    <section className="oy-contract__block" aria-label="Что застраховано">
      <h2>Что застраховано</h2>
      <SummaryBlocks blocks={blocks} />
    </section>
  );
}

/** The payment schedule, when there is more than one payment: each paid, to pay (with its link) or overdue. */
function Schedule({ contract }: { contract: ContractDetails }) {
  const list = contract.instalments ?? [];
  if (list.length < 2) return null;
  return (
    <section className="oy-contract__block" aria-label="График платежей">
      <h2>График платежей</h2>
      <ul className="oy-contract__schedule">
        {list.map((i) => (
          <li key={i.number} className={i.overdue ? 'oy-contract__schedule--overdue' : undefined}>
            <strong>{instalmentTitle(i)}</strong>
            <span className="oy-contract__muted">до {formatDate(i.dueDate)}</span>
            <span className="oy-contract__money-cell">{formatMoney(i.amount)}</span>
            <span>
              {i.state === 'paid' && i.paidAt ? `Оплачен ${formatMoscowDateTime(i.paidAt)}` : i.overdue ? INSTALMENT_STATE_TITLES.overdue : INSTALMENT_STATE_TITLES[i.state]}
              {i.paymentUrl ? (
                <>
                  {' · '}
                  <a href={i.paymentUrl} target="_blank" rel="noopener noreferrer">ссылка на оплату</a>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One contract: what is insured, by whom, its status history, the documents to fill and send, the payment link, the PDFs. */
export default function ContractPage() {
  const { contractId = '' } = useParams();
  const { state, reload, refresh, update } = useLoad(() => getContract(contractId), [contractId], { keepPrevious: true });
  const [confirmCancel, setConfirmCancel] = React.useState(false);
  const [moveError, setMoveError] = React.useState<string | null>(null);

  // Live: every move of this contract, every file attached or removed, and (finance staff) its money, reloads it.
  React.useEffect(() => {
    const bus = getRuntime().bus;
    const subs = [bus.on('contract_status'), bus.on('contract_files'), bus.on('contract_money')].map((events) => events.subscribe((e) => e.contractId === contractId && reload()));
    // Back after the socket was away: what changed meanwhile sent no event here.
    subs.push(bus.back$.subscribe(() => refresh()));
    return () => subs.forEach((s) => s.unsubscribe());
  }, [contractId, reload, refresh]);

  const me = getRuntime().session$.value;
  const canSeeLog = me ? access(me).canSeeSoapLogs : false;
  const canChat = me ? access(me).canSeeChats : false;
  const back = { to: '/contracts', label: 'Полисы' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const c = state.data;
  // The product's own head lines (e-OSAGO: its period of use when shorter than the policy's year).
  const headRows = (c.summary ?? []).filter((b) => !b.title).flatMap((b) => b.rows);
  const paid = c.status >= CONTRACT_STATUS.paid;
  async function cancel() {
    setConfirmCancel(false);
    setMoveError(null);
    try {
      const next = await cancelContract(c.id);
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
          {c.foreign ? (
            <div>
              <dt>Премия в валюте</dt>
              <dd>{`${formatForeign(c.foreign.premium, c.currency)} по курсу ${rateText(c.currency, c.foreign.rate)} на ${formatDate(c.foreign.rateDate)}${c.foreign.rateSource === 'demo' ? ' (демонстрационный курс)' : ''}`}</dd>
            </div>
          ) : null}
          <div><dt>{POLICY_TERM_TITLE}</dt><dd>{c.startDate ? `с ${formatDate(c.startDate)} по ${formatDate(c.endDate)}` : '—'}</dd></div>
          {headRows.map((r) => <div key={r.label}><dt>{r.label}</dt><dd>{r.value}</dd></div>)}
          <div><dt>Клиент</dt><dd>{c.clientName ?? '—'}</dd></div>
          <div><dt>Агент</dt><dd>{c.agent.fio}</dd></div>
        </dl>
        <div className="oy-contract__actions">
          {c.documents.map((k) => (
            <Button key={k} href={documentUrl(c.id, k)}>
              {k === 'policy' ? 'Полис (PDF)' : 'Черновик полиса (PDF)'}
            </Button>
          ))}
          {canSeeLog ? (
            <Link className="oy-contract__log-link" to={`/soap-logs?contract=${c.id}`}>
              Журнал обращений к страховщику
            </Link>
          ) : null}
          {c.canCancel ?? c.next.includes(CONTRACT_STATUS.canceled) ? (
            <Button danger onClick={() => setConfirmCancel(true)}>
              {paid ? 'Расторгнуть у страховщика' : 'Отменить договор'}
            </Button>
          ) : null}
        </div>
        {moveError ? <p className="oy-contract__error" role="alert">{moveError}</p> : null}
        {c.insurerMessage && c.status === CONTRACT_STATUS.notReleased ? <p className="oy-contract__warning">Страховщик отказал: {c.insurerMessage}</p> : null}
      </section>
      {c.product === 'manual' ? <ManualReview contract={c} onChanged={(next) => update(() => next)} /> : null}
      <WhatIsInsured contract={c} />
      {isContractEditable(c.status) && c.product === 'eosago' ? <DocumentsBlock contract={c} /> : null}
      {/* Another product's details are its calculator's steps (`/new-<product>/insurant`). */}
      {isContractEditable(c.status) && c.product !== 'eosago' && c.product !== 'manual' ? (
        <section className="oy-contract__block" aria-label="Данные для оформления">
          <h2>Данные для оформления</h2>
          <Link to={`${PRODUCTS[c.product].route}/insurant?contract=${c.id}`}>Продолжить оформление</Link>
        </section>
      ) : null}
      <PaymentLink contract={c} />
      <Schedule contract={c} />
      <ContractChanges contract={c} onChanged={(next) => update(() => next)} />
      {c.product === 'eosago' && c.policyNumber && c.details.vehicle ? (
        <p className="oy-contract__block" role="note">
          {KASKO_TIP}{' '}
          <Link to={`/new-ekasko?${new URLSearchParams(Object.entries({ make: c.details.vehicle.make, model: c.details.vehicle.model, year: c.details.vehicle.year, plate: c.details.vehicle.plate, vin: c.details.vehicle.vin }).filter(([, v]) => v != null && v !== '').map(([k, v]) => [k, String(v)]))}`}>Оформить КАСКО на этот автомобиль</Link>
        </p>
      ) : null}
      <ContractFiles contract={c} onFiles={(files) => update((prev) => ({ ...prev, files }))} />
      {c.money ? <ContractMoney money={c.money} /> : null}
      {canChat ? <WidgetSlot remote="remote_communications" module="ObjectChat" props={{ entityType: 'contract', entityId: c.id }} /> : null}
      <section className="oy-contract__block" aria-label="История статусов">
        <h2>История статусов</h2>
        <ul className="oy-contract__history">
          {[...c.history].reverse().map((h, i) => (
            <li key={i}>
              <span className="oy-contract__muted">{formatMoscowDateTime(h.at, { seconds: true })}</span>{' '}
              <strong>{CONTRACT_STATUS_TITLES[h.to]}</strong>
              {h.by ? ` — ${h.by.fio}` : h.actor === 'system' ? ' — система' : ''}
              {h.note ? <span className="oy-contract__muted"> · {h.note}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog open={confirmCancel} title={paid ? 'Расторгнуть договор у страховщика?' : 'Отменить договор?'} onOk={() => void cancel()} onCancel={() => setConfirmCancel(false)}>
        {paid ? 'Страховщик расторгнет полис с сегодняшнего дня и назовёт сумму возврата клиенту; комиссия по договору будет уменьшена на эту долю.' : 'Договор перейдёт в статус «Отменён».'}
      </ConfirmDialog>
    </PageFrame>
  );
}
