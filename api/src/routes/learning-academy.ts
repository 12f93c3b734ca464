import type { FastifyInstance } from 'fastify';
import type { RouteContext } from './context.js';
import { ensure, requireUser, type Authed } from '../auth/guard.js';
import { HttpError, objectIdSchema, validate, yup } from '../validation.js';
import {
  createCourse, createLesson, deleteCourse, deleteLesson, getCourse, getLesson, listCourses, setProgress, updateCourse, updateLesson,
  type Attachment,
} from '../learning/academy.js';
import { definedEntries, httpsUrlSchema, idParams, imageUrlSchema, notFoundError, statusSchema, textField } from '../learning/schemas.js';
import { statMediaFile } from '../learning/media.js';

/**
 * Academy (spec §6, §7): staff (isPersonal) get the admin list with drafts, everyone else the
 * published courses; each user's lesson progress is kept on the server. Editors change courses.
 */
const COURSE_NOT_FOUND = 'Курс не найден';
const LESSON_NOT_FOUND = 'Урок не найден';

const listSchema = yup.object({ agentId: objectIdSchema.nullable().label('agentId') });

const courseFields = {
  title: textField('title', 200),
  description: yup.string().trim().max(2000).label('description'),
  coverImageUrl: imageUrlSchema('coverImageUrl'),
  status: statusSchema,
  position: yup.number().integer().min(0).max(100_000).label('position'),
};
const courseCreate = yup.object({ ...courseFields, title: courseFields.title.required() });
const coursePatch = yup.object(courseFields);

const ATTACHMENT_URL = /^\/media\/courses\/([a-z0-9][a-z0-9_-]{0,100}\.pdf)$/;
const attachmentsSchema = yup
  .array(
    yup.object({
      name: yup.string().trim().min(1).max(200).required(),
      url: yup
        .string()
        .trim()
        .required()
        .matches(ATTACHMENT_URL, 'Поле «${path}»: допустим PDF, загруженный в /media/courses/')

    }),
  )
  .max(10, 'Поле «attachments»: не больше 10 файлов')
  .label('attachments');

const lessonFields = {
  title: textField('title', 200),
  text: yup.string().max(200_000).label('text'),
  videoUrl: httpsUrlSchema('videoUrl'),
  attachments: attachmentsSchema,
  position: yup.number().integer().min(1).max(10_000).label('position'),
};
const lessonCreate = yup.object({ ...lessonFields, title: lessonFields.title.required() });
const lessonPatch = yup.object(lessonFields);
const progressSchema = yup.object({ completed: yup.boolean().strict().required().label('completed') });

/** Draft courses are seen by staff (they get the admin list) and editors. */
const seesDrafts = (me: Authed) => me.can.isPersonal || me.can.canEditLearning;

