import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionRoutes, type SectionPages } from '@oyster/shared-kit/ui/screens';

// Every page loads on demand (spec §2).
const CommissionsPage = React.lazy(() => import(/* webpackChunkName: "commissions" */ './pages/cr/CommissionsPage'));

/** The pages of the sections whose screens have landed (lazy, as in remote-learning). */
export const SECTION_PAGES: SectionPages = {
  cr: [{ path: '', page: CommissionsPage }],
};

/**
 * The known sub-paths of each section still waiting for its screens (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_finance')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {
  finance: ['', ':tab'],
  agents: ['', ':tab'],
  agent: [':agentId'],
  sub_agents: ['', ':tab'],
  manage: ['', ':tab'],
  analytics: ['', ':tab'],
  user: ['create', ':userId'],
  edit_partner: [':partnerId'],
  add_partner: [''],
  add_template: [':agentId'],
  edit_template: [':templateId'],
};

/**
 * remote_finance/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`): a landed section's pages (SECTION_PAGES), else its honest placeholder under
 * the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}
