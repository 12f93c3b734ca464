import * as React from 'react';
import type { RemoteRoutesProps } from '@oyster/shared-kit/runtime';
import { SectionRoutes, type SectionPages } from '@oyster/shared-kit/ui/screens';

// Every page loads on demand (spec §2).
const CommissionsPage = React.lazy(() => import(/* webpackChunkName: "commissions" */ './pages/cr/CommissionsPage'));
const FinancePage = React.lazy(() => import(/* webpackChunkName: "finance" */ './pages/finance/FinancePage'));
const TemplatesPage = React.lazy(() => import(/* webpackChunkName: "templates" */ './pages/finance/TemplatesPage'));
const AddTemplatePage = React.lazy(() => import(/* webpackChunkName: "template-form" */ './pages/add_template/AddTemplatePage'));
const EditTemplatePage = React.lazy(() => import(/* webpackChunkName: "template-form" */ './pages/edit_template/EditTemplatePage'));
const SegmentsPage = React.lazy(() => import(/* webpackChunkName: "segments" */ './pages/finance/SegmentsPage'));
const SegmentPage = React.lazy(() => import(/* webpackChunkName: "segments" */ './pages/finance/SegmentPage'));
const PayoutsPage = React.lazy(() => import(/* webpackChunkName: "payouts" */ './pages/cr/PayoutsPage'));
const PayoutsAdminPage = React.lazy(() => import(/* webpackChunkName: "payouts-admin" */ './pages/finance/PayoutsAdminPage'));
const RegistersPage = React.lazy(() => import(/* webpackChunkName: "registers" */ './pages/finance/RegistersPage'));
const RegisterPage = React.lazy(() => import(/* webpackChunkName: "registers" */ './pages/finance/RegisterPage'));
const ReconciliationPage = React.lazy(() => import(/* webpackChunkName: "reconciliation" */ './pages/finance/ReconciliationPage'));
const ReconciliationStatementPage = React.lazy(() => import(/* webpackChunkName: "reconciliation" */ './pages/finance/ReconciliationStatementPage'));
// Аналитика with its charting library (chart.js): a chunk of its own, loaded only with the page.
const AnalyticsPage = React.lazy(() => import(/* webpackChunkName: "analytics" */ './pages/analytics/AnalyticsPage'));

/** Commission rates are set by administrators and finance controllers (access canManageCommissionRates; the api answers 403 to anyone else). */
const rates = { access: 'canManageCommissionRates', reason: 'Ставки КВ ведут администраторы и финансовые контролёры.' } as const;

/** Payouts and payout registers are made by the same people (canManageCommissionRates). */
const payouts = { access: 'canManageCommissionRates', reason: 'Выплаты агентам и реестры выплат ведут администраторы и финансовые контролёры.' } as const;

/** The pages of the sections whose screens have landed (lazy, as in remote-learning). */
export const SECTION_PAGES: SectionPages = {
  cr: [
    { path: '', page: CommissionsPage },
    // «Выплаты и акты»: whoever sees КВ, each within their scope (the api decides).
    { path: 'payouts', page: PayoutsPage },
  ],
  finance: [
    { path: '', page: FinancePage },
    { path: 'templates', page: TemplatesPage, ...rates },
    { path: 'segments', page: SegmentsPage, ...rates },
    { path: 'segments/:segmentId', page: SegmentPage, ...rates },
    // Payouts and their registers: finance staff, as the rate screens (the api checks it too).
    { path: 'payouts', page: PayoutsAdminPage, ...payouts },
    { path: 'registers', page: RegistersPage, ...payouts },
    { path: 'registers/:registerId', page: RegisterPage, ...payouts },
    { path: 'reconciliation', page: ReconciliationPage, ...rates },
    { path: 'reconciliation/:statementId', page: ReconciliationStatementPage, ...rates },
  ],
  add_template: [{ path: ':agentId', page: AddTemplatePage, ...rates }],
  edit_template: [{ path: ':templateId', page: EditTemplatePage, ...rates }],
  // Who sees it and whose figures: the section's canSeeAnalytics; the api's analyticsScope.
  analytics: [{ path: '', page: AnalyticsPage }],
};

/**
 * The known sub-paths of each section still waiting for its screens (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_finance')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {
  agents: ['', ':tab'],
  agent: [':agentId'],
  sub_agents: ['', ':tab'],
  manage: ['', ':tab'],
  user: ['create', ':userId'],
  edit_partner: [':partnerId'],
  add_partner: [''],
};

/**
 * remote_finance/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`): a landed section's pages (SECTION_PAGES), else its honest placeholder under
 * the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}
