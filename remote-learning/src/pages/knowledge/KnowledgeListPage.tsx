import * as React from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LEARNING_PAGE_SIZE, LEARNING_SEARCH_DEBOUNCE_MS } from '@oyster/shared-kit/domain';
import { Button, Input } from '@oyster/shared-kit/ui/base';
import { EmptyState, Loaded, PagedList, PageFrame, pageFromQuery, useAccess, useDebounced, useLoad } from '@oyster/shared-kit/ui/screens';
import { listKnowledge } from '../../api/posts';
import { PostCard } from '../../components/PostCard';
import { TagLinks } from '../../components/Tags';
import { paths } from '../../paths';

/**
 * knowledge: the knowledge base. Filter by a tag (?byTag=, spec §2; every tag on the page links there),
 * full-text search (?search=, 300 ms after the last keystroke), pages (?page=).
 */
export default function KnowledgeListPage() {
  const [query, setQuery] = useSearchParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const tag = query.get('byTag') || null;
  const search = query.get('search') ?? '';
  const page = pageFromQuery(query.get('page'));

  // What is typed goes to the URL once typing pauses; the URL drives the list (back/forward work).
  const [typed, setTyped] = React.useState(search);
  React.useEffect(() => {
    // the URL changed from outside (back, «Сбросить фильтры»): show it; our own update keeps what is typed
    setTyped((t) => (t.trim() === search.trim() ? t : search));
  }, [search]);
  const debounced = useDebounced(typed.trim(), LEARNING_SEARCH_DEBOUNCE_MS);
  React.useEffect(() => {
    if (debounced === search.trim()) return;
    setQuery(
      (q) => {
        const next = new URLSearchParams(q);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const load = useLoad(
    (signal) =>
      listKnowledge({ page, pageSize: LEARNING_PAGE_SIZE, tag, search: search.trim() || undefined, includeDrafts: canEditLearning || undefined }, { signal }),
    [page, tag, search, canEditLearning],
    { keepPrevious: true },
  );

  const withQuery = (change: (q: URLSearchParams) => void) => {
    const next = new URLSearchParams(query);
    change(next);
    const s = next.toString();
    return s ? `${paths.knowledgeList()}?${s}` : paths.knowledgeList();
  };
  const clearTag = withQuery((q) => {
    q.delete('byTag');
    q.delete('page');
  });
  const filtered = !!tag || !!search.trim();
  const tags = load.state.status === 'ready' ? load.state.data.tags : [];
  const add = canEditLearning ? (
    <Button type="primary" onClick={() => navigate(paths.articleNew())}>
      Добавить статью
    </Button>
  ) : null;

  return (
    <PageFrame title="База знаний" section="knowledge" extra={add}>
      <div className="oy-learn-toolbar">
        <Input
          type="search"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Поиск по базе знаний"
          aria-label="Поиск по базе знаний"
          className="oy-learn-search"
        />
        {tag ? (
          <div className="oy-learn-active-filter" data-testid="active-tag">
            <span>
              Тег: <strong>#{tag}</strong>
            </span>
            <Link to={clearTag} className="oy-learn-clear" aria-label={`Сбросить тег ${tag}`}>
              Сбросить ✕
            </Link>
          </div>
        ) : null}
      </div>
      {tags.length ? (
        <div className="oy-learn-filter">
          <TagLinks tags={tags} active={tag} />
        </div>
      ) : null}

      <Loaded
        load={load}
        loading={{ rows: 4 }}
        errorTitle="Не удалось загрузить базу знаний"
        isEmpty={(data) => data.items.length === 0}
        empty={
          filtered ? (
            <EmptyState text={search.trim() ? `По запросу «${search.trim()}» ничего не найдено` : `Статей с тегом «${tag}» нет`}>
              <Button onClick={() => navigate(paths.knowledgeList())}>Сбросить фильтры</Button>
            </EmptyState>
          ) : (
            <EmptyState text="Статей пока нет">{add}</EmptyState>
          )
        }
      >
        {(data, refreshing) => (
          <PagedList
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            refreshing={refreshing}
            onPage={(p) => navigate(withQuery((q) => (p > 1 ? q.set('page', String(p)) : q.delete('page'))))}
          >
            {data.items.map((a) => (
              <PostCard key={a._id} post={a} to={paths.article(a._id)} footer={<TagLinks tags={a.tags} active={tag} />} />
            ))}
          </PagedList>
        )}
      </Loaded>
    </PageFrame>
  );
}
