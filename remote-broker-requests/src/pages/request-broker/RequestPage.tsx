import * as React from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  access,
  BROKER_REQUEST_STATUS as S,
  BROKER_REQUEST_STATUS_TITLES,
  BROKER_REQUEST_STEPS,
  BROKER_REQUEST_STEP_KEYS,
  brokerFormProblems,
  brokerRequestSchemaOf,
  brokerRequestStepOf,
  formatMoscowDateTime,
  type BrokerFormProblem,
  type BrokerFormValues,
  type BrokerRequestDetails,
  type BrokerRequestOffer,
  type BrokerRequestStatus,
  type BrokerRequestStep,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Input, Stepper } from '@oyster/shared-kit/ui/form';
import { ItemUnavailable, LoadingBlock, PageFrame, WidgetSlot, errorText, useDebounced, useLoad } from '@oyster/shared-kit/ui/screens';
import { getRequest, moveRequest, saveRequestValues } from '../../api/requests';
import { BrokerForm } from '../../components/BrokerForm';
import { SlaClock } from '../../components/SlaClock';
import { FilesBlock } from './FilesBlock';
import { OffersBlock } from './OffersBlock';
import { BUTTON_MOVES, moveLabel } from './moves';
import './request.css';

type SaveState = 'idle' | 'saving' | 'saved' | { error: string };

