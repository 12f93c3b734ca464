import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import type { KnowledgeDetails, NewsDetails, PostKind } from '@oyster/shared-kit/domain';
import { AppDate } from '@oyster/shared-kit/ui';
import { PageFrame, useAccess, useItemPage } from '@oyster/shared-kit/ui/screens';
import { deleteKnowledge, deleteNews, getKnowledge, getNews, setKnowledgePublished, setNewsPublished } from '../api/posts';
import { paths } from '../paths';
import { PUBLICATION_TEXTS, PublicationActions, withPublished } from './editing';
import { RichText } from './RichText';
import { DraftMark, LabelLink, TagLinks } from './Tags';
import { itemFrame } from './texts';

const KINDS = {
  news: {
    frame: itemFrame({ to: paths.newsList(), label: 'Все новости' }),
    load: getNews as (id: string, signal: AbortSignal) => Promise<NewsDetails | KnowledgeDetails>,
    setPublished: setNewsPublished,
    remove: deleteNews,
    editPath: paths.newsEdit,
  },
  knowledge: {
    frame: itemFrame({ to: paths.knowledgeList(), label: 'База знаний' }),
    load: getKnowledge as (id: string, signal: AbortSignal) => Promise<NewsDetails | KnowledgeDetails>,
    setPublished: setKnowledgePublished,
    remove: deleteKnowledge,
    editPath: paths.articleEdit,
  },
} as const;

/**
 * One news item (news/:newsId) or knowledge article (knowledge/:articleId) with its rich text; a news
 * label or an article's tags open the list filtered by them. A missing or failing item shows the stored
 * error message in place (spec §8: errorMessage from the answer, or the thrown error's message).
 */
export function PostPage({ kind, id }: { kind: PostKind; id: string }) {
  const k = KINDS[kind];
  const navigate = useNavigate();
  const { canEditLearning } = useAccess();
  const page = useItemPage((signal) => k.load(id, signal), [kind, id], k.frame);
  if (!page.ready) return page.placeholder;

  const { data: post, update } = page;
  return (
    <PageFrame title={post.title} back={k.frame.back}>
      <article className="oy-learn-panel oy-learn-article">
        <div className="oy-learn-meta">
          <AppDate value={post.publishedAt ?? post.createdAt} />
          {kind === 'news' ? <LabelLink label={(post as NewsDetails).label} /> : null}
          <DraftMark status={post.status} />
        </div>
        {kind === 'knowledge' ? <TagLinks tags={(post as KnowledgeDetails).tags} /> : null}
        {canEditLearning ? (
          <PublicationActions
            status={post.status}
            editTo={k.editPath(post._id)}
            texts={PUBLICATION_TEXTS[kind]}
            onSetPublished={async (published) => {
              await k.setPublished(post._id, published);
              update((p) => withPublished(p, published));
            }}
            onDelete={async () => {
              await k.remove(post._id);
              navigate(k.frame.back.to, { replace: true });
            }}
          />
        ) : null}
        {post.coverImageUrl ? <img className="oy-learn-article__cover" src={post.coverImageUrl} alt="" /> : null}
        {post.summary ? <p className="oy-learn-article__lead">{post.summary}</p> : null}
        <RichText html={post.body} />
      </article>
    </PageFrame>
  );
}
