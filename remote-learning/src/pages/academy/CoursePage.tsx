import * as React from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatFileSize, type Lesson } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { countText, EmptyState, PageFrame, useAccess, useItemPage } from '@oyster/shared-kit/ui/screens';
import { deleteCourse, getCourse, setCoursePublished, setLessonCompleted } from '../../api/academy';
import { CourseProgress } from '../../components/CourseProgress';
import { PUBLICATION_TEXTS, PublicationActions } from '../../components/editing';
import { RichText } from '../../components/RichText';
import { DraftMark } from '../../components/Tags';
import { itemFrame } from '../../components/texts';
import { paths } from '../../paths';

const FRAME = itemFrame({ to: paths.academy(), label: 'Все курсы' });

function LessonBody({ lesson }: { lesson: Lesson }) {
  return (
    <div className="oy-learn-lesson__content">
      {lesson.text ? <RichText html={lesson.text} /> : null}
      {lesson.videoUrl || lesson.attachments.length ? (
        <ul className="oy-learn-files" aria-label="Материалы урока">
          {lesson.videoUrl ? (
            <li>
              <a href={lesson.videoUrl} target="_blank" rel="noopener noreferrer" className="oy-learn-file oy-learn-file--video">
                <span className="oy-learn-file__icon" aria-hidden="true">▶</span>
                <span className="oy-learn-file__name">Смотреть видео</span>
                <span className="oy-learn-file__meta">откроется в новой вкладке</span>
              </a>
            </li>
          ) : null}
          {lesson.attachments.map((f) => (
            <li key={f.url}>
              <a href={f.url} target="_blank" rel="noopener noreferrer" download={f.name} className="oy-learn-file">
                <span className="oy-learn-file__icon" aria-hidden="true">PDF</span>
                <span className="oy-learn-file__name">{f.name}</span>
                <span className="oy-learn-file__meta">{formatFileSize(f.size)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * academy/:courseId — a course and its lessons (text, video link, attached PDFs). Marking a lesson done
 * saves the user's progress on the server and updates the bar. ?lesson=<id> opens that lesson.
 */
export default function CoursePage() {
  const { courseId = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const page = useItemPage((signal) => getCourse(courseId, signal), [courseId], FRAME);
  const [saving, setSaving] = React.useState<string | null>(null);
  if (!page.ready) return page.placeholder;

  const { data: course, update } = page;
  // The open lesson: the one in the URL, otherwise the first not yet completed.
  const openId = query.get('lesson') ?? course.lessons.find((l) => !l.completed)?._id ?? null;
  const showLesson = (id: string) =>
    setQuery(
      (q) => {
        const next = new URLSearchParams(q);
        next.set('lesson', id);
        return next;
      },
      { replace: true },
    );
  const toggleOpen = (id: string) => showLesson(openId === id ? '' : id);

  const mark = async (lesson: Lesson, completed: boolean) => {
    // pin the lesson first: once marked it is no longer «the first unfinished» and must stay open
    showLesson(lesson._id);
    setSaving(lesson._id);
    try {
      const progress = await setLessonCompleted(course._id, lesson._id, completed);
      update((c) => ({ ...c, progress, lessons: c.lessons.map((l) => (l._id === lesson._id ? { ...l, completed } : l)) }));
    } catch {
      // the shell showed why; the mark stays as it was
    } finally {
      setSaving(null);
    }
  };

  return (
    <PageFrame title={course.title} back={FRAME.back}>
      <section className="oy-learn-panel oy-learn-course-head">
        <div className="oy-learn-meta">
          <span>{countText(course.lessons.length, ['урок', 'урока', 'уроков'])}</span>
          <DraftMark status={course.status} />
        </div>
        {course.description ? <p className="oy-learn-article__lead">{course.description}</p> : null}
        <CourseProgress progress={course.progress} />
        {canEditLearning ? (
          <PublicationActions
            status={course.status}
            editTo={paths.courseEdit(course._id)}
            texts={PUBLICATION_TEXTS.course}
            onSetPublished={async (published) => {
              await setCoursePublished(course._id, published);
              update((c) => ({ ...c, status: published ? 'published' : 'draft' }));
            }}
            onDelete={async () => {
              await deleteCourse(course._id);
              navigate(paths.academy(), { replace: true });
            }}
          />
        ) : null}
      </section>

      {course.lessons.length === 0 ? (
        <EmptyState text="Уроков в этом курсе пока нет" />
      ) : (
        <ol className="oy-learn-lessons" aria-label="Уроки">
          {course.lessons.map((lesson, i) => {
            const open = lesson._id === openId;
            return (
              <li key={lesson._id} className={`oy-learn-lesson${lesson.completed ? ' oy-learn-lesson--done' : ''}${open ? ' oy-learn-lesson--open' : ''}`}>
                <button
                  type="button"
                  className="oy-learn-lesson__head"
                  aria-expanded={open}
                  aria-controls={`lesson-${lesson._id}`}
                  onClick={() => toggleOpen(lesson._id)}
                >
                  <span className="oy-learn-lesson__num" aria-hidden="true">
                    {lesson.completed ? '✓' : i + 1}
                  </span>
                  <span className="oy-learn-lesson__title">{lesson.title}</span>
                  {lesson.completed ? <span className="oy-learn-lesson__state">Пройден</span> : null}
                  <span className="oy-learn-lesson__chevron" aria-hidden="true">
                    {open ? '▴' : '▾'}
                  </span>
                </button>
                {open ? (
                  <div id={`lesson-${lesson._id}`} className="oy-learn-lesson__panel">
                    <LessonBody lesson={lesson} />
                    <div className="oy-learn-lesson__actions">
                      {lesson.completed ? (
                        <>
                          {course.lessons[i + 1] ? (
                            <Button type="primary" onClick={() => showLesson(course.lessons[i + 1]._id)}>
                              Следующий урок
                            </Button>
                          ) : null}
                          <Button loading={saving === lesson._id} onClick={() => mark(lesson, false)}>
                            Снять отметку «Пройден»
                          </Button>
                        </>
                      ) : (
                        <Button type="primary" loading={saving === lesson._id} onClick={() => mark(lesson, true)}>
                          Отметить как пройденный
                        </Button>
                      )}
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </PageFrame>
  );
}
