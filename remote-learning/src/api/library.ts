/** Home banners and the media library (`/api/v2/banners`, `/api/v2/media`). */
import { type Banner, type BannerInput, type MediaInput, type MediaItem, type MediaType } from '@oyster/shared-kit/domain';
import { type RequestOptions } from '@oyster/shared-kit/runtime';
import { API, http } from './client';

/** `all: false` answers the active banners (home); `all: true` every banner (editors). */
export async function listBanners(all: boolean, options: RequestOptions = {}): Promise<Banner[]> {
  const r = await http().post<{ data: { banners: Banner[] } }>(`${API}/banners/list`, { allBanners: all }, options);
  return [...(r.data?.banners ?? [])].sort((a, b) => a.position - b.position);
}

export async function createBanner(input: BannerInput): Promise<void> {
  await http().post(`${API}/banners`, input);
}

export async function updateBanner(id: string, input: Partial<BannerInput>): Promise<void> {
  await http().patch(`${API}/banners/${id}`, input);
}

export async function deleteBanner(id: string): Promise<void> {
  await http().delete(`${API}/banners/${id}`);
}

// ───────────────────────────── media library ─────────────────────────────

export async function listMedia(type: MediaType, options: RequestOptions = {}): Promise<MediaItem[]> {
  const r = await http().get<{ data: { items: MediaItem[] } }>(`${API}/media-library?type=${type}`, options);
  return r.data?.items ?? [];
}

export async function createMedia(input: MediaInput): Promise<void> {
  await http().post(`${API}/media-library`, input);
}

export async function deleteMedia(id: string): Promise<void> {
  await http().delete(`${API}/media-library/${id}`);
}
