import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { countText, EmptyState, Loaded, notifySaved, PageFrame, useLoad } from '@oyster/shared-kit/ui/screens';
import { createSegment, listSegments } from '../../api/rates';
import { NameDialog } from '../../components/NameDialog';
import { rateText } from '../../components/rates';
import { ratesInForce, VERSION_STANDING_TITLES } from '../../components/segmentRates';
import { FINANCE_BACK, paths, SEGMENTS_TITLE } from '../../paths';
import './finance.css';

/** How many members a card names before «и ещё N». */
const MEMBERS_SHOWN = 5;

/**
 * «Сегментатор КВ» (`/app/finance/segments`; finance staff): the segments — groups of agents with their own
 * rates, an agent in one segment at most — with their members and the rates in force or to come; «Новый
 * сегмент» names one and opens it; a segment opens on its own page (`/app/finance/segments/{id}`).
 */
export default function SegmentsPage() {
  const navigate = useNavigate();
  const list = useLoad((signal) => listSegments(signal), []);
  const [creating, setCreating] = React.useState(false);
  return (
    <PageFrame
      title={SEGMENTS_TITLE}
      back={FINANCE_BACK}
      extra={
        <Button type="primary" onClick={() => setCreating(true)}>
          Новый сегмент
        </Button>
      }
    >
      <p className="oy-fin-muted oy-fin-lead">Ставка сегмента применяется к продажам его агентов, если у агента нет персонального шаблона на этого страховщика и продукт.</p>
      <Loaded
        load={list}
        loading={{ rows: 3 }}
        errorTitle="Не удалось загрузить сегменты"
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState text="Сегментов пока нет" />}
      >
        {(segments) => (
          <ul className="oy-fin-cards" aria-label="Сегменты">
            {segments.map((s) => {
              const rates = ratesInForce(s.rates);
              const names = s.members.slice(0, MEMBERS_SHOWN).map((m) => m.fio);
              const more = s.members.length - names.length;
              return (
                <li key={s.id} className="oy-fin-card">
                  <Link className="oy-fin-card__title" to={paths.segment(s.id)}>
                    {s.name}
                  </Link>
                  <p className="oy-fin-card__line">
                    <strong>{countText(s.members.length, ['агент', 'агента', 'агентов'])}</strong>
                    {names.length ? `: ${names.join(', ')}${more > 0 ? ` и ещё ${more}` : ''}` : null}
                  </p>
                  {rates.length ? (
                    <ul className="oy-fin-card__rates" aria-label={`Ставки сегмента «${s.name}»`}>
                      {rates.map((r) => (
                        <li key={`${r.companyId}:${r.product}:${r.validFrom}`}>
                          {r.companyName} · {r.productName}: <strong>{rateText(r.rateBp)}</strong> с {formatDate(r.validFrom)}
                          {r.standing === 'future' ? <span className="oy-fin-muted"> ({VERSION_STANDING_TITLES.future.toLowerCase()})</span> : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="oy-fin-card__line oy-fin-muted">Ставок пока нет</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
      <NameDialog
        open={creating}
        title="Новый сегмент"
        okText="Создать"
        onClose={() => setCreating(false)}
        onSave={async (name) => {
          const created = await createSegment(name);
          notifySaved('Сегмент создан');
          navigate(paths.segment(created.id));
        }}
      />
    </PageFrame>
  );
}
