import * as React from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ANALYTICS_BUCKETS,
  ANALYTICS_BUCKET_TITLES,
  ANALYTICS_QUICK_RANGES,
  ANALYTICS_QUICK_RANGE_TITLES,
  ANALYTICS_TEXTS as T,
  CONTRACT_PRODUCTS,
  CONTRACT_PRODUCT_TITLES,
  formatBp,
  formatMoney,
  quickRange,
  shareBp,
  type AnalyticsQuickRange,
  type AnalyticsReport,
  type AnalyticsRow,
  toDateText,
  toIsoDate,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, DateInput } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { analyticsExportUrl, analyticsFilters, analyticsReport } from '../../api/analytics';
import { AgentFilter } from '../../components/AgentFilter';
import { BreakdownChart, SeriesChart } from './AnalyticsCharts';
import './analytics.css';

/** A burst of sales paid or ledger lines written reads the report once, this long after the last. */
export const LIVE_REFRESH_MS = 1_000;
const DEFAULT_RANGE: AnalyticsQuickRange = 'last30';
const FILTERS = ['product', 'company', 'network', 'agent'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query the api gets from the URL: a quick range (default the last 30 days) or from/to, the buckets, the filters. */
function queryOf(params: URLSearchParams): { query: URLSearchParams; range: AnalyticsQuickRange | null } {
  const q = new URLSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  let range: AnalyticsQuickRange | null = null;
  if (from && to && ISO_DAY.test(from) && ISO_DAY.test(to)) {
    q.set('from', from);
    q.set('to', to);
  } else {
    const asked = params.get('range') as AnalyticsQuickRange | null;
    range = asked && (ANALYTICS_QUICK_RANGES as readonly string[]).includes(asked) ? asked : DEFAULT_RANGE;
    const r = quickRange(range);
    q.set('from', r.from);
    q.set('to', r.to);
  }
  q.set('bucket', params.get('bucket') && (ANALYTICS_BUCKETS as readonly string[]).includes(params.get('bucket')!) ? params.get('bucket')! : 'day');
  for (const f of FILTERS) if (params.get(f)) q.set(f, params.get(f)!);
  return { query: q, range };
}

/**
 * Аналитика (`/app/analytics`, issue 26): premiums, policies, commission and conversion of a period (the
 * quick filters of §9 or two dates) by day, week or month, and by product, insurer, network and agent —
 * in the viewer's scope (the api decides: all, or one's own, one's sub-agents' and network's). Charts by
 * chart.js; the same report as an XLSX file; live: a sale paid (`contract_status`) or a ledger line
 * written (`ledger_changed`) reads the figures again, debounced.
 */
export default function AnalyticsPage() {
  const a = useAccess();
  const [params, setParams] = useSearchParams();
  const { query, range } = queryOf(params);
  const key = query.toString();
  const [tick, setTick] = React.useState(0);
  const report = useLoad(() => analyticsReport(new URLSearchParams(key)), [key, tick], { keepPrevious: true });
  const filters = useLoad(() => analyticsFilters(), []);

  React.useEffect(() => {
    const bus = getRuntime().bus;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        setTick((n) => n + 1);
      }, LIVE_REFRESH_MS);
    };
    // Back after the socket was away: what was written meanwhile sent no event here.
    const subs = [bus.on('contract_status').subscribe(refresh), bus.on('ledger_changed').subscribe(refresh), bus.back$.subscribe(refresh)];
    return () => {
      subs.forEach((s) => s.unsubscribe());
      if (timer) clearTimeout(timer);
    };
  }, []);

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const narrowed = FILTERS.some((f) => params.get(f));
  // The period in the URL as YYYY-MM-DD (the api's), on screen dd.mm.yyyy (§5); a cleared or half-typed date changes nothing.
  const day = (name: 'from' | 'to', text: string) => {
    const iso = toIsoDate(text);
    if (iso) set({ from: query.get('from'), to: query.get('to'), [name]: iso, range: null });
  };

  const exportLink = (
    <a className="oy-an__export" href={analyticsExportUrl(query)} download>
      {T.export}
    </a>
  );
  const insurers = filters.state.status === 'ready' ? filters.state.data.insurers : [];
  const networks = filters.state.status === 'ready' ? filters.state.data.networks : [];

  return (
    <PageFrame title={T.title} section="analytics" extra={exportLink}>
      <div className="oy-an__filters" role="search">
        <div className="oy-an__ranges" role="group" aria-label="Период">
          {ANALYTICS_QUICK_RANGES.map((r) => (
            <button key={r} type="button" className="oy-an__range" aria-pressed={range === r} onClick={() => set({ range: r, from: null, to: null })}>
              {ANALYTICS_QUICK_RANGE_TITLES[r]}
            </button>
          ))}
        </div>
        <div className="oy-an__date">
          <span>с</span>
          <DateInput aria-label="Начало периода" placeholder="дд.мм.гггг" value={toDateText(query.get('from')) ?? ''} max={toDateText(query.get('to')) ?? undefined} onChange={(v) => day('from', v)} />
        </div>
        <div className="oy-an__date">
          <span>по</span>
          <DateInput aria-label="Конец периода" placeholder="дд.мм.гггг" value={toDateText(query.get('to')) ?? ''} min={toDateText(query.get('from')) ?? undefined} onChange={(v) => day('to', v)} />
        </div>
        <select aria-label="Группировка" value={query.get('bucket')!} onChange={(e) => set({ bucket: e.target.value })}>
          {ANALYTICS_BUCKETS.map((b) => (
            <option key={b} value={b}>
              {ANALYTICS_BUCKET_TITLES[b]}
            </option>
          ))}
        </select>
        <select aria-label={T.product} value={params.get('product') ?? ''} onChange={(e) => set({ product: e.target.value })}>
          <option value="">Все продукты</option>
          {CONTRACT_PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {CONTRACT_PRODUCT_TITLES[p]}
            </option>
          ))}
        </select>
        <select aria-label={T.insurer} value={params.get('company') ?? ''} onChange={(e) => set({ company: e.target.value })}>
          <option value="">Все страховщики</option>
          {insurers.map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </select>
        <select aria-label={T.network} value={params.get('network') ?? ''} onChange={(e) => set({ network: e.target.value })}>
          <option value="">Все сети</option>
          {networks.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
        {a.canListAgents ? <AgentFilter className="oy-an__agent" value={params.get('agent') ?? ''} onChange={(id) => set({ agent: id })} /> : null}
        {narrowed ? <Button onClick={() => set({ product: null, company: null, network: null, agent: null })}>Сбросить фильтры</Button> : null}
      </div>
      {report.state.status === 'loading' ? <LoadingBlock rows={8} /> : null}
      {report.state.status === 'error' ? <ErrorState title="Не удалось загрузить аналитику" message={report.state.message} onRetry={report.reload} /> : null}
      {report.state.status === 'ready' ? <Report report={report.state.data} onAgent={(id) => set({ agent: id })} /> : null}
    </PageFrame>
  );
}

