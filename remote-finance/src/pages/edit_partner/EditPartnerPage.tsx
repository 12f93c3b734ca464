import * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PARTNER_KIND_TITLES, sectionOf, type Partner, type PartnerInput } from '@oyster/shared-kit/domain';
import { notifySaved, PageFrame, useAccess, useItemPage } from '@oyster/shared-kit/ui/screens';
import { getPartner, savePartner } from '../../api/partners';
import { PartnerForm } from '../../components/PartnerForm';
import { paths, PARTNERS_BACK } from '../../paths';
import '../finance/finance.css';

const inputOf = (p: Partner): PartnerInput => {
  const { _id, updatedAt, fileTypes, ...rest } = p;
  void _id;
  void updatedAt;
  return { ...rest, fileTypes: fileTypes.map((t) => t.name) };
};

/**
 * A partner (`/app/edit_partner/{partnerId}`; whoever sees Управление): its card as a form — administrators
 * and finance controllers save it (canManagePartners), the others read it. An insurer links to its tariff
 * mapping.
 */
export default function EditPartnerPage() {
  const { partnerId = '' } = useParams();
  const navigate = useNavigate();
  const can = useAccess();
  const fallback = sectionOf('edit_partner')!.title;
  const page = useItemPage((signal) => getPartner(partnerId, signal), [partnerId], { title: fallback, back: PARTNERS_BACK, notFoundHint: 'Проверьте ссылку или найдите партнёра в списке партнёров.' });
  /** Each save gives the form the card as the api now has it. */
  const [version, setVersion] = React.useState(0);
  if (!page.ready) return page.placeholder;
  const p = page.data;
  return (
    <PageFrame
      title={p.shortName}
      back={PARTNERS_BACK}
      extra={p.kind === 'insurer' ? <Link to={paths.tariffs(p._id)}>Маппинг тарифов</Link> : null}
    >
      <p className="oy-fin-lead">
        {PARTNER_KIND_TITLES[p.kind]} · код <strong>{p.code}</strong>
        {can.canManagePartners ? null : <span className="oy-fin-muted"> · Партнёров меняют администраторы и финансовые контролёры.</span>}
      </p>
      <PartnerForm
        key={version}
        initial={inputOf(p)}
        codeFixed
        readOnly={!can.canManagePartners}
        submitText="Сохранить"
        onCancel={() => navigate(paths.partners())}
        onSave={async (v) => {
          const saved = await savePartner(p._id, v);
          page.update(() => saved);
          setVersion((n) => n + 1);
          notifySaved('Партнёр сохранён');
        }}
      />
    </PageFrame>
  );
}
