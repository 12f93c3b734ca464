import type { FastifyInstance } from 'fastify';
import type { Attachment } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure, type Authed } from '../../platform/auth/guard.js';
import { HttpError, notFoundError, validationError } from '../../platform/errors.js';
import { definedEntries, idParams, validate } from '../../platform/validation.js';
import {
  createCourse, createLesson, deleteCourse, deleteLesson, getCourse, getLesson, listCourses, setProgress, updateCourse, updateLesson,
  type CourseWrite, type LessonWrite,
} from '../academy.js';
import {
  ATTACHMENT_URL, courseCreateSchema, courseListSchema, coursePatchSchema, lessonCreateSchema, lessonPatchSchema, progressSchema,
} from '../schemas.js';
import { statMediaFile } from '../media.js';

/**
 * Academy (spec §6, §7): staff (isPersonal) get the admin list with drafts, everyone else the
 * published courses; each user's lesson progress is kept on the server. Editors change courses.
 */
const COURSE_NOT_FOUND = 'Курс не найден';
const LESSON_NOT_FOUND = 'Урок не найден';

/** Draft courses are seen by staff (they get the admin list) and editors. */
const seesDrafts = (me: Authed) => me.can.isPersonal || me.can.canEditLearning;

export function academyRoutes(app: FastifyInstance, { db, mediaDir }: AppContext) {
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
        throw validationError(`Поле «attachments[${i}].url»: файл ${a.url} не найден — сначала загрузите PDF`, `attachments[${i}].url`);
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
    ensure(req.me.can.isPersonal);
    const { agentId } = await validate(courseListSchema, req.body);
    return { data: { courses: await listCourses(db, await progressOwner(req.me, agentId), true) } };
  });

  app.post('/api/v2/academy/courses/get-list-user', async (req) => {
    const { agentId } = await validate(courseListSchema, req.body);
    return { data: { courses: await listCourses(db, await progressOwner(req.me, agentId), false) } };
  });

  app.get('/api/v2/academy/courses/:id', async (req) => {
    const { id } = await validate(idParams('id'), req.params);
    return { data: { course: await courseOr404(req.me, req.me.user._id, id) } };
  });

  app.post('/api/v2/academy/courses/:id/lessons/:lessonId/progress', async (req) => {
    const { me } = req;
    const { id, lessonId } = await validate(idParams('id', 'lessonId'), req.params);
    const { completed } = await validate(progressSchema, req.body);
    const course = await courseOr404(me, me.user._id, id);
    if (!course.lessons.some((l) => l._id === lessonId)) throw notFoundError(LESSON_NOT_FOUND);
    const progress = await setProgress(db, me.user._id, id, lessonId, completed);
    return { data: { progress, lesson: { _id: lessonId, completed } } };
  });

  // ---- editing (copywriters, admins)
  app.post('/api/v2/academy/courses', async (req) => {
    ensure(req.me.can.canEditLearning);
    const input = await validate(courseCreateSchema, req.body);
    const id = await createCourse(db, input as CourseWrite);
    return { data: { course: await getCourse(db, req.me.user._id, id) } };
  });

  app.patch('/api/v2/academy/courses/:id', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const patch = definedEntries(await validate(coursePatchSchema, req.body));
    if (!(await updateCourse(db, id, patch as Partial<CourseWrite>))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { course: await getCourse(db, req.me.user._id, id) } };
  });

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(`/api/v2/academy/courses/:id/${action}`, async (req) => {
      ensure(req.me.can.canEditLearning);
      const { id } = await validate(idParams('id'), req.params);
      if (!(await updateCourse(db, id, { status: action === 'publish' ? 'published' : 'draft' }))) throw notFoundError(COURSE_NOT_FOUND);
      return { data: { course: await getCourse(db, req.me.user._id, id) } };
    });
  }

  app.delete('/api/v2/academy/courses/:id', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    if (!(await deleteCourse(db, id))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { deleted: true } };
  });

  app.post('/api/v2/academy/courses/:id/lessons', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { id } = await validate(idParams('id'), req.params);
    const input = await validate(lessonCreateSchema, req.body);
    const attachments = resolveAttachments(input.attachments);
    const lessonId = await db.tx(async (q) => {
      const [c] = await q.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [id]);
      if (!c) throw notFoundError(COURSE_NOT_FOUND);
      return createLesson(q, id, { ...(input as LessonWrite), attachments });
    });
    return { data: { lesson: await getLesson(db, req.me.user._id, lessonId) } };
  });

  app.patch('/api/v2/academy/lessons/:lessonId', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { lessonId } = await validate(idParams('lessonId'), req.params);
    const patch = definedEntries(await validate(lessonPatchSchema, req.body));
    const attachments = resolveAttachments(patch.attachments);
    const ok = await db.tx((q) => updateLesson(q, lessonId, { ...(patch as Partial<LessonWrite>), ...(attachments ? { attachments } : {}) }));
    if (!ok) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { lesson: await getLesson(db, req.me.user._id, lessonId) } };
  });

  app.delete('/api/v2/academy/lessons/:lessonId', async (req) => {
    ensure(req.me.can.canEditLearning);
    const { lessonId } = await validate(idParams('lessonId'), req.params);
    if (!(await db.tx((q) => deleteLesson(q, lessonId)))) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
