import * as React from 'react';
import { Link, Navigate } from 'react-router-dom';
import {
  RECON_COLUMNS,
  RECON_COLUMN_TITLES,
  RECON_REQUIRED_COLUMNS,
  FORM_TEXTS,
  formatMoney,
  formatMoscowDateTime,
  ledgerPeriodTitle,
  type ReconMapping,
  type ReconOverview,
  type ReconProgress,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Field, Input } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, notifySaved, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { demoStatementUrl, importStatement, reconMargin, reconOverview, savedMapping } from '../../api/reconciliation';
import { saveProblem } from '../../api/rates';
import { moscowToday } from '../../components/rates';
import { FINANCE_BACK, paths, RECONCILIATION_TITLE } from '../../paths';
import './finance.css';
import './reconciliation.css';

/** A burst of live events reads the page once. */
const LIVE_REFRESH_MS = 300;

/** The last `n` Moscow months, newest first ('YYYY-MM'). */
export function recentPeriods(n = 12, today = moscowToday()): string[] {
  let [y, m] = today.split('-').map(Number);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    if (--m === 0) (m = 12), y--;
  }
  return out;
}

/** «Решено 3 из 5», the disputed and the open, for a statement or an insurer. */
export function ProgressLine({ progress }: { progress: ReconProgress }) {
  const { exceptions, resolved, disputed, open } = progress;
  const share = exceptions ? Math.round((resolved / exceptions) * 100) : 100;
  return (
    <div className="oy-rec-progress">
      <div className="oy-rec-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} aria-label="Расхождения решены">
        <span style={{ width: `${share}%` }} />
      </div>
      <span className="oy-rec-progress__text">
        {exceptions ? `Решено ${resolved} из ${exceptions}` : 'Расхождений нет'}
        {disputed ? ` · оспорено ${disputed}` : ''}
        {open - disputed > 0 ? ` · ждут решения ${open - disputed}` : ''}
      </span>
    </div>
  );
}

/**
 * «Сверка со страховщиками» (`/app/finance/reconciliation`; finance staff): the imported statements with their
 * progress, the progress per insurer, «Загрузить выписку» (insurer, month, file, the column mapping saved for
 * the insurer; a demo statement to download for the demo insurers), and the broker's margin per insurer ×
 * product for a month. Live on `reconciliation_changed`.
 */
export default function ReconciliationPage() {
  const overview = useLoad((signal) => reconOverview(signal), [], { keepPrevious: true });
  const [importing, setImporting] = React.useState(false);
  const reloadRef = React.useRef(overview.reload);
  reloadRef.current = overview.reload;
  const { refresh } = overview;
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = getRuntime()
      .bus.on('reconciliation_changed')
      .subscribe(() => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          reloadRef.current();
        }, LIVE_REFRESH_MS);
      });
    sub.add(getRuntime().bus.back$.subscribe(() => refresh()));
    return () => {
      sub.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [refresh]);
  return (
    <PageFrame
      title={RECONCILIATION_TITLE}
      back={FINANCE_BACK}
      extra={
        <Button type="primary" onClick={() => setImporting(true)}>
          Загрузить выписку
        </Button>
      }
    >
      <p className="oy-fin-muted oy-fin-lead">
        Выписка страховщика (акт-отчёт) за месяц сверяется с договорами: по номеру полиса, затем по страхователю и премии. Каждое расхождение решает человек.
      </p>
      <Loaded
        load={overview}
        loading={{ rows: 4 }}
        errorTitle="Не удалось загрузить сверки"
        isEmpty={(d) => d.statements.length === 0}
        empty={<EmptyState text="Выписок пока нет: загрузите выписку страховщика" />}
      >
        {(d) => <Statements data={d} />}
      </Loaded>
      <Margin />
      {overview.state.status === 'ready' ? (
        <ImportDialog open={importing} companies={overview.state.data.companies} onClose={() => setImporting(false)} />
      ) : null}
    </PageFrame>
  );
}

