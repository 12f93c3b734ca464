import * as React from 'react';
import { access, formatMoney } from '@oyster/shared-kit/domain/platform';
import { Button } from '@oyster/shared-kit/ui/base';
import { Empty, SectionTitle, Skeleton } from '@oyster/shared-kit/ui/parts';
import { useServices, useSession } from '../services';
import { loadRemoteComponent, RemoteWidget } from '../federation/RemoteSection';
import './home.css';

type Load<T> = { status: 'loading' } | { status: 'ready'; data: T | null } | { status: 'error' };

function useLoad<T>(enabled: boolean, load: () => Promise<T | null>): [Load<T>, () => void] {
  const [state, setState] = React.useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    if (!enabled) return;
    let alive = true;
    setState({ status: 'loading' });
    load().then(
      (data) => alive && setState({ status: 'ready', data }),
      () => alive && setState({ status: 'error' }),
    );
    return () => {
      alive = false;
    };
  }, [enabled, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, () => setAttempt((n) => n + 1)];
}

interface PaymentsInfo {
  currentProfit: number;
  countPayment: number;
  countAwaitPayment: number;
  openedBRCount: number;
  countContinuePayment: number;
  appRegistrations: number;
}

function WidgetError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="oy-widget__error" role="alert">
      <span>Не удалось загрузить данные</span>
      <Button size="small" onClick={onRetry}>
        Повторить
      </Button>
    </div>
  );
}

function PaymentsWidget() {
  const { http } = useServices();
  const [state, retry] = useLoad<PaymentsInfo>(true, () =>
    http.get<{ data?: PaymentsInfo | null }>('/api/v2/get-info-payments/', { silent: true }).then((r) => r?.data ?? null),
  );
  return (
    <section className="oy-widget" aria-label="Мои показатели">
      <SectionTitle level={3}>Мои показатели</SectionTitle>
      {state.status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : state.status === 'error' ? (
        <WidgetError onRetry={retry} />
      ) : !state.data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Пока нет данных о выплатах" />
      ) : (
        <dl className="oy-stats">
          <div className="oy-stat oy-stat--wide">
            <dt>Доход за текущий месяц</dt>
            <dd>{formatMoney(state.data.currentProfit)}</dd>
          </div>
          <div className="oy-stat">
            <dt>Оплаченные полисы</dt>
            <dd>{state.data.countPayment}</dd>
          </div>
          <div className="oy-stat">
            <dt>Ожидают оплаты</dt>
            <dd>{state.data.countAwaitPayment}</dd>
          </div>
          <div className="oy-stat">
            <dt>Открытые брокерские запросы</dt>
            <dd>{state.data.openedBRCount}</dd>
          </div>
          <div className="oy-stat">
            <dt>Выплаты в обработке</dt>
            <dd>{state.data.countContinuePayment}</dd>
          </div>
          <div className="oy-stat">
            <dt>Регистрации в Oyster.app</dt>
            <dd>{state.data.appRegistrations}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The remote widgets home shows to everyone (below), in the order they appear. */
const HOME_REMOTE_WIDGETS = [
  ['remote_learning', 'BannersWidget'],
  ['remote_learning', 'NewsWidget'],
  ['remote_learning', 'KnowledgeWidget'],
  ['remote_sales', 'ProductCatalogue'],
] as const;

/**
 * Starts loading home's remote widgets (their entries and chunks) while the app is still starting,
 * instead of when home's first render mounts them: bootstrap.tsx calls it when the page opens on
 * home. A failure is left to the widget, which shows it in place and retries.
 */
export function preloadHomeWidgets(load = loadRemoteComponent): void {
  for (const [remote, module] of HOME_REMOTE_WIDGETS) load(remote, module).catch(() => undefined);
}

/** Home: dashboard widgets the user may see, learning's banners, news and knowledge, and sales' product catalogue (spec §2, §6, §9). */
export default function HomePage() {
  const user = useSession();
  const a = access(user);
  const hasWidgets = a.canLoadPaymentsInfo || a.canLoadStatisticsWidget;
  return (
    <div className="oy-home">
      <RemoteWidget remote="remote_learning" module="BannersWidget" />
      {hasWidgets ? (
        <div className="oy-widgets">
          {a.canLoadPaymentsInfo ? <PaymentsWidget /> : null}
          {/* Managers' request statistics: the broker-requests domain's (issue 12). */}
          {a.canLoadStatisticsWidget ? <RemoteWidget remote="remote_broker_requests" module="StatisticsWidget" /> : null}
        </div>
      ) : null}
      {/* spec §2: home lists 3 news and 3 knowledge items, for every role */}
      <div className="oy-home-learning">
        <div className="oy-widget">
          <RemoteWidget remote="remote_learning" module="NewsWidget" />
        </div>
        <div className="oy-widget">
          <RemoteWidget remote="remote_learning" module="KnowledgeWidget" />
        </div>
      </div>
      {/* «Продукты»: the catalogue is the sales domain's (spec §2, §9) */}
      <RemoteWidget remote="remote_sales" module="ProductCatalogue" />
    </div>
  );
}
