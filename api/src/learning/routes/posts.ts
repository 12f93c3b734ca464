import type { FastifyInstance } from 'fastify';
import type { PostKind } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { notFoundError } from '../../platform/errors.js';
import { route } from '../../platform/routes.js';
import { definedEntries, idParams } from '../../platform/validation.js';
import { createPost, deletePost, getPost, listLabels, listPosts, listTags, updatePost, type PostWrite } from '../posts.js';
import { postCreateSchema, postListSchema, postPatchSchema } from '../schemas.js';

/**
 * News and the knowledge base (spec §2, §3, §7): everyone signed in reads what is published;
 * copywriters and admins (access.canEditLearning) also see drafts and edit.
 */
const NOT_FOUND: Record<PostKind, string> = { news: 'Новость не найдена', knowledge: 'Статья не найдена' };
const WHAT: Record<PostKind, string> = { news: 'Новости', knowledge: 'База знаний' };

export function postRoutes(app: FastifyInstance, { db }: AppContext) {
  for (const kind of ['news', 'knowledge'] as const) {
    const base = `/api/v2/posts/${kind}`;
    const byIdParam = kind === 'news' ? 'newsId' : 'id';
    const byId = idParams('id');

    route(app, { method: 'POST', url: `${base}/list`, summary: `${WHAT[kind]}: список`, body: postListSchema(kind) }, async (req) => {
      const o = req.body;
      if (o.includeDrafts) ensure(req.me.can.canEditLearning);
      const label = 'label' in o ? (o.label as string | null | undefined) : undefined;
      const tag = 'tag' in o ? (o.tag as string | null | undefined) : undefined;
      const { items, total } = await listPosts(db, kind, { ...o, label, tag, includeDrafts: !!o.includeDrafts });
      const extra = kind === 'news' ? { labels: await listLabels(db, !!o.includeDrafts) } : { tags: await listTags(db, !!o.includeDrafts) };
      return { data: { [kind]: items, total, page: o.page, pageSize: o.pageSize, ...extra } };
    });

    route(app, { method: 'GET', url: `${base}/:${byIdParam}`, summary: `${WHAT[kind]}: запись`, params: idParams(byIdParam) }, async (req) => {
      const item = await getPost(db, kind, req.params[byIdParam]);
      if (!item || (item.status !== 'published' && !req.me.can.canEditLearning)) throw notFoundError(NOT_FOUND[kind]);
      return { error: false, errorMessage: null, data: { [kind]: item } };
    });

    route(app, { method: 'POST', url: base, summary: `${WHAT[kind]}: создать`, access: 'canEditLearning', body: postCreateSchema(kind) }, async (req) => {
      const item = await createPost(db, kind, req.body as PostWrite, req.me.user._id);
      return { data: { [kind]: item } };
    });

    route(app, { method: 'PATCH', url: `${base}/:id`, summary: `${WHAT[kind]}: изменить`, access: 'canEditLearning', params: byId, body: postPatchSchema(kind) }, async (req) => {
      const patch = definedEntries(req.body);
      const item = await updatePost(db, kind, req.params.id, patch as Partial<PostWrite>);
      if (!item) throw notFoundError(NOT_FOUND[kind]);
      return { data: { [kind]: item } };
    });

    for (const action of ['publish', 'unpublish'] as const) {
      const summary = `${WHAT[kind]}: ${action === 'publish' ? 'опубликовать' : 'снять с публикации'}`;
      route(app, { method: 'POST', url: `${base}/:id/${action}`, summary, access: 'canEditLearning', params: byId }, async (req) => {
        const item = await updatePost(db, kind, req.params.id, { status: action === 'publish' ? 'published' : 'draft' });
        if (!item) throw notFoundError(NOT_FOUND[kind]);
        return { data: { [kind]: item } };
      });
    }

    route(app, { method: 'DELETE', url: `${base}/:id`, summary: `${WHAT[kind]}: удалить`, access: 'canEditLearning', params: byId }, async (req) => {
      if (!(await deletePost(db, kind, req.params.id))) throw notFoundError(NOT_FOUND[kind]);
      return { data: { deleted: true } };
    });
  }
}
