import * as React from 'react';
import { sectionOf } from '@oyster/shared-kit/domain';
import { sectionHeading, SectionPlaceholder } from '@oyster/shared-kit/ui/sections';

/** `/app/finance/<tab>` of a part not built yet (reconciliations): the honest placeholder. */
export default function FinanceTabPage() {
  return <SectionPlaceholder section="finance" title={sectionHeading(sectionOf('finance')!)} />;
}
