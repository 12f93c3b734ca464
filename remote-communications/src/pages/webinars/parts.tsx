import * as React from 'react';
import { WEBINAR_STATUS_TITLES, WEBINAR_TEXTS as T, type Webinar } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Tag } from '@oyster/shared-kit/ui';
import { Button, Countdown } from '@oyster/shared-kit/ui/form';
import { errorText } from '@oyster/shared-kit/ui/screens';
import { registerForWebinar } from '../../api/webinars';

export const WEBINARS_BACK = { to: '/webinar', label: 'Вебинары' } as const;
export const POSTPONED_TITLE = 'Отложен';
export const REGISTERED_TAG = 'Вы записаны';
export const DATE_TBD = 'Дата уточняется';

/** «60 мин». */
export const durationText = (minutes: number) => `${minutes}\u00a0мин`;

/** The api's Moscow date and time: «15.12.2026, 11:00 МСК»; a postponed webinar's date is off: «Дата уточняется». */
export function WebinarWhen({ webinar: w }: { webinar: Pick<Webinar, 'date' | 'time' | 'startsAt' | 'removeWebinar'> }) {
  if (w.removeWebinar) return <span className="oy-webinar__when oy-webinar__when--off">{DATE_TBD}</span>;
  return (
    <time dateTime={w.startsAt} className="oy-webinar__when">
      <span className="oy-webinar__date">{w.date}</span>
      <span className="oy-webinar__sep">, </span>
      <span className="oy-webinar__time">{w.time}&nbsp;МСК</span>
    </time>
  );
}

const STATUS_COLORS = { planned: 'blue', live: 'green', end: 'default' } as const;

/** «Отложен» for a postponed webinar, else Запланирован / Идёт сейчас / Завершён. */
export function WebinarStatusTag({ webinar: w }: { webinar: Pick<Webinar, 'status' | 'removeWebinar'> }) {
  return w.removeWebinar ? <Tag color="orange">{POSTPONED_TITLE}</Tag> : <Tag color={STATUS_COLORS[w.status]}>{WEBINAR_STATUS_TITLES[w.status]}</Tag>;
}

/**
 * An agent's part (canSignUpForWebinars): «Записаться», or «Вы записаны»; once the start is near or
 * it runs, «Подключиться» — opens the conference in a new tab and marks the agent joining (watch).
 * Nothing for an ended or a postponed webinar. A refusal is said under the buttons, which stay.
 */
export function WebinarActions({ webinar: w, onChange, detailed }: { webinar: Webinar; onChange: (next: Webinar) => void; /** The page: the registered read the spec's sentence, not a tag. */ detailed?: boolean }) {
  const [busy, setBusy] = React.useState<'singUp' | 'watch' | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  if (w.removeWebinar || w.status === 'end') return w.registration && w.status === 'end' ? <Tag>Вы были записаны</Tag> : null;

  async function act(status: 'singUp' | 'watch') {
    // Opened within the click (as the shell's webinar toast does): after an await the browser may take it for a popup.
    if (status === 'watch') window.open(w.conferenceLink, '_blank', 'noopener');
    setBusy(status);
    setError(null);
    try {
      const next = await registerForWebinar(w._id, status);
      if (status === 'singUp') getRuntime().toasts.show({ type: 'success', body: T.registered });
      onChange(next);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="oy-webinar__agent">
      <div className="oy-webinar__agent-buttons">
        {w.registration && detailed && !w.isSendAnnouncement ? (
          <p className="oy-webinar__registered" role="status">
            {T.registered}
          </p>
        ) : w.registration ? (
          <Tag color="green">{REGISTERED_TAG}</Tag>
        ) : null}
        {detailed && w.isSendAnnouncement && w.status === 'planned' ? (
          <span className="oy-webinar__countdown">
            {T.startsIn} <Countdown minutes={w.untilTime.minutes} seconds={w.untilTime.seconds} />
          </span>
        ) : null}
        {w.isSendAnnouncement ? (
          <Button type="primary" loading={busy === 'watch'} onClick={() => void act('watch')}>
            {T.join}
          </Button>
        ) : !w.registration ? (
          <Button type="primary" loading={busy === 'singUp'} onClick={() => void act('singUp')}>
            {T.signUp}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="oy-webinar__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Reloads when a webinar changes (edited, postponed, someone signed up); `id`: only that one. */
export function useWebinarChanged(reload: () => void, id?: string) {
  React.useEffect(() => {
    const sub = getRuntime()
      .bus.on('webinar_changed')
      .subscribe((e) => (!id || e?.webinarId === id) && reload());
    // Back after the socket was away: what changed meanwhile sent no event here.
    sub.add(getRuntime().bus.back$.subscribe(() => reload()));
    return () => sub.unsubscribe();
  }, [id, reload]);
}
