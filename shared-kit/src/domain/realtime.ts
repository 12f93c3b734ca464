/**
 * The socket's vocabulary (spec §7 «Realtime socket»): what the server sends and what the client
 * sends. The api emits through a helper typed over ServerEvents; the shell's bus delivers the same map.
 */
import type { SessionUser } from './roles';
import type { OsagoQuoteEvent } from './sales/osago/wire';
import type { ContractFilesEvent, ContractStatusEvent } from './sales/contractWire';
import type { ClientChangedEvent } from './sales/clients';
import type { ContractMoneyEvent } from './finance/money';
import type { LedgerChangedEvent } from './finance/ledger';
import type { PayoutChangedEvent } from './finance/payouts';
import type { AppClientRegisteredEvent } from './sales/oysterApp';
import type { ReconciliationChangedEvent } from './finance/reconciliation';
import type { BrokerRequestEvent } from './broker-requests/wire';
import type { NotificationsCountEvent } from './communications/notifications';
import type { CommunicationNotification } from './communications/campaigns';
import type { ChatMessageEvent, ChatStateEvent } from './communications/chats';
import type { Webinar } from './communications/webinars';
import type { AuditAddedEvent } from './users';

/** Events the server sends over the socket. */
export interface ServerEvents {
  session_update: SessionUser;
  logout: { reason?: string; message?: string } | undefined;
  chats: { action: 'update_chats_counts_opened'; result: { chatsOpenedCount: number; clientChats: number; agentChats: number } };
  notification: { _id: string; guid: string; action?: string; actionText?: string; closeDelay?: number; title?: string; body?: string };
  /** A webinar's toast for this user (§4 modes): an invitation, a postponement, the reminder before the start. */
  'webinar-notification': Webinar;
  /** A webinar changed (edited, postponed, someone signed up): the webinars' pages reload it. */
  webinar_changed: { webinarId: string };
  /** A popup communication for this user (campaigns, issue 13). */
  'notification-market': { options: { notification: CommunicationNotification } };
  /** One insurer's answer to the user's streamed e-OSAGO quote (POST /api/v2/osago/quotes). */
  osago_quote: OsagoQuoteEvent;
  /** A contract of the user's changed status (api/src/sales/contracts). */
  contract_status: ContractStatusEvent;
  /** Files of a contract the user sees were attached or removed. */
  contract_files: ContractFilesEvent;
  /** A client (or their vehicles) of an agent the user sees was created, changed or deleted (api/src/sales/clients). */
  client_changed: ClientChangedEvent;
  /** A contract's ledger lines or refund-due payments changed: for those who see its money (finance staff). */
  contract_money: ContractMoneyEvent;
  /** Commission ledger lines were written for an agent the user sees (Мое КВ / КВ всех reload). */
  ledger_changed: LedgerChangedEvent;
  /** A payout or a payout register the user sees changed (Выплаты, реестры reload). */
  payout_changed: PayoutChangedEvent;
  /** A client registered in Oyster.app through an agent the user sees (api/src/sales/oyster-app). */
  app_client_registered: AppClientRegisteredEvent;
  /** An insurer's statement was imported or a line of it resolved: for finance staff. */
  reconciliation_changed: ReconciliationChangedEvent;
  /** A broker request the user works or sent changed (api/src/broker-requests). */
  broker_request: BrokerRequestEvent;
  /** The user's unread notifications count changed (api/src/communications). */
  notifications_count: NotificationsCountEvent;
  /** A message in a chat the user is a side of (api/src/communications/chats). */
  chat_message: ChatMessageEvent;
  /** A chat the user is a side of was taken, closed, reopened or read. */
  chat_state: ChatStateEvent;
  /** A campaign's counts moved (a recipient saw it or pressed a button): for those who manage campaigns. */
  campaign_stats: { campaignId: string };
  /** A row was added to the audit log of Управление: for administrators (its viewer reloads). */
  audit_added: AuditAddedEvent;
  /** An agent the user sees was blocked, unblocked, moved, re-levelled or given a curator (api/src/people/agents). */
  agent_changed: { agentId: string };
}
export type ServerEventName = keyof ServerEvents;

/** Events the client sends to the server. */
export interface ClientEvents {
  route: { path: string; href: string; action?: string };
  login: Record<string, never> | undefined;
  logout: Record<string, never> | undefined;
}
