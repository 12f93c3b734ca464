import * as React from 'react';
import { Link } from 'react-router-dom';
import { HOME_LIST_SIZE } from '@oyster/shared-kit/domain';
import { SectionTitle } from '@oyster/shared-kit/ui';
import { listKnowledge } from '../api';
import { EmptyState, ErrorState, LoadingBlock } from '../components/states';
import { TagLinks } from '../components/Tags';
import { useLoad } from '../components/useLoad';
import { paths } from '../paths';
import '../styles/common.css';
import '../styles/widgets.css';

/**
 * remote_learning/KnowledgeWidget — 3 knowledge articles on home (spec §2, §7: knowledge list, pageSize 3).
 * Their tags open the knowledge base filtered by the tag.
 */
export default function KnowledgeWidget() {
  const { state, reload } = useLoad((signal) => listKnowledge({ page: 1, pageSize: HOME_LIST_SIZE }, { signal, silent: true }), []);
  return (
    <section className="oy-learn-widget" aria-label="База знаний" data-testid="knowledge-widget">
      <SectionTitle level={3} extra={<Link to={paths.knowledgeList()} className="oy-learn-link">Вся база знаний</Link>}>
        База знаний
      </SectionTitle>
      {state.status === 'loading' ? (
        <LoadingBlock rows={HOME_LIST_SIZE} variant="compact" />
      ) : state.status === 'error' ? (
        <ErrorState compact title="Не удалось загрузить базу знаний" onRetry={reload} />
      ) : state.data.items.length === 0 ? (
        <EmptyState text="Статей пока нет" />
      ) : (
        <ul className="oy-learn-widget__list" aria-label="Статьи базы знаний">
          {state.data.items.map((a) => (
            <li key={a._id} className="oy-learn-widget__item">
              <Link to={paths.article(a._id)} className="oy-learn-widget__title">
                {a.title}
              </Link>
              {a.summary ? <p className="oy-learn-widget__summary">{a.summary}</p> : null}
              <TagLinks tags={a.tags} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
