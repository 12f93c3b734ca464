import type { SessionUser } from './roles';
import { actsAsStaff, isAppointedOnly as appointedOnly } from './scope';

/**
 * One function turns the current user into named flags (spec §6). The sidebar, the routes
 * and the api's guards all read these, so a rule lives here and nowhere else.
 */
export interface Access {
  /* Every flag below is a boolean except commissionsTitle and courseListKind (see AccessFlag). */
  isAuthenticated: boolean;
  isPersonal: boolean;
  isAdmin: boolean;
  /** agent_manager — broker executor, "mage". */
  isMage: boolean;
  isSupervisor: boolean;
  isFinanceController: boolean;
  isCopywriter: boolean;
  /** Has one of admin, supervisor, finance controller. */
  isSeniorStaff: boolean;
  /** Role agent and none of admin, manager, supervisor, finance controller. */
  isAgent: boolean;
  isNewAgent: boolean;
  isAnonymous: boolean;
  isSubAgent: boolean;
  isNetworkAgentOwner: boolean;
  isBrokersOwner: boolean;
  /** An agent who owns a broker network. */
  isBrokersOwnerAgent: boolean;
  /** Any user with roles, not a network brokers owner, who belongs to a broker network. */
  isBrokerNetworkAgent: boolean;
  /** Supervisor restricted to appointed agents. */
  isAppointedOnly: boolean;

  // data loading (§6 "Data loading")
  canLoadStatisticsWidget: boolean;
  canLoadPaymentsInfo: boolean;
  canLoadOpenChatsCount: boolean;
  courseListKind: 'admin' | 'user';
  canLogCommunications: boolean;

  // sidebar and sections
  canSeeContracts: boolean;
  /** Confirms or returns an agent's manual policy after looking at its scan («Проверка»): the broker's staff who see contracts. */
  canReviewManualPolicies: boolean;
  canSeeBrokerRequests: boolean;
  /** Sends broker requests: whoever sells (the showcase's «Запрос» links), as canSeeNewPolicy. */
  canSendBrokerRequests: boolean;
  /** Works broker requests: the executors' queue, taking, offers (mages; admins and supervisors too). */
  canExecuteBrokerRequests: boolean;
  canSeeCommissions: boolean;
  commissionsTitle: 'КВ всех' | 'Мое КВ';
  canSeeAgents: boolean;
  canSeeSubAgents: boolean;
  /** May list and search agents at all (`/agents`, agent pickers); whose agents is `agentScope`. */
  canListAgents: boolean;
  canSeeFinance: boolean;
  canSeeManagement: boolean;
  canSeeAnalytics: boolean;
  canSeeOysterApp: boolean;
  canSeeLearning: boolean;
  canSeeMedia: boolean;
  canSeeChats: boolean;
  canSeeProfile: boolean;
  canSeeNotifications: boolean;
  /** Popup campaigns (issue 13): make them, send them, see who saw and reacted. */
  canManageCampaigns: boolean;
  /** Agents (not the broker's staff) sign up for webinars and join them. */
  canSignUpForWebinars: boolean;
  canManageWebinars: boolean;
  canSeeNewPolicy: boolean;
  /** The insurer calls log (soap-logs): administrators, supervisors, finance controllers. */
  canSeeSoapLogs: boolean;
  /** Sub-agents see no commission line in product tooltips. */
  canSeeCommissionInTooltips: boolean;
  /** News, knowledge, courses, media and banners: copywriters and admins edit, everyone else reads. */
  canEditLearning: boolean;
  /**
   * PATCH /users/:id: administrators change any field; a broker network owner agent only the roles of
   * their own network's agents (which roles, to whom: `roleChangeError` in roles.ts).
   */
  canEditUsers: boolean;
  /**
   * A contract's money on its page: the commission lines (a sale with «нет ставки» included) and the
   * payments to return to the client (refund-due) — administrators and finance controllers.
   */
  canSeeContractMoney: boolean;
  /** Sets the commission rates (the insurer's and the agents' by level): administrators and finance controllers. */
  canManageCommissionRates: boolean;
  /**
   * Adds and edits partners (insurers, banks, agencies) and the tariff mapping in Управление: administrators
   * and finance controllers (the insurers' details and tariffs are the money side); the others who see
   * Управление (copywriters, supervisors) only read them.
   */
  canManagePartners: boolean;
}

