import * as React from 'react';
import { Link } from 'react-router-dom';
import { PUBLICATION_STATUS_TITLES, type PublicationStatus } from '@oyster/shared-kit/domain/learning';
import { paths } from '../paths';

/** Knowledge tags: each opens the knowledge base filtered by it (knowledge?byTag=…). */
export function TagLinks({ tags, active }: { tags: string[]; active?: string | null }) {
  if (!tags.length) return null;
  return (
    <ul className="oy-learn-tags" aria-label="Теги">
      {tags.map((t) => (
        <li key={t}>
          <Link
            to={paths.knowledgeByTag(t)}
            className={`oy-learn-tag${t === active ? ' oy-learn-tag--active' : ''}`}
            aria-current={t === active ? 'true' : undefined}
          >
            #{t}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A news label: opens the news list filtered by it. */
export function LabelLink({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <Link to={paths.newsList({ label })} className="oy-learn-label">
      {label}
    </Link>
  );
}

/** Editors see which items are drafts; readers never get drafts. */
export function DraftMark({ status }: { status: PublicationStatus }) {
  if (status !== 'draft') return null;
  return <span className="oy-learn-draft">{PUBLICATION_STATUS_TITLES.draft}</span>;
}
