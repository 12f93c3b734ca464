import * as React from 'react';
import { Link } from 'react-router-dom';
import { COMPANY_CATALOGUE, INDIVIDUAL_CATALOGUE, companyProductItems, sectionOf } from '@oyster/shared-kit/domain';
import { PageFrame, useAccess } from '@oyster/shared-kit/ui/screens';
import './new-request.css';

/**
 * «Новый брокерский запрос» (`/app/new-request-broker`): every product a request is sent for — the
 * individuals' «Запрос» channel of each product with its commission and time (no commission for
 * sub-agents, §6) and the legal-entity catalogue of §9 with '+10 за полис', 'до N%', 'до N р.ч.'.
 */
export default function ProductPickerPage() {
  const showCommission = useAccess().canSeeCommissionInTooltips;
  return (
    <PageFrame title={sectionOf('/new-request-broker')?.heading ?? 'Новый брокерский запрос'} section="new-request-broker">
      <p className="oy-newreq__lead">Выберите продукт: исполнитель брокера рассчитает его у страховщиков и пришлёт предложения. Срок ответа — в рабочих часах (пн–пт, 9–18 МСК).</p>
      <section aria-label="Физическим лицам и ИП" className="oy-newreq__section">
        <h2>Физическим лицам и ИП</h2>
        <div className="oy-newreq__groups">
          {INDIVIDUAL_CATALOGUE.map((g) => (
            <div key={g.key} className="oy-newreq__group">
              <h3>{g.title}</h3>
              <ul>
                {g.products.map((p) => (
                  <li key={p.code}>
                    <Link to={`/new-request-broker/${p.code}`} className="oy-newreq__product">
                      <span className="oy-newreq__title">{p.title}</span>
                      <span className="oy-newreq__meta">{showCommission ? `${p.broker.commission} · ${p.broker.time}` : p.broker.time}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <section aria-label="Юридическим лицам" className="oy-newreq__section">
        <h2>Юридическим лицам</h2>
        <div className="oy-newreq__groups">
          {COMPANY_CATALOGUE.map((g) => (
            <div key={g.title} className="oy-newreq__group">
              <h3>{g.title}</h3>
              <ul>
                {g.products.map((p) => {
                  const [bonus, percent, hours] = companyProductItems(p);
                  return (
                    <li key={p.code}>
                      <Link to={`/new-request-broker/${p.code}`} className="oy-newreq__product">
                        <span className="oy-newreq__title">{p.title}</span>
                        <span className="oy-newreq__chips">
                          <span className="oy-newreq__chip oy-newreq__chip--accent">{bonus}</span>
                          {showCommission ? <span className="oy-newreq__chip">{percent}</span> : null}
                          <span className="oy-newreq__chip">{hours}</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </PageFrame>
  );
}
