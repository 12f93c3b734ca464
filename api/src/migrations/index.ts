import type { Migration } from '../platform/migrations.js';
import { migration as core } from './0001_core.js';
import { migration as learning } from './0002_learning.js';
import { migration as sessionIdle } from './0003_session_idle.js';
import { migration as sales } from './0004_sales.js';
import { migration as contracts } from './0005_contracts.js';
import { migration as commissions } from './0006_commissions.js';
import { migration as contractFiles } from './0007_contract_files.js';
import { migration as paymentLinkExpiry } from './0008_payment_link_expiry.js';
import { migration as brokerRequests } from './0009_broker_requests.js';
import { migration as notifications } from './0010_notifications.js';
import { migration as chats } from './0011_chats.js';
import { migration as campaigns } from './0012_campaigns.js';
import { migration as webinars } from './0013_webinars.js';
import { migration as demoInsurerPolicies } from './0014_demo_insurer_policies.js';
import { migration as clientChats } from './0015_client_chats.js';
import { migration as paymentsTrust } from './0016_payments_trust.js';
import { migration as policyTermYear } from './0017_policy_term_year.js';
import { migration as insurerCallsPrivacy } from './0018_insurer_calls_privacy.js';
import { migration as ledgerByTime } from './0019_ledger_by_time.js';
import { migration as commissionTemplatesSegments } from './0020_commission_templates_segments.js';
import { migration as ledgerEventsAdjustments } from './0021_ledger_events_adjustments.js';
import { migration as payouts } from './0022_payouts.js';
import { migration as reconciliation } from './0023_reconciliation.js';
import { migration as ledgerMonths } from './0024_ledger_months.js';
import { migration as productRails } from './0025_product_rails.js';
import { migration as clients } from './0026_clients.js';
import { migration as oysterApp } from './0027_oyster_app.js';
import { migration as renewals } from './0028_renewals.js';
import { migration as manualPolicies } from './0029_manual_policies.js';
import { migration as benchSpeedups } from './0030_bench_speedups.js';
import { migration as auditLog } from './0031_audit_log.js';
import { migration as agentsNetwork } from './0032_agents_network.js';
import { migration as partners } from './0033_partners.js';
import { migration as analyticsDays } from './0034_analytics_days.js';
import { migration as personSearch } from './0035_person_search.js';
import { migration as fileStorage } from './0036_file_storage.js';
import { migration as analyticsLockOrder } from './0037_analytics_lock_order.js';

/**
 * Every migration, in order: one numbered file per change (`NNNN_<what>.ts` exporting `migration`),
 * appended here. A shipped file is never edited. The runner is platform/migrations.ts.
 */
export const MIGRATIONS: readonly Migration[] = [core, learning, sessionIdle, sales, contracts, commissions, contractFiles, paymentLinkExpiry, brokerRequests, notifications, chats, campaigns, webinars, demoInsurerPolicies, clientChats, paymentsTrust, policyTermYear, insurerCallsPrivacy, ledgerByTime, commissionTemplatesSegments, ledgerEventsAdjustments, payouts, reconciliation, ledgerMonths, productRails, clients, oysterApp, renewals, manualPolicies, benchSpeedups, auditLog, agentsNetwork, partners, analyticsDays, personSearch, fileStorage, analyticsLockOrder];
