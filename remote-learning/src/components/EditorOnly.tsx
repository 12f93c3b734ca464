import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@oyster/shared-kit/ui/base';
import { Result } from '@oyster/shared-kit/ui';
import { useAccess } from './session';

/** Editing screens are for copywriters and admins (access().canEditLearning); the server checks it too. */
export function EditorOnly({ children }: { children: React.ReactNode }) {
  const { canEditLearning } = useAccess();
  const navigate = useNavigate();
  if (!canEditLearning) {
    return (
      <Result
        status="403"
        title="Нет доступа"
        subTitle="Редактировать материалы могут копирайтеры и администраторы."
        extra={<Button onClick={() => navigate(-1)}>Назад</Button>}
      />
    );
  }
  return <>{children}</>;
}
