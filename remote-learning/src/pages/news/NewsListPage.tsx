import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LEARNING_PAGE_SIZE } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { EmptyState, Loaded, PagedList, PageFrame, pageFromQuery, useAccess, useLoad } from '@oyster/shared-kit/ui/screens';
import { listNews } from '../../api/posts';
import { PostCard } from '../../components/PostCard';
import { LabelLink } from '../../components/Tags';
import { paths } from '../../paths';

/** news: the news list, newest first, filtered by a label (?label=) and paged (?page=). */
export default function NewsListPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const label = query.get('label') || null;
  const page = pageFromQuery(query.get('page'));
  const load = useLoad(
    (signal) => listNews({ page, pageSize: LEARNING_PAGE_SIZE, label, includeDrafts: canEditLearning || undefined }, { signal }),
    [page, label, canEditLearning],
    { keepPrevious: true },
  );
  const add = canEditLearning ? (
    <Button type="primary" onClick={() => navigate(paths.newsNew())}>
      Добавить новость
    </Button>
  ) : null;

  const labels = load.state.status === 'ready' ? load.state.data.labels : [];
  return (
    <PageFrame title="Новости" section="news" extra={add}>
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

      <Loaded
        load={load}
        loading={{ rows: 4 }}
        errorTitle="Не удалось загрузить новости"
        isEmpty={(data) => data.items.length === 0}
        empty={
          label ? (
            <EmptyState text={`Новостей с меткой «${label}» нет`}>
              <Button onClick={() => navigate(paths.newsList())}>Показать все новости</Button>
            </EmptyState>
          ) : (
            <EmptyState text="Новостей пока нет">{add}</EmptyState>
          )
        }
      >
        {(data, refreshing) => (
          <PagedList page={data.page} pageSize={data.pageSize} total={data.total} refreshing={refreshing} onPage={(p) => navigate(paths.newsList({ label, page: p }))}>
            {data.items.map((n) => (
              <PostCard key={n._id} post={n} to={paths.news(n._id)} meta={<LabelLink label={n.label} />} />
            ))}
          </PagedList>
        )}
      </Loaded>
    </PageFrame>
  );
}
