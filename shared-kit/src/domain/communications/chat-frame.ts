/**
 * The chat button and its embedded frame (spec §2 chat button and frame, §3 chat state, §4 chat; issue
 * 13): the shell draws a floating button and, when it is pressed, frames the product's own chat page
 * `/chat/{chatId}` (`/chat/null`: the agent's support chat). The shell and the page talk by
 * postMessage, same origin only, in these messages.
 */
import type { ChatType } from './chats';

export type { ChatType };

/** §3 chat state: which chat the button opens, and how the frame stands. */
export interface ChatButtonState {
  chatId: string | null;
  type: ChatType;
  isOpen: boolean;
  /** The chats-button mode: for personal users the button is not shown in it (§4, §6). */
  isChatsButton: boolean;
}

/**
 * §4: the button is hidden when there is no chatId, when the chat is open, or when chats-button mode
 * is on and the user is personal.
 */
export function chatButtonVisible(state: ChatButtonState, user: { isPersonal?: boolean } | null): boolean {
  if (!user || !state.chatId || state.isOpen) return false;
  return !(state.isChatsButton && user.isPersonal);
}

/** §4: colour and icon by type (brokerRequest, contract, other — support). */
export const CHAT_BUTTON_LOOK: Record<ChatType, { color: string; icon: 'requests' | 'contracts' | 'chats' }> = {
  brokerRequest: { color: '#c0661a', icon: 'requests' },
  contract: { color: '#1a7f5a', icon: 'contracts' },
  support: { color: '#1f5fa8', icon: 'chats' },
};

/** The frame's address: `/chat/{chatId}`, the support chat as `/chat/null`. */
export const chatFramePath = (chatId: string | null, type: ChatType = 'support') => `/chat/${type === 'support' || !chatId ? 'null' : chatId}`;

/** `/chat/{id}` → the id ('null' for support); anything else → undefined. */
export function chatFrameIdOf(pathname: string): string | undefined {
  const m = /^\/chat\/([^/]+)\/?$/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** The web-analytics goal of opening a chat (§4). */
export const CHAT_GOAL = 'Go_chat';

export const CHAT_BUTTON_TEXTS = {
  /** §2: the button's hover label. */
  open: 'Открыть чат',
  close: 'Закрыть чат',
  frameTitle: 'Чат',
} as const;

/** §4, §8: closing the chat while its files upload is refused with this dialog. */
export const CHAT_UPLOAD_GUARD_TEXTS = {
  title: 'Загрузка файлов',
  text: 'Вы не можете закрыть чат пока идет загрузка файлов',
  button: 'Закрыть',
} as const;

export const CHAT_FRAME_SOURCE = 'oyster-chat';

/** From the frame to the shell. */
export type ChatFrameMessageBody = { type: 'unread'; count: number } | { type: 'uploading'; value: boolean } | { type: 'navigate'; path: string };
export type ChatFrameMessage = ChatFrameMessageBody & { source: typeof CHAT_FRAME_SOURCE };

/** From the shell to the frame: §9 the unread count is polled every second while the chat is closed. */
export type ChatFrameCommandBody = { type: 'poll' } | { type: 'shown'; value: boolean };
export type ChatFrameCommand = ChatFrameCommandBody & { source: typeof CHAT_FRAME_SOURCE };

export function isChatFrameMessage(data: unknown): data is ChatFrameMessage | ChatFrameCommand {
  return !!data && typeof data === 'object' && (data as { source?: unknown }).source === CHAT_FRAME_SOURCE && typeof (data as { type?: unknown }).type === 'string';
}
