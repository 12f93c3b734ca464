import * as React from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  RECON_ACTION_TITLES,
  RECON_LINE_STATUSES,
  RECON_LINE_STATUS_HINTS,
  RECON_LINE_STATUS_TITLES,
  RECON_NOTE_LIMITS,
  formatDate,
  formatMoney,
  formatMoscowDateTime,
  ledgerPeriodTitle,
  type ReconAction,
  type ReconLine,
  type ReconLineStatus,
  type ReconStatementPage,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button, ConfirmDialog, Field } from '@oyster/shared-kit/ui/form';
import { EmptyState, notifySaved, PageFrame, useItemPage } from '@oyster/shared-kit/ui/screens';
import { resolveLine, statementPage } from '../../api/reconciliation';
import { saveProblem } from '../../api/rates';
import { rateText } from '../../components/rates';
import { RECONCILIATION_BACK } from '../../paths';
import { ProgressLine } from './ReconciliationPage';
import './finance.css';
import './reconciliation.css';

const LIVE_REFRESH_MS = 300;
/** The filters: every line, those still waiting for a person, or one status. */
type Filter = 'all' | 'open' | ReconLineStatus;
const OPEN_TITLE = 'Ждут решения';

const isOpen = (l: ReconLine) => l.status !== 'matched' && (l.resolution === null || l.resolution === 'dispute');
const money = (k: number | null) => (k === null ? '—' : formatMoney(k));
const rate = (bp: number | null) => (bp === null ? '—' : rateText(bp));

/** What a decision's dialog asks and says. */
const ACTION_TEXTS: Record<ReconAction, { label: string; hint: (l: ReconLine) => string; required: boolean }> = {
  accept: {
    label: 'Комментарий (необязательно)',
    hint: (l) =>
      l.amountKopecks === null
        ? `Страховщик не заплатит по этому договору: ожидаемая сумма уменьшится на ${formatMoney(-l.differenceKopecks)}.`
        : `Сумма страховщика станет нашей: корректировка на стороне брокера ${formatMoney(l.differenceKopecks)}. КВ агентов не меняется.`,
    required: false,
  },
  dispute: { label: 'Что оспариваем', hint: () => 'Строка останется открытой с этим комментарием; потом её можно принять или игнорировать.', required: true },
  ignore: { label: 'Причина', hint: () => 'Строка закроется без изменения сумм.', required: true },
};

/**
 * One insurer's statement (`/app/finance/reconciliation/{id}`; finance staff): its progress, its lines by
 * status with filters (in the URL), and for each exception still open «Принять сумму страховщика»,
 * «Оспорить», «Игнорировать» — each through a dialog with the note or reason; who decided and when is shown
 * on the line. Live on `reconciliation_changed`.
 */
export default function ReconciliationStatementPage() {
  const { statementId = '' } = useParams();
  const page = useItemPage((signal) => statementPage(statementId, signal), [statementId], { back: RECONCILIATION_BACK, keepPrevious: true });
  const [params, setParams] = useSearchParams();
  const [deciding, setDeciding] = React.useState<{ line: ReconLine; action: ReconAction } | null>(null);
  const reloadRef = React.useRef(page.reload);
  reloadRef.current = page.reload;
  const { refresh } = page;
  React.useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const sub = getRuntime()
      .bus.on('reconciliation_changed')
      .subscribe((e) => {
        if (e?.statementId !== statementId || timer) return;
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
  }, [statementId, refresh]);
  if (!page.ready) return page.placeholder;
  const { statement, lines } = page.data;
  const filter = (params.get('status') ?? 'all') as Filter;
  const shown = lines.filter((l) => (filter === 'all' ? true : filter === 'open' ? isOpen(l) : l.status === filter));
  const countOf = (f: Filter) => (f === 'all' ? lines.length : f === 'open' ? lines.filter(isOpen).length : lines.filter((l) => l.status === f).length);
  const filters: Filter[] = ['all', 'open', ...RECON_LINE_STATUSES];
  const title = (f: Filter) => (f === 'all' ? 'Все' : f === 'open' ? OPEN_TITLE : RECON_LINE_STATUS_TITLES[f]);

  return (
    <PageFrame title={`${statement.companyName} · ${ledgerPeriodTitle(statement.period)}`} back={RECONCILIATION_BACK}>
      <section className="oy-fin-panel" aria-label="Выписка">
        <dl className="oy-fin-facts">
          <div>
            <dt>Файл</dt>
            <dd>{statement.fileName}</dd>
          </div>
          <div>
            <dt>Загрузил</dt>
            <dd>
              {statement.createdBy}, {formatMoscowDateTime(statement.createdAt)}
            </dd>
          </div>
          <div>
            <dt>По выписке</dt>
            <dd>{formatMoney(statement.statementKopecks)}</dd>
          </div>
          <div>
            <dt>Ожидали</dt>
            <dd>{formatMoney(statement.expectedKopecks)}</dd>
          </div>
        </dl>
        <ProgressLine progress={statement.progress} />
      </section>
      <div className="oy-rec-filters" role="group" aria-label="Статус строк">
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            className={`oy-rec-chip${filter === f ? ' oy-rec-chip--on' : ''}${f !== 'all' && f !== 'open' ? ` oy-rec-chip--${f}` : ''}`}
            aria-pressed={filter === f}
            title={f !== 'all' && f !== 'open' ? RECON_LINE_STATUS_HINTS[f] : undefined}
            onClick={() => setParams(f === 'all' ? new URLSearchParams() : new URLSearchParams({ status: f }), { replace: true })}
          >
            {title(f)} <span className="oy-rec-chip__n">{countOf(f)}</span>
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState text={filter === 'open' ? 'Все расхождения решены' : 'Таких строк нет'} />
      ) : (
        <ul className="oy-rec-lines" aria-label="Строки выписки">
          {shown.map((l) => (
            <LineItem key={l.id} line={l} onDecide={(action) => setDeciding({ line: l, action })} />
          ))}
        </ul>
      )}
      <DecisionDialog
        deciding={deciding}
        onClose={() => setDeciding(null)}
        onDone={(data, message) => {
          page.update(() => data);
          setDeciding(null);
          notifySaved(message);
        }}
      />
    </PageFrame>
  );
}

