/**
 * Chats (spec §2 chat button and frame, §3 chat state, §4 chat, §6 chats, §7 chats/*; issue 13): a
 * conversation between an agent and the broker's staff — the agent's support chat (its id is the
 * agent's session `chatId`), or the chat of one contract or one broker request.
 *
 * The two sides: the agent (the chat's agent) and the staff who may chat with agents
 * (`canChatWithAgents`, the agent within their scope of platform/scope). A chat is open while it waits
 * for the staff: the agent's message opens it, the staff close it when it is answered.
 *
 * A client's chat (type 'client'): a customer who installed Oyster.app through an agent writes from the
 * app (its backend relays the messages); the staff who may chat with clients (`canChatWithClients`, the
 * client's agent within their scope) answer. The agent is not a side of it.
 */

import { CHAT_BUTTON_TEXTS, CHAT_UPLOAD_GUARD_TEXTS } from './chat-frame';

/** §3 chat state `type`: the agent's chats (what the chat button opens). */
export type ChatType = 'support' | 'contract' | 'brokerRequest';
export const CHAT_TYPES: readonly ChatType[] = ['support', 'contract', 'brokerRequest'];
/** Every conversation the chats page lists: an agent's, or an Oyster.app client's. */
export type ConversationType = ChatType | 'client';

export type ChatSide = 'agent' | 'staff' | 'client';

type ChatFlags = { isPersonal?: boolean; canChatWithAgents?: boolean; canChatWithClients?: boolean };
/** Staff side of agents' chats: the broker's own people (personal users) who may chat with agents. */
export const isChatStaff = (u: ChatFlags): boolean => !!u.isPersonal && !!u.canChatWithAgents;
/** Staff side of Oyster.app clients' chats: the broker's people who may chat with clients. */
export const isClientChatStaff = (u: ChatFlags): boolean => !!u.isPersonal && !!u.canChatWithClients;
/** Staff of any chats: their list is the chats they answer, not chats of their own. */
export const isAnyChatStaff = (u: ChatFlags): boolean => isChatStaff(u) || isClientChatStaff(u);

export const CHAT_TYPE_TITLES: Record<ConversationType, string> = {
  support: 'Поддержка',
  contract: 'Чат по договору',
  brokerRequest: 'Чат по запросу',
  client: 'Клиент Oyster.app',
};

export const CHAT_LIMITS = {
  /** Characters in one message. */
  maxText: 4000,
  /** Messages in one page of history. */
  pageSize: 50,
  /** §9: the unread count in the chat frame is polled every second while the chat is closed. */
  unreadPollMs: 1000,
  /** A client key (idempotency): what the client makes once per message and sends again on a retry. */
  clientKeyPattern: /^[A-Za-z0-9_-]{8,64}$/,
} as const;

export interface ChatFileRef {
  _id: string;
  fileName: string;
  size: number;
  mime: string;
}

export interface ChatMessage {
  _id: string;
  chatId: string;
  /** Increasing over all chats: the order of a chat's messages, and where a client catches up from. */
  seq: number;
  side: ChatSide;
  /** The user who wrote it; a client (side 'client') is no user: id null, their name. */
  author: { id: string | null; fio: string };
  text: string;
  file: ChatFileRef | null;
  clientKey: string | null;
  createdAt: string;
}

/** What a chat's header and a list row show. */
export interface ChatSummary {
  _id: string;
  type: ConversationType;
  /** «Поддержка», «Договор ХХХ0123456789», «Запрос № 1042». */
  title: string;
  /** Where the object lives in the app (`/contracts/{id}`, `/request-broker/{id}`), or null. */
  entityPath: string | null;
  agent: { id: string; fio: string };
  /** A client's chat: the client (their registration in Oyster.app); null otherwise. */
  client: { id: string; name: string } | null;
  manager: { id: string; fio: string } | null;
  isOpen: boolean;
  lastMessage: Pick<ChatMessage, 'text' | 'side' | 'createdAt'> & { fileName: string | null } | null;
  /** Messages of the other side the viewer's side has not read. */
  unread: number;
  /** The last message of the viewer's side the other side has read (read receipts). */
  readByOtherSeq: number;
  /** Which side the viewer is on. */
  viewerSide: ChatSide;
}

