import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LEARNING_PAGE_SIZE } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { listNews } from '../../api';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { PostCard } from '../../components/PostCard';
import { useAccess } from '../../components/session';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/states';
import { LabelLink } from '../../components/Tags';
import { pageFromQuery } from '../../components/format';
import { useLoad } from '../../components/useLoad';
import { paths } from '../../paths';

/** news: the news list, newest first, filtered by a label (?label=) and paged (?page=). */
export default function NewsListPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const label = query.get('label') || null;
  const page = pageFromQuery(query.get('page'));
  const { state, reload } = useLoad(
    (signal) => listNews({ page, pageSize: LEARNING_PAGE_SIZE, label, includeDrafts: canEditLearning || undefined }, { signal }),
    [page, label, canEditLearning],
    { keepPrevious: true },
  );

  const labels = state.status === 'ready' ? state.data.labels : [];
  return (
    <PageFrame
      title="Новости"
      section="news"
      extra={
        canEditLearning ? (
          <Button type="primary" onClick={() => navigate(paths.newsNew())}>
            Добавить новость
          </Button>
        ) : null
      }
    >
      {labels.length ? (
        <nav className="oy-learn-filter" aria-label="Метки">
          <Link to={paths.newsList()} className={`oy-learn-chip${!label ? ' oy-learn-chip--active' : ''}`} aria-current={!label ? 'true' : undefined}>
            Все
          </Link>
          {labels.map((l) => (
            <Link
              key={l}
              to={paths.newsList({ label: l })}
              className={`oy-learn-chip${l === label ? ' oy-learn-chip--active' : ''}`}
              aria-current={l === label ? 'true' : undefined}
            >
              {l}
            </Link>
          ))}
        </nav>
      ) : null}

      {state.status === 'loading' ? (
        <LoadingBlock rows={4} />
      ) : state.status === 'error' ? (
        <ErrorState title="Не удалось загрузить новости" message={state.message} onRetry={reload} />
      ) : state.data.items.length === 0 ? (
        label ? (
          <EmptyState text={`Новостей с меткой «${label}» нет`}>
            <Button onClick={() => navigate(paths.newsList())}>Показать все новости</Button>
          </EmptyState>
        ) : (
          <EmptyState text="Новостей пока нет">
            {canEditLearning ? (
              <Button type="primary" onClick={() => navigate(paths.newsNew())}>
                Добавить новость
              </Button>
            ) : null}
          </EmptyState>
        )
      ) : (
        <div className={`oy-learn-list${state.refreshing ? ' oy-learn-list--refreshing' : ''}`} aria-busy={state.refreshing || undefined}>
          {state.data.items.map((n) => (
            <PostCard
              key={n._id}
              to={paths.news(n._id)}
              title={n.title}
              summary={n.summary}
              date={n.publishedAt ?? n.createdAt}
              coverImageUrl={n.coverImageUrl}
              status={n.status}
              meta={<LabelLink label={n.label} />}
            />
          ))}
          <Pager
            page={state.data.page}
            pageSize={state.data.pageSize}
            total={state.data.total}
            onChange={(p) => {
              navigate(paths.newsList({ label, page: p }));
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}
    </PageFrame>
  );
}
