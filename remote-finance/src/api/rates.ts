import { isObjectId, type CommissionSegment, type CommissionTemplate, type CommissionTemplateInput } from '@oyster/shared-kit/domain';
import { getRuntime, HttpError } from '@oyster/shared-kit/runtime';

/**
 * The calls of the commission rates a finance person sets (api/src/finance/routes: templates, segments;
 * access canManageCommissionRates, 403 to anyone else). Silent: every screen shows its failures in place —
 * a 400 `{ message, field }` under the field it names.
 */
const http = () => getRuntime().http;
const API = '/api/v2/finance';

export const TEMPLATE_NOT_FOUND = 'Шаблон не найден';
export const SEGMENT_NOT_FOUND = 'Сегмент не найден';

/** The filters of «Персональные шаблоны КВ» (the URL's and the api's names). */
export interface TemplateFilters {
  agent?: string;
  company?: string;
  product?: string;
}

/** An agent's templates, or everyone's, narrowed by insurer and product; newest first. */
export async function listTemplates(filters: TemplateFilters, signal?: AbortSignal): Promise<CommissionTemplate[]> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const query = q.toString();
  return (await http().get<{ data: CommissionTemplate[] }>(`${API}/templates${query ? `?${query}` : ''}`, { silent: true, signal })).data;
}

/**
 * A 404 says the api's own words («Шаблон не найден») on the page; an id that cannot exist (a mistyped
 * address) is not found without asking the server, which would answer a 400 about the id's format.
 */
function notFound(e: unknown, text: string): unknown {
  if (!(e instanceof HttpError) || e.status !== 404) return e;
  const body = (e.body && typeof e.body === 'object' ? e.body : {}) as { message?: unknown };
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : text;
  return new HttpError(404, message, { ...body, errorMessage: message });
}

export async function getTemplate(id: string, signal?: AbortSignal): Promise<CommissionTemplate> {
  if (!isObjectId(id)) throw notFound(new HttpError(404, TEMPLATE_NOT_FOUND), TEMPLATE_NOT_FOUND);
  try {
    return (await http().get<{ data: CommissionTemplate }>(`${API}/templates/${id}`, { silent: true, signal })).data;
  } catch (e) {
    throw notFound(e, TEMPLATE_NOT_FOUND);
  }
}

export async function createTemplate(input: CommissionTemplateInput): Promise<CommissionTemplate> {
  return (await http().post<{ data: CommissionTemplate }>(`${API}/templates`, input, { silent: true })).data;
}

/** What may change in a template: its rate and its days (a started one: only its last day, the api decides). */
export type TemplateChange = Partial<Pick<CommissionTemplate, 'rateBp' | 'validFrom' | 'validTo'>>;

export async function updateTemplate(id: string, change: TemplateChange): Promise<CommissionTemplate> {
  return (await http().patch<{ data: CommissionTemplate }>(`${API}/templates/${id}`, change, { silent: true })).data;
}

/** Only a template that has not started yet (a started one is ended by its last day: 409 otherwise). */
export async function deleteTemplate(id: string): Promise<void> {
  await http().delete<{ data: { deleted: true } }>(`${API}/templates/${id}`, { silent: true });
}

export async function listSegments(signal?: AbortSignal): Promise<CommissionSegment[]> {
  return (await http().get<{ data: CommissionSegment[] }>(`${API}/segments`, { silent: true, signal })).data;
}

/** One segment (the api lists them all; an agent's segment is only known beside the others). */
export async function segmentAmong(id: string, signal?: AbortSignal): Promise<{ segment: CommissionSegment; all: CommissionSegment[] }> {
  const notThere = new HttpError(404, SEGMENT_NOT_FOUND, { message: SEGMENT_NOT_FOUND, errorMessage: SEGMENT_NOT_FOUND });
  if (!isObjectId(id)) throw notThere;
  const all = await listSegments(signal);
  const segment = all.find((s) => s.id === id);
  if (!segment) throw notThere;
  return { segment, all };
}

export async function createSegment(name: string): Promise<CommissionSegment> {
  return (await http().post<{ data: CommissionSegment }>(`${API}/segments`, { name }, { silent: true })).data;
}

export async function renameSegment(id: string, name: string): Promise<void> {
  await http().patch(`${API}/segments/${id}`, { name }, { silent: true });
}

/** A new rate version of the segment for one insurer × product, from today or later. */
export interface SegmentRateInput {
  companyId: string;
  product: string;
  rateBp: number;
  validFrom: string;
}

export async function addSegmentRate(id: string, input: SegmentRateInput): Promise<CommissionSegment> {
  return (await http().put<{ data: CommissionSegment }>(`${API}/segments/${id}/rates`, input, { silent: true })).data;
}

/** The whole member list: an agent of another segment moves to this one. */
export async function setSegmentMembers(id: string, agentIds: string[]): Promise<CommissionSegment> {
  return (await http().put<{ data: CommissionSegment }>(`${API}/segments/${id}/members`, { agentIds }, { silent: true })).data;
}

/** A failed save as a form shows it: the api's message, and the field it names (a 400), if any. */
export interface SaveProblem {
  message: string;
  field: string | null;
}

export function saveProblem(e: unknown): SaveProblem {
  const body = (e instanceof HttpError && e.body && typeof e.body === 'object' ? e.body : {}) as { message?: unknown; field?: unknown };
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : e instanceof Error && e.message ? e.message : 'Не удалось сохранить';
  return { message, field: e instanceof HttpError && e.status === 400 && typeof body.field === 'string' ? body.field : null };
}
