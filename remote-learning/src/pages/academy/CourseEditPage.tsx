import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatFileSize, type Attachment, type CourseDetails, type Lesson, type LessonInput } from '@oyster/shared-kit/domain';
import { Button, Checkbox, Input } from '@oyster/shared-kit/ui/base';
import { Form } from '@oyster/shared-kit/ui';
import {
  ConfirmDelete,
  DOCUMENT_TYPES,
  FormButtons,
  FormDialog,
  ImageField,
  notifySaved,
  PageFrame,
  UploadButton,
  useItemPage,
} from '@oyster/shared-kit/ui/screens';
import { createCourse, createLesson, deleteLesson, getCourse, updateCourse, updateLesson } from '../../api/academy';
import { uploader } from '../../api/uploads';
import { PUBLISH_LABEL } from '../../components/editing';
import { HtmlEditor } from '../../components/HtmlEditor';
import { paths } from '../../paths';

interface CourseValues {
  title: string;
  description: string;
  coverImageUrl?: string | null;
  published: boolean;
}

const HTTPS_RULE = { pattern: /^https:\/\/\S+$/, message: 'Введите ссылку https://…' };

/** The attachments of a lesson (PDFs): a list with «Убрать» and an upload button. Form-compatible. */
function AttachmentsField({ value = [], onChange }: { value?: Attachment[]; onChange?: (v: Attachment[]) => void }) {
  return (
    <div className="oy-learn-attachments">
      {value.length ? (
        <ul className="oy-learn-files">
          {value.map((f) => (
            <li key={f.url} className="oy-learn-file oy-learn-file--row">
              <span className="oy-learn-file__icon" aria-hidden="true">PDF</span>
              <span className="oy-learn-file__name">{f.name}</span>
              <span className="oy-learn-file__meta">{formatFileSize(f.size)}</span>
              <Button type="link" size="small" onClick={() => onChange?.(value.filter((x) => x.url !== f.url))}>
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadButton
        upload={uploader('courses')}
        accept={DOCUMENT_TYPES}
        label="Прикрепить PDF"
        onUploaded={(file, original) => onChange?.([...value, { name: original.name, url: file.url, size: file.size }])}
      />
    </div>
  );
}

/** Adding or changing one lesson, in a dialog. */
function LessonDialog({
  courseId,
  lesson,
  nextPosition,
  onClose,
  onSaved,
}: {
  courseId: string;
  lesson: Lesson | null;
  nextPosition: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = async (v: LessonInput) => {
    const input: LessonInput = { ...v, title: v.title.trim(), videoUrl: v.videoUrl?.trim() || null, attachments: v.attachments ?? [] };
    if (lesson) await updateLesson(lesson._id, input);
    else await createLesson(courseId, input);
    notifySaved(lesson ? 'Урок сохранён' : 'Урок добавлен');
  };
  return (
    <FormDialog<LessonInput>
      title={lesson ? 'Изменить урок' : 'Новый урок'}
      name="lesson"
      width={760}
      onClose={onClose}
      onSubmit={save}
      onSaved={onSaved}
      initialValues={
        lesson
          ? { title: lesson.title, text: lesson.text, videoUrl: lesson.videoUrl ?? '', attachments: lesson.attachments, position: lesson.position }
          : { title: '', text: '', videoUrl: '', attachments: [], position: nextPosition }
      }
    >
      <Form.Item name="title" label="Название урока" rules={[{ required: true, whitespace: true, message: 'Введите название урока' }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="text" label="Текст урока">
        <HtmlEditor rows={8} uploadKind="courses" />
      </Form.Item>
      <Form.Item name="videoUrl" label="Ссылка на видео" rules={[HTTPS_RULE]}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="attachments" label="Материалы (PDF)">
        <AttachmentsField />
      </Form.Item>
      <Form.Item
        name="position"
        label="Порядковый номер"
        normalize={(v: string) => (v === '' ? undefined : Number(v))}
        rules={[{ type: 'integer', min: 1, max: 999, message: 'Целое число от 1 до 999' }]}
      >
        <Input type="number" min={1} max={999} step={1} style={{ width: 120 }} />
      </Form.Item>
    </FormDialog>
  );
}

function LessonsEditor({ course, onChanged }: { course: CourseDetails; onChanged: () => void }) {
  const [dialog, setDialog] = React.useState<{ lesson: Lesson | null } | null>(null);
  const nextPosition = course.lessons.reduce((m, l) => Math.max(m, l.position), 0) + 1;
  return (
    <section className="oy-learn-panel" aria-label="Уроки курса">
      <div className="oy-learn-panel__head">
        <h2 className="oy-learn-panel__title">Уроки</h2>
        <Button type="primary" onClick={() => setDialog({ lesson: null })}>
          Добавить урок
        </Button>
      </div>
      {course.lessons.length === 0 ? (
        <p className="oy-learn-hint">Уроков пока нет. Добавьте первый.</p>
      ) : (
        <ol className="oy-learn-rows">
          {course.lessons.map((l) => (
            <li key={l._id} className="oy-learn-row">
              <span className="oy-learn-row__num">{l.position}</span>
              <span className="oy-learn-row__main">
                <strong>{l.title}</strong>
                <span className="oy-learn-hint">
                  {[l.videoUrl ? 'видео' : null, l.attachments.length ? `файлов: ${l.attachments.length}` : null].filter(Boolean).join(' · ') || 'только текст'}
                </span>
              </span>
              <span className="oy-learn-row__actions">
                <Button size="small" onClick={() => setDialog({ lesson: l })}>
                  Изменить
                </Button>
                <ConfirmDelete
                  title="Удалить урок?"
                  doneText="Урок удалён"
                  onConfirm={async () => {
                    await deleteLesson(l._id);
                    onChanged();
                  }}
                >
                  <Button size="small" danger>
                    Удалить
                  </Button>
                </ConfirmDelete>
              </span>
            </li>
          ))}
        </ol>
      )}
      {dialog ? (
        <LessonDialog
          courseId={course._id}
          lesson={dialog.lesson}
          nextPosition={nextPosition}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

/** academy/new and academy/:courseId/edit (editors only): the course, then its lessons. */
export default function CourseEditPage() {
  const { courseId } = useParams();
  const navigate = useNavigate();
  const title = courseId ? 'Редактирование курса' : 'Новый курс';
  const all = { to: paths.academy(), label: 'Все курсы' };
  const back = courseId ? { to: paths.course(courseId), label: 'К курсу' } : all;
  const page = useItemPage((signal) => (courseId ? getCourse(courseId, signal) : Promise.resolve(null)), [courseId], {
    title,
    back,
    failure: { title: 'Не удалось открыть курс', back: all },
    // after a lesson is saved the course reloads under the form, which keeps what is typed
    keepPrevious: true,
  });
  const [saving, setSaving] = React.useState(false);
  if (!page.ready) return page.placeholder;
  const { data: course, reload } = page;

  const save = async (v: CourseValues) => {
    setSaving(true);
    const input = {
      title: v.title.trim(),
      description: v.description.trim(),
      coverImageUrl: v.coverImageUrl || null,
      status: v.published ? ('published' as const) : ('draft' as const),
    };
    try {
      if (course) {
        await updateCourse(course._id, input);
        notifySaved('Курс сохранён');
        setSaving(false);
        reload();
      } else {
        const created = await createCourse(input);
        notifySaved('Курс создан. Теперь добавьте уроки');
        navigate(created ? paths.courseEdit(created._id) : paths.academy(), { replace: true });
      }
    } catch {
      setSaving(false);
    }
  };

  return (
    <PageFrame title={title} back={back}>
      <div className="oy-learn-panel">
        <Form<CourseValues>
          name="course"
          layout="vertical"
          onFinish={save}
          initialValues={
            course
              ? { title: course.title, description: course.description, coverImageUrl: course.coverImageUrl, published: course.status === 'published' }
              : { title: '', description: '', coverImageUrl: null, published: false }
          }
        >
          <Form.Item name="title" label="Название курса" rules={[{ required: true, whitespace: true, message: 'Введите название курса' }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="description" label="Описание" rules={[{ required: true, whitespace: true, message: 'Введите описание' }]}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
          <Form.Item name="coverImageUrl" label="Обложка">
            <ImageField upload={uploader('courses')} />
          </Form.Item>
          <Form.Item name="published" valuePropName="checked">
            <Checkbox>{PUBLISH_LABEL}</Checkbox>
          </Form.Item>
          <FormButtons
            saving={saving}
            onCancel={() => navigate(back.to)}
            submitText={course ? 'Сохранить' : 'Создать курс'}
            cancelText={course ? 'К курсу' : 'Отмена'}
          />
        </Form>
      </div>
      {course ? <LessonsEditor course={course} onChanged={reload} /> : null}
    </PageFrame>
  );
}