/** GET /chats/{chatId}/messages: oldest first; `hasOlder` — there is history before the first. */
export interface ChatMessagesPage {
  items: ChatMessage[];
  hasOlder: boolean;
}

export interface ChatListPage {
  items: ChatSummary[];
  next: string | null;
}

/** Staff's views of the chats list; an agent has one list, their own. */
export type ChatListView = 'waiting' | 'mine' | 'all';
export const CHAT_LIST_VIEWS: readonly ChatListView[] = ['waiting', 'mine', 'all'];
export const CHAT_LIST_VIEW_TITLES: Record<ChatListView, string> = { waiting: 'Ожидают ответа', mine: 'Мои', all: 'Все' };
/** Whose chats, for staff who answer both agents and clients (both flags). */
export type ChatAudience = 'agents' | 'clients';
export const CHAT_AUDIENCES: readonly ChatAudience[] = ['agents', 'clients'];
export const CHAT_AUDIENCE_TITLES: Record<ChatAudience, string> = { agents: 'Агенты', clients: 'Клиенты' };

/** Whom staff answer in a chat (its heading for them): the client, or the agent. */
export const chatCounterpartName = (chat: Pick<ChatSummary, 'agent' | 'client'>): string => (chat.client ? chat.client.name : chat.agent.fio);

/** The other side of a chat, seen from `side` (a staff viewer's is the chat's agent or client). */
export const otherChatSide = (chat: { type: ConversationType }, side: ChatSide): ChatSide => (side !== 'staff' ? 'staff' : chat.type === 'client' ? 'client' : 'agent');

/** The socket event `chat_message`: a message in a chat the user is a side of. */
export interface ChatMessageEvent {
  chatId: string;
  message: ChatMessage;
}

/** The socket event `chat_state`: a chat was taken, closed, reopened, or read by a side. */
export interface ChatStateEvent {
  chatId: string;
  isOpen: boolean;
  manager: { id: string; fio: string } | null;
  /** The highest seq each side has read (a client's chat has no agent side: 0; an agent's no client: 0). */
  readSeq: Record<ChatSide, number>;
}

export const CHAT_TEXTS = {
  open: CHAT_BUTTON_TEXTS.open,
  placeholder: 'Сообщение',
  send: 'Отправить',
  attach: 'Прикрепить файл',
  empty: 'Сообщений пока нет. Напишите, чем помочь.',
  emptyList: 'Чатов пока нет',
  notSent: 'Не отправлено',
  retry: 'Повторить',
  sending: 'Отправляется…',
  read: 'Прочитано',
  take: 'Взять в работу',
  close: 'Закрыть чат',
  reopen: 'Открыть снова',
  closed: 'Чат закрыт. Новое сообщение откроет его снова.',
  uploadTitle: CHAT_UPLOAD_GUARD_TEXTS.title,
  uploadBlocksClose: CHAT_UPLOAD_GUARD_TEXTS.text,
  uploadClose: CHAT_UPLOAD_GUARD_TEXTS.button,
  noManager: 'ожидает ответа',
  addToRequest: 'Добавить в запрос',
  addToRequestConfirm: (fileName: string) => `Вы действительно хотите добавить файл ${fileName} в запрос?`,
  addToRequestNote: 'Файл будет добавлен в файлы запроса',
  older: 'Раньше',
  tooLarge: (name: string, mb: number) => `Файл «${name}» больше ${mb} МБ`,
  writeSupport: 'Написать в поддержку',
  pickChat: 'Выберите чат слева',
  you: 'Вы',
  /** Under an Oyster.app client's chat: whose client it is. */
  clientsAgent: (fio: string) => `агент ${fio}`,
  audiencesLabel: 'Чьи чаты показать',
  allAudiences: 'Агенты и клиенты',
  emptyText: 'Поле «text»: введите сообщение',
  badClientKey: 'Поле «clientKey»: от 8 до 64 латинских букв, цифр, «-» или «_»',
} as const;

