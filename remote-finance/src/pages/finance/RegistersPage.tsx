import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney, moscowParts, registerTitle, type LedgerPeriod, type RegisterRow } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, PageFrame, countText, errorText, notifySaved, useLoad } from '@oyster/shared-kit/ui/screens';
import { ledgerPeriods } from '../../api/ledger';
import { buildRegister, registers } from '../../api/payouts';
import { finishedPeriods, usePayoutLive } from '../../components/payouts';
import { FINANCE_BACK, paths, REGISTERS_TITLE } from '../../paths';
import '../../components/payouts.css';

export const NO_REGISTERS_TEXT = 'Реестров пока нет';

/**
 * «Реестры выплат» (`/app/finance/registers`, finance staff): every register — its title, status, total, lines and
 * paid lines, who built and who approved it — and «Собрать реестр» from a finished month's payouts «К выплате»
 * not yet in a register (then its page opens). Live on payout_changed.
 */
export default function RegistersPage() {
  const list = useLoad((signal) => registers(signal), [], { keepPrevious: true });
  const periods = useLoad(() => ledgerPeriods(), []);
  usePayoutLive(list.reload);
  return (
    <PageFrame title={REGISTERS_TITLE} back={FINANCE_BACK}>
      <Loaded load={periods} loading={{ rows: 1 }} errorTitle="Не удалось загрузить периоды" compact>
        {(p) => <Build periods={finishedPeriods(p)} />}
      </Loaded>
      <Loaded load={list} loading={{ rows: 5 }} errorTitle="Не удалось загрузить реестры" isEmpty={(l) => !l.length} empty={<EmptyState text={NO_REGISTERS_TEXT} />}>
        {(rows) => <Registers rows={rows} />}
      </Loaded>
    </PageFrame>
  );
}

/** «Собрать реестр»: a period, then the register's page. */
function Build({ periods }: { periods: LedgerPeriod[] }) {
  const navigate = useNavigate();
  const [period, setPeriod] = React.useState(periods[0]?.value ?? '');
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const build = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await buildRegister(period);
      notifySaved(`${registerTitle(r.number, r.period)} собран`);
      navigate(paths.register(r.id));
    } catch (e) {
      setProblem(errorText(e));
      setBusy(false);
    }
  };
  return (
    <section className="oy-pay-panel" aria-label="Новый реестр">
      <div className="oy-pay-panel__row">
        <select
          aria-label="Период реестра"
          className="oy-pay-select"
          value={period}
          onChange={(e) => {
            setPeriod(e.target.value);
            setProblem(null);
          }}
        >
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.title}
            </option>
          ))}
        </select>
        <Button type="primary" loading={busy} disabled={!period} onClick={() => void build()}>
          Собрать реестр
        </Button>
        <span className="oy-pay-muted">Из выплат периода «К выплате», ещё не вошедших в реестр.</span>
      </div>
      {problem ? (
        <p className="oy-pay-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function Registers({ rows }: { rows: RegisterRow[] }) {
  return (
    <div className="oy-pay-table">
      <div className="oy-pay-head oy-reg-row" aria-hidden="true">
        <span className="oy-reg-title">Реестр</span>
        <span className="oy-reg-status">Статус</span>
        <span className="oy-pay-num oy-reg-total">Сумма</span>
        <span className="oy-reg-lines">Выплаты</span>
        <span className="oy-reg-built">Сформировал</span>
        <span className="oy-reg-approved">Утвердил</span>
      </div>
      <ul className="oy-pay-list" aria-label="Реестры">
        {rows.map((r) => (
          <li key={r.id} className="oy-reg-row">
            <span className="oy-reg-title">
              <Link to={paths.register(r.id)}>{registerTitle(r.number, r.period)}</Link>
            </span>
            <span className="oy-reg-status">
              <span className={`oy-pay-badge oy-pay-badge--${r.status}`}>{r.statusTitle}</span>
            </span>
            <span className="oy-pay-num oy-reg-total">{formatMoney(r.totalKopecks)}</span>
            <span className="oy-reg-lines">
              {countText(r.lines, ['выплата', 'выплаты', 'выплат'])}, оплачено {r.paidLines}
            </span>
            <span className="oy-reg-by oy-reg-built" data-label="Сформировал">
              {r.builtBy.fio}
              <span className="oy-pay-muted">{moscowParts(r.createdAt).date}</span>
            </span>
            <span className="oy-reg-by oy-reg-approved" data-label="Утвердил">
              {r.approvedBy ? (
                <>
                  {r.approvedBy.fio}
                  {r.approvedAt ? <span className="oy-pay-muted">{moscowParts(r.approvedAt).date}</span> : null}
                </>
              ) : (
                <span className="oy-pay-muted">—</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
