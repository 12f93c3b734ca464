/**
 * What the broker-requests api and its pages exchange (issue 12). Money is integer kopecks; times are
 * ISO strings; a request's form values are text (schemas.ts).
 */
import type { AttachedFile } from '../files';
import type { QuickPeriod } from '../sales/contractWire';
import type { BrokerFormValues } from './schemas';
import type { BrokerRequestActor, BrokerRequestStatus, BrokerRequestStep } from './workflow';

export interface BrokerRequestParty {
  id: string;
  fio: string;
}

/** One row of a list (the agent's «Запросы», the executors' queue). */
export interface BrokerRequestListItem {
  id: string;
  /** What people call it: «Запрос № 1042». */
  number: number;
  productType: string;
  productTitle: string;
  status: BrokerRequestStatus;
  statusTitle: string;
  step: BrokerRequestStep;
  agent: BrokerRequestParty;
  executor: BrokerRequestParty | null;
  /** The client or the company as the form names it. */
  clientName: string | null;
  createdAt: string;
  /** When it was sent: the SLA clock runs from here. */
  sentAt: string | null;
  updatedAt: string;
  slaHours: number;
  /** The deadline in working hours; null before sending. */
  slaDueAt: string | null;
  closedAt: string | null;
}

/** A file on a request (§3 «File on a request or contract», the type chosen in the §8 dialog); on an offer when `offerId`. */
export type BrokerRequestFile = AttachedFile & { offerId: string | null };

/** An insurer's offer the executor attached. */
export interface BrokerRequestOffer {
  id: string;
  companyId: string;
  companyName: string;
  /** Kopecks. */
  premium: number;
  /** The agent's commission on it, per cent; hidden (undefined) from sub-agents. */
  commissionPercent?: number | null;
  conditions: string;
  createdAt: string;
  accepted: boolean;
  files: BrokerRequestFile[];
}

export interface BrokerRequestHistoryEntry {
  from: BrokerRequestStatus | null;
  to: BrokerRequestStatus;
  toTitle: string;
  actor: BrokerRequestActor;
  /** Who made the move (null for the system). */
  by: string | null;
  note: string | null;
  at: string;
}

/** A request as its page shows it. */
export interface BrokerRequestDetails extends BrokerRequestListItem {
  values: BrokerFormValues;
  offers: BrokerRequestOffer[];
  files: BrokerRequestFile[];
  history: BrokerRequestHistoryEntry[];
  closeReason: string | null;
  /** What the viewer is to it: its agent, its executor, or a reader. */
  actor: Exclude<BrokerRequestActor, 'system'> | null;
  /** The moves the viewer may make now. */
  next: BrokerRequestStatus[];
}

/** The executors' views of the queue; an agent always sees their own (and their network's). */
export const BROKER_REQUEST_VIEWS = ['unassigned', 'mine', 'all'] as const;
export type BrokerRequestView = (typeof BROKER_REQUEST_VIEWS)[number];
export const BROKER_REQUEST_VIEW_TITLES: Record<BrokerRequestView, string> = {
  unassigned: 'Новые',
  mine: 'Мои',
  all: 'Все',
};

export interface BrokerRequestListQuery {
  view?: BrokerRequestView;
  /** Status numbers, comma-separated. */
  status?: string;
  product?: string;
  agent?: string;
  network?: string;
  period?: QuickPeriod;
  /** The number, the client's or company's name, the agent's name. */
  search?: string;
  after?: string;
  limit?: number;
}

export interface BrokerRequestPage {
  items: BrokerRequestListItem[];
  next: string | null;
}

/** The socket event `broker_request`: a request the user sees changed (status, offers, files, executor). */
export interface BrokerRequestEvent {
  requestId: string;
  number: number;
  status: BrokerRequestStatus;
  statusTitle: string;
  /** What changed: a move, an offer added, a file attached or removed, the form saved. */
  change: 'status' | 'offer' | 'files' | 'values';
}

/** §8: the file types of a request's attach dialog (shown sorted). */
export const BROKER_REQUEST_FILE_TYPES = [
  'Заявление или анкета',
  'Паспорт',
  'Документы на ТС',
  'Документы на имущество',
  'Реквизиты организации',
  'Фото',
  'Предложение страховщика',
  'Проект полиса',
  'Счёт на оплату',
  'Платёжное поручение',
  'Полис',
  'Другое',
] as const;
