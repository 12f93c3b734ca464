import * as React from 'react';
import { Link } from 'react-router-dom';
import { formatDate, moscowParts, type CommissionTemplate } from '@oyster/shared-kit/domain';
import { paths } from '../paths';
import { rateText, standingOf, STANDING_TITLES, validityText } from './rates';

/** Who made a template and when: «Петрова Анна, 27.11.2026». */
export function madeByText(t: CommissionTemplate): string {
  const day = moscowParts(t.createdAt).date;
  return t.createdBy ? `${t.createdBy.fio}, ${day}` : day;
}

/**
 * Personal templates as rows (newest first, as the api sends them): whose (unless the list is one
 * agent's), the insurer and product, the rate, its days («бессрочно» when open-ended), where it stands
 * today, who made it; each row opens the template (`/edit_template/{id}`).
 */
export function TemplateList({ items, showAgent, label }: { items: CommissionTemplate[]; showAgent: boolean; label: string }) {
  return (
    <div className="oy-fin-table">
      <div className="oy-fin-tpl oy-fin-table__head" aria-hidden="true">
        <span>{showAgent ? 'Агент' : 'Шаблон'}</span>
        <span>Страховщик и продукт</span>
        <span>Ставка</span>
        <span>Срок действия</span>
        <span>Создал</span>
      </div>
      <ul className="oy-fin-table__list" aria-label={label}>
        {items.map((t) => {
          const standing = standingOf(t.validFrom, t.validTo);
          return (
            <li key={t.id} className={`oy-fin-tpl oy-fin-tpl--${standing}`}>
              <span className="oy-fin-tpl__who">
                <Link to={paths.template(t.id)}>{showAgent ? t.agent.fio : `Шаблон от ${formatDate(t.validFrom)}`}</Link>
                <span className="oy-fin-muted">{STANDING_TITLES[standing]}</span>
              </span>
              <span className="oy-fin-tpl__what">
                {t.companyName} · {t.productName}
              </span>
              <span className="oy-fin-tpl__rate">{rateText(t.rateBp)}</span>
              <span className="oy-fin-tpl__when">{validityText(t.validFrom, t.validTo)}</span>
              <span className="oy-fin-tpl__by oy-fin-muted">{madeByText(t)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
