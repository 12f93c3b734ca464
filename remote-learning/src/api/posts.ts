/** News and the knowledge base: lists, items, editing, publishing (`/api/v2/posts/…`). */
import { type KnowledgeDetails, type KnowledgeInput, type KnowledgeItem, type NewsDetails, type NewsInput, type NewsItem } from '@oyster/shared-kit/domain';
import { type RequestOptions } from '@oyster/shared-kit/runtime';
import { API, http, notFoundUnlessId, unwrapItem, type ItemAnswer, type ListParams, type Page } from './client';

export interface NewsPage extends Page<NewsItem> {
  /** Every label in use, for the filter. */
  labels: string[];
}

export async function listNews(params: ListParams & { label?: string | null }, options: RequestOptions = {}): Promise<NewsPage> {
  const body = { ...params, label: params.label || undefined, search: params.search || undefined };
  const r = await http().post<{ data: { news: NewsItem[]; total: number; page: number; pageSize: number; labels?: string[] } }>(
    `${API}/posts/news/list`,
    body,
    options,
  );
  const d = r.data;
  return { items: d.news ?? [], total: d.total ?? 0, page: d.page ?? 1, pageSize: d.pageSize ?? params.pageSize ?? 10, labels: d.labels ?? [] };
}

/** Silent: the news page shows the stored message in place (spec §8). */
export async function getNews(id: string, signal?: AbortSignal): Promise<NewsDetails> {
  notFoundUnlessId(id, 'Новость не найдена');
  const r = await http().get<ItemAnswer<'news', NewsDetails>>(`${API}/posts/news/${encodeURIComponent(id)}`, { signal, silent: true });
  return unwrapItem(r, 'news', 'Новость не найдена');
}

export async function createNews(input: NewsInput): Promise<NewsItem | null> {
  const r = await http().post<{ data?: { news?: NewsItem } }>(`${API}/posts/news`, input);
  return r?.data?.news ?? null;
}

export async function updateNews(id: string, input: Partial<NewsInput>): Promise<NewsItem | null> {
  const r = await http().patch<{ data?: { news?: NewsItem } }>(`${API}/posts/news/${id}`, input);
  return r?.data?.news ?? null;
}

export async function setNewsPublished(id: string, published: boolean): Promise<void> {
  await http().post(`${API}/posts/news/${id}/${published ? 'publish' : 'unpublish'}`, {});
}

export async function deleteNews(id: string): Promise<void> {
  await http().delete(`${API}/posts/news/${id}`);
}

// ───────────────────────────── knowledge ─────────────────────────────

export interface KnowledgePage extends Page<KnowledgeItem> {
  /** Every tag in use, for the filter. */
  tags: string[];
}

export async function listKnowledge(params: ListParams & { tag?: string | null }, options: RequestOptions = {}): Promise<KnowledgePage> {
  const body = { ...params, tag: params.tag || undefined, search: params.search || undefined };
  const r = await http().post<{ data: { knowledge: KnowledgeItem[]; total: number; page: number; pageSize: number; tags?: string[] } }>(
    `${API}/posts/knowledge/list`,
    body,
    options,
  );
  const d = r.data;
  return { items: d.knowledge ?? [], total: d.total ?? 0, page: d.page ?? 1, pageSize: d.pageSize ?? params.pageSize ?? 10, tags: d.tags ?? [] };
}

export async function getKnowledge(id: string, signal?: AbortSignal): Promise<KnowledgeDetails> {
  notFoundUnlessId(id, 'Статья не найдена');
  const r = await http().get<ItemAnswer<'knowledge', KnowledgeDetails>>(
    `${API}/posts/knowledge/${encodeURIComponent(id)}`,
    { signal, silent: true },
  );
  return unwrapItem(r, 'knowledge', 'Статья не найдена');
}

export async function createKnowledge(input: KnowledgeInput): Promise<KnowledgeItem | null> {
  const r = await http().post<{ data?: { knowledge?: KnowledgeItem } }>(`${API}/posts/knowledge`, input);
  return r?.data?.knowledge ?? null;
}

export async function updateKnowledge(id: string, input: Partial<KnowledgeInput>): Promise<KnowledgeItem | null> {
  const r = await http().patch<{ data?: { knowledge?: KnowledgeItem } }>(`${API}/posts/knowledge/${id}`, input);
  return r?.data?.knowledge ?? null;
}

export async function setKnowledgePublished(id: string, published: boolean): Promise<void> {
  await http().post(`${API}/posts/knowledge/${id}/${published ? 'publish' : 'unpublish'}`, {});
}

export async function deleteKnowledge(id: string): Promise<void> {
  await http().delete(`${API}/posts/knowledge/${id}`);
}
