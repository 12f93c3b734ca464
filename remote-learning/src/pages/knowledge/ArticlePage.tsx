import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AppDate } from '@oyster/shared-kit/ui';
import { deleteKnowledge, getKnowledge, setKnowledgePublished } from '../../api';
import { PageFrame, useAccess, useItemPage } from '@oyster/shared-kit/ui/screens';
import { PublicationActions, withPublished } from '../../components/editing';
import { RichText } from '../../components/RichText';
import { DraftMark, TagLinks } from '../../components/Tags';
import { itemFrame } from '../../components/texts';
import { paths } from '../../paths';

const FRAME = itemFrame({ to: paths.knowledgeList(), label: 'База знаний' });

/** knowledge/:articleId — one article; its tags open the knowledge base filtered by them. */
export default function ArticlePage() {
  const { articleId = '' } = useParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const page = useItemPage((signal) => getKnowledge(articleId, signal), [articleId], FRAME);
  if (!page.ready) return page.placeholder;

  const { data: article, update } = page;
  return (
    <PageFrame title={article.title} back={FRAME.back}>
      <article className="oy-learn-panel oy-learn-article">
        <div className="oy-learn-meta">
          <AppDate value={article.publishedAt ?? article.createdAt} />
          <DraftMark status={article.status} />
        </div>
        <TagLinks tags={article.tags} />
        {canEditLearning ? (
          <PublicationActions
            status={article.status}
            editTo={paths.articleEdit(article._id)}
            texts={{
              published: 'Статья опубликована',
              unpublished: 'Статья снята с публикации',
              deleted: 'Статья удалена',
              deleteQuestion: 'Удалить статью?',
            }}
            onSetPublished={async (published) => {
              await setKnowledgePublished(article._id, published);
              update((a) => withPublished(a, published));
            }}
            onDelete={async () => {
              await deleteKnowledge(article._id);
              navigate(paths.knowledgeList(), { replace: true });
            }}
          />
        ) : null}
        {article.coverImageUrl ? <img className="oy-learn-article__cover" src={article.coverImageUrl} alt="" /> : null}
        {article.summary ? <p className="oy-learn-article__lead">{article.summary}</p> : null}
        <RichText html={article.body} />
      </article>
    </PageFrame>
  );
}
