import * as React from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney, moscowParts, type PayoutRow } from '@oyster/shared-kit/domain';
import { actUrl } from '../api/payouts';
import { paths } from '../paths';

/** Finance's flag on an SZ agent whose year's payouts from us pass the self-employed limit. */
export const SZ_LIMIT_TEXT = 'Доход за год больше 2 400 000 ₽ — проверьте статус самозанятого';
export const ACT_LINK_TEXT = 'Скачать акт';

/**
 * Payouts as rows: the period (and whose, for those who see others), the legal form, начислено / удержан НДФЛ /
 * к выплате, the status with why it waits (SZ: in full) and the receipt once attached, the register and the paid
 * day, «Скачать акт»; `action` adds a row's own button («Прикрепить чек»). `finance`: the register links to its
 * page and the SZ-limit flag shows.
 */
export function PayoutTable({
  rows,
  showAgent,
  finance,
  action,
  label = 'Выплаты',
}: {
  rows: PayoutRow[];
  showAgent: boolean;
  finance: boolean;
  action?: (row: PayoutRow) => React.ReactNode;
  label?: string;
}) {
  return (
    <div className="oy-pay-table">
      <div className="oy-pay-head oy-pay-row" aria-hidden="true">
        <span className="oy-pay-who">{showAgent ? 'Агент · период' : 'Период'}</span>
        <span className="oy-pay-opf">Форма</span>
        <span className="oy-pay-num oy-pay-gross">Начислено</span>
        <span className="oy-pay-num oy-pay-tax">Удержан НДФЛ</span>
        <span className="oy-pay-num oy-pay-net">К выплате</span>
        <span className="oy-pay-status">Статус, реестр</span>
        <span className="oy-pay-actions" />
      </div>
      <ul className="oy-pay-list" aria-label={label}>
        {rows.map((row) => (
          <PayoutLine key={row.id} row={row} showAgent={showAgent} finance={finance} action={action?.(row)} />
        ))}
      </ul>
    </div>
  );
}

/** A payout's three figures — начислено, НДФЛ, к выплате — as the rows and the totals of every payout list show them. */
export function PayoutAmounts({ grossKopecks, taxKopecks, netKopecks }: { grossKopecks: number; taxKopecks: number; netKopecks: number }) {
  return (
    <>
      <span className="oy-pay-num oy-pay-gross" data-label="Начислено">
        {formatMoney(grossKopecks)}
      </span>
      <span className="oy-pay-num oy-pay-tax" data-label="НДФЛ">
        {formatMoney(taxKopecks)}
      </span>
      <span className="oy-pay-num oy-pay-net" data-label="К выплате">
        {formatMoney(netKopecks)}
      </span>
    </>
  );
}

function PayoutLine({ row, showAgent, finance, action }: { row: PayoutRow; showAgent: boolean; finance: boolean; action?: React.ReactNode }) {
  return (
    <li className="oy-pay-row" data-status={row.status}>
      <span className="oy-pay-who">
        {showAgent ? <strong>{row.agent.fio}</strong> : null}
        <span className={showAgent ? 'oy-pay-muted' : undefined}>{row.periodTitle}</span>
        <span className="oy-pay-muted oy-pay-act">
          Акт <span className="oy-pay-nowrap">{row.actNumber}</span>
        </span>
      </span>
      <span className="oy-pay-opf">
        {row.opfTitle}
        {(row.opf === 'IP' || row.opf === 'YL') && row.vatTitle ? <span className="oy-pay-muted">{row.vatTitle}</span> : null}
      </span>
      <PayoutAmounts grossKopecks={row.grossKopecks} taxKopecks={row.taxKopecks} netKopecks={row.netKopecks} />
      <span className="oy-pay-status">
        <span className={`oy-pay-badge oy-pay-badge--${row.status}`}>{row.statusTitle}</span>
        {row.waitingReason ? <span className="oy-pay-reason">{row.waitingReason}</span> : null}
        {row.receipt ? (
          <span className="oy-pay-muted">
            Чек № {row.receipt.number} от {formatDate(row.receipt.date)}
            {row.receipt.link ? (
              <>
                {' '}
                <a href={row.receipt.link} target="_blank" rel="noreferrer">
                  открыть
                </a>
              </>
            ) : null}
          </span>
        ) : null}
        {row.register || row.paidAt ? (
          <span className="oy-pay-register">
            {row.register ? finance ? <Link to={paths.register(row.register.id)}>Реестр № {row.register.number}</Link> : <span>Реестр № {row.register.number}</span> : null}
            {row.paidAt ? <span className="oy-pay-muted">Выплачено {moscowParts(row.paidAt).date}</span> : null}
          </span>
        ) : null}
        {finance && row.selfEmployedLimitExceeded ? (
          <span className="oy-pay-flag" role="note">
            {SZ_LIMIT_TEXT}
          </span>
        ) : null}
      </span>
      <span className="oy-pay-actions">
        <a href={actUrl(row.id)} download>
          {ACT_LINK_TEXT}
        </a>
        {action}
      </span>
    </li>
  );
}
