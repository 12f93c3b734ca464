import * as React from 'react';
import type { CampaignDetails, CampaignSummary } from '@oyster/shared-kit/domain';

type Props = { label?: string } & ({ campaign: CampaignSummary; byButton?: false } | { campaign: CampaignDetails; byButton: true });

/**
 * A sent campaign's figures: how many got it and saw it, then how many pressed a button (the list) or,
 * `byButton`, how many pressed each of its buttons and how many closed it (the campaign's page).
 */
export function CampaignFigures(props: Props) {
  const c = props.campaign;
  return (
    <dl className="oy-campaigns__figures" aria-label={props.label}>
      <div>
        <dt>Получили</dt>
        <dd>{c.recipients}</dd>
      </div>
      <div>
        <dt>Увидели</dt>
        <dd>{c.shown}</dd>
      </div>
      {props.byButton ? (
        <>
          {props.campaign.actions.map((a, i) => (
            <div key={i}>
              <dt>«{a.text}»</dt>
              <dd>{props.campaign.reactions[(i + 1) as 1 | 2 | 3]}</dd>
            </div>
          ))}
          <div>
            <dt>Закрыли</dt>
            <dd>{props.campaign.reactions.closed}</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>Нажали кнопку</dt>
          <dd>{c.reacted}</dd>
        </div>
      )}
    </dl>
  );
}
