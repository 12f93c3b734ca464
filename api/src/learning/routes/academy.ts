import type { FastifyInstance } from 'fastify';
import type { Attachment } from '@oyster/shared-kit/domain';
import type { AppContext } from '../../platform/context.js';
import { ensure, type Authed } from '../../platform/auth/guard.js';
import { HttpError, notFoundError, validationError } from '../../platform/errors.js';
import { definedEntries, idParams } from '../../platform/validation.js';
import { route } from '../../platform/routes.js';
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

export function academyRoutes(app: FastifyInstance, { db, media }: AppContext) {
  /** Whose progress a list shows: one's own, or an agent's for staff. */
  async function progressOwner(me: Authed, agentId: string | null | undefined): Promise<string> {
    if (!agentId || agentId === me.user._id) return me.user._id;
    ensure(me.can.isPersonal);
    const [u] = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [agentId]);
    if (!u) throw new HttpError(404, 'Агент не найден', { error: true, errorMessage: 'Агент не найден', data: null });
    return u.id;
  }

  /** Attachment sizes come from the stored files; a file that is not there is a 400, nothing saved. */
  async function resolveAttachments(list: { name: string; url: string }[] | undefined): Promise<Attachment[] | undefined> {
    if (!list) return undefined;
    const out: Attachment[] = [];
    for (const [i, a] of list.entries()) {
      const file = await statMediaFile(media, 'courses', ATTACHMENT_URL.exec(a.url)![1]);
      if (!file || file.type !== 'pdf') {
        throw validationError(`Поле «attachments[${i}].url»: файл ${a.url} не найден — сначала загрузите PDF`, `attachments[${i}].url`);
      }
      out.push({ name: a.name, url: a.url, size: file.size });
    }
    return out;
  }

  async function courseOr404(me: Authed, userId: string, id: string) {
    const course = await getCourse(db, userId, id);
    if (!course || (course.status !== 'published' && !seesDrafts(me))) throw notFoundError(COURSE_NOT_FOUND);
    return course;
  }

  const byId = idParams('id');
  const byLesson = idParams('lessonId');

  route(app, { method: 'POST', url: '/api/v2/academy/courses/get-list-admin', summary: 'Академия: курсы (для сотрудников, с черновиками)', access: 'isPersonal', body: courseListSchema }, async (req) => ({
    data: { courses: await listCourses(db, await progressOwner(req.me, req.body.agentId), true) },
  }));

  route(app, { method: 'POST', url: '/api/v2/academy/courses/get-list-user', summary: 'Академия: опубликованные курсы', body: courseListSchema }, async (req) => ({
    data: { courses: await listCourses(db, await progressOwner(req.me, req.body.agentId), false) },
  }));

  route(app, { method: 'GET', url: '/api/v2/academy/courses/:id', summary: 'Академия: курс', params: byId }, async (req) => ({
    data: { course: await courseOr404(req.me, req.me.user._id, req.params.id) },
  }));

  route(
    app,
    { method: 'POST', url: '/api/v2/academy/courses/:id/lessons/:lessonId/progress', summary: 'Академия: отметить урок', params: idParams('id', 'lessonId'), body: progressSchema },
    async (req) => {
      const { me } = req;
      const { id, lessonId } = req.params;
      const { completed } = req.body;
      const course = await courseOr404(me, me.user._id, id);
      if (!course.lessons.some((l) => l._id === lessonId)) throw notFoundError(LESSON_NOT_FOUND);
      const progress = await setProgress(db, me.user._id, id, lessonId, completed);
      return { data: { progress, lesson: { _id: lessonId, completed } } };
    },
  );

  // ---- editing (copywriters, admins)
  route(app, { method: 'POST', url: '/api/v2/academy/courses', summary: 'Академия: создать курс', access: 'canEditLearning', body: courseCreateSchema }, async (req) => {
    const id = await createCourse(db, req.body as CourseWrite);
    return { data: { course: await getCourse(db, req.me.user._id, id) } };
  });

  route(app, { method: 'PATCH', url: '/api/v2/academy/courses/:id', summary: 'Академия: изменить курс', access: 'canEditLearning', params: byId, body: coursePatchSchema }, async (req) => {
    const { id } = req.params;
    const patch = definedEntries(req.body);
    if (!(await updateCourse(db, id, patch as Partial<CourseWrite>))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { course: await getCourse(db, req.me.user._id, id) } };
  });

  for (const action of ['publish', 'unpublish'] as const) {
    const summary = `Академия: ${action === 'publish' ? 'опубликовать' : 'снять с публикации'} курс`;
    route(app, { method: 'POST', url: `/api/v2/academy/courses/:id/${action}`, summary, access: 'canEditLearning', params: byId }, async (req) => {
      const { id } = req.params;
      if (!(await updateCourse(db, id, { status: action === 'publish' ? 'published' : 'draft' }))) throw notFoundError(COURSE_NOT_FOUND);
      return { data: { course: await getCourse(db, req.me.user._id, id) } };
    });
  }

  route(app, { method: 'DELETE', url: '/api/v2/academy/courses/:id', summary: 'Академия: удалить курс', access: 'canEditLearning', params: byId }, async (req) => {
    if (!(await deleteCourse(db, req.params.id))) throw notFoundError(COURSE_NOT_FOUND);
    return { data: { deleted: true } };
  });

  route(app, { method: 'POST', url: '/api/v2/academy/courses/:id/lessons', summary: 'Академия: добавить урок', access: 'canEditLearning', params: byId, body: lessonCreateSchema }, async (req) => {
    const { id } = req.params;
    const input = req.body;
    const attachments = await resolveAttachments(input.attachments);
    const lessonId = await db.tx(async (q) => {
      const [c] = await q.query('SELECT id FROM courses WHERE id = $1 FOR UPDATE', [id]);
      if (!c) throw notFoundError(COURSE_NOT_FOUND);
      return createLesson(q, id, { ...(input as LessonWrite), attachments });
    });
    return { data: { lesson: await getLesson(db, req.me.user._id, lessonId) } };
  });

  route(app, { method: 'PATCH', url: '/api/v2/academy/lessons/:lessonId', summary: 'Академия: изменить урок', access: 'canEditLearning', params: byLesson, body: lessonPatchSchema }, async (req) => {
    const { lessonId } = req.params;
    const patch = definedEntries(req.body);
    const attachments = await resolveAttachments(patch.attachments);
    const ok = await db.tx((q) => updateLesson(q, lessonId, { ...(patch as Partial<LessonWrite>), ...(attachments ? { attachments } : {}) }));
    if (!ok) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { lesson: await getLesson(db, req.me.user._id, lessonId) } };
  });

  route(app, { method: 'DELETE', url: '/api/v2/academy/lessons/:lessonId', summary: 'Академия: удалить урок', access: 'canEditLearning', params: byLesson }, async (req) => {
    if (!(await db.tx((q) => deleteLesson(q, req.params.lessonId)))) throw notFoundError(LESSON_NOT_FOUND);
    return { data: { deleted: true } };
  });
}
