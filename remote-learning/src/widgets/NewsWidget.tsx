import * as React from 'react';
import { Link } from 'react-router-dom';
import { HOME_LIST_SIZE } from '@oyster/shared-kit/domain/learning';
import { AppDate } from '@oyster/shared-kit/ui/parts';
import { ScreenScope, useLoad, WidgetList } from '@oyster/shared-kit/ui/screens/widgets';
import { listNews } from '../api/posts';
import { LabelLink } from '../components/Tags';
import { paths } from '../paths';
import '../styles/common.css';
import '../styles/widgets.css';

/**
 * remote_learning/NewsWidget — the 3 latest news on home (spec §2, §7: news list, pageSize 3).
 * Published news only, for every role. A failure shows in place with «Повторить» (no toast on home).
 */
export default function NewsWidget() {
  const load = useLoad((signal) => listNews({ page: 1, pageSize: HOME_LIST_SIZE }, { signal, silent: true }).then((r) => r.items), []);
  return (
    <ScreenScope name="learning">
      <WidgetList
        title="Новости"
        testId="news-widget"
        all={{ to: paths.newsList(), label: 'Все новости' }}
        listLabel="Последние новости"
        errorTitle="Не удалось загрузить новости"
        emptyText="Новостей пока нет"
        load={load}
        rows={HOME_LIST_SIZE}
      >
        {(n) => (
          <>
            <div className="oy-learn-meta">
              <AppDate value={n.publishedAt ?? n.createdAt} />
              <LabelLink label={n.label} />
            </div>
            <Link to={paths.news(n._id)} className="oy-learn-widget__title">
              {n.title}
            </Link>
            {n.summary ? <p className="oy-learn-widget__summary">{n.summary}</p> : null}
          </>
        )}
      </WidgetList>
    </ScreenScope>
  );
}
