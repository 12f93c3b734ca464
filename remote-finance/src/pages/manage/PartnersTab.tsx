import * as React from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PARTNER_KIND_TITLES, PARTNER_KINDS, PRODUCT_TITLES, type PartnerKind } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/form';
import { EmptyState, Loaded, PageFrame, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { listPartners } from '../../api/partners';
import { paths, PARTNERS_TITLE } from '../../paths';
import '../finance/finance.css';
import '../../components/partners.css';

export const NO_PARTNERS_TEXT = 'Партнёров нет';

/**
 * «Партнёры» (Управление, `/app/manage/partners`): insurers first, then banks, agencies and the others,
 * narrowed by kind through the URL (`kind`); each line its name (opens `edit_partner/{id}`), kind, INN,
 * products and how many file types it accepts. «Добавить партнёра» (`add_partner/`) for those who may.
 */
export default function PartnersTab() {
  const [params, setParams] = useSearchParams();
  const can = useAccess();
  const kind = (PARTNER_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as PartnerKind) : undefined;
  const list = useLoad((signal) => listPartners(kind, signal), [kind], { keepPrevious: true });
  return (
    <PageFrame
      title={PARTNERS_TITLE}
      extra={
        can.canManagePartners ? (
          <Link to={paths.addPartner()}>
            <Button type="primary">Добавить партнёра</Button>
          </Link>
        ) : null
      }
    >
      <div className="oy-fin-filters" role="search">
        <select
          className="oy-fin-select"
          aria-label="Тип партнёра"
          value={kind ?? ''}
          onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {}, { replace: true })}
        >
          <option value="">Все партнёры</option>
          {PARTNER_KINDS.map((k) => (
            <option key={k} value={k}>
              {PARTNER_KIND_TITLES[k]}
            </option>
          ))}
        </select>
      </div>
      <Loaded load={list} loading={{ rows: 6 }} errorTitle="Не удалось загрузить партнёров" isEmpty={(items) => items.length === 0} empty={<EmptyState text={NO_PARTNERS_TEXT} />}>
        {(items) => (
          <div className="oy-fin-table">
            <div className="oy-partner-row oy-fin-table__head" aria-hidden="true">
              <span>Партнёр</span>
              <span>Тип</span>
              <span>ИНН</span>
              <span>Продукты</span>
              <span>Типы файлов</span>
            </div>
            <ul className="oy-fin-table__list" aria-label="Партнёры">
              {items.map((p) => (
                <li key={p._id} className="oy-partner-row">
                  <span>
                    <Link to={paths.partner(p._id)}>{p.shortName}</Link>
                    {p.legalName ? <div className="oy-fin-muted">{p.legalName}</div> : null}
                  </span>
                  <span>{PARTNER_KIND_TITLES[p.kind]}</span>
                  <span>
                    <span className="oy-cell-label">ИНН </span>
                    {p.inn || '—'}
                  </span>
                  <span>{p.products.length ? p.products.map((x) => PRODUCT_TITLES[x]).join(', ') : '—'}</span>
                  <span>
                    <span className="oy-cell-label">Типы файлов: </span>
                    {p.fileTypesCount}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Loaded>
    </PageFrame>
  );
}
