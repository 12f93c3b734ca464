import * as React from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ANALYTICS_TEXTS as T, formatMoney, type AnalyticsRow } from '@oyster/shared-kit/domain';

// Only what these charts draw (chart.js tree-shakes the rest); this file loads with the analytics page only.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const roubles = (kopecks: number) => Math.round(kopecks) / 100;
const money = (v: number | string) => formatMoney(Math.round(Number(v) * 100));

/** «Динамика»: premiums and commission (₽, bars) and policies (a line on its own axis) by bucket. */
export function SeriesChart({ rows }: { rows: AnalyticsRow[] }) {
  return (
    <div className="oy-an__chart" data-testid="analytics-series-chart" data-points={rows.length}>
      <Bar
        aria-label="Динамика продаж"
        role="img"
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${c.dataset.yAxisID === 'count' ? c.formattedValue : money(c.parsed.y ?? 0)}` } } },
          scales: {
            money: { type: 'linear', position: 'left', beginAtZero: true, ticks: { callback: (v) => money(v) } },
            count: { type: 'linear', position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, ticks: { precision: 0 } },
          },
        }}
        data={{
          labels: rows.map((r) => r.title),
          datasets: [
            { type: 'bar' as const, label: T.premium, data: rows.map((r) => roubles(r.premiumKopecks)), backgroundColor: '#4f7cff', yAxisID: 'money' },
            { type: 'bar' as const, label: T.commission, data: rows.map((r) => roubles(r.commissionKopecks)), backgroundColor: '#34c38f', yAxisID: 'money' },
            { type: 'line' as const, label: T.policies, data: rows.map((r) => r.policies), borderColor: '#f1b44c', backgroundColor: '#f1b44c', yAxisID: 'count', tension: 0.2 } as never,
          ],
        }}
      />
    </div>
  );
}

/** A breakdown (by product, insurer, network): premiums as horizontal bars. */
export function BreakdownChart({ rows, label }: { rows: AnalyticsRow[]; label: string }) {
  const top = rows.slice(0, 10);
  return (
    <div className="oy-an__chart oy-an__chart--small" data-testid="analytics-breakdown-chart" data-points={top.length}>
      <Bar
        aria-label={label}
        role="img"
        options={{
          indexAxis: 'y',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${T.premium}: ${money(c.parsed.x ?? 0)}` } } },
          scales: { x: { beginAtZero: true, ticks: { callback: (v) => money(v) } } },
        }}
        data={{ labels: top.map((r) => r.title), datasets: [{ label: T.premium, data: top.map((r) => roubles(r.premiumKopecks)), backgroundColor: '#4f7cff' }] }}
      />
    </div>
  );
}
