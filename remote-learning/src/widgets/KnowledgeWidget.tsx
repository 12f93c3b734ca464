import * as React from 'react';
import { Link } from 'react-router-dom';
import { HOME_LIST_SIZE } from '@oyster/shared-kit/domain/learning';
import { ScreenScope, useLoad, WidgetList } from '@oyster/shared-kit/ui/screens/widgets';
import { listKnowledge } from '../api/posts';
import { TagLinks } from '../components/Tags';
import { paths } from '../paths';
import '../styles/common.css';
import '../styles/widgets.css';

/**
 * remote_learning/KnowledgeWidget — 3 knowledge articles on home (spec §2, §7: knowledge list, pageSize 3).
 * Their tags open the knowledge base filtered by the tag.
 */
export default function KnowledgeWidget() {
  const load = useLoad((signal) => listKnowledge({ page: 1, pageSize: HOME_LIST_SIZE }, { signal, silent: true }).then((r) => r.items), []);
  return (
    <ScreenScope name="learning">
      <WidgetList
        title="База знаний"
        testId="knowledge-widget"
        all={{ to: paths.knowledgeList(), label: 'Вся база знаний' }}
        listLabel="Статьи базы знаний"
        errorTitle="Не удалось загрузить базу знаний"
        emptyText="Статей пока нет"
        load={load}
        rows={HOME_LIST_SIZE}
      >
        {(a) => (
          <>
            <Link to={paths.article(a._id)} className="oy-learn-widget__title">
              {a.title}
            </Link>
            {a.summary ? <p className="oy-learn-widget__summary">{a.summary}</p> : null}
            <TagLinks tags={a.tags} />
          </>
        )}
      </WidgetList>
    </ScreenScope>
  );
}
