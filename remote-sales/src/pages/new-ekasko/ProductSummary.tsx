import '../new-ekasko/kasko.css';
import * as React from 'react';
import { INSTALMENT_STATE_TITLES, formatDate, formatMoney, instalmentTitle, type ContractDetails, type ContractInstalment, type SummaryBlock } from '@oyster/shared-kit/domain';

type WithRails = ContractDetails & { summary?: SummaryBlock[]; instalments?: ContractInstalment[] };

/**
 * What a contract of a product on the rails shows beyond the e-OSAGO page (until the rails' product-neutral
 * contract page lands): its summary blocks and its payment schedule, each instalment with its state and link.
 */
export function ProductSummary({ contract }: { contract: ContractDetails }) {
  const c = contract as WithRails;
  const schedule = c.instalments ?? [];
  return (
    <>
      {schedule.length > 1 ? (
        <section className="oy-contract__block" aria-label="График платежей">
          <h2>График платежей</h2>
          <table className="oy-kasko-schedule">
            <tbody>
              {schedule.map((i) => (
                <tr key={`${i.purpose}-${i.number}`}>
                  <td>{instalmentTitle(i)}</td>
                  <td>до {formatDate(i.dueDate)}</td>
                  <td>{formatMoney(i.amount)}</td>
                  <td>{i.overdue ? INSTALMENT_STATE_TITLES.overdue : INSTALMENT_STATE_TITLES[i.state]}{i.paidAt ? ` ${formatDate(i.paidAt.slice(0, 10))}` : ''}</td>
                  <td>{i.paymentUrl && i.state === 'waiting' ? <a href={i.paymentUrl} target="_blank" rel="noopener noreferrer">Ссылка на оплату</a> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {(c.summary ?? []).map((b, k) => (
        <section key={k} className="oy-contract__block" aria-label={b.title || 'Сводка'}>
          {b.title ? <h2>{b.title}</h2> : null}
          <dl className="oy-kasko-summary">
            {b.rows.map((r, j) => (
              <div key={j}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
          {b.lines?.length ? <ul>{b.lines.map((l) => <li key={l}>{l}</li>)}</ul> : null}
        </section>
      ))}
    </>
  );
}
