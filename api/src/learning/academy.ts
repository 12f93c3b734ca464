import type { Attachment, CourseDetails, CourseInput, CourseSummary, Lesson, LessonInput, PublicationStatus } from '@oyster/shared-kit/domain';
import { newId, type Queryable } from '../platform/db.js';
import { isoTime, updateSet } from '../platform/sql.js';
import { publishedAtSet } from './posts.js';
import { sanitizeHtml } from '../platform/sanitize.js';

/** Academy: courses, their lessons and each user's progress. */

interface CourseRow {
  id: string;
  title: string;
  description: string;
  cover_image_url: string | null;
  status: PublicationStatus;
  position: number;
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  lessons_count: number;
  completed: number;
}

interface LessonRow {
  id: string;
  course_id: string;
  title: string;
  text: string;
  video_url: string | null;
  attachments: Attachment[] | string;
  position: number;
  completed: boolean;
}

const toCourse = (r: CourseRow): CourseSummary => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  coverImageUrl: r.cover_image_url,
  status: r.status,
  position: r.position,
  lessonsCount: r.lessons_count,
  progress: { completed: r.completed, total: r.lessons_count },
  publishedAt: isoTime(r.published_at),
  createdAt: isoTime(r.created_at),
  updatedAt: isoTime(r.updated_at),
});

const toLesson = (r: LessonRow): Lesson => ({
  _id: r.id,
  courseId: r.course_id,
  title: r.title,
  text: r.text,
  videoUrl: r.video_url,
  attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments ?? [],
  position: r.position,
  completed: !!r.completed,
});

// $1 = whose progress.
const COURSE_SELECT = `
  SELECT c.*,
    (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id) AS lessons_count,
    (SELECT count(*)::int FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id
      WHERE l.course_id = c.id AND p.user_id = $1) AS completed
  FROM courses c`;

export async function listCourses(q: Queryable, userId: string, includeDrafts: boolean): Promise<CourseSummary[]> {
  const rows = await q.query<CourseRow>(
    `${COURSE_SELECT} ${includeDrafts ? '' : `WHERE c.status = 'published'`} ORDER BY c.position, c.created_at, c.id`,
    [userId],
  );
  return rows.map(toCourse);
}

export async function getCourse(q: Queryable, userId: string, id: string): Promise<CourseDetails | null> {
  const [row] = await q.query<CourseRow>(`${COURSE_SELECT} WHERE c.id = $2`, [userId, id]);
  if (!row) return null;
  const lessons = await q.query<LessonRow>(
    `SELECT l.*, EXISTS (SELECT 1 FROM lesson_progress p WHERE p.lesson_id = l.id AND p.user_id = $1) AS completed
       FROM lessons l WHERE l.course_id = $2 ORDER BY l.position, l.created_at, l.id`,
    [userId, id],
  );
  return { ...toCourse(row), lessons: lessons.map(toLesson) };
}

/** What createCourse takes: the wire input; the description may be left out (''). */
export type CourseWrite = Omit<CourseInput, 'description'> & Partial<Pick<CourseInput, 'description'>>;

const COURSE_COLUMNS = { title: 'title', description: 'description', coverImageUrl: 'cover_image_url', position: 'position', status: 'status' };

export async function createCourse(q: Queryable, input: CourseWrite): Promise<string> {
  const id = newId();
  const status = input.status ?? 'draft';
  await q.query(
    `INSERT INTO courses (id, title, description, cover_image_url, status, position, published_at)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, (SELECT coalesce(max(position), 0) + 1 FROM courses)), CASE WHEN $5 = 'published' THEN now() END)`,
    [id, input.title, input.description ?? '', input.coverImageUrl ?? null, status, input.position ?? null],
  );
  return id;
}

export async function updateCourse(q: Queryable, id: string, patch: Partial<CourseWrite>): Promise<boolean> {
  const { sql, params } = updateSet(COURSE_COLUMNS, patch, 2, [...publishedAtSet(patch.status), 'updated_at = now()']);
  const rows = await q.query(`UPDATE courses SET ${sql} WHERE id = $1 RETURNING id`, [id, ...params]);
  return rows.length > 0;
}

