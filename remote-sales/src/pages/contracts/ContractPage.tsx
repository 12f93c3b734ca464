import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  isContractEditable,
  COEFFICIENT_NAMES,
  COEFFICIENT_TITLES,
  CONTRACT_STATUS,
  CONTRACT_STATUS_TITLES,
  CONTRACT_STEPS,
  CONTRACT_STEP_KEYS,
  PERIOD_OF_USE_TITLE,
  POLICY_TERM_TITLE,
  access,
  formatDate,
  formatMoney,
  formatMoscowDateTime,
  missingContractDetail,
  shorterPeriodOfUse,
  type ContractDetails,
  formatCoefficient,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, StatusIcon } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, WidgetSlot, errorText, useLoad } from '@oyster/shared-kit/ui/screens';
import { documentUrl, getContract, moveContract } from '../../api/contracts';
import { ContractFiles } from './ContractFiles';
import { ContractMoney } from './ContractMoney';
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

  // Live: every move of this contract, every file attached or removed, and (finance staff) its money, reloads it.
  React.useEffect(() => {
    const bus = getRuntime().bus;
    const subs = [bus.on('contract_status'), bus.on('contract_files'), bus.on('contract_money')].map((events) => events.subscribe((e) => e.contractId === contractId && reload()));
    return () => subs.forEach((s) => s.unsubscribe());
  }, [contractId, reload]);

  const me = getRuntime().session$.value;
  const canSeeLog = me ? access(me).canSeeSoapLogs : false;
  const canChat = me ? access(me).canSeeChats : false;
  const back = { to: '/contracts', label: 'Полисы' };
  if (state.status === 'loading') return <PageFrame back={back} section="contracts"><LoadingBlock rows={6} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Договор не найден' : 'Не удалось загрузить договор'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const c = state.data;
  // The term is the policy's year (endDate); a shorter period of use only priced it (shared-kit sales/term.ts).
  const usePeriod = c.startDate ? shorterPeriodOfUse(c.startDate, c.calculation.periodMonths) : null;
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
          <div><dt>{POLICY_TERM_TITLE}</dt><dd>{c.startDate ? `с ${formatDate(c.startDate)} по ${formatDate(c.endDate)}` : '—'}</dd></div>
          {usePeriod ? <div><dt>{PERIOD_OF_USE_TITLE}</dt><dd>{`с ${formatDate(usePeriod.from)} по ${formatDate(usePeriod.to)} (${c.calculation.periodMonths} мес.)`}</dd></div> : null}
          <div><dt>Клиент</dt><dd>{c.clientName ?? '—'}</dd></div>
          <div><dt>Агент</dt><dd>{c.agent.fio}</dd></div>
        </dl>
        {c.offer?.coefficients ? (
          <dl className="oy-contract__coefficients" aria-label="Коэффициенты">
            {COEFFICIENT_NAMES.map((k) => (
              <div key={k}>
                <dt>{COEFFICIENT_TITLES[k]}</dt>
                <dd>{formatCoefficient(k, c.offer!.coefficients[k])}</dd>
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
          {canSeeLog ? (
            <Link className="oy-contract__log-link" to={`/soap-logs?contract=${c.id}`}>
              Журнал обращений к страховщику
            </Link>
          ) : null}
          {c.next.includes(CONTRACT_STATUS.canceled) ? (
            <Button danger onClick={() => setConfirmCancel(true)}>
              Отменить договор
            </Button>
          ) : null}
        </div>
        {moveError ? <p className="oy-contract__error" role="alert">{moveError}</p> : null}
        {c.insurerMessage && c.status === CONTRACT_STATUS.notReleased ? <p className="oy-contract__warning">Страховщик отказал: {c.insurerMessage}</p> : null}
      </section>
      {isContractEditable(c.status) ? <DocumentsBlock contract={c} /> : null}
      <PaymentLink contract={c} />
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
      <ConfirmDialog open={confirmCancel} title="Отменить договор?" onOk={() => void cancel()} onCancel={() => setConfirmCancel(false)}>
        Договор перейдёт в статус «Отменён».
      </ConfirmDialog>
    </PageFrame>
  );
}
