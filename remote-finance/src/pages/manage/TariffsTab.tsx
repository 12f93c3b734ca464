import * as React from 'react';
import { PRODUCT_TITLES, TARIFF_PRODUCTS, type TariffMapping } from '@oyster/shared-kit/domain';
import { Modal } from '@oyster/shared-kit/ui';
import { Button, ConfirmDialog } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, notifySaved, PageFrame, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { createTariffMapping, deleteTariffMapping, listPartners, listTariffMappings, saveTariffMapping } from '../../api/partners';
import { saveProblem } from '../../api/rates';
import { moscowToday, standingOf, STANDING_TITLES, validityText } from '../../components/rates';
import { TariffForm } from '../../components/TariffForm';
import { useFilteredList } from '../../components/useFilteredList';
import { TARIFFS_TITLE } from '../../paths';
import '../finance/finance.css';
import '../../components/partners.css';

export const NO_MAPPINGS_TEXT = 'Маппингов тарифов нет';
const FILTERS = ['companyId', 'product'] as const;

/**
 * «Маппинг тарифов» (Управление, `/app/manage/tariffs`): each insurer's own tariff and product codes for our
 * products, with the days they are in force — by insurer, product, the latest period first, narrowed through
 * the URL (`companyId`, `product`). Administrators and finance controllers add, change and delete periods
 * (canManagePartners); the insurer's request for a quote carries the code in force on the quote's day.
 */
export default function TariffsTab() {
  const can = useAccess();
  const { filters, list, setFilter, reset, narrowed } = useFilteredList(FILTERS, listTariffMappings);
  const insurers = useLoad((signal) => listPartners('insurer', signal), []);
  /** The period being edited, or 'new'. */
  const [editing, setEditing] = React.useState<TariffMapping | 'new' | null>(null);
  const [removing, setRemoving] = React.useState<TariffMapping | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const insurerList = insurers.state.status === 'ready' ? insurers.state.data : [];

  const remove = async (m: TariffMapping) => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteTariffMapping(m._id);
      notifySaved('Период маппинга удалён');
      list.reload();
    } catch (e) {
      setProblem(saveProblem(e).message);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <PageFrame
      title={TARIFFS_TITLE}
      extra={
        can.canManagePartners ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            Добавить маппинг
          </Button>
        ) : null
      }
    >
      <div className="oy-fin-filters" role="search">
        <select className="oy-fin-select" aria-label="Страховщик" value={filters.companyId} onChange={(e) => setFilter('companyId', e.target.value)}>
          <option value="">Все страховщики</option>
          {insurerList.map((c) => (
            <option key={c._id} value={c._id}>
              {c.shortName}
            </option>
          ))}
        </select>
        <select className="oy-fin-select" aria-label="Продукт" value={filters.product} onChange={(e) => setFilter('product', e.target.value)}>
          <option value="">Все продукты</option>
          {TARIFF_PRODUCTS.map((p) => (
            <option key={p} value={p}>
              {PRODUCT_TITLES[p]}
            </option>
          ))}
        </select>
      </div>
      {problem ? (
        <p className="oy-fin-error" role="alert">
          {problem}
        </p>
      ) : null}
      <Loaded
        load={list}
        loading={{ rows: 6 }}
        errorTitle="Не удалось загрузить маппинг тарифов"
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState text={NO_MAPPINGS_TEXT}>
            {narrowed ? <Button onClick={reset}>Сбросить фильтры</Button> : null}
          </EmptyState>
        }
      >
        {(items) => (
          <div className="oy-fin-table">
            <div className="oy-tariff-row oy-fin-table__head" aria-hidden="true">
              <span>Страховщик</span>
              <span>Продукт</span>
              <span>Код тарифа</span>
              <span>Срок действия</span>
              <span />
            </div>
            <ul className="oy-fin-table__list" aria-label="Маппинг тарифов">
              {items.map((m) => {
                const standing = standingOf(m.validFrom, m.validTo, moscowToday());
                return (
                  <li key={m._id} className={`oy-tariff-row oy-tariff-row--${standing}`} aria-label={`${m.companyName}, ${PRODUCT_TITLES[m.product]}: ${m.tariffCode}`}>
                    <span>{m.companyName}</span>
                    <span>{PRODUCT_TITLES[m.product]}</span>
                    <span>
                      <span className="oy-tariff-code">{m.tariffCode}</span>
                      {m.insurerProductCode ? <div className="oy-fin-muted">продукт {m.insurerProductCode}</div> : null}
                    </span>
                    <span>
                      {validityText(m.validFrom, m.validTo)}
                      <div className="oy-fin-muted">{STANDING_TITLES[standing]}</div>
                    </span>
                    <span className="oy-tariff-actions">
                      {can.canManagePartners ? (
                        <>
                          <Button size="small" type="link" onClick={() => setEditing(m)}>
                            Изменить
                          </Button>
                          <Button size="small" type="link" danger onClick={() => setRemoving(m)}>
                            Удалить
                          </Button>
                        </>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </Loaded>
      <Modal open={editing !== null} title={editing === 'new' ? 'Новый маппинг тарифа' : 'Изменить маппинг тарифа'} footer={null} destroyOnHidden width={640} onCancel={() => setEditing(null)}>
        {editing !== null ? (
          <TariffForm
            insurers={insurerList}
            initial={editing === 'new' ? { companyId: filters.companyId || undefined, product: (filters.product || undefined) as TariffMapping['product'] | undefined, validFrom: moscowToday() } : editing}
            submitText="Сохранить"
            onCancel={() => setEditing(null)}
            onSave={async (v) => {
              if (editing === 'new') await createTariffMapping(v);
              else await saveTariffMapping(editing._id, v);
              notifySaved('Маппинг тарифа сохранён');
              setEditing(null);
              list.reload();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog open={removing !== null} title="Удалить период маппинга?" danger loading={busy} onOk={() => removing && void remove(removing)} onCancel={() => setRemoving(null)}>
        {removing ? `${removing.companyName}, ${PRODUCT_TITLES[removing.product]}: код ${removing.tariffCode}, ${validityText(removing.validFrom, removing.validTo)}.` : null}
      </ConfirmDialog>
    </PageFrame>
  );
}
