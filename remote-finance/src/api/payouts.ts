import type {
  AgentBilling,
  AgentBillingInput,
  PayoutBalance,
  PayoutCalculation,
  PayoutReceiptInput,
  PayoutRow,
  RegisterDetail,
  RegisterRow,
} from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/**
 * Payouts, acts and payout registers (issue 24; api/src/finance/routes/payouts.ts). Silent: every page shows
 * its failures in place (a refusal at the field it names, a four-eyes refusal beside the button).
 */
const http = () => getRuntime().http;

/** Payouts per page of «Показать ещё». */
export const PAYOUTS_PAGE_SIZE = 50;

export interface PayoutsPage {
  items: PayoutRow[];
  next: string | null;
}

/** One page of payouts in the viewer's scope (`query`: period, agent, status). */
export async function payoutsPage(query: URLSearchParams, after: string | null, signal?: AbortSignal): Promise<PayoutsPage> {
  const q = new URLSearchParams(query);
  if (after) q.set('after', after);
  q.set('limit', String(PAYOUTS_PAGE_SIZE));
  return (await http().get<{ data: PayoutsPage }>(`/api/v2/finance/payouts?${q}`, { silent: true, signal })).data;
}

/** The signed-in agent's own money not yet in a payout, and the minimum payout. */
export async function payoutBalance(signal?: AbortSignal): Promise<PayoutBalance> {
  return (await http().get<{ data: PayoutBalance }>('/api/v2/finance/payouts/balance', { silent: true, signal })).data;
}

/** Finance: the payouts of a finished period (a 400 for the current month). */
export async function calculatePayouts(period: string): Promise<PayoutCalculation> {
  return (await http().post<{ data: PayoutCalculation }>('/api/v2/finance/payouts/calculate', { period }, { silent: true })).data;
}

/** An SZ agent's «Мой налог» receipt for their payout; a 400 names the field. */
export async function attachReceipt(payoutId: string, input: PayoutReceiptInput): Promise<PayoutRow> {
  return (await http().post<{ data: PayoutRow }>(`/api/v2/finance/payouts/${payoutId}/receipt`, input, { silent: true })).data;
}

/** The act of a payout as a PDF (a plain link: the session cookie signs it in). */
export const actUrl = (payoutId: string) => `/api/v2/finance/payouts/${payoutId}/act`;

export async function registers(signal?: AbortSignal): Promise<RegisterRow[]> {
  return (await http().get<{ data: RegisterRow[] }>('/api/v2/finance/registers', { silent: true, signal })).data;
}

/** A register of the period's payouts «К выплате» not yet in one (a 400 when there is none). */
export async function buildRegister(period: string): Promise<RegisterDetail> {
  return (await http().post<{ data: RegisterDetail }>('/api/v2/finance/registers', { period }, { silent: true })).data;
}

export async function register(registerId: string, signal?: AbortSignal): Promise<RegisterDetail> {
  return (await http().get<{ data: RegisterDetail }>(`/api/v2/finance/registers/${registerId}`, { silent: true, signal })).data;
}

/** Four eyes: the api refuses the one who built it (403 with its reason). */
export async function approveRegister(registerId: string): Promise<RegisterDetail> {
  return (await http().post<{ data: RegisterDetail }>(`/api/v2/finance/registers/${registerId}/approve`, {}, { silent: true })).data;
}

/** Only a draft; its payouts go back to «К выплате». */
export async function deleteRegister(registerId: string): Promise<void> {
  await http().delete<unknown>(`/api/v2/finance/registers/${registerId}`, { silent: true });
}

/** An approved register for the bank: the 1C client-bank exchange text or XLSX. */
export const registerExportUrl = (registerId: string, format: '1c' | 'xlsx') => `/api/v2/finance/registers/${registerId}/export?format=${format}`;

/** Marks some lines paid, or (no ids) every line. */
export async function markRegisterPaid(registerId: string, payoutIds?: string[]): Promise<RegisterDetail> {
  return (await http().post<{ data: RegisterDetail }>(`/api/v2/finance/registers/${registerId}/paid`, payoutIds ? { payoutIds } : {}, { silent: true })).data;
}

/** An agent's billing details (null: none yet). */
export async function agentBilling(agentId: string, signal?: AbortSignal): Promise<AgentBilling | null> {
  return (await http().get<{ data: AgentBilling | null }>(`/api/v2/finance/billing/${agentId}`, { silent: true, signal })).data;
}

/** Finance staff: the api checks the INN, BIK and account; a refusal comes back as an HttpError naming the field. */
export async function saveAgentBilling(agentId: string, input: AgentBillingInput): Promise<AgentBilling> {
  return (await http().put<{ data: AgentBilling }>(`/api/v2/finance/billing/${agentId}`, input, { silent: true })).data;
}
