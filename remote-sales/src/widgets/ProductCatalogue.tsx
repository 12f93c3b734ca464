import * as React from 'react';
import { Link } from 'react-router-dom';
import {
  COMPANY_CATALOGUE,
  companyProductItems,
  companyProductLink,
  HOME_TABS,
  INDIVIDUAL_CATALOGUE,
  type IndividualProduct,
  type SaleChannel,
} from '@oyster/shared-kit/domain/platform';
import { SectionTitle, TabSwitch } from '@oyster/shared-kit/ui/parts';
import { useAccess } from '@oyster/shared-kit/ui/screens/widgets';
import './catalogue.css';

function ChannelLink({ label, channel, showCommission }: { label: string; channel: SaleChannel; showCommission: boolean }) {
  return (
    <Link to={channel.link} className="oy-channel">
      <span className="oy-channel__label">{label} →</span>
      <span className="oy-channel__meta">{showCommission ? `${channel.commission} · ${channel.time}` : channel.time}</span>
    </Link>
  );
}

function ProductCard({ product, showCommission }: { product: IndividualProduct; showCommission: boolean }) {
  return (
    <article className="oy-product" aria-label={product.title}>
      <h4 className="oy-product__title">{product.title}</h4>
      <p className="oy-product__text">{product.description}</p>
      <div className="oy-product__links">
        {product.online ? <ChannelLink label="Онлайн" channel={product.online} showCommission={showCommission} /> : null}
        <ChannelLink label="Запрос" channel={product.broker} showCommission={showCommission} />
      </div>
    </article>
  );
}

function IndividualsTab({ showCommission }: { showCommission: boolean }) {
  return (
    <div className="oy-grid oy-grid--5">
      {INDIVIDUAL_CATALOGUE.map((group) => (
        <section key={group.key} className="oy-group" aria-label={group.title}>
          <h3 className="oy-group__title">{group.title}</h3>
          {group.products.map((p) => (
            <ProductCard key={p.code} product={p} showCommission={showCommission} />
          ))}
        </section>
      ))}
    </div>
  );
}

function CompaniesTab({ showCommission }: { showCommission: boolean }) {
  return (
    <div className="oy-grid oy-grid--4">
      {COMPANY_CATALOGUE.map((group) => (
        <section key={group.title} className="oy-group oy-group--card" aria-label={group.title}>
          <h3 className="oy-group__title">{group.title}</h3>
          <ul className="oy-company-list">
            {group.products.map((p) => {
              const [bonus, percent, hours] = companyProductItems(p);
              return (
                <li key={p.code}>
                  <Link to={companyProductLink(p)} className="oy-company">
                    <span className="oy-company__title">{p.title}</span>
                    <span className="oy-company__meta">
                      <span className="oy-chip oy-chip--accent">{bonus}</span>
                      {showCommission ? <span className="oy-chip">{percent}</span> : null}
                      <span className="oy-chip">{hours}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * remote_sales/ProductCatalogue — home's «Продукты» (spec §2, §9): individuals' products by group,
 * each with its «Онлайн» and «Запрос» channels; companies' broker products with '+10 за полис', the
 * percent and the hours. The same shared-kit catalogue as the showcase; commission hidden from
 * sub-agents (§6, `canSeeCommissionInTooltips`), the times still shown.
 */
export default function ProductCatalogue() {
  const showCommission = useAccess().canSeeCommissionInTooltips;
  const [tab, setTab] = React.useState<'individuals' | 'companies'>('individuals');
  return (
    <section className="oy-catalogue" aria-label="Продукты">
      <SectionTitle level={2}>Продукты</SectionTitle>
      <TabSwitch
        label="Каталог продуктов"
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'individuals', label: HOME_TABS.individuals, children: <IndividualsTab showCommission={showCommission} /> },
          { key: 'companies', label: HOME_TABS.companies, children: <CompaniesTab showCommission={showCommission} /> },
        ]}
      />
    </section>
  );
}
