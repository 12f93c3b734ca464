import * as React from 'react';
import { formatDate } from '@oyster/shared-kit/domain/platform';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { SectionTitle } from '@oyster/shared-kit/ui/parts';
import { EmptyState, Loaded, ScreenScope, useLoad } from '@oyster/shared-kit/ui/screens/widgets';
import './statistics.css';

/** GET /api/v2/statistics/widget (spec §3 «Dashboard state: statistics»). */
interface Statistics {
  date: string;
  previousMonth: string;
  month: string;
  statistics: Array<{ name: string; value: number }>;
}

/**
 * remote_broker_requests/StatisticsWidget — home's «Статистика запросов» for managers (spec §2, §6
 * canLoadStatisticsWidget): their requests in work, new this and last month, done this month, the open
 * ones by status. Live: a request of theirs that moves reads it again. Light kit entries only (home).
 */
export default function StatisticsWidget() {
  const load = useLoad((signal) => getRuntime().http.get<{ statistics?: Statistics | null }>('/api/v2/statistics/widget', { silent: true, signal }).then((r) => r?.statistics ?? null), [], { keepPrevious: true });
  const { reload, refresh } = load;
  React.useEffect(() => {
    const sub = getRuntime().bus.on('broker_request').subscribe((e) => e.change === 'status' && reload());
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => sub.unsubscribe();
  }, [reload, refresh]);
  const data = load.state.status === 'ready' ? load.state.data : null;
  return (
    <ScreenScope name="broker-requests">
      <section className="oy-brstats" aria-label="Статистика запросов">
        <SectionTitle level={3} extra={data ? <span className="oy-brstats__muted">на {formatDate(data.date)}, {data.month}</span> : null}>
          Статистика запросов
        </SectionTitle>
        <Loaded load={load} compact errorTitle="Не удалось загрузить статистику" loading={{ rows: 3 }} isEmpty={(d) => !d || !d.statistics?.length} empty={<EmptyState text="Нет данных за этот период" />}>
          {(d) => (
            <dl className="oy-brstats__list">
              {d!.statistics.map((s) => (
                <div className="oy-brstats__stat" key={s.name}>
                  <dt>{s.name}</dt>
                  <dd>{s.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Loaded>
      </section>
    </ScreenScope>
  );
}
