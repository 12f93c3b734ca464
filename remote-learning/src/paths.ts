/**
 * Where each learning screen lives under /app/. The shell mounts this remote at the sections
 * news, knowledge, academy and media (the section registry, SECTIONS in @oyster/shared-kit/domain), so links are absolute within the shell's router.
 * Pages and widgets link through these helpers only.
 */
import type { MediaType } from '@oyster/shared-kit/domain';

function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const paths = {
  newsList: (query: { label?: string | null; page?: number } = {}) =>
    withQuery('/news', { label: query.label, page: query.page && query.page > 1 ? query.page : undefined }),
  news: (id: string) => `/news/${id}`,
  newsNew: () => '/news/new',
  newsEdit: (id: string) => `/news/${id}/edit`,

  knowledgeList: () => '/knowledge',
  /** spec §2: knowledge?byTag={tag} filters the knowledge base by a tag. */
  knowledgeByTag: (tag: string) => withQuery('/knowledge', { byTag: tag }),
  article: (id: string) => `/knowledge/${id}`,
  articleNew: () => '/knowledge/new',
  articleEdit: (id: string) => `/knowledge/${id}/edit`,

  academy: () => '/academy',
  course: (id: string) => `/academy/${id}`,
  courseNew: () => '/academy/new',
  courseEdit: (id: string) => `/academy/${id}/edit`,

  media: (type?: MediaType) => withQuery('/media', { type: type && type !== 'photo' ? type : undefined }),
  banners: () => '/media/banners',
};

/** A link the user gave (banner target): internal paths stay in the app, other sites open in a new tab. */
export function isExternalLink(link: string): boolean {
  return /^(https?:)?\/\//i.test(link) || /^mailto:|^tel:/i.test(link);
}

/**
 * A platform path someone typed (a banner's link, e.g. '/app/new-eosago') as a route of the shell's
 * router, whose basename is /app: '/app/news/1' → '/news/1'; other paths are kept.
 */
export function routerPath(link: string): string {
  return link.replace(/^\/app(?=[/?#]|$)/, '') || '/';
}
