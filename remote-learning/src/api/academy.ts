/** Academy: courses, lessons and the user's progress (`/api/v2/academy/…`). */
import { type CourseDetails, type CourseInput, type CourseSummary, type LessonInput, type Progress } from '@oyster/shared-kit/domain';
import { type RequestOptions } from '@oyster/shared-kit/runtime';
import { API, http, notFoundUnlessId, unwrapItem, type ItemAnswer } from './client';

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
