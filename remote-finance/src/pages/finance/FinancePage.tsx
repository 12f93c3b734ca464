import * as React from 'react';
import { Link } from 'react-router-dom';
import { sectionOf } from '@oyster/shared-kit/domain';
import { PageFrame, useAccess } from '@oyster/shared-kit/ui/screens';
import { sectionHeading } from '@oyster/shared-kit/ui/sections';
import { paths, RECONCILIATION_TITLE, SEGMENTS_TITLE, TEMPLATES_TITLE } from '../../paths';
import './finance.css';

/** The parts of Финансы (spec §2) still to come: each stays «Раздел готовится» under `/app/finance/<tab>`. */
const COMING_TEXT = 'Реестры выплат и акты — раздел готовится.';

/**
 * «Финансы» (`/app/finance`; admins, finance controllers, supervisors who see every agent): where its parts
 * are. The commission segmenter, personal templates and reconciliation with insurers are for those who set rates
 * (canManageCommissionRates); payout registers and acts are coming.
 */
export default function FinancePage() {
  const a = useAccess();
  const links = a.canManageCommissionRates
    ? [
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
      <p className="oy-fin-muted oy-fin-lead">{COMING_TEXT}</p>
    </PageFrame>
  );
}