function LineItem({ line: l, onDecide }: { line: ReconLine; onDecide(a: ReconAction): void }) {
  const policy = l.contract?.policyNumber ?? l.policyNumber ?? 'Без номера';
  const client = l.contract?.clientName ?? l.clientName;
  return (
    <li className={`oy-rec-line oy-rec-line--${l.status}`} aria-label={`Строка ${policy}`}>
      <div className="oy-rec-line__who">
        <strong>{policy}</strong>
        <span className="oy-fin-muted">
          {client ?? 'Страхователь не указан'}
          {l.contract?.startDate ? ` · с ${formatDate(l.contract.startDate)}` : ''}
          {l.row !== null ? ` · строка ${l.row}` : ' · нет в файле'}
          {l.matchedBy === 'client' ? ' · найден по страхователю и премии' : ''}
        </span>
      </div>
      <span className={`oy-rec-status oy-rec-status--${l.status}`}>{l.statusTitle}</span>
      <dl className="oy-rec-line__money">
        <div>
          <dt>Премия</dt>
          <dd>{money(l.premiumKopecks ?? l.contract?.premiumKopecks ?? null)}</dd>
        </div>
        <div>
          <dt>Ставка: страховщик / наша</dt>
          <dd>
            {rate(l.rateBp)} / {rate(l.expectedRateBp)}
          </dd>
        </div>
        <div>
          <dt>КВ по выписке</dt>
          <dd>{money(l.amountKopecks)}</dd>
        </div>
        <div>
          <dt>Ожидали</dt>
          <dd>{money(l.expectedKopecks)}</dd>
        </div>
        <div>
          <dt>Разница</dt>
          <dd className={l.differenceKopecks < 0 ? 'oy-rec-neg' : undefined}>{l.status === 'matched' ? '—' : formatMoney(l.differenceKopecks)}</dd>
        </div>
      </dl>
      <div className="oy-rec-line__decision">
        {l.resolution ? (
          <p className="oy-rec-line__resolved">
            <strong>{l.resolutionTitle}</strong>
            {l.adjustmentKopecks !== null ? ` · корректировка ${formatMoney(l.adjustmentKopecks)}` : ''} · {l.resolvedBy}, {formatMoscowDateTime(l.resolvedAt)}
            {l.note ? <span className="oy-rec-line__note">«{l.note}»</span> : null}
          </p>
        ) : null}
        {isOpen(l) ? (
          <div className="oy-rec-line__actions">
            <Button size="small" type="primary" onClick={() => onDecide('accept')}>
              {RECON_ACTION_TITLES.accept}
            </Button>
            {l.resolution !== 'dispute' ? (
              <Button size="small" onClick={() => onDecide('dispute')}>
                {RECON_ACTION_TITLES.dispute}
              </Button>
            ) : null}
            <Button size="small" onClick={() => onDecide('ignore')}>
              {RECON_ACTION_TITLES.ignore}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function DecisionDialog({ deciding, onClose, onDone }: { deciding: { line: ReconLine; action: ReconAction } | null; onClose(): void; onDone(data: ReconStatementPage, message: string): void }) {
  const [note, setNote] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    setNote('');
    setError(null);
    setBusy(false);
  }, [deciding]);
  if (!deciding) return null;
  const { line, action } = deciding;
  const texts = ACTION_TEXTS[action];
  const submit = async () => {
    if (texts.required && note.trim().length < RECON_NOTE_LIMITS.min) return setError(`${texts.label}: от ${RECON_NOTE_LIMITS.min} до ${RECON_NOTE_LIMITS.max} символов`);
    setBusy(true);
    try {
      const data = await resolveLine(line.id, action, note);
      onDone(data, `Строка ${line.contract?.policyNumber ?? line.policyNumber ?? ''}: ${RECON_ACTION_TITLES[action].toLowerCase()} — готово`);
    } catch (e) {
      setError(saveProblem(e).message);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog open title={`${RECON_ACTION_TITLES[action]}: ${line.contract?.policyNumber ?? line.policyNumber ?? 'строка без номера'}`} okText={RECON_ACTION_TITLES[action]} loading={busy} onOk={() => void submit()} onCancel={onClose}>
      <form
        className="oy-fin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p className="oy-fin-muted">{texts.hint(line)}</p>
        <Field label={texts.label} htmlFor="recon-note" required={texts.required} error={error}>
          <textarea id="recon-note" className="oy-rec-textarea" rows={3} maxLength={RECON_NOTE_LIMITS.max} value={note} autoFocus onChange={(e) => (setNote(e.target.value), setError(null))} />
        </Field>
      </form>
    </ConfirmDialog>
  );
}
