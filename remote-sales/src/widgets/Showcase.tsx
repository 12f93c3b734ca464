import * as React from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  COMPANY_QUICK_LINKS,
  HOME_TABS,
  INDIVIDUAL_CATALOGUE,
  INDIVIDUAL_QUICK_LINKS,
  NEW_POLICY_BUTTON,
  access,
  type IndividualProduct,
  type QuickLink,
} from '@oyster/shared-kit/domain/platform';
import { Modal, TabSwitch, Tooltip } from '@oyster/shared-kit/ui';
import { useSessionUser } from '@oyster/shared-kit/ui/screens';
import './showcase.css';

function ProductTip({ product, showCommission }: { product: IndividualProduct; showCommission: boolean }) {
  const channel = (label: string, c: NonNullable<IndividualProduct['online']>) => (
    <Link to={c.link} className="oy-showcase__channel">
      <span>{label} →</span>
      <span className="oy-showcase__channel-meta">{showCommission ? `${c.commission} · ${c.time}` : c.time}</span>
    </Link>
  );
  return (
    <div className="oy-showcase__tip">
      <strong>{product.title}</strong>
      <span>{product.description}</span>
      {product.online ? channel('Онлайн', product.online) : null}
      {channel('Запрос', product.broker)}
    </div>
  );
}

function QuickCard({ card, showCommission }: { card: QuickLink; showCommission: boolean }) {
  const guides = [
    card.howto ? { href: card.howto, text: 'Как оформить (PDF)' } : null,
    card.sell ? { href: card.sell, text: 'Как продать (PDF)' } : null,
    card.urlVideo ? { href: card.urlVideo, text: 'Видео' } : null,
  ].filter((g): g is { href: string; text: string } => g !== null);
  return (
    <div className={`oy-showcase__card${card.tip ? ' oy-showcase__card--accent' : ''}`}>
      <Link to={card.link} className="oy-showcase__card-link" aria-label={card.title}>
        <span className="oy-showcase__card-title">{card.title}</span>
        {showCommission ? <span className="oy-showcase__card-meta">{card.commission}</span> : null}
        {card.tip ? <span className="oy-showcase__card-tip">{card.tip}</span> : null}
      </Link>
      {guides.length ? (
        <span className="oy-showcase__guides">
          {guides.map((g) => (
            // Opened beside the showcase: the agent reads it without losing the product chosen.
            <a key={g.text} href={g.href} target="_blank" rel="noopener noreferrer" aria-label={`${card.title}: ${g.text}`}>
              {g.text}
            </a>
          ))}
        </span>
      ) : null}
    </div>
  );
}

function QuickCards({ cards, showCommission, three }: { cards: readonly QuickLink[]; showCommission: boolean; three?: boolean }) {
  return (
    <div className={`oy-showcase__cards${three ? ' oy-showcase__cards--three' : ''}`} aria-label="Быстрые ссылки" role="list">
      {cards.map((c) => (
        <div role="listitem" key={c.code}>
          <QuickCard card={c} showCommission={showCommission} />
        </div>
      ))}
    </div>
  );
}

/**
 * The product showcase «Новый полис» (spec §2): 900px, no padding, tabs for individuals and companies;
 * individuals: the product groups, each product's tip on hover (description, «Онлайн» and «Запрос» with
 * commission and time — commission hidden for sub-agents, §6) and the quick-link cards; companies: three
 * broker quick-link cards. Closes on any route change (choosing a product is one).
 */
export default function Showcase({ onClose }: { onClose: () => void }) {
  const user = useSessionUser();
  const showCommission = !!user && access(user).canSeeCommissionInTooltips;
  const [tab, setTab] = React.useState<'individuals' | 'companies'>('individuals');
  const { pathname } = useLocation();
  const openedAt = React.useRef(pathname);
  React.useEffect(() => {
    if (pathname !== openedAt.current) onClose();
  }, [pathname, onClose]);

  // §2: one product's tip at a time (hovering or tapping another moves it there); a click outside the
  // tip and its product hides it.
  const [tipOf, setTipOf] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!tipOf) return undefined;
    const outside = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target?.closest?.('.oy-showcase__tip, .oy-showcase__product')) setTipOf(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [tipOf]);

  return (
    <Modal open onCancel={onClose} footer={null} width={900} title={NEW_POLICY_BUTTON} styles={{ body: { padding: 0 } }} destroyOnHidden>
      <div className="oy-showcase">
        <TabSwitch
          label="Витрина продуктов"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'individuals',
              label: HOME_TABS.individuals,
              children: (
                <>
                  <div className="oy-showcase__groups">
                    {INDIVIDUAL_CATALOGUE.map((g) => (
                      <section key={g.key} className="oy-showcase__group" aria-label={g.title}>
                        <h3>{g.title}</h3>
                        <ul>
                          {g.products.map((p) => (
                            <li key={p.code}>
                              <Tooltip
                                title={<ProductTip product={p} showCommission={showCommission} />}
                                placement="right"
                                color="#fff"
                                mouseLeaveDelay={0.2}
                                trigger={['hover', 'click']}
                                open={tipOf === p.code}
                                onOpenChange={(open) => setTipOf((current) => (open ? p.code : current === p.code ? null : current))}
                              >
                                <button type="button" className="oy-showcase__product">
                                  {p.title}
                                </button>
                              </Tooltip>
                            </li>
                          ))}
                        </ul>
                      </section>
                    ))}
                  </div>
                  <QuickCards cards={INDIVIDUAL_QUICK_LINKS} showCommission={showCommission} />
                </>
              ),
            },
            {
              key: 'companies',
              label: HOME_TABS.companies,
              children: (
                <QuickCards cards={COMPANY_QUICK_LINKS} showCommission={showCommission} three />
              ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
