import type { AuditPage, ManagedUser, NewUserInput, UsersPage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * Управление (issue 26; api/src/people): the users list and page, a new user, changes (PATCH: the
 * user's open sessions get session_update), the one-time password link (i26-network's route) and the
 * audit log. Silent: the pages show failures in place (a 400 at the field it names).
 */
const http = () => getRuntime().http;

export const USERS_PAGE_SIZE = 30;
export const AUDIT_PAGE_SIZE = 50;

export async function usersPage(query: URLSearchParams, after: string | null): Promise<UsersPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', String(USERS_PAGE_SIZE));
  return (await http().get<{ data: UsersPage }>(`/api/v2/users?${q}`, { silent: true })).data;
}

export async function managedUser(id: string, signal?: AbortSignal): Promise<ManagedUser> {
  return (await http().get<{ data: ManagedUser }>(`/api/v2/users/${id}`, { silent: true, signal })).data;
}

export async function createUser(input: NewUserInput): Promise<ManagedUser> {
  return (await http().post<{ data: ManagedUser }>('/api/v2/users', input, { silent: true })).data;
}

/** What the user page changes; `password` is the administrator's own, when a role change asks for it. */
export type UserChange = Partial<Pick<ManagedUser, 'firstName' | 'secondName' | 'middleName' | 'phone' | 'roles' | 'isBlocked' | 'canChatWithAgents' | 'canChatWithClients' | 'canViewOnlyAppointedAgents' | 'canAnalyticsView'>> & { password?: string };

export async function changeUser(id: string, change: UserChange): Promise<void> {
  await http().patch(`/api/v2/users/${id}`, change, { silent: true });
}

/** «Сбросить пароль»: a one-time link for the user to set a new password (the administrator passes it on). */
export async function passwordLink(id: string): Promise<string> {
  return (await http().post<{ link: string }>(`/api/v2/users/${id}/password-link`, {}, { silent: true })).link;
}

export async function auditPage(query: URLSearchParams, after: string | null): Promise<AuditPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', String(AUDIT_PAGE_SIZE));
  return (await http().get<{ data: AuditPage }>(`/api/v2/audit?${q}`, { silent: true })).data;
}
