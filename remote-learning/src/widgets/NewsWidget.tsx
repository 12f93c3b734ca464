import * as React from 'react';
import { Link } from 'react-router-dom';
import { HOME_LIST_SIZE } from '@oyster/shared-kit/domain';
import { AppDate, SectionTitle } from '@oyster/shared-kit/ui';
import { listNews } from '../api';
import { EmptyState, ErrorState, LoadingBlock } from '../components/states';
import { LabelLink } from '../components/Tags';
import { useLoad } from '../components/useLoad';
import { paths } from '../paths';
import '../styles/common.css';
import '../styles/widgets.css';

/**
 * remote_learning/NewsWidget — the 3 latest news on home (spec §2, §7: news list, pageSize 3).
 * Published news only, for every role. A failure shows in place with «Повторить» (no toast on home).
 */
export default function NewsWidget() {
  const { state, reload } = useLoad((signal) => listNews({ page: 1, pageSize: HOME_LIST_SIZE }, { signal, silent: true }), []);
  return (
    <section className="oy-learn-widget" aria-label="Новости" data-testid="news-widget">
      <SectionTitle level={3} extra={<Link to={paths.newsList()} className="oy-learn-link">Все новости</Link>}>
        Новости
      </SectionTitle>
      {state.status === 'loading' ? (
        <LoadingBlock rows={HOME_LIST_SIZE} variant="compact" />
      ) : state.status === 'error' ? (
        <ErrorState compact title="Не удалось загрузить новости" onRetry={reload} />
      ) : state.data.items.length === 0 ? (
        <EmptyState text="Новостей пока нет" />
      ) : (
        <ul className="oy-learn-widget__list" aria-label="Последние новости">
          {state.data.items.map((n) => (
            <li key={n._id} className="oy-learn-widget__item">
              <div className="oy-learn-meta">
                <AppDate value={n.publishedAt ?? n.createdAt} />
                <LabelLink label={n.label} />
              </div>
              <Link to={paths.news(n._id)} className="oy-learn-widget__title">
                {n.title}
              </Link>
              {n.summary ? <p className="oy-learn-widget__summary">{n.summary}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
