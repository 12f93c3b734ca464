import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { ensure, requireUser } from '../auth/guard.js';
import { validate, yup } from '../validation.js';
import {
  createPost, deletePost, getPost, listLabels, listPosts, listTags, updatePost, type PostKind,
} from '../learning/posts.js';
import {
  definedEntries, idParams, imageUrlSchema, notFoundError, pageSchema, pageSizeSchema, statusSchema, strictBool, tagsSchema, textField,
} from '../learning/schemas.js';

/**
 * News and the knowledge base (spec §2, §3, §7): everyone signed in reads what is published;
 * copywriters and admins (access.canEditLearning) also see drafts and edit.
 */
const NOT_FOUND: Record<PostKind, string> = { news: 'Новость не найдена', knowledge: 'Статья не найдена' };

const labelSchema = yup.string().trim().min(1).max(60).nullable().transform((v) => (v === '' ? null : v)).label('label');

const fields = (kind: PostKind) => ({
  title: textField('title', 200),
  summary: yup.string().trim().max(500).label('summary'),
  body: yup.string().max(200_000).label('body'),
  coverImageUrl: imageUrlSchema('coverImageUrl'),
  status: statusSchema,
  ...(kind === 'news' ? { label: labelSchema } : { tags: tagsSchema }),
});

const createSchema = (kind: PostKind) => {
  const f = fields(kind);
  return yup.object({ ...f, title: f.title.required(), status: f.status.required() });
};
const patchSchema = (kind: PostKind) => yup.object(fields(kind));

const listSchema = (kind: PostKind) =>
  yup.object({
    page: pageSchema,
    pageSize: pageSizeSchema,
    search: yup.string().trim().max(200).nullable().label('search'),
    includeDrafts: strictBool('includeDrafts').default(false),
    ...(kind === 'news'
      ? { label: yup.string().trim().max(60).nullable().label('label') }
      : { tag: yup.string().trim().max(40).nullable().label('tag') }),
  });

export function learningPostRoutes(app: FastifyInstance, { db }: RouteContext) {
  for (const kind of ['news', 'knowledge'] as const) {
    const base = `/api/v2/posts/${kind}`;
    const byIdParam = kind === 'news' ? 'newsId' : 'id';

    app.post(`${base}/list`, async (req) => {
      const me = await requireUser(db, req);
      const o = await validate(listSchema(kind), req.body);
      if (o.includeDrafts) ensure(me.can.canEditLearning);
      const label = 'label' in o ? (o.label as string | null | undefined) : undefined;
      const tag = 'tag' in o ? (o.tag as string | null | undefined) : undefined;
      const { items, total } = await listPosts(db, kind, { ...o, label, tag, includeDrafts: !!o.includeDrafts });
      const extra = kind === 'news' ? { labels: await listLabels(db, !!o.includeDrafts) } : { tags: await listTags(db, !!o.includeDrafts) };
      return { data: { [kind]: items, total, page: o.page, pageSize: o.pageSize, ...extra } };
    });

    app.get(`${base}/:${byIdParam}`, async (req) => {
      const me = await requireUser(db, req);
      const params = await validate(idParams(byIdParam), req.params);
      const item = await getPost(db, kind, params[byIdParam] as string);
      if (!item || (item.status !== 'published' && !me.can.canEditLearning)) throw notFoundError(NOT_FOUND[kind]);
      return { error: false, errorMessage: null, data: { [kind]: item } };
    });

    app.post(base, async (req) => {
      const me = await requireUser(db, req);
      ensure(me.can.canEditLearning);
      const input = await validate(createSchema(kind), req.body);
      const item = await createPost(db, kind, input as Parameters<typeof createPost>[2], me.user._id);
      return { data: { [kind]: item } };
    });

    app.patch(`${base}/:id`, async (req) => {
      const me = await requireUser(db, req);
      ensure(me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      const patch = definedEntries(await validate(patchSchema(kind), req.body));
      const item = await updatePost(db, kind, id as string, patch as Parameters<typeof updatePost>[3]);
      if (!item) throw notFoundError(NOT_FOUND[kind]);
      return { data: { [kind]: item } };
    });

    for (const action of ['publish', 'unpublish'] as const) {
      app.post(`${base}/:id/${action}`, async (req) => {
        const me = await requireUser(db, req);
        ensure(me.can.canEditLearning);
        const { id } = await validate(idParams('id'), req.params);
        const item = await updatePost(db, kind, id as string, { status: action === 'publish' ? 'published' : 'draft' });
        if (!item) throw notFoundError(NOT_FOUND[kind]);
        return { data: { [kind]: item } };
      });
    }

    app.delete(`${base}/:id`, async (req) => {
      const me = await requireUser(db, req);
      ensure(me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      if (!(await deletePost(db, kind, id as string))) throw notFoundError(NOT_FOUND[kind]);
      return { data: { deleted: true } };
    });
  }
}
