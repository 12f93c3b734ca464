import type { FastifyInstance } from 'fastify';
import type { PostKind } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure } from '../../platform/auth/guard.js';
import { notFoundError } from '../../platform/errors.js';
import { definedEntries, idParams, validate } from '../../platform/validation.js';
import { createPost, deletePost, getPost, listLabels, listPosts, listTags, updatePost, type PostWrite } from '../posts.js';
import { postCreateSchema, postListSchema, postPatchSchema } from '../schemas.js';

/**
 * News and the knowledge base (spec §2, §3, §7): everyone signed in reads what is published;
 * copywriters and admins (access.canEditLearning) also see drafts and edit.
 */
const NOT_FOUND: Record<PostKind, string> = { news: 'Новость не найдена', knowledge: 'Статья не найдена' };

export function postRoutes(app: FastifyInstance, { db }: AppContext) {
  for (const kind of ['news', 'knowledge'] as const) {
    const base = `/api/v2/posts/${kind}`;
    const byIdParam = kind === 'news' ? 'newsId' : 'id';

    app.post(`${base}/list`, async (req) => {
      const o = await validate(postListSchema(kind), req.body);
      if (o.includeDrafts) ensure(req.me.can.canEditLearning);
      const label = 'label' in o ? (o.label as string | null | undefined) : undefined;
      const tag = 'tag' in o ? (o.tag as string | null | undefined) : undefined;
      const { items, total } = await listPosts(db, kind, { ...o, label, tag, includeDrafts: !!o.includeDrafts });
      const extra = kind === 'news' ? { labels: await listLabels(db, !!o.includeDrafts) } : { tags: await listTags(db, !!o.includeDrafts) };
      return { data: { [kind]: items, total, page: o.page, pageSize: o.pageSize, ...extra } };
    });

    app.get(`${base}/:${byIdParam}`, async (req) => {
      const params = await validate(idParams(byIdParam), req.params);
      const item = await getPost(db, kind, params[byIdParam]);
      if (!item || (item.status !== 'published' && !req.me.can.canEditLearning)) throw notFoundError(NOT_FOUND[kind]);
      return { error: false, errorMessage: null, data: { [kind]: item } };
    });

    app.post(base, async (req) => {
      ensure(req.me.can.canEditLearning);
      const input = await validate(postCreateSchema(kind), req.body);
      const item = await createPost(db, kind, input as PostWrite, req.me.user._id);
      return { data: { [kind]: item } };
    });

    app.patch(`${base}/:id`, async (req) => {
      ensure(req.me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      const patch = definedEntries(await validate(postPatchSchema(kind), req.body));
      const item = await updatePost(db, kind, id, patch as Partial<PostWrite>);
      if (!item) throw notFoundError(NOT_FOUND[kind]);
      return { data: { [kind]: item } };
    });

    for (const action of ['publish', 'unpublish'] as const) {
      app.post(`${base}/:id/${action}`, async (req) => {
        ensure(req.me.can.canEditLearning);
        const { id } = await validate(idParams('id'), req.params);
        const item = await updatePost(db, kind, id, { status: action === 'publish' ? 'published' : 'draft' });
        if (!item) throw notFoundError(NOT_FOUND[kind]);
        return { data: { [kind]: item } };
      });
    }

    app.delete(`${base}/:id`, async (req) => {
      ensure(req.me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      if (!(await deletePost(db, kind, id))) throw notFoundError(NOT_FOUND[kind]);
      return { data: { deleted: true } };
    });
  }
}