/** The form of a draft: saved as it is typed (in order: a slower save never lands after a newer one); «Отправить запрос» checks it whole. */
function DraftForm({ request, onSent, onChanged }: { request: BrokerRequestDetails; onSent(next: BrokerRequestDetails): void; onChanged(next: BrokerRequestDetails): void }) {
  const schema = brokerRequestSchemaOf(request.productType)!;
  const editable = request.actor === 'agent' && (request.status === S.blank || request.status === S.draft);
  const [values, setValues] = React.useState<BrokerFormValues>(request.values);
  const [problems, setProblems] = React.useState<BrokerFormProblem[]>([]);
  const [checked, setChecked] = React.useState(false);
  const [save, setSave] = React.useState<SaveState>('idle');
  const [sending, setSending] = React.useState(false);
  const [sendError, setSendError] = React.useState<string | null>(null);
  const touched = React.useRef(false);
  const debounced = useDebounced(values, 700);
  const lastSave = React.useRef<Promise<unknown>>(Promise.resolve());
  const persist = React.useCallback(
    (v: BrokerFormValues) => {
      const next = lastSave.current.catch(() => undefined).then(() => saveRequestValues(request.id, v));
      lastSave.current = next;
      return next;
    },
    [request.id],
  );

  React.useEffect(() => {
    if (!touched.current || !editable) return;
    let live = true;
    setSave('saving');
    persist(debounced).then(
      (next) => {
        if (!live) return;
        setSave('saved');
        onChanged(next);
      },
      (e) => live && setSave({ error: errorText(e) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, persist]);

  const change = (v: BrokerFormValues) => {
    touched.current = true;
    setValues(v);
    // Once «Отправить» was pressed, every change shows where the form stands.
    if (checked) setProblems(brokerFormProblems(schema, v, { complete: true }));
  };

  async function send() {
    const all = brokerFormProblems(schema, values, { complete: true });
    setChecked(true);
    setProblems(all);
    if (all.length) {
      document.getElementById(`br-${all[0].field.replace(/^values\./, '').replace(/\[(\d+)\]\./, '-$1-')}`)?.focus();
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      await persist(values);
      onSent(await moveRequest(request.id, S.sent));
    } catch (e) {
      setSendError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <BrokerForm schema={schema} values={values} onChange={change} problems={problems} checked={checked} readOnly={!editable} />
      {editable ? (
        <div className="oy-breq__actions oy-breq__actions--sticky">
          <Button type="primary" onClick={() => void send()} loading={sending}>
            Отправить запрос
          </Button>
          <span className="oy-breq__muted" role="status">
            {save === 'saving' ? 'Сохраняем…' : save === 'saved' ? 'Черновик сохранён' : typeof save === 'object' ? `Не сохранено: ${save.error}` : 'Черновик сохраняется по мере ввода'}
          </span>
          {checked && problems.length ? <span className="oy-breq__error">Осталось: {problems[0].message}</span> : null}
          {sendError ? (
            <span className="oy-breq__error" role="alert">
              {sendError}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** What the step says to whoever looks at it. */
function StepNote({ request, step }: { request: BrokerRequestDetails; step: BrokerRequestStep }) {
  const agent = request.actor === 'agent';
  const text = (() => {
    switch (step) {
      case 'calc':
        if (request.status === S.sent) {
          if (agent) return request.executor ? `Запрос отправлен исполнителю ${request.executor.fio}: он возьмёт его в работу.` : 'Запрос отправлен: исполнитель брокера возьмёт его в работу.';
          return request.executor ? 'Запрос назначен исполнителю: возьмите его в работу.' : 'Новый запрос: возьмите его в работу.';
        }
        return agent ? `Исполнитель ${request.executor?.fio ?? ''} рассчитывает запрос у страховщиков.` : 'Рассчитайте запрос у страховщиков, добавьте предложения и отправьте их агенту.';
      case 'execution':
        if (request.status === S.clientAcceptance) return agent ? 'Выберите предложение вместе с клиентом.' : 'Предложения у агента: ждём выбора клиента.';
        return agent ? 'Предложение выбрано: исполнитель готовит оформление и счёт.' : 'Клиент выбрал предложение: оформите полис и проверьте оплату.';
      case 'wait-payment':
        return agent ? 'Оплата проверена: исполнитель завершает оформление.' : 'Оплата проверена: завершите запрос, когда полис выпущен.';
      case 'completed':
        return request.status === S.complete ? 'Запрос завершён.' : `Запрос не состоялся${request.closeReason ? `: ${request.closeReason}` : ''}.`;
      default:
        return null;
    }
  })();
  return text ? <p className="oy-breq__note">{text}</p> : null;
}

/**
 * A broker request (`/app/request-broker/{id}` and `/{id}/{step}`): its number, product, status, SLA
 * clock and people; the stepper of §4 (draft, calc, execution, wait-payment, completed; earlier steps
 * open); the form (saved as typed while a draft), the offers, the files, the moves the viewer has, the
 * history — all live over the socket (`broker_request`).
 */
export default function RequestPage() {
  const { requestId = '', step = '' } = useParams();
  const navigate = useNavigate();
  const { state, reload, refresh, update } = useLoad(() => getRequest(requestId), [requestId], { keepPrevious: true });
  const [reasonFor, setReasonFor] = React.useState<BrokerRequestStatus | null>(null);
  const [reason, setReason] = React.useState('');
  const [moving, setMoving] = React.useState<BrokerRequestStatus | null>(null);
  const [moveError, setMoveError] = React.useState<string | null>(null);

  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('broker_request')
      .subscribe((e) => e.requestId === requestId && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [requestId, reload, refresh]);

  // Whoever looks at the current step follows the request to its next one when it moves (live).
  const followed = React.useRef<BrokerRequestStep | null>(null);
  const loadedStatus = state.status === 'ready' ? state.data.status : null;
  React.useEffect(() => {
    if (loadedStatus === null) return;
    const now = brokerRequestStepOf(loadedStatus);
    if (followed.current && followed.current !== now && step === followed.current) navigate(`/request-broker/${requestId}/${now}`, { replace: true });
    followed.current = now;
  }, [loadedStatus, step, requestId, navigate]);

  const back = { to: '/broker-requests', label: 'Запросы' };
  if (state.status === 'loading') return <PageFrame back={back} section="request-broker"><LoadingBlock rows={8} /></PageFrame>;
  if (state.status === 'error') {
    return <ItemUnavailable message={state.httpStatus === 404 ? 'Запрос не найден' : 'Не удалось загрузить запрос'} httpStatus={state.httpStatus} onRetry={reload} back={back} />;
  }
  const r = state.data;
  const current = brokerRequestStepOf(r.status);
  const currentIndex = BROKER_REQUEST_STEP_KEYS.indexOf(current);
  const shownIndex = BROKER_REQUEST_STEP_KEYS.indexOf(step as BrokerRequestStep);
  // A step not reached yet, or none: the request's own.
  if (shownIndex < 0 || shownIndex > currentIndex) return <Navigate to={`/request-broker/${r.id}/${current}`} replace />;
  const shown = BROKER_REQUEST_STEP_KEYS[shownIndex];

  async function go(to: BrokerRequestStatus, extra: { reason?: string; offerId?: string } = {}) {
    setMoving(to);
    setMoveError(null);
    try {
      const next = await moveRequest(r.id, to, extra);
      update(() => next);
      navigate(`/request-broker/${r.id}/${brokerRequestStepOf(next.status)}`, { replace: true });
    } catch (e) {
      setMoveError(errorText(e));
    } finally {
      setMoving(null);
    }
  }
  const choose = (offer: BrokerRequestOffer) => void go(S.executorAcceptance, { offerId: offer.id });
  const buttons = BUTTON_MOVES.filter((to) => r.next.includes(to));
  const open = r.status !== S.complete && r.status !== S.notReleased;
  const me = getRuntime().session$.value;
  const canChat = me ? access(me).canSeeChats : false;

  return (
    <PageFrame title={`Запрос № ${r.number} · ${r.productTitle}`} back={back} section="request-broker">
      <section className="oy-breq__head" aria-label="Запрос">
        <span className="oy-breq__status">{r.statusTitle}</span>
        <SlaClock request={r} />
        <dl className="oy-breq__facts">
          <div><dt>Клиент</dt><dd>{r.clientName ?? '—'}</dd></div>
          <div><dt>Агент</dt><dd>{r.agent.fio}</dd></div>
          <div><dt>Исполнитель</dt><dd>{r.executor?.fio ?? 'не назначен'}</dd></div>
          <div><dt>Создан</dt><dd>{formatMoscowDateTime(r.createdAt)}</dd></div>
          {r.sentAt ? <div><dt>Отправлен</dt><dd>{formatMoscowDateTime(r.sentAt)}</dd></div> : null}
          <div><dt>Срок ответа</dt><dd>до {r.slaHours} р.ч.</dd></div>
        </dl>
      </section>
      <Stepper steps={BROKER_REQUEST_STEPS.map((s) => s.title)} current={currentIndex} onChange={(i) => navigate(`/request-broker/${r.id}/${BROKER_REQUEST_STEP_KEYS[i]}`)} />
      {shown !== current ? (
        <p className="oy-breq__note">
          Вы смотрите пройденный шаг «{BROKER_REQUEST_STEPS[shownIndex].title}».{' '}
          <Button type="link" onClick={() => navigate(`/request-broker/${r.id}/${current}`)}>
            К текущему шагу
          </Button>
        </p>
      ) : null}
      <section className="oy-breq__block" aria-label={BROKER_REQUEST_STEPS[shownIndex].title}>
        <h2>{BROKER_REQUEST_STEPS[shownIndex].title}</h2>
        {shown === 'draft' ? (
          <DraftForm request={r} onChanged={(next) => update(() => next)} onSent={(next) => { update(() => next); navigate(`/request-broker/${r.id}/calc`, { replace: true }); }} />
        ) : (
          <>
            <StepNote request={r} step={shown} />
            {r.actor === 'executor' ? (
              <p>
                <Button type="link" onClick={() => navigate(`/request-broker/${r.id}/draft`)} style={{ padding: 0 }}>
                  Заявка агента: все данные для расчёта →
                </Button>
              </p>
            ) : null}
          </>
        )}
        {shown === current && buttons.length ? (
          <div className="oy-breq__actions" role="group" aria-label="Действия с запросом">
            {buttons.map((to) => (
              <Button
                key={to}
                type={to === S.notReleased ? 'default' : 'primary'}
                danger={to === S.notReleased}
                loading={moving === to}
                onClick={() => (to === S.notReleased ? setReasonFor(to) : void go(to))}
              >
                {moveLabel(r.status, to)}
              </Button>
            ))}
          </div>
        ) : null}
        {moveError ? (
          <p className="oy-breq__error" role="alert">
            {moveError}
          </p>
        ) : null}
      </section>
      {shown !== 'draft' ? <OffersBlock request={r} onChanged={(next) => update(() => next)} onChoose={choose} /> : null}
      <section className="oy-breq__block" aria-label="Файлы">
        <h2>Файлы</h2>
        <FilesBlock
          requestId={r.id}
          files={r.files}
          canChange={open && r.actor !== null}
          canRemoveOthers={r.actor === 'executor'}
          onFiles={(files) => update((prev) => ({ ...prev, files: files.filter((f) => f.offerId === null) }))}
        />
      </section>
      {canChat ? <WidgetSlot remote="remote_communications" module="ObjectChat" props={{ entityType: 'brokerRequest', entityId: r.id, canAddFiles: open && r.actor !== null }} /> : null}
      <section className="oy-breq__block" aria-label="История статусов">
        <h2>История</h2>
        <ul className="oy-breq__history">
          {[...r.history].reverse().map((h, i) => (
            <li key={i}>
              <span className="oy-breq__muted">{formatMoscowDateTime(h.at, { seconds: true })}</span> <strong>{BROKER_REQUEST_STATUS_TITLES[h.to] ?? h.toTitle}</strong>
              {h.by ? ` — ${h.by}` : h.actor === 'system' ? ' — система' : ''}
              {h.note ? <span className="oy-breq__muted"> · {h.note}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={reasonFor !== null}
        title="Запрос не состоялся?"
        okText="Закрыть запрос"
        danger
        okDisabled={!reason.trim()}
        onOk={() => {
          const to = reasonFor!;
          setReasonFor(null);
          void go(to, { reason: reason.trim() });
          setReason('');
        }}
        onCancel={() => setReasonFor(null)}
      >
        <label htmlFor="close-reason" style={{ display: 'block', marginBottom: 6 }}>
          Причина (её увидят агент и исполнитель)
        </label>
        <Input.TextArea id="close-reason" value={reason} maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </PageFrame>
  );
}
