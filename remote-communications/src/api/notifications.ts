import type { NotificationPage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The notifications api (api/src/communications/routes/notifications.ts). Silent: the page shows failures in place. */
const http = () => getRuntime().http;

export async function listNotifications(after: string | null): Promise<NotificationPage> {
  const q = new URLSearchParams({ limit: '20' });
  if (after) q.set('after', after);
  return (await http().get<{ data: NotificationPage }>(`/api/v2/notifications?${q}`, { silent: true })).data;
}

export async function markRead(id: string): Promise<number> {
  return (await http().post<{ data: { unread: number } }>(`/api/v2/notifications/${id}/read`, {}, { silent: true })).data.unread;
}

export async function markAllRead(): Promise<number> {
  return (await http().post<{ data: { unread: number } }>('/api/v2/notifications/read-all', {}, { silent: true })).data.unread;
}
