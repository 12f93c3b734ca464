import type { ReconAction, ReconMapping, ReconMarginRow, ReconOverview, ReconStatementPage } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * Reconciliation with insurers (api/src/finance/reconciliation/routes.ts): statements, their lines, the
 * decisions, the margin. Silent: the pages show failures in place (a dialog under its field).
 */
const http = () => getRuntime().http;
const API = '/api/v2/finance/reconciliation';

export async function reconOverview(signal?: AbortSignal): Promise<ReconOverview> {
  return (await http().get<{ data: ReconOverview }>(API, { silent: true, signal })).data;
}

export async function reconMargin(period: string, signal?: AbortSignal): Promise<ReconMarginRow[]> {
  return (await http().get<{ data: ReconMarginRow[] }>(`${API}/margin?period=${encodeURIComponent(period)}`, { silent: true, signal })).data;
}

/** The insurer's saved column mapping (its last file's), or null. */
export async function savedMapping(companyId: string): Promise<ReconMapping | null> {
  return (await http().get<{ data: ReconMapping | null }>(`${API}/mappings/${companyId}`, { silent: true })).data;
}

/** A demo insurer's demo statement (a plain link: the session cookie signs it in). */
export const demoStatementUrl = (companyId: string) => `${API}/demo/${companyId}`;

export async function importStatement(input: { companyId: string; period: string; file: File; mapping: ReconMapping }): Promise<{ id: string }> {
  const client = http();
  if (!client.upload) throw new Error('Загрузка файлов недоступна');
  const form = new FormData();
  form.append('companyId', input.companyId);
  form.append('period', input.period);
  for (const [column, header] of Object.entries(input.mapping)) if (header?.trim()) form.append(`mapping.${column}`, header.trim());
  form.append('file', input.file, input.file.name);
  return (await client.upload<{ data: { id: string } }>(`${API}/statements`, form, { silent: true })).data;
}

export async function statementPage(id: string, signal?: AbortSignal): Promise<ReconStatementPage> {
  return (await http().get<{ data: ReconStatementPage }>(`${API}/statements/${id}`, { silent: true, signal })).data;
}

export async function resolveLine(lineId: string, action: ReconAction, note: string): Promise<ReconStatementPage> {
  return (await http().post<{ data: ReconStatementPage }>(`${API}/lines/${lineId}/resolve`, { action, note: note.trim() || null }, { silent: true })).data;
}