const isEmpty = (r: AnalyticsReport) => !r.totals.created && !r.totals.policies && !r.totals.commissionKopecks && !r.totals.quotes && !r.renewals.ended;

function Report({ report: r, onAgent }: { report: AnalyticsReport; onAgent(id: string): void }) {
  const t = r.totals;
  const figures: [string, string][] = [
    [T.premium, formatMoney(t.premiumKopecks - t.cancelledPremiumKopecks)],
    [T.policies, String(t.policies - t.cancelled)],
    [T.commission, formatMoney(t.commissionKopecks)],
    [T.created, String(t.created)],
    [T.conversion, formatBp(t.conversionBp)],
    [T.quotes, String(t.quotes)],
    [T.cancelled, `${t.cancelled} · ${formatMoney(t.cancelledPremiumKopecks)}`],
    [T.renewalRate, formatBp(r.renewals.renewalRateBp)],
    [T.lostRate, formatBp(r.renewals.lostRateBp)],
  ];
  return (
    <>
      {r.scope === 'own' ? <p className="oy-an__note">{T.ownScope}</p> : null}
      <section className="oy-an__kpi" aria-label="Итоги за период">
        <dl>
          {figures.map(([title, value]) => (
            <div key={title} className="oy-an__figure">
              <dt>{title}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="oy-an__muted">
          Премии и полисы — за вычетом расторгнутых; {T.ended.toLowerCase()}: {r.renewals.ended}
        </p>
      </section>
      {isEmpty(r) ? (
        <EmptyState text={T.empty} />
      ) : (
        <>
          <section className="oy-an__panel" aria-label="Динамика">
            <h2 className="oy-an__h2">Динамика</h2>
            <SeriesChart rows={r.series} />
          </section>
          <div className="oy-an__grid">
            <section className="oy-an__panel" aria-label="Премии по страховщикам">
              <h2 className="oy-an__h2">Премии по страховщикам</h2>
              <BreakdownChart rows={r.byInsurer} label="Премии по страховщикам" />
            </section>
            <section className="oy-an__panel" aria-label="Премии по продуктам">
              <h2 className="oy-an__h2">Премии по продуктам</h2>
              <BreakdownChart rows={r.byProduct} label="Премии по продуктам" />
            </section>
          </div>
          <Table title="По продуктам" first={T.product} rows={r.byProduct} />
          <Table title="По страховщикам" first={T.insurer} rows={r.byInsurer} />
          <Table title="По сетям" first={T.network} rows={r.byNetwork} />
          <Table title="По агентам" first={T.agent} rows={r.byAgent} onPick={onAgent} />
        </>
      )}
    </>
  );
}

function Table({ title, first, rows, onPick }: { title: string; first: string; rows: AnalyticsRow[]; onPick?(id: string): void }) {
  return (
    <section className="oy-an__panel" aria-label={title}>
      <h2 className="oy-an__h2">{title}</h2>
      <div className="oy-an__scroll">
        <table className="oy-an__table">
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col">{T.created}</th>
              <th scope="col">{T.policies}</th>
              <th scope="col">{T.premium}</th>
              <th scope="col">{T.commission}</th>
              <th scope="col">{T.conversion}</th>
              <th scope="col">{T.cancelled}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key ?? '—'}>
                <th scope="row">
                  {onPick && row.key ? (
                    <button type="button" className="oy-an__link" onClick={() => onPick(row.key!)}>
                      {row.title}
                    </button>
                  ) : (
                    row.title
                  )}
                </th>
                <td>{row.created}</td>
                <td>{row.policies}</td>
                <td>{formatMoney(row.premiumKopecks)}</td>
                <td>{formatMoney(row.commissionKopecks)}</td>
                <td>{formatBp(shareBp(row.policies, row.created))}</td>
                <td>{row.cancelled}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
