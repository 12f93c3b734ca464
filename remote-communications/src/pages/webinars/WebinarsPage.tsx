import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { WEBINAR_TEXTS as T, sectionOf, type Webinar } from '@oyster/shared-kit/domain';
import { TabSwitch } from '@oyster/shared-kit/ui/parts';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { listWebinars, type WebinarPeriod } from '../../api/webinars';
import { WebinarActions, WebinarStatusTag, WebinarWhen, durationText, useWebinarChanged } from './parts';
import './webinars.css';

const TABS: readonly { key: WebinarPeriod; label: string }[] = [
  { key: 'upcoming', label: 'Предстоящие' },
  { key: 'past', label: 'Прошедшие' },
];

/**
 * «Вебинары» (`/app/webinar`, issue 13): upcoming (nearest first, the postponed after them) or past
 * (`?period=past`). Each: the Moscow date and time, the title, platform, duration and status. Agents
 * sign up here and join once the start is near; staff (admins, copywriters) plan a new one and see
 * how many signed up. Follows changes live (`webinar_changed`).
 */
export default function WebinarsPage() {
  const [params, setParams] = useSearchParams();
  const period: WebinarPeriod = params.get('period') === 'past' ? 'past' : 'upcoming';
  const can = useAccess();
  // Kept on screen while a live change reloads it; another tab's list is not this one's (loading then).
  const { state: loaded, reload, update } = useLoad(async () => ({ period, items: await listWebinars(period) }), [period], { keepPrevious: true });
  const state = loaded.status === 'ready' && loaded.data.period !== period ? ({ status: 'loading' } as const) : loaded;
  useWebinarChanged(reload);

  const create = (
    <Link to="/webinar/new">
      <Button type="primary">{T.create}</Button>
    </Link>
  );
  const replace = (next: Webinar) => update((d) => ({ ...d, items: d.items.map((w) => (w._id === next._id ? { ...w, ...next } : w)) }));

  const list = (
    <>
      {state.status === 'loading' ? <LoadingBlock rows={4} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить вебинары" message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && !state.data.items.length ? (
        <EmptyState text={period === 'past' ? T.emptyPast : T.empty}>{can.canManageWebinars && period === 'upcoming' ? create : null}</EmptyState>
      ) : null}
      {state.status === 'ready' && state.data.items.length ? (
        <ul className="oy-webinars__list" aria-label="Вебинары">
          {state.data.items.map((w) => (
            <li key={w._id} className="oy-webinars__item" aria-label={w.title}>
              <div className="oy-webinars__date">
                <WebinarWhen webinar={w} />
              </div>
              <div className="oy-webinars__main">
                <Link to={`/webinar/${w._id}`} className="oy-webinars__title">
                  {w.title}
                </Link>
                <span className="oy-webinars__meta">
                  <WebinarStatusTag webinar={w} />
                  <span>{w.platform}</span>
                  <span aria-hidden="true">·</span>
                  <span>{durationText(w.duration)}</span>
                </span>
                {can.canManageWebinars && w.registrations !== undefined ? (
                  <span className="oy-webinars__counts">
                    Записались: {w.registrations}
                    {w.status !== 'planned' ? ` · Подключились: ${w.watched ?? 0}` : ''}
                  </span>
                ) : null}
              </div>
              {can.canSignUpForWebinars ? (
                <div className="oy-webinars__actions">
                  <WebinarActions webinar={w} onChange={replace} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );

  return (
    <PageFrame title={sectionOf('/webinar')?.heading ?? 'Вебинары'} section="webinar" extra={can.canManageWebinars ? create : undefined}>
      <TabSwitch
        label="Какие вебинары"
        activeKey={period}
        onChange={(k) => setParams(k === 'past' ? { period: 'past' } : {}, { replace: true })}
        items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === period ? list : null }))}
      />
    </PageFrame>
  );
}
