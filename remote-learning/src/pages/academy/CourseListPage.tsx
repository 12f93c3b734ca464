import * as React from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { countText, EmptyState, Loaded, PageFrame, useAccess, useLoad, useSessionUser } from '@oyster/shared-kit/ui/screens';
import { listCourses } from '../../api/academy';
import { CourseProgress } from '../../components/CourseProgress';
import { DraftMark } from '../../components/Tags';
import { paths } from '../../paths';

/**
 * academy: the courses with the user's progress. Personal (staff) users get the admin list, everyone
 * else the user list (spec §6, access().courseListKind).
 */
export default function CourseListPage() {
  const user = useSessionUser();
  const { courseListKind, canEditLearning } = useAccess();
  const navigate = useNavigate();
  const agentId = courseListKind === 'user' ? user?._id : undefined;
  const load = useLoad((signal) => listCourses(courseListKind, agentId, { signal }), [courseListKind, agentId]);

  return (
    <PageFrame
      title="Обучение"
      section="academy"
      extra={
        canEditLearning ? (
          <Button type="primary" onClick={() => navigate(paths.courseNew())}>
            Добавить курс
          </Button>
        ) : null
      }
    >
      <Loaded
        load={load}
        loading={{ rows: 4, variant: 'grid' }}
        errorTitle="Не удалось загрузить курсы"
        isEmpty={(courses) => courses.length === 0}
        empty={
          <EmptyState text="Курсов пока нет">
            {canEditLearning ? (
              <Button type="primary" onClick={() => navigate(paths.courseNew())}>
                Добавить курс
              </Button>
            ) : null}
          </EmptyState>
        }
      >
        {(courses) => (
          <ul className="oy-learn-grid" aria-label="Курсы">
            {courses.map((c) => (
              <li key={c._id} className="oy-learn-card oy-learn-course">
                <Link to={paths.course(c._id)} className="oy-learn-course__cover" tabIndex={-1} aria-hidden="true">
                  {c.coverImageUrl ? <img src={c.coverImageUrl} alt="" loading="lazy" /> : <span className="oy-learn-course__placeholder">{c.title.slice(0, 1)}</span>}
                </Link>
                <div className="oy-learn-course__body">
                  <div className="oy-learn-meta">
                    <span>{countText(c.lessonsCount, ['урок', 'урока', 'уроков'])}</span>
                    <DraftMark status={c.status} />
                  </div>
                  <h2 className="oy-learn-post__title">
                    <Link to={paths.course(c._id)}>{c.title}</Link>
                  </h2>
                  {c.description ? <p className="oy-learn-post__summary oy-learn-clamp-3">{c.description}</p> : null}
                  <CourseProgress progress={c.progress} size="small" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </PageFrame>
  );
}