export function learningAcademyRoutes(app: FastifyInstance, { db, mediaDir }: RouteContext) {
  /** Whose progress a list shows: one's own, or an agent's for staff. */
  async function progressOwner(me: Authed, agentId: string | null | undefined): Promise<string> {
    if (!agentId || agentId === me.user._id) return me.user._id;
    ensure(me.can.isPersonal);
    const [u] = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [agentId]);
    if (!u) throw new HttpError(404, 'Агент не найден', { error: true, errorMessage: 'Агент не найден', data: null });
    return u.id;
  }

  /** Attachment sizes come from the stored files; a file that is not there is a 400, nothing saved. */
  function resolveAttachments(list: { name: string; url: string }[] | undefined): Attachment[] | undefined {
    if (!list) return undefined;
    return list.map((a, i) => {
      const file = statMediaFile(mediaDir, 'courses', ATTACHMENT_URL.exec(a.url)![1]);
      if (!file || file.type !== 'pdf') {
        throw new HttpError(400, `Поле «attachments[${i}].url»: файл ${a.url} не найден — сначала загрузите PDF`, {
          error: true, type: 'validation', field: `attachments[${i}].url`,
        });
      }
      return { name: a.name, url: a.url, size: file.size };
    });
  }

  async function courseOr404(me: Authed, userId: string, id: string) {
    const course = await getCourse(db, userId, id);
    if (!course || (course.status !== 'published' && !seesDrafts(me))) throw notFoundError(COURSE_NOT_FOUND);
    return course;
  }

  app.post('/api/v2/academy/courses/get-list-admin', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.isPersonal);
    const { agentId } = await validate(listSchema, req.body);
    return { data: { courses: await listCourses(db, await progressOwner(me, agentId), true) } };
  });

  app.post('/api/v2/academy/courses/get-list-user', async (req) => {
    const me = await requireUser(db, req);
    const { agentId } = await validate(listSchema, req.body);
    return { data: { courses: await listCourses(db, await progressOwner(me, agentId), false) } };
  });

  app.get('/api/v2/academy/courses/:id', async (req) => {
    const me = await requireUser(db, req);
    const { id } = await validate(idParams('id'), req.params);
    return { data: { course: await courseOr404(me, me.user._id, id as string) } };
  });

  app.post('/api/v2/academy/courses/:id/lessons/:lessonId/progress', async (req) => {
    const me = await requireUser(db, req);
    const { id, lessonId } = await validate(yup.object({ id: objectIdSchema.required(), lessonId: objectIdSchema.required() }), req.params);
    const { completed } = await validate(progressSchema, req.body);
    const course = await courseOr404(me, me.user._id, id);
    if (!course.lessons.some((l) => l._id === lessonId)) throw notFoundError(LESSON_NOT_FOUND);
    const progress = await setProgress(db, me.user._id, id, lessonId, completed);
    return { data: { progress, lesson: { _id: lessonId, completed } } };
  });

  // ---- editing (copywriters, admins)
  app.post('/api/v2/academy/courses', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const input = await validate(courseCreate, req.body);
    const id = await createCourse(db, input as Parameters<typeof createCourse>[1]);
    return { data: { course: await getCourse(db, me.user._id, id) } };
  });

  app.patch('/api/v2/academy/courses/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const patch = definedEntries(await validate(coursePatch, req.body));
    if (!(await updateCourse(db, id as string, patch as Parameters<typeof updateCourse>[2]))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { course: await getCourse(db, me.user._id, id as string) } };
  });

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(`/api/v2/academy/courses/:id/${action}`, async (req) => {
      const me = await requireUser(db, req);
      ensure(me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      if (!(await updateCourse(db, id as string, { status: action === 'publish' ? 'published' : 'draft' }))) throw notFoundError(COURSE_NOT_FOUND);
      return { data: { course: await getCourse(db, me.user._id, id as string) } };
    });
  }

  app.delete('/api/v2/academy/courses/:id', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await deleteCourse(db, id as string))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { deleted: true } };
  });

  app.post('/api/v2/academy/courses/:id/lessons', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const input = await validate(lessonCreate, req.body);
    const attachments = resolveAttachments(input.attachments);
    const lessonId = await db.tx(async (q) => {
      const [c] = await q.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [id]);
      if (!c) throw notFoundError(COURSE_NOT_FOUND);
      return createLesson(q, id as string, { ...(input as Parameters<typeof createLesson>[2]), attachments });
    });
    return { data: { lesson: await getLesson(db, me.user._id, lessonId) } };
  });

  app.patch('/api/v2/academy/lessons/:lessonId', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { lessonId } = await validate(idParams('lessonId'), req.params);
    const patch = definedEntries(await validate(lessonPatch, req.body));
    const attachments = resolveAttachments(patch.attachments);
    const ok = await db.tx((q) => updateLesson(q, lessonId as string, { ...(patch as Parameters<typeof updateLesson>[2]), ...(attachments ? { attachments } : {}) }));
    if (!ok) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { lesson: await getLesson(db, me.user._id, lessonId as string) } };
  });

  app.delete('/api/v2/academy/lessons/:lessonId', async (req) => {
    const me = await requireUser(db, req);
    ensure(me.can.canEditLearning);
    const { lessonId } = await validate(idParams('lessonId'), req.params);
    if (!(await db.tx((q) => deleteLesson(q, lessonId as string)))) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
