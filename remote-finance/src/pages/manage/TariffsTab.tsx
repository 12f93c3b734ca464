import * as React from 'react';
import { EmptyState } from '@oyster/shared-kit/ui/screens';

/** «Маппинг тарифов» (manage/tariffs): a placeholder until i26-partners lands its screen here. */
export default function TariffsTab() {
  return <EmptyState text="Раздел готовится" />;
}