function Statements({ data }: { data: ReconOverview }) {
  return (
    <>
      <section className="oy-fin-panel" aria-label="Прогресс по страховщикам">
        <h2 className="oy-fin-h2">По страховщикам</h2>
        <ul className="oy-rec-insurers">
          {data.insurers.map((i) => (
            <li key={i.companyId}>
              <strong>{i.companyName}</strong>
              <span className="oy-fin-muted">{i.statements === 1 ? '1 выписка' : `выписок: ${i.statements}`}</span>
              <ProgressLine progress={i.progress} />
            </li>
          ))}
        </ul>
      </section>
      <section className="oy-fin-panel" aria-label="Выписки">
        <h2 className="oy-fin-h2">Выписки</h2>
        <ul className="oy-rec-statements">
          {data.statements.map((s) => (
            <li key={s.id} className="oy-rec-statement">
              <div className="oy-rec-statement__what">
                <Link to={paths.statement(s.id)}>
                  {s.companyName} · {ledgerPeriodTitle(s.period)}
                </Link>
                <span className="oy-fin-muted">
                  {s.fileName} · {formatMoscowDateTime(s.createdAt)} · {s.createdBy}
                </span>
              </div>
              <div className="oy-rec-statement__money">
                <span>
                  По выписке <strong>{formatMoney(s.statementKopecks)}</strong>
                </span>
                <span className="oy-fin-muted">ожидали {formatMoney(s.expectedKopecks)}</span>
              </div>
              <ProgressLine progress={s.progress} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The broker's margin per insurer × product for a month. */
function Margin() {
  const periods = React.useMemo(() => recentPeriods(), []);
  const [period, setPeriod] = React.useState(periods[1]);
  const rows = useLoad((signal) => reconMargin(period, signal), [period], { keepPrevious: true });
  return (
    <section className="oy-fin-panel" aria-label="Маржа брокера">
      <div className="oy-rec-head">
        <h2 className="oy-fin-h2">Маржа брокера</h2>
        <select className="oy-fin-select" aria-label="Месяц маржи" value={period} onChange={(e) => setPeriod(e.target.value)}>
          {periods.map((p) => (
            <option key={p} value={p}>
              {ledgerPeriodTitle(p)}
            </option>
          ))}
        </select>
      </div>
      <p className="oy-fin-muted oy-rec-note">
        Что страховщики платят брокеру (премия × ставка страховщика по оплаченным договорам месяца, плюс принятые суммы из выписок) минус КВ агентов по этим договорам (начисления, КВ владельца сети, сторно, корректировки).
      </p>
      <Loaded load={rows} loading={{ rows: 3 }} errorTitle="Не удалось посчитать маржу" isEmpty={(r) => r.length === 0} empty={<EmptyState text="За этот месяц оплаченных договоров нет" />}>
        {(items) => (
          <div className="oy-rec-scroll">
            <table className="oy-rec-table" aria-label="Маржа по страховщикам и продуктам">
              <thead>
                <tr>
                  <th>Страховщик</th>
                  <th>Продукт</th>
                  <th className="oy-rec-num">Договоров</th>
                  <th className="oy-rec-num">От страховщика</th>
                  <th className="oy-rec-num">Принято по выпискам</th>
                  <th className="oy-rec-num">КВ агентов</th>
                  <th className="oy-rec-num">Маржа</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={`${r.companyId}:${r.product ?? ''}`}>
                    <td>{r.companyName}</td>
                    <td>{r.productName}</td>
                    <td className="oy-rec-num">{r.contracts}</td>
                    <td className="oy-rec-num">{formatMoney(r.insurerExpectedKopecks)}</td>
                    <td className="oy-rec-num">{r.adjustmentsKopecks ? formatMoney(r.adjustmentsKopecks) : '—'}</td>
                    <td className="oy-rec-num">{formatMoney(r.agentsKopecks)}</td>
                    <td className={`oy-rec-num oy-rec-strong${r.marginKopecks < 0 ? ' oy-rec-neg' : ''}`}>{formatMoney(r.marginKopecks)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}

/** The period a file's name carries ('demo-ingos-2026-10.xlsx' → '2026-10'), if any. */
export const periodInName = (name: string) => /(20\d{2})-(0[1-9]|1[0-2])(?!\d)/.exec(name)?.slice(1, 3).join('-') ?? null;

/**
 * «Загрузить выписку»: the insurer, the month, the file (XLSX or CSV), and the columns — prefilled with the
 * mapping saved for the insurer; a column left empty is found by its header. The api's refusal is shown
 * under its field; on success the statement opens.
 */
function ImportDialog({ open, companies, onClose }: { open: boolean; companies: ReconOverview['companies']; onClose(): void }) {
  const periods = React.useMemo(() => recentPeriods(), []);
  const [companyId, setCompanyId] = React.useState('');
  const [period, setPeriod] = React.useState(periods[1]);
  const [file, setFile] = React.useState<File | null>(null);
  const [mapping, setMapping] = React.useState<ReconMapping>({});
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [busy, setBusy] = React.useState(false);
  const [opened, setOpened] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!open) return;
    setCompanyId('');
    setPeriod(periods[1]);
    setFile(null);
    setMapping({});
    setErrors({});
    setBusy(false);
    setOpened(null);
  }, [open, periods]);
  React.useEffect(() => {
    if (!companyId) return setMapping({});
    let live = true;
    savedMapping(companyId).then(
      (m) => live && setMapping(m ?? {}),
      () => live && setMapping({}),
    );
    return () => {
      live = false;
    };
  }, [companyId]);
  const company = companies.find((c) => c.id === companyId);

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!companyId) found.companyId = FORM_TEXTS.required;
    if (!file) found.file = 'Выберите файл XLSX или CSV';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { id } = await importStatement({ companyId, period, file: file!, mapping });
      notifySaved('Выписка загружена и сверена');
      setOpened(id);
    } catch (e) {
      const p = saveProblem(e);
      setErrors({ [p.field && ['companyId', 'period', 'file'].includes(p.field) ? p.field : 'form']: p.message });
      setBusy(false);
    }
  };
  if (opened) return <Navigate to={paths.statement(opened)} />;

  return (
    <ConfirmDialog open={open} title="Загрузить выписку страховщика" okText="Загрузить и сверить" loading={busy} width={620} onOk={() => void submit()} onCancel={onClose}>
      <form
        className="oy-fin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="oy-fin-form__row">
          <Field label="Страховщик" htmlFor="recon-company" required error={errors.companyId}>
            <select id="recon-company" className="oy-fin-select" value={companyId} aria-invalid={!!errors.companyId || undefined} onChange={(e) => setCompanyId(e.target.value)}>
              <option value="">Выберите страховщика</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Месяц выписки" htmlFor="recon-period" required error={errors.period}>
            <select id="recon-period" className="oy-fin-select" value={period} onChange={(e) => setPeriod(e.target.value)}>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {ledgerPeriodTitle(p)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {company?.demo ? (
          <p className="oy-fin-note">
            Демо-страховщик: <a href={demoStatementUrl(company.id)} download>Скачать демо-выписку</a> — файл с расхождениями всех видов; загрузите его сюда.
          </p>
        ) : null}
        <Field label="Файл выписки (XLSX или CSV)" htmlFor="recon-file" required error={errors.file}>
          <input
            id="recon-file"
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              const p = f ? periodInName(f.name) : null;
              if (p && periods.includes(p)) setPeriod(p);
            }}
          />
        </Field>
        <fieldset className="oy-rec-mapping">
          <legend>Сопоставление столбцов</legend>
          <p className="oy-fin-muted">Заголовки столбцов в файле страховщика. Пустое поле — столбец найдётся по заголовку. Сопоставление сохраняется для следующих выписок страховщика.</p>
          <div className="oy-rec-mapping__grid">
            {RECON_COLUMNS.map((c) => (
              <Field key={c} label={RECON_COLUMN_TITLES[c]} htmlFor={`recon-col-${c}`} required={RECON_REQUIRED_COLUMNS.includes(c)}>
                <Input id={`recon-col-${c}`} value={mapping[c] ?? ''} maxLength={100} placeholder="по заголовку" onChange={(e) => setMapping((m) => ({ ...m, [c]: e.target.value }))} />
              </Field>
            ))}
          </div>
        </fieldset>
        {errors.form ? (
          <p className="oy-fin-error" role="alert">
            {errors.form}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}

