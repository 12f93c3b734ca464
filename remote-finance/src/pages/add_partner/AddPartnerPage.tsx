import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { sectionOf } from '@oyster/shared-kit/domain';
import { notifySaved, PageFrame } from '@oyster/shared-kit/ui/screens';
import { sectionHeading } from '@oyster/shared-kit/ui/sections';
import { createPartner } from '../../api/partners';
import { emptyPartner, PartnerForm } from '../../components/PartnerForm';
import { paths, PARTNERS_BACK } from '../../paths';
import '../finance/finance.css';

/**
 * «Новый партнёр» (`/app/add_partner/`; administrators and finance controllers, canManagePartners): the
 * partner's card — kind, code, details, bank, products, contacts, accepted file types. Saved → its page.
 */
export default function AddPartnerPage() {
  const navigate = useNavigate();
  const title = sectionHeading(sectionOf('add_partner')!);
  return (
    <PageFrame title={title} back={PARTNERS_BACK}>
      <PartnerForm
        initial={emptyPartner()}
        submitText="Добавить партнёра"
        onCancel={() => navigate(paths.partners())}
        onSave={async (v) => {
          const saved = await createPartner(v);
          notifySaved('Партнёр добавлен');
          navigate(paths.partner(saved._id));
        }}
      />
    </PageFrame>
  );
}