export async function deleteCourse(q: Queryable, id: string): Promise<boolean> {
  return (await q.query('DELETE FROM courses WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** What createLesson takes: the wire input; text and attachments may be left out. */
export type LessonWrite = Omit<LessonInput, 'text' | 'attachments'> & Partial<Pick<LessonInput, 'text' | 'attachments'>>;

const LESSON_COLUMNS = { title: 'title', text: 'text', videoUrl: 'video_url', attachments: { column: 'attachments', cast: '::jsonb' } };

/** Puts `id` (if given) at 1-based `position` among its siblings and renumbers them 1..n. */
async function place(q: Queryable, courseId: string, id: string | null, position?: number) {
  const rows = await q.query<{ id: string }>('SELECT id FROM lessons WHERE course_id = $1 ORDER BY position, created_at, id', [courseId]);
  const ids = rows.map((r) => r.id).filter((x) => x !== id);
  if (id) ids.splice(position === undefined ? ids.length : Math.min(Math.max(position - 1, 0), ids.length), 0, id);
  for (const [i, lessonId] of ids.entries()) {
    await q.query('UPDATE lessons SET position = $2 WHERE id = $1 AND position <> $2', [lessonId, i + 1]);
  }
}

export async function createLesson(q: Queryable, courseId: string, input: LessonWrite): Promise<string> {
  const id = newId();
  await q.query(
    `INSERT INTO lessons (id, course_id, title, text, video_url, attachments, position)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, 2147483647)`,
    [id, courseId, input.title, sanitizeHtml(input.text ?? ''), input.videoUrl ?? null, JSON.stringify(input.attachments ?? [])],
  );
  await place(q, courseId, id, input.position);
  return id;
}

export async function getLesson(q: Queryable, userId: string, id: string): Promise<Lesson | null> {
  const [row] = await q.query<LessonRow>(
    `SELECT l.*, EXISTS (SELECT 1 FROM lesson_progress p WHERE p.lesson_id = l.id AND p.user_id = $1) AS completed
       FROM lessons l WHERE l.id = $2`,
    [userId, id],
  );
  return row ? toLesson(row) : null;
}

export async function updateLesson(q: Queryable, id: string, patch: Partial<LessonWrite>): Promise<boolean> {
  const [cur] = await q.query<{ course_id: string }>('SELECT course_id FROM lessons WHERE id = $1', [id]);
  if (!cur) return false;
  const { sql, params } = updateSet(LESSON_COLUMNS, {
    ...patch,
    text: patch.text === undefined ? undefined : sanitizeHtml(patch.text),
    attachments: patch.attachments === undefined ? undefined : JSON.stringify(patch.attachments),
  }, 2, ['updated_at = now()']);
  await q.query(`UPDATE lessons SET ${sql} WHERE id = $1`, [id, ...params]);
  if (patch.position !== undefined) await place(q, cur.course_id, id, patch.position);
  return true;
}

export async function deleteLesson(q: Queryable, id: string): Promise<boolean> {
  const [row] = await q.query<{ course_id: string }>('DELETE FROM lessons WHERE id = $1 RETURNING course_id', [id]);
  if (!row) return false;
  await place(q, row.course_id, null);
  return true;
}

/** Marks a lesson done (or not) for one user; answers the course's progress for that user. */
export async function setProgress(q: Queryable, userId: string, courseId: string, lessonId: string, completed: boolean) {
  if (completed) {
    await q.query('INSERT INTO lesson_progress (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, lessonId]);
  } else {
    await q.query('DELETE FROM lesson_progress WHERE user_id = $1 AND lesson_id = $2', [userId, lessonId]);
  }
  const [r] = await q.query<{ completed: number; total: number }>(
    `SELECT (SELECT count(*)::int FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id WHERE l.course_id = $2 AND p.user_id = $1) AS completed,
            (SELECT count(*)::int FROM lessons WHERE course_id = $2) AS total`,
    [userId, courseId],
  );
  return { completed: r.completed, total: r.total };
}
