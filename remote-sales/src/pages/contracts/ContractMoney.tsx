import * as React from 'react';
import { formatMoney, formatMoscowDateTime, ledgerRateText, type ContractMoney as Money } from '@oyster/shared-kit/domain';

/**
 * A contract's money as finance staff see it (the api sends it only to them): what the ledger accrued or
 * reversed for whom and at which rate — «нет ставки» where no rate was in force — and the payments that
 * came for the contract but were not applied, which must be returned to the client.
 */
export function ContractMoney({ money }: { money: Money }) {
  return (
    <section className="oy-contract__block" aria-label="Деньги по договору">
      <h2>Деньги по договору</h2>
      <h3>Комиссия</h3>
      {money.lines.length === 0 ? (
        <p className="oy-contract__muted">Начислений нет: договор не оплачен.</p>
      ) : (
        <ul className="oy-contract__money" aria-label="Начисления КВ">
          {money.lines.map((l, i) => (
            <li key={i}>
              <span className="oy-money__what">
                <strong>{l.kindTitle}</strong> — {l.agent.fio}
              </span>
              <span className={`oy-money__how ${l.rateBp === null ? 'oy-contract__no-rate' : 'oy-contract__muted'}`}>
                <span>{ledgerRateText(l.rateBp, l.baseKopecks)}</span>
                {l.rateReason ? <span className="oy-money__reason">{l.rateReason}</span> : null}
              </span>
              <span className="oy-money__amount">{formatMoney(l.amountKopecks)}</span>
              <span className="oy-money__when oy-contract__muted">{formatMoscowDateTime(l.at)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Вернуть клиенту</h3>
      {money.refundDue.length === 0 ? (
        <p className="oy-contract__muted">Платежей к возврату нет.</p>
      ) : (
        <ul className="oy-contract__money" aria-label="Платежи к возврату">
          {money.refundDue.map((p) => (
            <li key={p.id}>
              <span className="oy-money__what">
                <strong>{p.reasonTitle}</strong>
                <span className="oy-contract__muted"> · платёж {p.paymentId}</span>
              </span>
              <span className="oy-money__how oy-contract__muted">{p.paidAt ? `оплачен ${formatMoscowDateTime(p.paidAt)}` : 'время оплаты не указано'}</span>
              <span className="oy-money__amount">{formatMoney(p.amountKopecks)}</span>
              <span className="oy-money__when oy-contract__muted">получен {formatMoscowDateTime(p.recordedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
