import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { WEBINAR_TEXTS as T, formatMoscowDateTime, type Webinar } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, ItemUnavailable, LoadingBlock, PageFrame, errorText, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { announceWebinar, getWebinar, postponeWebinar, webinarRegistrations } from '../../api/webinars';
import { WEBINARS_BACK, WebinarActions, WebinarStatusTag, WebinarWhen, durationText, useWebinarChanged } from './parts';
import './webinars.css';

const invitedText = (n: number) => `Приглашение отправлено: ${n}`;

/**
 * One webinar (`/app/webinar/{id}`): when (Moscow), platform, duration, status, what it is about; an
 * agent signs up or joins here. Staff: «Изменить», «Отложить» and «Пригласить агентов» (each asked
 * first), when the agents were invited, and who signed up and joined. Live (`webinar_changed`).
 */
export default function WebinarPage() {
  const { webinarId = '' } = useParams();
  const can = useAccess();
  const { state, reload, update } = useLoad(() => getWebinar(webinarId), [webinarId], { keepPrevious: true });
  const [confirm, setConfirm] = React.useState<'postpone' | 'announce' | null>(null);
  const [busy, setBusy] = React.useState<'postpone' | 'announce' | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [invited, setInvited] = React.useState<number | null>(null);
  useWebinarChanged(reload, webinarId);

  if (state.status === 'loading') return <PageFrame back={WEBINARS_BACK}><LoadingBlock variant="page" /></PageFrame>;
  if (state.status === 'error') return <ItemUnavailable message={state.httpStatus === 404 ? T.notFound : 'Не удалось загрузить вебинар'} httpStatus={state.httpStatus} onRetry={reload} back={WEBINARS_BACK} />;
  const w = state.data;
  const staff = can.canManageWebinars;
  const open = w.status !== 'end';

  async function act(which: 'postpone' | 'announce') {
    setConfirm(null);
    setBusy(which);
    setError(null);
    try {
      if (which === 'postpone') {
        const next = await postponeWebinar(w._id);
        update(() => next);
        getRuntime().toasts.show({ type: 'success', body: 'Вебинар отложен' });
      } else {
        const { invited: n, ...next } = await announceWebinar(w._id);
        update(() => next);
        setInvited(n);
        getRuntime().toasts.show({ type: 'success', body: invitedText(n) });
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageFrame
      title={w.title}
      back={WEBINARS_BACK}
      extra={
        staff && open ? (
          <div className="oy-webinar__staff-actions">
            <Link to={`/webinar/${w._id}/edit`}>
              <Button>Изменить</Button>
            </Link>
            {!w.removeWebinar ? (
              <>
                <Button loading={busy === 'postpone'} onClick={() => setConfirm('postpone')}>
                  Отложить
                </Button>
                <Button type="primary" loading={busy === 'announce'} onClick={() => setConfirm('announce')}>
                  Пригласить агентов
                </Button>
              </>
            ) : null}
          </div>
        ) : undefined
      }
    >
      {error ? (
        <p className="oy-webinar__error" role="alert">
          {error}
        </p>
      ) : null}
      <section className="oy-webinar__block" aria-label="О вебинаре">
        <dl className="oy-webinar__facts">
          <div>
            <dt>Когда</dt>
            <dd>
              <WebinarWhen webinar={w} />
              {w.removeWebinar ? <span className="oy-webinar__was"> (было {w.date}, {w.time}&nbsp;МСК)</span> : null}
            </dd>
          </div>
          <div>
            <dt>Платформа</dt>
            <dd>{w.platform}</dd>
          </div>
          <div>
            <dt>Длительность</dt>
            <dd>{durationText(w.duration)}</dd>
          </div>
          <div>
            <dt>Статус</dt>
            <dd>
              <WebinarStatusTag webinar={w} />
            </dd>
          </div>
        </dl>
        {w.removeWebinar ? (
          <p className="oy-webinar__notice" role="status">
            {T.postponed}
          </p>
        ) : null}
        {w.description ? <p className="oy-webinar__description">{w.description}</p> : null}
        {can.canSignUpForWebinars ? <WebinarActions webinar={w} detailed onChange={(next) => update(() => next)} /> : null}
        {staff ? (
          <p className="oy-webinar__muted">
            Ссылка на конференцию:{' '}
            <a href={w.conferenceLink} target="_blank" rel="noopener noreferrer">
              {w.conferenceLink}
            </a>
          </p>
        ) : null}
        {staff && (invited !== null || w.announcedAt) ? (
          <p className="oy-webinar__muted" data-testid="webinar-invited">
            {invited !== null ? `${invitedText(invited)}. ` : ''}
            {w.announcedAt ? `Агентов пригласили ${formatMoscowDateTime(w.announcedAt)} (МСК)` : ''}
          </p>
        ) : null}
      </section>
      {staff ? <Registrations webinar={w} /> : null}
      <ConfirmDialog open={confirm === 'postpone'} title="Отложить вебинар?" okText="Отложить" danger onOk={() => void act('postpone')} onCancel={() => setConfirm(null)}>
        Записавшиеся ({w.registrations ?? 0}) получат уведомление «{T.postponed}». Чтобы вернуть вебинар, назначьте новую дату в «Изменить».
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'announce'} title="Пригласить агентов?" okText="Пригласить" onOk={() => void act('announce')} onCancel={() => setConfirm(null)}>
        Все агенты получат уведомление о вебинаре с кнопкой «{T.signUp}».
        {w.announcedAt ? ` Приглашение уже отправляли ${formatMoscowDateTime(w.announcedAt)} (МСК): его получат ещё раз.` : ''}
      </ConfirmDialog>
    </PageFrame>
  );
}

/** Staff: who signed up and who joined (follows the page's counts, so a sign-up shows live). */
function Registrations({ webinar: w }: { webinar: Webinar }) {
  const { state, reload } = useLoad(() => webinarRegistrations(w._id), [w._id, w.registrations, w.watched], { keepPrevious: true });
  return (
    <section className="oy-webinar__block" aria-label="Записавшиеся">
      <div className="oy-webinar__heading">
        <h2>Записавшиеся</h2>
        <span className="oy-webinar__muted" data-testid="webinar-counts">
          Записались: {w.registrations ?? 0} · Подключились: {w.watched ?? 0}
        </span>
      </div>
      {state.status === 'loading' ? <LoadingBlock rows={2} variant="compact" /> : null}
      {state.status === 'error' ? <ErrorState compact title="Не удалось загрузить записавшихся" message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && !state.data.length ? <EmptyState compact text="Пока никто не записался" /> : null}
      {state.status === 'ready' && state.data.length ? (
        <div className="oy-webinar__table-wrap">
          <table className="oy-webinar__table" aria-label="Записавшиеся">
            <thead>
              <tr>
                <th>ФИО</th>
                <th>E-mail</th>
                <th>Записался</th>
                <th>Подключился</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((r) => (
                <tr key={r.userId}>
                  <td>{r.fio}</td>
                  <td>{r.email}</td>
                  <td>{formatMoscowDateTime(r.signedUpAt)}</td>
                  <td>{r.watchedAt ? formatMoscowDateTime(r.watchedAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
