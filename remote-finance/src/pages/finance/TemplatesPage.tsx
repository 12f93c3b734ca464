import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { CONTRACT_PRODUCTS, CONTRACT_PRODUCT_TITLES } from '@oyster/shared-kit/domain';
import { Modal } from '@oyster/shared-kit/ui';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, PageFrame } from '@oyster/shared-kit/ui/screens';
import { listTemplates } from '../../api/rates';
import { AgentFilter } from '../../components/AgentFilter';
import { AgentPicker } from '../../components/AgentPicker';
import { InsurerSelect } from '../../components/InsurerSelect';
import { TemplateList } from '../../components/TemplateList';
import { useFilteredList } from '../../components/useFilteredList';
import { FINANCE_BACK, paths, TEMPLATES_TITLE } from '../../paths';
import './finance.css';

/** The URL's filters, the api's names. */
const FILTERS = ['agent', 'company', 'product'] as const;
const NO_TEMPLATES_TEXT = 'Персональных шаблонов нет';

/**
 * «Персональные шаблоны КВ» (`/app/finance/templates`; finance staff, canManageCommissionRates): every
 * agent's own rates, newest first, filtered through the URL by agent, insurer and product; «Новый шаблон»
 * asks whose and opens `add_template/{agentId}`; a row opens the template.
 */
export default function TemplatesPage() {
  const navigate = useNavigate();
  const [picking, setPicking] = React.useState(false);
  const { filters, list, setFilter, reset, narrowed } = useFilteredList(FILTERS, listTemplates);

  return (
    <PageFrame
      title={TEMPLATES_TITLE}
      back={FINANCE_BACK}
      extra={
        <Button type="primary" onClick={() => setPicking(true)}>
          Новый шаблон
        </Button>
      }
    >
      <div className="oy-fin-filters" role="search">
        <AgentFilter className="oy-fin-filters__agent" value={filters.agent} onChange={(id) => setFilter('agent', id)} />
        <InsurerSelect className="oy-fin-select" value={filters.company} onChange={(id) => setFilter('company', id)} />
        <select className="oy-fin-select" aria-label="Продукт" value={filters.product} onChange={(e) => setFilter('product', e.target.value)}>
          <option value="">Все продукты</option>
          {CONTRACT_PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {CONTRACT_PRODUCT_TITLES[p]}
            </option>
          ))}
        </select>
      </div>
      <Loaded
        load={list}
        loading={{ rows: 5 }}
        errorTitle="Не удалось загрузить шаблоны"
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState text={NO_TEMPLATES_TEXT}>
            {narrowed ? <Button onClick={reset}>Сбросить фильтры</Button> : null}
          </EmptyState>
        }
      >
        {(items) => <TemplateList items={items} showAgent label="Шаблоны" />}
      </Loaded>
      <Modal open={picking} title="Новый шаблон" footer={null} destroyOnHidden onCancel={() => setPicking(false)}>
        <p className="oy-fin-muted">Найдите агента — откроется форма его персонального шаблона.</p>
        <AgentPicker label="Агент нового шаблона" onPick={(a) => navigate(paths.addTemplate(a._id))} />
      </Modal>
    </PageFrame>
  );
}
