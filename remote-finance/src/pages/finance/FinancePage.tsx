import * as React from 'react';
import { Link } from 'react-router-dom';
import { sectionOf } from '@oyster/shared-kit/domain';
import { PageFrame, useAccess } from '@oyster/shared-kit/ui/screens';
import { sectionHeading } from '@oyster/shared-kit/ui/sections';
import { paths, PAYOUTS_TITLE, RECONCILIATION_TITLE, REGISTERS_TITLE, SEGMENTS_TITLE, TEMPLATES_TITLE } from '../../paths';
import './finance.css';

/** What the others who see Финансы (supervisors who see every agent) read instead of the links. */
export const FINANCE_STAFF_ONLY_TEXT = 'Выплаты, реестры, сверки со страховщиками и ставки КВ ведут администраторы и финансовые контролёры.';

/**
 * «Финансы» (`/app/finance`; admins, finance controllers, supervisors who see every agent): where its parts
 * are — payouts to agents (with their acts), payout registers, reconciliation with insurers, the commission
 * segmenter and personal templates, for those who set rates (canManageCommissionRates).
 */
export default function FinancePage() {
  const a = useAccess();
  const links = a.canManageCommissionRates
    ? [
        { to: paths.payouts(), title: PAYOUTS_TITLE, text: 'Выплаты за закончившийся месяц по формам агентов: расчёт, НДФЛ, чеки самозанятых, акты.' },
        { to: paths.registers(), title: REGISTERS_TITLE, text: 'Реестры выплат для банка: сбор, утверждение вторым сотрудником, выгрузка 1С и XLSX, отметка об оплате.' },
        { to: paths.segments(), title: SEGMENTS_TITLE, text: 'Группы агентов со своими ставками КВ: состав и версии ставок по страховщикам и продуктам.' },
        { to: paths.templates(), title: TEMPLATES_TITLE, text: 'Собственные ставки отдельных агентов на страховщика и продукт, со сроком действия.' },
        { to: paths.reconciliation(), title: RECONCILIATION_TITLE, text: 'Выписки страховщиков, сверенные с договорами: расхождения, решения по ним и маржа брокера.' },
      ]
    : [];
  return (
    <PageFrame title={sectionHeading(sectionOf('finance')!)} section="finance">
      {links.length ? (
        <ul className="oy-fin-cards" aria-label="Разделы финансов">
          {links.map((l) => (
            <li key={l.to} className="oy-fin-card">
              <Link className="oy-fin-card__title" to={l.to}>
                {l.title}
              </Link>
              <p className="oy-fin-card__line oy-fin-muted">{l.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {links.length ? null : <p className="oy-fin-muted oy-fin-lead">{FINANCE_STAFF_ONLY_TEXT}</p>}
    </PageFrame>
  );
}
