import type { CampaignAudience, CampaignDetails, CampaignInput, CampaignRecipient, CampaignSummary, UploadedFile } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';

/** The popup campaigns api (api/src/communications/routes/campaigns.ts). Silent: the screens show failures in place. */
const http = () => getRuntime().http;
const silent = { silent: true } as const;

export async function listCampaigns(): Promise<CampaignSummary[]> {
  return (await http().get<{ data: CampaignSummary[] }>('/api/v2/campaigns', silent)).data;
}

export async function getCampaign(id: string): Promise<CampaignDetails> {
  return (await http().get<{ data: CampaignDetails }>(`/api/v2/campaigns/${id}`, silent)).data;
}

export async function saveCampaign(id: string | null, input: CampaignInput): Promise<CampaignDetails> {
  const res = id ? await http().put<{ data: CampaignDetails }>(`/api/v2/campaigns/${id}`, input, silent) : await http().post<{ data: CampaignDetails }>('/api/v2/campaigns', input, silent);
  return res.data;
}

export async function sendCampaign(id: string): Promise<CampaignDetails> {
  return (await http().post<{ data: CampaignDetails }>(`/api/v2/campaigns/${id}/send`, {}, silent)).data;
}

export async function deleteCampaign(id: string): Promise<void> {
  await http().delete(`/api/v2/campaigns/${id}`, silent);
}

export async function audienceCount(audience: CampaignAudience): Promise<number> {
  return (await http().post<{ data: { count: number } }>('/api/v2/campaigns/audience', { audience }, silent)).data.count;
}

export async function campaignRecipients(id: string, page: number): Promise<{ items: CampaignRecipient[]; total: number }> {
  return (await http().get<{ data: { items: CampaignRecipient[]; total: number } }>(`/api/v2/campaigns/${id}/recipients?page=${page}&pageSize=50`, silent)).data;
}

/** The popup's picture, uploaded like a news item's (the server checks size and type). */
export async function uploadPopupImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await http().post<{ data: UploadedFile }>('/api/v2/uploads?kind=news', form, silent)).data;
}
