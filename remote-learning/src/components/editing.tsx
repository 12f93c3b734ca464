import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicationStatus } from '@oyster/shared-kit/domain';
import { getRuntime } from '@oyster/shared-kit/runtime';
import { Button } from '@oyster/shared-kit/ui/base';
import { Modal } from '@oyster/shared-kit/ui';

/** Draft or published, in one checkbox (unchecked: a draft only editors see). */
export const PUBLISH_LABEL = 'Опубликовано — видят все пользователи';

/** A success toast (failures already got the shell's §8 toast). */
export function notifySaved(body: string): void {
  getRuntime().toasts.show({ type: 'success', body });
}

/**
 * Asks before deleting in a confirm dialog with the house buttons «Отмена» / «Да» (spec §4); the child
 * (a button) opens it. «Да» waits for `onConfirm`; a failure keeps nothing open (the shell told why).
 */
export function ConfirmDelete({
  title,
  description,
  onConfirm,
  children,
}: {
  title: string;
  description?: string;
  onConfirm: () => Promise<unknown> | void;
  children: React.ReactElement<{ onClick?: (e: React.MouseEvent) => void }>;
}) {
  const [modal, holder] = Modal.useModal();
  const open = () =>
    modal.confirm({
      title,
      content: description,
      okText: 'Да',
      cancelText: 'Отмена',
      okButtonProps: { danger: true },
      focusable: { autoFocusButton: 'cancel' },
      onOk: async () => {
        try {
          await onConfirm();
        } catch {
          // the shell already showed why
        }
      },
    });
  return (
    <>
      {React.cloneElement(children, { onClick: open })}
      {holder}
    </>
  );
}

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
      <ConfirmDelete
        title={texts.deleteQuestion}
        onConfirm={async () => {
          await onDelete();
          notifySaved(texts.deleted);
        }}
      >
        <Button danger>Удалить</Button>
      </ConfirmDelete>
    </div>
  );
}
