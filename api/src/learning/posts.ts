import type {
  KnowledgeDetails, KnowledgeInput, KnowledgeItem, NewsDetails, NewsInput, NewsItem, PostItemBase, PostKind, PublicationStatus,
} from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { isoTime, updateSet } from '../platform/sql.js';
import { htmlToText, sanitizeHtml } from '../platform/sanitize.js';

/** News and knowledge articles: one table, one set of queries (routes, seed and bench use these). */

interface PostRow {
  id: string;
  kind: PostKind;
  title: string;
  summary: string;
  body?: string;
  label: string | null;
  tags: string[];
  cover_image_url: string | null;
  status: PublicationStatus;
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toItem(row: PostRow): NewsItem | KnowledgeItem;
export function toItem(row: PostRow, withBody: true): NewsDetails | KnowledgeDetails;
export function toItem(row: PostRow, withBody = false): NewsItem | KnowledgeItem | NewsDetails | KnowledgeDetails {
  const base: PostItemBase = {
    _id: row.id,
    title: row.title,
    summary: row.summary,
    coverImageUrl: row.cover_image_url,
    status: row.status,
    publishedAt: isoTime(row.published_at),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
  const item: NewsItem | KnowledgeItem = row.kind === 'news' ? { ...base, label: row.label } : { ...base, tags: row.tags ?? [] };
  return withBody ? { ...item, body: row.body ?? '' } : item;
}

const LIST_COLUMNS = 'id, kind, title, summary, label, tags, cover_image_url, status, published_at, created_at, updated_at';

/** Words of a search box turned into tsquery parameters: each word matches as a Russian stem or a word beginning. */
export function searchTerms(search: string | undefined | null): string[] {
  if (!search) return [];
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 8).map((w) => `${w.slice(0, 60)}:*`);
}

export interface ListOptions {
  page: number;
  pageSize: number;
  label?: string | null;
  tag?: string | null;
  search?: string | null;
  includeDrafts?: boolean;
}

/**
 * One page, newest published first (drafts first for editors). The page is found in index order
 * (posts_list_idx / posts_all_idx) by ids only and then joined to the rows, so deep pages skip index
 * entries, not table rows; totals without a search come from post_counts.
 */
export async function listPosts(q: Queryable, kind: PostKind, o: ListOptions) {
  const params: unknown[] = [kind];
  const where = ['kind = $1'];
  if (!o.includeDrafts) where.push(`status = 'published'`);
  if (o.label) {
    params.push(o.label);
    where.push(`label = $${params.length}`);
  }
  if (o.tag) {
    params.push([o.tag]);
    where.push(`tags @> $${params.length}::text[]`);
  }
  const terms = searchTerms(o.search);
  if (terms.length) {
    const parts = terms.map((t) => {
      params.push(t);
      return `(to_tsquery('russian', $${params.length}) || to_tsquery('simple', $${params.length}))`;
    });
    where.push(`search @@ (${parts.join(' && ')})`);
  }
  const w = where.join(' AND ');
  const offset = (o.page - 1) * o.pageSize;
  const order = 'published_at DESC NULLS FIRST, id DESC';
  // A search has to look at every match anyway (to sort them), so it counts them in the same pass.
  const rows = await q.query<PostRow & { total?: number }>(
    `SELECT ${LIST_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')}${terms.length ? ', page.total' : ''}
       FROM (SELECT id${terms.length ? ', count(*) OVER ()::int AS total' : ''} FROM posts WHERE ${w}
              ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page
       JOIN posts p USING (id)
      ORDER BY p.published_at DESC NULLS FIRST, p.id DESC`,
    [...params, o.pageSize, offset],
  );
  let total: number;
  if (rows.length > 0 && rows.length < o.pageSize) total = offset + rows.length; // the last page tells the total
  else if (rows.length > 0 && rows[0].total !== undefined) total = rows[0].total;
  else if (!terms.length) total = await countPosts(q, kind, o);
  else [{ total }] = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts WHERE ${w}`, params);
  return { items: rows.map((r) => toItem(r)), total };
}

/** Total of a list without search, from the counters the posts trigger keeps. */
async function countPosts(q: Queryable, kind: PostKind, o: ListOptions): Promise<number> {
  const facet = o.label ? `label:${o.label}` : o.tag ? `tag:${o.tag}` : '';
  const [r] = await q.query<{ n: number }>(
    `SELECT coalesce(sum(n), 0)::int AS n FROM post_counts WHERE kind = $1 AND facet = $2 AND ($3::boolean OR status = 'published')`,
    [kind, facet, !!o.includeDrafts],
  );
  return r.n;
}

async function facets(q: Queryable, kind: PostKind, prefix: 'label:' | 'tag:', includeDrafts: boolean): Promise<string[]> {
  const rows = await q.query<{ v: string }>(
    `SELECT substr(facet, ${prefix.length + 1}) AS v FROM post_counts
      WHERE kind = $1 AND facet LIKE '${prefix}%' AND ($2::boolean OR status = 'published')
      GROUP BY facet HAVING sum(n) > 0 ORDER BY 1`,
    [kind, includeDrafts],
  );
  return rows.map((r) => r.v);
}

/** Labels of news in the list (published, or all for editors), sorted. */
export function listLabels(q: Queryable, includeDrafts = false): Promise<string[]> {
  return facets(q, 'news', 'label:', includeDrafts);
}

/** Every tag of knowledge articles (published, or all for editors), sorted. */
export function listTags(q: Queryable, includeDrafts = false): Promise<string[]> {
  return facets(q, 'knowledge', 'tag:', includeDrafts);
}

export async function getPost(q: Queryable, kind: PostKind, id: string) {
  const [row] = await q.query<PostRow>(`SELECT ${LIST_COLUMNS}, body FROM posts WHERE id = $1 AND kind = $2`, [id, kind]);
  return row ? toItem(row, true) : null;
}

/** What createPost takes: the wire input of either kind; summary and body may be left out (''). */
export type PostWrite = Omit<NewsInput, 'summary' | 'body'> &
  Partial<Pick<NewsInput, 'summary' | 'body'> & Pick<KnowledgeInput, 'tags'>>;

/** Patchable columns by wire name (bodyText is derived from body here, never sent). */
const POST_COLUMNS = {
  title: 'title', summary: 'summary', body: 'body', bodyText: 'body_text', label: 'label', tags: 'tags',
  coverImageUrl: 'cover_image_url', status: 'status',
};

/** A status change publishes (now, unless already published) or unpublishes. */
export const publishedAtSet = (status: PublicationStatus | undefined): string[] =>
  status === undefined ? []
  : status === 'published' ? [`published_at = CASE WHEN status = 'published' THEN published_at ELSE now() END`]
  : ['published_at = NULL'];

/** Creates a post; the body is sanitized here, whoever calls. `at` backdates demo and bench content. */
export async function createPost(q: Queryable, kind: PostKind, input: PostWrite, authorId: string | null, at?: Date) {
  const body = sanitizeHtml(input.body ?? '');
  const id = newId();
  const when = (at ?? new Date()).toISOString();
  const [row] = await q.query<PostRow>(
    `INSERT INTO posts (id, kind, title, summary, body, body_text, label, tags, cover_image_url, status, published_at, author_id, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13)
     RETURNING ${LIST_COLUMNS}, body`,
    [id, kind, input.title, input.summary ?? '', body, htmlToText(body), kind === 'news' ? input.label ?? null : null,
      kind === 'knowledge' ? input.tags ?? [] : [], input.coverImageUrl ?? null, input.status,
      input.status === 'published' ? when : null, authorId, when],
  );
  return toItem(row, true);
}

/** Partial update; a status change publishes (now) or unpublishes. Null when there is no such post. */
export async function updatePost(q: Queryable, kind: PostKind, id: string, patch: Partial<PostWrite>) {
  const body = patch.body === undefined ? undefined : sanitizeHtml(patch.body);
  const { sql, params } = updateSet(POST_COLUMNS, {
    ...patch,
    body,
    bodyText: body === undefined ? undefined : htmlToText(body),
    label: kind === 'news' ? patch.label : undefined,
    tags: kind === 'knowledge' ? patch.tags : undefined,
  }, 3, [...publishedAtSet(patch.status), 'updated_at = now()']);
  const [row] = await q.query<PostRow>(
    `UPDATE posts SET ${sql} WHERE id = $1 AND kind = $2 RETURNING ${LIST_COLUMNS}, body`,
    [id, kind, ...params],
  );
  return row ? toItem(row, true) : null;
}

export async function deletePost(q: Queryable, kind: PostKind, id: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM posts WHERE id = $1 AND kind = $2 RETURNING id', [id, kind]);
  return rows.length > 0;
}
