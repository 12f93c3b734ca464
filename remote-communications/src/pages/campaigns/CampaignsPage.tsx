import * as React from 'react';
import { Link } from 'react-router-dom';
import { CAMPAIGN_STATUS_TITLES, CAMPAIGN_TEXTS as T, formatMoscowDateTime, sectionOf } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, ErrorState, LoadingBlock, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { listCampaigns } from '../../api/campaigns';
import { CampaignFigures } from './CampaignFigures';
import './campaigns.css';

/**
 * «Рассылки» (`/app/campaigns`, issue 13): the popup campaigns, newest first — status, when sent or
 * due, how many got it, saw it and pressed a button; «Новая рассылка». Admins and copywriters.
 */
export default function CampaignsPage() {
  const { state, reload } = useLoad(() => listCampaigns(), []);
  return (
    <PageFrame
      title={sectionOf('/campaigns')?.heading ?? 'Рассылки'}
      section="campaigns"
      extra={
        <Link to="/campaigns/new">
          <Button type="primary">{T.create}</Button>
        </Link>
      }
    >
      {state.status === 'loading' ? <LoadingBlock rows={5} /> : null}
      {state.status === 'error' ? <ErrorState title="Не удалось загрузить рассылки" message={state.message} onRetry={reload} /> : null}
      {state.status === 'ready' && !state.data.length ? <EmptyState text={T.empty} /> : null}
      {state.status === 'ready' && state.data.length ? (
        <ul className="oy-campaigns__list" aria-label="Рассылки">
          {state.data.map((c) => (
            <li key={c._id} className="oy-campaigns__item" aria-label={c.title}>
              <div className="oy-campaigns__main">
                <Link to={`/campaigns/${c._id}`} className="oy-campaigns__title">
                  {c.title}
                </Link>
                <span className="oy-campaigns__muted">
                  <span className={`oy-campaigns__status oy-campaigns__status--${c.status}`}>{CAMPAIGN_STATUS_TITLES[c.status]}</span>
                  {c.status === 'sent' && c.sentAt ? ` ${formatMoscowDateTime(c.sentAt)}` : c.status === 'scheduled' && c.sendAt ? ` на ${formatMoscowDateTime(c.sendAt)} (МСК)` : ''} · {c.author}
                </span>
              </div>
              {c.status === 'sent' ? <CampaignFigures campaign={c} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </PageFrame>
  );
}
