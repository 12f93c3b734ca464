import type { BrokerRequestFile, ChatAudience, ChatListPage, ChatListView, ChatMessage, ChatMessagesPage, ChatSummary } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The chats api (api/src/communications/routes/chats.ts). Silent: the screens show failures in place. */
const http = () => getRuntime().http;
const silent = { silent: true } as const;

export async function listChats(view: ChatListView | null, after: string | null, audience: ChatAudience | null = null): Promise<ChatListPage> {
  const q = new URLSearchParams({ limit: '20' });
  if (view && view !== 'all') q.set('view', view);
  if (audience) q.set('audience', audience);
  if (after) q.set('after', after);
  return (await http().get<{ data: ChatListPage }>(`/api/v2/chats?${q}`, silent)).data;
}

export async function getChat(chatId: string): Promise<ChatSummary> {
  return (await http().get<{ data: ChatSummary }>(`/api/v2/chats/${chatId}`, silent)).data;
}

/** The agent's support chat (the session's chatId), made on first use. */
export async function getSupportChat(): Promise<ChatSummary> {
  return (await http().get<{ data: ChatSummary }>('/api/v2/chats/support', silent)).data;
}

/** The chat of a contract or a broker request (made on first use by the owning domain's api). */
export async function getObjectChat(entityType: 'contract' | 'brokerRequest', entityId: string): Promise<ChatSummary> {
  const path = entityType === 'contract' ? `/api/v2/contracts/${entityId}/chat` : `/api/v2/broker-requests/${entityId}/chat`;
  return (await http().get<{ data: ChatSummary }>(path, silent)).data;
}

/** The last page of history, or the page before `before`, or what came after `after` (a catch-up). */
export async function chatMessages(chatId: string, o: { after?: number; before?: number } = {}): Promise<ChatMessagesPage> {
  const q = new URLSearchParams();
  if (o.after !== undefined) q.set('after', String(o.after));
  if (o.before !== undefined) q.set('before', String(o.before));
  const query = q.toString();
  return (await http().get<{ data: ChatMessagesPage }>(`/api/v2/chats/${chatId}/messages${query ? `?${query}` : ''}`, silent)).data;
}

export async function sendMessage(chatId: string, text: string, clientKey: string): Promise<ChatMessage> {
  return (await http().post<{ data: ChatMessage }>(`/api/v2/chats/${chatId}/messages`, { text, clientKey }, silent)).data;
}

export async function sendFile(chatId: string, file: File, clientKey: string): Promise<ChatMessage> {
  const form = new FormData();
  form.append('clientKey', clientKey);
  form.append('file', file, file.name);
  return (await http().post<{ data: ChatMessage }>(`/api/v2/chats/${chatId}/files`, form, silent)).data;
}

export async function markChatRead(chatId: string, seq: number): Promise<ChatSummary> {
  return (await http().post<{ data: ChatSummary }>(`/api/v2/chats/${chatId}/read`, { seq }, silent)).data;
}

export async function moveChat(chatId: string, move: 'take' | 'close' | 'reopen'): Promise<ChatSummary> {
  return (await http().post<{ data: ChatSummary }>(`/api/v2/chats/${chatId}/${move}`, {}, silent)).data;
}

/** A file of a broker request's chat added to the request's files (§8 confirmation first). */
export async function addChatFileToRequest(requestId: string, fileId: string, typeName: string): Promise<{ message: string; data: { files: BrokerRequestFile[] } }> {
  return http().post(`/api/v2/broker-requests/${requestId}/files/from-chat`, { fileId, typeName }, silent);
}

/** Where a chat's file downloads from (the browser sends the session cookie). */
export const chatFileUrl = (chatId: string, fileId: string) => `/api/v2/chats/${chatId}/files/${fileId}`;

/** A client key for one message: made once, sent again with a retry (the server keeps one). */
export function newClientKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
