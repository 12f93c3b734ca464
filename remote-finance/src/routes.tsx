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
const AddPartnerPage = React.lazy(() => import(/* webpackChunkName: "partner-form" */ './pages/add_partner/AddPartnerPage'));
const EditPartnerPage = React.lazy(() => import(/* webpackChunkName: "partner-form" */ './pages/edit_partner/EditPartnerPage'));
const AgentsPage = React.lazy(() => import(/* webpackChunkName: "agents" */ './pages/agents/AgentsPage'));
const AgentPage = React.lazy(() => import(/* webpackChunkName: "agent" */ './pages/agent/AgentPage'));
const SubAgentsPage = React.lazy(() => import(/* webpackChunkName: "sub-agents" */ './pages/sub_agents/SubAgentsPage'));
const ReconciliationStatementPage = React.lazy(() => import(/* webpackChunkName: "reconciliation" */ './pages/finance/ReconciliationStatementPage'));
const ManagePage = React.lazy(() => import(/* webpackChunkName: "manage" */ './pages/manage/ManagePage'));
const UserCreatePage = React.lazy(() => import(/* webpackChunkName: "user" */ './pages/user/UserCreatePage'));
const UserPage = React.lazy(() => import(/* webpackChunkName: "user" */ './pages/user/UserPage'));
// Аналитика with its charting library (chart.js): a chunk of its own, loaded only with the page.
const AnalyticsPage = React.lazy(() => import(/* webpackChunkName: "analytics" */ './pages/analytics/AnalyticsPage'));

/** Commission rates are set by administrators and finance controllers (access canManageCommissionRates; the api answers 403 to anyone else). */
const rates = { access: 'canManageCommissionRates', reason: 'Ставки КВ ведут администраторы и финансовые контролёры.' } as const;

/** Payouts and payout registers are made by the same people (canManageCommissionRates). */
const payouts = { access: 'canManageCommissionRates', reason: 'Выплаты агентам и реестры выплат ведут администраторы и финансовые контролёры.' } as const;

/** Users are managed by administrators (the api's /users answers 403 to anyone else). */
const admins = { access: 'isAdmin', reason: 'Пользователей ведут администраторы.' } as const;

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
  // Управление: its tabs (users, tariff mapping, partners, the audit log), each its own address.
  manage: [
    { path: '', page: ManagePage },
    { path: ':tab', page: ManagePage },
  ],
  user: [
    { path: 'create', page: UserCreatePage, ...admins },
    { path: ':userId', page: UserPage, ...admins },
  ],
  add_partner: [{ path: '', page: AddPartnerPage, access: 'canManagePartners', reason: 'Партнёров добавляют администраторы и финансовые контролёры.' }],
  edit_partner: [{ path: ':partnerId', page: EditPartnerPage, access: 'canSeeManagement' }],
  // Agents and sub-agents (issue 26): whose agents and what may be done to them is the api's answer.
  agents: [{ path: '', page: AgentsPage, access: 'canListAgents', reason: 'Агентов видят сотрудники, владельцы брокерских сетей и владельцы сетей.' }],
  agent: [{ path: ':agentId', page: AgentPage, access: 'canListAgents', reason: 'Карточку агента видят те, кто ведёт агентов.' }],
  sub_agents: [{ path: '', page: SubAgentsPage, access: 'canSeeSubAgents', reason: 'Субагентов ведут владельцы сетей.' }],
  // Who sees it and whose figures: the section's canSeeAnalytics; the api's analyticsScope.
  analytics: [{ path: '', page: AnalyticsPage }],
};

/**
 * The known sub-paths of each section still waiting for its screens (relative route patterns, '' = the
 * section itself). Which sections are this remote's, their titles and access flags are the
 * registry's (`sectionsOf('remote_finance')` in @oyster/shared-kit/domain).
 */
export const PLACEHOLDER_PATHS: Record<string, readonly string[]> = {
};

/**
 * remote_finance/Routes: the pages of one section, relative to where the shell mounted it
 * (`/app/<section>/*`): a landed section's pages (SECTION_PAGES), else its honest placeholder under
 * the registry's heading; unknown sections and sub-paths show the not-found page.
 */
export default function RemoteRoutes({ section }: RemoteRoutesProps) {
  return <SectionRoutes section={section} pages={SECTION_PAGES} placeholders={PLACEHOLDER_PATHS} />;
}
