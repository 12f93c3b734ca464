import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicationStatus } from '@oyster/shared-kit/domain';
import { Button } from '@oyster/shared-kit/ui/base';
import { ConfirmDelete, notifySaved } from '@oyster/shared-kit/ui/screens';

/** Draft or published, in one checkbox (unchecked: a draft only editors see). */
export const PUBLISH_LABEL = 'Опубликовано — видят все пользователи';

/**
 * A post as the server leaves it after publish/unpublish: the status flips, and the first
 * publication date is set once and kept on later unpublishing.
 */
export function withPublished<T extends { status: string; publishedAt: string | null }>(post: T, published: boolean): T {
  return { ...post, status: published ? 'published' : 'draft', publishedAt: published ? (post.publishedAt ?? new Date().toISOString()) : post.publishedAt };
}

export interface PublicationTexts {
  published: string;
  unpublished: string;
  deleted: string;
  deleteQuestion: string;
}

/** What the editors' bar says for each kind of material. */
export const PUBLICATION_TEXTS: Record<'news' | 'knowledge' | 'course', PublicationTexts> = {
  news: {
    published: 'Новость опубликована',
    unpublished: 'Новость снята с публикации',
    deleted: 'Новость удалена',
    deleteQuestion: 'Удалить новость?',
  },
  knowledge: {
    published: 'Статья опубликована',
    unpublished: 'Статья снята с публикации',
    deleted: 'Статья удалена',
    deleteQuestion: 'Удалить статью?',
  },
  course: {
    published: 'Курс опубликован',
    unpublished: 'Курс снят с публикации',
    deleted: 'Курс удалён',
    deleteQuestion: 'Удалить курс со всеми уроками?',
  },
};

/**
 * Editors' bar on an item page: edit, publish / unpublish, delete (with confirmation).
 * Shown only when access(user).canEditLearning; the server checks it again.
 */
export function PublicationActions({
  status,
  editTo,
  texts,
  onSetPublished,
  onDelete,
}: {
  status: PublicationStatus;
  editTo: string;
  texts: PublicationTexts;
  onSetPublished: (published: boolean) => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState(false);
  const toggle = async () => {
    const publish = status !== 'published';
    setBusy(true);
    try {
      await onSetPublished(publish);
      notifySaved(publish ? texts.published : texts.unpublished);
    } catch {
      // the shell already showed why
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="oy-learn-actions" aria-label="Действия редактора">
      <Button onClick={() => navigate(editTo)}>Редактировать</Button>
      <Button type={status === 'published' ? 'default' : 'primary'} loading={busy} onClick={toggle}>
        {status === 'published' ? 'Снять с публикации' : 'Опубликовать'}
      </Button>
      <ConfirmDelete title={texts.deleteQuestion} doneText={texts.deleted} onConfirm={onDelete}>
        <Button danger>Удалить</Button>
      </ConfirmDelete>
    </div>
  );
}