export function access(user: SessionUser | null | undefined): Access {
  const roles = user?.roles ?? [];
  const has = (r: (typeof roles)[number]) => roles.includes(r);
  const isAdmin = has('admin');
  const isMage = has('agent_manager');
  const isSupervisor = has('agent_supervisor');
  const isFinanceController = has('finance_controller');
  const isCopywriter = has('copywriter');
  const isStaffRole = actsAsStaff(user);
  const isSeniorStaff = isAdmin || isSupervisor || isFinanceController;
  const isAgent = has('agent') && !isStaffRole;
  const isNewAgent = has('agent_new') && !isStaffRole;
  const isAnonymous = !user || (has('anonymous') && !isStaffRole);
  const isBrokersOwner = has('network_brokers_owner');
  const isBrokersOwnerAgent = isBrokersOwner && (isAgent || isNewAgent);
  const isNetworkAgentOwner = has('network_agent_owner');
  const isSubAgent = has('sub_agent') || !!user?.isSubAgent;
  const isBrokerNetworkAgent = !!user && roles.length > 0 && !isBrokersOwner && !!user.brokers_network?.mongoId;
  const isPersonal = !!user?.isPersonal;
  const isAppointedOnly = appointedOnly(user);
  const supervisorWithAllAgents = isSupervisor && !isAppointedOnly;

  return {
    isAuthenticated: !!user && !isAnonymous,
    isPersonal,
    isAdmin,
    isMage,
    isSupervisor,
    isFinanceController,
    isCopywriter,
    isSeniorStaff,
    isAgent,
    isNewAgent,
    isAnonymous,
    isSubAgent,
    isNetworkAgentOwner,
    isBrokersOwner,
    isBrokersOwnerAgent,
    isBrokerNetworkAgent,
    isAppointedOnly,

    canLoadStatisticsWidget: isMage,
    canLoadPaymentsInfo: !!user && !isCopywriter && !isMage,
    canLoadOpenChatsCount: !!user && !isCopywriter,
    courseListKind: isPersonal ? 'admin' : 'user',
    canLogCommunications: !!user && !isPersonal,

    canSeeContracts: !isCopywriter,
    canReviewManualPolicies: !isCopywriter && isStaffRole,
    canSeeBrokerRequests: !isCopywriter,
    canSendBrokerRequests: !(isMage || isCopywriter) || isSeniorStaff,
    canExecuteBrokerRequests: isMage || isAdmin || isSupervisor,
    canSeeCommissions: !isCopywriter && !(isMage && !isSeniorStaff),
    commissionsTitle: (!isAgent && !isNewAgent) || isBrokersOwnerAgent ? 'КВ всех' : 'Мое КВ',
    canSeeAgents: isBrokersOwnerAgent || isMage,
    canSeeSubAgents: isNetworkAgentOwner,
    canListAgents: isSeniorStaff || isMage || isBrokersOwnerAgent || isNetworkAgentOwner,
    canSeeFinance: isAdmin || isFinanceController || supervisorWithAllAgents,
    canSeeManagement: isAdmin || isFinanceController || isCopywriter || supervisorWithAllAgents,
    canSeeAnalytics:
      isAdmin || isFinanceController || supervisorWithAllAgents || (isPersonal && !!user?.canAnalyticsView),
    canSeeOysterApp: !isSubAgent && !isCopywriter,
    canSeeLearning: isPersonal,
    canSeeMedia: isPersonal,
    canSeeChats: !!user && (user.canChatWithAgents || user.canChatWithClients || !isPersonal),
    canSeeProfile: (isAgent || isNewAgent) && !isSeniorStaff,
    canSeeNotifications: isAgent || isMage || isCopywriter || isNewAgent,
    canManageCampaigns: isAdmin || isCopywriter,
    canSignUpForWebinars: !!user && !isPersonal,
    canManageWebinars: isAdmin || isCopywriter,
    canSeeNewPolicy: !(isMage || isCopywriter) || isSeniorStaff,
    canSeeSoapLogs: isSeniorStaff,
    canSeeCommissionInTooltips: !isSubAgent,
    canEditLearning: isAdmin || isCopywriter,
    canEditUsers: isAdmin || isBrokersOwnerAgent,
    canSeeContractMoney: isAdmin || isFinanceController,
    canManageCommissionRates: isAdmin || isFinanceController,
    canManagePartners: isAdmin || isFinanceController,
  };
}

/** The names of the yes/no flags: what a section, a route or an api guard can be gated by. */
export type AccessFlag = { [K in keyof Access]: Access[K] extends boolean ? K : never }[keyof Access];
