/**
 * Every call of the learning domain, typed, in one place (`/api/v2`, see issue 4's contract).
 * The HTTP client comes from the shell through getRuntime(): it carries the headers, the 30 s timeout
 * and the §8 error toasts. Calls whose failure a screen shows in place pass `{ silent: true }`.
 */
import {
  isObjectId,
  type Banner,
  type BannerInput,
  type CourseDetails,
  type CourseInput,
  type CourseSummary,
  type KnowledgeDetails,
  type KnowledgeInput,
  type KnowledgeItem,
  type LessonInput,
  type MediaInput,
  type MediaItem,
  type MediaType,
  type NewsDetails,
  type NewsInput,
  type NewsItem,
  type Progress,
  type UploadedFile,
  type UploadKind,
} from '@oyster/shared-kit/domain';
import { getRuntime, HttpError, type RequestOptions } from '@oyster/shared-kit/runtime';

const API = '/api/v2';

function http() {
  return getRuntime().http;
}

// The wire types (NewsItem, CourseDetails, Banner, …) are @oyster/shared-kit/domain's, shared with the api.

// ───────────────────────────── inputs ─────────────────────────────

export interface ListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  /** Editors only: drafts too. */
  includeDrafts?: boolean;
}

// ───────────────────────────── answers ─────────────────────────────

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /posts/news/:id and /posts/knowledge/:id answer error, errorMessage and data (spec §7). */
interface ItemAnswer<K extends string, T> {
  error?: boolean;
  errorMessage?: string | null;
  data: ({ [key in K]: T } & Record<string, unknown>) | null;
}

/** An item answer with error: true (whatever its status) is a failure carrying errorMessage. */
function unwrapItem<K extends string, T>(answer: ItemAnswer<K, T>, key: K, fallback: string): T {
  const item = answer?.data?.[key];
  if (answer?.error || !item) throw new Error(answer?.errorMessage || fallback);
  return item as T;
}

/**
 * An id that cannot exist (a mistyped address) is simply not found: the page says so without asking
 * the server, which would answer a 400 about the id's format.
 */
function notFoundUnlessId(id: string, message: string): void {
  if (!isObjectId(id)) throw new HttpError(404, message, { error: true, errorMessage: message, data: null });
}

// ───────────────────────────── news ─────────────────────────────

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

// ───────────────────────────── academy ─────────────────────────────

/** Personal (staff) users get `get-list-admin`, everyone else `get-list-user` (spec §6, access().courseListKind). */
export async function listCourses(kind: 'admin' | 'user', agentId?: string, options: RequestOptions = {}): Promise<CourseSummary[]> {
  const r = await http().post<{ data: { courses: CourseSummary[] } }>(
    `${API}/academy/courses/${kind === 'admin' ? 'get-list-admin' : 'get-list-user'}`,
    agentId ? { agentId } : {},
    options,
  );
  return r.data?.courses ?? [];
}

export async function getCourse(id: string, signal?: AbortSignal): Promise<CourseDetails> {
  notFoundUnlessId(id, 'Курс не найден');
  const r = await http().get<ItemAnswer<'course', CourseDetails>>(`${API}/academy/courses/${encodeURIComponent(id)}`, { signal, silent: true });
  const course = unwrapItem(r, 'course', 'Курс не найден');
  return { ...course, lessons: [...(course.lessons ?? [])].sort((a, b) => a.position - b.position) };
}

/** Saves the signed-in user's mark on a lesson; answers the course's new progress. */
export async function setLessonCompleted(courseId: string, lessonId: string, completed: boolean): Promise<Progress> {
  const r = await http().post<{ data: { progress: Progress } }>(`${API}/academy/courses/${courseId}/lessons/${lessonId}/progress`, { completed });
  return r.data.progress;
}

export async function createCourse(input: CourseInput): Promise<CourseSummary | null> {
  const r = await http().post<{ data?: { course?: CourseSummary } }>(`${API}/academy/courses`, input);
  return r?.data?.course ?? null;
}

export async function updateCourse(id: string, input: Partial<CourseInput>): Promise<void> {
  await http().patch(`${API}/academy/courses/${id}`, input);
}

export async function setCoursePublished(id: string, published: boolean): Promise<void> {
  await http().post(`${API}/academy/courses/${id}/${published ? 'publish' : 'unpublish'}`, {});
}

export async function deleteCourse(id: string): Promise<void> {
  await http().delete(`${API}/academy/courses/${id}`);
}

export async function createLesson(courseId: string, input: LessonInput): Promise<void> {
  await http().post(`${API}/academy/courses/${courseId}/lessons`, input);
}

export async function updateLesson(lessonId: string, input: Partial<LessonInput>): Promise<void> {
  await http().patch(`${API}/academy/lessons/${lessonId}`, input);
}

export async function deleteLesson(lessonId: string): Promise<void> {
  await http().delete(`${API}/academy/lessons/${lessonId}`);
}

// ───────────────────────────── banners ─────────────────────────────

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

// ───────────────────────────── uploads ─────────────────────────────

/**
 * Uploads one file (editors). The server checks size and type and answers 400 with a Russian message,
 * which the caller shows next to the field (silent: no toast on top of it).
 */
export async function uploadFile(kind: UploadKind, file: File | Blob, fileName?: string): Promise<UploadedFile> {
  const client = http();
  if (!client.upload) throw new Error('Загрузка файлов недоступна');
  const form = new FormData();
  if (fileName) form.append('file', file, fileName);
  else form.append('file', file);
  const r = await client.upload<{ data: UploadedFile }>(`${API}/uploads?kind=${kind}`, form, { silent: true });
  return r.data;
}

/** The upload call for one kind, as the screens' UploadButton and ImageField take it. */
export function uploader(kind: UploadKind): (file: File) => Promise<UploadedFile> {
  return (file) => uploadFile(kind, file, file.name);
}
