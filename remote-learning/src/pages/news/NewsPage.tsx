import * as React from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { AppDate } from '@oyster/shared-kit/ui';
import { deleteNews, getNews, setNewsPublished } from '../../api';
import { PageFrame, useAccess, useItemPage } from '@oyster/shared-kit/ui/screens';
import { PublicationActions, withPublished } from '../../components/editing';
import { RichText } from '../../components/RichText';
import { DraftMark, LabelLink } from '../../components/Tags';
import { itemFrame } from '../../components/texts';
import { paths } from '../../paths';

const FRAME = itemFrame({ to: paths.newsList(), label: 'Все новости' });

/**
 * news/:newsId — one news item with its rich text. A missing or failing item shows the stored error
 * message in place (spec §8: errorMessage from the answer, or the thrown error's message).
 */
export default function NewsPage() {
  const { newsId = '' } = useParams();
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const page = useItemPage((signal) => getNews(newsId, signal), [newsId], FRAME);
  if (!page.ready) return page.placeholder;

  const { data: news, update } = page;
  return (
    <PageFrame title={news.title} back={FRAME.back}>
      <article className="oy-learn-panel oy-learn-article">
        <div className="oy-learn-meta">
          <AppDate value={news.publishedAt ?? news.createdAt} />
          <LabelLink label={news.label} />
          <DraftMark status={news.status} />
        </div>
        {canEditLearning ? (
          <PublicationActions
            status={news.status}
            editTo={paths.newsEdit(news._id)}
            texts={{
              published: 'Новость опубликована',
              unpublished: 'Новость снята с публикации',
              deleted: 'Новость удалена',
              deleteQuestion: 'Удалить новость?',
            }}
            onSetPublished={async (published) => {
              await setNewsPublished(news._id, published);
              update((n) => withPublished(n, published));
            }}
            onDelete={async () => {
              await deleteNews(news._id);
              navigate(paths.newsList(), { replace: true });
            }}
          />
        ) : null}
        {news.coverImageUrl ? <img className="oy-learn-article__cover" src={news.coverImageUrl} alt="" /> : null}
        {news.summary ? <p className="oy-learn-article__lead">{news.summary}</p> : null}
        <RichText html={news.body} />
      </article>
    </PageFrame>
  );
}
