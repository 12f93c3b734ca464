import * as React from 'react';
import { EmptyState } from '@oyster/shared-kit/ui/screens';

/** «Партнёры» (manage/partners): a placeholder until i26-partners lands its screen here. */
export default function PartnersTab() {
  return <EmptyState text="Раздел готовится" />;
}
