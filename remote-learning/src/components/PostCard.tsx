import * as React from 'react';
import { Link } from 'react-router-dom';
import type { PostItemBase } from '@oyster/shared-kit/domain';
import { AppDate } from '@oyster/shared-kit/ui';
import { DraftMark } from './Tags';

/** One news item or article in a list: cover, date, title (a link), summary, and its labels or tags. */
export function PostCard({
  post: { title, summary, publishedAt, createdAt, coverImageUrl, status },
  to,
  meta,
  footer,
}: {
  post: PostItemBase;
  to: string;
  /** Shown next to the date (a news label). */
  meta?: React.ReactNode;
  /** Shown under the summary (knowledge tags). */
  footer?: React.ReactNode;
}) {
  return (
    <article className={`oy-learn-card oy-learn-post${coverImageUrl ? ' oy-learn-post--cover' : ''}`}>
      {coverImageUrl ? (
        <Link to={to} className="oy-learn-post__cover" tabIndex={-1} aria-hidden="true">
          <img src={coverImageUrl} alt="" loading="lazy" />
        </Link>
      ) : null}
      <div className="oy-learn-post__body">
        <div className="oy-learn-meta">
          <AppDate value={publishedAt ?? createdAt} />
          {meta}
          <DraftMark status={status} />
        </div>
        <h2 className="oy-learn-post__title">
          <Link to={to}>{title}</Link>
        </h2>
        {summary ? <p className="oy-learn-post__summary">{summary}</p> : null}
        {footer}
      </div>
    </article>
  );
}
