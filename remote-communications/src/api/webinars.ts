import { webinarRegistrationPath, type Webinar, type WebinarInput, type WebinarRegistration, type WebinarRegistrationStatus } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The webinars api (api/src/communications/routes/webinars.ts). Silent: the screens show failures in place. */
const http = () => getRuntime().http;
const silent = { silent: true } as const;

export type WebinarPeriod = 'upcoming' | 'past';

/** Upcoming (nearest first, the postponed after the dated) or past (latest first); staff also get the counts. */
export async function listWebinars(period: WebinarPeriod): Promise<Webinar[]> {
  return (await http().get<{ data: Webinar[] }>(`/api/v2/webinars?period=${period}`, silent)).data;
}

export async function getWebinar(id: string): Promise<Webinar> {
  return (await http().get<{ data: Webinar }>(`/api/v2/webinars/${id}`, silent)).data;
}

/** A new webinar, or changes to one (a new date brings a postponed one back). Staff. */
export async function saveWebinar(id: string | null, input: WebinarInput): Promise<Webinar> {
  const res = id ? await http().put<{ data: Webinar }>(`/api/v2/webinars/${id}`, input, silent) : await http().post<{ data: Webinar }>('/api/v2/webinars', input, silent);
  return res.data;
}

/** removeWebinar: the date is off, the registered are told. Staff. */
export async function postponeWebinar(id: string): Promise<Webinar> {
  return (await http().post<{ data: Webinar }>(`/api/v2/webinars/${id}/postpone`, {}, silent)).data;
}

/** Invites the agents; `invited` is how many were told. Staff. */
export async function announceWebinar(id: string): Promise<Webinar & { invited: number }> {
  return (await http().post<{ data: Webinar & { invited: number } }>(`/api/v2/webinars/${id}/announce`, {}, silent)).data;
}

/** Who signed up and who joined. Staff. */
export async function webinarRegistrations(id: string): Promise<WebinarRegistration[]> {
  return (await http().get<{ data: WebinarRegistration[] }>(`/api/v2/webinars/${id}/registrations`, silent)).data;
}

/** §7 webinars/registration: 'singUp' signs the agent up, 'watch' marks them joining. Agents. */
export async function registerForWebinar(id: string, status: WebinarRegistrationStatus): Promise<Webinar> {
  return (await http().post<{ data: Webinar }>(webinarRegistrationPath(id), { status }, silent)).data;
}
